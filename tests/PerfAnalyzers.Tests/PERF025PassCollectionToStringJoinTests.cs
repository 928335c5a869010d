using System;
using System.Collections.Generic;
using System.Reflection;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Strings;
using PerfAnalyzers.Strings;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF025PassCollectionToStringJoinTests : RuleTests<PERF025PassCollectionToStringJoinAnalyzer, PERF025PassCollectionToStringJoinCodeFix>
{
    private const string Header = "using System;\nusing System.Collections.Generic;\nusing System.Linq;\n\n";

    private static string Wrap(string members) => Header + "sealed class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Copies_of_arrays_and_list_copies_to_lists_are_dropped(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 string M(string[] parts, List<string> names, char c)
                 {
                     var a = string.Join(", ", [|parts.ToArray()|]);
                     var b = string.Join(",", [|parts.ToList()|]);
                     var d = string.Concat([|parts.ToArray()|]) + string.Concat([|parts.ToList()|]);
                     var e = string.Join(c, [|parts.ToArray()|]) + string.Join(';', [|parts.ToList()|]);
                     var f = string.Join(" ", [|names.ToList()|]) + string.Concat([|names.ToList()|]);
                     var g = string.Join(c, [|names.ToList()|]);
                     var h = string.Join(", ", [|Enumerable.ToArray(parts)|]) + string.Join(", ", [|Enumerable.ToList(names)|]);
                     string[] local = parts;
                     var i = string.Join("|", [|local.ToArray()|]);
                     Func<string[], string> j = l => string.Join("-", [|l.ToList()|]);
                     return a + b + d + e + f + g + h + i + j(parts);
                 }
             """),
        Wrap("""
                 string M(string[] parts, List<string> names, char c)
                 {
                     var a = string.Join(", ", parts);
                     var b = string.Join(",", parts);
                     var d = string.Concat(parts) + string.Concat(parts);
                     var e = string.Join(c, parts) + string.Join(';', parts);
                     var f = string.Join(" ", names) + string.Concat(names);
                     var g = string.Join(c, names);
                     var h = string.Join(", ", parts) + string.Join(", ", names);
                     string[] local = parts;
                     var i = string.Join("|", local);
                     Func<string[], string> j = l => string.Join("-", l);
                     return a + b + d + e + f + g + h + i + j(parts);
                 }
             """)));

    /// <summary>#34: named arguments, in order or not: the fix replaces only the copy, so names and evaluation order stay.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_arguments_in_any_order_keep_their_names(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 string M(string[] parts, List<string> names)
                 {
                     var a = string.Join(separator: ", ", value: [|parts.ToArray()|]);
                     var b = string.Join(value: [|parts.ToArray()|], separator: ", ");
                     var c = string.Join(separator: ", ", values: [|names.ToList()|]) + string.Join(values: [|names.ToList()|], separator: ";");
                     var d = string.Join(",", values: [|names.ToList()|]) + string.Concat(values: [|parts.ToList()|]) + string.Concat(values: [|names.ToList()|]);
                     return a + b + c + d;
                 }
             """),
        Wrap("""
                 string M(string[] parts, List<string> names)
                 {
                     var a = string.Join(separator: ", ", value: parts);
                     var b = string.Join(value: parts, separator: ", ");
                     var c = string.Join(separator: ", ", values: names) + string.Join(values: names, separator: ";");
                     var d = string.Join(",", values: names) + string.Concat(values: parts) + string.Concat(values: names);
                     return a + b + c + d;
                 }
             """)));

    /// <summary>C# 14 on .NET 10, where string.Join and Concat also have params ReadOnlySpan overloads: the same bindings.</summary>
    [Fact]
    public Task Net10_span_overloads_do_not_change_the_rewrite() => Verify(
        Wrap("""
                 string M(string[] parts, List<string> names) =>
                     string.Join(", ", [|parts.ToArray()|]) + string.Concat([|parts.ToList()|]) +
                     string.Join(',', [|names.ToList()|]) + string.Concat([|names.ToList()|]);
             """),
        Wrap("""
                 string M(string[] parts, List<string> names) =>
                     string.Join(", ", parts) + string.Concat(parts) +
                     string.Join(',', names) + string.Concat(names);
             """),
        TestReferences.Net100);

    [Fact]
    public Task Nullable_elements_are_strings_too() => Verify(
        "#nullable enable\n" + Wrap("""
                 string M(List<string?> names, string?[] parts) => string.Join(", ", [|names.ToList()|]) + string.Concat([|parts.ToArray()|]);
             """),
        "#nullable enable\n" + Wrap("""
                 string M(List<string?> names, string?[] parts) => string.Join(", ", names) + string.Concat(parts);
             """));

    [Fact]
    public Task Message_names_the_copy_and_the_collection()
    {
        var test = Test(Wrap("    string M(string[] parts) => string.Join(\", \", {|#0:parts.ToArray()|});"),
            Wrap("    string M(string[] parts) => string.Join(\", \", parts);"));
        test.ExpectedDiagnostics.Add(RuleTest<PERF025PassCollectionToStringJoinAnalyzer, PERF025PassCollectionToStringJoinCodeFix>.Diagnostic()
            .WithLocation(0).WithMessage("'parts.ToArray()' copies the strings before joining them; pass 'parts' instead"));
        return test.RunAsync();
    }

    [Fact]
    public Task Fix_all_keeps_comments_and_layout() => Verify(
        Wrap("""
                 string M(List<string> names, string[] parts) =>
                     string.Join(", ", /* all */ [|names.ToList()|]) +
                     string.Join(
                         "; ",
                         [|parts.ToList()|] // the parts
                     );
             """),
        Wrap("""
                 string M(List<string> names, string[] parts) =>
                     string.Join(", ", /* all */ names) +
                     string.Join(
                         "; ",
                         parts // the parts
                     );
             """));

    // ---- Target frameworks ----

    /// <summary>The overloads are the same on every target: it fires on .NET Framework and .NET Standard too.</summary>
    [Theory]
    [InlineData(TestReferences.Net472)]
    [InlineData(TestReferences.NetStandard20)]
    public Task Older_targets_fire_too(TestReferences references) => Verify(
        Wrap("""
                 string M(List<string> names, string[] parts) =>
                     string.Join(", ", names.ToArray()) + string.Join(", ", [|names.ToList()|]) + string.Concat([|parts.ToArray()|]);
             """),
        Wrap("""
                 string M(List<string> names, string[] parts) =>
                     string.Join(", ", names.ToArray()) + string.Join(", ", names) + string.Concat(parts);
             """),
        references);

    /// <summary>In a multi-targeted project every leg has the overloads: a plain fix, compiled on the other leg too.</summary>
    [Fact]
    public Task Multi_targeted_project_gets_a_plain_fix() => Test(
            Wrap("    string M(List<string> names, string[] parts) => string.Join(\", \", [|parts.ToArray()|]) + string.Join(\", \", [|names.ToList()|]) + string.Join(\", \", names.ToArray());"),
            Wrap("    string M(List<string> names, string[] parts) => string.Join(\", \", parts) + string.Join(\", \", names) + string.Join(\", \", names.ToArray());"),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    // ---- Same behaviour ----

    /// <summary>Before and after give the same text for empty, single, null-holding and long collections.</summary>
    [Fact]
    public void The_fixed_code_joins_the_same_text()
    {
        using var code = LoadedCode.Compile(Header + """
            public static class P
            {
                public static string Before(List<string> names, string[] parts) =>
                    string.Join(", ", parts.ToArray()) + "|" + string.Join(',', parts.ToList()) + "|" + string.Join("; ", names.ToList()) + "|" +
                    string.Concat(names.ToList()) + "|" + string.Join('/', names.ToList()) + "|" + string.Concat(parts.ToList()) + "|" + string.Concat(parts.ToArray());

                public static string After(List<string> names, string[] parts) =>
                    string.Join(", ", parts) + "|" + string.Join(',', parts) + "|" + string.Join("; ", names) + "|" +
                    string.Concat(names) + "|" + string.Join('/', names) + "|" + string.Concat(parts) + "|" + string.Concat(parts);
            }
            """);
        var samples = new List<List<string?>>
        {
            new(),
            new() { "one" },
            new() { null },
            new() { "a", null, "", "b" },
            new() { null, null },
        };
        var many = new List<string?>();
        for (var i = 0; i < 300; i++)
        {
            many.Add(i % 7 == 0 ? null : "item" + i);
        }

        samples.Add(many);
        foreach (var sample in samples)
        {
            Assert.Equal(code.Invoke("Before", sample, sample.ToArray()), code.Invoke("After", sample, sample.ToArray()));
        }

        // A null collection throws ArgumentNullException either way (LINQ's for its 'source', then Join's or Concat's).
        Assert.IsType<ArgumentNullException>(Assert.Throws<TargetInvocationException>(() => code.Invoke("Before", new List<string>(), null)).InnerException);
        Assert.IsType<ArgumentNullException>(Assert.Throws<TargetInvocationException>(() => code.Invoke("After", new List<string>(), null)).InnerException);
        Assert.IsType<ArgumentNullException>(Assert.Throws<TargetInvocationException>(() => code.Invoke("Before", null, Array.Empty<string>())).InnerException);
        Assert.IsType<ArgumentNullException>(Assert.Throws<TargetInvocationException>(() => code.Invoke("After", null, Array.Empty<string>())).InnerException);
    }

    // ---- Must not flag ----

    [Fact]
    public Task Lookalikes_are_not_flagged() => Verify(Wrap("""
            sealed class Names : List<string> { }
            List<string> field = new List<string>();
            string[] array = new string[0];
            List<string> Property { get; } = new List<string>();
            List<string> Load() => new List<string>();

            string M(List<string> names, IEnumerable<string> lazy, IReadOnlyList<string> readOnly, HashSet<string> set, Names derived,
                     List<object> objects, object[] boxes, string[] parts, List<string> maybe, int count)
            {
                var a = string.Concat(names.ToArray()) + string.Join(", ", names.ToArray()) + string.Join(',', names.ToArray()); // a list's ToArray: the array overload measured as fast or faster
                var a2 = string.Join(", ", Enumerable.ToArray(names));
                var b = string.Join(", ", lazy.ToArray());              // a lazy source: the exact-size copy is faster
                var c = string.Join(", ", lazy.ToList());
                var d = string.Join(", ", readOnly.ToArray()) + string.Join(", ", set.ToList());
                var e = string.Join(", ", derived.ToList());            // a derived list: not every runtime's list path
                var f = string.Join(", ", field.ToList()) + string.Join(", ", Property.ToList()) + string.Join(", ", array.ToArray()); // may change on another thread
                var g = string.Join(", ", Load().ToList());
                var h = string.Join(", ", objects.ToArray());           // Join(params object[]) → Join<object>
                var i = string.Join(", ", boxes.ToArray());
                var j = string.Join(", ", parts.ToArray(), 0, count);   // the range overload
                var k = string.Join(", ", maybe?.ToList());             // null-conditional: a null would throw after
                var l = string.Join(separator: ", ", values: parts.ToList()); // named 'values' with an array would bind Join(params object[] values) or be ambiguous, not the array overload
                var m = string.Join(", ", parts.ToArray<object>()) + string.Join(", ", names.ToList<object>()); // object elements: another overload
                var n = string.Join(", ", names.Select(s => s).ToArray());
                var o = string.Join(", ", new List<string>(names).ToList());
                var p = string.Concat(parts.ToArray().Length);
                return a + a2 + b + c + d + e + f + g + h + i + j + k + l + m + n + o + p;
            }
            """));

    [Fact]
    public Task Other_copies_and_other_joins_are_not_flagged() => Verify(Header + """
        static class Copies
        {
            public static string[] ToArray(this List<string> list) => list.ToArray();
        }

        static class Text
        {
            public static string Join(string separator, string[] values) => string.Join(separator, values);
        }

        sealed class C
        {
            string M(List<string> names, string[] parts) =>
                Copies.ToArray(names).Length + Text.Join(", ", parts.ToArray()) + Text.Join(", ", Copies.ToArray(names)) + string.Join(", ", Copies.ToArray(names));
        }
        """);

    [Fact]
    public Task Cold_code_is_not_flagged() => Verify(Wrap("""
            void Check(List<string> missing)
            {
                if (missing.Count > 0)
                {
                    throw new ArgumentException("missing: " + string.Join(", ", missing.ToList()));
                }
            }
            """));

    [Fact]
    public Task Expression_trees_are_not_flagged() => Verify(Wrap("""
            System.Linq.Expressions.Expression<Func<string[], string>> E = l => string.Join(", ", l.ToArray());
            """));

    // ---- Broken code ----

    [Theory]
    [InlineData("string M(List<string> l) => string.Join(\", \", l.ToArray(), );")]
    [InlineData("string M(List<string> l) => string.Join(\", \", l.ToArray(1));")]
    [InlineData("string M(Missing l) => string.Join(\", \", l.ToArray());")]
    [InlineData("string M(List<string> l) => string.Join(\", \", l.ToArray()")]
    [InlineData("string M(List<string> l) => string.Concat(l.ToArray(), l.ToList(), missing);")]
    [InlineData("string M(List<string> l) => string.Join(l.ToArray());")]
    public Task Broken_code_does_not_crash(string member) => new RuleTest<PERF025PassCollectionToStringJoinAnalyzer>()
    {
        Sources = { Wrap("    " + member) },
        AllowCompilerErrors = true,
    }.RunAsync();
}
