using System;
using System.Collections.Immutable;
using System.Diagnostics;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Cli.Timing;

/// <summary>
/// For <c>--timing</c>: runs first, and at compilation start binds every declaration of the compilation the analyzers
/// run on (<c>GetDeclarationDiagnostics</c>: types, members, attributes, the assembly's attributes), then does nothing.
/// Roslyn analyzes a fork of the compilation it is given, whose symbols are bound lazily by whoever asks first; in a
/// build the compiler binds all of them anyway, in parallel with the analyzers. Without this pass, the first analyzer
/// to read an attribute or a member list is charged for binding it (on Humanizer PERF012 paid 4-8 ms for binding the
/// assembly's attributes, a cost that vanished when any other analyzer had asked first). With it, an analyzer's figure
/// does not depend on whether it happens to be the first to ask. Method bodies are not bound here: the analyzer driver binds them for the operation
/// and syntax callbacks outside the analyzers' time.
/// </summary>
/// <remarks>Not a shipped analyzer: the CLI creates it for its own timing runs (hence no release tracking).</remarks>
#pragma warning disable RS1001, RS2008 // no [DiagnosticAnalyzer] attribute and no release entry: instantiated by the CLI only
internal sealed class DeclarationPass : DiagnosticAnalyzer
{
    private static readonly DiagnosticDescriptor Descriptor = new(
        "PERFPASS", "Declaration pass", "{0}", "Calibration", DiagnosticSeverity.Warning, isEnabledByDefault: true);
#pragma warning restore RS1001, RS2008

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptor);

    /// <summary>How long the last pass took.</summary>
    public TimeSpan Elapsed { get; private set; }

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.Analyze | GeneratedCodeAnalysisFlags.ReportDiagnostics);
#pragma warning disable RS1012 // registers nothing on purpose: the start action is the whole job (it runs before any other analyzer's)
        context.RegisterCompilationStartAction(start =>
        {
            var stopwatch = Stopwatch.StartNew();
            start.Compilation.GetDeclarationDiagnostics(start.CancellationToken);
            Elapsed = stopwatch.Elapsed;
        });
#pragma warning restore RS1012
    }
}
