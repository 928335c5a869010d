using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Types;
using PerfAnalyzers.Tests.Infrastructure;
using PerfAnalyzers.Types;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF013InitializeStaticFieldsInlineTests : RuleTests<PERF013InitializeStaticFieldsInlineAnalyzer, PERF013InitializeStaticFieldsInlineCodeFix, NetStandard20Target>
{
    private const string Header = "using System;\nusing System.Collections.Generic;\n\n";

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Constants_typeof_default_and_other_types_reads_move_to_initializers(LanguageVersion version) => Languages.At(version, () => Verify(
        Header + """
            sealed class C
            {
                private static readonly int Size;
                private static readonly Type Kind;
                private static readonly string Empty;
                private static DateTime Start;
                private static readonly TimeSpan Timeout;

                static [|C|]()
                {
                    Size = 16 * 4;
                    Kind = typeof(C);
                    Empty = string.Empty;
                    Start = default;
                    Timeout = TimeSpan.MaxValue;
                }
            }
            """,
        Header + """
            sealed class C
            {
                private static readonly int Size = 16 * 4;
                private static readonly Type Kind = typeof(C);
                private static readonly string Empty = string.Empty;
                private static DateTime Start = default;
                private static readonly TimeSpan Timeout = TimeSpan.MaxValue;
            }
            """));

    [Fact]
    public Task Creations_lambdas_and_earlier_fields_move_too() => Verify(
        Header + """
            static class Tables
            {
                private static readonly int[] Primes;
                private static readonly Dictionary<string, int> Codes;
                private static readonly List<int> Doubled;
                private static readonly Func<int, int> Twice;
                private static readonly object Gate;
                private static readonly int Count;

                static [|Tables|]()
                {
                    Primes = new[] { 2, 3, 5, 7 };
                    Codes = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 };
                    Doubled = new List<int>(8) { 2, 4 };
                    Twice = x => x * 2;
                    Gate = new object();
                    Count = Primes.Length;
                }
            }
            """,
        Header + """
            static class Tables
            {
                private static readonly int[] Primes = new[] { 2, 3, 5, 7 };
                private static readonly Dictionary<string, int> Codes = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 };
                private static readonly List<int> Doubled = new List<int>(8) { 2, 4 };
                private static readonly Func<int, int> Twice = x => x * 2;
                private static readonly object Gate = new object();
                private static readonly int Count = Primes.Length;
            }
            """);

    [Fact]
    public Task Expression_bodied_constructor_and_struct() => Verify(
        Header + """
            struct S
            {
                public static int Limit;
                public int Value;

                static [|S|]() => Limit = 10;
            }
            """,
        Header + """
            struct S
            {
                public static int Limit = 10;
                public int Value;
            }
            """);

    [Fact]
    public Task Assignments_in_another_order_than_the_fields_are_reported_without_a_fix() => Verify(
        Header + """
            sealed class C
            {
                private static readonly int A;
                private static readonly int B;

                static [|C|]()
                {
                    B = 2;
                    A = 1;
                }
            }
            """,
        Header + """
            sealed class C
            {
                private static readonly int A;
                private static readonly int B;

                static [|C|]()
                {
                    B = 2;
                    A = 1;
                }
            }
            """);

    private const string NoFixSources = Header + """
        sealed class Later
        {
            private static readonly int A;
            private static readonly int B = 5;

            static [|Later|]()
            {
                A = B + 1;
            }
        }

        sealed class ReadByInitializer
        {
            private static int A;
            private static readonly int B = A + 1;

            static [|ReadByInitializer|]()
            {
                A = 5;
            }
        }
        """;

    [Fact]
    public Task A_read_of_a_later_declared_field_or_an_initializer_reading_a_moved_field_means_no_fix() =>
        Verify(NoFixSources, NoFixSources);

    // ---- Must not flag ----

    [Fact]
    public Task Calls_and_other_statements_are_not_flagged() => Verify(Header + """
        sealed class Calls
        {
            private static readonly int A;
            static Calls() { A = Compute(); }
            private static int Compute() => 1;
        }

        sealed class Output
        {
            private static readonly int A;
            static Output() { A = 1; Console.WriteLine("initialized"); }
        }

        sealed class Conditional
        {
            private static readonly int A;
            static Conditional() { if (Environment.Is64BitProcess) A = 8; else A = 4; }
        }

        sealed class Guarded
        {
            private static readonly int A;
            static Guarded() { try { A = 1; } catch { } }
        }

        sealed class Ternary
        {
            private static readonly int A;
            static Ternary() { A = Environment.Is64BitProcess ? 8 : 4; }
        }

        sealed class Interpolated
        {
            private static readonly string A;
            static Interpolated() { A = $"{Environment.ProcessorCount}"; }
        }
        """);

    [Fact]
    public Task Disposable_creations_twice_assigned_fields_and_other_members_are_not_flagged() => Verify(Header + """
        sealed class Disposable
        {
            private static readonly System.IO.MemoryStream Stream;
            static Disposable() { Stream = new System.IO.MemoryStream(); }
        }

        sealed class Twice
        {
            private static int A;
            static Twice() { A = 1; A = 2; }
        }

        sealed class AlreadyInitialized
        {
            private static int A = 1;
            static AlreadyInitialized() { A = 2; }
        }

        sealed class Property
        {
            private static int P { get; set; }
            static Property() { P = 1; }
        }

        sealed class OtherType
        {
            static OtherType() { Holder.Value = 1; }
        }

        static class Holder { public static int Value; }

        sealed class OwnProperty
        {
            private static readonly int A;
            private static int P => 1;
            static OwnProperty() { A = P; }
        }

        sealed class Self
        {
            private static readonly int A;
            static Self() { A = A + 1; }
        }

        sealed class Empty
        {
            static Empty() { }
        }
        """);

    [Fact]
    public Task Partial_types_are_not_flagged() => new RuleTest<PERF013InitializeStaticFieldsInlineAnalyzer, PERF013InitializeStaticFieldsInlineCodeFix>()
    {
        References = TestReferences.NetStandard20,
        Sources =
        {
            "partial class P\n{\n    private static readonly int A;\n    static P() { A = 1; }\n}\n",
            "partial class P\n{\n    private static readonly int B = 2;\n}\n",
        },
    }.RunAsync();

    [Fact]
    public Task Directives_in_the_constructor_are_not_flagged() => Verify(Header + """
        sealed class C
        {
            private static readonly int A;
            static C()
            {
        #if DEBUG
                A = 1;
        #else
                A = 2;
        #endif
            }
        }
        """);

    [Theory]
    [InlineData("C")]
    [InlineData("N.C")]
    [InlineData("Other, N.C")]
    public Task Excluded_types_option(string value)
    {
        var test = Test("namespace N\n{\n    sealed class C\n    {\n        private static readonly int A;\n        static C() { A = 1; }\n    }\n}\n");
        test.Options["perf_analyzers.PERF013.excluded_types"] = value;
        return test.RunAsync();
    }

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF013InitializeStaticFieldsInlineAnalyzer, PERF013InitializeStaticFieldsInlineCodeFix>()
    {
        Sources =
        {
            Header + """
                sealed class C
                {
                    private static readonly int A;
                    private static readonly int B;
                    static C() { A = ; B = Missing; }
                }

                sealed class D
                {
                    static D() { Missing = 1; }
                }

                sealed class E
                {
                    private static readonly int A;
                    static [|E|]() { A = 1
                }
                """,
        },
        References = TestReferences.NetStandard20,
        AllowCompilerErrors = true,
    }.RunAsync();

    // ---- Target frameworks: silent from .NET Core 3.0 ----

    private const string Simple = "sealed class C\n{\n    private static readonly int A;\n\n    static NAME()\n    {\n        A = 1;\n    }\n}\n";

    [Theory]
    [InlineData("net472", true)]
    [InlineData("netstandard2.0", true)]
    [InlineData("netstandard2.1", true)]
    [InlineData("netcoreapp2.1", true)]
    [InlineData("netcoreapp3.1", false)]
    [InlineData("net5.0", false)]
    [InlineData("net10.0", false)]
    public Task Fires_before_net_core_3_0(string moniker, bool fires) =>
        Test(Simple.Replace("NAME", fires ? "[|C|]" : "C"),
                fires ? "sealed class C\n{\n    private static readonly int A = 1;\n}\n" : null,
                TestReferences.Net80)
            .WithTargetFramework(moniker)
            .RunAsync();

    [Fact]
    public Task Real_net_framework_references() => Test(
        Simple.Replace("NAME", "[|C|]"), "sealed class C\n{\n    private static readonly int A = 1;\n}\n", TestReferences.Net472).RunAsync();

    [Fact]
    public Task Real_net_8_references_are_silent() => Test(Simple.Replace("NAME", "C"), references: TestReferences.Net80).RunAsync();
}
