using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF014UseBinaryPrimitivesTests
{
    private const string Header = "using System;\n\n";

    private static RuleTest Test(string source, string? fixedSource = null, TestReferences references = TestReferences.Net80) =>
        RuleTest.Create(new PERF014UseBinaryPrimitivesAnalyzer(), new PERF014UseBinaryPrimitivesCodeFix(), source, fixedSource, references);

    private static string Wrap(string usings, string members) => Header.TrimEnd('\n') + "\n" + usings + "\n" + "static class C\n{\n" + members + "\n}\n";

    /// <summary>Each hand-written tree, its result type, and exactly what the fix writes.</summary>
    public static TheoryData<string, string, string> Trees => new()
    {
        { "int", "(b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]", "BinaryPrimitives.ReadInt32BigEndian(b.AsSpan(i))" },
        { "int", "b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)", "BinaryPrimitives.ReadInt32LittleEndian(b.AsSpan(i))" },
        { "uint", "((uint)b[i] << 24) | ((uint)b[i + 1] << 16) | ((uint)b[i + 2] << 8) | b[i + 3]", "BinaryPrimitives.ReadUInt32BigEndian(b.AsSpan(i))" },
        { "int", "(b[i] << 8) | b[i + 1]", "BinaryPrimitives.ReadUInt16BigEndian(b.AsSpan(i))" },
        { "int", "b[i + 2] + (b[i + 3] << 8)", "BinaryPrimitives.ReadUInt16LittleEndian(b.AsSpan(i + 2))" },
        { "long", "((long)b[i] << 56) | ((long)b[i + 1] << 48) | ((long)b[i + 2] << 40) | ((long)b[i + 3] << 32) | ((long)b[i + 4] << 24) | ((long)b[i + 5] << 16) | ((long)b[i + 6] << 8) | b[i + 7]", "BinaryPrimitives.ReadInt64BigEndian(b.AsSpan(i))" },
        { "ulong", "b[i] | ((ulong)b[i + 1] << 8) | ((ulong)b[i + 2] << 16) | ((ulong)b[i + 3] << 24) | ((ulong)b[i + 4] << 32) | ((ulong)b[i + 5] << 40) | ((ulong)b[i + 6] << 48) | ((ulong)b[i + 7] << 56)", "BinaryPrimitives.ReadUInt64LittleEndian(b.AsSpan(i))" },
        { "long", "((long)b[i] << 24) | ((long)b[i + 1] << 16) | ((long)b[i + 2] << 8) | b[i + 3]", "BinaryPrimitives.ReadUInt32BigEndian(b.AsSpan(i))" },
        { "int", "(b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]", "BinaryPrimitives.ReadInt32BigEndian(b.AsSpan(0))" },
    };

    // ---- Flagged shapes and the fix (which adds the using) ----

    [Theory]
    [MemberData(nameof(Trees))]
    public Task Array_trees_become_binary_primitives(string type, string tree, string call) => Test(
            Wrap("", $"    static {type} Read(byte[] b, int i) => [|{tree}|];"),
            Wrap("using System.Buffers.Binary;\n", $"    static {type} Read(byte[] b, int i) => {call};"))
        .RunAsync();

    [Fact]
    public Task Span_sources_use_slice() => Test(
            Wrap("", "    static int Read(ReadOnlySpan<byte> s, int i) => [|(s[i] << 24) | (s[i + 1] << 16) | (s[i + 2] << 8) | s[i + 3]|];"),
            Wrap("using System.Buffers.Binary;\n", "    static int Read(ReadOnlySpan<byte> s, int i) => BinaryPrimitives.ReadInt32BigEndian(s.Slice(i));"))
        .RunAsync();

    [Fact]
    public Task Fix_adds_using_System_for_AsSpan_when_missing() => Test(
            "static class C\n{\n    static int Read(byte[] b, int i) => [|(b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]|];\n}\n",
            "using System;\nusing System.Buffers.Binary;\n\nstatic class C\n{\n    static int Read(byte[] b, int i) => BinaryPrimitives.ReadInt32BigEndian(b.AsSpan(i));\n}\n")
        .RunAsync();

    // ---- The fix keeps the exact value: both forms compiled and run on edge-case bytes ----

    [Theory]
    [MemberData(nameof(Trees))]
    public void Both_forms_compute_the_same_value(string type, string tree, string call)
    {
        var source = "using System;\nusing System.Buffers.Binary;\n\npublic static class P\n{\n" +
                     $"    public static {type} Before(byte[] b, int i) => {tree};\n" +
                     $"    public static {type} After(byte[] b, int i) => {call};\n}}\n";
        var compilation = CSharpCompilation.Create(
            "Values" + Guid.NewGuid().ToString("N"),
            new[] { CSharpSyntaxTree.ParseText(source) },
            TestCompilations.References(TestReferences.Net80),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        using var stream = new MemoryStream();
        var emit = compilation.Emit(stream);
        Assert.True(emit.Success, string.Join("\n", emit.Diagnostics));
        var context = new AssemblyLoadContext("values", isCollectible: true);
        try
        {
            stream.Position = 0;
            var p = context.LoadFromStream(stream).GetType("P")!;
            var before = p.GetMethod("Before")!;
            var after = p.GetMethod("After")!;
            var data = new[]
            {
                new byte[] { 0x80, 0x00, 0x00, 0x01, 0xFF, 0xFE, 0x7F, 0x80, 0x12, 0x34 },
                new byte[] { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF },
                new byte[] { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 },
                new byte[] { 0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xF0, 0x0F },
            };
            foreach (var bytes in data)
            {
                foreach (var i in new[] { 0, 1, 2 })
                {
                    Assert.Equal(before.Invoke(null, new object[] { bytes, i }), after.Invoke(null, new object[] { bytes, i }));
                }
            }
        }
        finally
        {
            context.Unload();
        }
    }

    // ---- Must not flag ----

    [Fact]
    public Task Lookalikes_are_not_flagged() => Test(Wrap("", """
            static int Gap(byte[] b, int i) => (b[i] << 24) | (b[i + 1] << 16) | (b[i + 3] << 8) | b[i + 4];
            static int Three(byte[] b, int i) => (b[i] << 16) | (b[i + 1] << 8) | b[i + 2];
            static int Mixed(byte[] b, byte[] c, int i) => (b[i] << 8) | c[i + 1];
            static int Order(byte[] b, int i) => (b[i] << 8) | (b[i + 1] << 16);
            static int Signed(sbyte[] b, int i) => (b[i] << 8) | b[i + 1];
            static int Chars(char[] b, int i) => (b[i] << 8) | b[i + 1];
            static long Wide(byte[] b, int i) => (b[i] << 56) | (b[i + 1] << 48) | (b[i + 2] << 40) | (b[i + 3] << 32) | (b[i + 4] << 24) | (b[i + 5] << 16) | (b[i + 6] << 8) | b[i + 7];
            static long SignExtended(byte[] b, int i) => (long)((b[i] << 24) | (b[i + 1] << 16)) << 0 | 0;
            static int Call(int i) => (Get()[i] << 8) | Get()[i + 1];
            static byte[] Get() => new byte[2];
            static int Other(byte[] b, int i) => (b[i] << 8) | b[i + 1] | 0x80;
            static int Xor(byte[] b, int i) => (b[i] << 8) ^ b[i + 1];
            static int DifferentIndex(byte[] b, int i, int j) => (b[i] << 8) | b[j + 1];
        """)).RunAsync();

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task Targets_without_binary_primitives_are_silent(TestReferences references) => Test(
        Wrap("", "    static int Read(byte[] b, int i) => (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3];"), references: references).RunAsync();

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest(new PERF014UseBinaryPrimitivesAnalyzer(), new PERF014UseBinaryPrimitivesCodeFix())
    {
        Sources =
        {
            Wrap("", """
                     static int A(byte[] b, int i) => (b[i] << 24) | (b[i + 1] << ) | b[i + 3];
                     static int B(Missing b, int i) => (b[i] << 8) | b[i + 1];
                     static int D(byte[] b, int i) => [|(b[i] << 8) | b[i + 1]|]
             """),
        },
        AllowCompilerErrors = true,
    }.RunAsync();
}
