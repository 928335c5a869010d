using System;

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
}
