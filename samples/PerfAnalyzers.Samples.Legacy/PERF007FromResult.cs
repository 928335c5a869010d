using System.Threading.Tasks;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF007: Task.FromResult(true) allocates a new task on every call before .NET 6. Flagged when this file is built for
/// netstandard2.0 (samples/PerfAnalyzers.Samples.Legacy); silent in the net10.0 sample, where the runtime caches it.
/// </summary>
public static class PERF007FromResult
{
    public static Task<bool> IsReadyAsync() => Task.FromResult(true);
}
