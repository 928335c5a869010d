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

/// <summary>A global.json that pins an SDK no installed one satisfies: said in one line instead of MSBuild's remote failure.</summary>
public static partial class Loader
{
    /// <summary>
    /// When a global.json between the path and the root pins an SDK version that is not installed: what to tell the user
    /// (MSBuild's own message is a remote-invocation failure that does not say so).
    /// </summary>
    private static string? SdkPinProblem(string path)
    {
        for (var directory = System.IO.Path.GetDirectoryName(path); directory is not null; directory = System.IO.Path.GetDirectoryName(directory))
        {
            var file = System.IO.Path.Combine(directory, "global.json");
            if (!File.Exists(file))
            {
                continue;
            }

            string? pinned;
            string rollForward;
            try
            {
                using var json = System.Text.Json.JsonDocument.Parse(File.ReadAllText(file), new System.Text.Json.JsonDocumentOptions { CommentHandling = System.Text.Json.JsonCommentHandling.Skip, AllowTrailingCommas = true });
                var hasSdk = json.RootElement.TryGetProperty("sdk", out var sdk);
                pinned = hasSdk && sdk.TryGetProperty("version", out var version) ? version.GetString() : null;
                rollForward = hasSdk && sdk.TryGetProperty("rollForward", out var roll) ? roll.GetString() ?? "patch" : "patch";
            }
            catch (Exception e) when (e is System.Text.Json.JsonException or IOException or InvalidOperationException)
            {
                return $"{file} is not valid JSON ({FirstLine(e.Message)})";
            }

            if (pinned is null)
            {
                return null;
            }

            var installed = InstalledSdks();
            return installed.Any(sdk => SatisfiesPin(sdk, pinned, rollForward))
                ? null
                : $"{file} pins .NET SDK {pinned} (rollForward: {rollForward}), which no installed SDK satisfies (installed: {(installed.Count == 0 ? "none found" : string.Join(", ", installed))}); install it, or change or remove the pin";
        }

        return null;
    }

    /// <summary>
    /// Whether an installed SDK satisfies a global.json pin under its roll-forward policy: the same version (disable), the
    /// same feature band (patch, latestPatch: 10.0.1xx), major.minor (feature, latestFeature), major (minor, latestMinor),
    /// or any later one (major, latestMajor).
    /// </summary>
    internal static bool SatisfiesPin(string installed, string pinned, string rollForward)
    {
        static (int Major, int Minor, int Band, int Patch)? Parse(string text)
        {
            var parts = text.Split('-')[0].Split('.');
            return parts.Length == 3 && int.TryParse(parts[0], out var major) && int.TryParse(parts[1], out var minor) && int.TryParse(parts[2], out var patch)
                ? (major, minor, patch / 100, patch % 100)
                : null;
        }

        if (Parse(installed) is not { } have || Parse(pinned) is not { } want)
        {
            return string.Equals(installed, pinned, StringComparison.OrdinalIgnoreCase);
        }

        var atLeast = have.CompareTo(want) >= 0;
        return rollForward.ToLowerInvariant() switch
        {
            "disable" => have == want,
            "patch" or "latestpatch" => atLeast && (have.Major, have.Minor, have.Band) == (want.Major, want.Minor, want.Band),
            "feature" or "latestfeature" => atLeast && (have.Major, have.Minor) == (want.Major, want.Minor),
            "minor" or "latestminor" => atLeast && have.Major == want.Major,
            _ => atLeast,
        };
    }

    /// <summary>The SDK versions beside the running .NET (dotnet/sdk/&lt;version&gt;).</summary>
    private static IReadOnlyList<string> InstalledSdks()
    {
        var sdks = System.IO.Path.Combine(ReferenceSets.InstallationRoot, "sdk");
        return Directory.Exists(sdks)
            ? Directory.GetDirectories(sdks).Select(System.IO.Path.GetFileName).OfType<string>().Where(n => n.Length > 0 && char.IsDigit(n[0])).OrderBy(n => n, StringComparer.Ordinal).ToList()
            : Array.Empty<string>();
    }
}
