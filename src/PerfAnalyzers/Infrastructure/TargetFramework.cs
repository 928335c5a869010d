using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Infrastructure;

public enum TargetFrameworkKind
{
    Unknown,
    NetFramework,
    NetStandard,
    /// <summary>.NET Core 1.0–3.1 and .NET 5 and later.</summary>
    NetCore,
}

/// <summary>
/// The runtime family and version a compilation targets. Read from the MSBuild properties passed by the
/// package's props (<see cref="BuildProperties"/>); when they are absent (a non-MSBuild host, a test), from the
/// referenced core library. Rules ask it where a cost exists, e.g. <see cref="IsBeforeNetCore"/>.
/// </summary>
public readonly struct TargetFramework : IEquatable<TargetFramework>
{
    public TargetFramework(TargetFrameworkKind kind, Version? version)
    {
        Kind = kind;
        Version = kind == TargetFrameworkKind.Unknown ? null : version;
    }

    public static TargetFramework Unknown => default;

    public TargetFrameworkKind Kind { get; }

    /// <summary>Major.minor of the framework; null when unknown.</summary>
    public Version? Version { get; }

    public bool IsUnknown => Kind == TargetFrameworkKind.Unknown;

    /// <summary>.NET Core / .NET 5+ at or after <paramref name="major"/>.<paramref name="minor"/>.</summary>
    public bool IsNetCoreAtLeast(int major, int minor = 0) =>
        Kind == TargetFrameworkKind.NetCore && Version is not null && Version >= new Version(major, minor);

    /// <summary>
    /// True where code may run on a runtime older than .NET Core <paramref name="major"/>.<paramref name="minor"/>:
    /// .NET Framework, .NET Standard (a library may run on .NET Framework), and .NET Core before that version.
    /// False when unknown, so that target-gated rules stay silent rather than guess.
    /// </summary>
    public bool IsBeforeNetCore(int major, int minor = 0) => Kind switch
    {
        TargetFrameworkKind.NetFramework => true,
        TargetFrameworkKind.NetStandard => true,
        TargetFrameworkKind.NetCore => Version is not null && Version < new Version(major, minor),
        _ => false,
    };

    /// <summary>
    /// The preprocessor symbols the .NET SDK defines for this target framework: TRACE, NET / NETCOREAPP / NETSTANDARD /
    /// NETFRAMEWORK, the version symbol (NET8_0, NETSTANDARD2_0, NET472) and every <c>*_OR_GREATER</c> symbol. Only TRACE
    /// when unknown.
    /// </summary>
    public ImmutableArray<string> PreprocessorSymbols()
    {
        var symbols = ImmutableArray.CreateBuilder<string>();
        symbols.Add("TRACE");
        if (Version is not { } version)
        {
            return symbols.ToImmutable();
        }

        static string Dotted(Version v) => v.Major.ToString(CultureInfo.InvariantCulture) + "_" + v.Minor.ToString(CultureInfo.InvariantCulture);
        static string Compact(Version v) => v.Major.ToString(CultureInfo.InvariantCulture) + v.Minor.ToString(CultureInfo.InvariantCulture) +
                                            (v.Build > 0 ? v.Build.ToString(CultureInfo.InvariantCulture) : string.Empty);
        static IEnumerable<Version> UpTo(Version v, params string[] all) => all.Select(Version.Parse).Where(x => x <= v);
        switch (Kind)
        {
            case TargetFrameworkKind.NetCore when version.Major >= 5:
                symbols.AddRange("NET", "NETCOREAPP", "NET" + Dotted(version));
                symbols.AddRange(Enumerable.Range(5, version.Major - 4).Select(major => "NET" + major.ToString(CultureInfo.InvariantCulture) + "_0_OR_GREATER"));
                symbols.AddRange(UpTo(new Version(3, 1), "1.0", "1.1", "2.0", "2.1", "2.2", "3.0", "3.1").Select(v => "NETCOREAPP" + Dotted(v) + "_OR_GREATER"));
                break;
            case TargetFrameworkKind.NetCore:
                symbols.AddRange("NETCOREAPP", "NETCOREAPP" + Dotted(version));
                symbols.AddRange(UpTo(version, "1.0", "1.1", "2.0", "2.1", "2.2", "3.0", "3.1").Select(v => "NETCOREAPP" + Dotted(v) + "_OR_GREATER"));
                break;
            case TargetFrameworkKind.NetStandard:
                symbols.AddRange("NETSTANDARD", "NETSTANDARD" + Dotted(version));
                symbols.AddRange(UpTo(version, "1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "2.0", "2.1").Select(v => "NETSTANDARD" + Dotted(v) + "_OR_GREATER"));
                break;
            case TargetFrameworkKind.NetFramework:
                symbols.AddRange("NETFRAMEWORK", "NET" + Compact(version));
                symbols.AddRange(UpTo(version, "2.0", "3.0", "3.5", "4.0", "4.5", "4.5.1", "4.5.2", "4.6", "4.6.1", "4.6.2", "4.7", "4.7.1", "4.7.2", "4.8", "4.8.1")
                    .Select(v => "NET" + Compact(v) + "_OR_GREATER"));
                break;
        }

        return symbols.ToImmutable();
    }

    /// <summary>The SDK's symbol for exactly this version (<c>NET8_0</c>, <c>NETSTANDARD2_0</c>, <c>NET472</c>); null when unknown.</summary>
    public string? VersionSymbol
    {
        get
        {
            var symbols = PreprocessorSymbols();
            var family = Kind switch
            {
                TargetFrameworkKind.NetCore => "NETCOREAPP",
                TargetFrameworkKind.NetStandard => "NETSTANDARD",
                TargetFrameworkKind.NetFramework => "NETFRAMEWORK",
                _ => null,
            };
            // The symbol listed right after the family's own (NETCOREAPP → NET8_0 / NETCOREAPP2_1, NETSTANDARD → NETSTANDARD2_0).
            var at = family is null ? -1 : symbols.IndexOf(family);
            return at >= 0 && at + 1 < symbols.Length ? symbols[at + 1] : null;
        }
    }

    public override string ToString() => Kind switch
    {
        TargetFrameworkKind.NetFramework => ".NET Framework " + Version,
        TargetFrameworkKind.NetStandard => ".NET Standard " + Version,
        TargetFrameworkKind.NetCore => (Version?.Major >= 5 ? ".NET " : ".NET Core ") + Version,
        _ => "unknown",
    };

    public bool Equals(TargetFramework other) => Kind == other.Kind && Equals(Version, other.Version);

    public override bool Equals(object? obj) => obj is TargetFramework other && Equals(other);

    public override int GetHashCode() => ((int)Kind * 397) ^ (Version?.GetHashCode() ?? 0);

    /// <summary>Build properties first, then the core library.</summary>
    public static TargetFramework From(Compilation compilation, AnalyzerConfigOptions globalOptions)
    {
        var fromProperties = FromBuildProperties(
            Get(globalOptions, BuildProperties.TargetFrameworkIdentifier),
            Get(globalOptions, BuildProperties.TargetFrameworkVersion),
            Get(globalOptions, BuildProperties.TargetFramework));
        return fromProperties.IsUnknown ? FromCoreLibrary(compilation) : fromProperties;
    }

    private static string? Get(AnalyzerConfigOptions options, string property) =>
        options.TryGetValue(BuildProperties.Key(property), out var value) && !string.IsNullOrWhiteSpace(value) ? value.Trim() : null;

    /// <summary>
    /// From <c>TargetFrameworkIdentifier</c> + <c>TargetFrameworkVersion</c> (".NETCoreApp", "v3.1"), else from the
    /// <c>TargetFramework</c> moniker ("net472", "netstandard2.0", "netcoreapp2.1", "net8.0-windows").
    /// </summary>
    public static TargetFramework FromBuildProperties(string? identifier, string? version, string? moniker)
    {
        var kind = identifier?.ToUpperInvariant() switch
        {
            ".NETFRAMEWORK" => TargetFrameworkKind.NetFramework,
            ".NETSTANDARD" => TargetFrameworkKind.NetStandard,
            ".NETCOREAPP" => TargetFrameworkKind.NetCore,
            _ => TargetFrameworkKind.Unknown,
        };
        if (kind != TargetFrameworkKind.Unknown && ParseVersion(version?.TrimStart('v', 'V')) is { } parsed)
        {
            return new TargetFramework(kind, parsed);
        }

        return FromMoniker(moniker);
    }

    public static TargetFramework FromMoniker(string? moniker)
    {
        if (string.IsNullOrWhiteSpace(moniker))
        {
            return Unknown;
        }

        var tfm = moniker!.Trim().ToLowerInvariant();
        var dash = tfm.IndexOf('-');
        if (dash >= 0)
        {
            tfm = tfm.Substring(0, dash); // net8.0-windows -> net8.0
        }

        if (tfm.StartsWith("netstandard", StringComparison.Ordinal))
        {
            return Make(TargetFrameworkKind.NetStandard, ParseVersion(tfm.Substring("netstandard".Length)));
        }

        if (tfm.StartsWith("netcoreapp", StringComparison.Ordinal))
        {
            return Make(TargetFrameworkKind.NetCore, ParseVersion(tfm.Substring("netcoreapp".Length)));
        }

        if (tfm.StartsWith("net", StringComparison.Ordinal))
        {
            var rest = tfm.Substring(3);
            if (rest.IndexOf('.') >= 0)
            {
                // net5.0 and later use a dotted version; net4.x monikers do not.
                var version = ParseVersion(rest);
                return version is null ? Unknown : Make(version.Major >= 5 ? TargetFrameworkKind.NetCore : TargetFrameworkKind.NetFramework, version);
            }

            if (rest.Length >= 2 && rest.Length <= 3 && IsDigits(rest))
            {
                // net472 -> 4.7.2, net48 -> 4.8, net20 -> 2.0
                var major = rest[0] - '0';
                var minor = rest[1] - '0';
                var version = rest.Length == 3 ? new Version(major, minor, rest[2] - '0') : new Version(major, minor);
                return new TargetFramework(TargetFrameworkKind.NetFramework, version);
            }
        }

        return Unknown;
    }

    /// <summary>Fallback: which core library the compilation references, and its version.</summary>
    public static TargetFramework FromCoreLibrary(Compilation compilation)
    {
        var objectType = compilation.GetSpecialType(SpecialType.System_Object);
        if (objectType.TypeKind == TypeKind.Error)
        {
            return Unknown;
        }

        var identity = objectType.ContainingAssembly.Identity;
        var version = identity.Version;
        switch (identity.Name)
        {
            case "mscorlib":
                // Every .NET Framework 4.x mscorlib is 4.0.0.0: the minor version cannot be told apart.
                return version.Major == 4 ? new TargetFramework(TargetFrameworkKind.NetFramework, new Version(4, 0)) : Unknown;
            case "netstandard":
                return new TargetFramework(TargetFrameworkKind.NetStandard, new Version(version.Major, version.Minor));
            case "System.Private.CoreLib":
            case "System.Runtime":
                return FromSystemRuntimeVersion(version);
            default:
                return Unknown;
        }
    }

    /// <summary>System.Runtime / System.Private.CoreLib assembly versions to .NET Core versions.</summary>
    public static TargetFramework FromSystemRuntimeVersion(Version version)
    {
        if (version.Major >= 5)
        {
            return new TargetFramework(TargetFrameworkKind.NetCore, new Version(version.Major, 0));
        }

        if (version.Major == 4 && version.Minor == 2)
        {
            // 4.2.0 = .NET Core 2.0, 4.2.1 = 2.1, 4.2.2 = 3.0 and 3.1 (treated as 3.0: the lower bound).
            return version.Build switch
            {
                0 => new TargetFramework(TargetFrameworkKind.NetCore, new Version(2, 0)),
                1 => new TargetFramework(TargetFrameworkKind.NetCore, new Version(2, 1)),
                _ => new TargetFramework(TargetFrameworkKind.NetCore, new Version(3, 0)),
            };
        }

        if (version.Major == 4 && version.Minor <= 1)
        {
            // System.Runtime 4.0.x/4.1.x: .NET Standard 1.x contracts (or .NET Core 1.x); minor unknown.
            return new TargetFramework(TargetFrameworkKind.NetStandard, new Version(1, 0));
        }

        return Unknown;
    }

    private static TargetFramework Make(TargetFrameworkKind kind, Version? version) =>
        version is null ? Unknown : new TargetFramework(kind, version);

    private static Version? ParseVersion(string? text)
    {
        if (string.IsNullOrWhiteSpace(text))
        {
            return null;
        }

        var parts = text!.Split('.');
        if (parts.Length == 0 || parts.Length > 4)
        {
            return null;
        }

        var numbers = new int[Math.Max(2, parts.Length)];
        for (var i = 0; i < parts.Length; i++)
        {
            if (!int.TryParse(parts[i], NumberStyles.None, CultureInfo.InvariantCulture, out numbers[i]))
            {
                return null;
            }
        }

        return parts.Length switch
        {
            1 or 2 => new Version(numbers[0], numbers[1]),
            3 => new Version(numbers[0], numbers[1], numbers[2]),
            _ => new Version(numbers[0], numbers[1], numbers[2], numbers[3]),
        };
    }

    private static bool IsDigits(string text)
    {
        foreach (var c in text)
        {
            if (c < '0' || c > '9')
            {
                return false;
            }
        }

        return true;
    }
}
