using System;
using System.Buffers.Binary;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF014: Before is the hand-written byte-order code, After the fix's BinaryPrimitives call: reads and writes of every
/// aligned big-endian Int32 / Int64 of a 64-byte buffer (summed, or checksummed after writing), and byte swaps of 16
/// values by shifts and masks or through BitConverter and Array.Reverse.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PERF014UseBinaryPrimitivesBenchmarks
{
    private readonly byte[] _data = new byte[64];
    private readonly byte[] _output = new byte[64];
    private readonly uint[] _values = new uint[16];

    public PERF014UseBinaryPrimitivesBenchmarks()
    {
        for (var i = 0; i < _data.Length; i++)
        {
            _data[i] = (byte)(i * 37 + 0x80);
        }

        for (var i = 0; i < _values.Length; i++)
        {
            _values[i] = (uint)(i * 0x9E3779B9);
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

    [Benchmark(Baseline = true), BenchmarkCategory("Write Int32 big-endian")]
    public long WriteInt32Before()
    {
        var b = _output;
        for (var i = 0; i + 4 <= b.Length; i += 4)
        {
            var v = i * 0x01020304 - 0x7F000000;
            b[i] = (byte)(v >> 24);
            b[i + 1] = (byte)(v >> 16);
            b[i + 2] = (byte)(v >> 8);
            b[i + 3] = (byte)v;
        }

        return Checksum(b);
    }

    [Benchmark, BenchmarkCategory("Write Int32 big-endian")]
    public long WriteInt32After()
    {
        var b = _output;
        for (var i = 0; i + 4 <= b.Length; i += 4)
        {
            var v = i * 0x01020304 - 0x7F000000;
            BinaryPrimitives.WriteInt32BigEndian(b.AsSpan(i), v);
        }

        return Checksum(b);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Write Int64 big-endian")]
    public long WriteInt64Before()
    {
        var b = _output;
        for (var i = 0; i + 8 <= b.Length; i += 8)
        {
            var v = i * 0x0102030405060708L - 0x7F00000000000000L;
            b[i] = (byte)(v >> 56);
            b[i + 1] = (byte)(v >> 48);
            b[i + 2] = (byte)(v >> 40);
            b[i + 3] = (byte)(v >> 32);
            b[i + 4] = (byte)(v >> 24);
            b[i + 5] = (byte)(v >> 16);
            b[i + 6] = (byte)(v >> 8);
            b[i + 7] = (byte)v;
        }

        return Checksum(b);
    }

    [Benchmark, BenchmarkCategory("Write Int64 big-endian")]
    public long WriteInt64After()
    {
        var b = _output;
        for (var i = 0; i + 8 <= b.Length; i += 8)
        {
            var v = i * 0x0102030405060708L - 0x7F00000000000000L;
            BinaryPrimitives.WriteInt64BigEndian(b.AsSpan(i), v);
        }

        return Checksum(b);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Swap UInt32")]
    public uint SwapBefore()
    {
        uint sum = 0;
        foreach (var x in _values)
        {
            sum += (x >> 24) | ((x >> 8) & 0xFF00) | ((x << 8) & 0xFF0000) | (x << 24);
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory("Swap UInt32")]
    public uint SwapAfter()
    {
        uint sum = 0;
        foreach (var x in _values)
        {
            sum += BinaryPrimitives.ReverseEndianness(x);
        }

        return sum;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Swap via BitConverter")]
    public int BitConverterBefore()
    {
        var sum = 0;
        foreach (var x in _values)
        {
            var v = (int)x;
            var bytes = BitConverter.GetBytes(v);
            Array.Reverse(bytes);
            sum += BitConverter.ToInt32(bytes, 0);
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory("Swap via BitConverter")]
    public int BitConverterAfter()
    {
        var sum = 0;
        foreach (var x in _values)
        {
            var v = (int)x;
            sum += BinaryPrimitives.ReverseEndianness(v);
        }

        return sum;
    }

    /// <summary>A position-weighted sum of the written bytes, so that the equivalence test compares what was written.</summary>
    private static long Checksum(byte[] b)
    {
        long sum = 0;
        for (var i = 0; i < b.Length; i++)
        {
            sum += (i + 1) * b[i];
        }

        return sum;
    }
}
