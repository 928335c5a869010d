using System.Collections.Immutable;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// The MSBuild properties the analyzers read, as <c>build_property.&lt;Name&gt;</c> global options. The package's
/// <c>build/PerfAnalyzers.props</c> makes exactly these compiler-visible (a test keeps the two lists equal).
/// </summary>
public static class BuildProperties
{
    public const string TargetFramework = "TargetFramework";
    public const string TargetFrameworkIdentifier = "TargetFrameworkIdentifier";
    public const string TargetFrameworkVersion = "TargetFrameworkVersion";

    /// <summary>
    /// Every leg of a multi-targeted project, comma-separated (<c>netstandard2.0,net8.0</c>: the package's props turn
    /// <c>TargetFrameworks</c>' semicolons, which the analyzer config parser would read as a comment); empty for a single target.
    /// </summary>
    public const string TargetFrameworks = "PerfAnalyzersTargetFrameworks";

    /// <summary>The profile of a real run that ranks and filters findings (<see cref="Profiles.ProfileGate"/>).</summary>
    public const string Profile = Profiles.ProfileGate.FileProperty;

    /// <summary>The profile mode and threshold for the whole project, over any .editorconfig (<see cref="Profiles.ProfileGate"/>).</summary>
    public const string ProfileMode = Profiles.ProfileGate.ModeProperty;

    public const string ProfileThreshold = Profiles.ProfileGate.ThresholdProperty;

    public static readonly ImmutableArray<string> All = ImmutableArray.Create(TargetFramework, TargetFrameworkIdentifier, TargetFrameworkVersion, TargetFrameworks, Profile, ProfileMode, ProfileThreshold);

    public static string Key(string property) => "build_property." + property;
}
