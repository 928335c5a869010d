using System.IO;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF003: Before is <c>value.HasFlag(flag)</c>, After is the fix's <c>(value &amp; flag) == flag</c>, over 64 values.
/// On this machine's runtime (.NET Core 2.1+) HasFlag is a JIT intrinsic, so both should be equal: the evidence that
/// the rule is rightly silent on modern targets.
/// </summary>
[MemoryDiagnoser]
public class PERF003AvoidEnumHasFlagBenchmarks
{
    private readonly FileAccess[] _values = new FileAccess[64];

    public PERF003AvoidEnumHasFlagBenchmarks()
    {
        for (var i = 0; i < _values.Length; i++)
        {
            _values[i] = (FileAccess)(i % 4);
        }
    }

    [Benchmark(Baseline = true)]
    public int HasFlagBefore()
    {
        var count = 0;
        foreach (var value in _values)
        {
            if (value.HasFlag(FileAccess.Read))
            {
                count++;
            }
        }

        return count;
    }

    [Benchmark]
    public int HasFlagAfter()
    {
        var count = 0;
        foreach (var value in _values)
        {
            if ((value & FileAccess.Read) == FileAccess.Read)
            {
                count++;
            }
        }

        return count;
    }
}
