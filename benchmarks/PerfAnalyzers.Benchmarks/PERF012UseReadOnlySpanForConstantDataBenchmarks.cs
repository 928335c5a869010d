using System;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF012: Before reads a <c>static readonly byte[]</c> field; After reads the <c>static ReadOnlySpan&lt;byte&gt;</c>
/// property the fix writes (data embedded in the assembly). One element plus the length, and a sum over all 16.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PERF012UseReadOnlySpanForConstantDataBenchmarks
{
    private static readonly byte[] TableArray = { 0x00, 0x07, 0x0E, 0x09, 0x1C, 0x1B, 0x12, 0x15, 0x38, 0x3F, 0x36, 0x31, 0x24, 0x23, 0x2A, 0x2D };

    private static ReadOnlySpan<byte> TableSpan => new byte[] { 0x00, 0x07, 0x0E, 0x09, 0x1C, 0x1B, 0x12, 0x15, 0x38, 0x3F, 0x36, 0x31, 0x24, 0x23, 0x2A, 0x2D };

    private int _index = 9;

    [Benchmark(Baseline = true), BenchmarkCategory("Element and Length")]
    public int ElementBefore() => TableArray[_index] + TableArray.Length;

    [Benchmark, BenchmarkCategory("Element and Length")]
    public int ElementAfter() => TableSpan[_index] + TableSpan.Length;

    [Benchmark(Baseline = true), BenchmarkCategory("Sum of 16")]
    public int SumBefore()
    {
        var sum = 0;
        foreach (var b in TableArray)
        {
            sum += b;
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory("Sum of 16")]
    public int SumAfter()
    {
        var sum = 0;
        foreach (var b in TableSpan)
        {
            sum += b;
        }

        return sum;
    }
}
