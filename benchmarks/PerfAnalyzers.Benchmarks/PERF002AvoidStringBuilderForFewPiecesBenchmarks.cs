using System.Text;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF002: each Before joins a few pieces with a throwaway StringBuilder, each After is what the code fix writes
/// (string.Concat for strings, an interpolated string when an int is among the pieces, as on .NET 6+ with C# 10+, and
/// string.Concat with ToString(), the form written for older targets and C# versions).
/// The pieces are fields so that nothing is constant-folded.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PERF002AvoidStringBuilderForFewPiecesBenchmarks
{
    private string _scheme = "https";
    private string _host = "example.org";
    private string _path = "/index.html";
    private string _query = "?q=1";
    private int _port = 8443;

    [Benchmark(Baseline = true), BenchmarkCategory("2 strings")]
    public string TwoStringsBefore() => new StringBuilder().Append(_scheme).Append(_host).ToString();

    [Benchmark, BenchmarkCategory("2 strings")]
    public string TwoStringsAfter() => string.Concat(_scheme, _host);

    [Benchmark(Baseline = true), BenchmarkCategory("3 strings")]
    public string ThreeStringsBefore() => new StringBuilder().Append(_scheme).Append(_host).Append(_path).ToString();

    [Benchmark, BenchmarkCategory("3 strings")]
    public string ThreeStringsAfter() => string.Concat(_scheme, _host, _path);

    [Benchmark(Baseline = true), BenchmarkCategory("4 strings")]
    public string FourStringsBefore()
    {
        var sb = new StringBuilder();
        sb.Append(_scheme);
        sb.Append(_host);
        sb.Append(_path);
        sb.Append(_query);
        return sb.ToString();
    }

    [Benchmark, BenchmarkCategory("4 strings")]
    public string FourStringsAfter() => string.Concat(_scheme, _host, _path, _query);

    [Benchmark(Baseline = true), BenchmarkCategory("3 pieces with an int")]
    public string WithIntBefore() => new StringBuilder().Append(_host).Append(':').Append(_port).ToString();

    [Benchmark, BenchmarkCategory("3 pieces with an int")]
    public string WithIntAfter() => $"{_host}:{_port}";

    [Benchmark(Baseline = true), BenchmarkCategory("3 pieces with an int, pre-.NET 6 form")]
    public string WithIntConcatBefore() => new StringBuilder().Append(_host).Append(':').Append(_port).ToString();

    [Benchmark, BenchmarkCategory("3 pieces with an int, pre-.NET 6 form")]
    public string WithIntConcatAfter() => string.Concat(_host, ":", _port.ToString());
}
