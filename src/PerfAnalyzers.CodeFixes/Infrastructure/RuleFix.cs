using System.Collections.Immutable;
using Microsoft.CodeAnalysis.CodeFixes;

namespace PerfAnalyzers.CodeFixes.Infrastructure;

/// <summary>
/// Base of every PERF code fix: the rule it fixes and its code action's title; the fixable id and the equivalence key
/// come from the rule's entry in <see cref="Rules"/>. <see cref="DocumentFix"/> rewrites documents one by one,
/// <see cref="SolutionFix"/> the whole solution at once.
/// </summary>
public abstract class RuleFix : CodeFixProvider
{
    /// <param name="rule">The rule's entry: its id and the equivalence key of the code action.</param>
    /// <param name="title">The code action's title.</param>
    private protected RuleFix(RuleInfo rule, string title)
    {
        Rule = rule;
        Title = title;
        FixableDiagnosticIds = ImmutableArray.Create(rule.Id);
    }

    protected RuleInfo Rule { get; }

    public sealed override ImmutableArray<string> FixableDiagnosticIds { get; }

    /// <summary>The code action's title.</summary>
    protected string Title { get; }

    /// <summary>Stable equivalence key, from the rule's entry.</summary>
    protected string EquivalenceKey => Rule.FixKey ?? Rule.Id;
}
