using System;
using System.Reflection;
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
    /// no test, <c>pos - 1</c> gives the length <c>pos</c>.
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

    /// <summary>
    /// Starts the rewrite cannot take exactly: a negative constant; a backward loop down to a variable bound (a negative
    /// bound: the loop returns a match found before it reaches -1, the call throws) or from a variable start; a start
    /// read with side effects or that may change (a call, a property, a ref local, checked arithmetic, two variables),
    /// or that reads the searched value or the stored result.
    /// </summary>
    [Fact]
    public Task Start_lookalikes_are_not_flagged() => Verify(Wrap("""
            int Next() => 1;
            int Start { get; set; }
            int Negative(string s) { for (int i = -1; i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int NegativeBound(string s) { for (int i = s.Length - 1; i >= -1; i--) if (s[i] == ',') return i; return -1; }
            int DownToVariable(string s, int start) { for (int i = s.Length - 1; i >= start; i--) if (s[i] == ',') return i; return -1; }
            bool HasDownToVariable(string s, int start) { for (int i = s.Length - 1; i >= start; i--) if (s[i] == ',') return true; return false; }
            int BackFromVariableToOne(string s, int start) { for (int i = start; i >= 1; i--) if (s[i] == ',') return i; return -1; }
            int BackFromProperty(string s) { for (int i = Start; i >= 0; i--) if (s[i] == ',') return i; return -1; }
            int BackFromLength(string s) { for (int i = s.Length - 2; i >= 0; i--) if (s[i] == ',') return i; return -1; }
            int FromCall(string s) { for (int i = Next(); i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int FromProperty(string s) { for (int i = Start; i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int FromRef(string s, ref int start) { for (int i = start; i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int Checked(string s, int pos) { for (int i = checked(pos + 1); i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int TwoVariables(string s, int pos, int skip) { for (int i = pos + skip; i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int FromLength(string s) { for (int i = s.Length / 2; i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int FromElement(int[] a) { for (int i = a[0]; i < a.Length; i++) if (a[i] == 7) return i; return -1; }
            int FromResult(string s) { int found = -1; for (int i = found + 1; i < s.Length; i++) if (s[i] == ',') { found = i; break; } return found; }
            int OtherBound(string s, string t, int start) { for (int i = start; i < t.Length; i++) if (s[i] == ',') return i; return -1; }
            int Floats(float[] f, int start) { for (int i = start; i < f.Length; i++) if (f[i] == 1f) return i; return -1; }
            int Step2(string s, int start) { for (int i = start; i < s.Length; i += 2) if (s[i] == ',') return i; return -1; }
        """));

    [Fact]
    public Task Broken_start_loops_do_not_crash() => new RuleTest<PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer, PERF017UseIndexOfInsteadOfSearchLoopsCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     int A(string s, int start)
                     {
                         for (int i = start; i < s.Length; i++) if (s[i] == ) return i;
                         for (int i = missing; i < s.Length; i++) if (s[i] == ',') return i;
                         for (int i = start + ; i < s.Length; i++) if (s[i] == ',' || s[i] == ';') return i;
                         for (int i = s.Length - 1; i >= ; i--) if (s[i] == ',') return i;
                         return -1;
                     }
             """),
        },
        References = TestReferences.Net80,
        AllowCompilerErrors = true,
    }.RunAsync();

    /// <summary>
    /// Before and after on random inputs and starts (negative, inside, at and past the end): the same result wherever
    /// the loop does not throw; for a negative start both throw (IndexOutOfRangeException against ArgumentOutOfRangeException,
    /// the difference the page states).
    /// </summary>
    [Fact]
    public void The_fixed_code_returns_the_same_index_from_a_start()
    {
        using var code = LoadedCode.Compile(Header + """
            public static class P
            {
                static int SpanBefore(ReadOnlySpan<char> s, char c, int start) { for (int i = start; i < s.Length; i++) if (s[i] == c) return i; return -1; }
                static int SpanAfter(ReadOnlySpan<char> s, char c, int start) { if (s.Length > start) { int i = s.Slice(start).IndexOf(c); if (i >= 0) { return i + start; } } return -1; }
                public static int BeforeSpan(string s, char c, int start) => SpanBefore(s.AsSpan(), c, start);
                public static int AfterSpan(string s, char c, int start) => SpanAfter(s.AsSpan(), c, start);
                public static int BeforeConstSpan(string s, char c, int start) => ConstSpanBefore(s.AsSpan(), c);
                public static int AfterConstSpan(string s, char c, int start) => ConstSpanAfter(s.AsSpan(), c);
                static int ConstSpanBefore(ReadOnlySpan<char> s, char c) { for (int i = 3; i < s.Length; i++) if (s[i] == c) return i; return -1; }
                static int ConstSpanAfter(ReadOnlySpan<char> s, char c) { if (s.Length > 3) { int i = s.Slice(3).IndexOf(c); if (i >= 0) { return i + 3; } } return -1; }
                public static int BeforeAny(string s, char c, int start) { for (int i = start; i < s.Length; i++) if (s[i] == c || s[i] == 'e' || s[i] == 'q') return i; return -1; }
                public static int AfterAny(string s, char c, int start) { if (s.Length > start) { int i = s.AsSpan(start).IndexOfAny(c, 'e', 'q'); if (i >= 0) { return i + start; } } return -1; }
                public static int BeforeAnyBytes(byte[] b, byte v, int start) { for (int i = start + 1; i < b.Length; i++) if (b[i] == v || b[i] == 7) return i; return -1; }
                public static int AfterAnyBytes(byte[] b, byte v, int start) { if (b.Length > start + 1) { int i = b.AsSpan(start + 1).IndexOfAny(v, (byte)7); if (i >= 0) { return i + (start + 1); } } return -1; }
                public static bool BeforeHasAny(string s, char c, int start) { for (int i = start; i < s.Length; i++) if (s[i] == c || s[i] == 'z') return true; return false; }
                public static bool AfterHasAny(string s, char c, int start) => s.Length > start && s.AsSpan(start).IndexOfAny(c, 'z') >= 0;
                public static int BeforeFrom(string s, char c, int start) { for (int i = start; i < s.Length; i++) if (s[i] == c) return i; return -1; }
                public static int AfterFrom(string s, char c, int start) => s.Length > start ? s.IndexOf(c, start) : -1;
                public static bool BeforeFromBytes(byte[] b, byte v, int start) { for (int i = start; i < b.Length; i++) if (b[i] == v) return true; return false; }
                public static bool AfterFromBytes(byte[] b, byte v, int start) => b.Length > start && Array.IndexOf(b, v, start) >= 0;
                public static int BeforeStore(byte[] b, byte v, int start) { int found = -1; for (int i = start; i < b.Length; i++) if (b[i] == v) { found = i; break; } return found; }
                public static int AfterStore(byte[] b, byte v, int start) { int found = b.Length > start ? Array.IndexOf(b, v, start) : -1; return found; }
                public static int BeforeLast(string s, char c, int start) { for (int i = s.Length - 1; i >= 2; i--) if (s[i] == c) return i; return -1; }
                public static int AfterLast(string s, char c, int start) { if (s.Length > 2) { int i = s.AsSpan(2).LastIndexOf(c); if (i >= 0) { return i + 2; } } return -1; }
                public static int BeforeLastAny(byte[] b, byte v, int start) { for (int i = b.Length - 1; i > 0; i--) if (b[i] == v || b[i] == 1) return i; return -1; }
                public static int AfterLastAny(byte[] b, byte v, int start) { if (b.Length > 1) { int i = b.AsSpan(1).LastIndexOfAny(v, (byte)1); if (i >= 0) { return i + 1; } } return -1; }
                public static int BeforeBack(string s, char c, int start) { for (int i = start; i >= 0; i--) if (s[i] == c || s[i] == 'b') return i; return -1; }
                public static int AfterBack(string s, char c, int start) => start >= 0 ? s.AsSpan(0, start + 1).LastIndexOfAny(c, 'b') : -1;
                public static bool BeforeHasBack(byte[] b, byte v, int start) { for (int i = start - 1; i >= 0; i--) if (b[i] == v) return true; return false; }
                public static bool AfterHasBack(byte[] b, byte v, int start) => start - 1 >= 0 && b.AsSpan(0, start).IndexOf(v) >= 0;
                public static int BeforeStoreAny(string s, char c, int start) { int at = -1; for (int i = start; i < s.Length; i++) if (s[i] == c || s[i] == 'a') { at = i; break; } return at; }
                public static int AfterStoreAny(string s, char c, int start) { int at = -1; if (s.Length > start) { int i = s.AsSpan(start).IndexOfAny(c, 'a'); if (i >= 0) { at = i + start; } } return at; }
            }
            """);
        var pairs = new[] { "Span", "ConstSpan", "Any", "HasAny", "From", "Store", "Last", "StoreAny", "Back" };
        var bytePairs = new[] { "AnyBytes", "FromBytes", "Store", "LastAny", "HasBack" };
        var random = new Random(34);
        var negatives = 0;
        for (var run = 0; run < 400; run++)
        {
            var bytes = new byte[random.Next(0, 40)];
            random.NextBytes(bytes);
            for (var k = 0; k < bytes.Length; k++)
            {
                bytes[k] %= 12;
            }

            var value = (byte)random.Next(0, 12);
            var text = new string(Array.ConvertAll(bytes, b => (char)('a' + b)));
            var c = (char)('a' + random.Next(0, 14));
            var start = random.Next(-3, bytes.Length + 4);
            negatives += start < 0 ? 1 : 0;
            foreach (var name in pairs)
            {
                if (name == "Store")
                {
                    continue;
                }

                Same(code, name, text, c, start);
            }

            foreach (var name in bytePairs)
            {
                Same(code, name, bytes, value, start);
            }
        }

        Assert.True(negatives > 10);

        // Null: a forward search tests the length first (NullReferenceException both ways); a backward one from a
        // negative start does nothing either way, from another start the loop throws NullReferenceException and the
        // call ArgumentOutOfRangeException.
        Assert.IsType<NullReferenceException>(Run(code, "BeforeAny", new object[] { null!, 'a', 2 }).Error);
        Assert.IsType<NullReferenceException>(Run(code, "AfterAny", new object[] { null!, 'a', 2 }).Error);
        Assert.IsType<NullReferenceException>(Run(code, "AfterFrom", new object[] { null!, 'a', -2 }).Error);
        Assert.Equal(-1, Run(code, "BeforeBack", new object[] { null!, 'a', -1 }).Result);
        Assert.Equal(-1, Run(code, "AfterBack", new object[] { null!, 'a', -1 }).Result);
        Assert.IsType<NullReferenceException>(Run(code, "BeforeBack", new object[] { null!, 'a', 0 }).Error);
        Assert.IsType<ArgumentOutOfRangeException>(Run(code, "AfterBack", new object[] { null!, 'a', 0 }).Error);
    }

    private static void Same(LoadedCode code, string name, params object[] arguments)
    {
        var (before, beforeError) = Run(code, "Before" + name, arguments);
        var (after, afterError) = Run(code, "After" + name, arguments);
        if (beforeError is not null)
        {
            // A negative start (forward) or one past the end (backward): only the exception type differs.
            Assert.IsType<IndexOutOfRangeException>(beforeError);
            Assert.IsType<ArgumentOutOfRangeException>(afterError);
            return;
        }

        Assert.Null(afterError);
        Assert.Equal(before, after);
    }

    private static (object? Result, Exception? Error) Run(LoadedCode code, string method, object[] arguments)
    {
        try
        {
            return (code.Invoke(method, arguments), null);
        }
        catch (TargetInvocationException e)
        {
            return (null, e.InnerException);
        }
    }
}
