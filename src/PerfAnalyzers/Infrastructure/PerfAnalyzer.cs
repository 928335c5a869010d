using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// Base of every PERF analyzer: concurrent, skips generated code (unless a rule says otherwise), and hands each compilation's
/// <see cref="PerfCompilation"/> (target framework, type cache) to <see cref="OnCompilationStart"/>, where the rule
/// resolves its types once and registers nothing when they are absent.
/// </summary>
public abstract class PerfAnalyzer : DiagnosticAnalyzer
{
    public sealed override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysis);
        context.RegisterCompilationStartAction(start =>
            OnCompilationStart(start, PerfCompilation.Get(start.Compilation, start.Options)));
    }

    /// <summary>
    /// How the rule treats generated code. The default, <see cref="GeneratedCodeAnalysisFlags.None"/>, skips it. A rule
    /// whose answer depends on the whole compilation (PERF004: a derived type in generated code) may analyze it, and then
    /// must itself keep its reports out of generated code.
    /// </summary>
    protected virtual GeneratedCodeAnalysisFlags GeneratedCodeAnalysis => GeneratedCodeAnalysisFlags.None;

    protected abstract void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation);
}
