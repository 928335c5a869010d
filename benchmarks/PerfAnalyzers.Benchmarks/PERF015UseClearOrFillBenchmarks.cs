using System;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF015: each Before is a flagged shape (a store loop over the whole array, or <c>Array.Clear(a, 0, a.Length)</c>),
/// each After is the statement the code fix writes. 16 and 4096 elements of byte and int.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory, BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class PERF015UseClearOrFillBenchmarks
{
    private byte[] _bytes = Array.Empty<byte>();
    private int[] _ints = Array.Empty<int>();
    private int _value = 42;

    [Params(16, 4096)]
    public int Length { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _bytes = new byte[Length];
        _ints = new int[Length];
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Fill byte[]")]
    public byte[] FillBytesBefore()
    {
        var a = _bytes;
        for (int i = 0; i < a.Length; i++)
        {
            a[i] = 0xFF;
        }

        return a;
    }

    [Benchmark, BenchmarkCategory("Fill byte[]")]
    public byte[] FillBytesAfter()
    {
        var a = _bytes;
        Array.Fill<byte>(a, 0xFF);
        return a;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Fill int[]")]
    public int[] FillIntsBefore()
    {
        var a = _ints;
        var v = _value;
        for (int i = 0; i < a.Length; i++)
        {
            a[i] = v;
        }

        return a;
    }

    [Benchmark, BenchmarkCategory("Fill int[]")]
    public int[] FillIntsAfter()
    {
        var a = _ints;
        var v = _value;
        Array.Fill(a, v);
        return a;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Zero int[]")]
    public int[] ZeroIntsBefore()
    {
        var a = _ints;
        for (int i = 0; i < a.Length; i++)
        {
            a[i] = 0;
        }

        return a;
    }

    [Benchmark, BenchmarkCategory("Zero int[]")]
    public int[] ZeroIntsAfter()
    {
        var a = _ints;
        Array.Clear(a);
        return a;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Array.Clear byte[]")]
    public byte[] ClearBytesBefore()
    {
        var a = _bytes;
        Array.Clear(a, 0, a.Length);
        return a;
    }

    [Benchmark, BenchmarkCategory("Array.Clear byte[]")]
    public byte[] ClearBytesAfter()
    {
        var a = _bytes;
        Array.Clear(a);
        return a;
    }
}
