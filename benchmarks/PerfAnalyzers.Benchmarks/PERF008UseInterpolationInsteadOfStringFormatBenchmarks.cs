using System;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF008: each Before is a string.Format call with a constant format, each After is what the code fix writes:
/// an interpolated string for value-type arguments (.NET 6+ with C# 10+) — four ints, the .NET 6 post's shape, and four
/// mixed arguments with an alignment and format strings — and string.Concat for strings-only plain placeholders (the
/// post's "{0}/{1}" shape). The arguments are fields so that nothing is constant-folded.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PERF008UseInterpolationInsteadOfStringFormatBenchmarks
{
    private int _major = 6;
    private int _minor = 0;
    private int _build = 100;
    private int _revision = 21380;
    private string _name = "orders";
    private int _count = 42;
    private double _total = 1234.5678;
    private DateTime _date = new DateTime(2021, 8, 17, 13, 5, 9);
    private string _left = "hello";
    private string _right = "world";

    [Benchmark(Baseline = true), BenchmarkCategory("4 ints, the seed shape")]
    public string FourIntsBefore() => string.Format("{0}.{1}.{2}.{3}", _major, _minor, _build, _revision);

    [Benchmark, BenchmarkCategory("4 ints, the seed shape")]
    public string FourIntsAfter() => $"{_major}.{_minor}.{_build}.{_revision}";

    [Benchmark(Baseline = true), BenchmarkCategory("4 mixed, alignment and formats")]
    public string MixedBefore() => string.Format("{0}: {1,4} items, {2:N2} on {3:yyyy-MM-dd}", _name, _count, _total, _date);

    [Benchmark, BenchmarkCategory("4 mixed, alignment and formats")]
    public string MixedAfter() => $"{_name}: {_count,4} items, {_total:N2} on {_date:yyyy-MM-dd}";

    [Benchmark(Baseline = true), BenchmarkCategory("2 strings")]
    public string StringsBefore() => string.Format("{0}/{1}", _left, _right);

    [Benchmark, BenchmarkCategory("2 strings")]
    public string StringsAfter() => string.Concat(_left, "/", _right);
}
