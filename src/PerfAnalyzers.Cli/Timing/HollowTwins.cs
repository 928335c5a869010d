using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Cli.Timing;

/// <summary>
/// <c>--hollow</c>: each PERF analyzer again as its hollow twin (<see cref="HollowAnalyzer"/>: its setup done, every
/// callback it registers emptied), in an analysis of its own after each timed run, each twin in its analyzer's place
/// among the same SDK analyzers. Side by side with the analyzers they read cheaper than they are: an analyzer's time
/// depends on its place in the list (the first to visit a body pays for bringing it into the cache; measured: an empty
/// callback read 0.5 ms registered by PERF007, first in the list, and 0.1-0.2 ms registered by its twin behind it,
/// SharpZipLib).
/// </summary>
internal sealed class HollowTwins(ImmutableArray<DiagnosticAnalyzer> perfAnalyzers, ImmutableArray<DiagnosticAnalyzer> sdkAnalyzers,
    Func<ImmutableArray<DiagnosticAnalyzer>, ImmutableArray<DiagnosticAnalyzer>> withDeclarationPass)
{
    private readonly ImmutableArray<HollowAnalyzer> twins = perfAnalyzers.Select(a => new HollowAnalyzer(a)).ToImmutableArray();
    private readonly Dictionary<HollowAnalyzer, List<TimeSpan>> samples = new();

    /// <summary>One hollow analysis of <paramref name="copy"/>; <paramref name="timed"/>: its times count (not a warm-up).</summary>
    public async Task RunAsync(Compilation copy, AnalyzerOptions analyzerOptions, bool timed, CancellationToken cancellationToken)
    {
        foreach (var twin in twins)
        {
            twin.Calls = 0;
        }

        var analyzers = sdkAnalyzers.AddRange(twins).Distinct().ToImmutableArray();
        var hollowCopy = copy.Clone().WithAnalyzers(withDeclarationPass(analyzers), new CompilationWithAnalyzersOptions(
            analyzerOptions, onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: true, reportSuppressedDiagnostics: false));
        QuietRun.Settle();
        var noGc = QuietRun.StartNoGcRegion();
        var analysis = await hollowCopy.GetAnalysisResultAsync(cancellationToken).ConfigureAwait(false);
        QuietRun.EndNoGcRegion(noGc);
        if (!timed)
        {
            return;
        }

        foreach (var twin in twins)
        {
            if (!samples.TryGetValue(twin, out var list))
            {
                samples[twin] = list = new List<TimeSpan>();
            }

            list.Add(analysis.AnalyzerTelemetryInfo.TryGetValue(twin, out var t) ? t.ExecutionTime : TimeSpan.Zero);
        }
    }

    /// <summary>Each twin's median, and all of them run by run (several projects add up).</summary>
    public void Complete(int runs, HollowResult result)
    {
        foreach (var twin in twins)
        {
            var name = twin.Rule.GetType().Name;
            result.Time[name] = result.Time.GetValueOrDefault(name) + QuietRun.Median(samples.GetValueOrDefault(twin) ?? new List<TimeSpan>());
            result.Calls[name] = result.Calls.GetValueOrDefault(name) + twin.Calls;
            result.Calls[TimingResult.AllPerf] = result.Calls.GetValueOrDefault(TimingResult.AllPerf) + twin.Calls;
        }

        var all = Enumerable.Range(0, runs).Select(run => twins.Aggregate(TimeSpan.Zero, (sum, t) => sum + (samples.TryGetValue(t, out var s) && run < s.Count ? s[run] : TimeSpan.Zero)));
        result.Time[TimingResult.AllPerf] = result.Time.GetValueOrDefault(TimingResult.AllPerf) + QuietRun.Median(all);
        result.ClockReadNanoseconds = QuietRun.ClockReadNanoseconds();
    }
}
