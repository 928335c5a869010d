using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;

namespace PerfAnalyzers.Cli;

/// <summary>
/// Every list of rules in the repository, written from the rule entries (<see cref="Rules.All"/>): the README's rule and
/// option tables, the release-tracking file, the samples' <c>.editorconfig</c> and the header table of each rule's page.
/// A new rule's facts are typed once, in its entry; <c>perfanalyzers rule-lists</c> writes them everywhere else, and
/// <c>.ci/run</c> fails when a file differs from what this writes (<c>--check</c>).
/// </summary>
public static class RuleLists
{
    public const string RulesStart = "<!-- rules:start -->";
    public const string RulesEnd = "<!-- rules:end -->";
    public const string OptionsStart = "<!-- options:start -->";
    public const string OptionsEnd = "<!-- options:end -->";

    /// <summary>The files this writes, relative to the repository root, with their content as it should be.</summary>
    public static IReadOnlyList<(string Path, string Content)> Generate(string root)
    {
        var files = new List<(string, string)>
        {
            ("README.md", Readme(Read(root, "README.md"))),
            ("src/PerfAnalyzers/AnalyzerReleases.Unshipped.md", Releases()),
            ("samples/.editorconfig", SamplesConfig()),
        };
        foreach (var rule in Rules.All)
        {
            var page = "docs/rules/" + rule.Id + ".md";
            files.Add((page, Page(rule, Read(root, page))));
        }

        return files;
    }

    private static string Read(string root, string path)
    {
        var full = Path.Combine(root, path);
        if (!File.Exists(full))
        {
            throw new UsageException($"{path} is missing under {root} (is this the repository root?)");
        }

        return File.ReadAllText(full).Replace("\r\n", "\n", StringComparison.Ordinal);
    }

    public static string RuleTable() =>
        "| Id | Title | Severity | Fix | Fires on |\n|---|---|---|---|---|\n" +
        string.Concat(Rules.All.Select(r =>
            $"| [{r.Id}](docs/rules/{r.Id}.md) | {r.Descriptor.Title} | {r.Descriptor.DefaultSeverity} | {(r.FixKey is null ? "No" : "Yes")} | {r.FiresOn} |\n"));

    /// <summary>Every option an entry lists: the shared ones first, then each rule's, by key.</summary>
    public static string OptionTable()
    {
        var options = Rules.All.SelectMany(r => r.Options).Distinct()
            .OrderBy(o => o.RuleId is null ? 0 : 1)
            .ThenBy(o => o.Key, StringComparer.Ordinal);
        return "| Option | Rule | Default | Meaning |\n|---|---|---|---|\n" +
               string.Concat(options.Select(o =>
                   $"| `{o.Key}` | {string.Join(", ", Rules.All.Where(r => r.Honours(o)).Select(r => r.Id))} | " +
                   (o.DefaultText.Length == 0 ? "(none)" : "`" + o.DefaultText + "`") + $" | {o.Description} |\n"));
    }

    private static string Readme(string text) =>
        Between(Between(text, RulesStart, RulesEnd, RuleTable(), "README.md"), OptionsStart, OptionsEnd, OptionTable(), "README.md");

    private static string Releases()
    {
        var text = new StringBuilder();
        text.Append("; Unshipped analyzer release\n");
        text.Append("; https://github.com/dotnet/roslyn-analyzers/blob/main/src/Microsoft.CodeAnalysis.Analyzers/ReleaseTrackingAnalyzers.Help.md\n");
        text.Append("; Written by `perfanalyzers rule-lists` from the rule entries (src/PerfAnalyzers/Rules.*.cs).\n\n");
        text.Append("### New Rules\n\nRule ID | Category | Severity | Notes\n--------|----------|----------|-------\n");
        foreach (var rule in Rules.All)
        {
            var analyzer = RuleCatalog.RuleAnalyzer(rule.Id);
            var shipped = analyzer.GetType().GetCustomAttributes(typeof(Microsoft.CodeAnalysis.Diagnostics.DiagnosticAnalyzerAttribute), false).Length > 0
                ? analyzer.GetType().Name
                : analyzer.GetType().Name + " (in PerfDispatcher)";
            text.Append($"{rule.Id} | {rule.Descriptor.Category} | {rule.Descriptor.DefaultSeverity} | {shipped}\n");
        }

        return text.ToString();
    }

    private static string SamplesConfig() =>
        "# The samples show every PerfAnalyzers rule as a warning, whatever its default severity.\n" +
        "# Written by `perfanalyzers rule-lists` from the rule entries.\n[*.cs]\n" +
        string.Concat(Rules.All.Select(r => $"dotnet_diagnostic.{r.Id}.severity = warning\n"));

    /// <summary>The page's title line and header table; the rest of the page is its own.</summary>
    public static string PageHeader(RuleInfo rule) =>
        $"# {rule.Id} — {rule.Descriptor.Title}\n\n" +
        "| | |\n|---|---|\n" +
        $"| Id | {rule.Id} |\n" +
        $"| Category | {rule.Descriptor.Category} |\n" +
        $"| Default severity | {rule.Descriptor.DefaultSeverity} |\n" +
        $"| Code fix | {(rule.FixKey is null ? "No (the page says why)" : "Yes (Fix All in document, project, solution)")} |\n" +
        $"| Fires on | {rule.FiresOn} |\n";

    private static string Page(RuleInfo rule, string text)
    {
        // The header is the title line and the table under it, up to the first line that is neither.
        var lines = text.Split('\n');
        var end = 1;
        while (end < lines.Length && (lines[end].Length == 0 || lines[end].StartsWith('|')))
        {
            end++;
        }

        // Keep one blank line between the table and what follows.
        return PageHeader(rule) + "\n" + string.Join("\n", lines.Skip(end));
    }

    private static string Between(string text, string start, string end, string content, string file)
    {
        var from = text.IndexOf(start, StringComparison.Ordinal);
        var to = text.IndexOf(end, StringComparison.Ordinal);
        if (from < 0 || to < from)
        {
            throw new UsageException($"{file} has no '{start}' … '{end}' markers");
        }

        return text[..(from + start.Length)] + "\n" + content + text[to..];
    }

    /// <summary>The first line where <paramref name="actual"/> and <paramref name="expected"/> differ (1-based), or 0.</summary>
    public static int FirstDifference(string actual, string expected)
    {
        var a = actual.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        var e = expected.Split('\n');
        for (var i = 0; i < Math.Max(a.Length, e.Length); i++)
        {
            if (i >= a.Length || i >= e.Length || a[i] != e[i])
            {
                return i + 1;
            }
        }

        return 0;
    }
}
