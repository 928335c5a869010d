using System.Collections.Immutable;
using Microsoft.CodeAnalysis.Diagnostics;
using PerfAnalyzers.Dispatch;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// Base of every PERF analyzer: concurrent, skips generated code (unless a rule says otherwise), and hands each compilation's
/// <see cref="PerfCompilation"/> (target framework, type cache) to <see cref="OnCompilationStart"/>, where the rule
/// resolves its types once and registers nothing when they are absent.
/// A rule always runs inside a dispatch (<see cref="Dispatcher"/>): alone, as here (tests, the CLI's per-rule timing,
/// PERF004), or with the other rules in <see cref="PerfDispatcher"/>, the analyzer the package ships. Its operation
/// actions go through the same table either way, and a rule that is off in every file is not started.
/// </summary>
public abstract class PerfAnalyzer : DiagnosticAnalyzer
{
    public sealed override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysis);
        var analyzesGenerated = (GeneratedCodeAnalysis & GeneratedCodeAnalysisFlags.Analyze) != 0;
        context.RegisterCompilationStartAction(start => Dispatcher.Start(start, ImmutableArray.Create(this), clock: null, analyzesGenerated));
    }

    /// <summary>Starts the rule for one compilation (called by a <see cref="Dispatcher"/>).</summary>
    internal void Start(CompilationStartAnalysisContext context, PerfCompilation compilation) => OnCompilationStart(context, compilation);

    /// <summary>
    /// How the rule treats generated code. The default skips it: without <see cref="GeneratedCodeAnalysisFlags.Analyze"/>
    /// Roslyn runs no callback of the rule in a generated file (<c>*.g.cs</c>, an <c>&lt;auto-generated&gt;</c> header) or
    /// on a symbol marked <c>[GeneratedCode]</c> (or nested in one). <see cref="GeneratedCodeAnalysisFlags.ReportDiagnostics"/>
    /// tells Roslyn not to check every report again: that check, for a rule that reports only where its callbacks ran,
    /// walked all tokens of a file at the first finding there (on Humanizer most of the time PERF008 took to report its
    /// 138 findings, docs/real-code.md). A rule whose action can reach generated code anyway (a per-file scan, PERF015)
    /// checks it itself (<see cref="GeneratedCode"/>). A rule whose answer depends on the whole compilation (PERF004: a
    /// derived type in generated code) analyzes it, and keeps its reports out of generated code itself. GeneratedCodeTests.
    /// </summary>
    protected internal virtual GeneratedCodeAnalysisFlags GeneratedCodeAnalysis => GeneratedCodeAnalysisFlags.ReportDiagnostics;

    protected abstract void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation);
}
