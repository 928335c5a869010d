using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Cli;

/// <summary>One diagnostic location; <see cref="Legs"/> are the target frameworks it is reported on (the message is the first leg's).</summary>
public sealed record Finding(string Id, DiagnosticSeverity Severity, string File, int Line, int Column, int EndLine, int EndColumn, string Message, string HelpUri)
{
    public List<string> Legs { get; } = new();

    /// <summary>With <c>--profile</c>: what the profile says of the finding's method (null for a rule it does not rank, PERF006).</summary>
    public PerfAnalyzers.Profiles.ProfileVerdict? Profile { get; init; }
}

/// <summary>A compilation's own compiler errors, found before any fix (findings near them may be missing or wrong).</summary>
public sealed record CompilerErrors(string Project, string Leg, int Count, IReadOnlyList<string> First);

/// <summary>An analyzer's cost: time inside its callbacks (Roslyn's analyzer telemetry), the median of the runs and their range.</summary>
public sealed record AnalyzerTiming(string Analyzer, string Rules, bool IsSdk, TimeSpan Time, TimeSpan Min = default, TimeSpan Max = default);

/// <summary>--floor: callbacks that do nothing, for one set of kinds: how many ran in one analysis, and their median time.</summary>
public sealed record FloorTiming(string Kinds, int Calls, TimeSpan Time);

public sealed class ScanResult
{
    public List<Finding> Findings { get; } = new();

    public List<AnalyzerTiming> Timings { get; } = new();

    public TimeSpan CompilationTime { get; set; }

    /// <summary>The fastest and slowest of the compiler's timed runs (the median is <see cref="CompilationTime"/>).</summary>
    public TimeSpan CompilationMin { get; set; }

    public TimeSpan CompilationMax { get; set; }

    /// <summary>How many runs each timing is the median of.</summary>
    public int Runs { get; set; }

    /// <summary>With <c>--timing</c>: how many diagnostics each PERF rule and each SDK counterpart rule reported in the timed runs.</summary>
    public Dictionary<string, int> TimedFindings { get; } = new(StringComparer.Ordinal);

    /// <summary>
    /// With <c>--timing</c>: how long Roslyn takes to accept each PERF rule's findings, measured by reporting the same
    /// diagnostics at the same places from an analyzer that does nothing else (<see cref="ReportingCalibrator"/>).
    /// </summary>
    public Dictionary<string, TimeSpan> ReportingTime { get; } = new(StringComparer.Ordinal);

    /// <summary>The same for every PERF finding at once (files shared by several rules pay their first-report cost once).</summary>
    public TimeSpan AllReportingTime { get; set; }

    /// <summary>
    /// With <c>--timing</c>: garbage collections during the timed analysis runs, and their pauses. A pause is charged to
    /// whichever callback it interrupts; the CLI runs with the server GC, as the compiler does, so there should be none.
    /// </summary>
    public int TimedCollections { get; set; }

    /// <summary>--hollow: each PERF analyzer's hollow twin, by analyzer name (several projects: summed), and all of them ("all").</summary>
    public Dictionary<string, TimeSpan> HollowTime { get; } = new(StringComparer.Ordinal);

    /// <summary>--hollow: the callbacks each analyzer received in one analysis, by analyzer name (several projects: summed), and all of them.</summary>
    public Dictionary<string, long> HollowCalls { get; } = new(StringComparer.Ordinal);

    /// <summary>
    /// --hollow: what one read of the clock costs on this machine (<c>Stopwatch.GetTimestamp</c>, median of five loops).
    /// Roslyn's telemetry reads it before and after each callback, and about one read's worth lies inside the time it
    /// records; a build that does not ask for the telemetry (<c>-p:ReportAnalyzer=true</c>) does not read it.
    /// </summary>
    public double ClockReadNanoseconds { get; set; }

    /// <summary>--floor: per set of kinds (several projects: one row each).</summary>
    public List<FloorTiming> Floors { get; } = new();

    public TimeSpan TimedPauses { get; set; }

    public int Files { get; set; }

    public int Projects { get; set; }

    public List<string> TargetFrameworks { get; } = new();

    /// <summary>The target framework monikers analyzed, in the order met.</summary>
    public List<string> Legs { get; } = new();

    public List<CompilerErrors> CompilerErrors { get; } = new();

    public Dictionary<string, int> Fixed { get; } = new();

    public List<string> NewErrors { get; } = new();

    public List<string> AnalyzerExceptions { get; } = new();

    public List<string> Notes { get; } = new();
}

/// <summary>Runs the PERF analyzers (and, for timing, the SDK's counterparts) over every project; applies fixes.</summary>
public sealed partial class Scanner(ScanOptions options, Action<string> progress)
{
    /// <summary>How many compiler errors of a compilation are listed (the count is always given).</summary>
    public const int ErrorsShown = 3;

    private ImmutableArray<DiagnosticAnalyzer> sdkDefaultAnalyzers = ImmutableArray<DiagnosticAnalyzer>.Empty;

    private readonly Dictionary<(string Id, string File, int Line, int Column, int EndLine, int EndColumn), Finding> findingsByLocation = new();

    private Loader.Loaded? loaded;

    /// <summary>The PERF analyzers this scan runs: every one, or those of <c>--rules</c>.</summary>
    private ImmutableArray<DiagnosticAnalyzer> SelectedAnalyzers => options.Rules is { } rules
        ? RuleCatalog.Analyzers.Where(a => a.SupportedDiagnostics.Any(d => rules.Contains(d.Id))).ToImmutableArray()
        : RuleCatalog.Analyzers;

    public async Task<ScanResult> RunAsync(CancellationToken cancellationToken)
    {
        foreach (var ids in new[] { options.Fix, options.Rules })
        {
            foreach (var id in (ids ?? new List<string>()).Where(id => !RuleCatalog.IsKnown(id)))
            {
                throw new UsageException($"unknown rule id '{id}' (known: {string.Join(", ", RuleCatalog.Descriptors.Select(d => d.Id))})");
            }
        }

        var loaded = this.loaded = await Loader.LoadAsync(options, progress, cancellationToken).ConfigureAwait(false);
        if (options.Profile is { } profilePath)
        {
            var profileText = Profiles.ProfileCommand.LoadText(profilePath, progress, cancellationToken);
            loaded = this.loaded = loaded with { Solution = Profiles.ScanProfile.Apply(loaded.Solution, loaded.Projects, profileText, options.HotOnly) };
        }

        var result = new ScanResult { Projects = loaded.Projects.Select(id => loaded.Solution.GetProject(id)!.FilePath ?? id.ToString()).Distinct().Count() };
        var sdkAnalyzers = ImmutableArray<DiagnosticAnalyzer>.Empty;
        if (options.CompareSdk)
        {
            var sdk = MSBuildSetup.FindSdkDirectory();
            sdkAnalyzers = sdk is null ? sdkAnalyzers : RuleCatalog.LoadSdkCounterparts(sdk, out _);
            sdkDefaultAnalyzers = sdk is null ? sdkDefaultAnalyzers : RuleCatalog.LoadSdkAnalyzers(sdk, out _);
            if (sdkAnalyzers.IsEmpty)
            {
                result.Notes.Add("the SDK's CA analyzers could not be loaded; timing shows PERF analyzers only");
            }
        }

        var solution = loaded.Solution;
        if (options.Timing)
        {
            // One untimed pass first, so that the timed one measures analysis, not loading and JIT compilation.
            progress("warming up");
            await AnalyzeProjectAsync(solution.GetProject(loaded.Projects[0])!, sdkAnalyzers, new ScanResult(), cancellationToken, measure: false).ConfigureAwait(false);
        }

        var index = 0;
        foreach (var projectId in loaded.Projects)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var project = solution.GetProject(projectId)!;
            progress($"[{++index}/{loaded.Projects.Count}] analyzing {project.Name} ({SourceFiles(project)} files)");
            await AnalyzeProjectAsync(project, sdkAnalyzers, result, cancellationToken).ConfigureAwait(false);
        }

        // A file compiled by several legs is one file; the build's generated files (obj/) are not the user's.
        result.Files = loaded.Projects.SelectMany(id => solution.GetProject(id)!.Documents)
            .Where(d => d.Name != Loader.ImplicitUsingsFileName && !Loader.IsGenerated(d.FilePath))
            .Select(d => d.FilePath ?? d.Id.ToString()).Distinct(StringComparer.Ordinal).Count();
        if (options.Fix is not null)
        {
            await FixAsync(loaded, result, cancellationToken).ConfigureAwait(false);
        }

        return result;
    }

    private async Task AnalyzeProjectAsync(Project project, ImmutableArray<DiagnosticAnalyzer> sdkAnalyzers, ScanResult result, CancellationToken cancellationToken, bool measure = true)
    {
        var compilation = await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false);
        if (compilation is null)
        {
            result.Notes.Add($"{project.Name}: no compilation");
            return;
        }

        var leg = loaded!.Legs.GetValueOrDefault(project.Id, "");
        if (measure)
        {
            if (leg.Length > 0 && !result.Legs.Contains(leg, StringComparer.OrdinalIgnoreCase))
            {
                result.Legs.Add(leg);
            }

            if (MissingReferences(project, compilation) is { } missing)
            {
                if (!options.AllowMissingReferences)
                {
                    throw new UsageException($"{project.Name}: {missing}; restore it ('dotnet restore') and scan again, or pass --allow-missing-references to scan it anyway");
                }

                result.Notes.Add($"{project.Name}: {missing}; scanned anyway (--allow-missing-references): expect findings to be missing");
            }
        }

        var framework = PerfAnalyzers.Infrastructure.PerfCompilation.Get(compilation, project.AnalyzerOptions).TargetFramework.ToString();
        if (!result.TargetFrameworks.Contains(framework))
        {
            result.TargetFrameworks.Add(framework);
        }

        var analyzers = SelectedAnalyzers.AddRange(sdkAnalyzers);
        if (!sdkAnalyzers.IsEmpty)
        {
            // The counterparts are off or hidden by default; turn them on so that they run and can be timed.
            var specific = compilation.Options.SpecificDiagnosticOptions.SetItems(
                RuleCatalog.SdkCounterparts.Values.SelectMany(v => v).Select(id => new KeyValuePair<string, ReportDiagnostic>(id, ReportDiagnostic.Warn)));
            compilation = compilation.WithOptions(compilation.Options.WithSpecificDiagnosticOptions(specific));
        }

        var withAnalyzers = compilation.WithAnalyzers(analyzers, new CompilationWithAnalyzersOptions(
            project.AnalyzerOptions,
            onAnalyzerException: (e, analyzer, _) => { lock (result) { result.AnalyzerExceptions.Add($"{analyzer}: {e.GetType().Name}: {e.Message}"); } },
            concurrentAnalysis: true,
            logAnalyzerExecutionTime: false,
            reportSuppressedDiagnostics: false));
        // The compiler's diagnostics and the analyzers' in one pass over the compilation.
        var diagnostics = await withAnalyzers.GetAllDiagnosticsAsync(cancellationToken).ConfigureAwait(false);
        if (!measure)
        {
            return;
        }

        var errors = diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error && d.Id.StartsWith("CS", StringComparison.Ordinal))
            .OrderBy(d => d.Location.SourceTree?.FilePath, StringComparer.Ordinal).ThenBy(d => d.Location.SourceSpan.Start).ToList();
        if (errors.Count > 0)
        {
            result.CompilerErrors.Add(new CompilerErrors(project.Name, leg, errors.Count, errors.Take(ErrorsShown).Select(Describe).ToList()));
        }

        foreach (var diagnostic in diagnostics)
        {
            if (diagnostic.Id.StartsWith("PERF", StringComparison.Ordinal) && diagnostic.Severity != DiagnosticSeverity.Hidden || diagnostic.Id == "AD0001")
            {
                Add(result, ToFinding(diagnostic), leg);
            }
        }

        if (options.Timing && measure)
        {
            await MeasureAsync(compilation, project.AnalyzerOptions, sdkAnalyzers, result, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Side by side in one run, as a build runs them: the compiler with the SDK's analyzers at their default settings,
    /// the SDK's counterpart rules switched on, and every PERF analyzer. Each run takes a fresh copy of the compilation
    /// and times, one after the other on one thread, the compiler's own pass (binding and flow analysis, what
    /// <c>GetDiagnostics</c> does) and then the analyzers (Roslyn's analyzer telemetry: time inside each analyzer's
    /// callbacks, what <c>dotnet build -p:ReportAnalyzer=true</c> reports). Both are measured the same way (wall clock,
    /// one thread, no garbage collection) in the same moment, so what slows this machine down slows both; the figures
    /// are the medians of <see cref="ScanOptions.Repeat"/> runs after <see cref="ScanOptions.Warmup"/> untimed ones.
    /// Roslyn analyzes a fork of the compilation and runs the compiler's pass over that fork beside the analyzers, as a
    /// build does; <see cref="DeclarationPass"/> binds the fork's declarations before any analyzer starts, so that the
    /// first analyzer to read one is not charged for binding it.
    /// </summary>
    private async Task MeasureAsync(Compilation compilation, AnalyzerOptions analyzerOptions, ImmutableArray<DiagnosticAnalyzer> sdkAnalyzers, ScanResult result, CancellationToken cancellationToken)
    {
        var counterpartIds = RuleCatalog.SdkCounterparts.Values.SelectMany(v => v).ToList();
        var floors = options.Floor ? EmptyCallbacks.Create() : ImmutableArray<EmptyCallbacks>.Empty;
        var analyzers = sdkDefaultAnalyzers.AddRange(sdkAnalyzers).AddRange(SelectedAnalyzers).AddRange(floors).Distinct().ToImmutableArray();
        // --hollow: the twins run in an analysis of their own, each in its rule's place among the same analyzers. Side by
        // side with the rules they read cheaper than they are: an analyzer's time depends on its place in the list (the
        // first to visit a body pays for bringing it into the cache; measured: an empty callback read 0.5 ms registered by
        // PERF007, first in the list, and 0.1-0.2 ms registered by its twin behind it, SharpZipLib).
        var hollows = options.Hollow ? SelectedAnalyzers.Select(a => new HollowAnalyzer(a)).ToImmutableArray() : ImmutableArray<HollowAnalyzer>.Empty;
        var hollowSet = sdkDefaultAnalyzers.AddRange(sdkAnalyzers).AddRange(hollows).Distinct().ToImmutableArray();
        var samples = analyzers.Concat(hollows).ToDictionary(a => a, _ => new List<TimeSpan>());
        var floorCalls = floors.ToDictionary(f => f, _ => 0);
        var compileRuns = new List<TimeSpan>();
        var perfFindings = new List<Diagnostic>();
        for (var i = -options.Warmup; i < options.Repeat; i++)
        {
            progress(i < 0 ? $"timing: warm-up run {i + options.Warmup + 1}/{options.Warmup}" : $"timing run {i + 1}/{options.Repeat}");
            var copy = compilation.Clone();
            // One thread: the analyzers below run one callback at a time (on a 2-core machine a callback's wall-clock
            // time otherwise includes the time other threads preempt it), and the compiler is timed the same way.
            copy = copy.WithOptions(copy.Options.WithConcurrentBuild(false).WithSpecificDiagnosticOptions(copy.Options.SpecificDiagnosticOptions.SetItems(
                counterpartIds.Select(id => new KeyValuePair<string, ReportDiagnostic>(id, ReportDiagnostic.Warn)))));
            var withAnalyzers = copy.WithAnalyzers(WithDeclarationPass(analyzers), new CompilationWithAnalyzersOptions(
                analyzerOptions, onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: true, reportSuppressedDiagnostics: false));

            // The compiler's pass (binding and flow analysis of everything), timed alone on a compilation like the one
            // the analyzers run on (the analysis below forks its own).
            Settle();
            var noGc = StartNoGcRegion();
            var stopwatch = Stopwatch.StartNew();
            withAnalyzers.Compilation.GetDiagnostics(cancellationToken);
            var compile = stopwatch.Elapsed;
            EndNoGcRegion(noGc);

            Settle();
            noGc = StartNoGcRegion();
            var (collections, pauses) = (GC.CollectionCount(0), GC.GetTotalPauseDuration());
            var analysis = await withAnalyzers.GetAnalysisResultAsync(cancellationToken).ConfigureAwait(false);
            EndNoGcRegion(noGc);
            var (timedCollections, timedPauses) = (GC.CollectionCount(0) - collections, GC.GetTotalPauseDuration() - pauses);
            AnalysisResult? hollowAnalysis = null;
            if (!hollows.IsEmpty)
            {
                foreach (var hollow in hollows)
                {
                    hollow.Calls = 0;
                }

                var hollowCopy = copy.Clone().WithAnalyzers(WithDeclarationPass(hollowSet), new CompilationWithAnalyzersOptions(
                    analyzerOptions, onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: true, reportSuppressedDiagnostics: false));
                Settle();
                noGc = StartNoGcRegion();
                hollowAnalysis = await hollowCopy.GetAnalysisResultAsync(cancellationToken).ConfigureAwait(false);
                EndNoGcRegion(noGc);
            }

            if (i < 0)
            {
                continue;
            }

            foreach (var hollow in hollows)
            {
                samples[hollow].Add(hollowAnalysis!.AnalyzerTelemetryInfo.TryGetValue(hollow, out var t) ? t.ExecutionTime : TimeSpan.Zero);
            }

            // Collections in the analysis (those in the compiler's pass slow the compiler, not a callback).
            result.TimedCollections += timedCollections;
            result.TimedPauses += timedPauses;
            compileRuns.Add(compile);
            foreach (var floor in floors)
            {
                floorCalls[floor] = floor.Calls;
            }

            foreach (var analyzer in analyzers)
            {
                samples[analyzer].Add(analysis.AnalyzerTelemetryInfo.TryGetValue(analyzer, out var t) ? t.ExecutionTime : TimeSpan.Zero);
            }

            if (i == 0)
            {
                // Reporting a diagnostic has a cost of its own (suppression checks, first-time per symbol), so each
                // rule's time is read beside how many it reported.
                foreach (var diagnostic in analysis.GetAllDiagnostics())
                {
                    if (diagnostic.Id.StartsWith("PERF", StringComparison.Ordinal) || counterpartIds.Contains(diagnostic.Id))
                    {
                        result.TimedFindings[diagnostic.Id] = result.TimedFindings.GetValueOrDefault(diagnostic.Id) + 1;
                    }

                    if (diagnostic.Id.StartsWith("PERF", StringComparison.Ordinal) && diagnostic.Location.IsInSource)
                    {
                        perfFindings.Add(diagnostic);
                    }
                }
            }
        }

        result.CompilationTime += Median(compileRuns);
        result.CompilationMin += compileRuns.Min();
        result.CompilationMax += compileRuns.Max();
        result.Runs = options.Repeat;

        // What the findings themselves cost: the same diagnostics reported again, at the same places, by an analyzer that
        // does nothing else, on a fresh copy set up as above. Per rule, and all together.
        TimeSpan Reporting(IReadOnlyList<Diagnostic> findings)
        {
            var runs = new List<TimeSpan>();
            for (var i = -1; i < options.Repeat; i++)
            {
                var copy = compilation.Clone();
                copy = copy.WithOptions(copy.Options.WithConcurrentBuild(false));
                var calibrator = new ReportingCalibrator(findings);
                var withCalibrator = copy.WithAnalyzers(WithDeclarationPass(ImmutableArray.Create<DiagnosticAnalyzer>(calibrator)), new CompilationWithAnalyzersOptions(
                    analyzerOptions, onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: true, reportSuppressedDiagnostics: false));
                Settle();
                var noGc = StartNoGcRegion();
                var analysis = withCalibrator.GetAnalysisResultAsync(cancellationToken).GetAwaiter().GetResult();
                EndNoGcRegion(noGc);
                if (i >= 0)
                {
                    // The first run is a warm-up (see ScanOptions.Warmup).
                    runs.Add(analysis.AnalyzerTelemetryInfo.TryGetValue(calibrator, out var t) ? t.ExecutionTime : TimeSpan.Zero);
                }
            }

            return Median(runs);
        }

        if (perfFindings.Count > 0)
        {
            progress("timing the reporting of the findings");
            foreach (var group in perfFindings.GroupBy(d => d.Id, StringComparer.Ordinal))
            {
                result.ReportingTime[group.Key] = result.ReportingTime.GetValueOrDefault(group.Key) + Reporting(group.ToList());
            }

            result.AllReportingTime += Reporting(perfFindings);
        }

        // Several projects: each project's median, fastest and slowest run add up.
        void Add(string name, string rules, bool isSdk, IReadOnlyList<TimeSpan> runs)
        {
            var timing = new AnalyzerTiming(name, rules, isSdk, Median(runs), runs.Min(), runs.Max());
            var existing = result.Timings.FindIndex(t => t.Analyzer == name);
            if (existing >= 0)
            {
                var old = result.Timings[existing];
                result.Timings[existing] = old with { Time = old.Time + timing.Time, Min = old.Min + timing.Min, Max = old.Max + timing.Max };
            }
            else
            {
                result.Timings.Add(timing);
            }
        }

        // A group's time in one run is the sum of its analyzers' times in that run.
        List<TimeSpan> PerRun(IEnumerable<DiagnosticAnalyzer> group) =>
            Enumerable.Range(0, options.Repeat).Select(run => group.Aggregate(TimeSpan.Zero, (sum, a) => sum + samples[a][run])).ToList();

        foreach (var analyzer in sdkAnalyzers.Concat(SelectedAnalyzers))
        {
            var rules = string.Join(",", analyzer.SupportedDiagnostics.Select(d => d.Id)
                .Where(id => id.StartsWith("PERF", StringComparison.Ordinal) || counterpartIds.Contains(id)).Distinct());
            Add(analyzer.GetType().Name, rules, sdkAnalyzers.Contains(analyzer), samples[analyzer]);
        }

        Add(AllPerf, "", false, PerRun(SelectedAnalyzers));
        // The analyzers of a row (the per-rule dispatch row has one per rule) are summed run by run.
        foreach (var row in floors.GroupBy(f => f.Name))
        {
            result.Floors.Add(new FloorTiming(row.Key, row.Sum(f => floorCalls[f]), Median(PerRun(row))));
        }

        foreach (var hollow in hollows)
        {
            var name = hollow.Rule.GetType().Name;
            result.HollowTime[name] = result.HollowTime.GetValueOrDefault(name) + Median(samples[hollow]);
            result.HollowCalls[name] = result.HollowCalls.GetValueOrDefault(name) + hollow.Calls;
            result.HollowCalls[AllPerf] = result.HollowCalls.GetValueOrDefault(AllPerf) + hollow.Calls;
        }

        if (!hollows.IsEmpty)
        {
            result.HollowTime[AllPerf] = result.HollowTime.GetValueOrDefault(AllPerf) + Median(PerRun(hollows));
            result.ClockReadNanoseconds = ClockReadNanoseconds();
        }

        if (!sdkDefaultAnalyzers.IsEmpty)
        {
            Add(AllSdkDefaults, "", true, PerRun(sdkDefaultAnalyzers.Except(sdkAnalyzers)));
        }
    }

    /// <summary>The cost of one <c>Stopwatch.GetTimestamp</c> in nanoseconds: the median of five loops of 200,000 reads.</summary>
    private static double ClockReadNanoseconds()
    {
        const int Reads = 200_000;
        var loops = new List<double>();
        for (var loop = 0; loop < 5; loop++)
        {
            var start = Stopwatch.GetTimestamp();
            long sink = 0;
            for (var i = 0; i < Reads; i++)
            {
                sink ^= Stopwatch.GetTimestamp();
            }

            GC.KeepAlive(sink);
            loops.Add(Stopwatch.GetElapsedTime(start).TotalNanoseconds / Reads);
        }

        loops.Sort();
        return loops[loops.Count / 2];
    }

    /// <summary>
    /// <see cref="DeclarationPass"/> first (unless <c>--first-touch</c>), so that no analyzer is charged for binding a
    /// declaration the compiler binds in any build.
    /// </summary>
    private ImmutableArray<DiagnosticAnalyzer> WithDeclarationPass(ImmutableArray<DiagnosticAnalyzer> analyzers) =>
        options.FirstTouch ? analyzers : analyzers.Insert(0, new DeclarationPass());

    /// <summary>
    /// A full, blocking collection before each timed run: the previous runs' compilations are garbage by then, and a
    /// collection of them during the run would be charged to whichever callback it interrupts.
    /// </summary>
    private static void Settle()
    {
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
        GC.WaitForPendingFinalizers();
        GC.Collect(2, GCCollectionMode.Forced, blocking: true, compacting: true);
    }

    /// <summary>
    /// No collection during a timed run, if the runtime can promise it for the run's allocations: a pause (about 120 ms
    /// each with the server GC on this 2-core machine, one per run on NLog) is charged to whichever callback it
    /// interrupts. The analyzers' share of collection work is therefore not in their figures (their allocations are, as
    /// time spent allocating); the report says when a collection ran all the same.
    /// </summary>
    private static bool StartNoGcRegion()
    {
        for (long size = 4L << 30; size >= 64L << 20; size /= 2)
        {
            try
            {
                if (GC.TryStartNoGCRegion(size))
                {
                    return true;
                }
            }
            catch (ArgumentOutOfRangeException)
            {
                // More than this GC's ephemeral space: try less.
            }
            catch (InvalidOperationException)
            {
                return false;
            }
        }

        return false;
    }

    private static void EndNoGcRegion(bool started)
    {
        if (started && System.Runtime.GCSettings.LatencyMode == System.Runtime.GCLatencyMode.NoGCRegion)
        {
            GC.EndNoGCRegion();
        }
    }

    public const string AllSdkDefaults = "all other SDK analyzers at their defaults";

    public const string AllPerf = "all PERF analyzers";

    private static TimeSpan Median(IEnumerable<TimeSpan> values)
    {
        var sorted = values.OrderBy(v => v).ToList();
        return sorted.Count == 0 ? TimeSpan.Zero : sorted[sorted.Count / 2];
    }

    private static int SourceFiles(Project project) => project.Documents.Count(d => d.Name != Loader.ImplicitUsingsFileName && !Loader.IsGenerated(d.FilePath));

    /// <summary>One finding per location; a location reported on several legs lists them all.</summary>
    private void Add(ScanResult result, Finding finding, string leg)
    {
        var key = (finding.Id, finding.File, finding.Line, finding.Column, finding.EndLine, finding.EndColumn);
        if (!findingsByLocation.TryGetValue(key, out var existing))
        {
            findingsByLocation[key] = existing = finding;
            result.Findings.Add(finding);
        }

        if (leg.Length > 0 && !existing.Legs.Contains(leg, StringComparer.OrdinalIgnoreCase))
        {
            existing.Legs.Add(leg);
        }
    }

    /// <summary>
    /// Why the compilation's references cannot be trusted, or null: no core library (no framework reference assemblies
    /// at all), or an SDK-style project that was never restored (its package references are then silently missing).
    /// </summary>
    private static string? MissingReferences(Project project, Compilation compilation)
    {
        if (compilation.GetSpecialType(SpecialType.System_Object).TypeKind == TypeKind.Error)
        {
            return "its reference assemblies are missing (System.Object is not defined; was the project restored?)";
        }

        return Loader.RestoreProblem(project);
    }

    private static string Describe(Diagnostic diagnostic)
    {
        var span = diagnostic.Location.GetLineSpan();
        var where = span.Path is { Length: > 0 } path ? $"{Path.GetFileName(path)}({span.StartLinePosition.Line + 1},{span.StartLinePosition.Character + 1}): " : "";
        return where + diagnostic.Id + ": " + diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
    }

    private static Finding ToFinding(Diagnostic diagnostic)
    {
        var span = diagnostic.Location.GetLineSpan();
        var (verdict, message) = Profiles.ScanProfile.Read(diagnostic, diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
        return new Finding(
            diagnostic.Id,
            diagnostic.Severity,
            span.Path ?? "",
            span.StartLinePosition.Line + 1,
            span.StartLinePosition.Character + 1,
            span.EndLinePosition.Line + 1,
            span.EndLinePosition.Character + 1,
            message,
            diagnostic.Descriptor.HelpLinkUri) { Profile = verdict };
    }
}
