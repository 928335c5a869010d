using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Strings;
using PerfAnalyzers.Strings;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF001UseAsSpanInsteadOfSubstringTests : RuleTests<PERF001UseAsSpanInsteadOfSubstringAnalyzer, PERF001UseAsSpanInsteadOfSubstringCodeFix>
{
    private static Task Verify(string source, string? fixedSource = null, TestReferences references = TestReferences.Net80, Microsoft.CodeAnalysis.NullableContextOptions? nullable = null)
    {
        var test = RuleTest<PERF001UseAsSpanInsteadOfSubstringAnalyzer, PERF001UseAsSpanInsteadOfSubstringCodeFix>.Create(source, fixedSource, references);
        test.Nullable = nullable ?? test.Nullable;
        return test.RunAsync();
    }

    private static string Wrap(string members, string usings = "using System;\nusing System.IO;\nusing System.Text;\n") =>
        usings + "\nclass C\n{\n" + members + "\n}\n";

    // ---- Arguments with a ReadOnlySpan<char> overload ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Int_parse_of_a_substring(LanguageVersion version) => Languages.At(version, () => Verify(
            Wrap("    int M(string s) => int.Parse(s.[|Substring|](1, 3));"),
            Wrap("    int M(string s) => int.Parse(s.AsSpan(1, 3));")));

    [Fact]
    public Task Long_try_parse_with_out_argument() => Verify(
        Wrap("    bool M(string s, out long value) => long.TryParse(s.[|Substring|](2), out value);"),
        Wrap("    bool M(string s, out long value) => long.TryParse(s.AsSpan(2), out value);"));

    [Fact]
    public Task Double_guid_and_datetime_parse() => Verify(
        Wrap("""
                 double D(string s) => double.Parse(s.[|Substring|](1));
                 Guid G(string s) => Guid.Parse(s.[|Substring|](0, 36));
                 DateTime T(string s) => DateTime.Parse(s.[|Substring|](4));
             """),
        Wrap("""
                 double D(string s) => double.Parse(s.AsSpan(1));
                 Guid G(string s) => Guid.Parse(s.AsSpan(0, 36));
                 DateTime T(string s) => DateTime.Parse(s.AsSpan(4));
             """));

    [Fact]
    public Task Generic_enum_parse() => Verify(
        Wrap("    DayOfWeek M(string s) => Enum.Parse<DayOfWeek>(s.[|Substring|](1));"),
        Wrap("    DayOfWeek M(string s) => Enum.Parse<DayOfWeek>(s.AsSpan(1));"));

    [Fact]
    public Task Text_writer_write() => Verify(
        Wrap("    void M(TextWriter w, string s) => w.Write(s.[|Substring|](1, 2));"),
        Wrap("    void M(TextWriter w, string s) => w.Write(s.AsSpan(1, 2));"));

    [Fact]
    public Task A_parameter_that_already_takes_a_span() => Verify(
        Wrap("    bool M(string s, string t) => t.AsSpan().StartsWith(s.[|Substring|](1), StringComparison.Ordinal);"),
        Wrap("    bool M(string s, string t) => t.AsSpan().StartsWith(s.AsSpan(1), StringComparison.Ordinal);"));

    [Fact]
    public Task Adds_using_system_when_missing() => Verify(
        "class C\n{\n    int M(string s) => int.Parse(s.[|Substring|](1));\n}\n",
        "using System;\n\nclass C\n{\n    int M(string s) => int.Parse(s.AsSpan(1));\n}\n");

    [Fact]
    public Task No_fix_when_the_added_using_would_break_other_code_in_the_file()
    {
        // 'using System;' (for AsSpan) would make 'Action' ambiguous with System.Action (error CS0104). The same happens
        // under C# 14, where it brings MemoryExtensions.Contains into an array's 'Contains' call (CS1929, seen on
        // Serilog). A fix that adds an error is not applied: the document is left as it is.
        const string source = "using MyLib;\n\nnamespace MyLib\n{\n    public sealed class Action { }\n}\n\nclass C\n{\n    Action A() => new Action();\n\n    int M(string s) => int.Parse(s.[|Substring|](1));\n}\n";
        return Verify(source, source);
    }

    // ---- StringBuilder.Append ----

    [Fact]
    public Task Append_with_start_and_length() => Verify(
        Wrap("    void M(StringBuilder sb, string s) => sb.Append(s.[|Substring|](1, 2)).Append('x');"),
        Wrap("    void M(StringBuilder sb, string s) => sb.Append(s, 1, 2).Append('x');"));

    [Fact]
    public Task Append_with_start_only_repeats_the_simple_receiver() => Verify(
        Wrap("    void M(StringBuilder sb, string s, int start) => sb.Append(s.[|Substring|](start));"),
        Wrap("    void M(StringBuilder sb, string s, int start) => sb.Append(s, start, s.Length - start);"));

    [Fact]
    public Task Append_with_start_only_and_a_field_receiver() => Verify(
        Wrap("    string _s = \"abc\";\n    void M(StringBuilder sb) => sb.Append(_s.[|Substring|](1));"),
        Wrap("    string _s = \"abc\";\n    void M(StringBuilder sb) => sb.Append(_s, 1, _s.Length - 1);"));

    [Fact]
    public Task Append_start_only_with_side_effects_is_not_flagged() => Verify(
        Wrap("    string Get() => \"abc\";\n    void M(StringBuilder sb, int i) { sb.Append(Get().Substring(1)); sb.Append(\"abc\".Substring(i++)); }"));

    [Fact]
    public Task Append_fires_on_net_standard_2_0_too() => Verify(
        Wrap("    void M(StringBuilder sb, string s) => sb.Append(s.[|Substring|](1, 2));"),
        Wrap("    void M(StringBuilder sb, string s) => sb.Append(s, 1, 2);"),
        TestReferences.NetStandard20);

    [Fact]
    public Task Append_fires_on_net_framework_too() => Verify(
        Wrap("    void M(StringBuilder sb, string s) => sb.Append(s.[|Substring|](1, 2));"),
        Wrap("    void M(StringBuilder sb, string s) => sb.Append(s, 1, 2);"),
        TestReferences.Net472);

    // ---- Ordinal comparisons ----

    [Fact]
    public Task Equality_operators_with_a_literal() => Verify(
        Wrap("""
                 bool A(string s) => s.[|Substring|](1, 2) == "ab";
                 bool B(string s) => "ab" != s.[|Substring|](1, 2);
             """),
        Wrap("""
                 bool A(string s) => s.AsSpan(1, 2).SequenceEqual("ab");
                 bool B(string s) => !s.AsSpan(1, 2).SequenceEqual("ab");
             """));

    [Fact]
    public Task Equals_calls_with_a_non_null_parameter() => Verify(
        Wrap("""
                 bool A(string s, string t) => string.Equals(s.[|Substring|](1), t);
                 bool B(string s, string t) => s.[|Substring|](1).Equals(t);
             """),
        Wrap("""
                 bool A(string s, string t) => s.AsSpan(1).SequenceEqual(t);
                 bool B(string s, string t) => s.AsSpan(1).SequenceEqual(t);
             """));

    [Fact]
    public Task Ordinal_starts_with_and_ends_with() => Verify(
        Wrap("""
                 bool A(string s) => s.[|Substring|](1).StartsWith("ab", StringComparison.Ordinal);
                 bool B(string s) => s.[|Substring|](1).EndsWith("ab", StringComparison.OrdinalIgnoreCase);
             """),
        Wrap("""
                 bool A(string s) => s.AsSpan(1).StartsWith("ab", StringComparison.Ordinal);
                 bool B(string s) => s.AsSpan(1).EndsWith("ab", StringComparison.OrdinalIgnoreCase);
             """));

    [Fact]
    public Task Culture_sensitive_comparisons_are_not_flagged() => Verify(Wrap("""
            bool A(string s) => s.Substring(1).StartsWith("ab");
            bool B(string s) => s.Substring(1).StartsWith("ab", StringComparison.CurrentCulture);
            bool C2(string s) => s.Substring(1).EndsWith("ab", StringComparison.InvariantCultureIgnoreCase);
            bool D(string s) => string.Equals(s.Substring(1), "ab", StringComparison.CurrentCulture);
        """));

    [Fact]
    public Task Comparison_with_a_possibly_null_value_is_not_flagged() => Verify(Wrap("""
            bool A(string s, string? t) => s.Substring(1) == t;
            bool B(string s, string? t) => s.Substring(1).Equals(t);
            bool C2(string s, string? t) => s.Substring(1).StartsWith(t!.Trim(), StringComparison.Ordinal);
            bool D(string s) => s.Substring(1) == null;
            bool E(string s, object o) => s.Substring(1).Equals(o);
        """));

    [Fact]
    public Task Comparison_without_nullable_annotations_is_flagged_only_for_constants() => Verify(
        Wrap("    bool A(string s, string t) => s.Substring(1) == t;\n    bool B(string s) => s.[|Substring|](1) == \"x\";"),
        Wrap("    bool A(string s, string t) => s.Substring(1) == t;\n    bool B(string s) => s.AsSpan(1).SequenceEqual(\"x\");"),
        nullable: Microsoft.CodeAnalysis.NullableContextOptions.Disable);

    // ---- Concatenation ----

    [Fact]
    public Task Concatenation_becomes_span_concat() => Verify(
        Wrap("    string M(string a, string b) => a.[|Substring|](1) + \"x\" + b;"),
        Wrap("    string M(string a, string b) => string.Concat(a.AsSpan(1), \"x\", b);"));

    [Fact]
    public Task Two_substrings_in_one_concatenation_get_two_diagnostics_and_one_rewrite() => Verify(
        Wrap("    string M(string a, string b) => a.[|Substring|](0, 2) + (\"-\" + b.[|Substring|](3));"),
        Wrap("    string M(string a, string b) => string.Concat(a.AsSpan(0, 2), \"-\", b.AsSpan(3));"));

    [Fact]
    public Task Explicit_string_concat_call() => Verify(
        Wrap("    string M(string a, string b) => string.Concat(a.[|Substring|](1), b);"),
        Wrap("    string M(string a, string b) => string.Concat(a.AsSpan(1), b);"));

    [Fact]
    public Task Concatenations_that_do_not_fit_the_span_overloads_are_not_flagged() => Verify(Wrap("""
            string A(string a) => a.Substring(1) + 5;
            string B(string a) => a.Substring(1) + 'x';
            string C2(string a, string b) => a.Substring(1) + b + b + b + b;
            string D(string a) => a.Substring(1) + null;
        """));

    // ---- A local used once ----

    [Fact]
    public Task Local_used_once_becomes_a_span_local() => Verify(
        Wrap("""
                 int M(string s)
                 {
                     var part = s.[|Substring|](1, 3);
                     return int.Parse(part);
                 }
             """),
        Wrap("""
                 int M(string s)
                 {
                     ReadOnlySpan<char> part = s.AsSpan(1, 3);
                     return int.Parse(part);
                 }
             """));

    [Fact]
    public Task Locals_that_need_a_string_are_not_flagged() => Verify(Wrap("""
            string _field = "";
            int Twice(string s) { var part = s.Substring(1); return int.Parse(part) + part.Length; }
            void Stored(string s) { var part = s.Substring(1); _field = part; }
            string Returned(string s) { var part = s.Substring(1); return part; }
            Func<int> Captured(string s) { var part = s.Substring(1); return () => int.Parse(part); }
            void NoOverload(string s) { var part = s.Substring(1); Console.WriteLine(part); }
            int Multiple(string s) { string a = s.Substring(1), b = ""; return int.Parse(a); }
            async System.Threading.Tasks.Task<int> Async(string s) { var part = s.Substring(1); await System.Threading.Tasks.Task.Yield(); return int.Parse(part); }
            System.Collections.Generic.IEnumerable<int> Iterator(string s) { var part = s.Substring(1); yield return int.Parse(part); }
        """));

    // ---- .NET 10 overloads: Console.Write/WriteLine(ReadOnlySpan<char>) exist there (not on .NET 8, where the
    //      same call is left alone: see Results_that_are_stored_returned_or_captured_are_not_flagged) ----

    [Fact]
    public Task Console_write_line_takes_a_span_on_net10() => Verify(
        Wrap("    void M(string s) { Console.WriteLine(s.[|Substring|](1)); Console.Write(s.[|Substring|](0, 2)); }"),
        Wrap("    void M(string s) { Console.WriteLine(s.AsSpan(1)); Console.Write(s.AsSpan(0, 2)); }"),
        TestReferences.Net100);

    // ---- Newer language shapes ----

    [CSharpFact(14)]
    public Task In_a_CSharp_14_extension_block_member() => Verify(
        "using System;\n\nstatic class Parsing\n{\n    extension(string s)\n    {\n        public int Head => int.Parse(s.[|Substring|](0, 2));\n    }\n}\n",
        "using System;\n\nstatic class Parsing\n{\n    extension(string s)\n    {\n        public int Head => int.Parse(s.AsSpan(0, 2));\n    }\n}\n",
        TestReferences.Net100);

    [CSharpFact(14)]
    public Task Null_conditional_assignment_stores_the_string_or_takes_the_parsed_value() => Verify(
        Wrap("""
                 sealed class Holder { public string? Text; public int Count; }
                 void Store(Holder? h, string s) => h?.Text = s.Substring(1);
                 void Parse(Holder? h, string s) => h?.Count = int.Parse(s.[|Substring|](1));
             """),
        Wrap("""
                 sealed class Holder { public string? Text; public int Count; }
                 void Store(Holder? h, string s) => h?.Text = s.Substring(1);
                 void Parse(Holder? h, string s) => h?.Count = int.Parse(s.AsSpan(1));
             """));

    [CSharpFact(12)]
    public Task Collection_expression_elements_are_stored_and_not_flagged() => Verify(Wrap("""
            string[] Parts(string s) => [s.Substring(1), s.Substring(0, 1)];
            System.Collections.Generic.List<string> List(string s) => [s.Substring(1)];
        """));

    // ---- Must not flag ----

    [Fact]
    public Task Results_that_are_stored_returned_or_captured_are_not_flagged() => Verify(Wrap("""
            string _field = "";
            void Stored(string s) => _field = s.Substring(1);
            string Returned(string s) => s.Substring(1);
            Func<string> Captured(string s) => () => s.Substring(1);
            void NoOverload(string s) => Take(s.Substring(1));
            void Take(string s) { }
            void Console1(string s) => Console.WriteLine(s.Substring(1));
            string? Conditional(string? s) => int.Parse(s?.Substring(1) ?? "0").ToString();
            string Format(string s) => string.Format("{0}", s.Substring(1));
        """));

    [Fact]
    public Task Expression_trees_are_not_flagged() => Verify(Wrap(
        "    System.Linq.Expressions.Expression<Func<string, int>> E = s => int.Parse(s.Substring(1));"));

    [Fact]
    public Task Span_across_an_await_in_the_same_statement_is_not_flagged() => Verify(
        Wrap("""
                 async System.Threading.Tasks.Task<int> A(string s) => int.Parse(s.Substring(1)) + await System.Threading.Tasks.Task.FromResult(1);
                 async System.Threading.Tasks.Task<int> B(string s) { await System.Threading.Tasks.Task.Yield(); return int.Parse(s.[|Substring|](1)); }
             """),
        Wrap("""
                 async System.Threading.Tasks.Task<int> A(string s) => int.Parse(s.Substring(1)) + await System.Threading.Tasks.Task.FromResult(1);
                 async System.Threading.Tasks.Task<int> B(string s) { await System.Threading.Tasks.Task.Yield(); return int.Parse(s.AsSpan(1)); }
             """));

    [Fact]
    public Task Top_level_statements_with_an_await_in_the_statement_are_not_flagged() => new RuleTest<PERF001UseAsSpanInsteadOfSubstringAnalyzer, PERF001UseAsSpanInsteadOfSubstringCodeFix>()
    {
        OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication,
        Sources =
        {
            """
            var s = args[0];
            var a = int.Parse(s.Substring(1)) + await System.Threading.Tasks.Task.FromResult(1);
            var b = int.Parse(s.[|Substring|](2));
            System.Console.WriteLine(a + b);
            """,
        },
        FixedSources =
        {
            """
            using System;

            var s = args[0];
            var a = int.Parse(s.Substring(1)) + await System.Threading.Tasks.Task.FromResult(1);
            var b = int.Parse(s.AsSpan(2));
            System.Console.WriteLine(a + b);
            """,
        },
    }.RunAsync();

    [Fact]
    public Task No_span_overloads_on_net_standard_2_0() => Verify(
        Wrap("""
                 int A(string s) => int.Parse(s.Substring(1));
                 bool B(string s) => s.Substring(1) == "x";
                 string C2(string a, string b) => a.Substring(1) + b;
             """),
        references: TestReferences.NetStandard20);

    [Fact]
    public Task No_span_overloads_on_net_framework() => Verify(
        Wrap("    int A(string s) => int.Parse(s.Substring(1));\n    bool B(string s) => s.Substring(1) == \"x\";"),
        references: TestReferences.Net472);

    [Fact]
    public Task A_user_type_named_substring_is_not_flagged() => Verify(Wrap("""
            class S { public string Substring(int i) => ""; }
            int M(S s) => int.Parse(s.Substring(1));
        """));

    [Fact]
    public Task Fix_all_rewrites_every_shape_in_a_document() => Verify(
        Wrap("""
                 int A(string s) => int.Parse(s.[|Substring|](1));
                 void B(StringBuilder sb, string s) => sb.Append(s.[|Substring|](1, 2));
                 bool C2(string s) => s.[|Substring|](1) == "x";
                 string D(string a) => a.[|Substring|](1) + a.[|Substring|](2);
             """),
        Wrap("""
                 int A(string s) => int.Parse(s.AsSpan(1));
                 void B(StringBuilder sb, string s) => sb.Append(s, 1, 2);
                 bool C2(string s) => s.AsSpan(1).SequenceEqual("x");
                 string D(string a) => string.Concat(a.AsSpan(1), a.AsSpan(2));
             """));

    [Theory]
    [InlineData("int M(string s) => int.Parse(s.Substring(1, ;")]
    [InlineData("int M(string s) => int.Parse(s.Substring());")]
    [InlineData("int M(string s) => int.Parse(s.Substring(\"a\"));")]
    [InlineData("void M(System.Text.StringBuilder sb, string s) => sb.Append(s.Substring(1, 2, 3));")]
    [InlineData("string M(string a) => a.Substring(1) + ;")]
    [InlineData("int M(Undefined s) => int.Parse(s.Substring(1));")]
    [InlineData("int M(string s) { var p = s.Substring(1); return int.Parse(p, ); }")]
    public Task Broken_code_does_not_crash(string member) => new RuleTest<PERF001UseAsSpanInsteadOfSubstringAnalyzer>()
    {
        Sources = { Wrap("    " + member) },
        AllowCompilerErrors = true,
    }.RunAsync();
}
