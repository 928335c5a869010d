using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Cli;

/// <summary>
/// The reference assemblies a folder scan compiles against: those of the chosen target framework, never the running
/// .NET's for another target (or the rules would suggest APIs the target lacks). From the installed SDK's targeting
/// packs when they hold the target, else from the sets bundled with the CLI (Basic.Reference.Assemblies: netstandard2.0,
/// net472, net8.0, net9.0, net10.0).
/// </summary>
public static class ReferenceSets
{
    /// <summary>What the compilation references, and where it came from (shown to the user).</summary>
    public sealed record Set(string Source, IReadOnlyList<MetadataReference> References, string? Note);

    /// <summary>The monikers the CLI can compile a folder for without any targeting pack installed.</summary>
    public static readonly IReadOnlyList<string> Bundled = new[] { "netstandard2.0", "net472", "net8.0", "net9.0", "net10.0" };

    /// <summary>The set for <paramref name="moniker"/>; throws <see cref="UsageException"/> when none is available here.</summary>
    public static Set For(string moniker)
    {
        var framework = TargetFramework.FromMoniker(moniker);
        var version = framework.Version;
        switch (framework.Kind)
        {
            case TargetFrameworkKind.NetCore when version is not null:
                var folder = version.Major >= 5 ? $"net{version.Major}.{version.Minor}" : $"netcoreapp{version.Major}.{version.Minor}";
                if (SdkPack("Microsoft.NETCore.App.Ref", folder) is { } pack)
                {
                    return new Set($"the SDK's {folder} targeting pack", FromFiles(pack), null);
                }

                IEnumerable<PortableExecutableReference>? bundled = (version.Major, version.Minor) switch
                {
                    (8, 0) => Basic.Reference.Assemblies.Net80.References.All,
                    (9, 0) => Basic.Reference.Assemblies.Net90.References.All,
                    (10, 0) => Basic.Reference.Assemblies.Net100.References.All,
                    _ => null,
                };
                if (bundled is not null)
                {
                    return new Set($"{folder} reference assemblies (bundled)", bundled.ToList<MetadataReference>(), null);
                }

                break;
            case TargetFrameworkKind.NetStandard when version == new Version(2, 0):
                return new Set("netstandard2.0 reference assemblies (bundled)", Basic.Reference.Assemblies.NetStandard20.References.All.ToList<MetadataReference>(), null);
            case TargetFrameworkKind.NetStandard when version == new Version(2, 1):
                if (SdkPack("NETStandard.Library.Ref", "netstandard2.1") is { } standard21)
                {
                    return new Set("the SDK's netstandard2.1 targeting pack", FromFiles(standard21), null);
                }

                break;
            case TargetFrameworkKind.NetFramework when version is not null && version >= new Version(4, 6, 1):
                // The one .NET Framework set bundled. From 4.6.1 to 4.8.1 the APIs the rules use or suggest are the same.
                var note = version == new Version(4, 7, 2) ? null
                    : $"{moniker} is compiled against the net472 reference assemblies (the .NET Framework set the CLI bundles; the APIs the rules use are the same from 4.6.1 to 4.8.1)";
                return new Set("net472 reference assemblies (bundled)", Basic.Reference.Assemblies.Net472.References.All.ToList<MetadataReference>(), note);
        }

        throw new UsageException(
            $"no reference assemblies for '{moniker}' here (bundled: {string.Join(", ", Bundled)}; installed targeting packs: {string.Join(", ", InstalledPacks().DefaultIfEmpty("none"))}); scan the project instead, or choose one of those");
    }

    /// <summary>The running .NET's own target (a folder scan without <c>--tfm</c>).</summary>
    public static string RunningMoniker => $"net{Environment.Version.Major}.{Environment.Version.Minor}";

    /// <summary>The .NET installation the CLI runs from (…/shared/Microsoft.NETCore.App/&lt;version&gt; → the root).</summary>
    public static string InstallationRoot =>
        Path.GetFullPath(Path.Combine(Path.GetDirectoryName(typeof(object).Assembly.Location)!, "..", "..", ".."));

    private static string? DotnetRoot() => Directory.Exists(Path.Combine(InstallationRoot, "packs")) ? InstallationRoot : null;

    /// <summary>packs/&lt;pack&gt;/&lt;highest version&gt;/ref/&lt;folder&gt;, when installed.</summary>
    private static string? SdkPack(string pack, string folder)
    {
        if (DotnetRoot() is not { } root || !Directory.Exists(Path.Combine(root, "packs", pack)))
        {
            return null;
        }

        return Directory.GetDirectories(Path.Combine(root, "packs", pack))
            .Select(d => (Dir: d, Version: Version.TryParse(Path.GetFileName(d).Split('-')[0], out var v) ? v : null))
            .Where(d => d.Version is not null)
            .OrderByDescending(d => d.Version)
            .Select(d => Path.Combine(d.Dir, "ref", folder))
            .FirstOrDefault(d => Directory.Exists(d) && Directory.EnumerateFiles(d, "*.dll").Any());
    }

    private static IEnumerable<string> InstalledPacks()
    {
        if (DotnetRoot() is not { } root)
        {
            return Array.Empty<string>();
        }

        return new[] { "Microsoft.NETCore.App.Ref", "NETStandard.Library.Ref" }
            .Select(pack => Path.Combine(root, "packs", pack))
            .Where(Directory.Exists)
            .SelectMany(pack => Directory.GetDirectories(pack).SelectMany(v => Directory.Exists(Path.Combine(v, "ref")) ? Directory.GetDirectories(Path.Combine(v, "ref")) : Array.Empty<string>()))
            .Select(Path.GetFileName)
            .OfType<string>()
            .Distinct()
            .OrderBy(m => m, StringComparer.Ordinal);
    }

    private static IReadOnlyList<MetadataReference> FromFiles(string folder) =>
        Directory.GetFiles(folder, "*.dll").OrderBy(f => f, StringComparer.Ordinal).Select(f => (MetadataReference)MetadataReference.CreateFromFile(f)).ToList();
}
