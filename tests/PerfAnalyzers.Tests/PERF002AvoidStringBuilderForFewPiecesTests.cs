using System;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Strings;
using PerfAnalyzers.Strings;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF002AvoidStringBuilderForFewPiecesTests : RuleTests<PERF002AvoidStringBuilderForFewPiecesAnalyzer, PERF002AvoidStringBuilderForFewPiecesCodeFix>
{
    private const string Header = "using System;\nusing System.Collections.Generic;\nusing System.Text;\n\n";

    private static string Wrap(string members) => Header + "sealed class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix's three forms ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Chain_of_strings_becomes_string_Concat(LanguageVersion version) => Languages.At(version, () => Verify(
            Wrap("""
                     string Two(string a, string b) => [|new StringBuilder()|].Append(a).Append(b).ToString();
                     string Three(string a, string b, string c) => [|new StringBuilder()|].Append(a).Append("/").Append(c).ToString();
                     string Four(string a, string b) => [|new StringBuilder(a)|].Append(b).Append(a).Append(b).ToString();
                 """),
            Wrap("""
                     string Two(string a, string b) => string.Concat(a, b);
                     string Three(string a, string b, string c) => string.Concat(a, "/", c);
                     string Four(string a, string b) => string.Concat(a, b, a, b);
                 """)));

    [Fact]
    public Task Local_appended_in_statements_goes_away() => Verify(
        Wrap("""
                 string Name(string first, string last)
                 {
                     // the display name
                     var sb = [|new StringBuilder(32)|];
                     sb.Append(first);
                     sb.Append(' ');
                     sb.Append(last);
                     return sb.ToString();
                 }
             """),
        Wrap("""
                 string Name(string first, string last)
                 {
                     // the display name
                     return $"{first} {last}";
                 }
             """));

    [Fact]
    public Task Mixed_pieces_become_an_interpolated_string_on_net6_with_csharp10() => Verify(
        Wrap("""
                 string Pair(string name, int count) => [|new StringBuilder()|].Append(name).Append('=').Append(count).ToString();
                 string Braces(double x, bool ok) => [|new StringBuilder()|].Append("{x} ").Append(x).Append(" \"ok\": ").Append(ok).ToString();
                 string Ternary(bool b, int i) => [|new StringBuilder()|].Append(b ? "yes" : "no").Append(i).ToString();
             """),
        Wrap("""
                 string Pair(string name, int count) => $"{name}={count}";
                 string Braces(double x, bool ok) => $"{{x}} {x} \"ok\": {ok}";
                 string Ternary(bool b, int i) => $"{(b ? "yes" : "no")}{i}";
             """));

    [Fact]
    public Task Mixed_pieces_before_csharp10_use_ToString()
    {
        var test = Test(
            Wrap("""
                     string Pair(string name, int count, char c) => [|new StringBuilder()|].Append(name).Append('=').Append(count + 1).Append(c).ToString();
                 """),
            Wrap("""
                     string Pair(string name, int count, char c) => string.Concat(name, "=", (count + 1).ToString(), c.ToString());
                 """));
        test.LanguageVersion = LanguageVersion.CSharp9;
        return test.RunAsync();
    }

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task Mixed_pieces_without_interpolated_string_handlers_use_ToString(TestReferences references) => Verify(
        Wrap("""
                 string Pair(string name, long id, decimal price) => [|new StringBuilder()|].Append(name).Append(id).Append(price).ToString();
             """),
        Wrap("""
                 string Pair(string name, long id, decimal price) => string.Concat(name, id.ToString(), price.ToString());
             """),
        references);

    [Fact]
    public Task An_argument_gets_concat_not_interpolation_so_a_handler_overload_cannot_skip_a_piece() => Verify(
        Wrap("""
                 void Log(int id)
                 {
                     Console.WriteLine([|new StringBuilder()|].Append("id ").Append(id).ToString());
                 }
             """),
        Wrap("""
                 void Log(int id)
                 {
                     Console.WriteLine(string.Concat("id ", id.ToString()));
                 }
             """));

    [Fact]
    public Task AppendLine_adds_Environment_NewLine() => Verify(
        Wrap("""
                 string Lines(string a, string b)
                 {
                     var sb = [|new StringBuilder()|];
                     sb.AppendLine(a);
                     sb.Append(b).AppendLine();
                     return sb.ToString();
                 }
             """),
        Wrap("""
                 string Lines(string a, string b)
                 {
                     return string.Concat(a, Environment.NewLine, b, Environment.NewLine);
                 }
             """));

    [Fact]
    public Task AppendLine_adds_using_System_when_missing() => Verify(
        "using System.Text;\n\nsealed class C\n{\n    string L(string a) => [|new StringBuilder()|].Append(a).AppendLine().ToString();\n}\n",
        "using System;\nusing System.Text;\n\nsealed class C\n{\n    string L(string a) => string.Concat(a, Environment.NewLine);\n}\n");

    [Fact]
    public Task Read_positions_that_run_first_are_fixed() => Verify(
        Wrap("""
                 string _last = "";
                 string Last { get; set; } = "";

                 void Assign(string a, string b)
                 {
                     var sb = [|new StringBuilder()|];
                     sb.Append(a).Append(b);
                     _last = sb.ToString();
                 }

                 void Property(string a, string b)
                 {
                     var sb = [|new StringBuilder()|];
                     sb.Append(a).Append(b);
                     Last = sb.ToString() + "!";
                 }

                 string Local(string a, string b)
                 {
                     var sb = [|new StringBuilder()|];
                     sb.Append(a);
                     var s = sb.Append(b).ToString();
                     return s;
                 }

                 void Add(List<string> list, string a, string b)
                 {
                     StringBuilder sb = [|new()|];
                     sb.Append(a);
                     sb.Append(b);
                     list.Add(sb.ToString());
                 }

                 // A block that can only end in its throw is cold (ColdPathTests): not flagged, not fixed.
                 void Throw(string a, int code)
                 {
                     var sb = new StringBuilder();
                     sb.Append(a);
                     sb.Append(code);
                     throw new InvalidOperationException(sb.ToString());
                 }
             """),
        Wrap("""
                 string _last = "";
                 string Last { get; set; } = "";

                 void Assign(string a, string b)
                 {
                     _last = string.Concat(a, b);
                 }

                 void Property(string a, string b)
                 {
                     Last = string.Concat(a, b) + "!";
                 }

                 string Local(string a, string b)
                 {
                     var s = string.Concat(a, b);
                     return s;
                 }

                 void Add(List<string> list, string a, string b)
                 {
                     list.Add(string.Concat(a, b));
                 }

                 // A block that can only end in its throw is cold (ColdPathTests): not flagged, not fixed.
                 void Throw(string a, int code)
                 {
                     var sb = new StringBuilder();
                     sb.Append(a);
                     sb.Append(code);
                     throw new InvalidOperationException(sb.ToString());
                 }
             """));

    [Fact]
    public Task Converted_pieces_keep_their_conversion() => Verify(
        Wrap("""
                 sealed class Name
                 {
                     public static implicit operator string(Name n) => "name";
                     public override string ToString() => "other";
                 }

                 string Widen(Name n, ushort u, byte b) => [|new StringBuilder()|].Append(n).Append(u).Append((short)b).ToString();
             """),
        Wrap("""
                 sealed class Name
                 {
                     public static implicit operator string(Name n) => "name";
                     public override string ToString() => "other";
                 }

                 string Widen(Name n, ushort u, byte b) => $"{(string)n}{u}{(short)b}";
             """));

    [Fact]
    public Task Statements_between_the_appends_mean_a_diagnostic_without_a_fix()
    {
        const string source = """
            using System;
            using System.Text;

            sealed class C
            {
                string Logged(string a, string b)
                {
                    var sb = {|PERF002:new StringBuilder()|};
                    sb.Append(a);
                    Console.WriteLine("between");
                    sb.Append(b);
                    return sb.ToString();
                }

                string Later(string a, string b, Func<string> f)
                {
                    var sb = {|PERF002:new StringBuilder()|};
                    sb.Append(a).Append(b);
                    return f() + sb.ToString();
                }
            }
            """;
        return Verify(source, source);
    }

    [Fact]
    public Task Top_level_statements_are_fixed()
    {
        var test = Test(
            "using System.Text;\n\nvar a = \"x\";\nvar sb = [|new StringBuilder()|];\nsb.Append(a);\nsb.Append(\"y\");\nSystem.Console.WriteLine(sb.ToString());\n",
            "using System.Text;\n\nvar a = \"x\";\nSystem.Console.WriteLine(string.Concat(a, \"y\"));\n");
        test.OutputKind = OutputKind.ConsoleApplication;
        return test.RunAsync();
    }

    [Fact]
    public Task Fix_all_fixes_every_builder() => Verify(
        Wrap("""
                 string A(string x, string y) => [|new StringBuilder()|].Append(x).Append(y).ToString();
                 string B(string x, int y) => [|new StringBuilder()|].Append(x).Append(y).ToString();
                 string D(string x, string y)
                 {
                     var sb = [|new StringBuilder()|];
                     sb.Append(x);
                     sb.Append(y);
                     return sb.ToString();
                 }
             """),
        Wrap("""
                 string A(string x, string y) => string.Concat(x, y);
                 string B(string x, int y) => $"{x}{y}";
                 string D(string x, string y)
                 {
                     return string.Concat(x, y);
                 }
             """));

    /// <summary>
    /// Every leg of a multi-targeted project must write the same fix (Roslyn merges the legs' copies of the file): with a
    /// leg before .NET 6, string.Concat (which every leg compiles) even on the leg that has the handlers.
    /// </summary>
    [Theory]
    [InlineData("net10.0", TestReferences.Net100)]
    [InlineData("netstandard2.0", TestReferences.NetStandard20)]
    public Task Multi_targeted_project_gets_the_same_plain_fix_on_every_leg(string current, TestReferences references)
    {
        var test = Test(
                Wrap("    string Pair(string name, int count) => [|new StringBuilder()|].Append(name).Append('=').Append(count).ToString();"),
                Wrap("    string Pair(string name, int count) => string.Concat(name, \"=\", count.ToString());"),
                references)
            .WithTargetFrameworks("netstandard2.0;net472;net10.0", current: current);
        test.LanguageVersion = current == "net10.0" ? LanguageVersion.Latest : LanguageVersion.CSharp7_3;
        return test.RunAsync();
    }

    [Fact]
    public Task Multi_targeted_project_whose_legs_all_have_handlers_gets_the_interpolated_string() => Test(
            Wrap("    string Pair(string name, int count) => [|new StringBuilder()|].Append(name).Append('=').Append(count).ToString();"),
            Wrap("    string Pair(string name, int count) => $\"{name}={count}\";"),
            TestReferences.Net100)
        .WithTargetFrameworks("net8.0;net10.0", current: "net10.0")
        .RunAsync();

    // ---- The option ----

    [Fact]
    public Task More_appends_than_max_appends_are_not_flagged() => Verify(Wrap("""
            string Five(string a) => new StringBuilder().Append(a).Append(a).Append(a).Append(a).Append(a).ToString();
            string Four(string a) => [|new StringBuilder()|].Append(a).Append(a).Append(a).Append(a).ToString();
        """));

    [Fact]
    public Task Max_appends_is_read_from_editorconfig()
    {
        var test = Test(Wrap("""
                string Five(string a) => [|new StringBuilder()|].Append(a).Append(a).Append(a).Append(a).Append(a).ToString();
                string Two(string a) => [|new StringBuilder()|].Append(a).Append(a).ToString();
            """),
            Wrap("""
                string Five(string a) => string.Concat(a, a, a, a, a);
                string Two(string a) => string.Concat(a, a);
            """));
        test.Options["perf_analyzers.PERF002.max_appends"] = "5";
        return test.RunAsync();
    }

    [Fact]
    public Task A_lower_max_appends_silences_more()
    {
        var test = Test(Wrap("""
                string Three(string a) => new StringBuilder().Append(a).Append(a).Append(a).ToString();
                string Two(string a) => [|new StringBuilder()|].Append(a).Append(a).ToString();
            """),
            Wrap("""
                string Three(string a) => new StringBuilder().Append(a).Append(a).Append(a).ToString();
                string Two(string a) => string.Concat(a, a);
            """));
        test.Options["perf_analyzers.max_appends"] = "2";
        return test.RunAsync();
    }

    // ---- Must not flag: every escape, reuse and lookalike ----

    [Fact]
    public Task Builders_that_escape_or_are_reused_are_not_flagged() => Verify(Wrap("""
            StringBuilder _field = new StringBuilder();
            StringBuilder Returned(string a) => new StringBuilder().Append(a).Append(a);
            void Passed(string a) { var sb = new StringBuilder(); sb.Append(a); sb.Append(a); Use(sb); Console.WriteLine(sb.ToString()); }
            void Use(StringBuilder sb) { }
            void Stored(string a) { var sb = new StringBuilder(); sb.Append(a).Append(a); _field = sb; Console.WriteLine(sb.ToString()); }
            Func<string> Captured(string a) { var sb = new StringBuilder(); sb.Append(a).Append(a); return () => sb.ToString(); }
            string ReadTwice(string a) { var sb = new StringBuilder(); sb.Append(a).Append(a); var s = sb.ToString(); return s + sb.ToString(); }
            string ReadInBetween(string a) { var sb = new StringBuilder(); sb.Append(a); if (sb.Length > 3) { } sb.Append(a); return sb.ToString(); }
            string Cleared(string a) { var sb = new StringBuilder(); sb.Append(a).Append(a); sb.Clear(); sb.Append(a); return sb.ToString(); }
            string Reused(string a) { var sb = new StringBuilder(); sb.Append(a).Append(a); var first = sb.ToString(); sb.Append(a); return first + sb.ToString(); }
            string Reassigned(string a) { var sb = new StringBuilder(); sb.Append(a); sb = new StringBuilder(); sb.Append(a).Append(a); return sb.ToString(); }
            string Boxed(string a) { var sb = new StringBuilder(); sb.Append(a).Append(a); object o = sb; return sb.ToString(); }
            string Locked(string a) { var sb = new StringBuilder(); lock (sb) { } sb.Append(a).Append(a); return sb.ToString(); }
            string Ref(string a) { var sb = new StringBuilder(); sb.Append(a).Append(a); Touch(ref sb); return sb.ToString(); }
            void Touch(ref StringBuilder sb) { }
        """));

    [Fact]
    public Task Loops_conditions_and_other_builder_calls_are_not_flagged() => Verify(Wrap("""
            string Loop(string[] parts) { var sb = new StringBuilder(); foreach (var p in parts) sb.Append(p); return sb.ToString(); }
            string For(string a) { var sb = new StringBuilder(); for (var i = 0; i < 2; i++) { sb.Append(a); } sb.Append(a); return sb.ToString(); }
            string Conditional(string a, bool b) { var sb = new StringBuilder(); sb.Append(a); if (b) sb.Append(a); return sb.ToString(); }
            string NestedBlock(string a) { var sb = new StringBuilder(); { sb.Append(a); } sb.Append(a); return sb.ToString(); }
            List<string> ReadInLoop(string a) { var list = new List<string>(); var sb = new StringBuilder(); sb.Append(a).Append(a); for (var i = 0; i < 3; i++) list.Add(sb.ToString()); return list; }
            string Format(string a) => new StringBuilder().Append(a).AppendFormat("{0}", a).ToString();
            string Insert(string a) => new StringBuilder().Append(a).Insert(0, a).ToString();
            string Remove(string a) => new StringBuilder().Append(a).Append(a).Remove(0, 1).ToString();
            string Repeat(string a) => new StringBuilder().Append(a).Append('-', 3).ToString();
            string Range(string a) => new StringBuilder().Append(a).Append(a, 0, 1).ToString();
            string Chars(string a, char[] c) => new StringBuilder().Append(a).Append(c).ToString();
            string Obj(string a, object o) => new StringBuilder().Append(a).Append(o).ToString();
            string Enum(string a, DayOfWeek d) => new StringBuilder().Append(a).Append(d).ToString();
            string Handler(string a, int i) => new StringBuilder().Append(a).Append($"{i}").ToString();
            string Partial(string a) => new StringBuilder().Append(a).Append(a).ToString(0, 1);
            string One(string a) => new StringBuilder().Append(a).ToString();
            string Empty() => new StringBuilder().ToString();
            string MaxCapacity(string a) => new StringBuilder(16, 32).Append(a).Append(a).ToString();
            string SideEffectCapacity(string a) => new StringBuilder(Next()).Append(a).Append(a).ToString();
            string NegativeCapacity(string a) => new StringBuilder(-1).Append(a).Append(a).ToString();
            int Next() => 16;
            string Labeled(string a, int n) { var sb = new StringBuilder(); sb.Append(a); again: sb.Append(a); if (n-- > 0) goto again; return sb.ToString(); }
            string Initializer(string a) => new StringBuilder { Capacity = 10 }.Append(a).Append(a).ToString();
        """));

    [Fact]
    public Task Expression_trees_are_not_flagged() => Verify(Wrap("""
            System.Linq.Expressions.Expression<Func<string, string>> E() => a => new StringBuilder().Append(a).Append(a).ToString();
        """));

    [Fact]
    public Task A_type_named_StringBuilder_elsewhere_is_not_flagged() => Verify("""
        namespace Mine
        {
            sealed class StringBuilder
            {
                public StringBuilder Append(string s) => this;
                public override string ToString() => "";
            }

            sealed class C
            {
                string M(string a) => new StringBuilder().Append(a).Append(a).ToString();
            }
        }
        """);

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF002AvoidStringBuilderForFewPiecesAnalyzer, PERF002AvoidStringBuilderForFewPiecesCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     string A(string a) => new StringBuilder().Append(a).Append(.ToString();
                     string B(string a) { var sb = new StringBuilder(; sb.Append(a) sb.Append(a); return sb.ToString(); }
                     string D(string a) { var sb = new StringBuilder(); sb.Append(a).Append(Missing); return sb.ToString() }
                 """),
        },
        AllowCompilerErrors = true,
    }.RunAsync();

    // ---- The fix's output computes the same string (culture-sensitive pieces under a non-invariant culture) ----

    public static TheoryData<string, string> Equivalences => new()
    {
        { "new StringBuilder().Append(s).Append(d).Append(c).Append(i).ToString()", "$\"{s}{d}{c}{i}\"" },
        { "new StringBuilder().Append(s).Append(d).Append(c).Append(i).ToString()", "string.Concat(s, d.ToString(), c.ToString(), i.ToString())" },
        { "new StringBuilder(s).Append(m).Append(f).Append(b).ToString()", "$\"{s}{m}{f}{b}\"" },
        { "new StringBuilder(s).Append(m).Append(f).Append(b).ToString()", "string.Concat(s, m.ToString(), f.ToString(), b.ToString())" },
        { "new StringBuilder().Append(n).Append(\"{x}\").AppendLine(s).ToString()", "string.Concat(n, \"{x}\", s, Environment.NewLine)" },
        { "new StringBuilder().Append(n).Append('{').Append(i).Append('}').ToString()", "$\"{n}{{{i}}}\"" },
    };

    [Theory]
    [MemberData(nameof(Equivalences))]
    public void Both_forms_produce_the_same_text_under_a_comma_decimal_culture(string before, string after)
    {
        var source = "using System;\nusing System.Text;\n\npublic static class P\n{\n" +
                     "    const string s = \"a\";\n    const string? n = null;\n    static double d = -1234.5;\n    static char c = ',';\n    static int i = -42;\n" +
                     "    static decimal m = 3.25m;\n    static float f = 0.1f;\n    static bool b = true;\n" +
                     $"    public static string Before() => {before};\n" +
                     $"    public static string After() => {after};\n}}\n";
        using var code = LoadedCode.Compile(source);
        using var culture = new CultureScope("de-DE");
        var expected = (string)code.Invoke("Before")!;
        if (before.Contains("Append(d)", StringComparison.Ordinal))
        {
            Assert.Contains("-1234,5", expected); // the culture really is in play
        }

        if (before.Contains("Append(f)", StringComparison.Ordinal))
        {
            Assert.Contains("0,1", expected);
        }

        Assert.Equal(expected, (string)code.Invoke("After")!);
    }
}
