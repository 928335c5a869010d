using System;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF017UseIndexOfInsteadOfSearchLoopsTests : RuleTests<PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer, PERF017UseIndexOfInsteadOfSearchLoopsCodeFix>
{
    private const string Header = "using System;\n\n";

    private static string Wrap(string members) => Header + "sealed class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    /// <summary>The bound written first (<c>s.Length &gt; i</c>) and the step <c>i += 1</c> (issue #34).</summary>
    [Fact]
    public Task Bound_written_first_is_the_same_loop() => Verify(
        Wrap("""
                 int InString(string s, char c)
                 {
                     [|for (int i = 0; s.Length > i; i += 1)|] if (s[i] == c) return i;
                     return -1;
                 }
             """),
        Wrap("""
                 int InString(string s, char c)
                 {
                     return s.IndexOf(c);
                 }
             """));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Search_loops_become_IndexOf(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 int InString(string s, char c)
                 {
                     [|for (int i = 0; i < s.Length; i++)|]
                     {
                         if (s[i] == c)
                         {
                             return i;
                         }
                     }

                     return -1;
                 }

                 int InArray(int[] values, int value)
                 {
                     [|for (int i = 0; i < values.Length; i++)|]
                         if (value == values[i]) return i;
                     return -1;
                 }

                 int Constant(byte[] buffer)
                 {
                     [|for (var i = 0; i < buffer.Length; ++i)|] if (buffer[i] == 42) return i;
                     return -1;
                 }

                 int InSpan(ReadOnlySpan<char> text)
                 {
                     [|for (int i = 0; i < text.Length; i++)|] if (text[i] == ':') return i;
                     return -1;
                 }
             """),
        Wrap("""
                 int InString(string s, char c)
                 {
                     return s.IndexOf(c);
                 }

                 int InArray(int[] values, int value)
                 {
                     return Array.IndexOf(values, value);
                 }

                 int Constant(byte[] buffer)
                 {
                     return Array.IndexOf(buffer, (byte)42);
                 }

                 int InSpan(ReadOnlySpan<char> text)
                 {
                     return text.IndexOf(':');
                 }
             """)));

    [Fact]
    public Task Backward_loops_become_LastIndexOf_and_found_loops_Contains() => Verify(
        Wrap("""
                 int Last(string s)
                 {
                     [|for (int i = s.Length - 1; i >= 0; i--)|] if (s[i] == '/') return i;
                     return -1;
                 }

                 int LastInArray(long[] values, long value)
                 {
                     [|for (int i = values.Length - 1; i > -1; --i)|] if (values[i] == value) return i;
                     return -1;
                 }

                 bool Has(string s, char c)
                 {
                     [|for (int i = 0; i < s.Length; i++)|] if (s[i] == c) return true;
                     return false;
                 }

                 bool HasByte(byte[] b)
                 {
                     [|for (int i = b.Length - 1; i >= 0; i--)|] if (b[i] == 0) return true;
                     return false;
                 }

                 bool InSpan(Span<ushort> s, ushort v)
                 {
                     [|for (int i = 0; i < s.Length; i++)|] if (s[i] == v) return true;
                     return false;
                 }
             """),
        Wrap("""
                 int Last(string s)
                 {
                     return s.LastIndexOf('/');
                 }

                 int LastInArray(long[] values, long value)
                 {
                     return Array.LastIndexOf(values, value);
                 }

                 bool Has(string s, char c)
                 {
                     return s.Contains(c);
                 }

                 bool HasByte(byte[] b)
                 {
                     return Array.IndexOf(b, (byte)0) >= 0;
                 }

                 bool InSpan(Span<ushort> s, ushort v)
                 {
                     return s.IndexOf(v) >= 0;
                 }
             """));

    /// <summary>
    /// A <c>foreach</c> over a string, an array or a span that only answers found / not found (issue #34): the same
    /// search, as <c>Contains</c> / <c>IndexOf(v) &gt;= 0</c>; the flag form takes the call in its declaration.
    /// </summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Foreach_loops_that_answer_found_become_Contains(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 bool Has(string s, char c)
                 {
                     [|foreach (var ch in s)|]
                     {
                         if (ch == c)
                         {
                             return true;
                         }
                     }

                     return false;
                 }

                 bool HasZero(byte[] bytes)
                 {
                     [|foreach (byte b in bytes)|] if (0 == b) return true;
                     return false;
                 }

                 bool InSpan(ReadOnlySpan<ushort> values, ushort v)
                 {
                     [|foreach (var x in values)|] if (x == v) return true;
                     return false;
                 }

                 bool Separator(string s)
                 {
                     [|foreach (var ch in s)|] if (ch == '/' || ch == '\\') return true;
                     return false;
                 }

                 int Count(int[] values, int v)
                 {
                     bool seen = false;
                     [|foreach (var x in values)|]
                         if (x == v) { seen = true; break; }
                     return seen ? 1 : 0;
                 }
             """),
        Wrap("""
                 bool Has(string s, char c)
                 {
                     return s.Contains(c);
                 }

                 bool HasZero(byte[] bytes)
                 {
                     return Array.IndexOf(bytes, (byte)0) >= 0;
                 }

                 bool InSpan(ReadOnlySpan<ushort> values, ushort v)
                 {
                     return values.IndexOf(v) >= 0;
                 }

                 bool Separator(string s)
                 {
                     return s.AsSpan().IndexOfAny('/', '\\') >= 0;
                 }

                 int Count(int[] values, int v)
                 {
                     bool seen = Array.IndexOf(values, v) >= 0;
                     return seen ? 1 : 0;
                 }
             """)));

    /// <summary>Foreach loops that are not the same search: each stays.</summary>
    [Fact]
    public Task Foreach_lookalikes_are_not_flagged() => Verify(Wrap("""
            bool InList(System.Collections.Generic.List<char> chars, char c) { foreach (var ch in chars) if (ch == c) return true; return false; }
            bool Widened(byte[] bytes, int v) { foreach (int b in bytes) if (b == v) return true; return false; }
            bool Floats(float[] values, float v) { foreach (var x in values) if (x == v) return true; return false; }
            bool Different(string s, char c) { foreach (var ch in s) if (ch != c) return true; return false; }
            bool Twice(string s, char c) { foreach (var ch in s) if (ch == c) return true; return true; }
            int Index(string s, char c) { foreach (var ch in s) if (ch == c) return 1; return -1; }
            bool SelfCompared(string s) { foreach (var ch in s) if (ch == char.ToUpper(ch)) return true; return false; }
            bool MoreWork(string s, char c) { foreach (var ch in s) { System.Console.Write(ch); if (ch == c) return true; } return false; }
            bool Enumerable(System.Collections.Generic.IEnumerable<char> chars, char c) { foreach (var ch in chars) if (ch == c) return true; return false; }
        """));

    /// <summary>The result stored in a local declared right before the loop, then break: the declaration takes the call.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Store_and_break_loops_become_the_declaration(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 int First(string s, char c)
                 {
                     int found = -1;
                     [|for (int i = 0; i < s.Length; i++)|]
                     {
                         if (s[i] == c)
                         {
                             found = i;
                             break;
                         }
                     }

                     return found * 2;
                 }

                 int Last(byte[] b)
                 {
                     var at = -1;
                     [|for (int i = b.Length - 1; i >= 0; i--)|]
                         if (b[i] == 0) { at = i; break; }
                     return at;
                 }

                 bool Has(int[] values, int v)
                 {
                     bool seen = false;
                     [|for (int i = 0; i < values.Length; i++)|] if (values[i] == v) { seen = true; break; }
                     return seen;
                 }

                 int Any(string s)
                 {
                     int separator = -1;
                     [|for (int i = 0; i < s.Length; i++)|] if (s[i] == ',' || s[i] == ';') { separator = i; break; }
                     return separator;
                 }
             """),
        Wrap("""
                 int First(string s, char c)
                 {
                     int found = s.IndexOf(c);

                     return found * 2;
                 }

                 int Last(byte[] b)
                 {
                     var at = Array.LastIndexOf(b, (byte)0);
                     return at;
                 }

                 bool Has(int[] values, int v)
                 {
                     bool seen = Array.IndexOf(values, v) >= 0;
                     return seen;
                 }

                 int Any(string s)
                 {
                     int separator = s.AsSpan().IndexOfAny(',', ';');
                     return separator;
                 }
             """)));

    [Fact]
    public Task Store_lookalikes_are_not_flagged() => Verify(Wrap("""
            int NoBreak(string s, char c) { int found = -1; for (int i = 0; i < s.Length; i++) if (s[i] == c) found = i; return found; }
            int OtherStart(string s, char c) { int found = 0; for (int i = 0; i < s.Length; i++) if (s[i] == c) { found = i; break; } return found; }
            int MoreWork(string s, char c) { int found = -1; for (int i = 0; i < s.Length; i++) if (s[i] == c) { found = i; Console.WriteLine(); break; } return found; }
            int NotAdjacent(string s, char c) { int found = -1; Console.WriteLine(); for (int i = 0; i < s.Length; i++) if (s[i] == c) { found = i; break; } return found; }
            int TwoDeclared(string s, char c) { int found = -1, other = 0; for (int i = 0; i < s.Length; i++) if (s[i] == c) { found = i; break; } return found + other; }
            int OtherLocal(string s, char c) { int found = -1; int x = -1; for (int i = 0; i < s.Length; i++) if (s[i] == c) { found = i; break; } return found + x; }
            int StoresOther(string s, char c) { int found = -1; for (int i = 0; i < s.Length; i++) if (s[i] == c) { found = i + 1; break; } return found; }
            int ReadsResult(int[] a) { int found = -1; for (int i = 0; i < a.Length; i++) if (a[i] == found) { found = i; break; } return found; }
            long Wider(string s, char c) { long found = -1; for (int i = 0; i < s.Length; i++) if (s[i] == c) { found = i; break; } return found; }
            """));

    [Fact]
    public Task Two_or_three_values_become_IndexOfAny() => Verify(
        Wrap("""
                 int Separator(string s)
                 {
                     [|for (int i = 0; i < s.Length; i++)|] if (s[i] == ',' || s[i] == ';') return i;
                     return -1;
                 }

                 int LastBreak(char[] text)
                 {
                     [|for (int i = text.Length - 1; i >= 0; i--)|] if (text[i] == ' ' || text[i] == '\t' || '\n' == text[i]) return i;
                     return -1;
                 }

                 bool HasControl(ReadOnlySpan<byte> data)
                 {
                     [|for (int i = 0; i < data.Length; i++)|] if (data[i] == 0 || data[i] == 27) return true;
                     return false;
                 }
             """),
        Wrap("""
                 int Separator(string s)
                 {
                     return s.AsSpan().IndexOfAny(',', ';');
                 }

                 int LastBreak(char[] text)
                 {
                     return text.AsSpan().LastIndexOfAny(' ', '\t', '\n');
                 }

                 bool HasControl(ReadOnlySpan<byte> data)
                 {
                     return data.IndexOfAny((byte)0, (byte)27) >= 0;
                 }
             """));

    [Fact]
    public Task Any_lookalikes_are_not_flagged() => Verify(Wrap("""
            int A(string s, string t) { for (int i = 0; i < s.Length; i++) if (s[i] == ',' || t[i] == ';') return i; return -1; }
            int B(string s) { for (int i = 0; i < s.Length; i++) if (s[i] == ',' && s[i] == ';') return i; return -1; }
            int D(string s) { for (int i = 0; i < s.Length; i++) if (s[i] == 'a' || s[i] == 'b' || s[i] == 'c' || s[i] == 'd') return i; return -1; }
            int E(string s, char c) { for (int i = 0; i < s.Length; i++) if (s[i] == ',' || c == ';') return i; return -1; }
            """));

    [Fact]
    public Task Mismatched_results_are_not_flagged() => Verify(Wrap("""
            int A(string s) { for (int i = 0; i < s.Length; i++) if (s[i] == ',') return i; return 0; }
            bool B(string s) { for (int i = 0; i < s.Length; i++) if (s[i] == ',') return false; return true; }
            bool Cx(string s) { for (int i = 0; i < s.Length; i++) if (s[i] == ',') return true; return true; }
            """));

    [Fact]
    public Task Message_names_what_the_fix_writes()
    {
        var test = Test(Wrap("    int F(string s) { {|#0:for (int i = 0; i < s.Length; i++)|} if (s[i] == ',') return i; return -1; }"),
            Wrap("    int F(string s) { return s.IndexOf(','); }"));
        test.ExpectedDiagnostics.Add(RuleTest<PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer, PERF017UseIndexOfInsteadOfSearchLoopsCodeFix>.Diagnostic()
            .WithLocation(0).WithMessage("This loop looks for the first element equal to a value one element at a time; 'return s.IndexOf(',');' computes the same index with a vectorized search"));
        return test.RunAsync();
    }

    /// <summary>On a leg where IndexOf is not measured faster the loop stays behind #if.</summary>
    [Fact]
    public Task Multi_targeted_project_keeps_the_loop_for_other_legs() => Test(
            Wrap("""
                     int F(string s)
                     {
                         [|for (int i = 0; i < s.Length; i++)|] if (s[i] == ',') return i;
                         return -1;
                     }
                 """),
            Wrap("""
                 #if NETCOREAPP3_0_OR_GREATER
                     int F(string s)
                     {
                         return s.IndexOf(',');
                     }
                 #else
                     int F(string s)
                     {
                         for (int i = 0; i < s.Length; i++) if (s[i] == ',') return i;
                         return -1;
                     }
                 #endif
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    /// <summary>Before and after return the same index on random inputs, found or not.</summary>
    [Fact]
    public void The_fixed_code_returns_the_same_index()
    {
        using var code = LoadedCode.Compile(Header + """
            public static class P
            {
                public static int Before(byte[] b, byte v) { for (int i = 0; i < b.Length; i++) if (b[i] == v) return i; return -1; }
                public static int After(byte[] b, byte v) => Array.IndexOf(b, v);
                public static int BeforeChars(string s, char c) { for (int i = 0; i < s.Length; i++) if (s[i] == c) return i; return -1; }
                public static int AfterChars(string s, char c) => s.IndexOf(c);
                public static int BeforeLast(byte[] b, byte v) { for (int i = b.Length - 1; i >= 0; i--) if (b[i] == v) return i; return -1; }
                public static int AfterLast(byte[] b, byte v) => Array.LastIndexOf(b, v);
                public static bool BeforeHas(string s, char c) { for (int i = 0; i < s.Length; i++) if (s[i] == c) return true; return false; }
                public static bool AfterHas(string s, char c) => s.Contains(c);
                public static int BeforeAny(string s, char c) { for (int i = 0; i < s.Length; i++) if (s[i] == c || s[i] == 'z') return i; return -1; }
                public static int AfterAny(string s, char c) => s.AsSpan().IndexOfAny(c, 'z');
                public static int BeforeStore(byte[] b, byte v) { int found = -1; for (int i = b.Length - 1; i >= 0; i--) if (b[i] == v) { found = i; break; } return found; }
                public static int AfterStore(byte[] b, byte v) { int found = Array.LastIndexOf(b, v); return found; }
                public static int BeforeFrom(string s, char c) { for (int i = 1; i < s.Length; i++) if (s[i] == c) return i; return -1; }
                public static int AfterFrom(string s, char c) => s.Length > 1 ? s.IndexOf(c, 1) : -1;
                public static bool BeforeFromBytes(byte[] b, byte v) { for (int i = 2; i < b.Length; i++) if (b[i] == v) return true; return false; }
                public static bool AfterFromBytes(byte[] b, byte v) => b.Length > 2 && Array.IndexOf(b, v, 2) >= 0;
                public static bool BeforeEach(string s, char c) { foreach (var ch in s) if (ch == c || ch == 'q') return true; return false; }
                public static bool AfterEach(string s, char c) => s.AsSpan().IndexOfAny(c, 'q') >= 0;
                public static bool BeforeEachBytes(byte[] b, byte v) { foreach (var x in b) if (x == v) return true; return false; }
                public static bool AfterEachBytes(byte[] b, byte v) => Array.IndexOf(b, v) >= 0;
            }
            """);
        var random = new Random(17);
        for (var run = 0; run < 200; run++)
        {
            var bytes = new byte[random.Next(0, 70)];
            random.NextBytes(bytes);
            var value = (byte)random.Next(0, 256);
            Assert.Equal(code.Invoke("Before", bytes, value), code.Invoke("After", bytes, value));
            var text = new string(Array.ConvertAll(bytes, b => (char)('a' + b % 26)));
            var c = (char)('a' + random.Next(0, 28));
            Assert.Equal(code.Invoke("BeforeChars", text, c), code.Invoke("AfterChars", text, c));
            Assert.Equal(code.Invoke("BeforeLast", bytes, value), code.Invoke("AfterLast", bytes, value));
            Assert.Equal(code.Invoke("BeforeHas", text, c), code.Invoke("AfterHas", text, c));
            Assert.Equal(code.Invoke("BeforeAny", text, c), code.Invoke("AfterAny", text, c));
            Assert.Equal(code.Invoke("BeforeStore", bytes, value), code.Invoke("AfterStore", bytes, value));
            Assert.Equal(code.Invoke("BeforeEach", text, c), code.Invoke("AfterEach", text, c));
            Assert.Equal(code.Invoke("BeforeFrom", text, c), code.Invoke("AfterFrom", text, c));
            Assert.Equal(code.Invoke("BeforeFromBytes", bytes, value), code.Invoke("AfterFromBytes", bytes, value));
            Assert.Equal(code.Invoke("BeforeEachBytes", bytes, value), code.Invoke("AfterEachBytes", bytes, value));
        }
    }

    // ---- Must not flag ----

    [Fact]
    public Task Lookalikes_are_not_flagged() => Verify(Wrap("""
            int Next() => 1;
            int A(double[] d, double v) { for (int i = 0; i < d.Length; i++) if (d[i] == v) return i; return -1; }
            int B(int[] a, int v) { for (int i = 0; i < a.Length; i++) if (a[i] == v) return i; return a.Length; }
            int D(int[] a, int v) { for (int i = 0; i < a.Length; i++) if (a[i] == Next()) return i; return -1; }
            int E(int[] a, int v) { for (int i = 0; i < a.Length; i++) { v++; if (a[i] == v) return i; } return -1; }
            int F(byte[] b, int v) { for (int i = 0; i < b.Length; i++) if (b[i] == v) return i; return -1; }
            int G(int[] a, int[] b, int v) { for (int i = 0; i < b.Length; i++) if (a[i] == v) return i; return -1; }
            int H(int[] a, int v) { for (int i = 0; i < a.Length; i++) if (a[i] == v) return i + 1; return -1; }
            int I(int[] a, int v) { for (int i = 0; i < a.Length; i++) if (a[i] != v) return i; return -1; }
            int J(int[] a, int v) { for (int i = 0; i < a.Length; i++) if (a[i] == v) return i; Console.WriteLine(); return -1; }
            int K(string s) { for (int i = 0; i < s.Length; i++) if (char.ToLowerInvariant(s[i]) == 'a') return i; return -1; }
            int L(int[] a) { for (int i = 0; i < a.Length; i++) if (a[i] == a[0]) return i; return -1; }
            int M(DayOfWeek[] days) { for (int i = 0; i < days.Length; i++) if (days[i] == DayOfWeek.Friday) return i; return -1; }
            """));

    [Theory]
    [InlineData(TestReferences.Net472)]
    [InlineData(TestReferences.NetStandard20)]
    public Task Silent_where_nothing_was_measured(TestReferences references) => Verify(
        Wrap("    int F(string s) { for (int i = 0; i < s.Length; i++) if (s[i] == ',') return i; return -1; }"),
        references: references);
}
