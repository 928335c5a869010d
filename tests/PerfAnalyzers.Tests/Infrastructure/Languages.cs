using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace PerfAnalyzers.Tests.Infrastructure;

/// <summary>
/// The C# language versions the hosting Roslyn knows. The suite runs in Roslyn 5.x (C# 14) and in Roslyn 4.5 (C# 11):
/// a test of a newer language's shape is skipped in the older compiler (see <see cref="CSharpFactAttribute"/>).
/// </summary>
public static class Languages
{
    public const LanguageVersion CSharp7_3 = LanguageVersion.CSharp7_3;

    // Named by value: the enum members after C# 11 do not exist in Roslyn 4.5's API.
    public const LanguageVersion CSharp12 = (LanguageVersion)1200;
    public const LanguageVersion CSharp13 = (LanguageVersion)1300;
    public const LanguageVersion CSharp14 = (LanguageVersion)1400;

    /// <summary>The Roslyn version the suite runs in (RuleSuite.props).</summary>
    public static string Host { get; } = typeof(Languages).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "RoslynHostVersion").Value!;

    /// <summary>The newest C# the hosting compiler knows.</summary>
    public static LanguageVersion Newest { get; } = LanguageVersion.Latest.MapSpecifiedToEffectiveVersion();

    public static bool IsSupported(LanguageVersion version) =>
        version is LanguageVersion.Latest or LanguageVersion.Default or LanguageVersion.LatestMajor or LanguageVersion.Preview ||
        (Enum.IsDefined(typeof(LanguageVersion), version) && version <= Newest);

    /// <summary>Theory rows: the lowest C# version the rules support (7.3) and C# 14, where the hosting compiler knows it.</summary>
    public static IEnumerable<object[]> LowestAndNewest => Rows(CSharp7_3, CSharp14);

    private static readonly System.Threading.AsyncLocal<LanguageVersion?> Current = new();

    /// <summary>The version <see cref="At"/> sets for the tests it runs (those that leave their own at the default).</summary>
    public static LanguageVersion? Override => Current.Value;

    /// <summary>Runs a rule test (or several) at <paramref name="version"/>: the same source, diagnostics and fix at another language version.</summary>
    public static async System.Threading.Tasks.Task At(LanguageVersion version, Func<System.Threading.Tasks.Task> test)
    {
        var previous = Current.Value;
        Current.Value = version;
        try
        {
            await test().ConfigureAwait(false);
        }
        finally
        {
            Current.Value = previous;
        }
    }

    /// <summary>The version, or the hosting compiler's newest when it does not know it (a .NET 8 leg's C# 12 in Roslyn 4.5).</summary>
    public static LanguageVersion OrNewest(LanguageVersion version) => IsSupported(version) ? version : Newest;

    /// <summary>Theory data: the given versions the hosting compiler knows, as <c>[MemberData]</c> rows.</summary>
    public static IEnumerable<object[]> Rows(params LanguageVersion[] versions) =>
        versions.Where(IsSupported).Select(v => new object[] { v });
}

/// <summary>A fact about a language version: skipped (with the reason) when the hosting Roslyn does not know it.</summary>
public sealed class CSharpFactAttribute : FactAttribute
{
    public CSharpFactAttribute(int version)
    {
        if (!Languages.IsSupported((LanguageVersion)(version * 100)))
        {
            Skip = $"C# {version} is not known to Roslyn {Languages.Host}";
        }
    }
}
