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
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(1);

    [Benchmark(Baseline = true)]
    public async Task<int> TimeoutBefore()
    {
        var t = WorkAsync();
        if (await Task.WhenAny(t, Task.Delay(Timeout)) != t)
        {
            throw new TimeoutException();
        }

        return await t;
    }

    [Benchmark]
    public async Task<int> TimeoutAfter()
    {
        var t = WorkAsync();
        return await t.WaitAsync(Timeout);
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
    public static long TimersLeftBehind(bool after, int calls)
    {
        var benchmarks = new PERF026UseWaitAsyncForTimeoutsBenchmarks();
        var start = Timer.ActiveCount;
        for (var i = 0; i < calls; i++)
        {
            (after ? benchmarks.TimeoutAfter() : benchmarks.TimeoutBefore()).GetAwaiter().GetResult();
        }

        return Timer.ActiveCount - start;
    }
}
