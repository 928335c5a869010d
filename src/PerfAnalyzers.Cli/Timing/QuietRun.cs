using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;

namespace PerfAnalyzers.Cli.Timing;

/// <summary>What every timed run does around its measurement: no garbage from earlier runs, no collection inside, medians.</summary>
internal static class QuietRun
{
    /// <summary>
    /// A full, blocking collection before each timed run: the previous runs' compilations are garbage by then, and a
    /// collection of them during the run would be charged to whichever callback it interrupts.
    /// </summary>
    public static void Settle()
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
    public static bool StartNoGcRegion()
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

    public static void EndNoGcRegion(bool started)
    {
        if (started && System.Runtime.GCSettings.LatencyMode == System.Runtime.GCLatencyMode.NoGCRegion)
        {
            GC.EndNoGCRegion();
        }
    }

    public static TimeSpan Median(IEnumerable<TimeSpan> values)
    {
        var sorted = values.OrderBy(v => v).ToList();
        return sorted.Count == 0 ? TimeSpan.Zero : sorted[sorted.Count / 2];
    }

    /// <summary>The cost of one <c>Stopwatch.GetTimestamp</c> in nanoseconds: the median of five loops of 200,000 reads.</summary>
    public static double ClockReadNanoseconds()
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
}
