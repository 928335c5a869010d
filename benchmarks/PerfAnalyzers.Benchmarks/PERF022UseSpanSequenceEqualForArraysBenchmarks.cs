using System;
using System.Linq;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF022: two equal arrays, 100 bytes and 1,000 ints. Before is <c>Enumerable.SequenceEqual(a, b)</c> (named, so that
/// C# 14 does not bind the extension form to the span overload), After is the fix's <c>a.AsSpan().SequenceEqual(b)</c>.
/// The rule fires only before .NET 6; this machine runs .NET 10, where Enumerable.SequenceEqual takes the span path for
/// arrays itself, so the table shows what is left of the difference there.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PERF022UseSpanSequenceEqualForArraysBenchmarks
{
    private readonly byte[] _bytes = Enumerable.Range(0, 100).Select(i => (byte)(i * 7)).ToArray();
    private readonly byte[] _sameBytes = Enumerable.Range(0, 100).Select(i => (byte)(i * 7)).ToArray();
    private readonly int[] _ints = Enumerable.Range(0, 1_000).Select(i => i * 31).ToArray();
    private readonly int[] _sameInts = Enumerable.Range(0, 1_000).Select(i => i * 31).ToArray();

    [Benchmark(Baseline = true), BenchmarkCategory("100 bytes")]
    public bool BytesBefore() => Enumerable.SequenceEqual(_bytes, _sameBytes);

    [Benchmark, BenchmarkCategory("100 bytes")]
    public bool BytesAfter() => _bytes.AsSpan().SequenceEqual(_sameBytes);

    [Benchmark(Baseline = true), BenchmarkCategory("1,000 ints")]
    public bool IntsBefore() => Enumerable.SequenceEqual(_ints, _sameInts);

    [Benchmark, BenchmarkCategory("1,000 ints")]
    public bool IntsAfter() => _ints.AsSpan().SequenceEqual(_sameInts);
}
