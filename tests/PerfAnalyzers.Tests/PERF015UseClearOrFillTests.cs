using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF015UseClearOrFillTests : RuleTests<PERF015UseClearOrFillAnalyzer, PERF015UseClearOrFillCodeFix>
{
    private const string Header = "using System;\nusing System.Collections.Generic;\n\n";

    private static string Wrap(string members) => Header + "sealed class C\n{\n" + members + "\n}\n";

    // ---- A zeroing loop right after the array is created: the fix deletes it ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task A_zeroing_loop_right_after_new_is_deleted(LanguageVersion version) => Languages.At(version, () => Verify(
            Wrap("""
                     long[] _sums = new long[0];
                     int[] Counts(int n)
                     {
                         var counts = new int[n];
                         // start from zero
                         [|for (int i = 0; i < counts.Length; i++)|]
                         {
                             counts[i] = 0;
                         }
                         return counts;
                     }
                     void Reset(int n)
                     {
                         _sums = new long[n];
                         [|for (var i = 0; i < _sums.Length; i++)|] _sums[i] = 0L;
                         Console.WriteLine(_sums.Length);
                     }
                 """),
            Wrap("""
                     long[] _sums = new long[0];
                     int[] Counts(int n)
                     {
                         var counts = new int[n];
                         return counts;
                     }
                     void Reset(int n)
                     {
                         _sums = new long[n];
                         Console.WriteLine(_sums.Length);
                     }
                 """)));

    [Fact]
    public Task The_message_says_the_new_array_is_already_zero()
    {
        var test = Test(Wrap("""
                 int[] Counts(int n)
                 {
                     var counts = new int[n];
                     {|#0:for (int i = 0; i < counts.Length; i++)|} counts[i] = 0;
                     return counts;
                 }
             """));
        test.ExpectedDiagnostics.Add(RuleTest<PERF015UseClearOrFillAnalyzer, PERF015UseClearOrFillCodeFix>.Diagnostic().WithLocation(0)
            .WithMessage("Replace this loop with nothing: 'counts' was just created by 'new int[n]' and is already all zeros"));
        return test.RunAsync();
    }

    [Fact]
    public Task A_statement_between_the_creation_and_the_loop_keeps_the_clear_fix_and_fix_all_does_both() => Verify(
        Wrap("""
                 int[] Counts(int n, int[] seed)
                 {
                     var fresh = new int[n];
                     [|for (int i = 0; i < fresh.Length; i++)|] fresh[i] = 0;
                     var counts = new int[n];
                     seed.CopyTo(counts, 0);
                     [|for (int i = 0; i < counts.Length; i++)|] counts[i] = 0;
                     var ones = new int[n];
                     [|for (int i = 0; i < ones.Length; i++)|] ones[i] = 1;
                     return counts;
                 }
             """),
        Wrap("""
                 int[] Counts(int n, int[] seed)
                 {
                     var fresh = new int[n];
                     var counts = new int[n];
                     seed.CopyTo(counts, 0);
                     Array.Clear(counts);
                     var ones = new int[n];
                     Array.Fill(ones, 1);
                     return counts;
                 }
             """));

    // ---- Array.Clear(a, 0, a.Length) ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Array_clear_of_the_whole_array_drops_the_range(LanguageVersion version) => Languages.At(version, () => Verify(
            Wrap("""
                     int[] _field = new int[4];
                     static string[] s_static = new string[4];
                     void P(byte[] a) => [|Array.Clear(a, 0, a.Length)|];
                     void L() { var a = new long[8]; [|Array.Clear(a, 0, a.Length)|]; }
                     void F() { [|Array.Clear(_field, 0, _field.Length)|]; [|Array.Clear(this._field, 0, _field.Length)|]; [|System.Array.Clear(s_static, 0, s_static.Length)|]; }
                 """),
            Wrap("""
                     int[] _field = new int[4];
                     static string[] s_static = new string[4];
                     void P(byte[] a) => Array.Clear(a);
                     void L() { var a = new long[8]; Array.Clear(a); }
                     void F() { Array.Clear(_field); Array.Clear(this._field); System.Array.Clear(s_static); }
                 """)));

    [Fact]
    public Task Array_clear_is_found_however_it_is_named_in_the_file() => Verify(
        "using static System.Array;\nusing Arr = System.Array;\n\n" + Wrap("""
                 void A(int[] a) { [|Clear(a, 0, a.Length)|]; [|Arr.Clear(a, 0, a.Length)|]; [|global::System.Array.Clear(a, 0, a.Length)|]; }
                 void B(int[] a) { if (a != null) [|Clear(
                     a,
                     0,
                     a.Length)|]; }
             """),
        "using static System.Array;\nusing Arr = System.Array;\n\n" + Wrap("""
                 void A(int[] a) { Clear(a); Arr.Clear(a); global::System.Array.Clear(a); }
                 void B(int[] a) { if (a != null) Clear(
                     a); }
             """));

    [Fact]
    public Task Array_clear_is_found_with_space_or_a_comment_before_its_arguments() => Verify(
        Wrap("""
                 void A(int[] a) { [|Array.Clear (a, 0, a.Length)|]; [|Array.@Clear(a, 0, a.Length)|]; }
                 void B(int[] a) { [|Array.Clear /* all of it */ (a, 0, a.Length)|]; [|Array.Clear
                     ( a, 0, a.Length)|]; }
             """),
        Wrap("""
                 void A(int[] a) { Array.Clear (a); Array.@Clear(a); }
                 void B(int[] a) { Array.Clear /* all of it */ (a); Array.Clear
                     ( a); }
             """));

    [Fact]
    public Task Other_clear_lookalikes_are_not_flagged() => Verify(Header + """
        sealed class C
        {
            // Array.Clear(a, 0, a.Length) in a comment
            const string Text = "Array.Clear(a, 0, a.Length)";
            static void Clear(int[] a, int index, int length) { }
            static void ClearAll(int[] a, int index, int length) { }
            void A(int[] a, List<int> list)
            {
                Clear(a, 0, a.Length);
                ClearAll(a, 0, a.Length);
                list.Clear();
                Func<int[], int, int, int> f = (x, y, z) => 0;
                f(a, 0, a.Length);
                var s = $"Clear{a.Length}";
        #if NEVER_DEFINED
                Array.Clear(a, 0, a.Length);
        #endif
            }
        }

        sealed class D
        {
            int[] Clear = new int[1];
            void A(int[] a) => System.Array.Copy(a, 0, Clear, 0, Clear.Length);
        }
        """);

    // ---- Multi-targeted projects: Array.Clear(Array) is .NET 6+, Array.Fill .NET Core 2.0+ / .NET Standard 2.1 ----

    [Fact]
    public Task Other_legs_keep_the_loop_behind_if_and_the_range_of_clear_stays() => Test(
            Wrap("""
                     void Reset(int[] a) => Array.Clear(a, 0, a.Length);

                     void Ones(int[] a)
                     {
                         [|for (int i = 0; i < a.Length; i++)|]
                             a[i] = 1;
                     }
                 """),
            Wrap("""
                     void Reset(int[] a) => Array.Clear(a, 0, a.Length);

                     void Ones(int[] a)
                     {
                 #if NETCOREAPP2_0_OR_GREATER || NETSTANDARD2_1_OR_GREATER
                         Array.Fill(a, 1);
                 #else
                         for (int i = 0; i < a.Length; i++)
                             a[i] = 1;
                 #endif
                     }
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net472;net10.0", current: "net10.0")
        .RunAsync();

    [Fact]
    public Task A_clearing_loop_writes_the_three_argument_clear_that_every_leg_has() => Test(
            Wrap("""
                     void Zero(int[] a)
                     {
                         [|for (int i = 0; i < a.Length; i++)|]
                             a[i] = 0;
                     }
                 """),
            Wrap("""
                     void Zero(int[] a)
                     {
                         Array.Clear(a, 0, a.Length);
                     }
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    [Fact]
    public Task All_legs_option_reports_only_what_every_leg_can_take()
    {
        var test = Test(
                Wrap("""
                         void Reset(int[] a) => Array.Clear(a, 0, a.Length);

                         void Ones(int[] a)
                         {
                             for (int i = 0; i < a.Length; i++)
                                 a[i] = 1;
                         }

                         void Zero(Span<int> s)
                         {
                             [|for (int i = 0; i < s.Length; i++)|]
                                 s[i] = 0;
                         }
                     """),
                Wrap("""
                         void Reset(int[] a) => Array.Clear(a, 0, a.Length);

                         void Ones(int[] a)
                         {
                             for (int i = 0; i < a.Length; i++)
                                 a[i] = 1;
                         }

                         void Zero(Span<int> s)
                         {
                             s.Clear();
                         }
                     """),
                TestReferences.Net100)
            .WithTargetFrameworks("net472;net10.0", current: "net10.0");
        test.Options["perf_analyzers.multi_targeting"] = "all_legs";
        test.OtherLegs.Clear(); // Span<T> needs the System.Memory package on net472, which the test references lack
        return test.RunAsync();
    }

    // ---- Must not flag ----

    [Fact]
    public Task Loops_that_do_more_or_something_else_are_not_flagged() => Verify(Wrap("""
            int Next() => 1;
            int[] Get() => new int[2];
            void A(int[] a, int[] b, int n, List<int> list, int[,] grid)
            {
                for (int i = 0; i < a.Length; i++) { a[i] = 0; b[i] = 0; }
                for (int i = 0; i < a.Length; i++) a[i] = i;
                for (int i = 0; i < a.Length; i++) a[i] = Next();
                for (int i = 0; i < a.Length; i++) a[i] = a[0];
                for (int i = 0; i < a.Length; i++) a[0] = 0;
                for (int i = 0; i < a.Length; i += 2) a[i] = 0;
                for (long i = 0; i < a.Length; i++) a[i] = 0;
                for (int i = 0; i < list.Count; i++) list[i] = 0;
                for (int i = 0; i < grid.GetLength(0); i++) grid[i, 0] = 0;
                for (int i = 0, j = 0; i < a.Length; i++) a[i] = j;
                for (int i = 0; i < a.Length; i++) a[i] += 1;
                for (int i = 0; i < Get().Length; i++) Get()[i] = 0;
            }
        """));

    [Fact]
    public Task Array_clear_of_a_part_or_of_an_Array_is_not_flagged() => Verify(Wrap("""
            int[] Get() => new int[2];
            void A(int[] a, int[] b, Array any)
            {
                Array.Clear(a, 1, a.Length - 1);
                Array.Clear(a, 0, b.Length);
                Array.Clear(a, 0, 3);
                Array.Clear(any, 0, any.Length);
                Array.Clear(Get(), 0, 2);
                Array.Clear(array: a, index: 0, length: a.Length);
                Array.Clear(a);
            }
        """));

    // ---- Target frameworks: what the compilation offers ----

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task Old_targets_get_array_clear_with_a_range_and_no_fill(TestReferences references) => Verify(
        Wrap("""
                 void A(int[] a, int v)
                 {
                     [|for (int i = 0; i < a.Length; i++)|] a[i] = 0;
                     for (int i = 0; i < a.Length; i++) a[i] = v;
                     Array.Clear(a, 0, a.Length);
                 }
             """),
        Wrap("""
                 void A(int[] a, int v)
                 {
                     Array.Clear(a, 0, a.Length);
                     for (int i = 0; i < a.Length; i++) a[i] = v;
                     Array.Clear(a, 0, a.Length);
                 }
             """),
        references);

    [Theory]
    [InlineData("netcoreapp3.1", false)]
    [InlineData("net5.0", false)]
    [InlineData("net6.0", true)]
    [InlineData("net10.0", true)]
    public Task Fill_loops_fire_from_net_6_where_fill_is_vectorized_clear_loops_everywhere(string moniker, bool fill) =>
        Test(
                Wrap(fill
                    ? "    void A(int[] a, Span<int> s)\n    {\n        [|for (int i = 0; i < a.Length; i++)|] a[i] = 0;\n        [|for (int i = 0; i < a.Length; i++)|] a[i] = 1;\n        [|for (int i = 0; i < s.Length; i++)|] s[i] = 1;\n    }"
                    : "    void A(int[] a, Span<int> s)\n    {\n        [|for (int i = 0; i < a.Length; i++)|] a[i] = 0;\n        for (int i = 0; i < a.Length; i++) a[i] = 1;\n        for (int i = 0; i < s.Length; i++) s[i] = 1;\n    }"),
                Wrap(fill
                    ? "    void A(int[] a, Span<int> s)\n    {\n        Array.Clear(a);\n        Array.Fill(a, 1);\n        s.Fill(1);\n    }"
                    : "    void A(int[] a, Span<int> s)\n    {\n        Array.Clear(a);\n        for (int i = 0; i < a.Length; i++) a[i] = 1;\n        for (int i = 0; i < s.Length; i++) s[i] = 1;\n    }"))
            .WithTargetFramework(moniker)
            .RunAsync();

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF015UseClearOrFillAnalyzer, PERF015UseClearOrFillCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     void A(int[] a)
                     {
                         for (int i = 0; i < a.Length; i++) a[i] =
                         for (int i = 0; i < a.Lenght; i++) a[i] = 0;
                         for (int i = 0; i < ; i++) a[i] = 0;
                         Array.Clear(a, 0, );
                         Array.Clear(missing, 0, missing.Length);
                     }
             """),
        },
        References = TestReferences.Net80,
        AllowCompilerErrors = true,
    }.RunAsync();
}
