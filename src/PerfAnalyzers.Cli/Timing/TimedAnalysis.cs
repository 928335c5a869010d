using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using PerfAnalyzers.Dispatch;

namespace PerfAnalyzers.Cli.Timing;

/// <summary>
/// <c>--timing</c>: side by side in one run, as a build runs them, the compiler with the SDK's analyzers at their
/// default settings, the SDK's counterpart rules switched on, and the PERF analyzers. Each run takes a fresh copy of the
/// compilation, its syntax trees parsed again (<see cref="WithFreshTrees"/>), and times, one after the other on one
/// thread, the compiler's own pass (binding and flow analysis, what <c>GetDiagnostics</c> does) and then the analyzers
/// (Roslyn's analyzer telemetry: time inside each analyzer's callbacks, what <c>dotnet build -p:ReportAnalyzer=true</c>
/// reports). Each rule's share comes from a second analysis after each timed one, of the same rules in a dispatcher with a <see cref="RuleClock"/>: the clock's reads cost time
/// of their own (about one read per rule callback, measured and subtracted), which a build does not pay, so the
/// dispatcher's and the totals' figures come from the analysis without it. Both are measured the same way (wall clock, one thread, no garbage collection) in the same
/// moment, so what slows this machine down slows both; the figures are the medians of <see cref="ScanOptions.Repeat"/>
/// runs after <see cref="ScanOptions.Warmup"/> untimed ones. Roslyn analyzes a fork of the compilation and runs the
/// compiler's pass over that fork beside the analyzers, as a build does; <see cref="DeclarationPass"/> binds the fork's
/// declarations before any analyzer starts, so that the first analyzer to read one is not charged for binding it.
/// The clock also times, apart, each rule's calls of Roslyn's <c>ReportDiagnostic</c> (<see cref="RuleClock.Reporting"/>):
/// what accepting its findings costs, which goes away as they are fixed (<see cref="ReportingResult"/>).
/// The other experiments ride on these runs: <see cref="HollowTwins"/> (<c>--hollow</c>)
/// and <see cref="FloorExperiment"/> (<c>--floor</c>).
/// </summary>
internal sealed class TimedAnalysis(ScanOptions options, Action<string> progress)
{
    public async Task MeasureAsync(
        Compilation compilation,
        AnalyzerOptions analyzerOptions,
        ImmutableArray<DiagnosticAnalyzer> sdkDefaultAnalyzers,
        ImmutableArray<DiagnosticAnalyzer> sdkAnalyzers,
        ImmutableArray<DiagnosticAnalyzer> perfAnalyzers,
        PerfDispatcher? clocked,
        ScanResult result,
        CancellationToken cancellationToken)
    {
        var timing = result.Timing;
        var counterpartIds = RuleCatalog.SdkCounterparts.Values.SelectMany(v => v).ToList();
        var floor = options.Floor ? new FloorExperiment() : null;
        var analyzers = sdkDefaultAnalyzers.AddRange(sdkAnalyzers).AddRange(perfAnalyzers)
            .AddRange(floor?.Analyzers ?? ImmutableArray<EmptyCallbacks>.Empty).Distinct().ToImmutableArray();
        var hollow = options.Hollow ? new HollowTwins(perfAnalyzers, sdkDefaultAnalyzers.AddRange(sdkAnalyzers), WithDeclarationPass) : null;
        var samples = analyzers.ToDictionary(a => a, _ => new List<TimeSpan>());
        var compileRuns = new List<TimeSpan>();
        var clock = clocked?.Clock;
        var ruleSamples = clocked is null || clock is null ? Array.Empty<List<TimeSpan>>() : clocked.Rules.Select(_ => new List<TimeSpan>()).ToArray();
        var setupSamples = ruleSamples.Select(_ => new List<TimeSpan>()).ToArray();
        var reportSamples = ruleSamples.Select(_ => new List<TimeSpan>()).ToArray();
        var allReportRuns = new List<TimeSpan>();
        var overhead = clock is null ? 0 : RuleClock.OverheadNanoseconds();
        var splitSet = sdkDefaultAnalyzers.AddRange(sdkAnalyzers).AddRange(perfAnalyzers.Where(a => a is not PerfDispatcher))
            .AddRange(clocked is null ? ImmutableArray<DiagnosticAnalyzer>.Empty : ImmutableArray.Create<DiagnosticAnalyzer>(clocked)).Distinct().ToImmutableArray();
        for (var i = -options.Warmup; i < options.Repeat; i++)
        {
            progress(i < 0 ? $"timing: warm-up run {i + options.Warmup + 1}/{options.Warmup}" : $"timing run {i + 1}/{options.Repeat}");
            var copy = WithFreshTrees(compilation, cancellationToken);
            // One thread: the analyzers below run one callback at a time (on a 2-core machine a callback's wall-clock
            // time otherwise includes the time other threads preempt it), and the compiler is timed the same way.
            copy = copy.WithOptions(copy.Options.WithConcurrentBuild(false).WithSpecificDiagnosticOptions(copy.Options.SpecificDiagnosticOptions.SetItems(
                counterpartIds.Select(id => new KeyValuePair<string, ReportDiagnostic>(id, ReportDiagnostic.Warn)))));
            var withAnalyzers = copy.WithAnalyzers(WithDeclarationPass(analyzers), new CompilationWithAnalyzersOptions(
                analyzerOptions, onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: true, reportSuppressedDiagnostics: false));

            // The compiler's pass (binding and flow analysis of everything), timed alone on a compilation like the one
            // the analyzers run on (the analysis below forks its own).
            QuietRun.Settle();
            var noGc = QuietRun.StartNoGcRegion();
            var stopwatch = Stopwatch.StartNew();
            withAnalyzers.Compilation.GetDiagnostics(cancellationToken);
            var compile = stopwatch.Elapsed;
            QuietRun.EndNoGcRegion(noGc);

            QuietRun.Settle();
            noGc = QuietRun.StartNoGcRegion();
            var (collections, pauses) = (GC.CollectionCount(0), GC.GetTotalPauseDuration());
            var analysis = await withAnalyzers.GetAnalysisResultAsync(cancellationToken).ConfigureAwait(false);
            QuietRun.EndNoGcRegion(noGc);
            var (timedCollections, timedPauses) = (GC.CollectionCount(0) - collections, GC.GetTotalPauseDuration() - pauses);
            floor?.Record();

            // Each rule's share: the same analysis again with the clocked dispatcher in the unclocked one's place.
            var ruleTimes = new List<TimeSpan>();
            var setupTimes = new List<TimeSpan>();
            var reportTimes = new List<TimeSpan>();
            if (clock is not null)
            {
                // Its own trees, on which the compiler's pass has run first, as on the timed copy's.
                var splitCompilation = WithFreshTrees(copy, cancellationToken);
                splitCompilation.GetDiagnostics(cancellationToken);
                var split = splitCompilation.WithAnalyzers(WithDeclarationPass(splitSet), new CompilationWithAnalyzersOptions(
                    analyzerOptions, onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: true, reportSuppressedDiagnostics: false));
                QuietRun.Settle();
                clock.Reset();
                noGc = QuietRun.StartNoGcRegion();
                await split.GetAnalysisResultAsync(cancellationToken).ConfigureAwait(false);
                QuietRun.EndNoGcRegion(noGc);
                for (var rule = 0; rule < ruleSamples.Length; rule++)
                {
                    var own = clock.Time(rule) - TimeSpan.FromTicks((long)(clock.Calls(rule) * overhead / 100));
                    ruleTimes.Add(own > TimeSpan.Zero ? own : TimeSpan.Zero);
                    setupTimes.Add(clock.Setup(rule));
                    reportTimes.Add(clock.Reporting(rule));
                }
            }

            if (hollow is not null)
            {
                await hollow.RunAsync(copy, analyzerOptions, timed: i >= 0, cancellationToken).ConfigureAwait(false);
            }

            if (i < 0)
            {
                continue;
            }

            // Collections in the analysis (those in the compiler's pass slow the compiler, not a callback).
            timing.Collections += timedCollections;
            timing.Pauses += timedPauses;
            compileRuns.Add(compile);
            foreach (var analyzer in analyzers)
            {
                samples[analyzer].Add(analysis.AnalyzerTelemetryInfo.TryGetValue(analyzer, out var t) ? t.ExecutionTime : TimeSpan.Zero);
            }

            for (var rule = 0; rule < ruleSamples.Length; rule++)
            {
                ruleSamples[rule].Add(ruleTimes[rule]);
                setupSamples[rule].Add(setupTimes[rule]);
                reportSamples[rule].Add(reportTimes[rule]);
            }

            if (reportTimes.Count > 0)
            {
                allReportRuns.Add(reportTimes.Aggregate(TimeSpan.Zero, (sum, t) => sum + t));
            }

            if (i == 0)
            {
                // Reporting a diagnostic has a cost of its own (timed by the clock), so each rule's time is read beside how
                // many it reported.
                foreach (var diagnostic in analysis.GetAllDiagnostics())
                {
                    if (diagnostic.Id.StartsWith("PERF", StringComparison.Ordinal) || counterpartIds.Contains(diagnostic.Id))
                    {
                        timing.Findings[diagnostic.Id] = timing.Findings.GetValueOrDefault(diagnostic.Id) + 1;
                    }
                }
            }
        }

        timing.CompilationTime += QuietRun.Median(compileRuns);
        timing.CompilationMin += compileRuns.Min();
        timing.CompilationMax += compileRuns.Max();
        timing.Runs = options.Repeat;

        // Several projects: each project's median, fastest and slowest run add up.
        void Add(string name, string rules, bool isSdk, IReadOnlyList<TimeSpan> runs, bool isDispatcher = false)
        {
            var row = new AnalyzerTiming(name, rules, isSdk, QuietRun.Median(runs), runs.Min(), runs.Max()) { IsDispatcher = isDispatcher };
            var existing = timing.Timings.FindIndex(t => t.Analyzer == name);
            if (existing >= 0)
            {
                var old = timing.Timings[existing];
                timing.Timings[existing] = old with { Time = old.Time + row.Time, Min = old.Min + row.Min, Max = old.Max + row.Max };
            }
            else
            {
                timing.Timings.Add(row);
            }
        }

        // A group's time in one run is the sum of its analyzers' times in that run.
        List<TimeSpan> PerRun(IEnumerable<DiagnosticAnalyzer> group) =>
            Enumerable.Range(0, options.Repeat).Select(run => group.Aggregate(TimeSpan.Zero, (sum, a) => sum + samples[a][run])).ToList();

        foreach (var analyzer in sdkAnalyzers.Concat(perfAnalyzers))
        {
            var rules = string.Join(",", analyzer.SupportedDiagnostics.Select(d => d.Id)
                .Where(id => id.StartsWith("PERF", StringComparison.Ordinal) || counterpartIds.Contains(id)).Distinct());
            Add(analyzer.GetType().Name, rules, sdkAnalyzers.Contains(analyzer), samples[analyzer], isDispatcher: analyzer is PerfDispatcher);
        }

        // The dispatcher's rules, each timed by its clock inside the clocked dispatcher's callbacks, less the clock's own cost.
        timing.ClockOverheadNanoseconds = overhead;
        for (var rule = 0; rule < ruleSamples.Length; rule++)
        {
            var analyzer = clocked!.Rules[rule];
            var id = string.Join(",", analyzer.SupportedDiagnostics.Select(d => d.Id).Distinct());
            Add(analyzer.GetType().Name, id, false, ruleSamples[rule]);
            timing.Setup[id] = timing.Setup.GetValueOrDefault(id) + QuietRun.Median(setupSamples[rule]);
            result.Reporting.PerRule[id] = result.Reporting.PerRule.GetValueOrDefault(id) + QuietRun.Median(reportSamples[rule]);
        }

        Add(TimingResult.AllPerf, "", false, PerRun(perfAnalyzers));
        if (allReportRuns.Count > 0)
        {
            result.Reporting.All += QuietRun.Median(allReportRuns);
        }

        floor?.Complete(PerRun, result.Floors);
        hollow?.Complete(options.Repeat, result.Hollow);
        if (!sdkDefaultAnalyzers.IsEmpty)
        {
            Add(TimingResult.AllSdkDefaults, "", true, PerRun(sdkDefaultAnalyzers.Except(sdkAnalyzers)));
        }
    }

    /// <summary>
    /// <see cref="DeclarationPass"/> first (unless <c>--first-touch</c>), so that no analyzer is charged for binding a
    /// declaration the compiler binds in any build.
    /// </summary>
    private ImmutableArray<DiagnosticAnalyzer> WithDeclarationPass(ImmutableArray<DiagnosticAnalyzer> analyzers) =>
        options.FirstTouch ? analyzers : analyzers.Insert(0, new DeclarationPass());

    /// <summary>
    /// The compilation with each syntax tree parsed again from its text, in the same order, with the same options and
    /// paths (the analyzers' .editorconfig options are looked up by path). A tree keeps what Roslyn computes for it when a
    /// diagnostic is first reported in it: the map of its <c>#pragma warning</c> directives, a walk of all of its trivia.
    /// A tree reused from an earlier run has the map already, so only the first warm-up run paid for it; in a build, a
    /// file whose first diagnostic is a PERF finding does (the compiler server's sampled stacks on SharpZipLib, 2026-11-28:
    /// 7 of the 25 samples in the PERF analyzers' reports, 28 of 36 on a less warm server). Built alone for SharpZipLib's
    /// 16 files with findings: 1.8-2.0 ms (docs/performance.md).
    /// </summary>
    private static Compilation WithFreshTrees(Compilation compilation, CancellationToken cancellationToken) =>
        compilation.RemoveAllSyntaxTrees().AddSyntaxTrees(compilation.SyntaxTrees.Select(tree =>
            CSharpSyntaxTree.ParseText(tree.GetText(cancellationToken), (CSharpParseOptions)tree.Options, tree.FilePath, cancellationToken)));
}
