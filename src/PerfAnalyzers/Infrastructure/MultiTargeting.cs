using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// Findings in a multi-targeted project (<c>TargetFrameworks</c> = <c>netstandard2.0;net8.0</c>) whose fix writes an
/// API that some leg lacks. The analyzers run once per leg and the IDE or <c>dotnet format</c> applies a fix in one
/// leg's context, so a plain rewrite would break the build of the other legs. Option
/// <c>perf_analyzers.multi_targeting</c> (or <c>perf_analyzers.PERFnnn.multi_targeting</c>):
/// <list type="bullet">
/// <item><c>guard</c> (default): report, and the fix keeps the old code for the legs that lack the API behind the SDK's
/// symbols: <c>#if NET6_0_OR_GREATER</c> new code <c>#else</c> old code <c>#endif</c>, around the narrowest statement or
/// member (or <c>using</c> directive) it changes.</item>
/// <item><c>all_legs</c>: report only where every leg can take the fix, so that no fix writes <c>#if</c>.</item>
/// </list>
/// </summary>
public static class MultiTargeting
{
    public const string Option = "multi_targeting";

    /// <summary>Diagnostic property: the preprocessor condition the fix must put the new code under; absent when every leg has the API.</summary>
    public const string GuardKey = "Guard";

    public enum Mode
    {
        Guard,
        AllLegs,
    }

    /// <summary>The legs of the project (empty for a single target or when the build does not say).</summary>
    public static ImmutableArray<TargetFramework> Legs(AnalyzerConfigOptions globalOptions)
    {
        if (!globalOptions.TryGetValue(BuildProperties.Key(BuildProperties.TargetFrameworks), out var list) || string.IsNullOrWhiteSpace(list))
        {
            return ImmutableArray<TargetFramework>.Empty;
        }

        var monikers = list.Split(',', ';').Select(m => m.Trim()).Where(m => m.Length > 0).Distinct().ToList();
        return monikers.Count < 2 ? ImmutableArray<TargetFramework>.Empty : monikers.Select(TargetFramework.FromMoniker).ToImmutableArray();
    }

    /// <summary>
    /// Whether this compilation is the leg that reports findings whose API has no tracked first version (a span overload
    /// of some library method): the newest .NET (Core) leg, else the newest .NET Standard one, else the newest .NET
    /// Framework one; true for a single target. Such a fix is guarded by that leg's own version, and Roslyn merges the legs'
    /// copies of the file, so only one leg may write it: two legs writing different conditions would conflict.
    /// </summary>
    public static bool IsNewestLeg(PerfCompilation compilation)
    {
        if (compilation.Legs.IsEmpty)
        {
            return true;
        }

        static int Rank(TargetFrameworkKind kind) => kind switch
        {
            TargetFrameworkKind.NetCore => 3,
            TargetFrameworkKind.NetStandard => 2,
            TargetFrameworkKind.NetFramework => 1,
            _ => 0,
        };

        var newest = compilation.Legs.OrderByDescending(l => Rank(l.Kind)).ThenByDescending(l => l.Version).First();
        return newest.Equals(compilation.TargetFramework);
    }

    /// <summary>
    /// Whether to report a finding whose fix needs <paramref name="api"/>, and the guard its fix must write
    /// (<paramref name="properties"/> gains <see cref="GuardKey"/> when some leg lacks the API).
    /// </summary>
    public static bool Allows(PerfCompilation compilation, AnalyzerOptions options, SyntaxTree tree, string ruleId, ApiAvailability api, ref ImmutableDictionary<string, string?> properties)
    {
        if (compilation.Legs.IsEmpty || compilation.Legs.All(api.IsAvailableOn))
        {
            return true;
        }

        if (RuleOptions.GetEnum(options, tree, ruleId, Option, Mode.Guard) == Mode.AllLegs)
        {
            return false;
        }

        // A leg that has the API although the table says it is newer got it from a package (System.Memory on
        // netstandard2.0): the fix, computed on this leg, keeps the new code for this leg too.
        var condition = api.Condition;
        if (!api.IsAvailableOn(compilation.TargetFramework) && compilation.TargetFramework.VersionSymbol is { } own)
        {
            condition = own + " || " + condition;
        }

        properties = properties.SetItem(GuardKey, condition);
        return true;
    }
}
