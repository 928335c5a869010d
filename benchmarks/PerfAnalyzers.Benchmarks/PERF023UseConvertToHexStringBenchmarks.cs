using System;
using System.Linq;
using System.Text;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF023: the hex text of 16 and 256 random bytes. Each Before is the flagged code (a loop appending
/// <c>b.ToString("X2")</c>/<c>("x2")</c> to a builder, or <c>string.Concat</c> of a <c>Select</c>), each After the fix's
/// output: <c>Convert.ToHexString</c> for uppercase, <c>Convert.ToHexStringLower</c> for lowercase on .NET 9+, and
/// <c>Convert.ToHexString(bytes).ToLowerInvariant()</c>, the lowercase fix for .NET 5-8 (measured here on .NET 10). A builder
/// that held nothing but the loop's appends goes with the loop: the fix returns the call itself.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory, BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class PERF023UseConvertToHexStringBenchmarks
{
    private byte[] _bytes = Array.Empty<byte>();

    [Params(16, 256)]
    public int Count { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _bytes = new byte[Count];
        new Random(42).NextBytes(_bytes);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Loop X2")]
    public string UpperLoopBefore()
    {
        var bytes = _bytes;
        var sb = new StringBuilder();
        foreach (var b in bytes)
        {
            sb.Append(b.ToString("X2"));
        }

        return sb.ToString();
    }

    [Benchmark, BenchmarkCategory("Loop X2")]
    public string UpperLoopAfter()
    {
        var bytes = _bytes;
        return Convert.ToHexString(bytes);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Loop x2 (.NET 9+ fix)")]
    public string LowerLoopBefore()
    {
        var bytes = _bytes;
        var sb = new StringBuilder();
        for (int i = 0; i < bytes.Length; i++)
        {
            sb.Append(bytes[i].ToString("x2"));
        }

        return sb.ToString();
    }

    [Benchmark, BenchmarkCategory("Loop x2 (.NET 9+ fix)")]
    public string LowerLoopAfter()
    {
        var bytes = _bytes;
        return Convert.ToHexStringLower(bytes);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Loop x2 (.NET 5-8 fix)")]
    public string LowerInvariantLoopBefore()
    {
        var bytes = _bytes;
        var sb = new StringBuilder();
        for (int i = 0; i < bytes.Length; i++)
        {
            sb.Append(bytes[i].ToString("x2"));
        }

        return sb.ToString();
    }

    [Benchmark, BenchmarkCategory("Loop x2 (.NET 5-8 fix)")]
    public string LowerInvariantLoopAfter()
    {
        var bytes = _bytes;
        return Convert.ToHexString(bytes).ToLowerInvariant();
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Concat(Select(X2))")]
    public string ConcatBefore()
    {
        var bytes = _bytes;
        return string.Concat(bytes.Select(b => b.ToString("X2")));
    }

    [Benchmark, BenchmarkCategory("Concat(Select(X2))")]
    public string ConcatAfter()
    {
        var bytes = _bytes;
        return Convert.ToHexString(bytes);
    }
}
