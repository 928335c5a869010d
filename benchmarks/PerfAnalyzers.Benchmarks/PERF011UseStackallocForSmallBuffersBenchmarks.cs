using System;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF011: Before allocates a temporary byte array, After is the fix's <c>Span&lt;byte&gt; buffer = stackalloc byte[N]</c>.
/// Each fills the buffer from a seed and sums it back, so both write and read every byte. 16 and 256 bytes.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PERF011UseStackallocForSmallBuffersBenchmarks
{
    private int _seed = 7;

    [Benchmark(Baseline = true), BenchmarkCategory("16 bytes")]
    public int Small16Before()
    {
        var buffer = new byte[16];
        return FillAndSum(buffer, _seed);
    }

    [Benchmark, BenchmarkCategory("16 bytes")]
    public int Small16After()
    {
        Span<byte> buffer = stackalloc byte[16];
        return FillAndSum(buffer, _seed);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("256 bytes")]
    public int Large256Before()
    {
        var buffer = new byte[256];
        return FillAndSum(buffer, _seed);
    }

    [Benchmark, BenchmarkCategory("256 bytes")]
    public int Large256After()
    {
        Span<byte> buffer = stackalloc byte[256];
        return FillAndSum(buffer, _seed);
    }

    private static int FillAndSum(Span<byte> buffer, int seed)
    {
        for (var i = 0; i < buffer.Length; i++)
        {
            buffer[i] = (byte)(seed * i);
        }

        var sum = 0;
        foreach (var b in buffer)
        {
            sum += b;
        }

        return sum;
    }
}
