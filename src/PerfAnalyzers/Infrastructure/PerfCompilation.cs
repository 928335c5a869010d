using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// What every rule needs to know about a compilation, computed once per compilation and shared by all
/// analyzers: the target framework and the well-known type cache.
/// </summary>
public sealed class PerfCompilation
{
    private static readonly ConditionalWeakTable<Compilation, PerfCompilation> Cache = new();

    private PerfCompilation(Compilation compilation, AnalyzerOptions options)
    {
        Compilation = compilation;
        TargetFramework = TargetFramework.From(compilation, options.AnalyzerConfigOptionsProvider.GlobalOptions);
        Legs = MultiTargeting.Legs(options.AnalyzerConfigOptionsProvider.GlobalOptions);
        Types = new WellKnownTypes(compilation);
        _profile = new System.Lazy<Profiles.Profile?>(() => Profiles.ProfileGate.Load(options, default));
    }

    private readonly System.Lazy<Profiles.Profile?> _profile;

    public Compilation Compilation { get; }

    public TargetFramework TargetFramework { get; }

    /// <summary>Every leg of a multi-targeted project, this one included; empty for a single target.</summary>
    public System.Collections.Immutable.ImmutableArray<TargetFramework> Legs { get; }

    public WellKnownTypes Types { get; }

    /// <summary>The profile of a real run handed to the build (<see cref="Profiles.ProfileGate"/>), read at the first finding; null without one.</summary>
    public Profiles.Profile? Profile => _profile.Value;

    public static PerfCompilation Get(Compilation compilation, AnalyzerOptions options) =>
        Cache.GetValue(compilation, c => new PerfCompilation(c, options));
}
