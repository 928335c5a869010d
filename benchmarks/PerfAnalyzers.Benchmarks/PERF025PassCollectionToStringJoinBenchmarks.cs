using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF025: 10 and 1,000 short strings joined from a <c>List&lt;string&gt;</c> or a <c>string[]</c>. Each Before joins a
/// copy made with <c>ToArray()</c>/<c>ToList()</c>, each After the collection as it is (the fix's output where the rule
/// fires). Flagged: <c>Concat(array.ToArray())</c> and <c>Join(list.ToList())</c>. <c>Join(list.ToArray())</c> was to be
/// flagged on .NET 6+ and is not: this pair measured no faster without the copy on .NET 10. The two <c>Unflagged</c>
/// pairs are other shapes the rule leaves alone (<c>Concat</c> over a list's <c>ToArray()</c>, <c>Join</c> over a lazy
/// sequence's <c>ToArray()</c>), where dropping the copy is slower.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory, BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class PERF025PassCollectionToStringJoinBenchmarks
{
    private List<string> _list = new();
    private string[] _array = System.Array.Empty<string>();

    [Params(10, 1000)]
    public int Count { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _list = Enumerable.Range(0, Count).Select(i => "item" + i).ToList();
        _array = _list.ToArray();
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Join(list.ToArray())")]
    public string JoinListBefore()
    {
        var list = _list;
        return string.Join(", ", list.ToArray());
    }

    [Benchmark, BenchmarkCategory("Join(list.ToArray())")]
    public string JoinListAfter()
    {
        var list = _list;
        return string.Join(", ", list);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Join(list.ToList())")]
    public string JoinListToListBefore()
    {
        var list = _list;
        return string.Join(", ", list.ToList());
    }

    [Benchmark, BenchmarkCategory("Join(list.ToList())")]
    public string JoinListToListAfter()
    {
        var list = _list;
        return string.Join(", ", list);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Concat(array.ToArray())")]
    public string ConcatArrayBefore()
    {
        var array = _array;
        return string.Concat(array.ToArray());
    }

    [Benchmark, BenchmarkCategory("Concat(array.ToArray())")]
    public string ConcatArrayAfter()
    {
        var array = _array;
        return string.Concat(array);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Unflagged: Concat(list.ToArray())")]
    public string UnflaggedConcatListBefore()
    {
        var list = _list;
        return string.Concat(list.ToArray());
    }

    [Benchmark, BenchmarkCategory("Unflagged: Concat(list.ToArray())")]
    public string UnflaggedConcatListAfter()
    {
        var list = _list;
        return string.Concat(list);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Unflagged: Join(lazy.ToArray())")]
    public string UnflaggedJoinLazyBefore()
    {
        var lazy = _list.Select(s => s);
        return string.Join(", ", lazy.ToArray());
    }

    [Benchmark, BenchmarkCategory("Unflagged: Join(lazy.ToArray())")]
    public string UnflaggedJoinLazyAfter()
    {
        var lazy = _list.Select(s => s);
        return string.Join(", ", lazy);
    }
}
