using System;
using System.Collections.Generic;

namespace PerfAnalyzers.Samples.Profiled;

/// <summary>Reads a header once, then sums the fields of many records: the same PERF001 finding, cold and hot.</summary>
public static class Program
{
    public static int Main(string[] args)
    {
        var records = args.Length > 0 && int.TryParse(args[0], out var n) ? n : 3_000_000;
        var version = Records.ReadVersion("v12;csv");
        long total = 0;
        for (var i = 0; i < records; i++)
        {
            total += Records.SumFields("12,345,6789,10");
        }

        // Compiler-generated code the profile folds back into its member: a lambda (counts for Main), a generic method
        // instantiated over int (counts for its definition), a local function (counts for Weigh).
        var weights = new List<int>();
        for (var i = 0; i < 1_000; i++)
        {
            weights.Add(i);
        }

        for (var i = 0; i < records / 1_000; i++)
        {
            total += Records.Total(weights, w => (w * 31) % 7) + Records.Weigh(weights);
        }

        Console.WriteLine($"version {version}, total {total}");
        return 0;
    }
}

public static class Records
{
    /// <summary>Runs once per file: PERF001 here is correct but cold.</summary>
    public static int ReadVersion(string header) => int.Parse(header.Substring(1, 2));

    /// <summary>Runs per record: PERF001 here is hot.</summary>
    public static int SumFields(string line)
    {
        var total = 0;
        var start = 0;
        while (start < line.Length)
        {
            var comma = line.IndexOf(',', start);
            var end = comma < 0 ? line.Length : comma;
            total += int.Parse(line.Substring(start, end - start));
            start = end + 1;
        }

        return total;
    }

    public static long Total<T>(IReadOnlyList<T> items, Func<T, long> weight)
    {
        long total = 0;
        for (var i = 0; i < items.Count; i++)
        {
            total += weight(items[i]);
        }

        return total;
    }

    public static long Weigh(IReadOnlyList<int> items)
    {
        long total = 0;
        for (var i = 0; i < items.Count; i++)
        {
            total += Square(items[i]);
        }

        return total;

        static long Square(int value) => (long)value * value % 11;
    }
}
