using System;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Cli;

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

    public override void Initialize(AnalysisContext context) => Rule.Initialize(new Context(context));

    /// <summary>Passes the rule's configuration through and hands its compilation-start action a hollow context.</summary>
    private sealed class Context(AnalysisContext inner) : AnalysisContext
    {
        public override void EnableConcurrentExecution() => inner.EnableConcurrentExecution();

        public override void ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags analysisMode) => inner.ConfigureGeneratedCodeAnalysis(analysisMode);

        public override void RegisterCompilationStartAction(Action<CompilationStartAnalysisContext> action) =>
            inner.RegisterCompilationStartAction(start => action(new StartContext(start)));

        public override void RegisterCompilationAction(Action<CompilationAnalysisContext> action) => inner.RegisterCompilationAction(static _ => { });

        public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => inner.RegisterSemanticModelAction(static _ => { });

        public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) =>
            inner.RegisterSymbolAction(static _ => { }, symbolKinds);

        public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) =>
            inner.RegisterCodeBlockStartAction<TLanguageKindEnum>(static _ => { });

        public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => inner.RegisterCodeBlockAction(static _ => { });

        public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => inner.RegisterSyntaxTreeAction(static _ => { });

        public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) =>
            inner.RegisterSyntaxNodeAction(static _ => { }, syntaxKinds);

        public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds) =>
            inner.RegisterOperationAction(static _ => { }, operationKinds);

        public override void RegisterOperationBlockAction(Action<OperationBlockAnalysisContext> action) => inner.RegisterOperationBlockAction(static _ => { });

        public override void RegisterOperationBlockStartAction(Action<OperationBlockStartAnalysisContext> action) =>
            inner.RegisterOperationBlockStartAction(static _ => { });
    }

    /// <summary>The rule's compilation-start action runs against this: what it registers is registered empty.</summary>
    private sealed class StartContext(CompilationStartAnalysisContext inner)
        : CompilationStartAnalysisContext(inner.Compilation, inner.Options, inner.CancellationToken)
    {
        public override void RegisterCompilationEndAction(Action<CompilationAnalysisContext> action) => inner.RegisterCompilationEndAction(static _ => { });

        public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action) => inner.RegisterSemanticModelAction(static _ => { });

        public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds) =>
            inner.RegisterSymbolAction(static _ => { }, symbolKinds);

        public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action) =>
            inner.RegisterCodeBlockStartAction<TLanguageKindEnum>(static _ => { });

        public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action) => inner.RegisterCodeBlockAction(static _ => { });

        public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action) => inner.RegisterSyntaxTreeAction(static _ => { });

        public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds) =>
            inner.RegisterSyntaxNodeAction(static _ => { }, syntaxKinds);

        public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds) =>
            inner.RegisterOperationAction(static _ => { }, operationKinds);

        public override void RegisterOperationBlockAction(Action<OperationBlockAnalysisContext> action) => inner.RegisterOperationBlockAction(static _ => { });

        public override void RegisterOperationBlockStartAction(Action<OperationBlockStartAnalysisContext> action) =>
            inner.RegisterOperationBlockStartAction(static _ => { });
    }
}
#pragma warning restore RS1001, RS1025, RS1026, RS1012
