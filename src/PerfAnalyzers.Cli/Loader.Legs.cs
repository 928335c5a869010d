using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Cli;

/// <summary>The legs of a loaded project: which target framework each compilation is, and the build properties the rules read.</summary>
public static partial class Loader
{
    /// <summary>
    /// Each project's target framework: the "(net8.0)" MSBuildWorkspace appends to the name of each leg of a
    /// multi-targeted project, else the <c>TargetFramework</c> the SDK passes to analyzers. Each leg then gets the
    /// build properties a build with the package gives its analyzers (<see cref="WithBuildProperties"/>).
    /// </summary>
    private static Loaded WithLegs(Loaded loaded)
    {
        var solution = loaded.Solution;
        var legs = new Dictionary<ProjectId, string>();
        foreach (var id in loaded.Projects)
        {
            var project = solution.GetProject(id)!;
            var suffix = System.Text.RegularExpressions.Regex.Match(project.Name, @"\(([^()]+)\)$");
            legs[id] = suffix.Success ? suffix.Groups[1].Value
                : project.AnalyzerOptions.AnalyzerConfigOptionsProvider.GlobalOptions.TryGetValue(BuildProperties.Key(BuildProperties.TargetFramework), out var value) ? value.Trim()
                : "";
        }

        foreach (var group in loaded.Projects.GroupBy(id => solution.GetProject(id)!.FilePath ?? id.ToString()))
        {
            var monikers = group.Select(id => legs[id]).Where(m => m.Length > 0).Distinct(StringComparer.OrdinalIgnoreCase).ToList();
            foreach (var id in group)
            {
                solution = WithBuildProperties(solution, id, legs[id], monikers.Count > 1 ? monikers : Array.Empty<string>());
            }
        }

        return loaded with { Solution = solution, Legs = legs };
    }

    /// <summary>With <c>--tfm</c>: only the legs of that target framework (one per project that has it).</summary>
    private static Loaded SelectLeg(Loaded loaded, string? moniker, string path, Action<string> progress)
    {
        if (moniker is null)
        {
            return loaded;
        }

        var selected = loaded.Projects.Where(id => string.Equals(loaded.Legs[id], moniker, StringComparison.OrdinalIgnoreCase)).ToList();
        var all = loaded.Legs.Values.Where(m => m.Length > 0).Distinct(StringComparer.OrdinalIgnoreCase).OrderBy(m => m, StringComparer.Ordinal).ToList();
        if (selected.Count == 0)
        {
            throw new UsageException($"{System.IO.Path.GetFileName(path)} does not target {moniker} (its target frameworks: {(all.Count == 0 ? "unknown" : string.Join(", ", all))})");
        }

        foreach (var skipped in loaded.Projects.Select(id => loaded.Solution.GetProject(id)!).Where(p => !selected.Any(id => loaded.Solution.GetProject(id)!.FilePath == p.FilePath)).Select(p => p.FilePath).Distinct())
        {
            progress($"skipping {System.IO.Path.GetFileName(skipped)}: it does not target {moniker}");
        }

        return loaded with { Projects = selected };
    }

    /// <summary>
    /// A global analyzer config that tells the rules the leg's target framework and, for a multi-targeted project, all
    /// its legs (what the package's build/PerfAnalyzers.props passes in a build), so that fixes guard what a leg lacks.
    /// </summary>
    private static Solution WithBuildProperties(Solution solution, ProjectId id, string moniker, IReadOnlyList<string> allLegs)
    {
        if (moniker.Length == 0)
        {
            return solution;
        }

        var project = solution.GetProject(id)!;
        var folder = System.IO.Path.GetDirectoryName(project.FilePath) ?? System.IO.Path.GetTempPath();
        var text = new StringBuilder("is_global = true\nglobal_level = 1000\n")
            .Append(CultureInfo.InvariantCulture, $"{BuildProperties.Key(BuildProperties.TargetFramework)} = {moniker}\n")
            .Append(CultureInfo.InvariantCulture, $"{BuildProperties.Key(BuildProperties.TargetFrameworkIdentifier)} = \n")
            .Append(CultureInfo.InvariantCulture, $"{BuildProperties.Key(BuildProperties.TargetFrameworkVersion)} = \n")
            .Append(CultureInfo.InvariantCulture, $"{BuildProperties.Key(BuildProperties.TargetFrameworks)} = {string.Join(",", allLegs)}\n");
        return solution.AddAnalyzerConfigDocument(DocumentId.CreateNewId(id), "perfanalyzers-legs.globalconfig", SourceText.From(text.ToString()), filePath: System.IO.Path.Combine(folder, "perfanalyzers-legs.globalconfig"));
    }
}
