using System;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF010: Before creates a Random for one value, After is the fix's <c>Random.Shared</c>. Both return whether the
/// value is in range (always true), so the equivalence test can compare them while each still draws a number.
/// </summary>
[MemoryDiagnoser]
public class PERF010UseRandomSharedBenchmarks
{
    [Benchmark(Baseline = true)]
    public bool NextBefore() => new Random().Next(100) < 100;

    [Benchmark]
    public bool NextAfter() => Random.Shared.Next(100) < 100;
}
