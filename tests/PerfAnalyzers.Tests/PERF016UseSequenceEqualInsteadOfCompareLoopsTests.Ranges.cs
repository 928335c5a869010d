using System;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// PERF016 over a constant start and over a range (<c>start</c>, <c>count</c>) of both sequences (issue #34). A range is
/// reported only where early exits before the loop prove it inside both sequences: the loop may return false before it
/// reaches an index past the end, where <c>AsSpan(start, count)</c> throws.
/// </summary>
public partial class PERF016UseSequenceEqualInsteadOfCompareLoopsTests
{
    // ---- A constant start, after the length check ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task A_constant_start_compares_the_rest_behind_the_loops_emptiness_test(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 bool SameTail(byte[] a, byte[] b)
                 {
                     if (a.Length != b.Length) return false;
                     [|for (int i = 1; i < a.Length; i++)|] if (a[i] != b[i]) return false;
                     return true;
                 }

                 bool SameAfterHeader(ReadOnlySpan<char> x, ReadOnlySpan<char> y)
                 {
                     if (x.Length != y.Length) return false;
                     bool equal = true;
                     [|for (int i = 4; y.Length > i; ++i)|]
                     {
                         if (x[i] != y[i])
                         {
                             equal = false;
                             break;
                         }
                     }

                     return equal;
                 }
             """),
        Wrap("""
                 bool SameTail(byte[] a, byte[] b)
                 {
                     if (a.Length != b.Length) return false;
                     return a.Length <= 1 || a.AsSpan(1).SequenceEqual(b.AsSpan(1));
                 }

                 bool SameAfterHeader(ReadOnlySpan<char> x, ReadOnlySpan<char> y)
                 {
                     if (x.Length != y.Length) return false;
                     return y.Length <= 4 || x.Slice(4).SequenceEqual(y.Slice(4));
                 }
             """)));

    /// <summary>A variable start that a check proves not negative: the same emptiness test.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task A_variable_start_proven_not_negative_is_the_same(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 bool SameFrom(byte[] a, byte[] b, int offset)
                 {
                     if (offset < 0) throw new ArgumentOutOfRangeException(nameof(offset));
                     if (a.Length != b.Length) return false;
                     [|for (int i = offset; i < a.Length; i++)|] if (a[i] != b[i]) return false;
                     return true;
                 }

                 bool NotProven(byte[] a, byte[] b, int offset)
                 {
                     if (offset > 0) throw new ArgumentOutOfRangeException(nameof(offset));
                     if (a.Length != b.Length) return false;
                     for (int i = offset; i < a.Length; i++) if (a[i] != b[i]) return false;
                     return true;
                 }

                 bool Moved(byte[] a, byte[] b, int offset)
                 {
                     if (offset < 0) throw new ArgumentOutOfRangeException(nameof(offset));
                     offset--;
                     if (a.Length != b.Length) return false;
                     for (int i = offset; i < a.Length; i++) if (a[i] != b[i]) return false;
                     return true;
                 }
             """),
        Wrap("""
                 bool SameFrom(byte[] a, byte[] b, int offset)
                 {
                     if (offset < 0) throw new ArgumentOutOfRangeException(nameof(offset));
                     if (a.Length != b.Length) return false;
                     return a.Length <= offset || a.AsSpan(offset).SequenceEqual(b.AsSpan(offset));
                 }

                 bool NotProven(byte[] a, byte[] b, int offset)
                 {
                     if (offset > 0) throw new ArgumentOutOfRangeException(nameof(offset));
                     if (a.Length != b.Length) return false;
                     for (int i = offset; i < a.Length; i++) if (a[i] != b[i]) return false;
                     return true;
                 }

                 bool Moved(byte[] a, byte[] b, int offset)
                 {
                     if (offset < 0) throw new ArgumentOutOfRangeException(nameof(offset));
                     offset--;
                     if (a.Length != b.Length) return false;
                     for (int i = offset; i < a.Length; i++) if (a[i] != b[i]) return false;
                     return true;
                 }
             """)));

    // ---- A range proven inside both sequences ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task A_range_proven_inside_both_becomes_SequenceEqual_of_the_slices(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 bool SameRange(byte[] a, byte[] b, int start, int count)
                 {
                     if (start < 0 || a.Length - start < count || b.Length - start < count) return false;
                     [|for (int i = start; i < start + count; i++)|] if (a[i] != b[i]) return false;
                     return true;
                 }

                 bool SameAt(int[] a, int offsetA, int[] b, int offsetB, int count)
                 {
                     if (offsetA < 0 || offsetB < 0 || count < 0)
                     {
                         throw new ArgumentOutOfRangeException(nameof(count));
                     }

                     if (offsetA > a.Length - count || count > b.Length - offsetB) throw new ArgumentException("range");
                     [|for (int i = 0; i < count; i++)|]
                     {
                         if (a[offsetA + i] != b[i + offsetB])
                         {
                             return false;
                         }
                     }

                     return true;
                 }

                 bool SamePrefix(ReadOnlySpan<char> x, Span<char> y, int n)
                 {
                     if (x.Length < n || n > y.Length) return false;
                     [|for (int i = 0; i < n; i++)|] if (x[i] != y[i]) return false;
                     return true;
                 }
             """),
        Wrap("""
                 bool SameRange(byte[] a, byte[] b, int start, int count)
                 {
                     if (start < 0 || a.Length - start < count || b.Length - start < count) return false;
                     return count <= 0 || a.AsSpan(start, count).SequenceEqual(b.AsSpan(start, count));
                 }

                 bool SameAt(int[] a, int offsetA, int[] b, int offsetB, int count)
                 {
                     if (offsetA < 0 || offsetB < 0 || count < 0)
                     {
                         throw new ArgumentOutOfRangeException(nameof(count));
                     }

                     if (offsetA > a.Length - count || count > b.Length - offsetB) throw new ArgumentException("range");
                     return a.AsSpan(offsetA, count).SequenceEqual(b.AsSpan(offsetB, count));
                 }

                 bool SamePrefix(ReadOnlySpan<char> x, Span<char> y, int n)
                 {
                     if (x.Length < n || n > y.Length) return false;
                     return n <= 0 || x.Slice(0, n).SequenceEqual(y.Slice(0, n));
                 }
             """)));

    /// <summary>The bound written <c>count + start</c>, one array compared at two offsets, a constant count, and the flag-and-break form over a range.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Range_variants_become_SequenceEqual(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 bool CountFirst(long[] a, long[] b, int start, int count)
                 {
                     if (start < 0) throw new ArgumentOutOfRangeException(nameof(start));
                     if (count > a.Length - start || count > b.Length - start) throw new ArgumentOutOfRangeException(nameof(count));
                     [|for (int i = start; i < count + start; i++)|] if (a[i] != b[i]) return false;
                     return true;
                 }

                 bool Halves(ushort[] a, int half)
                 {
                     if (half < 0 || a.Length < half || a.Length - half < half) return false;
                     [|for (int i = 0; i < half; i++)|] if (a[i] != a[half + i]) return false;
                     return true;
                 }

                 bool Block(byte[] a, byte[] b, int at)
                 {
                     if (at < 0 || a.Length - at < 16 || 16 > b.Length) return false;
                     bool equal = true;
                     [|for (int i = 0; i < 16; i++)|]
                     {
                         if (a[at + i] != b[i])
                         {
                             equal = false;
                             break;
                         }
                     }

                     return equal;
                 }
             """),
        Wrap("""
                 bool CountFirst(long[] a, long[] b, int start, int count)
                 {
                     if (start < 0) throw new ArgumentOutOfRangeException(nameof(start));
                     if (count > a.Length - start || count > b.Length - start) throw new ArgumentOutOfRangeException(nameof(count));
                     return count <= 0 || a.AsSpan(start, count).SequenceEqual(b.AsSpan(start, count));
                 }

                 bool Halves(ushort[] a, int half)
                 {
                     if (half < 0 || a.Length < half || a.Length - half < half) return false;
                     return a.AsSpan(0, half).SequenceEqual(a.AsSpan(half, half));
                 }

                 bool Block(byte[] a, byte[] b, int at)
                 {
                     if (at < 0 || a.Length - at < 16 || 16 > b.Length) return false;
                     return a.AsSpan(at, 16).SequenceEqual(b.AsSpan(0, 16));
                 }
             """)));

    /// <summary>The checks as the <c>&amp;&amp;</c> terms of an <c>if</c> around the loop, and as exits in an enclosing block.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Checks_around_the_loop_prove_the_range(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 bool Inside(byte[] a, byte[] b, int start, int count)
                 {
                     if (start >= 0 && count >= 0 && a.Length - start >= count && count <= b.Length - start)
                     {
                         [|for (int i = start; i < start + count; i++)|] if (a[i] != b[i]) return false;
                         return true;
                     }

                     return false;
                 }

                 bool Outer(byte[] a, byte[] b, int at, int n, bool strict)
                 {
                     if (at < 0 || a.Length - at < n) throw new ArgumentOutOfRangeException(nameof(n));
                     if (strict)
                     {
                         if (b.Length - at < n) return false;
                         [|for (int i = 0; i < n; i++)|] if (a[at + i] != b[at + i]) return false;
                         return true;
                     }

                     return false;
                 }
             """),
        Wrap("""
                 bool Inside(byte[] a, byte[] b, int start, int count)
                 {
                     if (start >= 0 && count >= 0 && a.Length - start >= count && count <= b.Length - start)
                     {
                         return a.AsSpan(start, count).SequenceEqual(b.AsSpan(start, count));
                     }

                     return false;
                 }

                 bool Outer(byte[] a, byte[] b, int at, int n, bool strict)
                 {
                     if (at < 0 || a.Length - at < n) throw new ArgumentOutOfRangeException(nameof(n));
                     if (strict)
                     {
                         if (b.Length - at < n) return false;
                         return n <= 0 || a.AsSpan(at, n).SequenceEqual(b.AsSpan(at, n));
                     }

                     return false;
                 }
             """)));

    /// <summary>Checks whose truth does not reach the loop: an else branch, an <c>||</c>, a local function or lambda (callable before the checks), a <c>break</c>.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Checks_that_do_not_hold_at_the_loop_prove_nothing(LanguageVersion version) => Languages.At(version, () => Verify(Wrap("""
            bool Else(byte[] a, byte[] b, int start, int count)
            {
                if (start >= 0 && a.Length - start >= count && b.Length - start >= count)
                {
                    return false;
                }
                else
                {
                    for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false;
                    return true;
                }
            }

            bool Either(byte[] a, byte[] b, int start, int count)
            {
                if (start >= 0 || a.Length - start >= count || b.Length - start >= count)
                {
                    for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false;
                    return true;
                }

                return false;
            }

            bool Local(byte[] a, byte[] b, int start, int count)
            {
                if (start < 0 || a.Length - start < count || b.Length - start < count) return false;
                return Compare();

                bool Compare()
                {
                    for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false;
                    return true;
                }
            }

            bool Lambda(byte[] a, byte[] b, int start, int count)
            {
                if (start < 0 || a.Length - start < count || b.Length - start < count) return false;
                Func<bool> compare = () =>
                {
                    for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false;
                    return true;
                };
                return compare();
            }

            bool Breaks(byte[] a, byte[] b, int start, int count)
            {
                while (true)
                {
                    if (start < 0 || a.Length - start < count || b.Length - start < count) break;
                    for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false;
                    return true;
                }

                return false;
            }
            """)));

    [Fact]
    public Task Multi_targeted_project_keeps_the_ranged_loop_for_other_legs() => Test(
            Wrap("""
                     bool SameRange(byte[] a, byte[] b, int start, int count)
                     {
                         if (start < 0 || a.Length - start < count || b.Length - start < count) return false;
                         [|for (int i = start; i < start + count; i++)|] if (a[i] != b[i]) return false;
                         return true;
                     }
                 """),
            Wrap("""
                 #if NETCOREAPP3_0_OR_GREATER
                     bool SameRange(byte[] a, byte[] b, int start, int count)
                     {
                         if (start < 0 || a.Length - start < count || b.Length - start < count) return false;
                         return count <= 0 || a.AsSpan(start, count).SequenceEqual(b.AsSpan(start, count));
                     }
                 #else
                     bool SameRange(byte[] a, byte[] b, int start, int count)
                     {
                         if (start < 0 || a.Length - start < count || b.Length - start < count) return false;
                         for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false;
                         return true;
                     }
                 #endif
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    // ---- Ranges not proven inside both sequences, and other lookalikes ----

    /// <summary>
    /// Without checks (the catalog's bare shapes) the loop returns false at the first difference even when the range runs past
    /// the end of an array, where AsSpan throws; <c>start + count &gt; a.Length</c> does not prove the range (the sum wraps
    /// past int.MaxValue: the loop then does nothing and AsSpan throws).
    /// </summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Ranges_not_proven_inside_both_are_not_flagged(LanguageVersion version) => Languages.At(version, () => Verify(Wrap("""
            byte[] _a = new byte[0];

            bool NoChecks(byte[] a, byte[] b, int start, int count) { for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool NoChecksAt(byte[] a, int offsetA, byte[] b, int offsetB, int count) { for (int i = 0; i < count; i++) if (a[offsetA + i] != b[offsetB + i]) return false; return true; }
            bool Sum(byte[] a, byte[] b, int start, int count) { if (start < 0 || count < 0 || start + count > a.Length || start + count > b.Length) return false; for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool NoLower(byte[] a, byte[] b, int start, int count) { if (a.Length - start < count || b.Length - start < count) return false; for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool OneSide(byte[] a, byte[] b, int start, int count) { if (start < 0 || a.Length - start < count) return false; for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool OtherOffset(byte[] a, int offsetA, byte[] b, int offsetB, int count) { if (offsetA < 0 || offsetB < 0 || a.Length - offsetA < count || b.Length - offsetA < count) return false; for (int i = 0; i < count; i++) if (a[offsetA + i] != b[offsetB + i]) return false; return true; }
            bool Stays(byte[] a, byte[] b, int start, int count) { if (start < 0 || a.Length - start < count || b.Length - start < count) Console.WriteLine(); for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool Nested(byte[] a, byte[] b, int start, int count, bool strict) { if (strict) { if (start < 0 || a.Length - start < count || b.Length - start < count) return false; } for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool After(byte[] a, byte[] b, int start, int count) { for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; if (start < 0 || a.Length - start < count || b.Length - start < count) return false; return true; }
            bool Backwards(byte[] a, byte[] b, int start, int count) { if (0 < start || a.Length - start > count || b.Length - start > count) return false; for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool Grows(byte[] a, byte[] b, int start, int count) { if (start < 0 || a.Length - start < count || b.Length - start < count) return false; count++; for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool Moves(byte[] a, byte[] b, int start, int count) { if (start < 0 || a.Length - start < count || b.Length - start < count) return false; Action move = () => start = -1; move(); for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool Swaps(byte[] a, byte[] b, int start, int count) { if (start < 0 || a.Length - start < count || b.Length - start < count) return false; a = new byte[0]; for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool Field(byte[] b, int start, int count) { if (start < 0 || _a.Length - start < count || b.Length - start < count) return false; for (int i = start; i < start + count; i++) if (_a[i] != b[i]) return false; return true; }
            bool ByRef(byte[] a, byte[] b, int start, ref int count) { if (start < 0 || a.Length - start < count || b.Length - start < count) return false; for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool Jumps(byte[] a, byte[] b, int start, int count) { if (count == 1) goto compare; if (start < 0 || a.Length - start < count || b.Length - start < count) return false; compare: Console.WriteLine(); for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool Itself(byte[] a, int start, int count) { if (start < 0 || a.Length - start < count) return false; for (int i = start; i < start + count; i++) if (a[i] != a[i]) return false; return true; }
            bool Doubles(double[] a, double[] b, int start, int count) { if (start < 0 || a.Length - start < count || b.Length - start < count) return false; for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool Strings(string a, string b, int start, int count) { if (start < 0 || a.Length - start < count || b.Length - start < count) return false; for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool OtherStart(byte[] a, byte[] b, int start, int from, int count) { if (start < 0 || from < 0 || a.Length - start < count || b.Length - start < count) return false; for (int i = from; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
            bool OtherCount(byte[] a, byte[] b, int start, int count, int n) { if (start < 0 || a.Length - start < count || b.Length - start < count) return false; for (int i = start; i < start + n; i++) if (a[i] != b[i]) return false; return true; }
            bool StartsAtOne(byte[] a, byte[] b, int at, int count) { if (at < 0 || a.Length - at < count || b.Length - at < count) return false; for (int i = 1; i < count; i++) if (a[at + i] != b[at + i]) return false; return true; }
            bool LongCount(byte[] a, byte[] b, long count) { if (a.Length < count || b.Length < count) return false; for (int i = 0; i < count; i++) if (a[i] != b[i]) return false; return true; }
            bool NoneCompared(byte[] a, byte[] b) { for (int i = 0; i < 0; i++) if (a[i] != b[i]) return false; return true; }
            int Index(byte[] a, byte[] b, int count) { if (a.Length < count || b.Length < count) return -1; for (int i = 0; i < count; i++) if (a[i] != b[i]) return i; return -1; }
            bool FlagUnchecked(byte[] a, byte[] b, int count)
            {
                bool equal = true;
                for (int i = 0; i < count; i++) { if (a[i] != b[i]) { equal = false; break; } }
                return equal;
            }
            """)));

    [Fact]
    public Task Broken_ranges_do_not_crash() => new RuleTest<PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer, PERF016UseSequenceEqualInsteadOfCompareLoopsCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     bool A(byte[] a, byte[] b, int start, int count)
                     {
                         if (start < 0 || a.Length - start < || b.Length - start < count) return false;
                         for (int i = start; i < start + ; i++) if (a[i] != b[i]) return false;
                         return true;
                     }

                     bool B(byte[] a, byte[] b, int count)
                     {
                         if (a.Length < count || b.Length < count) return false;
                         for (int i = 0; i < count; i++) if (a[missing + i] != b[i]) return false;
                         return true;
                     }

                     bool C(byte[] a, byte[] b)
                     {
                         if (a.Length != b.Length) return false;
                         for (int i = 1; i < a.Lenght; i++) if (a[i] != b[i]) return false;
                         return true;
                     }

                     bool D(byte[] a, byte[] b, int count)
                     {
                         if (a.Length < count || b.Length < count) return false;
                         for (int i = 0; i < count; i++) if (a[i +] != b[i]) return false;
                         return;
                     }
             """),
        },
        References = TestReferences.Net80,
        AllowCompilerErrors = true,
    }.RunAsync();
}
