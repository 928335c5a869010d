using System;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Cli.Timing;

/// <summary>
/// For <c>--timing --hollow</c>: a PERF analyzer's twin that runs the rule's own initialization and compilation-start
/// work (its types resolved, its options read) and registers the same actions for the same kinds, each of them empty.
/// Its time is what the rule pays before its callbacks do anything: Roslyn's charge for what it registers, and its
/// setup. The rule's time minus its twin's is its callbacks' own work.
/// </summary>
/// <remarks>Not a shipped analyzer: the CLI wraps the rules in it for its own timing runs.</remarks>
// No [DiagnosticAnalyzer] attribute (RS1001); the wrapped rule configures concurrency and generated code (RS1025, RS1026);
// the start context passes registrations on rather than making its own (RS1012).
#pragma warning disable RS1001, RS1025, RS1026, RS1012
internal sealed class HollowAnalyzer(DiagnosticAnalyzer rule) : DiagnosticAnalyzer
{
    public DiagnosticAnalyzer Rule { get; } = rule;

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => Rule.SupportedDiagnostics;

    public override void Initialize(AnalysisContext context) => Rule.Initialize(new Context(context, this));

    /// <summary>
    /// How many callbacks the twin received (the rule receives as many). Counted without a lock: the timing runs call
    /// back one at a time (concurrentAnalysis off), and an atomic increment would add its own cost to the twin's time.
    /// </summary>
    public long Calls;

    /// <summary>Passes the rule's configuration through and hands its compilation-start action a hollow context.</summary>
    private sealed class Context(AnalysisContext inner, HollowAnalyzer twin) : AnalysisContext
    {
        public override void EnableConcurrentExecution() => inner.EnableConcurrentExecution();

        public override void ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags analysisMode) => inner.ConfigureGeneratedCodeAnalysis(analysisMode);

        public override void RegisterCompilationStartAction(Action<CompilationStartAnalysisContext> action) =>
            inner.RegisterCompilationStartAction(start => action(new StartContext(start, twin)));

        public override void RegisterCompilationAction(Action<CompilationAnalysisContext> action) => inner.RegisterCompilationAction(_ => twin.Calls++);

        public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => inner.RegisterSemanticModelAction(_ => twin.Calls++);

        public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) =>
            inner.RegisterSymbolAction(_ => twin.Calls++, symbolKinds);

        public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) =>
            inner.RegisterCodeBlockStartAction<TLanguageKindEnum>(_ => twin.Calls++);

        public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => inner.RegisterCodeBlockAction(_ => twin.Calls++);

        public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => inner.RegisterSyntaxTreeAction(_ => twin.Calls++);

        public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) =>
            inner.RegisterSyntaxNodeAction(_ => twin.Calls++, syntaxKinds);

        public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds) =>
            inner.RegisterOperationAction(_ => twin.Calls++, operationKinds);

        public override void RegisterOperationBlockAction(Action<OperationBlockAnalysisContext> action) => inner.RegisterOperationBlockAction(_ => twin.Calls++);

        public override void RegisterOperationBlockStartAction(Action<OperationBlockStartAnalysisContext> action) =>
            inner.RegisterOperationBlockStartAction(_ => twin.Calls++);
    }

    /// <summary>The rule's compilation-start action runs against this: what it registers is registered empty.</summary>
    private sealed class StartContext(CompilationStartAnalysisContext inner, HollowAnalyzer twin)
        : CompilationStartAnalysisContext(inner.Compilation, inner.Options, inner.CancellationToken)
    {
        public override void RegisterCompilationEndAction(Action<CompilationAnalysisContext> action) => inner.RegisterCompilationEndAction(_ => twin.Calls++);

        public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => inner.RegisterSemanticModelAction(_ => twin.Calls++);

        public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) =>
            inner.RegisterSymbolAction(_ => twin.Calls++, symbolKinds);

        public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) =>
            inner.RegisterCodeBlockStartAction<TLanguageKindEnum>(_ => twin.Calls++);

        public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => inner.RegisterCodeBlockAction(_ => twin.Calls++);

        public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => inner.RegisterSyntaxTreeAction(_ => twin.Calls++);

        public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) =>
            inner.RegisterSyntaxNodeAction(_ => twin.Calls++, syntaxKinds);

        public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds) =>
            inner.RegisterOperationAction(_ => twin.Calls++, operationKinds);

        public override void RegisterOperationBlockAction(Action<OperationBlockAnalysisContext> action) => inner.RegisterOperationBlockAction(_ => twin.Calls++);

        public override void RegisterOperationBlockStartAction(Action<OperationBlockStartAnalysisContext> action) =>
            inner.RegisterOperationBlockStartAction(_ => twin.Calls++);
    }
}
#pragma warning restore RS1001, RS1025, RS1026, RS1012
