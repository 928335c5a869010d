using System;
using System.Collections.Generic;
using System.Globalization;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// The first target frameworks where an API a fix writes exists (e.g. <c>Random.Shared</c>: .NET 6), so that in a
/// multi-targeted project the fix can tell which legs lack it, and the SDK preprocessor condition that selects the legs
/// that have it (<c>NET6_0_OR_GREATER</c>).
/// </summary>
public sealed class ApiAvailability
{
    private ApiAvailability(Version? netCore, Version? netStandard)
    {
        NetCore = netCore;
        NetStandard = netStandard;
        var parts = new List<string>();
        if (netCore is not null)
        {
            parts.Add(netCore.Major >= 5
                ? "NET" + netCore.Major.ToString(CultureInfo.InvariantCulture) + "_0_OR_GREATER"
                : "NETCOREAPP" + netCore.Major.ToString(CultureInfo.InvariantCulture) + "_" + netCore.Minor.ToString(CultureInfo.InvariantCulture) + "_OR_GREATER");
        }

        if (netStandard is not null)
        {
            parts.Add("NETSTANDARD" + netStandard.Major.ToString(CultureInfo.InvariantCulture) + "_" + netStandard.Minor.ToString(CultureInfo.InvariantCulture) + "_OR_GREATER");
        }

        Condition = string.Join(" || ", parts);
    }

    /// <summary><c>Random.Shared</c>, <c>Array.Clear(Array)</c>, the one-shot <c>EncryptCbc</c> &amp; co. and <c>Rfc2898DeriveBytes.Pbkdf2</c>.</summary>
    public static ApiAvailability Net6 { get; } = new(new Version(6, 0), null);

    /// <summary>The generic <c>Enum.IsDefined&lt;T&gt;</c>, <c>GetName&lt;T&gt;</c>, <c>GetValues&lt;T&gt;</c>.</summary>
    public static ApiAvailability Net5 { get; } = new(new Version(5, 0), null);

    /// <summary>The span-taking <c>string.Concat</c> overloads.</summary>
    public static ApiAvailability NetCore30 { get; } = new(new Version(3, 0), null);

    /// <summary>.NET Core 2.1's JIT, which devirtualizes <c>EqualityComparer&lt;T&gt;.Default</c> (not a .NET Standard version: it is the runtime's).</summary>
    public static ApiAvailability NetCore21 { get; } = new(new Version(2, 1), null);

    /// <summary><c>Span&lt;T&gt;</c> and the span overloads of the core library (<c>int.Parse(ReadOnlySpan&lt;char&gt;)</c>, <c>Stream.Read(Span&lt;byte&gt;)</c>), <c>BinaryPrimitives</c>.</summary>
    public static ApiAvailability NetCore21OrNetStandard21 { get; } = new(new Version(2, 1), new Version(2, 1));

    /// <summary><c>Array.Fill</c>, the generic <c>Enum.Parse&lt;T&gt;</c>.</summary>
    public static ApiAvailability NetCore20OrNetStandard21 { get; } = new(new Version(2, 0), new Version(2, 1));

    /// <summary>
    /// An API found in the compilation of <paramref name="leg"/> whose first version is not tracked here (a span
    /// overload of some library method): assumed on <paramref name="leg"/> and later versions of the same family, and
    /// never before the span types themselves (.NET Core 2.1 / .NET Standard 2.1). A guard that is sometimes wider than
    /// needed, never narrower.
    /// </summary>
    public static ApiAvailability OnOrAfter(TargetFramework leg)
    {
        var spans = new Version(2, 1);
        return leg.Kind switch
        {
            TargetFrameworkKind.NetCore when leg.Version is not null => new(Max(leg.Version, spans), null),
            // A .NET Standard API is on every .NET Core that implements that standard (2.0 → 2.0, 2.1 → 3.0).
            TargetFrameworkKind.NetStandard when leg.Version is not null && leg.Version >= spans => new(new Version(3, 0), new Version(leg.Version.Major, leg.Version.Minor)),
            _ => NetCore21OrNetStandard21,
        };
    }

    private static Version Max(Version a, Version b) => a >= b ? new Version(a.Major, a.Minor) : b;

    public Version? NetCore { get; }

    public Version? NetStandard { get; }

    /// <summary>The preprocessor condition true exactly on the target frameworks that have the API.</summary>
    public string Condition { get; }

    /// <summary>Whether the API exists on <paramref name="leg"/> (false when the leg is unknown: a guard is the safe side).</summary>
    public bool IsAvailableOn(TargetFramework leg) => leg.Kind switch
    {
        TargetFrameworkKind.NetCore => NetCore is not null && leg.Version >= NetCore,
        TargetFrameworkKind.NetStandard => NetStandard is not null && leg.Version >= NetStandard,
        _ => false,
    };
}
