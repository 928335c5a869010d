using System;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Dispatch;

/// <summary>
/// What a rule's compilation-start code registers against when it runs inside a <see cref="Dispatcher"/>: operation
/// actions go into the dispatcher's table (one Roslyn callback per operation kind for all its rules), every other kind
/// of action is passed on to Roslyn (timed per rule when the dispatcher has a <see cref="RuleClock"/>, and skipping
/// generated code for a rule that does not read it when the dispatcher reads it for another).
/// </summary>
/// <remarks>Rules name the calls or created types they care about with <see cref="DispatchExtensions"/>, so the dispatcher hands them only those.</remarks>
// RS1012 ('inner' registers no actions): it does, on the rules' behalf; the analyzer cannot see through the overrides.
#pragma warning disable RS1012
internal sealed class DispatchContext(CompilationStartAnalysisContext inner, DispatchTable table, int rule, RuleClock? clock, bool skipsGenerated)
    : CompilationStartAnalysisContext(inner.Compilation, inner.Options, inner.CancellationToken)
{
    /// <summary>Adds <paramref name="action"/> for <paramref name="kind"/>, called only for operations whose key (called method's or created type's name) is one of <paramref name="names"/>; null: for all.</summary>
    internal void Add(OperationKind kind, Action<OperationAnalysisContext> action, string[]? names) => table.Add(kind, rule, action, names, skipsGenerated);

    /// <summary>Adds <paramref name="action"/> for <paramref name="kind"/>, called only for operations whose key is one of the names <paramref name="names"/> gives at the kind's first operation.</summary>
    internal void AddLater(OperationKind kind, Action<OperationAnalysisContext> action, Func<string[]> names) => table.AddLater(kind, rule, action, names, skipsGenerated);

    public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds)
    {
        foreach (var kind in operationKinds)
        {
            table.Add(kind, rule, action, names: null, skipsGenerated);
        }
    }

    public override void RegisterCompilationEndAction(Action<CompilationAnalysisContext> action) => inner.RegisterCompilationEndAction(Wrap(action, _ => false));

    public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => inner.RegisterSemanticModelAction(Wrap(action, c => c.IsGeneratedCode));

    public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) => inner.RegisterSymbolAction(Wrap(action, c => c.IsGeneratedCode), symbolKinds);

    public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) =>
        inner.RegisterCodeBlockStartAction(Wrap(action, c => c.IsGeneratedCode));

    public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => inner.RegisterCodeBlockAction(Wrap(action, c => c.IsGeneratedCode));

    public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => inner.RegisterSyntaxTreeAction(Wrap(action, c => c.IsGeneratedCode));

    public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) =>
        inner.RegisterSyntaxNodeAction(Wrap(action, c => c.IsGeneratedCode), syntaxKinds);

    public override void RegisterOperationBlockAction(Action<OperationBlockAnalysisContext> action) => inner.RegisterOperationBlockAction(Wrap(action, c => c.IsGeneratedCode));

    public override void RegisterOperationBlockStartAction(Action<OperationBlockStartAnalysisContext> action) => inner.RegisterOperationBlockStartAction(Wrap(action, c => c.IsGeneratedCode));

    public override void RegisterSymbolStartAction(Action<SymbolStartAnalysisContext> action, SymbolKind symbolKind) => inner.RegisterSymbolStartAction(Wrap(action, c => c.IsGeneratedCode), symbolKind);

    /// <summary>The action timed for the rule (with a clock), and skipping generated code when the rule does not read it but the dispatcher does.</summary>
    private Action<T> Wrap<T>(Action<T> action, Func<T, bool> isGenerated)
    {
        var timed = clock is null ? action : clock.Wrap(rule, action);
        return skipsGenerated ? c =>
        {
            if (!isGenerated(c))
            {
                timed(c);
            }
        }
        : timed;
    }
}
#pragma warning restore RS1012
