using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF007: Before is <c>Task.FromResult(true)</c>, After is the fix's cached <c>static readonly Task&lt;bool&gt;</c>.
/// On this machine's runtime (.NET 6+) Task.FromResult already returns a cached task for true and false, so both
/// should allocate nothing (64 calls per invocation): the evidence that the rule is rightly silent on modern targets.
/// </summary>
[MemoryDiagnoser]
public class PERF007CacheTaskFromResultBenchmarks
{
    private static readonly Task<bool> TrueTask = Task.FromResult(true);

    // 64 calls per invocation, each result read, so that the figures are not below the timer's resolution.
    [Benchmark(Baseline = true)]
    public int FromResultBefore()
    {
        var count = 0;
        for (var i = 0; i < 64; i++)
        {
            if (Task.FromResult(true).Result)
            {
                count++;
            }
        }

        return count;
    }

    [Benchmark]
    public int FromResultAfter()
    {
        var count = 0;
        for (var i = 0; i < 64; i++)
        {
            if (TrueTask.Result)
            {
                count++;
            }
        }

        return count;
    }
}
