using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Cli.Profiles;

/// <summary>
/// <c>scan --profile</c>: hands the profile to the analyzers the way a build does (an additional file named by
/// <c>build_property.PerfAnalyzersProfile</c>, and the mode and threshold as the properties that decide over any
/// <c>.editorconfig</c>), so that the CLI, the build and
/// the IDE rank and filter alike (<see cref="ProfileGate"/>); the findings then carry the profile's verdict.
/// </summary>
public static class ScanProfile
{
    public const string FileName = "perf-profile.json";

    public static Solution Apply(Solution solution, IEnumerable<ProjectId> projects, string profileText, double? hotOnly)
    {
        var folder = Path.Combine(Path.GetTempPath(), "perfanalyzers-profile");
        var path = Path.Combine(folder, FileName);
        var config = string.Join("\n",
            "is_global = true",
            "global_level = 1000",
            $"build_property.{ProfileGate.FileProperty} = {path}",
            // The command line decides over the project's .editorconfig, as an MSBuild property does.
            $"build_property.{ProfileGate.ModeProperty} = {(hotOnly is null ? "rank" : "hot_only")}",
            $"build_property.{ProfileGate.ThresholdProperty} = {(hotOnly ?? ProfileGate.ThresholdOption.Default).ToString(CultureInfo.InvariantCulture)}",
            "");
        foreach (var id in projects.Distinct().ToList())
        {
            solution = solution
                .AddAdditionalDocument(DocumentId.CreateNewId(id), FileName, SourceText.From(profileText), filePath: path)
                .AddAnalyzerConfigDocument(DocumentId.CreateNewId(id), "perfanalyzers-profile.globalconfig", SourceText.From(config), filePath: Path.Combine(folder, "perfanalyzers-profile.globalconfig"));
        }

        return solution;
    }

    /// <summary>The verdict a ranked finding carries, and its message without the profile's label.</summary>
    public static (ProfileVerdict? Verdict, string Message) Read(Diagnostic diagnostic, string message)
    {
        if (!diagnostic.Properties.TryGetValue(ProfileGate.HeatKey, out var heatText) || !Enum.TryParse<ProfileHeat>(heatText, out var heat))
        {
            return (null, message);
        }

        diagnostic.Properties.TryGetValue(ProfileGate.ShareKey, out var shareText);
        double.TryParse(shareText, NumberStyles.Float, CultureInfo.InvariantCulture, out var share);
        var cut = message.LastIndexOf(" (profile: ", StringComparison.Ordinal);
        var label = cut < 0 ? heat.ToString().ToLowerInvariant() : message.Substring(cut + " (profile: ".Length).TrimEnd(')');
        return (new ProfileVerdict(heat, share, 0, 0, null, label), cut < 0 ? message : message.Substring(0, cut));
    }
}
