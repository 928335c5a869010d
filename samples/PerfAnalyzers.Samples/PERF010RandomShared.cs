using System;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF010: a new, unseeded Random for one value allocates and seeds a generator each time; Random.Shared (.NET 6+)
/// does not. Flagged in the net10.0 sample; silent on netstandard2.0, which has no Random.Shared.
/// </summary>
public static class PERF010RandomShared
{
    public static int RollDie() => new Random().Next(1, 7);
}
