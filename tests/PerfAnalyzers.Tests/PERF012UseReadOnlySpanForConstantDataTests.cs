using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF012UseReadOnlySpanForConstantDataTests : RuleTests<PERF012UseReadOnlySpanForConstantDataAnalyzer, PERF012UseReadOnlySpanForConstantDataCodeFix>
{
    private const string Header = "using System;\nusing System.Collections.Generic;\nusing System.Threading.Tasks;\n\n";

    /// <summary>A .NET 7 project (where the rule fires), compiled against the .NET 8 reference assemblies.</summary>
    private static RuleTest<PERF012UseReadOnlySpanForConstantDataAnalyzer, PERF012UseReadOnlySpanForConstantDataCodeFix> Test(string source, string? fixedSource = null, TestReferences references = TestReferences.Net80) =>
        RuleTest<PERF012UseReadOnlySpanForConstantDataAnalyzer, PERF012UseReadOnlySpanForConstantDataCodeFix>.Create(source, fixedSource, references)
            .WithTargetFramework(references == TestReferences.Net80 ? "net7.0" : references == TestReferences.Net472 ? "net472" : "netstandard2.0");

    private static Task Verify(string source, string? fixedSource = null, TestReferences references = TestReferences.Net80) =>
        Test(source, fixedSource, references).RunAsync();

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Field_read_by_index_length_span_argument_and_foreach(LanguageVersion version) => Languages.At(version, () => Verify(
        Header + """
            static class Crc
            {
                /// <summary>The table.</summary>
                private static readonly byte[] [|Table|] = new byte[] { 0x00, 0x07, 0x0E, 0x09 };

                public static int Sum(ReadOnlySpan<byte> data)
                {
                    var sum = Table.Length;
                    for (var i = 0; i < data.Length; i++) sum += Table[data[i] & 3];
                    foreach (var b in Table) sum += b;
                    return sum + Count(Table);
                }

                private static int Count(ReadOnlySpan<byte> span) => span.Length;
            }
            """,
        Header + """
            static class Crc
            {
                /// <summary>The table.</summary>
                private static ReadOnlySpan<byte> Table => new byte[] { 0x00, 0x07, 0x0E, 0x09 };

                public static int Sum(ReadOnlySpan<byte> data)
                {
                    var sum = Table.Length;
                    for (var i = 0; i < data.Length; i++) sum += Table[data[i] & 3];
                    foreach (var b in Table) sum += b;
                    return sum + Count(Table);
                }

                private static int Count(ReadOnlySpan<byte> span) => span.Length;
            }
            """));

    [Fact]
    public Task Internal_initializer_lists_implicit_arrays_sbyte_bool_and_properties() => Verify(
        Header + """
            sealed class Data
            {
                internal static readonly byte[] [|Magic|] = { 0x50, 0x4B };
                private static readonly sbyte[] [|Deltas|] = new sbyte[] { -1, 0, 1 };
                private static readonly bool[] [|Flags|] = new[] { true, false };
                private static byte[] [|Header|] { get; } = new byte[] { 1, 2, 3 };

                public int M() => Magic[0] + Deltas[2] + (Flags[0] ? 1 : 0) + Header.Length;
            }
            """,
        Header + """
            sealed class Data
            {
                internal static ReadOnlySpan<byte> Magic => new byte[] { 0x50, 0x4B };
                private static ReadOnlySpan<sbyte> Deltas => new sbyte[] { -1, 0, 1 };
                private static ReadOnlySpan<bool> Flags => new[] { true, false };
                private static ReadOnlySpan<byte> Header => new byte[] { 1, 2, 3 };

                public int M() => Magic[0] + Deltas[2] + (Flags[0] ? 1 : 0) + Header.Length;
            }
            """);

    [Fact]
    public Task Other_primitives_with_csharp_11_and_CreateSpan() => Verify(
        Header + """
            static class Tables
            {
                private static readonly int[] [|Powers|] = { 1, 10, 100, 1000 };

                public static int Get(int i) => Powers[i];
            }
            """,
        Header + """
            static class Tables
            {
                private static ReadOnlySpan<int> Powers => new int[] { 1, 10, 100, 1000 };

                public static int Get(int i) => Powers[i];
            }
            """);

    [Fact]
    public Task Without_a_using_the_type_is_qualified() => Verify(
        "static class T\n{\n    private static readonly byte[] [|Data|] = { 1 };\n\n    public static byte First() => Data[0];\n}\n",
        "static class T\n{\n    private static System.ReadOnlySpan<byte> Data => new byte[] { 1 };\n\n    public static byte First() => Data[0];\n}\n");

    // ---- Newer language shapes ----

    // A collection expression is not (yet) recognised as constant data: not flagged, so no rewrite can go wrong.
    [CSharpFact(12)]
    public Task Collection_expression_initializer_is_not_flagged() => Test(
            Header + "static class Crc\n{\n    private static readonly byte[] Table = [0x00, 0x07, 0x0E, 0x09];\n    public static int Get(int i) => Table[i & 3];\n}\n")
        .RunAsync();

    // ---- Multi-targeted projects: a ReadOnlySpan<byte> property needs .NET Core 2.1+ / .NET Standard 2.1 ----

    [Fact]
    public Task A_net_framework_leg_keeps_the_array_behind_if() =>
        RuleTest<PERF012UseReadOnlySpanForConstantDataAnalyzer, PERF012UseReadOnlySpanForConstantDataCodeFix>.Create(
                Header + "static class Crc\n{\n    private static readonly byte[] [|Table|] = new byte[] { 1, 2, 3, 4 };\n    public static int Get(int i) => Table[i & 3];\n}\n",
                Header + "static class Crc\n{\n#if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER\n    private static ReadOnlySpan<byte> Table => new byte[] { 1, 2, 3, 4 };\n#else\n    private static readonly byte[] Table = new byte[] { 1, 2, 3, 4 };\n#endif\n    public static int Get(int i) => Table[i & 3];\n}\n")
            .WithTargetFrameworks("net472;net6.0", current: "net6.0")
            .RunAsync();

    /// <summary>
    /// An element returned by reference stays an array (a span's element is read-only); one returned by value from a lambda
    /// inside a ref-returning method is a value use: the function that returns is the lambda.
    /// </summary>
    [Fact]
    public Task Element_returned_by_reference_keeps_the_array_but_a_lambda_returning_a_value_does_not() => Verify(
        Header + """
            static class Tables
            {
                private static readonly int[] ByRef = { 1, 2, 3 };
                private static readonly int[] [|ByValue|] = { 4, 5, 6 };
                private static int _slot;

                public static ref readonly int First() => ref ByRef[0];

                public static ref int Slot(out Func<int> read)
                {
                    read = () => { return ByValue[1]; };
                    return ref _slot;
                }
            }
            """,
        Header + """
            static class Tables
            {
                private static readonly int[] ByRef = { 1, 2, 3 };
                private static ReadOnlySpan<int> ByValue => new int[] { 4, 5, 6 };
                private static int _slot;

                public static ref readonly int First() => ref ByRef[0];

                public static ref int Slot(out Func<int> read)
                {
                    read = () => { return ByValue[1]; };
                    return ref _slot;
                }
            }
            """);

    // ---- Must not flag ----

    [Fact]
    public Task Public_protected_and_mutable_members_are_not_flagged() => Verify(Header + """
        public class P
        {
            public static readonly byte[] Public = { 1 };
            protected static readonly byte[] Protected = { 1 };
            protected internal static readonly byte[] ProtectedInternal = { 1 };
            private static byte[] NotReadOnly = { 1 };
            private readonly byte[] Instance = { 1 };
            private static byte[] Settable { get; set; } = { 1 };
            private static readonly byte[] A = { 1 }, B = { 2 };
            private static readonly byte[] NoInitializer;
            private static readonly byte[] Computed = new byte[4];
            private static readonly byte[] FromCall = Make();
            private static readonly string[] Strings = { "a" };
            private static readonly DayOfWeek[] Enums = { DayOfWeek.Monday };
            [Obsolete] private static readonly byte[] Attributed = { 1 };

            static P() { NoInitializer = new byte[] { 1 }; }
            private static byte[] Make() => new byte[1];
            public int M() => NotReadOnly[0] + Instance[0] + Settable[0] + A[0] + B[0] + NoInitializer[0] + Computed[0] + FromCall[0] + Strings.Length + Enums.Length + Attributed[0];
        }
        """);

    [Fact]
    public Task Uses_that_need_an_array_are_not_flagged() => Verify(Header + """
        static class Uses
        {
            private static readonly byte[] Written = { 1 };
            private static readonly byte[] Passed = { 1 };
            private static readonly byte[] Returned = { 1 };
            private static readonly byte[] Stored = { 1 };
            private static readonly byte[] Locked = { 1 };
            private static readonly byte[] Compared = { 1 };
            private static readonly byte[] Boxed = { 1 };
            private static readonly byte[] Enumerable = { 1 };
            private static readonly byte[] Cloned = { 1 };
            private static readonly byte[] RefElement = { 1 };
            private static readonly byte[] AsSpanCall = { 1 };
            private static readonly byte[] InAsync = { 1 };
            private static readonly byte[] InIterator = { 1 };
            private static readonly byte[] Incremented = { 1 };
            private static readonly byte[] InExpression = { 1 };
            private static byte[]? s_field;

            static void Take(byte[] a) { }
            public static void M(byte[] other)
            {
                Written[0] = 2;
                Take(Passed);
                s_field = Stored;
                lock (Locked) { }
                _ = Compared == other;
                object o = Boxed;
                IEnumerable<byte> e = Enumerable;
                _ = Cloned.Clone();
                ref readonly byte r = ref RefElement[0];
                _ = AsSpanCall.AsSpan();
                Incremented[0]++;
                System.Linq.Expressions.Expression<Func<int>> x = () => InExpression.Length;
            }

            public static byte[] R() => Returned;
            public static async Task<int> A() { await Task.Yield(); return InAsync[0]; }
            public static IEnumerable<int> I() { yield return InIterator[0]; }
        }
        """);

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task Targets_without_spans_are_silent(TestReferences references) => Verify(
        "static class T\n{\n    private static readonly byte[] Data = { 1 };\n\n    public static byte First() => Data[0];\n}\n", references: references);

    [Fact]
    public Task Int_data_before_csharp_11_is_not_flagged_byte_data_is()
    {
        var test = Test(
            "static class T\n{\n    private static readonly int[] Ints = { 1 };\n    private static readonly byte[] [|Bytes|] = { 1 };\n\n    public static int First() => Ints[0] + Bytes[0];\n}\n",
            "static class T\n{\n    private static readonly int[] Ints = { 1 };\n    private static System.ReadOnlySpan<byte> Bytes => new byte[] { 1 };\n\n    public static int First() => Ints[0] + Bytes[0];\n}\n");
        test.LanguageVersion = LanguageVersion.CSharp10;
        return test.RunAsync();
    }

    [Fact]
    public Task Friend_assemblies_keep_internal_members() => Verify(
        "[assembly: System.Runtime.CompilerServices.InternalsVisibleTo(\"Other\")]\n\nstatic class T\n{\n    internal static readonly byte[] Data = { 1 };\n    private static readonly byte[] [|Mine|] = { 2 };\n\n    public static byte First() => (byte)(Data[0] + Mine[0]);\n}\n",
        "[assembly: System.Runtime.CompilerServices.InternalsVisibleTo(\"Other\")]\n\nstatic class T\n{\n    internal static readonly byte[] Data = { 1 };\n    private static System.ReadOnlySpan<byte> Mine => new byte[] { 2 };\n\n    public static byte First() => (byte)(Data[0] + Mine[0]);\n}\n");

    [Fact]
    public Task A_use_in_another_file_decides_too() => new RuleTest<PERF012UseReadOnlySpanForConstantDataAnalyzer, PERF012UseReadOnlySpanForConstantDataCodeFix>()
    {
        Sources =
        {
            "static class T\n{\n    internal static readonly byte[] Data = { 1 };\n}\n",
            "static class U\n{\n    public static byte[] Leak() => T.Data;\n}\n",
        },
    }.WithTargetFramework("net7.0").RunAsync();

    // ---- Target frameworks: .NET Core 2.1 up to .NET 8 ----

    [Theory]
    [InlineData("netcoreapp2.1", true)]
    [InlineData("netcoreapp3.1", true)]
    [InlineData("net5.0", true)]
    [InlineData("net6.0", true)]
    [InlineData("net7.0", true)]
    [InlineData("net8.0", false)]
    [InlineData("net9.0", false)]
    [InlineData("net10.0", false)]
    [InlineData("netstandard2.1", false)]
    [InlineData("net472", false)]
    public Task Fires_from_net_core_2_1_before_net_8(string moniker, bool fires) =>
        RuleTest<PERF012UseReadOnlySpanForConstantDataAnalyzer, PERF012UseReadOnlySpanForConstantDataCodeFix>.Create("static class T\n{\n    private static readonly byte[] " + (fires ? "[|Data|]" : "Data") + " = { 1 };\n\n    public static byte First() => Data[0];\n}\n",
                fires ? "static class T\n{\n    private static System.ReadOnlySpan<byte> Data => new byte[] { 1 };\n\n    public static byte First() => Data[0];\n}\n" : null,
                TestReferences.Net80)
            .WithTargetFramework(moniker)
            .RunAsync();

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF012UseReadOnlySpanForConstantDataAnalyzer, PERF012UseReadOnlySpanForConstantDataCodeFix>()
    {
        Sources =
        {
            Header + """
                static class B
                {
                    private static readonly byte[] [|A|] = { 1, 2
                    private static readonly byte[] C = { Missing };
                    private static readonly Missing[] D = { 1 };
                    public static int M() => A[0] + C[0] + D.Length;
                }
                """,
        },
        AllowCompilerErrors = true,
    }.WithTargetFramework("net7.0").RunAsync();
}
