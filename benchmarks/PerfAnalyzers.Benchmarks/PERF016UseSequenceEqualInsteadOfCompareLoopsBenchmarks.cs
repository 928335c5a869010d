using System;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF016: equal inputs (the worst case: every element is compared), 16 and 4096 elements of byte and int. Before is
/// the length check and the loop, After the fix's <c>a.AsSpan().SequenceEqual(b)</c>.
/// </summary>
[MemoryDiagnoser]
public class PERF016UseSequenceEqualInsteadOfCompareLoopsBenchmarks
{
    private byte[] _bytesA = Array.Empty<byte>();
    private byte[] _bytesB = Array.Empty<byte>();
    private int[] _intsA = Array.Empty<int>();
    private int[] _intsB = Array.Empty<int>();

    [Params(16, 4096)]
    public int Length { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _bytesA = new byte[Length];
        new Random(16).NextBytes(_bytesA);
        _bytesB = (byte[])_bytesA.Clone();
        _intsA = Array.ConvertAll(_bytesA, b => b * 7919);
        _intsB = (int[])_intsA.Clone();
    }

    [Benchmark(Baseline = true)]
    public bool BytesBefore() => Loop(_bytesA, _bytesB);

    [Benchmark]
    public bool BytesAfter() => _bytesA.AsSpan().SequenceEqual(_bytesB);

    [Benchmark]
    public bool IntsBefore() => Loop(_intsA, _intsB);

    [Benchmark]
    public bool IntsAfter() => _intsA.AsSpan().SequenceEqual(_intsB);

    private static bool Loop(byte[] a, byte[] b)
    {
        if (a.Length != b.Length)
        {
            return false;
        }

        for (int i = 0; i < a.Length; i++)
        {
            if (a[i] != b[i])
            {
                return false;
            }
        }

        return true;
    }

    private static bool Loop(int[] a, int[] b)
    {
        if (a.Length != b.Length)
        {
            return false;
        }

        for (int i = 0; i < a.Length; i++)
        {
            if (a[i] != b[i])
            {
                return false;
            }
        }

        return true;
    }
}
