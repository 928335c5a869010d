using System;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>PERF017 from a start other than 0 (issue #34): constant or variable starts, spans, several values, backward loops down to a bound.</summary>
public partial class PERF017UseIndexOfInsteadOfSearchLoopsTests
{
    /// <summary>
    /// A constant start other than 0 (issue #34): the call takes it as its start index, behind a length test, since the
    /// loop does nothing where the start lies past the end and the call would throw.
    /// </summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task A_constant_start_becomes_the_start_index(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 int AfterFirst(string s, char c)
                 {
                     [|for (int i = 1; i < s.Length; i++)|] if (s[i] == c) return i;
                     return -1;
                 }

                 int FromTwo(byte[] b)
                 {
                     [|for (int i = 2; i < b.Length; i++)|] if (b[i] == 7) return i;
                     return -1;
                 }

                 bool HasAfterFirst(string s)
                 {
                     [|for (int i = 1; i < s.Length; i++)|] if (s[i] == ',') return true;
                     return false;
                 }
             """),
        Wrap("""
                 int AfterFirst(string s, char c)
                 {
                     return s.Length > 1 ? s.IndexOf(c, 1) : -1;
                 }

                 int FromTwo(byte[] b)
                 {
                     return b.Length > 2 ? Array.IndexOf(b, (byte)7, 2) : -1;
                 }

                 bool HasAfterFirst(string s)
                 {
                     return s.Length > 1 && s.IndexOf(',', 1) >= 0;
                 }
             """)));

    /// <summary>
    /// A span, or two or three values, from a constant start (issue #34): the slice <c>Slice(K)</c> / <c>AsSpan(K)</c> is
    /// searched behind <c>X.Length &gt; K</c> and an index found gets K added back, -1 staying -1; found / not found needs
    /// no offset.
    /// </summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Spans_and_several_values_from_a_constant_start_add_the_start_back(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 int InSpan(ReadOnlySpan<char> s)
                 {
                     [|for (int i = 1; i < s.Length; i++)|] if (s[i] == ',') return i;
                     return -1;
                 }

                 int Separator(string s)
                 {
                     [|for (int j = 2; j < s.Length; j++)|] if (s[j] == ',' || s[j] == ';') return j;
                     return -1;
                 }

                 int Control(byte[] b)
                 {
                     [|for (int i = 4; i < b.Length; i++)|] if (b[i] == 0 || b[i] == 10 || b[i] == 13) return i;
                     return -1;
                 }

                 bool HasInSpan(Span<int> s, int v)
                 {
                     [|for (int i = 1; i < s.Length; i++)|] if (s[i] == v) return true;
                     return false;
                 }

                 bool HasSeparator(string s)
                 {
                     [|for (int i = 1; i < s.Length; i++)|] if (s[i] == ',' || s[i] == ';') return true;
                     return false;
                 }

                 int Stored(ReadOnlySpan<byte> data)
                 {
                     int at = -1;
                     [|for (int i = 2; i < data.Length; i++)|] if (data[i] == 0) { at = i; break; }
                     return at;
                 }
             """),
        Wrap("""
                 int InSpan(ReadOnlySpan<char> s)
                 {
                     if (s.Length > 1)
                     {
                         int i = s.Slice(1).IndexOf(',');
                         if (i >= 0)
                         {
                             return i + 1;
                         }
                     }
                     return -1;
                 }

                 int Separator(string s)
                 {
                     if (s.Length > 2)
                     {
                         int j = s.AsSpan(2).IndexOfAny(',', ';');
                         if (j >= 0)
                         {
                             return j + 2;
                         }
                     }
                     return -1;
                 }

                 int Control(byte[] b)
                 {
                     if (b.Length > 4)
                     {
                         int i = b.AsSpan(4).IndexOfAny((byte)0, (byte)10, (byte)13);
                         if (i >= 0)
                         {
                             return i + 4;
                         }
                     }
                     return -1;
                 }

                 bool HasInSpan(Span<int> s, int v)
                 {
                     return s.Length > 1 && s.Slice(1).IndexOf(v) >= 0;
                 }

                 bool HasSeparator(string s)
                 {
                     return s.Length > 1 && s.AsSpan(1).IndexOfAny(',', ';') >= 0;
                 }

                 int Stored(ReadOnlySpan<byte> data)
                 {
                     int at = -1;
                     if (data.Length > 2)
                     {
                         int i = data.Slice(2).IndexOf((byte)0);
                         if (i >= 0)
                         {
                             at = i + 2;
                         }
                     }
                     return at;
                 }
             """)));

    /// <summary>
    /// A backward loop down to a constant bound (<c>i &gt;= K</c>, <c>i &gt; K - 1</c>): the last match in <c>X[K..]</c>,
    /// <c>LastIndexOf</c> on the slice plus K; found / not found is the forward test.
    /// </summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Backward_loops_down_to_a_constant_bound_add_it_back(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 int LastSlash(string s)
                 {
                     [|for (int i = s.Length - 1; i >= 1; i--)|] if (s[i] == '/') return i;
                     return -1;
                 }

                 int LastZero(int[] a)
                 {
                     [|for (int i = a.Length - 1; i > 0; --i)|] if (a[i] == 0 || a[i] == -1) return i;
                     return -1;
                 }

                 bool Has(ReadOnlySpan<char> s, char c)
                 {
                     [|for (int i = s.Length - 1; 2 <= i; i--)|] if (s[i] == c) return true;
                     return false;
                 }
             """),
        Wrap("""
                 int LastSlash(string s)
                 {
                     if (s.Length > 1)
                     {
                         int i = s.AsSpan(1).LastIndexOf('/');
                         if (i >= 0)
                         {
                             return i + 1;
                         }
                     }
                     return -1;
                 }

                 int LastZero(int[] a)
                 {
                     if (a.Length > 1)
                     {
                         int i = a.AsSpan(1).LastIndexOfAny(0, -1);
                         if (i >= 0)
                         {
                             return i + 1;
                         }
                     }
                     return -1;
                 }

                 bool Has(ReadOnlySpan<char> s, char c)
                 {
                     return s.Length > 2 && s.Slice(2).IndexOf(c) >= 0;
                 }
             """)));

    /// <summary>
    /// A start held in a variable (<c>for (int i = start; ...)</c>): behind <c>X.Length &gt; start</c>, a signed test (the
    /// loop does nothing when start &gt;= Length; for a negative start the loop throws IndexOutOfRangeException and the
    /// call ArgumentOutOfRangeException: <c>(uint)start &lt; (uint)X.Length</c> would return -1 there instead).
    /// </summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task A_variable_start_is_searched_behind_a_length_test(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 private int _pos;

                 int From(string s, char c, int start)
                 {
                     [|for (int i = start; i < s.Length; i++)|] if (s[i] == c) return i;
                     return -1;
                 }

                 bool HasFrom(long[] a, long v, int start)
                 {
                     [|for (int i = start; i < a.Length; i++)|] if (a[i] == v) return true;
                     return false;
                 }

                 int After(ReadOnlySpan<char> s, int pos)
                 {
                     [|for (int i = pos + 1; i < s.Length; i++)|] if (s[i] == '"') return i;
                     return -1;
                 }

                 int NextSeparator(string s)
                 {
                     [|for (int i = _pos; i < s.Length; i++)|] if (s[i] == ',' || s[i] == ';') return i;
                     return -1;
                 }

                 int Stored(string s, char c, int start)
                 {
                     int found = -1;
                     [|for (int i = start; i < s.Length; i++)|] if (s[i] == c) { found = i; break; }
                     return found;
                 }
             """),
        Wrap("""
                 private int _pos;

                 int From(string s, char c, int start)
                 {
                     return s.Length > start ? s.IndexOf(c, start) : -1;
                 }

                 bool HasFrom(long[] a, long v, int start)
                 {
                     return a.Length > start && Array.IndexOf(a, v, start) >= 0;
                 }

                 int After(ReadOnlySpan<char> s, int pos)
                 {
                     if (s.Length > pos + 1)
                     {
                         int i = s.Slice(pos + 1).IndexOf('"');
                         if (i >= 0)
                         {
                             return i + (pos + 1);
                         }
                     }
                     return -1;
                 }

                 int NextSeparator(string s)
                 {
                     if (s.Length > _pos)
                     {
                         int i = s.AsSpan(_pos).IndexOfAny(',', ';');
                         if (i >= 0)
                         {
                             return i + _pos;
                         }
                     }
                     return -1;
                 }

                 int Stored(string s, char c, int start)
                 {
                     int found = s.Length > start ? s.IndexOf(c, start) : -1;
                     return found;
                 }
             """)));

    /// <summary>
    /// A backward loop from a start down to 0 (<c>for (int i = start; i &gt;= 0; i--)</c>): the last match in
    /// <c>X[..(start + 1)]</c>, behind <c>start &gt;= 0</c> (a negative start: the loop does nothing); a literal start needs
    /// no test, <c>pos - 1</c> gives the length <c>pos</c>. Down to K &gt; 0: <c>X.AsSpan(K, start + 1 - K)</c> behind
    /// <c>start &gt;= K</c>, K added back.
    /// </summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Backward_loops_from_a_start_search_the_prefix(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 int LastBefore(string s, char c, int start)
                 {
                     [|for (int i = start; i >= 0; i--)|] if (s[i] == c) return i;
                     return -1;
                 }

                 int LastBlank(char[] text, int pos)
                 {
                     [|for (int i = pos - 1; i >= 0; i--)|] if (text[i] == ' ' || text[i] == '\t') return i;
                     return -1;
                 }

                 bool SeenBefore(ReadOnlySpan<byte> data, int end)
                 {
                     [|for (int i = end; i > -1; i--)|] if (data[i] == 0) return true;
                     return false;
                 }

                 int LastAfterHeader(string s, int end)
                 {
                     [|for (int i = end; i >= 2; i--)|] if (s[i] == ',' || s[i] == ';') return i;
                     return -1;
                 }

                 bool HasInWindow(byte[] b, int end)
                 {
                     [|for (int i = end - 1; i > 0; i--)|] if (b[i] == 0) return true;
                     return false;
                 }

                 int BeforeLast(string s)
                 {
                     [|for (int i = s.Length - 2; i >= 0; i--)|] if (s[i] == ',') return i;
                     return -1;
                 }

                 int FixedHeader(byte[] b)
                 {
                     int at = -1;
                     [|for (int i = 15; i >= 0; --i)|] if (b[i] == 0) { at = i; break; }
                     return at;
                 }
             """),
        Wrap("""
                 int LastBefore(string s, char c, int start)
                 {
                     return start >= 0 ? s.AsSpan(0, start + 1).LastIndexOf(c) : -1;
                 }

                 int LastBlank(char[] text, int pos)
                 {
                     return pos - 1 >= 0 ? text.AsSpan(0, pos).LastIndexOfAny(' ', '\t') : -1;
                 }

                 bool SeenBefore(ReadOnlySpan<byte> data, int end)
                 {
                     return end >= 0 && data.Slice(0, end + 1).IndexOf((byte)0) >= 0;
                 }

                 int LastAfterHeader(string s, int end)
                 {
                     if (end >= 2)
                     {
                         int i = s.AsSpan(2, end - 1).LastIndexOfAny(',', ';');
                         if (i >= 0)
                         {
                             return i + 2;
                         }
                     }
                     return -1;
                 }

                 bool HasInWindow(byte[] b, int end)
                 {
                     return end - 1 >= 1 && b.AsSpan(1, end - 1).IndexOf((byte)0) >= 0;
                 }

                 int BeforeLast(string s)
                 {
                     return s.Length - 2 >= 0 ? s.AsSpan(0, s.Length - 1).LastIndexOf(',') : -1;
                 }

                 int FixedHeader(byte[] b)
                 {
                     int at = b.AsSpan(0, 16).LastIndexOf((byte)0);
                     return at;
                 }
             """)));

    /// <summary>The offset form in a multi-targeted project: the loop stays behind #if for the other legs, the "not found" after it shared.</summary>
    [Fact]
    public Task Multi_targeted_project_keeps_the_loop_for_the_offset_form() => Test(
            Wrap("""
                     int F(string s, int start)
                     {
                         [|for (int i = start; i < s.Length; i++)|] if (s[i] == ',' || s[i] == ';') return i;
                         return -1;
                     }
                 """),
            Wrap("""
                     int F(string s, int start)
                     {
                 #if NETCOREAPP3_0_OR_GREATER
                         if (s.Length > start)
                         {
                             int i = s.AsSpan(start).IndexOfAny(',', ';');
                             if (i >= 0)
                             {
                                 return i + start;
                             }
                         }
                 #else
                         for (int i = start; i < s.Length; i++) if (s[i] == ',' || s[i] == ';') return i;
                 #endif
                         return -1;
                     }
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    [Fact]
    public Task Message_shows_the_offset_fix_up()
    {
        var test = Test(Wrap("    int F(ReadOnlySpan<char> s) { {|#0:for (int i = 1; i < s.Length; i++)|} if (s[i] == ',') return i; return -1; }"),
            Wrap("    int F(ReadOnlySpan<char> s) { if (s.Length > 1) { int i = s.Slice(1).IndexOf(','); if (i >= 0) { return i + 1; } } return -1; }"));
        test.ExpectedDiagnostics.Add(RuleTest<PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer, PERF017UseIndexOfInsteadOfSearchLoopsCodeFix>.Diagnostic()
            .WithLocation(0).WithMessage("This loop looks for the first element equal to a value one element at a time; 'if (s.Length > 1) { int i = s.Slice(1).IndexOf(','); if (i >= 0) return i + 1; } return -1;' computes the same index with a vectorized search"));
        return test.RunAsync();
    }
}
