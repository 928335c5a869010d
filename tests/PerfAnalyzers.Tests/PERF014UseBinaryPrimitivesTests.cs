using System;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF014UseBinaryPrimitivesTests : RuleTests<PERF014UseBinaryPrimitivesAnalyzer, PERF014UseBinaryPrimitivesCodeFix>
{
    private const string Header = "using System;\n\n";

    private static string Wrap(string usings, string members) => Header.TrimEnd('\n') + "\n" + usings + "\n" + "static class C\n{\n" + members + "\n}\n";

    /// <summary>Each hand-written tree, its result type, and exactly what the fix writes.</summary>
    /// <summary>Trees cast at once to an integer of their width, and the exact read the fix writes for the cast and the tree.</summary>
    public static TheoryData<string, string, string> CastTrees => new()
    {
        { "uint", "(uint)(b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24))", "BinaryPrimitives.ReadUInt32LittleEndian(b.AsSpan(i))" },
        { "short", "(short)(b[i] | (b[i + 1] << 8))", "BinaryPrimitives.ReadInt16LittleEndian(b.AsSpan(i))" },
        { "short", "(short)((b[i] << 8) | b[i + 1])", "BinaryPrimitives.ReadInt16BigEndian(b.AsSpan(i))" },
        { "int", "(int)(((uint)b[i] << 24) | ((uint)b[i + 1] << 16) | ((uint)b[i + 2] << 8) | b[i + 3])", "BinaryPrimitives.ReadInt32BigEndian(b.AsSpan(i))" },
    };

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
        { "int", "(b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]", "BinaryPrimitives.ReadInt32BigEndian(b)" },
        { "int", "b[i + 0] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)", "BinaryPrimitives.ReadInt32LittleEndian(b.AsSpan(i))" },
    };

    // ---- Flagged shapes and the fix (which adds the using) ----

    [Theory]
    [MemberData(nameof(Trees))]
    public Task Array_trees_become_binary_primitives(string type, string tree, string call) => Test(
            Wrap("", $"    static {type} Read(byte[] b, int i) => [|{tree}|];"),
            Wrap("using System.Buffers.Binary;\n", $"    static {type} Read(byte[] b, int i) => {call};"))
        .RunAsync();

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Span_sources_use_slice(LanguageVersion version) => Languages.At(version, () => Test(
                Wrap("", "    static int Read(ReadOnlySpan<byte> s, int i) => [|(s[i] << 24) | (s[i + 1] << 16) | (s[i + 2] << 8) | s[i + 3]|];"),
                Wrap("using System.Buffers.Binary;\n", "    static int Read(ReadOnlySpan<byte> s, int i) => BinaryPrimitives.ReadInt32BigEndian(s.Slice(i));"))
            .RunAsync());

    /// <summary>
    /// The call needs no parentheses, and a cast to its own type goes with them (SharpZipLib's key setup); a cast of the
    /// tree to an integer of the read's width picks the exact read ('(uint)(...)' reads UInt32, '(short)(...)' Int16), but
    /// not a checked one, which can throw where the read does not.
    /// </summary>
    [Fact]
    public Task Parentheses_and_a_cast_to_the_calls_type_go() => Test(
            Wrap("", """
                    static ushort A(byte[] b) => (ushort)([|(b[0] << 8) | b[1]|]);
                    static uint B(byte[] b) => (uint)([|(b[3] << 24) | (b[2] << 16) | (b[1] << 8) | b[0]|]);
                    static int D(byte[] b) => ([|(b[0] << 8) | b[1]|]);
                    static short S(byte[] b) => (short)([|b[0] | (b[1] << 8)|]);
                    static int Checked(byte[] b) => checked((int)([|((uint)b[0] << 24) | ((uint)b[1] << 16) | ((uint)b[2] << 8) | b[3]|]));
                """),
            Wrap("using System.Buffers.Binary;\n", """
                    static ushort A(byte[] b) => BinaryPrimitives.ReadUInt16BigEndian(b);
                    static uint B(byte[] b) => BinaryPrimitives.ReadUInt32LittleEndian(b);
                    static int D(byte[] b) => BinaryPrimitives.ReadUInt16BigEndian(b);
                    static short S(byte[] b) => BinaryPrimitives.ReadInt16LittleEndian(b);
                    static int Checked(byte[] b) => checked((int)BinaryPrimitives.ReadUInt32BigEndian(b));
                """))
        .RunAsync();

    /// <summary>A read that is one operand of a larger sum is found inside it (only the top of a chain was read before).</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task A_read_inside_a_larger_sum_is_flagged(LanguageVersion version) => Languages.At(version, () => Test(
                Wrap("", """
                        static int Sum(byte[] b, int i, int sum) => sum + ([|(b[i] << 8) | b[i + 1]|]);
                        static long Mixed(byte[] b, int x) => x * 3 + ([|b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)|]);
                        static int Gap(byte[] b, int sum) => sum + ((b[0] << 8) | b[2]);
                        static int Precedence(byte[] b, int i, int sum) => sum + (b[i] << 8) | b[i + 1];
                        static int Flag(byte[] b, int i) => [|(b[i] << 8) | b[i + 1]|] | 0x80;
                    """),
                Wrap("using System.Buffers.Binary;\n", """
                        static int Sum(byte[] b, int i, int sum) => sum + BinaryPrimitives.ReadUInt16BigEndian(b.AsSpan(i));
                        static long Mixed(byte[] b, int x) => x * 3 + BinaryPrimitives.ReadInt32LittleEndian(b);
                        static int Gap(byte[] b, int sum) => sum + ((b[0] << 8) | b[2]);
                        static int Precedence(byte[] b, int i, int sum) => sum + (b[i] << 8) | b[i + 1];
                        static int Flag(byte[] b, int i) => BinaryPrimitives.ReadUInt16BigEndian(b.AsSpan(i)) | 0x80;
                    """))
            .RunAsync());

    [Fact]
    public Task Fix_adds_using_System_for_AsSpan_when_missing() => Test(
            "static class C\n{\n    static int Read(byte[] b, int i) => [|(b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]|];\n}\n",
            "using System;\nusing System.Buffers.Binary;\n\nstatic class C\n{\n    static int Read(byte[] b, int i) => BinaryPrimitives.ReadInt32BigEndian(b.AsSpan(i));\n}\n")
        .RunAsync();

    // ---- The fix keeps the exact value: both forms compiled and run on edge-case bytes ----

    [Theory]
    [MemberData(nameof(Trees))]
    [MemberData(nameof(CastTrees))]
    public void Both_forms_compute_the_same_value(string type, string tree, string call)
    {
        var source = "using System;\nusing System.Buffers.Binary;\n\npublic static class P\n{\n" +
                     $"    public static {type} Before(byte[] b, int i) => {tree};\n" +
                     $"    public static {type} After(byte[] b, int i) => {call};\n}}\n";
        using var code = LoadedCode.Compile(source);
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
                Assert.Equal(code.Invoke("Before", bytes, i), code.Invoke("After", bytes, i));
            }
        }
    }

    // ---- Multi-targeted projects: BinaryPrimitives is .NET Core 2.1+ / .NET Standard 2.1 ----

    [Fact]
    public Task Other_legs_without_binary_primitives_keep_the_shifts_and_the_using_behind_if() => Test(
            Wrap("", "    static int Read(byte[] b, int i) => [|(b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]|];"),
            Header.TrimEnd('\n') + "\n#if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER\nusing System.Buffers.Binary;\n#endif\n\n" +
            "static class C\n{\n" +
            "#if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER\n" +
            "    static int Read(byte[] b, int i) => BinaryPrimitives.ReadInt32BigEndian(b.AsSpan(i));\n" +
            "#else\n" +
            "    static int Read(byte[] b, int i) => (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3];\n" +
            "#endif\n}\n",
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    [Fact]
    public Task All_legs_option_is_silent_where_a_leg_lacks_binary_primitives()
    {
        var test = Test(
                Wrap("", "    static int Read(byte[] b, int i) => (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3];"),
                references: TestReferences.Net100)
            .WithTargetFrameworks("net472;net10.0", current: "net10.0");
        test.Options["perf_analyzers.multi_targeting"] = "all_legs";
        return test.RunAsync();
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
            static int Other(byte[] b, int i) => b[i + 1] | 0x80 | (b[i] << 8);
            static int Xor(byte[] b, int i) => (b[i] << 8) ^ b[i + 1];
            static int DifferentIndex(byte[] b, int i, int j) => (b[i] << 8) | b[j + 1];
        """)).RunAsync();

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task Targets_without_binary_primitives_are_silent(TestReferences references) => Test(
        Wrap("", "    static int Read(byte[] b, int i) => (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3];"), references: references).RunAsync();

    // ---- Writes: byte-by-byte stores → BinaryPrimitives.Write… ----

    /// <summary>Each value type, the stores, and exactly the call the fix writes.</summary>
    public static TheoryData<string, string, string> Writes => new()
    {
        { "int", "b[i] = (byte)(v >> 24); b[i + 1] = (byte)(v >> 16); b[i + 2] = (byte)(v >> 8); b[i + 3] = (byte)v;", "BinaryPrimitives.WriteInt32BigEndian(b.AsSpan(i), v);" },
        { "uint", "b[i] = (byte)(v & 0xFF); b[i + 1] = (byte)((v >> 8) & 0xFF); b[i + 2] = (byte)((v >> 16) & 0xFF); b[i + 3] = (byte)(v >> 24);", "BinaryPrimitives.WriteUInt32LittleEndian(b.AsSpan(i), v);" },
        { "ushort", "b[i] = (byte)(v >> 8); b[i + 1] = (byte)v;", "BinaryPrimitives.WriteUInt16BigEndian(b.AsSpan(i), v);" },
        { "short", "b[i + 1] = (byte)(v >> 8); b[i] = (byte)v;", "BinaryPrimitives.WriteInt16LittleEndian(b.AsSpan(i), v);" },
        { "long", "b[i] = (byte)(v >> 56); b[i + 1] = (byte)(v >> 48); b[i + 2] = (byte)(v >> 40); b[i + 3] = (byte)(v >> 32); b[i + 4] = (byte)(v >> 24); b[i + 5] = (byte)(v >> 16); b[i + 6] = (byte)(v >> 8); b[i + 7] = (byte)v;", "BinaryPrimitives.WriteInt64BigEndian(b.AsSpan(i), v);" },
        { "ulong", "b[i] = (byte)v; b[i + 1] = (byte)(v >>> 8); b[i + 2] = (byte)(v >>> 16); b[i + 3] = (byte)(v >>> 24); b[i + 4] = (byte)(v >>> 32); b[i + 5] = (byte)(v >>> 40); b[i + 6] = (byte)(v >>> 48); b[i + 7] = (byte)(v >>> 56);", "BinaryPrimitives.WriteUInt64LittleEndian(b.AsSpan(i), v);" },
    };

    private static string Statements(string statements) => string.Join("\n", statements.Split("; ").Select(st => "        " + st.TrimEnd(';') + ";"));

    [Theory]
    [MemberData(nameof(Writes))]
    public Task Byte_stores_become_one_write(string type, string stores, string call) => Test(
            Wrap("", $"    static void Put(byte[] b, int i, {type} v)\n    {{\n        [|{Statements(stores).TrimStart()}|]\n    }}"),
            Wrap("using System.Buffers.Binary;\n", $"    static void Put(byte[] b, int i, {type} v)\n    {{\n        {call}\n    }}"))
        .RunAsync();

    /// <summary>
    /// Runs are found from their first store (no callback per block): two runs back to back are two findings, a store of
    /// another value just before a run does not hide it, and a run inside a nested block is found there.
    /// </summary>
    [Fact]
    public Task Runs_side_by_side_are_each_found_from_their_first_store() => Test(
            Wrap("", """
                     static void Put(byte[] b, byte[] c, short v, short w, bool more)
                     {
                         b[9] = (byte)w;
                         [|b[0] = (byte)(v >> 8);
                         b[1] = (byte)v;|]
                         [|c[0] = (byte)(w >> 8);
                         c[1] = (byte)w;|]
                         if (more)
                         {
                             [|b[2] = (byte)(w >> 8);
                             b[3] = (byte)w;|]
                         }
                     }
                 """),
            Wrap("using System.Buffers.Binary;\n", """
                     static void Put(byte[] b, byte[] c, short v, short w, bool more)
                     {
                         b[9] = (byte)w;
                         BinaryPrimitives.WriteInt16BigEndian(b, v);
                         BinaryPrimitives.WriteInt16BigEndian(c, w);
                         if (more)
                         {
                             BinaryPrimitives.WriteInt16BigEndian(b.AsSpan(2), w);
                         }
                     }
                 """))
        .RunAsync();

    [Fact]
    public Task Span_stores_use_slice_and_the_statements_around_stay() => Test(
            Wrap("", """
                     static int Put(Span<byte> s, int v)
                     {
                         s[0] = 1;
                         [|s[1] = (byte)(v >> 24);
                         s[2] = (byte)(v >> 16);
                         s[3] = (byte)(v >> 8);
                         s[4] = (byte)v;|]
                         return 5;
                     }
                 """),
            Wrap("using System.Buffers.Binary;\n", """
                     static int Put(Span<byte> s, int v)
                     {
                         s[0] = 1;
                         BinaryPrimitives.WriteInt32BigEndian(s.Slice(1), v);
                         return 5;
                     }
                 """))
        .RunAsync();

    [Fact]
    public Task From_index_zero_the_buffer_itself_is_passed() => Test(
            "static class C\n{\n    static void Put(System.Span<byte> s, ushort v)\n    {\n        [|s[1] = (byte)v;\n        s[0] = (byte)(v >> 8);|]\n    }\n\n    static int Get(byte[] b) => [|b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24|];\n}\n",
            "using System.Buffers.Binary;\n\nstatic class C\n{\n    static void Put(System.Span<byte> s, ushort v)\n    {\n        BinaryPrimitives.WriteUInt16BigEndian(s, v);\n    }\n\n    static int Get(byte[] b) => BinaryPrimitives.ReadInt32LittleEndian(b);\n}\n")
        .RunAsync();

    [Theory]
    [MemberData(nameof(Writes))]
    public void Both_write_forms_store_the_same_bytes(string type, string stores, string call)
    {
        var source = "using System;\nusing System.Buffers.Binary;\n\npublic static class P\n{\n" +
                     $"    public static byte[] Before({type} v) {{ var b = new byte[12]; var i = 2; {stores} return b; }}\n" +
                     $"    public static byte[] After({type} v) {{ var b = new byte[12]; var i = 2; {call} return b; }}\n}}\n";
        RunBoth(source, type switch
        {
            "int" => new object[] { 0, -1, int.MinValue, 0x12345678, 0x7F80FF01 },
            "uint" => new object[] { 0u, uint.MaxValue, 0x80000000u, 0x12345678u },
            "ushort" => new object[] { (ushort)0, (ushort)0x8001, ushort.MaxValue },
            "short" => new object[] { (short)0, (short)-1, short.MinValue, (short)0x1280 },
            "long" => new object[] { 0L, -1L, long.MinValue, 0x0123456789ABCDEFL },
            _ => new object[] { 0UL, ulong.MaxValue, 0x8000000000000001UL },
        });
    }

    // ---- Byte swaps → BinaryPrimitives.ReverseEndianness ----

    public static TheoryData<string, string> Swaps => new()
    {
        { "uint", "(x >> 24) | ((x >> 8) & 0xFF00) | ((x << 8) & 0xFF0000) | (x << 24)" },
        { "uint", "((x & 0xFF) << 24) | ((x & 0xFF00) << 8) | ((x >> 8) & 0xFF00) | (x >> 24)" },
        { "int", "(x << 24) | ((x & 0xFF00) << 8) | ((x >> 8) & 0xFF00) | ((x >> 24) & 0xFF)" },
        { "ushort", "(ushort)((x >> 8) | (x << 8))" },
        { "short", "(short)(((x >> 8) & 0xFF) | (x << 8))" },
        { "ulong", "(x >> 56) | ((x >> 40) & 0xFF00) | ((x >> 24) & 0xFF0000) | ((x >> 8) & 0xFF000000) | ((x << 8) & 0xFF00000000) | ((x << 24) & 0xFF0000000000) | ((x << 40) & 0xFF000000000000) | (x << 56)" },
    };

    [Theory]
    [MemberData(nameof(Swaps))]
    public Task Hand_written_swaps_become_ReverseEndianness(string type, string swap) => Test(
            Wrap("", $"    static {type} Swap({type} x) => [|{swap}|];"),
            Wrap("using System.Buffers.Binary;\n", $"    static {type} Swap({type} x) => BinaryPrimitives.ReverseEndianness(x);"))
        .RunAsync();

    [Theory]
    [MemberData(nameof(Swaps))]
    public void Both_swap_forms_compute_the_same_value(string type, string swap)
    {
        var source = "using System;\nusing System.Buffers.Binary;\n\npublic static class P\n{\n" +
                     $"    public static {type} Before({type} x) => {swap};\n" +
                     $"    public static {type} After({type} x) => BinaryPrimitives.ReverseEndianness(x);\n}}\n";
        RunBoth(source, type switch
        {
            "int" => new object[] { 0, -1, int.MinValue, 0x12345678, 0x7F80FF01, -0x12345678 },
            "uint" => new object[] { 0u, uint.MaxValue, 0x80000000u, 0x12345678u },
            "ushort" => new object[] { (ushort)0, (ushort)0x8001, ushort.MaxValue, (ushort)0x1234 },
            "short" => new object[] { (short)0, (short)-1, short.MinValue, (short)0x1280, (short)-2 },
            _ => new object[] { 0UL, ulong.MaxValue, 0x8000000000000001UL, 0x0123456789ABCDEFUL },
        });
    }

    // ---- BitConverter.GetBytes + Array.Reverse + BitConverter.ToInt32 → ReverseEndianness ----

    [Fact]
    public Task BitConverter_round_trip_becomes_ReverseEndianness() => Test(
            Wrap("", """
                     static int Swap(int x)
                     {
                         // to the other byte order
                         var bytes = {|PERF014:BitConverter.GetBytes(x)|};
                         Array.Reverse(bytes);
                         return BitConverter.ToInt32(bytes, 0);
                     }

                     static long ToBig(long x)
                     {
                         byte[] bytes = {|PERF014:BitConverter.GetBytes(x)|};
                         if (BitConverter.IsLittleEndian)
                         {
                             Array.Reverse(bytes);
                         }

                         var big = BitConverter.ToInt64(bytes, 0);
                         return big + 1;
                     }
                 """),
            Wrap("using System.Buffers.Binary;\n", """
                     static int Swap(int x)
                     {
                         // to the other byte order
                         return BinaryPrimitives.ReverseEndianness(x);
                     }

                     static long ToBig(long x)
                     {
                         var big = BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(x) : x;
                         return big + 1;
                     }
                 """))
        .RunAsync();

    /// <summary>#34: named and reordered BitConverter/Array.Reverse arguments, const offsets, a local function.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_arguments_const_offsets_and_local_functions(LanguageVersion version) => Languages.At(version, () => Test(
            Wrap("", """
                     const int One = 1;

                     static int Swap(int x)
                     {
                         var bytes = {|PERF014:BitConverter.GetBytes(value: x)|};
                         Array.Reverse(array: bytes);
                         return BitConverter.ToInt32(startIndex: 0, value: bytes);
                     }

                     static int Read(byte[] b, int i)
                     {
                         const int at = 2;
                         int Local() => [|(b[at] << 8) | b[at + One]|];
                         var word = [|(b[i] << 8) | b[i + One]|];
                         return Local() + word;
                     }
                 """),
            Wrap("using System.Buffers.Binary;\n", """
                     const int One = 1;

                     static int Swap(int x)
                     {
                         return BinaryPrimitives.ReverseEndianness(x);
                     }

                     static int Read(byte[] b, int i)
                     {
                         const int at = 2;
                         int Local() => BinaryPrimitives.ReadUInt16BigEndian(b.AsSpan(at));
                         var word = BinaryPrimitives.ReadUInt16BigEndian(b.AsSpan(i));
                         return Local() + word;
                     }
                 """))
        .RunAsync());

    [Fact]
    public void Both_BitConverter_forms_compute_the_same_value()
    {
        const string source = """
            using System;
            using System.Buffers.Binary;

            public static class P
            {
                public static ushort Before(ushort x) { var bytes = BitConverter.GetBytes(x); if (BitConverter.IsLittleEndian) Array.Reverse(bytes); return BitConverter.ToUInt16(bytes, 0); }
                public static ushort After(ushort x) => BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness(x) : x;
            }
            """;
        RunBoth(source, new object[] { (ushort)0, (ushort)0x8001, ushort.MaxValue, (ushort)0x1234 });
    }

    // ---- Writes, swaps and BitConverter lookalikes ----

    [Fact]
    public Task Write_and_swap_lookalikes_are_not_flagged() => Test(Wrap("", """
            static void Gap(byte[] b, int i, int v) { b[i] = (byte)(v >> 24); b[i + 1] = (byte)(v >> 16); b[i + 3] = (byte)(v >> 8); b[i + 4] = (byte)v; }
            static void ThreeOfInt(byte[] b, int i, int v) { b[i] = (byte)(v >> 16); b[i + 1] = (byte)(v >> 8); b[i + 2] = (byte)v; }
            static void TwoValues(byte[] b, int i, short v, short w) { b[i] = (byte)(v >> 8); b[i + 1] = (byte)w; }
            static void WrongShift(byte[] b, int i, short v) { b[i] = (byte)(v >> 4); b[i + 1] = (byte)v; }
            static void SameShift(byte[] b, int i, short v) { b[i] = (byte)v; b[i + 1] = (byte)v; }
            static void Checked(byte[] b, int i, short v) { checked { b[i] = (byte)(v >> 8); b[i + 1] = (byte)v; } }
            static void TwoArrays(byte[] b, byte[] c, int i, short v) { b[i] = (byte)(v >> 8); c[i + 1] = (byte)v; }
            static void Between(byte[] b, int i, short v) { b[i] = (byte)(v >> 8); Console.WriteLine(); b[i + 1] = (byte)v; }
            static void Chars(byte[] b, int i, char v) { b[i] = (byte)(v >> 8); b[i + 1] = (byte)v; }
            static uint Overlap(uint x) => (x >> 24) | (x >> 8) | ((x << 8) & 0xFF0000) | (x << 24);
            static int Unmasked(int x) => (x << 24) | ((x & 0xFF00) << 8) | ((x >> 8) & 0xFF00) | (x >> 24);
            static uint Partial(uint x) => ((x >> 8) & 0xFF00) | ((x << 8) & 0xFF0000) | (x << 24);
            static uint TwoVars(uint x, uint y) => (x >> 24) | ((x >> 8) & 0xFF00) | ((y << 8) & 0xFF0000) | (x << 24);
            static int SixteenInInt(int x) => ((x >> 8) & 0xFF) | ((x & 0xFF) << 8);
            static uint Rotate(uint x) => (x >> 8) | (x << 24);
            static int UsedTwice(int x) { var bytes = BitConverter.GetBytes(x); Array.Reverse(bytes); Console.WriteLine(bytes.Length); return BitConverter.ToInt32(bytes, 0); }
            static int Offset(int x) { var bytes = BitConverter.GetBytes(x); Array.Reverse(bytes); return BitConverter.ToInt32(bytes, 1 - 1 + 0 * x); }
            static uint OtherType(int x) { var bytes = BitConverter.GetBytes(x); Array.Reverse(bytes); return BitConverter.ToUInt32(bytes, 0); }
            static int NoReverse(int x) { var bytes = BitConverter.GetBytes(x); Console.WriteLine(); return BitConverter.ToInt32(bytes, 0); }
            static int Reassigned(int x) { var bytes = BitConverter.GetBytes(x); Array.Reverse(bytes); return (x = 5) + BitConverter.ToInt32(bytes, 0); }
        """)).RunAsync();

    private static void RunBoth(string source, object[] values)
    {
        using var code = LoadedCode.Compile(source);
        foreach (var value in values)
        {
            Assert.Equal(code.Invoke("Before", value), code.Invoke("After", value));
        }
    }

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF014UseBinaryPrimitivesAnalyzer, PERF014UseBinaryPrimitivesCodeFix>()
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
