using System;
using System.Text;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF001: each Before is the flagged shape, each After is exactly what the code fix writes.
/// Categories pair them: parse an int from the middle of a line, append a piece to a builder, compare a piece
/// ordinally, and concatenate pieces.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PERF001UseAsSpanInsteadOfSubstringBenchmarks
{
    private readonly string _line = "2026-11-22T10:53:25 level=4 code=404 path=/api/orders/12345";
    private readonly StringBuilder _builder = new(256);

    [Benchmark(Baseline = true), BenchmarkCategory("Parse")]
    public int ParseBefore() => int.Parse(_line.Substring(33, 3));

    [Benchmark, BenchmarkCategory("Parse")]
    public int ParseAfter() => int.Parse(_line.AsSpan(33, 3));

    [Benchmark(Baseline = true), BenchmarkCategory("Append")]
    public StringBuilder AppendBefore()
    {
        _builder.Clear();
        _builder.Append(_line.Substring(42, 17));
        return _builder;
    }

    [Benchmark, BenchmarkCategory("Append")]
    public StringBuilder AppendAfter()
    {
        _builder.Clear();
        _builder.Append(_line, 42, 17);
        return _builder;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Equals")]
    public bool EqualsBefore() => _line.Substring(20, 7) == "level=4";

    [Benchmark, BenchmarkCategory("Equals")]
    public bool EqualsAfter() => _line.AsSpan(20, 7).SequenceEqual("level=4");

    [Benchmark(Baseline = true), BenchmarkCategory("Concat")]
    public string ConcatBefore() => _line.Substring(0, 10) + " " + _line.Substring(42);

    [Benchmark, BenchmarkCategory("Concat")]
    public string ConcatAfter() => string.Concat(_line.AsSpan(0, 10), " ", _line.AsSpan(42));
}
