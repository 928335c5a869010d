using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>Checks every descriptor, analyzer and fix provider against the conventions of design.md.</summary>
public class MetaTests
{
    public static IReadOnlyList<DiagnosticDescriptor> Descriptors { get; } = Rules.All.Select(r => r.Descriptor).ToList();

    /// <summary>The analyzers a host loads: the types with <c>[DiagnosticAnalyzer]</c> (the dispatcher and the rules that run alone).</summary>
    public static IReadOnlyList<DiagnosticAnalyzer> Analyzers { get; } = typeof(Rules).Assembly.GetTypes()
        .Where(t => typeof(DiagnosticAnalyzer).IsAssignableFrom(t) && !t.IsAbstract && t.GetCustomAttribute<DiagnosticAnalyzerAttribute>() is not null)
        .Select(t => (DiagnosticAnalyzer)Activator.CreateInstance(t)!)
        .ToList();

    /// <summary>Every rule's analyzer class, shipped alone or through <see cref="PerfAnalyzers.Dispatch.PerfDispatcher"/>.</summary>
    public static IReadOnlyList<PerfAnalyzer> RuleAnalyzers { get; } = typeof(Rules).Assembly.GetTypes()
        .Where(t => typeof(PerfAnalyzer).IsAssignableFrom(t) && !t.IsAbstract)
        .Select(t => (PerfAnalyzer)Activator.CreateInstance(t)!)
        .ToList();

    public static IReadOnlyList<CodeFixProvider> Fixes { get; } = typeof(DocumentFix).Assembly.GetTypes()
        .Where(t => typeof(CodeFixProvider).IsAssignableFrom(t) && !t.IsAbstract)
        .Select(t => (CodeFixProvider)Activator.CreateInstance(t)!)
        .ToList();

    public static TheoryData<string> RuleIds()
    {
        var data = new TheoryData<string>();
        foreach (var d in Descriptors)
        {
            data.Add(d.Id);
        }

        return data;
    }

    private static DiagnosticDescriptor Descriptor(string id) => Descriptors.Single(d => d.Id == id);

    private static RuleInfo Entry(string id) => Rules.All.Single(r => r.Id == id);

    private static bool HasFix(string id) => Fixes.Any(f => f.FixableDiagnosticIds.Contains(id));

    [Fact]
    public void There_are_rules_and_ids_are_unique() =>
        Assert.Equal(Descriptors.Count, Descriptors.Select(d => d.Id).Distinct().Count());

    /// <summary>
    /// One entry per rule in <c>Rules.cs</c>, and every list of rules in the repository in id order: the entries, the
    /// README's table, the release-tracking file and the samples' severities.
    /// </summary>
    [Fact]
    public void Rules_are_listed_in_id_order_everywhere()
    {
        var ids = Rules.All.Select(r => r.Id).ToList();
        Assert.Equal(ids.OrderBy(x => x, StringComparer.Ordinal), ids);
        Assert.Equal(ids.Distinct(), ids);

        var nested = typeof(Rules).GetNestedTypes().Where(t => Regex.IsMatch(t.Name, "^PERF[0-9]{3}$")).ToList();
        Assert.Equal(ids.OrderBy(x => x), nested.Select(t => t.Name).OrderBy(x => x));
        foreach (var type in nested)
        {
            Assert.Equal(type.Name, type.GetField("Id")!.GetValue(null));
            Assert.Same(Entry(type.Name), type.GetField("Info")!.GetValue(null));
        }

        // The entries live in Rules.<Area>.cs, one file per analyzer folder, each in id order.
        var declared = new List<string>();
        foreach (var file in Directory.GetFiles(Repository.Path("src", "PerfAnalyzers"), "Rules.*.cs"))
        {
            var inFile = Ids(File.ReadAllText(file), @"^    public static class (PERF[0-9]{3})$");
            Assert.Equal(inFile.OrderBy(x => x, StringComparer.Ordinal), inFile);
            declared.AddRange(inFile);
        }

        Assert.Equal(ids, declared.OrderBy(x => x, StringComparer.Ordinal));
        Assert.Equal(ids, Ids(Repository.Read("README.md"), @"^\| \[(PERF[0-9]{3})\]"));
        Assert.Equal(ids, Ids(Repository.Read("src", "PerfAnalyzers", "AnalyzerReleases.Unshipped.md"), @"^(PERF[0-9]{3}) \|"));
        Assert.Equal(ids, Ids(Repository.Read("samples", ".editorconfig"), @"^dotnet_diagnostic\.(PERF[0-9]{3})\.severity"));

        static List<string> Ids(string text, string pattern) =>
            Regex.Matches(text, pattern, RegexOptions.Multiline).Select(m => m.Groups[1].Value).ToList();
    }

    /// <summary>The README's option table is exactly the options the entries list: key, rules, default, meaning.</summary>
    [Fact]
    public void Readme_option_table_matches_the_entries()
    {
        var options = Rules.All.SelectMany(r => r.Options).Distinct()
            .OrderBy(o => o.RuleId is null ? 0 : 1)
            .ThenBy(o => o.Key, StringComparer.Ordinal)
            .ToList();
        var expected = options.Select(o =>
            $"| `{o.Key}` | {string.Join(", ", Rules.All.Where(r => r.Honours(o)).Select(r => r.Id))} | " +
            (o.DefaultText.Length == 0 ? "(none)" : "`" + o.DefaultText + "`") + $" | {o.Description} |");
        var lines = Repository.Read("README.md").Replace("\r", string.Empty).Split('\n');
        var header = Array.IndexOf(lines, "| Option | Rule | Default | Meaning |");
        Assert.True(header > 0, "README has no option table");
        var rows = lines.Skip(header + 2).TakeWhile(l => l.StartsWith("|", StringComparison.Ordinal));
        Assert.Equal(expected, rows);
        Assert.All(options.Where(o => o.RuleId is not null), o => Assert.Contains(o.Key, Repository.Read("docs", "rules", o.RuleId + ".md")));
    }

    /// <summary>The SDK rules an entry names as counterparts are the ones its page compares it with.</summary>
    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Sdk_counterparts_are_on_the_page(string id)
    {
        var page = Repository.Read("docs", "rules", id + ".md");
        Assert.All(Entry(id).SdkCounterparts, ca => Assert.Contains(ca, page));
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Descriptor_is_well_formed(string id)
    {
        var d = Descriptor(id);
        Assert.Matches("^PERF[0-9]{3}$", d.Id);
        Assert.False(string.IsNullOrWhiteSpace(d.Title.ToString()));
        Assert.False(string.IsNullOrWhiteSpace(d.MessageFormat.ToString()));
        Assert.False(string.IsNullOrWhiteSpace(d.Description.ToString()));
        Assert.Equal("Performance", d.Category);
        Assert.True(d.IsEnabledByDefault);
        Assert.Equal(Rules.HelpLinkBase + id + ".md", d.HelpLinkUri);
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Help_link_resolves_to_a_doc_page_with_a_measured_table(string id)
    {
        var page = Repository.Path("docs", "rules", id + ".md");
        Assert.True(File.Exists(page), page + " is missing");
        var text = File.ReadAllText(page);
        Assert.StartsWith("# " + id + " — " + Descriptor(id).Title, text);
        Assert.Contains("<!-- benchmark:start -->", text);
        Assert.Matches(@"\|\s*Mean\s*\|", text);
        if (!HasFix(id))
        {
            Assert.Contains("no code fix", text, StringComparison.OrdinalIgnoreCase);
        }
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Readme_row_matches_the_descriptor(string id)
    {
        var d = Descriptor(id);
        var readme = Repository.Read("README.md");
        var row = readme.Split('\n').SingleOrDefault(l => l.StartsWith("| [" + id + "]", StringComparison.Ordinal));
        Assert.True(row is not null, "README has no rule table row for " + id);
        var cells = row!.Split('|').Select(c => c.Trim()).ToArray();
        Assert.Equal($"[{id}](docs/rules/{id}.md)", cells[1]);
        Assert.Equal(d.Title.ToString(), cells[2]);
        Assert.Equal(d.DefaultSeverity.ToString(), cells[3]);
        Assert.Equal(HasFix(id) ? "Yes" : "No", cells[4]);
        Assert.Equal(HasFix(id), Entry(id).FixKey is not null);
        Assert.False(string.IsNullOrWhiteSpace(Entry(id).FiresOn), "the entry of " + id + " must say which target frameworks it fires on");
        Assert.Equal(Entry(id).FiresOn, string.Join("|", cells.Skip(5).Take(cells.Length - 6)));
    }

    /// <summary>
    /// Whether the rule stays silent in cold code (its entry lists <c>ColdPath.Option</c>): then its page names the
    /// per-rule option and the README's cold_paths row lists it; otherwise its page says why cold code does not apply.
    /// </summary>
    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Cold_path_behaviour_is_documented(string id)
    {
        // The entry decides: ProfileGate.Report applies the check to every finding of a rule that lists it (ColdPathTests).
        var asks = Entry(id).Honours(ColdPath.Option);
        var page = Regex.Replace(Repository.Read("docs", "rules", id + ".md"), @"[ \r\n]+", " ");
        Assert.Contains("## Cold code", page);
        var row = Repository.Read("README.md").Split('\n').Single(l => l.StartsWith("| `perf_analyzers.cold_paths`", StringComparison.Ordinal));
        Assert.Equal(asks, page.Contains($"perf_analyzers.{id}.cold_paths = report", StringComparison.Ordinal));
        Assert.Equal(asks, row.Contains(id, StringComparison.Ordinal));
    }

    /// <summary>
    /// Whether the rule's fix is guarded for multi-targeted projects (its entry lists <c>MultiTargeting.Option</c>): then
    /// its page documents the option and the README lists it beside the option; otherwise its page says the fix is plain.
    /// </summary>
    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Multi_targeting_behaviour_is_documented(string id)
    {
        // The entry decides: MultiTargeting.Allows guards only for a rule that lists the option.
        var guarded = Entry(id).Honours(MultiTargeting.Option);
        var page = Regex.Replace(Repository.Read("docs", "rules", id + ".md"), @"[ \r\n]+", " ");
        Assert.Contains("## Multi-targeted projects", page);
        var row = Repository.Read("README.md").Split('\n').Single(l => l.StartsWith("| `perf_analyzers.multi_targeting`", StringComparison.Ordinal));
        if (guarded)
        {
            Assert.Contains($"perf_analyzers.{id}.multi_targeting = all_legs", page);
            Assert.Contains(id, row);
        }
        else
        {
            Assert.Contains("does not apply", page);
            Assert.DoesNotContain(id, row);
        }
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Release_tracking_has_the_rule(string id)
    {
        var d = Descriptor(id);
        var tracking = Repository.Read("src", "PerfAnalyzers", "AnalyzerReleases.Unshipped.md") + Repository.Read("src", "PerfAnalyzers", "AnalyzerReleases.Shipped.md");
        Assert.Matches(new Regex($@"^{id}\s*\|\s*Performance\s*\|\s*{d.DefaultSeverity}\s*\|", RegexOptions.Multiline), tracking);
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Samples_show_the_rule_as_a_warning(string id)
    {
        Assert.Contains($"dotnet_diagnostic.{id}.severity = warning", Repository.Read("samples", ".editorconfig"));
        var samples = Directory.GetFiles(Repository.Path("samples"), "*.cs", SearchOption.AllDirectories)
            .Where(p => !p.Contains("/obj/") && !p.Contains("/bin/"));
        Assert.Contains(samples, p => Path.GetFileName(p).StartsWith(id, StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Exactly_one_analyzer_reports_the_rule_and_follows_the_conventions(string id)
    {
        // One rule class per id, named by it.
        var rule = Assert.Single(RuleAnalyzers, a => a.SupportedDiagnostics.Any(d => d.Id == id));
        var type = rule.GetType();
        Assert.StartsWith(id, type.Name);
        Assert.EndsWith("Analyzer", type.Name);

        // Shipped exactly one way: through the dispatcher (no attribute of its own, or a host would run it twice), or alone.
        var dispatched = PerfAnalyzers.Dispatch.PerfDispatcher.CreateRules().Count(r => r.GetType() == type);
        var attribute = type.GetCustomAttribute<DiagnosticAnalyzerAttribute>();
        Assert.True(dispatched + (attribute is null ? 0 : 1) == 1, type.Name + ": in the dispatcher " + dispatched + " time(s), [DiagnosticAnalyzer] " + (attribute is not null));
        var shipped = Assert.Single(Analyzers, a => a.SupportedDiagnostics.Any(d => d.Id == id));
        Assert.Contains(LanguageNames.CSharp, shipped.GetType().GetCustomAttribute<DiagnosticAnalyzerAttribute>()!.Languages);
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void Benchmark_class_exists_with_a_baseline(string id)
    {
        var type = typeof(PerfAnalyzers.Benchmarks.Program).Assembly.GetTypes()
            .SingleOrDefault(t => t.Name.StartsWith(id, StringComparison.Ordinal) && t.Name.EndsWith("Benchmarks", StringComparison.Ordinal));
        Assert.True(type is not null, "No benchmarks/PerfAnalyzers.Benchmarks/" + id + "*Benchmarks class");
        Assert.NotNull(type!.GetCustomAttribute<BenchmarkDotNet.Attributes.MemoryDiagnoserAttribute>());
        Assert.Contains(type.GetMethods(), m => m.GetCustomAttribute<BenchmarkDotNet.Attributes.BenchmarkAttribute>() is { Baseline: true });
    }

    [Fact]
    public void Every_fix_provider_is_exported_with_fix_all_and_a_stable_key()
    {
        Assert.NotEmpty(Fixes);
        foreach (var fix in Fixes)
        {
            var type = fix.GetType();
            var export = type.GetCustomAttribute<ExportCodeFixProviderAttribute>();
            Assert.True(export is not null, type.Name + " is not exported");
            Assert.Contains(LanguageNames.CSharp, export!.Languages);
            Assert.NotNull(fix.GetFixAllProvider());
            var id = Assert.Single(fix.FixableDiagnosticIds);
            Assert.Contains(Descriptors, d => d.Id == id);
            Assert.StartsWith(id, type.Name);
            Assert.EndsWith("CodeFix", type.Name);
            Assert.True(fix is DocumentFix or SolutionFix, type.Name + " derives from neither DocumentFix nor SolutionFix");
            var key = (string)typeof(RuleFix).GetProperty("EquivalenceKey", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(fix)!;
            Assert.StartsWith(id + "_", key);
            Assert.Equal(Rules.All.Single(r => r.Id == id).FixKey, key);
        }
    }

    [Fact]
    public void Package_props_make_exactly_the_read_properties_compiler_visible()
    {
        var props = XDocument.Parse(Repository.Read("src", "PerfAnalyzers.Package", "build", "PerfAnalyzers.props"));
        var visible = props.Descendants("CompilerVisibleProperty").Select(e => (string)e.Attribute("Include")!).OrderBy(x => x, StringComparer.Ordinal);
        Assert.Equal(BuildProperties.All.OrderBy(x => x, StringComparer.Ordinal), visible);
    }
}
