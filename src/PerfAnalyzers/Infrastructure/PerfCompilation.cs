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

    /// <summary>
    /// What a rule resolves from the compilation's symbols (well-known types, their members), resolved at the first
    /// callback that asks for it rather than at compilation start. In a build Roslyn runs compilation-start actions while
    /// the compiler is still binding the references, and the first question about a type pays for binding them: 6-7 ms
    /// of Humanizer's build and about 20 ms of NLog's, charged to whichever rule asked first (counters in a local build,
    /// docs/performance.md). By a rule's first callback the compiler has bound them. Thread-safe: resolved once.
    /// </summary>
    public System.Lazy<T> Later<T>(System.Func<T> resolve) => new(resolve, System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);

    /// <summary>A callback that runs <paramref name="action"/> with what <see cref="Later"/> resolved, and nothing when it resolved nothing.</summary>
    public static System.Action<OperationAnalysisContext> WhenResolved<T>(System.Lazy<T?> symbols, System.Action<OperationAnalysisContext, T> action)
        where T : class =>
        c =>
        {
            if (symbols.Value is { } resolved)
            {
                action(c, resolved);
            }
        };

    /// <inheritdoc cref="WhenResolved{T}(System.Lazy{T}, System.Action{OperationAnalysisContext, T})"/>
    public static System.Action<OperationAnalysisContext> WhenResolved<T>(System.Lazy<T?> symbols, System.Action<OperationAnalysisContext, T> action)
        where T : struct =>
        c =>
        {
            if (symbols.Value is { } resolved)
            {
                action(c, resolved);
            }
        };

    public static PerfCompilation Get(Compilation compilation, AnalyzerOptions options) =>
        Cache.GetValue(compilation, c => new PerfCompilation(c, options));
}
