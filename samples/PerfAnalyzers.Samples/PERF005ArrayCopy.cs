using System;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF005: the three-argument Array.Copy queries both lower bounds before .NET 5. Flagged when this file is built for
/// netstandard2.0 (samples/PerfAnalyzers.Samples.Legacy); silent in the net10.0 sample.
/// </summary>
public static class PERF005ArrayCopy
{
    public static int[] Grow(int[] items)
    {
        var bigger = new int[items.Length * 2];
        Array.Copy(items, bigger, items.Length);
        return bigger;
    }
}
