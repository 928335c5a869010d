using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers;

/// <summary>
/// Every rule's facts, one entry per rule: id, descriptor, the options it honours, its fix's equivalence key, the
/// targets it fires on (the README's table) and the SDK rules that overlap it. Analyzers, fixes, the CLI and the
/// meta-tests read them from here. The entries are in <c>Rules.&lt;Area&gt;.cs</c>, one file per folder of analyzers,
/// each in id order; <see cref="All"/> lists every rule in id order.
/// </summary>
public static partial class Rules
{
    /// <summary>Base of every rule's help link; the rule id and ".md" are appended.</summary>
    public const string HelpLinkBase = "https://github.com/perfanalyzers/perfanalyzers/blob/main/docs/rules/";

    public const string Category = "Performance";

    /// <summary>Custom tag for rules reported from a compilation-end action (shown by the IDE only with full-solution analysis).</summary>
    public const string CompilationEndTag = WellKnownDiagnosticTags.CompilationEnd;

    /// <summary>Every rule, in id order.</summary>
    public static ImmutableArray<RuleInfo> All { get; } = ImmutableArray.Create(
        PERF001.Info,
        PERF002.Info,
        PERF003.Info,
        PERF004.Info,
        PERF005.Info,
        PERF006.Info,
        PERF007.Info,
        PERF008.Info,
        PERF009.Info,
        PERF010.Info,
        PERF011.Info,
        PERF012.Info,
        PERF013.Info,
        PERF014.Info,
        PERF015.Info,
        PERF016.Info,
        PERF017.Info,
        PERF018.Info,
        PERF019.Info,
        PERF020.Info,
        PERF021.Info,
        PERF022.Info,
        PERF023.Info,
        PERF024.Info,
        PERF025.Info,
        PERF026.Info,
        PERF027.Info);

    public static string HelpLink(string id) => HelpLinkBase + id + ".md";

    private static readonly System.Collections.Generic.Dictionary<string, RuleInfo> ById = All.ToDictionary(r => r.Id, System.StringComparer.Ordinal);

    /// <summary>The entry of rule <paramref name="id"/>, or null.</summary>
    public static RuleInfo? Find(string id) => ById.TryGetValue(id, out var rule) ? rule : null;

#pragma warning disable RS0030 // the entries' factory: the one place a descriptor is created (src/BannedSymbols.txt)
    private static DiagnosticDescriptor Create(string id, string title, string message, DiagnosticSeverity severity, string description, params string[] customTags) =>
        new(id, title, message, Category, severity, isEnabledByDefault: true, description, HelpLink(id), customTags);
#pragma warning restore RS0030
}
