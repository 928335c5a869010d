using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using PerfAnalyzers.CodeFixes.Strings;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Strings;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;
using CompositeFormatParser = PerfAnalyzers.Infrastructure.CompositeFormat;

namespace PerfAnalyzers.Tests;

public partial class PERF008UseInterpolationInsteadOfStringFormatTests : RuleTests<PERF008UseInterpolationInsteadOfStringFormatAnalyzer, PERF008UseInterpolationInsteadOfStringFormatCodeFix>
{
    private const string Header = "using System;\nusing System.IO;\nusing System.Text;\n\n";

    private static Task VerifyCSharp9(string source, string? fixedSource = null)
    {
        var test = Test(source, fixedSource);
        test.LanguageVersion = LanguageVersion.CSharp9;
        return test.RunAsync();
    }

    private static string Wrap(string members) => Header + "sealed class C\n{\n" + members + "\n}\n";

    // ---- Flagged on .NET 6+ with C# 10+: interpolated strings ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task At_each_language_version(LanguageVersion version) => Languages.At(version, () => version >= LanguageVersion.CSharp10
        ? Verify(
            Wrap("    string P(string a, string b) => [|string.Format(\"{0}/{1}\", a, b)|];\n    string N(int n) => [|string.Format(\"n = {0}\", n)|];"),
            Wrap("    string P(string a, string b) => string.Concat(a, \"/\", b);\n    string N(int n) => $\"n = {n}\";"))
        : Verify(
            // Before C# 10 (no interpolated string handlers): strings only, as string.Concat; other values are not flagged.
            Wrap("    string P(string a, string b) => [|string.Format(\"{0}/{1}\", a, b)|];\n    string N(int n) => string.Format(\"n = {0}\", n);"),
            Wrap("    string P(string a, string b) => string.Concat(a, \"/\", b);\n    string N(int n) => string.Format(\"n = {0}\", n);")));

    [Fact]
    public Task Mixed_arguments_become_an_interpolated_string() => Verify(
        Wrap("""
                 string One(int n) => [|string.Format("n = {0}", n)|];
                 string Two(string name, double x) => [|string.Format("{0}: {1}", name, x)|];
                 string Three(int a, long b, char c) => [|string.Format("{0}-{1}-{2}", a, b, c)|];
                 string Four(int major, int minor, int build, int revision) => [|string.Format("{0}.{1}.{2}.{3}", major, minor, build, revision)|];
                 string Five(int a, int b, int c, int d, int e) => [|string.Format("{0}{1}{2}{3}{4}", a, b, c, d, e)|];
             """),
        Wrap("""
                 string One(int n) => $"n = {n}";
                 string Two(string name, double x) => $"{name}: {x}";
                 string Three(int a, long b, char c) => $"{a}-{b}-{c}";
                 string Four(int major, int minor, int build, int revision) => $"{major}.{minor}.{build}.{revision}";
                 string Five(int a, int b, int c, int d, int e) => $"{a}{b}{c}{d}{e}";
             """));

    [Fact]
    public Task Alignment_and_format_strings_are_carried_over() => Verify(
        Wrap("""
                 string Hex(int a) => [|string.Format("{0,5:X2}|{0,-4}|{0:N2}", a)|];
                 string Date(DateTime d) => [|string.Format("{0:yyyy-MM-dd} {0:HH:mm}", d)|];
                 string Spaced(int a) => [|string.Format("{0 , 3 }", a)|];
             """),
        Wrap("""
                 string Hex(int a) => $"{a,5:X2}|{a,-4}|{a:N2}";
                 string Date(DateTime d) => $"{d:yyyy-MM-dd} {d:HH:mm}";
                 string Spaced(int a) => $"{a,3}";
             """));

    [Fact]
    public Task Text_is_escaped() => Verify(
        Wrap("""
                 string Braces(int a) => [|string.Format("{{{0}}} \"q\" \\ \t\n", a)|];
                 string Verbatim(int a) => [|string.Format(@"c:\dir\{0}", a)|];
             """),
        Wrap("""
                 string Braces(int a) => $"{{{a}}} \"q\" \\ \t\n";
                 string Verbatim(int a) => $"c:\\dir\\{a}";
             """));

    [Fact]
    public Task Holes_with_colons_get_parentheses_and_conversions_keep_the_operand() => Verify(
        Wrap("""
                 string Ternary(bool b, int i) => [|string.Format("{0}{1}", b ? 1 : 2, i)|];
                 string Cast(int i) => [|string.Format("{0}", (object)i)|];
                 string Call(int i) => [|string.Format("{0}", i.ToString("D3"))|] + [|string.Format("{0} {1}", Math.Max(i, 3), global::System.DayOfWeek.Monday)|];
                 string Nullable(int? n) => [|string.Format("[{0}]", n)|];
             """),
        Wrap("""
                 string Ternary(bool b, int i) => $"{(b ? 1 : 2)}{i}";
                 string Cast(int i) => $"{(object)i}";
                 string Call(int i) => (i.ToString("D3") ?? "") + $"{Math.Max(i, 3)} {(global::System.DayOfWeek.Monday)}";
                 string Nullable(int? n) => $"[{n}]";
             """));

    [Fact]
    public Task Constant_formats_are_flagged() => Verify(
        Wrap("""
                 const string Pattern = "{0} items";
                 string Const(int n) => [|string.Format(Pattern, n)|];
                 string Concatenated(int n) => [|string.Format("{0}" + " x", n)|];
             """),
        Wrap("""
                 const string Pattern = "{0} items";
                 string Const(int n) => $"{n} items";
                 string Concatenated(int n) => $"{n} x";
             """));

    [Fact]
    public Task A_local_constant_format_is_reported_without_a_fix_that_would_leave_it_unused()
    {
        var source = Wrap("""
                 string Local(int n) { const string f = "<{0}>"; return [|string.Format(f, n)|]; }
             """);
        return Verify(source, source);
    }

    [Fact]
    public Task Repeated_and_out_of_order_placeholders_are_fixed_when_the_arguments_have_no_side_effects() => Verify(
        Wrap("""
                 int _count;
                 string Swap(int a, int b) => [|string.Format("{1} before {0}", a, b)|];
                 string Twice(int a) => [|string.Format("{0} and {0}", a)|];
                 string Field() => [|string.Format("{0}/{0}", _count)|];
                 string Unused(int a, int b) => [|string.Format("{1}", a, b)|];
                 string Constant() => [|string.Format("{0}{0}", 42)|];
             """),
        Wrap("""
                 int _count;
                 string Swap(int a, int b) => $"{b} before {a}";
                 string Twice(int a) => $"{a} and {a}";
                 string Field() => $"{_count}/{_count}";
                 string Unused(int a, int b) => $"{b}";
                 string Constant() => $"{42}{42}";
             """));

    [Fact]
    public Task Out_of_order_or_repeated_side_effects_are_reported_without_a_fix()
    {
        var source = Wrap("""
                 int _n;
                 int Next() => ++_n;
                 string Swap(int a) => [|string.Format("{1} {0}", a, Next())|];
                 string Twice() => [|string.Format("{0} {0}", Next())|];
                 string Dropped(int a) => [|string.Format("{0}", a, Next())|];
                 string Property(string s) => [|string.Format("{1}{0}", s.Length, 1)|];
             """);
        return Verify(source, source);
    }

    [Fact]
    public Task In_order_side_effects_are_fixed() => Verify(
        Wrap("""
                 int _n;
                 int Next() => ++_n;
                 string Order() => [|string.Format("{0} {1}", Next(), Next())|];
             """),
        Wrap("""
                 int _n;
                 int Next() => ++_n;
                 string Order() => $"{Next()} {Next()}";
             """));

    /// <summary>Named arguments, in order or not (real code: <c>Enum.Parse(typeof(E), s, ignoreCase: true)</c>-style calls).</summary>
    [Fact]
    public Task Named_arguments_are_flagged_and_fixed_by_parameter() => Verify(
        Wrap("""
                 string InOrder(string s, int a) => [|string.Format(format: "{0}/{1}", arg0: s, arg1: a)|];
                 string Reordered(string s, int a) => [|string.Format(arg1: a, format: "{0}/{1}", arg0: s)|];
                 string Mixed(string s) => [|string.Format("<{0}>", arg0: s)|];
                 string Provider(IFormatProvider p, double x) => [|string.Format(provider: p, format: "{0:N2}", arg0: x)|];
             """),
        Wrap("""
                 string InOrder(string s, int a) => $"{s}/{a}";
                 string Reordered(string s, int a) => $"{s}/{a}";
                 string Mixed(string s) => string.Concat("<", s, ">");
                 string Provider(IFormatProvider p, double x) => string.Create(p, $"{x:N2}");
             """));

    /// <summary>
    /// Named arguments out of order are evaluated in the order written; the interpolated string would evaluate them in
    /// placeholder order, so only calls without a provider whose arguments have no side effects are rewritten.
    /// </summary>
    [Fact]
    public Task Reordered_named_arguments_with_side_effects_are_reported_without_a_fix()
    {
        var source = Wrap("""
                 int _n;
                 int Next() => ++_n;
                 string Swapped(int a) => [|string.Format(arg1: Next(), arg0: a, format: "{0} {1}")|];
                 string Provider(IFormatProvider p, int a) => [|string.Format(format: "{0}", provider: p, arg0: a)|];
             """);
        return Verify(source, source);
    }

    [Fact]
    public Task Provider_overload_becomes_string_Create() => Verify(
        Wrap("""
                 string Invariant(double x) => [|string.Format(System.Globalization.CultureInfo.InvariantCulture, "{0:F2} m", x)|];
                 string Provider(IFormatProvider p, int a, string s) => [|string.Format(p, "{0}/{1}", s, a)|];
                 string StringsOnly(IFormatProvider p, string a, string b) => [|string.Format(p, "{0}/{1}", a, b)|];
             """),
        Wrap("""
                 string Invariant(double x) => string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{x:F2} m");
                 string Provider(IFormatProvider p, int a, string s) => string.Create(p, $"{s}/{a}");
                 string StringsOnly(IFormatProvider p, string a, string b) => string.Create(p, $"{a}/{b}");
             """));

    // ---- Strings only, plain placeholders: string.Concat on every target ----

    [Theory]
    [InlineData(TestReferences.Net80)]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task Strings_only_become_string_Concat_everywhere(TestReferences references) => Verify(
        Wrap("""
                 string Path(string left, string right) => [|string.Format("{0}/{1}", left, right)|];
                 string Many(string a, string b, string c) => [|string.Format("<{0}|{1}|{2}|{0}>", a, b, c)|];
                 string One(string a) => [|string.Format("{0}", a)|].Length.ToString();
                 string Text() => [|string.Format("{{literal}}")|];
                 string Prefix(string a) => [|string.Format("x{0}", a)|];
                 string Five(string a, string b, string c) => [|string.Format("{0}{1}{2}{3}{4}", a, b, c, a, b)|];
             """),
        Wrap("""
                 string Path(string left, string right) => string.Concat(left, "/", right);
                 string Many(string a, string b, string c) => string.Concat("<", a, "|", b, "|", c, "|", a, ">");
                 string One(string a) => (a ?? "").Length.ToString();
                 string Text() => "{literal}";
                 string Prefix(string a) => string.Concat("x", a);
                 string Five(string a, string b, string c) => string.Concat(a, b, c, a, b);
             """),
        references);

    [Theory]
    [InlineData("string.Format(\"FULL SCAN\")", "'string.Format(\"FULL SCAN\", ...)' parses its format on every call; use the string literal instead")]
    [InlineData("string.Format(\"{0}\", a)", "'string.Format(\"{0}\", ...)' parses its format on every call; use 'a ?? \"\"' instead")]
    [InlineData("string.Format(\"x{0}\", a)", "'string.Format(\"x{0}\", ...)' parses its format on every call; use string.Concat instead")]
    [InlineData("string.Format(\"{0}:{1}\", a, 1)", "'string.Format(\"{0}:{1}\", ...)' parses its format on every call; use an interpolated string instead")]
    public Task Message_names_what_the_fix_writes(string call, string message)
    {
        var test = Test(Wrap($"    string M(string a) => {{|#0:{call}|}};"));
        test.ExpectedDiagnostics.Add(RuleTest<PERF008UseInterpolationInsteadOfStringFormatAnalyzer, PERF008UseInterpolationInsteadOfStringFormatCodeFix>.Diagnostic().WithLocation(0).WithMessage(message));
        return test.RunAsync();
    }

    [Fact]
    public Task Strings_only_before_csharp10_become_string_Concat() => VerifyCSharp9(
        Wrap("""
                 string Path(string left, string right) => [|string.Format("{0}/{1}", left, right)|];
                 string Mixed(string left, int right) => string.Format("{0}/{1}", left, right);
             """),
        Wrap("""
                 string Path(string left, string right) => string.Concat(left, "/", right);
                 string Mixed(string left, int right) => string.Format("{0}/{1}", left, right);
             """));

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task Without_interpolated_string_handlers_only_strings_are_flagged(TestReferences references) => Verify(Wrap("""
            string Mixed(string s, int n) => string.Format("{0}={1}", s, n);
            string Aligned(string s) => string.Format("{0,5}", s);
            string Formatted(string s) => string.Format("{0:x}", s);
            string Provider(IFormatProvider p, string s) => string.Format(p, "{0}/{0}", s);
            string Strings(string s) => [|string.Format("{0}={0}", s)|];
        """), references: references);

    [Fact]
    public Task Before_csharp10_mixed_and_provider_calls_are_not_flagged() => VerifyCSharp9(Wrap("""
            string Mixed(string s, int n) => string.Format("{0}={1}", s, n);
            string Provider(IFormatProvider p, int n) => string.Format(p, "{0}", n);
        """));

    // ---- .NET 9+: string.Format(string, params ReadOnlySpan<object?>) is what C# 13+ binds to ----

    public static IEnumerable<object[]> ParamsLanguageVersions => Languages.Rows(LanguageVersion.CSharp11, Languages.CSharp12, Languages.CSharp13, Languages.CSharp14);

    [Theory]
    [MemberData(nameof(ParamsLanguageVersions))]
    public Task Params_span_overload_of_string_format(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 string Four(int a, int b, int c, int d) => [|string.Format("{0}.{1}.{2}.{3}", a, b, c, d)|];
                 string Five(int a, int b, int c, int d, int e) => [|string.Format("{0}{1}{2}{3}{4}", a, b, c, d, e)|];
                 string Text(StringBuilder sb, int a, int b, int c, int d) => sb.Append([|string.Format("{0}-{1}-{2}-{3}", a, b, c, d)|]).ToString();
             """),
        Wrap("""
                 string Four(int a, int b, int c, int d) => $"{a}.{b}.{c}.{d}";
                 string Five(int a, int b, int c, int d, int e) => $"{a}{b}{c}{d}{e}";
                 string Text(StringBuilder sb, int a, int b, int c, int d) => sb.Append($"{a}-{b}-{c}-{d}").ToString();
             """),
        TestReferences.Net100));

    // ---- Multi-targeted projects: string.Create(provider, $"...") is .NET 6+; a plain interpolated string compiles everywhere ----

    [Fact]
    public Task Other_legs_keep_the_provider_call_and_take_the_plain_interpolation() => Test(
            Wrap("""
                     string Key(int a, int b) => [|string.Format("{0}-{1}", a, b)|];
                     string Invariant(double x) => [|string.Format(System.Globalization.CultureInfo.InvariantCulture, "{0:F2} m", x)|];
                 """),
            Wrap("""
                     string Key(int a, int b) => $"{a}-{b}";
                 #if NET6_0_OR_GREATER
                     string Invariant(double x) => string.Create(System.Globalization.CultureInfo.InvariantCulture, $"{x:F2} m");
                 #else
                     string Invariant(double x) => string.Format(System.Globalization.CultureInfo.InvariantCulture, "{0:F2} m", x);
                 #endif
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net472;net10.0", current: "net10.0")
        .RunAsync();

    [Fact]
    public Task All_legs_option_reports_the_plain_interpolation_only()
    {
        var test = Test(
                Wrap("""
                         string Key(int a, int b) => [|string.Format("{0}-{1}", a, b)|];
                         string Invariant(double x) => string.Format(System.Globalization.CultureInfo.InvariantCulture, "{0:F2} m", x);
                     """),
                Wrap("""
                         string Key(int a, int b) => $"{a}-{b}";
                         string Invariant(double x) => string.Format(System.Globalization.CultureInfo.InvariantCulture, "{0:F2} m", x);
                     """),
                TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0");
        test.Options["perf_analyzers.multi_targeting"] = "all_legs";
        return test.RunAsync();
    }

    // ---- Must not flag ----

    [Fact]
    public Task Non_constant_malformed_and_array_formats_are_not_flagged() => Verify(Wrap("""
            static string _pattern = "{0}";
            string Field(int n) => string.Format(_pattern, n);
            string Parameter(string f, int n) => string.Format(f, n);
            string Malformed(int n) => string.Format("{0", n);
            string OutOfRange(int n) => string.Format("{1}", n);
            string LoneBrace(int n) => string.Format("}{0}", n);
            string BraceInFormat(int n) => string.Format("{0:x}}}", n);
            string EmptyFormat(int n) => string.Format("{0:}", n);
            string TrailingSpace(int n) => string.Format("{0:N2 }", n);
            string Array(object[] args) => string.Format("{0}{1}", args);
            string NewArray(int n) => string.Format("{0}{1}", new object[] { n, n });
            string Composite(System.Text.CompositeFormat f, int n) => string.Format(null, f, n);
            string Builder(StringBuilder sb, int n) => sb.AppendFormat("{0}", n).ToString();
        """));

    [Fact]
    public Task Expression_trees_are_not_flagged() => Verify(Wrap("""
            System.Linq.Expressions.Expression<Func<int, string>> E() => n => string.Format("{0}", n);
        """));

    [Fact]
    public Task A_type_named_string_Format_elsewhere_is_not_flagged() => Verify("""
        static class Text
        {
            public static string Format(string format, object arg) => format;
        }

        sealed class C
        {
            string M(int n) => Text.Format("{0}", n);
        }
        """);

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF008UseInterpolationInsteadOfStringFormatAnalyzer, PERF008UseInterpolationInsteadOfStringFormatCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     string A(int a) => string.Format("{0}", a;
                     string B(int a) => string.Format("{0}", Missing);
                     string D(int a) => string.Format(, a);
                     string E(int a) => string.Format("{0}{1}", a,);
                     string F() => string.Format();
                     void G(StringBuilder sb) => sb.Append(string.Format("{0}", ));
                 """),
        },
        AllowCompilerErrors = true,
    }.RunAsync();
}
