using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Cli.Timing;

/// <summary>
/// <c>--floor</c>: analyzers whose callbacks do nothing (<see cref="EmptyCallbacks"/>), one per set of kinds the rules
/// register, timed in the same runs as the rules: what Roslyn charges any analyzer for registering that set on this code.
/// Two rows price reading the called method's name for the rules that look at calls: once per rule (the package before
/// its dispatch) and once for all of them (the dispatch it has now).
/// </summary>
internal sealed class FloorExperiment
{
    private readonly Dictionary<EmptyCallbacks, int> calls;

    public FloorExperiment()
    {
        Analyzers = EmptyCallbacks.Create();
        calls = Analyzers.ToDictionary(f => f, _ => 0);
    }

    /// <summary>The stand-ins, added to the timed runs' analyzers.</summary>
    public ImmutableArray<EmptyCallbacks> Analyzers { get; }

    /// <summary>After a timed run: how many callbacks each stand-in received.</summary>
    public void Record()
    {
        foreach (var floor in Analyzers)
        {
            calls[floor] = floor.Calls;
        }
    }

    /// <summary>One row per set of kinds (the per-rule dispatch row sums its analyzers run by run).</summary>
    public void Complete(Func<IEnumerable<DiagnosticAnalyzer>, List<TimeSpan>> perRun, List<FloorTiming> result)
    {
        foreach (var row in Analyzers.GroupBy(f => f.Name))
        {
            result.Add(new FloorTiming(row.Key, row.Sum(f => calls[f]), QuietRun.Median(perRun(row))));
        }
    }
}
