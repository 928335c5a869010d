using System;
using System.Globalization;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// Runs a rule's benchmark class and rewrites the measured table in its doc page, between
/// <c>&lt;!-- benchmark:start --&gt;</c> and <c>&lt;!-- benchmark:end --&gt;</c>, with BenchmarkDotNet's environment lines
/// (runtime, OS, CPU) and the date. Tables are never typed by hand.
/// </summary>
public static class DocTables
{
    public const string StartMarker = "<!-- benchmark:start -->";
    public const string EndMarker = "<!-- benchmark:end -->";

    public static int Update(string[] ruleIds)
    {
        if (ruleIds.Length == 0)
        {
            Console.Error.WriteLine("usage: --update-docs PERF001 [PERF002 ...] [ProfileReading]");
            return 2;
        }

        var docs = FindDocsDirectory();
        if (docs is null)
        {
            Console.Error.WriteLine("error: cannot find docs/rules above the current directory; run from the repository.");
            return 2;
        }

        foreach (var id in ruleIds)
        {
            // A rule's benchmark writes its page; ProfileReading (what reading a profile costs) writes docs/profiles.md.
            var type = id == nameof(Profiles.ProfileReading)
                ? typeof(Profiles.ProfileReading)
                : typeof(Program).Assembly.GetTypes().FirstOrDefault(t => t.Name.StartsWith(id, StringComparison.Ordinal) && t.Name.EndsWith("Benchmarks", StringComparison.Ordinal));
            if (type is null)
            {
                Console.Error.WriteLine($"error: no benchmark class named {id}*Benchmarks.");
                return 2;
            }

            var summary = BenchmarkRunner.Run(type, CreateConfig());
            var report = Directory.GetFiles(summary.ResultsDirectoryPath, "*" + type.Name + "-report-github.md").FirstOrDefault();
            if (report is null || summary.Reports.Any(r => !r.Success))
            {
                Console.Error.WriteLine($"error: the {id} benchmark did not produce a complete report.");
                return 1;
            }

            var page = type == typeof(Profiles.ProfileReading) ? Path.Combine(docs, "..", "profiles.md") : Path.Combine(docs, id + ".md");
            var block = "Measured " + DateTime.UtcNow.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture) +
                        " by `dotnet run -c Release --project benchmarks/PerfAnalyzers.Benchmarks -- --update-docs " + id + "`:\n" +
                        File.ReadAllText(report).Trim() + "\n";
            if (!Replace(page, block))
            {
                return 1;
            }

            Console.WriteLine($"updated {page}");
        }

        return 0;
    }

    /// <summary>Enough iterations for stable medians on a small, noisy machine, in well under a minute per method.</summary>
    public static IConfig CreateConfig() =>
        ManualConfig.Create(DefaultConfig.Instance)
            .AddJob(Job.Default.WithLaunchCount(1).WithWarmupCount(4).WithIterationCount(15).WithId("Doc"))
            .AddColumn(StatisticColumn.Median)
            .AddExporter(MarkdownExporter.GitHub)
            .WithOptions(ConfigOptions.JoinSummary | ConfigOptions.DisableLogFile);

    public static bool Replace(string page, string block)
    {
        if (!File.Exists(page))
        {
            Console.Error.WriteLine($"error: {page} does not exist.");
            return false;
        }

        var text = File.ReadAllText(page);
        var start = text.IndexOf(StartMarker, StringComparison.Ordinal);
        var end = text.IndexOf(EndMarker, StringComparison.Ordinal);
        if (start < 0 || end < start)
        {
            Console.Error.WriteLine($"error: {page} has no {StartMarker} ... {EndMarker} section.");
            return false;
        }

        text = text.Substring(0, start + StartMarker.Length) + "\n" + block + text.Substring(end);
        File.WriteAllText(page, text);
        return true;
    }

    private static string? FindDocsDirectory()
    {
        for (var dir = new DirectoryInfo(Directory.GetCurrentDirectory()); dir is not null; dir = dir.Parent)
        {
            var candidate = Path.Combine(dir.FullName, "docs", "rules");
            if (Directory.Exists(candidate))
            {
                return candidate;
            }
        }

        return null;
    }
}
