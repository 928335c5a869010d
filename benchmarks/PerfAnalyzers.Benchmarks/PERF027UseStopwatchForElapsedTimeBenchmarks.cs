using System;
using System.Diagnostics;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF027: one elapsed-time measurement around no work, so that only the clock reads are timed. Before takes the start
/// from <c>DateTime.UtcNow</c> (or <c>DateTime.Now</c>) and subtracts it from the same clock; After is the fix's
/// <c>Stopwatch.GetTimestamp()</c> and <c>Stopwatch.GetElapsedTime(start)</c> (.NET 7+), and StartNewAfter the fix for
/// older targets, <c>Stopwatch.StartNew()</c> and <c>Elapsed</c>. Each returns whether the elapsed time is under a
/// minute (always true), so the equivalence test can compare them while each still reads the clock twice.
/// </summary>
[MemoryDiagnoser]
public class PERF027UseStopwatchForElapsedTimeBenchmarks
{
    private static readonly TimeSpan Limit = TimeSpan.FromMinutes(1);

    [Benchmark(Baseline = true)]
    public bool UtcNowBefore()
    {
        var start = DateTime.UtcNow;
        return DateTime.UtcNow - start < Limit;
    }

    [Benchmark]
    public bool UtcNowAfter()
    {
        var start = Stopwatch.GetTimestamp();
        return Stopwatch.GetElapsedTime(start) < Limit;
    }

    [Benchmark]
    public bool NowBefore()
    {
        var start = DateTime.Now;
        return DateTime.Now - start < Limit;
    }

    [Benchmark]
    public bool NowAfter()
    {
        var start = Stopwatch.GetTimestamp();
        return Stopwatch.GetElapsedTime(start) < Limit;
    }

    [Benchmark]
    public bool NowStartNewBefore()
    {
        var start = DateTime.Now;
        return DateTime.Now - start < Limit;
    }

    [Benchmark]
    public bool NowStartNewAfter()
    {
        var start = Stopwatch.StartNew();
        return start.Elapsed < Limit;
    }
}
