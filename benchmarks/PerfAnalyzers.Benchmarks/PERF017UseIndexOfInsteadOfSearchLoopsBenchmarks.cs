using System;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF017: the value is the last element, so the whole input is searched (the seed's LoopBytes shape). Before is the
/// hand-written loop, After the fix's <c>Array.IndexOf</c> (bytes) and <c>string.IndexOf(char)</c>.
/// </summary>
[MemoryDiagnoser]
public class PERF017UseIndexOfInsteadOfSearchLoopsBenchmarks
{
    private byte[] _bytes = Array.Empty<byte>();
    private string _text = string.Empty;

    [Params(16, 4096)]
    public int Length { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _bytes = new byte[Length];
        _bytes[Length - 1] = 42;
        _text = new string('a', Length - 1) + ";";
    }

    [Benchmark(Baseline = true)]
    public int BytesBefore()
    {
        var buffer = _bytes;
        for (int i = 0; i < buffer.Length; i++)
        {
            if (buffer[i] == 42)
            {
                return i;
            }
        }

        return -1;
    }

    [Benchmark]
    public int BytesAfter() => Array.IndexOf(_bytes, (byte)42);

    [Benchmark]
    public int CharsBefore()
    {
        var text = _text;
        for (int i = 0; i < text.Length; i++)
        {
            if (text[i] == ';')
            {
                return i;
            }
        }

        return -1;
    }

    [Benchmark]
    public int CharsAfter() => _text.IndexOf(';');
}
