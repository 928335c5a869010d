using System;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF009: each Before is a <c>typeof(E)</c> form of an Enum API, each After is the generic call the code fix writes.
/// The value is a field so that neither form is constant-folded.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PERF009UseGenericEnumApisBenchmarks
{
    private DayOfWeek _value = DayOfWeek.Friday;
    private string _text = "Friday";

    [Benchmark(Baseline = true), BenchmarkCategory("IsDefined")]
    public bool IsDefinedBefore() => Enum.IsDefined(typeof(DayOfWeek), _value);

    [Benchmark, BenchmarkCategory("IsDefined")]
    public bool IsDefinedAfter() => Enum.IsDefined(_value);

    [Benchmark(Baseline = true), BenchmarkCategory("GetName")]
    public string? GetNameBefore() => Enum.GetName(typeof(DayOfWeek), _value);

    [Benchmark, BenchmarkCategory("GetName")]
    public string? GetNameAfter() => Enum.GetName(_value);

    [Benchmark(Baseline = true), BenchmarkCategory("GetNames")]
    public string[] GetNamesBefore() => Enum.GetNames(typeof(DayOfWeek));

    [Benchmark, BenchmarkCategory("GetNames")]
    public string[] GetNamesAfter() => Enum.GetNames<DayOfWeek>();

    [Benchmark(Baseline = true), BenchmarkCategory("GetValues")]
    public DayOfWeek[] GetValuesBefore() => (DayOfWeek[])Enum.GetValues(typeof(DayOfWeek));

    [Benchmark, BenchmarkCategory("GetValues")]
    public DayOfWeek[] GetValuesAfter() => Enum.GetValues<DayOfWeek>();

    [Benchmark(Baseline = true), BenchmarkCategory("Parse")]
    public DayOfWeek ParseBefore() => (DayOfWeek)Enum.Parse(typeof(DayOfWeek), _text);

    [Benchmark, BenchmarkCategory("Parse")]
    public DayOfWeek ParseAfter() => Enum.Parse<DayOfWeek>(_text);
}
