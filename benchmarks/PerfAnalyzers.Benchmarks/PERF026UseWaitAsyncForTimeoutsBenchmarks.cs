using System;
using System.Threading;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF026: a task that completes after a yield, waited for with a 1 s timeout. Before is the flagged
/// <c>Task.WhenAny(t, Task.Delay(timeout))</c> test followed by <c>await t</c>; After is the fix's output,
/// <c>await t.WaitAsync(timeout)</c>. Before also leaves its delay's timer queued for the rest of the second, which
/// <see cref="TimersLeftBehind"/> counts (for the doc and a test).
/// </summary>
[MemoryDiagnoser]
public class PERF026UseWaitAsyncForTimeoutsBenchmarks
{
    /// <summary>The timeout both forms wait with: 1 s, as in the doc's table (TimersLeftBehind sets a longer one).</summary>
    private TimeSpan timeout = TimeSpan.FromSeconds(1);

    [Benchmark(Baseline = true)]
    public async Task<int> TimeoutBefore()
    {
        var t = WorkAsync();
        if (await Task.WhenAny(t, Task.Delay(timeout)) != t)
        {
            throw new TimeoutException();
        }

        return await t;
    }

    [Benchmark]
    public async Task<int> TimeoutAfter()
    {
        var t = WorkAsync();
        return await t.WaitAsync(timeout);
    }

    private static async Task<int> WorkAsync()
    {
        await Task.Yield();
        return 42;
    }

    /// <summary>
    /// How many more timers are active (<see cref="Timer.ActiveCount"/>) right after <paramref name="calls"/> calls of
    /// the Before or the After form, each awaited to the end: Before's delays stay queued until their second is up.
    /// </summary>
    public static long TimersLeftBehind(bool after, int calls, TimeSpan timeout)
    {
        // A timeout longer than the loop takes on a loaded machine, so that no timer of Before expires while it is counted.
        var benchmarks = new PERF026UseWaitAsyncForTimeoutsBenchmarks { timeout = timeout };
        var start = Timer.ActiveCount;
        for (var i = 0; i < calls; i++)
        {
            (after ? benchmarks.TimeoutAfter() : benchmarks.TimeoutBefore()).GetAwaiter().GetResult();
        }

        return Timer.ActiveCount - start;
    }
}
