using System;
using System.Reflection;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>Issue #34: contiguous partial ranges (<c>start..start+count</c>, <c>[0, n)</c>, <c>[1, Length)</c>, <c>[first, last]</c>) and <c>while</c> loops.</summary>
public partial class PERF015UseClearOrFillTests
{
    // ---- Partial ranges ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Zeroing_a_range_becomes_array_clear_under_the_loops_first_test(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void Zero(int[] a, int start, int count, int n, int first, int last)
                 {
                     [|for (int i = start; i < start + count; i++)|] a[i] = 0;
                     [|for (int i = 0; i < n; i++)|] a[i] = 0;
                     [|for (int i = 1; i < a.Length; i++)|] a[i] = 0;
                     [|for (int i = first; i <= last; i++)|] a[i] = 0;
                     [|for (int i = 0; i < count; i++)|] a[start + i] = 0;
                     [|for (int i = 0; i <= n - 1; i++)|] a[i] = 0;
                     [|for (int i = 1; i <= n; i++)|] a[i - 1] = 0;
                     [|for (int i = start; i < count; i++)|] a[i + 2] = 0;
                     [|for (int i = 1; i < a.Length; i++)|] a[i - 1] = 0;
                     [|for (var i = 0; i < a.Length - 1; ++i)|]
                     {
                         a[i] = 0;
                     }
                 }
             """),
        Wrap("""
                 void Zero(int[] a, int start, int count, int n, int first, int last)
                 {
                     if (start + count > start) Array.Clear(a, start, count);
                     if (n > 0) Array.Clear(a, 0, n);
                     if (a.Length > 1) Array.Clear(a, 1, a.Length - 1);
                     if (last >= first) Array.Clear(a, first, last - first + 1);
                     if (count > 0) Array.Clear(a, start, count);
                     if (n - 1 >= 0) Array.Clear(a, 0, n - 1 + 1);
                     if (n >= 1) Array.Clear(a, 0, n);
                     if (count > start) Array.Clear(a, start + 2, count - start);
                     if (a.Length > 1) Array.Clear(a, 0, a.Length - 1);
                     if (a.Length - 1 > 0) Array.Clear(a, 0, a.Length - 1);
                 }
             """)));

    /// <summary>Arrays of value types and sealed classes get <c>AsSpan(...).Fill</c>; of other reference types <c>Array.Fill</c> with a range (covariance).</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Filling_a_range_becomes_as_span_fill_or_array_fill(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 int _count = 3;
                 void Fill(int[] a, byte[] b, string[] names, object[] items, int start, int count, int first, int last)
                 {
                     [|for (int i = start; i < count + start; i++)|] a[i] = 7;
                     [|for (int i = 1; a.Length > i; i += 1)|] a[i] = -1;
                     [|for (int i = first; i <= last; ++i)|] b[i] = 0xFF;
                     [|for (int i = 0; i < count; i++)|] names[i + start] = "x";
                     [|for (int i = 2; i < items.Length; i++)|] items[i] = "y";
                     [|for (int i = 0; i < _count; i++)|] items[i] = null;
                     [|for (int i = 0; i < 8; i++)|] a[i] = 2;
                 }
             """),
        Wrap("""
                 int _count = 3;
                 void Fill(int[] a, byte[] b, string[] names, object[] items, int start, int count, int first, int last)
                 {
                     if (count + start > start) a.AsSpan(start, count).Fill(7);
                     if (a.Length > 1) a.AsSpan(1).Fill(-1);
                     if (last >= first) b.AsSpan(first, last - first + 1).Fill(0xFF);
                     if (count > 0) names.AsSpan(start, count).Fill("x");
                     if (items.Length > 2) Array.Fill<object>(items, "y", 2, items.Length - 2);
                     if (_count > 0) Array.Clear(items, 0, _count);
                     a.AsSpan(0, 8).Fill(2);
                 }
             """)));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Span_ranges_become_slice_clear_and_fill(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void S(Span<int> s, ReadOnlySpan<byte> other, int start, int count)
                 {
                     [|for (int i = start; i < start + count; i++)|] s[i] = 0;
                     [|for (int i = 1; i < s.Length; i++)|] s[i] = 5;
                     [|for (int i = 0; i < count; i++)|] s[i] = 5;
                     [|for (int i = 0; i < other.Length; i++)|] s[i] = 0;
                 }
             """),
        Wrap("""
                 void S(Span<int> s, ReadOnlySpan<byte> other, int start, int count)
                 {
                     if (start + count > start) s.Slice(start, count).Clear();
                     if (s.Length > 1) s.Slice(1).Fill(5);
                     if (count > 0) s.Slice(0, count).Fill(5);
                     s.Slice(0, other.Length).Clear();
                 }
             """)));

    /// <summary>Formerly "not flagged": loops to a bound other than the length now fill that range, under the loop's first test.</summary>
    [Fact]
    public Task Loops_to_another_bound_fill_that_range() => Verify(
        Wrap("""
                 int _n = 4;
                 void Parameter(int[] a, int n) { [|for (int i = 0; i < n; i++)|] a[i] = 1; }
                 void Field() { var a = new int[_n]; [|for (int i = 0; i < _n; i++)|] a[i] = 1; }
                 void Larger(int n) { var a = new int[n + 1]; [|for (int i = 0; i < n; i++)|] a[i] = 1; }
                 void BoundWritten(int n) { var a = new int[n]; n--; [|for (int i = 0; i < n; i++)|] a[i] = 1; }
                 void ArrayWritten(int n, int[] other) { var a = new int[n]; a = other; [|for (int i = 0; i < n; i++)|] a[i] = 1; }
                 void Constant() { var a = new int[16]; [|for (int i = 0; i < 8; i++)|] a[i] = 1; }
                 void Other(int[] a, int[] b) { [|for (int i = 0; i < b.Length; i++)|] a[i] = 0; }
                 void WholeInclusive(int[] a) { [|for (int i = 0; i <= a.Length - 1; i++)|] a[i] = 0; }
                 void Twice(int[] a, int n) { [|for (int i = 0; i < n * 2; i++)|] a[i] = 0; }
             """),
        Wrap("""
                 int _n = 4;
                 void Parameter(int[] a, int n) { if (n > 0) a.AsSpan(0, n).Fill(1); }
                 void Field() { var a = new int[_n]; if (_n > 0) a.AsSpan(0, _n).Fill(1); }
                 void Larger(int n) { var a = new int[n + 1]; if (n > 0) a.AsSpan(0, n).Fill(1); }
                 void BoundWritten(int n) { var a = new int[n]; n--; if (n > 0) a.AsSpan(0, n).Fill(1); }
                 void ArrayWritten(int n, int[] other) { var a = new int[n]; a = other; if (n > 0) a.AsSpan(0, n).Fill(1); }
                 void Constant() { var a = new int[16]; a.AsSpan(0, 8).Fill(1); }
                 void Other(int[] a, int[] b) { if (b.Length > 0) Array.Clear(a, 0, b.Length); }
                 void WholeInclusive(int[] a) { Array.Clear(a); }
                 void Twice(int[] a, int n) { if (n * 2 > 0) Array.Clear(a, 0, n * 2); }
             """));

    [Fact]
    public Task The_message_gives_the_guarded_call()
    {
        var test = Test(Wrap("""
                 void A(int[] a, int n)
                 {
                     {|#0:for (int i = 0; i < n; i++)|} a[i] = 0;
                 }
             """));
        test.ExpectedDiagnostics.Add(RuleTest<PERF015UseClearOrFillAnalyzer, PERF015UseClearOrFillCodeFix>.Diagnostic().WithLocation(0)
            .WithMessage("Replace this loop with 'if (n > 0) Array.Clear(a, 0, n);', which clears or fills the range in one vectorized call"));
        return test.RunAsync();
    }

    [Fact]
    public Task Without_a_using_the_as_span_fix_adds_it() => Verify(
        "sealed class C\n{\n    void A(int[] a, int n)\n    {\n        [|for (int i = 0; i < n; i++)|] a[i] = 3;\n    }\n}\n",
        "using System;\n\nsealed class C\n{\n    void A(int[] a, int n)\n    {\n        if (n > 0) a.AsSpan(0, n).Fill(3);\n    }\n}\n");

    /// <summary>Not contiguous, not invariant, never run, always past the end, or a bound the stores could change.</summary>
    [Fact]
    public Task Range_lookalikes_are_not_flagged() => Verify(Wrap("""
            int[] Get() => new int[2];
            void A(int[] a, int start, int count, int n, ref int r, in int m)
            {
                for (int i = start; i < start + count; i += 2) a[i] = 0;
                for (int i = 0; i < n; i++) a[2 * i] = 0;
                for (int i = 0; i < n; i++) a[1 - i] = 0;
                for (int i = 1; i < n; i++) a[i - 2] = 0;
                for (int i = 0; i < n; i++) a[i] = i;
                for (int i = 0; i < n; i++) a[i] = a[n];
                for (int i = 0; i < a.Length; i++) a[i + start] = 0;
                for (int i = 0; i <= a.Length; i++) a[i] = 0;
                for (int i = -1; i < n; i++) a[i] = 0;
                for (int i = 5; i < 3; i++) a[i] = 0;
                for (int i = 3; i <= 2; i++) a[i] = 0;
                for (int i = 0; i < Get().Length; i++) a[i] = 0;
                for (int i = 0; i < r; i++) a[i] = 0;
                for (int i = 0; i < m; i++) a[i] = 0;
                for (int i = 0; i < a[0]; i++) a[i] = 5;
                ref int first = ref a[0];
                for (int i = 0; i < first; i++) a[i] = 5;
                for (int i = start; i > count; i++) a[i] = 0;
                for (int i = start; i < count; i--) a[i] = 0;
                for (int i = start; i != count; i++) a[i] = 0;
                for (int i = 0; i < n; i++) { a[i] = 0; n--; }
            }
            void S(Span<int> s, int n, int k)
            {
                ref int alias = ref n;
                for (int i = 0; i < n; i++) s[i] = 0;
                Bump(ref k);
                for (int i = 0; i < k; i++) s[i] = 1;
            }
            static void Bump(ref int k) => k++;
            """));

    // ---- while loops ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task While_loops_over_an_index_declared_right_before_them_are_flagged_up_or_down(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void W(int[] a, long[] b, Span<byte> s, int n, int start, int count)
                 {
                     int i = 0;
                     [|while (i < a.Length)|]
                     {
                         a[i] = 0;
                         i++;
                     }

                     // fill the prefix
                     int j = 0;
                     [|while (j < n)|] b[j++] = 7;

                     var k = start;
                     [|while (k < start + count)|] { s[k] = 0; k += 1; }

                     int m = 1;
                     [|while (a.Length > m)|] { a[m] = -1; ++m; }

                     int d = a.Length - 1;
                     [|while (d >= 0)|] a[d--] = 0;

                     int e = n;
                     [|while (e > 0)|] { b[e] = 3; e--; }
                 }
             """),
        Wrap("""
                 void W(int[] a, long[] b, Span<byte> s, int n, int start, int count)
                 {
                     Array.Clear(a);

                     // fill the prefix
                     if (n > 0) b.AsSpan(0, n).Fill(7);

                     if (start + count > start) s.Slice(start, count).Clear();

                     if (a.Length > 1) a.AsSpan(1).Fill(-1);

                     Array.Clear(a);

                     if (n >= 1) b.AsSpan(1, n).Fill(3);
                 }
             """)));

    /// <summary>The index read after the loop (its final value would be lost), declared elsewhere, or a body of another shape.</summary>
    [Fact]
    public Task While_lookalikes_are_not_flagged() => Verify(Wrap("""
            int After(int[] a) { int i = 0; while (i < a.Length) a[i++] = 0; return i; }
            void Written(int[] a) { int i = 0; while (i < a.Length) a[i++] = 0; i = 5; }
            void Captured(int[] a) { int i = 0; while (i < a.Length) a[i++] = 0; Func<int> f = () => i; }
            void Between(int[] a) { int i = 0; Console.WriteLine(); while (i < a.Length) a[i++] = 0; }
            void Parameter(int[] a, int i) { while (i < a.Length) a[i++] = 0; }
            void Two(int[] a) { int i = 0, j = 0; while (i < a.Length) a[i++] = j; }
            void PreIncrement(int[] a) { int i = 0; while (i < a.Length) a[++i] = 0; }
            void StepFirst(int[] a) { int i = 0; while (i < a.Length) { i++; a[i] = 0; } }
            void DoWhile(int[] a) { int i = 0; do a[i++] = 0; while (i < a.Length); }
            void Extra(int[] a) { int i = 0; while (i < a.Length) { a[i] = 0; i++; Console.WriteLine(); } }
            void Step2(int[] a) { int i = 0; while (i < a.Length) { a[i] = 0; i += 2; } }
            void Up(int[] a) { int i = a.Length - 1; while (i >= 0) a[i++] = 0; }
            void Down(int[] a) { int i = 0; while (i < a.Length) { a[i] = 0; i--; } }
            void Long(long[] a) { long i = 0; while (i < a.Length) a[i++] = 0; }
            void Value(int[] a) { int i = 0; while (i < a.Length) { a[i] = i; i++; } }
            void Outer(int[] a)
            {
                int i = 0;
                while (i < a.Length) a[i++] = 0;
                {
                    Console.WriteLine(i);
                }
            }
            """));

    // ---- Target frameworks ----

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task Old_targets_clear_ranges_and_leave_filling_ones(TestReferences references) => Verify(
        Wrap("""
                 void A(int[] a, int n)
                 {
                     [|for (int i = 1; i < n; i++)|] a[i] = 0;
                     for (int i = 1; i < n; i++) a[i] = 1;
                 }
             """),
        Wrap("""
                 void A(int[] a, int n)
                 {
                     if (n > 1) Array.Clear(a, 1, n - 1);
                     for (int i = 1; i < n; i++) a[i] = 1;
                 }
             """),
        references);

    [Theory]
    [InlineData("net5.0", false)]
    [InlineData("net6.0", true)]
    public Task Filling_ranges_fire_from_net_6(string moniker, bool fill) => Test(
            Wrap(fill
                ? "    void A(int[] a, int n)\n    {\n        [|for (int i = 0; i < n; i++)|] a[i] = 0;\n        [|for (int i = 0; i < n; i++)|] a[i] = 1;\n    }"
                : "    void A(int[] a, int n)\n    {\n        [|for (int i = 0; i < n; i++)|] a[i] = 0;\n        for (int i = 0; i < n; i++) a[i] = 1;\n    }"),
            Wrap(fill
                ? "    void A(int[] a, int n)\n    {\n        if (n > 0) Array.Clear(a, 0, n);\n        if (n > 0) a.AsSpan(0, n).Fill(1);\n    }"
                : "    void A(int[] a, int n)\n    {\n        if (n > 0) Array.Clear(a, 0, n);\n        for (int i = 0; i < n; i++) a[i] = 1;\n    }"))
        .WithTargetFramework(moniker)
        .RunAsync();

    /// <summary>AsSpan is .NET Core 2.1 / .NET Standard 2.1: a leg without it keeps the loop (and the while loop's index) behind #if; Array.Clear with a range is on every leg.</summary>
    [Fact]
    public Task Other_legs_keep_a_range_loop_behind_if() => Test(
            Wrap("""
                     void Tail(int[] a)
                     {
                         [|for (int i = 1; i < a.Length; i++)|]
                             a[i] = 1;
                     }

                     void Prefix(int[] a, int n)
                     {
                         int i = 0;
                         [|while (i < n)|]
                             a[i++] = 0;
                     }
                 """),
            Wrap("""
                     void Tail(int[] a)
                     {
                 #if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER
                         if (a.Length > 1) a.AsSpan(1).Fill(1);
                 #else
                         for (int i = 1; i < a.Length; i++)
                             a[i] = 1;
                 #endif
                     }

                     void Prefix(int[] a, int n)
                     {
                         if (n > 0) Array.Clear(a, 0, n);
                     }
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    // ---- The fix computes what the loop computes ----

    /// <summary>
    /// Random starts, counts and lengths, negative and past the end included: where the loop returns, the fix returns with
    /// the same array; where the loop throws, the fix throws too (the exception type may differ: the page says so).
    /// </summary>
    [Fact]
    public void The_fixed_code_stores_what_the_loop_stores()
    {
        using var code = LoadedCode.Compile(Header + """
            public static class P
            {
                public static void Before1(int[] a, int start, int count) { for (int i = start; i < start + count; i++) a[i] = 7; }
                public static void After1(int[] a, int start, int count) { if (start + count > start) a.AsSpan(start, count).Fill(7); }
                public static void Before2(int[] a, int start, int count) { for (int i = 0; i < count; i++) a[start + i] = 0; }
                public static void After2(int[] a, int start, int count) { if (count > 0) Array.Clear(a, start, count); }
                public static void Before3(int[] a, int start, int count) { for (int i = 1; i < a.Length; i++) a[i] = 5; }
                public static void After3(int[] a, int start, int count) { if (a.Length > 1) a.AsSpan(1).Fill(5); }
                public static void Before4(int[] a, int start, int count) { for (int i = start; i <= count; i++) a[i] = 0; }
                public static void After4(int[] a, int start, int count) { if (count >= start) Array.Clear(a, start, count - start + 1); }
                public static void Before5(int[] a, int start, int count) { string[] s = (string[])Array.ConvertAll(a, x => x.ToString()); object[] items = s; for (int i = start; i < a.Length; i++) items[i] = "y"; for (int i = 0; i < s.Length; i++) a[i] = s[i].Length; }
                public static void After5(int[] a, int start, int count) { string[] s = (string[])Array.ConvertAll(a, x => x.ToString()); object[] items = s; if (items.Length > start) Array.Fill<object>(items, "y", start, items.Length - start); for (int i = 0; i < s.Length; i++) a[i] = s[i].Length; }
                public static void Before6(int[] a, int start, int count) { Span<int> s = a; int i = start; while (i < count) s[i++] = 9; }
                public static void After6(int[] a, int start, int count) { Span<int> s = a; if (count > start) s.Slice(start, count - start).Fill(9); }
                public static void Before7(int[] a, int start, int count) { for (int i = 0; i < count; i++) a[i] = 0; }
                public static void After7(int[] a, int start, int count) { if (count > 0) Array.Clear(a, 0, count); }
                public static void Before8(int[] a, int start, int count) { for (int i = count - 1; i > start; i--) a[i] = 3; }
                public static void After8(int[] a, int start, int count) { if (count - 1 > start) a.AsSpan(start + 1, count - 1 - (start + 1) + 1).Fill(3); }
                public static void Before9(int[] a, int start, int count) { for (int i = a.Length - 1; i > 0; i--) a[i] = 4; }
                public static void After9(int[] a, int start, int count) { if (a.Length > 1) a.AsSpan(1).Fill(4); }
                public static void Before10(int[] a, int start, int count) { for (int i = 0; i <= count - 1; i++) a[i] = 0; }
                public static void After10(int[] a, int start, int count) { if (count - 1 >= 0) Array.Clear(a, 0, count - 1 + 1); }
                public static void Before11(int[] a, int start, int count) { for (int i = count; i >= start; i--) a[i] = 6; }
                public static void After11(int[] a, int start, int count) { if (count >= start) a.AsSpan(start, count - start + 1).Fill(6); }
                public static void Before12(int[] a, int start, int count) { for (int i = 1; i <= count; i++) a[i - 1] = 0; }
                public static void After12(int[] a, int start, int count) { if (count >= 1) Array.Clear(a, 0, count); }
                public static void Before13(int[] a, int start, int count) { for (int i = 2; i < count; i++) a[i + start] = 8; }
                public static void After13(int[] a, int start, int count) { if (count > 2) a.AsSpan(2 + start, count - 2).Fill(8); }
                public static void Before14(int[] a, int start, int count) { int i = count; while (i > start) { a[i] = 2; i--; } }
                public static void After14(int[] a, int start, int count) { if (count > start) a.AsSpan(start + 1, count - (start + 1) + 1).Fill(2); }
            }
            """);
        var random = new Random(15);
        for (var run = 0; run < 400; run++)
        {
            var length = random.Next(0, 12);
            // The extremes too: where start + 1 or start + count overflows, or count - 1 wraps, the loop and the fix must still agree.
            var start = random.Next(0, 4) == 0 ? int.MaxValue - random.Next(0, 4) : random.Next(-2, 14);
            var count = random.Next(0, 5) == 0 ? int.MinValue + random.Next(0, 2) : random.Next(-3, 14);
            for (var shape = 1; shape <= 14; shape++)
            {
                var seed = new int[length];
                for (var k = 0; k < length; k++)
                {
                    seed[k] = random.Next(1, 100);
                }

                var (before, beforeThrew) = Run(code, "Before" + shape, seed, start, count);
                var (after, afterThrew) = Run(code, "After" + shape, seed, start, count);
                Assert.True(beforeThrew == afterThrew, $"shape {shape}, length {length}, start {start}, count {count}: the loop {(beforeThrew ? "threw" : "returned")}, the fix {(afterThrew ? "threw" : "returned")}");
                if (!beforeThrew)
                {
                    Assert.Equal(before, after);
                }
            }
        }

        static (int[] Array, bool Threw) Run(LoadedCode code, string method, int[] seed, int start, int count)
        {
            var array = (int[])seed.Clone();
            try
            {
                code.Invoke(method, array, start, count);
                return (array, false);
            }
            catch (TargetInvocationException e) when (e.InnerException is IndexOutOfRangeException or ArgumentException)
            {
                return (array, true);
            }
        }
    }

    // ---- Broken code ----

    [Fact]
    public Task Broken_ranges_and_while_loops_do_not_crash() => new RuleTest<PERF015UseClearOrFillAnalyzer, PERF015UseClearOrFillCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     void A(int[] a, int n)
                     {
                         for (int i = n; i < ; i++) a[i] = 0;
                         for (int i = ; i < n; i++) a[i] = 0;
                         for (int i = 0; i < n + ; i++) a[i + ] = 0;
                         int j = 0;
                         while (j < missing) a[j++] = 0;
                         int k = 0;
                         while (k < n) { a[k] = ; k++; }
                         int m;
                         while (m < n) a[m++] = 0;
                     }
             """),
        },
        References = TestReferences.Net80,
        AllowCompilerErrors = true,
    }.RunAsync();
}
