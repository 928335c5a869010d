using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;

namespace PerfAnalyzers.Tests.Infrastructure;

/// <summary>The reference assemblies a test compiles against (real ones, from Basic.Reference.Assemblies).</summary>
public enum TestReferences
{
    Net80,
    NetStandard20,
    Net472,

    /// <summary>.NET 10: the runtime whose <c>params ReadOnlySpan&lt;T&gt;</c> overloads and span APIs C# 14 binds to.</summary>
    Net100,

    /// <summary>No references: the test source declares its own core types, so the target framework is unknown.</summary>
    None,
}

/// <summary>
/// Reads the reference assemblies embedded in the Basic.Reference.Assemblies packages (copied beside the tests by
/// RuleSuite.props). Their own API returns Roslyn types from Roslyn 4.11+, so the images are read from the embedded
/// resources instead: the same bytes, usable from the oldest Roslyn the suite runs in. Nothing is downloaded.
/// </summary>
public static class TestCompilations
{
    private static readonly ConcurrentDictionary<TestReferences, ImmutableArray<MetadataReference>> Cache = new();

    // The aggregate package's NetStandard20 set holds three extra facades (Microsoft.CSharp, Microsoft.VisualBasic and
    // System.Threading.Tasks.Extensions) that a netstandard2.0 project only has with extra packages: not referenced.
    private static readonly HashSet<string> NetStandard20Extras = new(StringComparer.Ordinal)
    {
        "netstandard20.Microsoft.CSharp", "netstandard20.Microsoft.VisualBasic", "netstandard20.System.Threading.Tasks.Extensions",
    };

    public static ImmutableArray<MetadataReference> References(TestReferences references) => Cache.GetOrAdd(references, Load);

    private static ImmutableArray<MetadataReference> Load(TestReferences references) => references switch
    {
        TestReferences.None => ImmutableArray<MetadataReference>.Empty,
        TestReferences.Net80 => FromResources("Basic.Reference.Assemblies.dll", "net80"),
        TestReferences.NetStandard20 => FromResources("Basic.Reference.Assemblies.dll", "netstandard20"),
        TestReferences.Net472 => FromResources("Basic.Reference.Assemblies.dll", "net472"),
        TestReferences.Net100 => FromResources("Basic.Reference.Assemblies.Net100.dll", "net100"),
        _ => throw new ArgumentOutOfRangeException(nameof(references)),
    };

    private static ImmutableArray<MetadataReference> FromResources(string package, string prefix)
    {
        var path = Path.Combine(AppContext.BaseDirectory, "reference-assemblies", package);
        var assembly = Assembly.LoadFrom(path);
        var names = assembly.GetManifestResourceNames()
            .Where(n => n.StartsWith(prefix + ".", StringComparison.Ordinal) && !NetStandard20Extras.Contains(n))
            .OrderBy(n => n, StringComparer.Ordinal)
            .ToList();
        if (names.Count == 0)
        {
            throw new InvalidOperationException($"No '{prefix}' reference assemblies in {path}.");
        }

        var builder = ImmutableArray.CreateBuilder<MetadataReference>(names.Count);
        foreach (var name in names)
        {
            using var stream = assembly.GetManifestResourceStream(name)!;
            using var copy = new MemoryStream();
            stream.CopyTo(copy);
            var display = name.Substring(prefix.Length + 1) + ".dll (" + prefix + ")";
            builder.Add(MetadataReference.CreateFromImage(copy.ToArray(), filePath: display));
        }

        return builder.MoveToImmutable();
    }
}
