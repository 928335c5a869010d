using System;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF027: elapsed time measured with the wall clock. DateTime.Now converts to local time on every read (flagged on
/// every target); DateTime.UtcNow is flagged before .NET 6, where it costs 50-60 ns (the netstandard2.0 and net472 legs
/// of samples/PerfAnalyzers.Samples.Legacy). The fix keeps a Stopwatch timestamp instead.
/// </summary>
public static class PERF027ElapsedTime
{
    public static double TimeWithNow(Action work)
    {
        var start = DateTime.Now;
        work();
        return (DateTime.Now - start).TotalMilliseconds;
    }

    public static TimeSpan TimeWithUtcNow(Action work)
    {
        var start = DateTime.UtcNow;
        work();
        return DateTime.UtcNow - start;
    }
}
