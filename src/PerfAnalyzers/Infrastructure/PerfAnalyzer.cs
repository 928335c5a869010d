using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// Base of every PERF analyzer: concurrent, skips generated code, and hands each compilation's
/// <see cref="PerfCompilation"/> (target framework, type cache) to <see cref="OnCompilationStart"/>, where the rule
/// resolves its types once and registers nothing when they are absent.
/// </summary>
public abstract class PerfAnalyzer : DiagnosticAnalyzer
{
    public sealed override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.RegisterCompilationStartAction(start =>
            OnCompilationStart(start, PerfCompilation.Get(start.Compilation, start.Options)));
    }

    protected abstract void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation);
}
