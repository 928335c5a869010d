using System;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Dispatch;

/// <summary>
/// Whether a rule is turned off for the whole compilation (severity <c>none</c> in every file), so a dispatcher does not
/// start it. Read the way the compiler reads a severity: the rule's own entry in a file's <c>.editorconfig</c> section,
/// then in a <c>.globalconfig</c>, then the bulk entries (<c>dotnet_analyzer_diagnostic.category-Performance.severity</c>,
/// <c>dotnet_analyzer_diagnostic.severity</c>), then the rule's default. A <c>/nowarn</c> (<c>NoWarn</c>) or rule-set
/// suppression in the compilation options wins over every file entry, as in the compiler (DispatchTests checks the
/// compiler's precedence in each Roslyn the suite runs in). When in doubt the rule runs: a wrong "off" would lose
/// findings, a wrong "on" only costs time.
/// </summary>
internal static class RuleSeverity
{
    private const string CategoryKey = "dotnet_analyzer_diagnostic.category-" + Rules.Category + ".severity";
    private const string AllKey = "dotnet_analyzer_diagnostic.severity";

    public static bool IsOffEverywhere(DiagnosticDescriptor descriptor, Compilation compilation, AnalyzerOptions options, CancellationToken cancellationToken)
    {
        var id = descriptor.Id;
        var treeOptions = compilation.Options.SyntaxTreeOptionsProvider;
        if (compilation.Options.SpecificDiagnosticOptions.TryGetValue(id, out var specific) && specific == ReportDiagnostic.Suppress)
        {
            return true;
        }

        var anyTree = false;
        foreach (var tree in compilation.SyntaxTrees)
        {
            anyTree = true;
            bool off;
            if (treeOptions is not null && treeOptions.TryGetDiagnosticValue(tree, id, cancellationToken, out var report))
            {
                off = report == ReportDiagnostic.Suppress;
            }
            else if (treeOptions is not null && treeOptions.TryGetGlobalDiagnosticValue(id, cancellationToken, out report))
            {
                off = report == ReportDiagnostic.Suppress;
            }
            else if ((Bulk(options.AnalyzerConfigOptionsProvider.GetOptions(tree)) ?? Bulk(options.AnalyzerConfigOptionsProvider.GlobalOptions)) is { } bulk)
            {
                off = bulk;
            }
            else
            {
                off = !descriptor.IsEnabledByDefault;
            }

            if (!off)
            {
                return false;
            }
        }

        return anyTree;
    }

    /// <summary>True: the bulk entry says <c>none</c>; false: another severity; null: no bulk entry.</summary>
    private static bool? Bulk(AnalyzerConfigOptions options)
    {
        if (options.TryGetValue(CategoryKey, out var value) || options.TryGetValue(AllKey, out value))
        {
            return string.Equals(value.Trim(), "none", StringComparison.OrdinalIgnoreCase);
        }

        return null;
    }
}
