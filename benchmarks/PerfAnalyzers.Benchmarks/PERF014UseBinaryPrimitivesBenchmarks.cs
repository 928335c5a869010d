using System;
using System.Buffers.Binary;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF014: Before assembles a big-endian Int32 / Int64 from bytes with shifts and ors, After is the fix's
/// BinaryPrimitives call. Each reads every aligned value of a 64-byte buffer and sums them.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PERF014UseBinaryPrimitivesBenchmarks
{
    private readonly byte[] _data = new byte[64];

    public PERF014UseBinaryPrimitivesBenchmarks()
    {
        for (var i = 0; i < _data.Length; i++)
        {
            _data[i] = (byte)(i * 37 + 0x80);
        }
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Int32 big-endian")]
    public long Int32Before()
    {
        var b = _data;
        long sum = 0;
        for (var i = 0; i + 4 <= b.Length; i += 4)
        {
            sum += (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3];
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory("Int32 big-endian")]
    public long Int32After()
    {
        var b = _data;
        long sum = 0;
        for (var i = 0; i + 4 <= b.Length; i += 4)
        {
            sum += BinaryPrimitives.ReadInt32BigEndian(b.AsSpan(i));
        }

        return sum;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Int64 big-endian")]
    public long Int64Before()
    {
        var b = _data;
        long sum = 0;
        for (var i = 0; i + 8 <= b.Length; i += 8)
        {
            sum += ((long)b[i] << 56) | ((long)b[i + 1] << 48) | ((long)b[i + 2] << 40) | ((long)b[i + 3] << 32) |
                   ((long)b[i + 4] << 24) | ((long)b[i + 5] << 16) | ((long)b[i + 6] << 8) | b[i + 7];
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory("Int64 big-endian")]
    public long Int64After()
    {
        var b = _data;
        long sum = 0;
        for (var i = 0; i + 8 <= b.Length; i += 8)
        {
            sum += BinaryPrimitives.ReadInt64BigEndian(b.AsSpan(i));
        }

        return sum;
    }
}
