using System.Collections.Generic;

namespace Cases
{
    public static class PERF019Cases
    {
        // A counter: GetValueRefOrAddDefault on .NET 6+; the netstandard2.0 leg leaves the finding to the net10.0 one,
        // whose fix keeps this code behind #if for it.
        public static void Count(Dictionary<string, int> counts, string word)
        {
            counts[word] = counts.TryGetValue(word, out var n) ? n + 1 : 1; //~ PERF019[net10.0]
        }

        // ContainsKey, a read and a write.
        public static void Scale(Dictionary<string, double> totals, string key, double factor)
        {
            if (totals.ContainsKey(key)) totals[key] *= factor; else totals[key] = factor; //~ PERF019[net10.0]
        }

        // A tuple value: its elements read the old value's fields and parameters only (issue #34).
        public static void Stats(Dictionary<string, (int Count, long Sum)> stats, string key, long value)
        {
            stats[key] = stats.TryGetValue(key, out var s) ? (s.Count + 1, s.Sum + value) : (1, value); //~ PERF019[net10.0]
        }

        // Must not flag: an update without else (the key may stay absent), a read only (CA1854's), one lookup when present.
        public static void Bump(Dictionary<string, int> counts, string word)
        {
            if (counts.ContainsKey(word)) counts[word] += 1;
        }

        public static int Read(Dictionary<string, int> counts, string word) => counts.ContainsKey(word) ? counts[word] : 0;

        public static void Group(Dictionary<int, List<string>> groups, int key, string item)
        {
            if (!groups.TryGetValue(key, out var list))
            {
                list = new List<string>();
                groups[key] = list;
            }

            list.Add(item);
        }
    }
}
