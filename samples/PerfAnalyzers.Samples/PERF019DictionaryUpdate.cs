using System.Collections.Generic;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF019: TryGetValue, then the indexer's set, hash the word and search its bucket twice per word;
/// CollectionsMarshal.GetValueRefOrAddDefault finds or adds the entry once and the count goes up in place (.NET 6+).
/// </summary>
public static class PERF019DictionaryUpdate
{
    public static Dictionary<string, int> CountWords(IEnumerable<string> words)
    {
        var counts = new Dictionary<string, int>();
        foreach (var word in words)
        {
            counts[word] = counts.TryGetValue(word, out var count) ? count + 1 : 1;
        }

        return counts;
    }
}
