using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Cli.Timing;

/// <summary>
/// <c>--timing</c>, second experiment: what the findings themselves cost. The same diagnostics are reported again, at the
/// same places, by an analyzer that does nothing else (<see cref="ReportingCalibrator"/>), on fresh copies of the
/// compilation set up as the timed runs are. Per rule, and all together.
/// </summary>
internal sealed class ReportingCost(ScanOptions options, Action<string> progress, Func<ImmutableArray<DiagnosticAnalyzer>, ImmutableArray<DiagnosticAnalyzer>> withDeclarationPass)
{
    public void Measure(Compilation compilation, AnalyzerOptions analyzerOptions, IReadOnlyList<Diagnostic> perfFindings, ReportingResult result, CancellationToken cancellationToken)
    {
        if (perfFindings.Count == 0)
        {
            return;
        }

        progress("timing the reporting of the findings");
        foreach (var group in perfFindings.GroupBy(d => d.Id, StringComparer.Ordinal))
        {
            result.PerRule[group.Key] = result.PerRule.GetValueOrDefault(group.Key) + Time(compilation, analyzerOptions, group.ToList(), cancellationToken);
        }

        result.All += Time(compilation, analyzerOptions, perfFindings, cancellationToken);
    }

    private TimeSpan Time(Compilation compilation, AnalyzerOptions analyzerOptions, IReadOnlyList<Diagnostic> findings, CancellationToken cancellationToken)
    {
        var runs = new List<TimeSpan>();
        for (var i = -1; i < options.Repeat; i++)
        {
            var copy = compilation.Clone();
            copy = copy.WithOptions(copy.Options.WithConcurrentBuild(false));
            var calibrator = new ReportingCalibrator(findings);
            var withCalibrator = copy.WithAnalyzers(withDeclarationPass(ImmutableArray.Create<DiagnosticAnalyzer>(calibrator)), new CompilationWithAnalyzersOptions(
                analyzerOptions, onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: true, reportSuppressedDiagnostics: false));
            QuietRun.Settle();
            var noGc = QuietRun.StartNoGcRegion();
            var analysis = withCalibrator.GetAnalysisResultAsync(cancellationToken).GetAwaiter().GetResult();
            QuietRun.EndNoGcRegion(noGc);
            if (i >= 0)
            {
                // The first run is a warm-up (see ScanOptions.Warmup).
                runs.Add(analysis.AnalyzerTelemetryInfo.TryGetValue(calibrator, out var t) ? t.ExecutionTime : TimeSpan.Zero);
            }
        }

        return QuietRun.Median(runs);
    }
}
