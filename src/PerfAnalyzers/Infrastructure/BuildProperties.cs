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

    public static readonly ImmutableArray<string> All = ImmutableArray.Create(TargetFramework, TargetFrameworkIdentifier, TargetFrameworkVersion);

    public static string Key(string property) => "build_property." + property;
}
