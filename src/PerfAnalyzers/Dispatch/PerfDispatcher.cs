using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Dispatch;

/// <summary>
/// The one analyzer the package ships: every rule, with one Roslyn callback per operation kind shared by all of them
/// (<see cref="Dispatcher"/>). PERF004 reads generated code (a class derived in generated code cannot be sealed), so
/// generated code reaches the callbacks, and every other rule skips it (<see cref="DispatchContext"/>).
/// A build with <c>-p:ReportAnalyzer=true</c> lists this analyzer once, with the rules' ids.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class PerfDispatcher : Dispatcher
{
    public PerfDispatcher()
        : this(clock: null)
    {
    }

    /// <summary>With a clock (the CLI's <c>--timing</c>): each rule's time and callbacks, by its index in <see cref="CreateRules"/>.</summary>
    public PerfDispatcher(RuleClock? clock)
        : base(CreateRules(), clock)
    {
    }

    /// <summary>Some of the rules (the CLI's <c>--rules</c>), with an optional clock indexed like <paramref name="rules"/>.</summary>
    public PerfDispatcher(ImmutableArray<PerfAnalyzer> rules, RuleClock? clock)
        : base(rules, clock)
    {
    }

    /// <summary>Every rule's analyzer, in id order: one per entry of <see cref="Rules.All"/>.</summary>
    public static ImmutableArray<PerfAnalyzer> CreateRules() => PerfAnalyzers.Rules.All.Select(r => r.CreateAnalyzer()).ToImmutableArray();
}
