using System;
using System.Collections.Generic;
using System.IO;

namespace PerfAnalyzers.Cli;

/// <summary><c>perfanalyzers rule-lists [--check] [--root &lt;repository&gt;]</c>: writes (or checks) every list of rules from the entries (<see cref="RuleLists"/>).</summary>
public static class RuleListsCommand
{
    public const string Usage =
        "perfanalyzers rule-lists [--check] [--root <repository>]\n" +
        "  For contributors: writes the README's rule and option tables, the release-tracking file, the samples'\n" +
        "  .editorconfig and each rule page's header from the rule entries (src/PerfAnalyzers/Rules.*.cs).\n" +
        "  --check   change nothing; exit 1 and name each file that differs (CI)\n" +
        "  --root    the repository (default: the nearest folder above the current one holding PerfAnalyzers.sln)";

    public static int Run(IReadOnlyList<string> args)
    {
        var check = false;
        string? root = null;
        for (var i = 0; i < args.Count; i++)
        {
            switch (args[i])
            {
                case "--check":
                    check = true;
                    break;
                case "--root" when i + 1 < args.Count:
                    root = args[++i];
                    break;
                default:
                    throw new UsageException($"rule-lists: unknown argument '{args[i]}'\n{Usage}");
            }
        }

        root ??= FindRoot(Directory.GetCurrentDirectory()) ?? throw new UsageException("rule-lists: no PerfAnalyzers.sln in this folder or above it; pass --root <repository>");
        var differing = 0;
        foreach (var (path, content) in RuleLists.Generate(root))
        {
            var full = Path.Combine(root, path);
            var current = File.ReadAllText(full);
            var line = RuleLists.FirstDifference(current, content);
            if (line == 0)
            {
                continue;
            }

            differing++;
            if (check)
            {
                Console.WriteLine($"{path}:{line}: differs from the rule entries");
            }
            else
            {
                File.WriteAllText(full, content);
                Console.WriteLine($"wrote {path}");
            }
        }

        if (check && differing > 0)
        {
            Console.WriteLine($"{differing} file(s) differ from the rule entries: run 'dotnet run --project src/PerfAnalyzers.Cli -- rule-lists' and commit the result");
            return 1;
        }

        Console.WriteLine(differing == 0 ? "every list matches the rule entries" : $"{differing} file(s) written");
        return 0;
    }

    private static string? FindRoot(string folder)
    {
        for (var current = new DirectoryInfo(folder); current is not null; current = current.Parent)
        {
            if (File.Exists(Path.Combine(current.FullName, "PerfAnalyzers.sln")))
            {
                return current.FullName;
            }
        }

        return null;
    }
}
