using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF015UseClearOrFillTests
{
    // ---- Loops ----

    [Fact]
    public Task Zeroing_loops_become_clear() => Verify(
        Wrap("""
                 void A(int[] a)
                 {
                     [|for (int i = 0; i < a.Length; i++)|]
                     {
                         a[i] = 0;
                     }
                 }

                 void B(string?[] names)
                 {
                     [|for (var i = 0; i < names.Length; ++i)|] names[i] = null;
                 }

                 void D(bool[] flags, char[] chars, double[] values, DateTime[] times)
                 {
                     [|for (int i = 0; i < flags.Length; i += 1)|] flags[i] = false;
                     [|for (int i = 0; i < chars.Length; i++)|] chars[i] = '\0';
                     [|for (int i = 0; i < values.Length; i++)|] values[i] = 0.0;
                     [|for (int i = 0; i < times.Length; i++)|] times[i] = default;
                 }
             """),
        Wrap("""
                 void A(int[] a)
                 {
                     Array.Clear(a);
                 }

                 void B(string?[] names)
                 {
                     Array.Clear(names);
                 }

                 void D(bool[] flags, char[] chars, double[] values, DateTime[] times)
                 {
                     Array.Clear(flags);
                     Array.Clear(chars);
                     Array.Clear(values);
                     Array.Clear(times);
                 }
             """));

    /// <summary>Walking backwards over every element stores the same values: the order cannot be observed.</summary>
    [Fact]
    public Task Backward_loops_over_every_element_are_flagged() => Verify(
        Wrap("""
                 void A(int[] a, byte[] b, long[] c, char[] d, Span<int> s)
                 {
                     [|for (int i = a.Length - 1; i >= 0; i--)|] a[i] = 0;
                     [|for (int i = b.Length - 1; i > -1; --i)|] b[i] = 0xFF;
                     [|for (var i = c.Length - 1; 0 <= i; i -= 1)|] c[i] = 7;
                     [|for (int i = d.Length - 1; -1 < i; i--)|] d[i] = '\0';
                     [|for (int i = s.Length - 1; i >= 0; i--)|] s[i] = 3;
                 }
             """),
        Wrap("""
                 void A(int[] a, byte[] b, long[] c, char[] d, Span<int> s)
                 {
                     Array.Clear(a);
                     Array.Fill<byte>(b, 0xFF);
                     Array.Fill<long>(c, 7);
                     Array.Clear(d);
                     s.Fill(3);
                 }
             """));

    /// <summary>The bound written first (<c>a.Length &gt; i</c>) and the step written <c>i += 1</c> (issue #34).</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Bound_written_first_is_the_same_loop(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void A(int[] a, long[] c, Span<int> s)
                 {
                     [|for (int i = 0; a.Length > i; i += 1)|] a[i] = 0;
                     [|for (var i = 0; c.Length > i; i++)|] c[i] = 7;
                     [|for (int i = 0; s.Length > i; ++i)|] s[i] = 3;
                     for (int i = 0; a.Length > i + 1; i++) a[i] = 1;
                     for (int i = 0; c.Length >= i; i++) c[i] = 2;
                 }
             """),
        Wrap("""
                 void A(int[] a, long[] c, Span<int> s)
                 {
                     Array.Clear(a);
                     Array.Fill<long>(c, 7);
                     s.Fill(3);
                     for (int i = 0; a.Length > i + 1; i++) a[i] = 1;
                     for (int i = 0; c.Length >= i; i++) c[i] = 2;
                 }
             """)));

    /// <summary>Backward loops over part of the array (issue #34) are ranges; skipping elements, or a range that never runs or always runs past the end, is not.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Backward_loops_over_part_of_the_array_are_ranges(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void A(int[] a, int[] b, byte[] c, int lo, int hi)
                 {
                     [|for (int i = a.Length - 1; i > 0; i--)|] a[i] = 0;
                     [|for (int i = a.Length - 2; i >= 0; i--)|] a[i] = 0;
                     [|for (int i = a.Length; i > 0; i--)|] a[i - 1] = 0;
                     for (int i = a.Length - 1; i >= 0; i -= 2) a[i] = 0;
                     for (int i = a.Length; i >= 0; i--) a[i] = 0;
                     for (int i = 3; i >= 5; i--) a[i] = 0;
                     [|for (int i = b.Length - 1; i >= 0; i--)|] a[i] = 0;
                     [|for (int i = a.Length - 1; i >= 1; --i)|] a[i] = 0;
                     [|for (int i = hi; i >= lo; i -= 1)|] c[i] = 0xFF;
                     [|for (int i = hi - 1; lo < i; i--)|] c[i] = 1;
                 }
             """),
        Wrap("""
                 void A(int[] a, int[] b, byte[] c, int lo, int hi)
                 {
                     if (a.Length > 1) Array.Clear(a, 1, a.Length - 1);
                     if (a.Length - 2 >= 0) Array.Clear(a, 0, a.Length - 2 + 1);
                     Array.Clear(a);
                     for (int i = a.Length - 1; i >= 0; i -= 2) a[i] = 0;
                     for (int i = a.Length; i >= 0; i--) a[i] = 0;
                     for (int i = 3; i >= 5; i--) a[i] = 0;
                     if (b.Length > 0) Array.Clear(a, 0, b.Length);
                     if (a.Length > 1) Array.Clear(a, 1, a.Length - 1);
                     if (hi >= lo) c.AsSpan(lo, hi - lo + 1).Fill(0xFF);
                     if (hi - 1 > lo) c.AsSpan(lo + 1, hi - 1 - (lo + 1) + 1).Fill(1);
                 }
             """)));

    /// <summary>A bound other than Length that is the array's creation length (neither it nor the array written again) is the whole array.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Loops_to_the_creation_length_cover_the_whole_array(LanguageVersion version) => Languages.At(version, () => Verify(
            Wrap("""
                     int[] Minus(int n)
                     {
                         var result = new int[n];
                         [|for (int i = 0; i < n; i++)|] result[i] = -1;
                         return result;
                     }

                     byte[] Zero(byte[] seed)
                     {
                         byte[] b = new byte[16];
                         seed.CopyTo(b, 0);
                         [|for (int i = 0; i < 16; i++)|] b[i] = 0;
                         return b;
                     }

                     long[] Counted(string s)
                     {
                         int count = s.Length;
                         var values = new long[count];
                         [|for (var i = 0; i < count; ++i)|]
                         {
                             values[i] = 7;
                         }

                         return values;
                     }
                 """),
            Wrap("""
                     int[] Minus(int n)
                     {
                         var result = new int[n];
                         Array.Fill(result, -1);
                         return result;
                     }

                     byte[] Zero(byte[] seed)
                     {
                         byte[] b = new byte[16];
                         seed.CopyTo(b, 0);
                         Array.Clear(b);
                         return b;
                     }

                     long[] Counted(string s)
                     {
                         int count = s.Length;
                         var values = new long[count];
                         Array.Fill<long>(values, 7);

                         return values;
                     }
                 """)));

    [Fact]
    public Task Filling_loops_become_fill() => Verify(
        Wrap("""
                 int _seed = 7;
                 void A(int[] a, int v)
                 {
                     [|for (int i = 0; i < a.Length; i++)|] a[i] = 5;
                     [|for (int i = 0; i < a.Length; i++)|] a[i] = v;
                     [|for (int i = 0; i < a.Length; i++)|] a[i] = _seed;
                 }

                 void B(byte[] bytes, object[] items, double[] values, decimal[] money)
                 {
                     [|for (int i = 0; i < bytes.Length; i++)|] bytes[i] = 0xFF;
                     [|for (int i = 0; i < items.Length; i++)|] items[i] = "x";
                     [|for (int i = 0; i < values.Length; i++)|] values[i] = -0.0;
                     [|for (int i = 0; i < money.Length; i++)|] money[i] = 0.0m;
                 }
             """),
        Wrap("""
                 int _seed = 7;
                 void A(int[] a, int v)
                 {
                     Array.Fill(a, 5);
                     Array.Fill(a, v);
                     Array.Fill(a, _seed);
                 }

                 void B(byte[] bytes, object[] items, double[] values, decimal[] money)
                 {
                     Array.Fill<byte>(bytes, 0xFF);
                     Array.Fill<object>(items, "x");
                     Array.Fill(values, -0.0);
                     Array.Fill(money, 0.0m);
                 }
             """));

    [Fact]
    public Task Span_loops_become_span_clear_and_fill() => Verify(
        Wrap("""
                 void A(Span<int> s, int v)
                 {
                     [|for (int i = 0; i < s.Length; i++)|] s[i] = 0;
                     [|for (int i = 0; i < s.Length; i++)|] s[i] = v;
                 }

                 void B()
                 {
                     Span<byte> buffer = stackalloc byte[16];
                     [|for (int i = 0; i < buffer.Length; i++)|] buffer[i] = 0x20;
                 }
             """),
        Wrap("""
                 void A(Span<int> s, int v)
                 {
                     s.Clear();
                     s.Fill(v);
                 }

                 void B()
                 {
                     Span<byte> buffer = stackalloc byte[16];
                     buffer.Fill(0x20);
                 }
             """));

    [Fact]
    public Task Without_a_using_the_fix_qualifies_Array() => Verify(
        "sealed class C\n{\n    void A(int[] a)\n    {\n        [|for (int i = 0; i < a.Length; i++)|] a[i] = 3;\n    }\n}\n",
        "sealed class C\n{\n    void A(int[] a)\n    {\n        System.Array.Fill(a, 3);\n    }\n}\n");
}
