using System.Text;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF021: 1,000 values appended to a reused StringBuilder. Before is <c>Append(x.ToString())</c> (and
/// <c>Append(x.ToString("F2"))</c>), After is the fix's <c>Append(x)</c> (and <c>Append($"{x:F2}")</c>). Each returns a
/// checksum of the text, so the equivalence test compares what was built; the checksum costs both sides the same.
/// </summary>
[MemoryDiagnoser]
public class PERF021AppendPrimitivesWithoutToStringBenchmarks
{
    private const int Count = 1_000;
    private readonly StringBuilder _builder = new(16 * Count);
    private readonly double[] _doubles = new double[Count];

    public PERF021AppendPrimitivesWithoutToStringBenchmarks()
    {
        for (var i = 0; i < Count; i++)
        {
            _doubles[i] = (i * 7919 % 10007) / 13.0;
        }
    }

    [Benchmark(Baseline = true)]
    public int IntsBefore()
    {
        var sb = _builder.Clear();
        for (var i = 0; i < Count; i++)
        {
            sb.Append(i.ToString()).Append(',');
        }

        return Checksum(sb);
    }

    [Benchmark]
    public int IntsAfter()
    {
        var sb = _builder.Clear();
        for (var i = 0; i < Count; i++)
        {
            sb.Append(i).Append(',');
        }

        return Checksum(sb);
    }

    [Benchmark]
    public int DoublesBefore()
    {
        var sb = _builder.Clear();
        foreach (var d in _doubles)
        {
            sb.Append(d.ToString()).Append(',');
        }

        return Checksum(sb);
    }

    [Benchmark]
    public int DoublesAfter()
    {
        var sb = _builder.Clear();
        foreach (var d in _doubles)
        {
            sb.Append(d).Append(',');
        }

        return Checksum(sb);
    }

    [Benchmark]
    public int FormattedBefore()
    {
        var sb = _builder.Clear();
        foreach (var d in _doubles)
        {
            sb.Append(d.ToString("F2")).Append(',');
        }

        return Checksum(sb);
    }

    [Benchmark]
    public int FormattedAfter()
    {
        var sb = _builder.Clear();
        foreach (var d in _doubles)
        {
            sb.Append($"{d:F2}").Append(',');
        }

        return Checksum(sb);
    }

    private static int Checksum(StringBuilder sb)
    {
        var hash = sb.Length;
        foreach (var chunk in sb.GetChunks())
        {
            foreach (var c in chunk.Span)
            {
                hash = (hash * 31) + c;
            }
        }

        return hash;
    }
}
