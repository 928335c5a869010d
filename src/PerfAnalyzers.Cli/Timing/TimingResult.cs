using System;
using System.Collections.Generic;

namespace PerfAnalyzers.Cli.Timing;

/// <summary>An analyzer's cost: time inside its callbacks (Roslyn's analyzer telemetry, or a dispatcher's clock for each of its rules), the median of the runs and their range.</summary>
public sealed record AnalyzerTiming(string Analyzer, string Rules, bool IsSdk, TimeSpan Time, TimeSpan Min = default, TimeSpan Max = default)
{
    /// <summary>A dispatcher's own row (Roslyn's telemetry for the whole analyzer); its rules have rows of their own, read from its clock.</summary>
    public bool IsDispatcher { get; init; }
}

/// <summary>--floor: callbacks that do nothing, for one set of kinds: how many ran in one analysis, and their median time.</summary>
public sealed record FloorTiming(string Kinds, int Calls, TimeSpan Time);

/// <summary><c>--timing</c> (<see cref="TimedAnalysis"/>): the compiler's own time and each analyzer's, side by side in the same runs.</summary>
public sealed class TimingResult
{
    public const string AllSdkDefaults = "all other SDK analyzers at their defaults";

    public const string AllPerf = "all PERF analyzers";

    public List<AnalyzerTiming> Timings { get; } = new();

    /// <summary>The median of the compiler's timed runs (several projects: summed).</summary>
    public TimeSpan CompilationTime { get; set; }

    /// <summary>The fastest and slowest of the compiler's timed runs.</summary>
    public TimeSpan CompilationMin { get; set; }

    public TimeSpan CompilationMax { get; set; }

    /// <summary>How many runs each timing is the median of.</summary>
    public int Runs { get; set; }

    /// <summary>How many diagnostics each PERF rule and each SDK counterpart rule reported in the timed runs.</summary>
    public Dictionary<string, int> Findings { get; } = new(StringComparer.Ordinal);

    /// <summary>
    /// Garbage collections during the timed analysis runs, and their pauses. A pause is charged to whichever callback it
    /// interrupts; the CLI runs with the server GC, as the compiler does, so there should be none.
    /// </summary>
    public int Collections { get; set; }

    public TimeSpan Pauses { get; set; }

    /// <summary>What the per-rule clock adds to a rule's time per callback (ns, measured), subtracted from each rule's row.</summary>
    public double ClockOverheadNanoseconds { get; set; }

    /// <summary>Each dispatched rule's compilation-start setup (median of the runs; part of its row's time), by rule id.</summary>
    public Dictionary<string, TimeSpan> Setup { get; } = new(StringComparer.Ordinal);
}

/// <summary>
/// <c>--timing</c>: how long Roslyn takes to accept each PERF rule's findings, timed by the rule clock around the rule's own
/// calls of <c>ReportDiagnostic</c>, where and when the rule makes them (<see cref="PerfAnalyzers.Dispatch.RuleClock.Report"/>;
/// medians of the runs). Until 2026-11-27 this was measured by reporting the same diagnostics again from a syntax tree
/// action of an analyzer that did nothing else: that path cost Roslyn 1.4 µs per finding on Humanizer, where the rules'
/// own reports from operation actions cost 6.5 µs, so the rules' analysis was overstated by the difference.
/// </summary>
public sealed class ReportingResult
{
    public Dictionary<string, TimeSpan> PerRule { get; } = new(StringComparer.Ordinal);

    /// <summary>Every PERF rule's reporting in one analysis (median of the runs' sums).</summary>
    public TimeSpan All { get; set; }
}

/// <summary><c>--hollow</c> (<see cref="HollowTwins"/>): each PERF analyzer's hollow twin.</summary>
public sealed class HollowResult
{
    /// <summary>Each twin's time, by analyzer name (several projects: summed), and all of them (<see cref="TimingResult.AllPerf"/>).</summary>
    public Dictionary<string, TimeSpan> Time { get; } = new(StringComparer.Ordinal);

    /// <summary>The callbacks each twin received in one analysis, by analyzer name, and all of them.</summary>
    public Dictionary<string, long> Calls { get; } = new(StringComparer.Ordinal);

    /// <summary>
    /// What one read of the clock costs on this machine (<c>Stopwatch.GetTimestamp</c>, median of five loops). Roslyn's
    /// telemetry reads it before and after each callback, and about one read's worth lies inside the time it records; a
    /// build that does not ask for the telemetry (<c>-p:ReportAnalyzer=true</c>) does not read it.
    /// </summary>
    public double ClockReadNanoseconds { get; set; }
}
