using System;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF005: Before is the three-argument <c>Array.Copy(source, destination, length)</c>, After is the fix's
/// <c>Array.Copy(source, 0, destination, 0, length)</c>, and SpanCopyTo is <c>source.AsSpan(0, length).CopyTo(destination)</c>,
/// for 16 and 4096 ints. The rule's boundary (.NET 5) is decided by what this shows on this machine's runtime.
/// </summary>
[MemoryDiagnoser]
public class PERF005PassLowerBoundsToArrayCopyBenchmarks
{
    private int[] _source = Array.Empty<int>();
    private int[] _destination = Array.Empty<int>();

    [Params(16, 4096)]
    public int Length { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _source = new int[Length];
        _destination = new int[Length];
        for (var i = 0; i < Length; i++)
        {
            _source[i] = i;
        }
    }

    [Benchmark(Baseline = true)]
    public int[] CopyBefore()
    {
        Array.Copy(_source, _destination, Length);
        return _destination;
    }

    [Benchmark]
    public int[] CopyAfter()
    {
        Array.Copy(_source, 0, _destination, 0, Length);
        return _destination;
    }

    [Benchmark]
    public int[] SpanCopyTo()
    {
        _source.AsSpan(0, Length).CopyTo(_destination);
        return _destination;
    }
}
