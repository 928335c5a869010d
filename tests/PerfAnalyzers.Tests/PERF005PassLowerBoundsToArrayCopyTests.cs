using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF005PassLowerBoundsToArrayCopyTests : RuleTests<PERF005PassLowerBoundsToArrayCopyAnalyzer, PERF005PassLowerBoundsToArrayCopyCodeFix, NetStandard20Target>
{
    private static string Wrap(string members, string usings = "using System;\n") => usings + "\nclass C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Int_length(LanguageVersion version) => Languages.At(version, () => Verify(
            Wrap("    void M(int[] a, int[] b) => Array.[|Copy|](a, b, a.Length);"),
            Wrap("    void M(int[] a, int[] b) => Array.Copy(a, 0, b, 0, a.Length);")));

    [Fact]
    public Task Long_length_keeps_the_long_overload() => Verify(
        Wrap("    void M(byte[] a, byte[] b, long n) => Array.[|Copy|](a, b, n);"),
        Wrap("    void M(byte[] a, byte[] b, long n) => Array.Copy(a, 0, b, 0, n);"));

    [Fact]
    public Task Different_element_types_and_covariant_arrays() => Verify(
        Wrap("""
                 void A(int[] a, long[] b) => Array.[|Copy|](a, b, 2);
                 void B(string[] a, object[] b) => Array.[|Copy|](a, b, 2);
                 void G<T>(T[] a, T[] b) => Array.[|Copy|](a, b, 2);
             """),
        Wrap("""
                 void A(int[] a, long[] b) => Array.Copy(a, 0, b, 0, 2);
                 void B(string[] a, object[] b) => Array.Copy(a, 0, b, 0, 2);
                 void G<T>(T[] a, T[] b) => Array.Copy(a, 0, b, 0, 2);
             """));

    [Fact]
    public Task Arguments_with_side_effects_keep_their_order() => Verify(
        Wrap("""
                 int[] _buffer = new int[8];
                 int[] Next() => new int[8];
                 void M(int n) { Array.[|Copy|](Next(), _buffer, n++); }
             """),
        Wrap("""
                 int[] _buffer = new int[8];
                 int[] Next() => new int[8];
                 void M(int n) { Array.Copy(Next(), 0, _buffer, 0, n++); }
             """));

    [Fact]
    public Task Named_arguments_keep_their_written_order() => Verify(
        Wrap("""
                 void A(int[] a, int[] b) => Array.[|Copy|](a, b, length: 2);
                 void B(int[] a, int[] b) => Array.[|Copy|](destinationArray: b, sourceArray: a, length: 2);
             """),
        Wrap("""
                 void A(int[] a, int[] b) => Array.Copy(sourceArray: a, destinationArray: b, length: 2, sourceIndex: 0, destinationIndex: 0);
                 void B(int[] a, int[] b) => Array.Copy(destinationArray: b, sourceArray: a, length: 2, sourceIndex: 0, destinationIndex: 0);
             """));

    /// <summary>#34: a name in place before positional arguments (C# 7.2), a const length, a lambda and a local function.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_in_place_const_lengths_lambdas_and_local_functions(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 const int Size = 4;
                 void M(int[] a, int[] b)
                 {
                     const int n = 2;
                     Array.[|Copy|](sourceArray: a, b, n);
                     Action copy = () => Array.[|Copy|](a, b, Size);
                     void Local() => Array.[|Copy|](a, destinationArray: b, length: Size);
                     copy();
                     Local();
                 }
             """),
        Wrap("""
                 const int Size = 4;
                 void M(int[] a, int[] b)
                 {
                     const int n = 2;
                     Array.Copy(sourceArray: a, destinationArray: b, length: n, sourceIndex: 0, destinationIndex: 0);
                     Action copy = () => Array.Copy(a, 0, b, 0, Size);
                     void Local() => Array.Copy(sourceArray: a, destinationArray: b, length: Size, sourceIndex: 0, destinationIndex: 0);
                     copy();
                     Local();
                 }
             """)));

    [Fact]
    public Task Using_static_and_qualified_calls() => Verify(
        Wrap("""
                 void A(int[] a, int[] b) => [|Copy|](a, b, 1);
                 void B(int[] a, int[] b) => System.Array.[|Copy|](a, b, 1);
             """, "using System;\nusing static System.Array;\n"),
        Wrap("""
                 void A(int[] a, int[] b) => Copy(a, 0, b, 0, 1);
                 void B(int[] a, int[] b) => System.Array.Copy(a, 0, b, 0, 1);
             """, "using System;\nusing static System.Array;\n"));

    [Fact]
    public Task Statement_with_comments_keeps_its_trivia() => Verify(
        Wrap("""
                 void M(char[] a, char[] b)
                 {
                     // copy the head
                     Array.[|Copy|](a, b, 4); // four
                 }
             """),
        Wrap("""
                 void M(char[] a, char[] b)
                 {
                     // copy the head
                     Array.Copy(a, 0, b, 0, 4); // four
                 }
             """));

    [Fact]
    public Task Message_names_the_call_the_target_and_the_rewrite()
    {
        var test = Test(Wrap("    void M(int[] a, int[] b) => Array.{|#0:Copy|}(a, b, 3);"));
        test.ExpectedDiagnostics.Add(RuleTest<PERF005PassLowerBoundsToArrayCopyAnalyzer, PERF005PassLowerBoundsToArrayCopyCodeFix>.Diagnostic().WithLocation(0).WithMessage("'Array.Copy(a, b, 3)' asks both arrays for their lower bounds on .NET Standard 2.0; use 'Array.Copy(a, 0, b, 0, 3)' instead"));
        return test.RunAsync();
    }

    [Fact]
    public Task Multi_targeted_project_gets_the_plain_fix_that_every_leg_compiles() => Test(
            Wrap("    void M(int[] a, int[] b) => Array.[|Copy|](a, b, 1);"),
            Wrap("    void M(int[] a, int[] b) => Array.Copy(a, 0, b, 0, 1);"))
        .WithTargetFrameworks("netstandard2.0;net472;net10.0", current: "netstandard2.0")
        .RunAsync();

    // ---- Must not flag ----

    [Fact]
    public Task System_array_and_multi_dimensional_arrays_are_not_flagged() => Verify(Wrap("""
            void A(Array a, int[] b) => Array.Copy(a, b, 1);
            void B(int[] a, Array b) => Array.Copy(a, b, 1);
            void E(int[,] a, int[,] b) => Array.Copy(a, b, 1);
            void D(int[] a, int[,] b) => Array.Copy(a, b, 1);
        """));

    [Fact]
    public Task Five_argument_calls_and_other_copy_methods_are_not_flagged() => Verify(Wrap("""
            void A(int[] a, int[] b) => Array.Copy(a, 0, b, 0, 1);
            void B(int[] a, int[] b) => a.CopyTo(b, 0);
            void F(int[] a, int[] b) => Array.ConstrainedCopy(a, 0, b, 0, 1);
            static void Copy(int[] a, int[] b, int n) { }
            void D(int[] a, int[] b) => Copy(a, b, 1);
        """));

    // ---- Target frameworks: both sides of .NET 5 ----

    [Theory]
    [InlineData("net45", true)]
    [InlineData("net472", true)]
    [InlineData("net48", true)]
    [InlineData("netstandard2.0", true)]
    [InlineData("netstandard2.1", true)]
    [InlineData("netcoreapp2.0", true)]
    [InlineData("netcoreapp2.1", true)]
    [InlineData("netcoreapp3.1", true)]
    [InlineData("net5.0", false)]
    [InlineData("net6.0", false)]
    [InlineData("net10.0", false)]
    public Task Fires_only_before_net_5(string moniker, bool fires) =>
        Test(Wrap(fires ? "    void M(int[] a, int[] b) => Array.[|Copy|](a, b, 1);" : "    void M(int[] a, int[] b) => Array.Copy(a, b, 1);"), references: TestReferences.Net80)
            .WithTargetFramework(moniker)
            .RunAsync();

    [Fact]
    public Task Real_net_framework_4_7_2_references() => Verify(
        Wrap("    void M(int[] a, int[] b) => Array.[|Copy|](a, b, 1);"),
        Wrap("    void M(int[] a, int[] b) => Array.Copy(a, 0, b, 0, 1);"),
        TestReferences.Net472);

    [Fact]
    public Task Real_net_8_references_are_silent() => Verify(Wrap("    void M(int[] a, int[] b) => Array.Copy(a, b, 1);"), references: TestReferences.Net80);

    [Fact]
    public Task Unknown_target_is_silent() => Test(
            TargetFrameworks.MinimalCoreLibrary + "\n\nclass C\n{\n    void M(int[] a, int[] b) { System.Array.Copy(a, b, 1); }\n}\n",
            references: TestReferences.None)
        .RunAsync();

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF005PassLowerBoundsToArrayCopyAnalyzer, PERF005PassLowerBoundsToArrayCopyCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     void A(int[] a, int[] b) => Array.Copy(a, b);
                     void B(int[] a, Missing b) => Array.Copy(a, b, 1);
                     void C(int[] a, int[] b) => Array.Copy(a, b, missing);
                     void D(int[] a, int[] b) => Array.Copy(a, b, 1, 2, 3, 4);
                     void E(int[] a, int[] b) => Array.[|Copy|](a, b, 1
             """),
        },
        References = TestReferences.NetStandard20,
        AllowCompilerErrors = true,
    }.RunAsync();
}
