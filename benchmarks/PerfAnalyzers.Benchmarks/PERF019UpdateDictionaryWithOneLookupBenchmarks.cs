using System.Collections.Generic;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF019: counting 10,000 words with 1,000 distinct into a reused dictionary (the rule card's shape). Before is the
/// flagged update — <c>TryGetValue</c> then the indexer's set; <c>ContainsKey</c> then <c>+=</c> (a read and a set) —,
/// After the fix's <c>CollectionsMarshal.GetValueRefOrAddDefault(counts, word, out _)++</c>; OldTarget* is the form
/// written where that API is missing (<c>ContainsKey</c> + <c>+=</c> → <c>TryGetValue</c> + one set). Each returns a
/// checksum of the counts, so the equivalence test compares what was counted.
/// </summary>
[MemoryDiagnoser]
public class PERF019UpdateDictionaryWithOneLookupBenchmarks
{
    private readonly string[] _words = new string[10_000];
    private readonly Dictionary<string, int> _counts = new(1_000);

    public PERF019UpdateDictionaryWithOneLookupBenchmarks()
    {
        for (var i = 0; i < _words.Length; i++)
        {
            _words[i] = "word" + (i * 7919 % 1_000);
        }
    }

    [Benchmark(Baseline = true)]
    public int TryGetValueBefore()
    {
        var counts = Reset();
        foreach (var word in _words)
        {
            counts[word] = counts.TryGetValue(word, out var count) ? count + 1 : 1;
        }

        return Checksum(counts);
    }

    [Benchmark]
    public int TryGetValueAfter()
    {
        var counts = Reset();
        foreach (var word in _words)
        {
            CollectionsMarshal.GetValueRefOrAddDefault(counts, word, out _)++;
        }

        return Checksum(counts);
    }

    [Benchmark]
    public int ContainsKeyBefore()
    {
        var counts = Reset();
        foreach (var word in _words)
        {
            if (counts.ContainsKey(word))
            {
                counts[word] += 1;
            }
            else
            {
                counts[word] = 1;
            }
        }

        return Checksum(counts);
    }

    [Benchmark]
    public int ContainsKeyAfter()
    {
        var counts = Reset();
        foreach (var word in _words)
        {
            CollectionsMarshal.GetValueRefOrAddDefault(counts, word, out _) += 1;
        }

        return Checksum(counts);
    }

    [Benchmark]
    public int OldTargetBefore() => ContainsKeyBefore();

    [Benchmark]
    public int OldTargetAfter()
    {
        var counts = Reset();
        foreach (var word in _words)
        {
            if (counts.TryGetValue(word, out var value))
            {
                counts[word] = value + 1;
            }
            else
            {
                counts[word] = 1;
            }
        }

        return Checksum(counts);
    }

    private Dictionary<string, int> Reset()
    {
        _counts.Clear();
        return _counts;
    }

    private static int Checksum(Dictionary<string, int> counts)
    {
        var sum = counts.Count;
        foreach (var pair in counts)
        {
            sum = unchecked((sum * 31) + (pair.Value * pair.Key.Length));
        }

        return sum;
    }
}
