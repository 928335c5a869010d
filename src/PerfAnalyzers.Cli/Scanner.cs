using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;
using PerfAnalyzers.Cli.Timing;
using PerfAnalyzers.Dispatch;

namespace PerfAnalyzers.Cli;

/// <summary>One diagnostic location; <see cref="Legs"/> are the target frameworks it is reported on (the message is the first leg's).</summary>
public sealed record Finding(string Id, DiagnosticSeverity Severity, string File, int Line, int Column, int EndLine, int EndColumn, string Message, string HelpUri)
{
    public List<string> Legs { get; } = new();

    /// <summary>With <c>--profile</c>: what the profile says of the finding's method (null for a rule it does not rank, PERF006).</summary>
    public PerfAnalyzers.Profiles.ProfileVerdict? Profile { get; init; }
}

/// <summary>A compilation's own compiler errors, found before any fix (findings near them may be missing or wrong).</summary>
public sealed record CompilerErrors(string Project, string Leg, int Count, IReadOnlyList<string> First);

public sealed class ScanResult
{
    public List<Finding> Findings { get; } = new();

    /// <summary>With <c>--timing</c>: the compiler's time and each analyzer's (<see cref="Timing.TimedAnalysis"/>).</summary>
    public TimingResult Timing { get; } = new();

    /// <summary>With <c>--timing</c>: what Roslyn takes to accept each rule's findings (<see cref="ReportingResult"/>).</summary>
    public ReportingResult Reporting { get; } = new();

    /// <summary>With <c>--hollow</c>: the PERF analyzers' hollow twins (<see cref="Timing.HollowTwins"/>).</summary>
    public HollowResult Hollow { get; } = new();

    /// <summary>With <c>--floor</c>: per set of kinds (several projects: one row each; <see cref="Timing.FloorExperiment"/>).</summary>
    public List<FloorTiming> Floors { get; } = new();

    public int Files { get; set; }

    public int Projects { get; set; }

    public List<string> TargetFrameworks { get; } = new();

    /// <summary>The target framework monikers analyzed, in the order met.</summary>
    public List<string> Legs { get; } = new();

    public List<CompilerErrors> CompilerErrors { get; } = new();

    public Dictionary<string, int> Fixed { get; } = new();

    public List<string> NewErrors { get; } = new();

    public List<string> AnalyzerExceptions { get; } = new();

    public List<string> Notes { get; } = new();
}

/// <summary>Runs the PERF analyzers (and, for timing, the SDK's counterparts) over every project; applies fixes.</summary>
public sealed partial class Scanner(ScanOptions options, Action<string> progress)
{
    /// <summary>How many compiler errors of a compilation are listed (the count is always given).</summary>
    public const int ErrorsShown = 3;

    private ImmutableArray<DiagnosticAnalyzer> sdkDefaultAnalyzers = ImmutableArray<DiagnosticAnalyzer>.Empty;

    private readonly Dictionary<(string Id, string File, int Line, int Column, int EndLine, int EndColumn), Finding> findingsByLocation = new();

    private Loader.Loaded? loaded;

    private ImmutableArray<DiagnosticAnalyzer>? selectedAnalyzers;

    /// <summary>
    /// The PERF analyzers this scan runs, as a build runs them: the dispatcher with every dispatched rule (or those of
    /// <c>--rules</c>) and each rule that runs alone; no clock, as in a build (see <see cref="clocked"/>).
    /// </summary>
    private ImmutableArray<DiagnosticAnalyzer> SelectedAnalyzers => selectedAnalyzers ??= SelectAnalyzers();

    /// <summary>
    /// With <c>--timing</c>: the same rules in a dispatcher with a clock, run in an analysis of their own after each timed
    /// one (<see cref="TimedAnalysis"/>): the clock costs time of its own, which a build does not pay.
    /// </summary>
    private PerfDispatcher? clocked;

    private ImmutableArray<DiagnosticAnalyzer> SelectAnalyzers()
    {
        bool Selected(DiagnosticAnalyzer analyzer) => options.Rules is not { } rules || analyzer.SupportedDiagnostics.Any(d => rules.Contains(d.Id));
        var dispatched = PerfDispatcher.CreateRules().Where(Selected).ToImmutableArray();
        clocked = options.Timing && !dispatched.IsEmpty ? new PerfDispatcher(PerfDispatcher.CreateRules().Where(Selected).ToImmutableArray(), new RuleClock(dispatched.Length)) : null;
        var analyzers = ImmutableArray.CreateBuilder<DiagnosticAnalyzer>();
        if (!dispatched.IsEmpty)
        {
            analyzers.Add(new PerfDispatcher(dispatched, clock: null));
        }

        analyzers.AddRange(RuleCatalog.Analyzers.Where(a => a is not PerfDispatcher && Selected(a)));
        return analyzers.ToImmutable();
    }

    public async Task<ScanResult> RunAsync(CancellationToken cancellationToken)
    {
        foreach (var ids in new[] { options.Fix, options.Rules })
        {
            foreach (var id in (ids ?? new List<string>()).Where(id => !RuleCatalog.IsKnown(id)))
            {
                throw new UsageException($"unknown rule id '{id}' (known: {string.Join(", ", RuleCatalog.Descriptors.Select(d => d.Id))})");
            }
        }

        var loaded = this.loaded = await Loader.LoadAsync(options, progress, cancellationToken).ConfigureAwait(false);
        if (options.Profile is { } profilePath)
        {
            var profileText = Profiles.ProfileCommand.LoadText(profilePath, progress, cancellationToken);
            loaded = this.loaded = loaded with { Solution = Profiles.ScanProfile.Apply(loaded.Solution, loaded.Projects, profileText, options.HotOnly) };
        }

        var result = new ScanResult { Projects = loaded.Projects.Select(id => loaded.Solution.GetProject(id)!.FilePath ?? id.ToString()).Distinct().Count() };
        var sdkAnalyzers = ImmutableArray<DiagnosticAnalyzer>.Empty;
        if (options.CompareSdk)
        {
            var sdk = MSBuildSetup.FindSdkDirectory();
            sdkAnalyzers = sdk is null ? sdkAnalyzers : RuleCatalog.LoadSdkCounterparts(sdk, out _);
            sdkDefaultAnalyzers = sdk is null ? sdkDefaultAnalyzers : RuleCatalog.LoadSdkAnalyzers(sdk, out _);
            if (sdkAnalyzers.IsEmpty)
            {
                result.Notes.Add("the SDK's CA analyzers could not be loaded; timing shows PERF analyzers only");
            }
        }

        var solution = loaded.Solution;
        if (options.Timing)
        {
            // One untimed pass first, so that the timed one measures analysis, not loading and JIT compilation.
            progress("warming up");
            await AnalyzeProjectAsync(solution.GetProject(loaded.Projects[0])!, sdkAnalyzers, new ScanResult(), cancellationToken, measure: false).ConfigureAwait(false);
        }

        var index = 0;
        foreach (var projectId in loaded.Projects)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var project = solution.GetProject(projectId)!;
            progress($"[{++index}/{loaded.Projects.Count}] analyzing {project.Name} ({SourceFiles(project)} files)");
            await AnalyzeProjectAsync(project, sdkAnalyzers, result, cancellationToken).ConfigureAwait(false);
        }

        // A file compiled by several legs is one file; the build's generated files (obj/) are not the user's.
        result.Files = loaded.Projects.SelectMany(id => solution.GetProject(id)!.Documents)
            .Where(d => d.Name != Loader.ImplicitUsingsFileName && !Loader.IsGenerated(d.FilePath))
            .Select(d => d.FilePath ?? d.Id.ToString()).Distinct(StringComparer.Ordinal).Count();
        if (options.Fix is not null)
        {
            await FixAsync(loaded, result, cancellationToken).ConfigureAwait(false);
        }

        return result;
    }

    private async Task AnalyzeProjectAsync(Project project, ImmutableArray<DiagnosticAnalyzer> sdkAnalyzers, ScanResult result, CancellationToken cancellationToken, bool measure = true)
    {
        var compilation = await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false);
        if (compilation is null)
        {
            result.Notes.Add($"{project.Name}: no compilation");
            return;
        }

        var leg = loaded!.Legs.GetValueOrDefault(project.Id, "");
        if (measure)
        {
            if (leg.Length > 0 && !result.Legs.Contains(leg, StringComparer.OrdinalIgnoreCase))
            {
                result.Legs.Add(leg);
            }

            if (MissingReferences(project, compilation) is { } missing)
            {
                if (!options.AllowMissingReferences)
                {
                    throw new UsageException($"{project.Name}: {missing}; restore it ('dotnet restore') and scan again, or pass --allow-missing-references to scan it anyway");
                }

                result.Notes.Add($"{project.Name}: {missing}; scanned anyway (--allow-missing-references): expect findings to be missing");
            }
        }

        var framework = PerfAnalyzers.Infrastructure.PerfCompilation.Get(compilation, project.AnalyzerOptions).TargetFramework.ToString();
        if (!result.TargetFrameworks.Contains(framework))
        {
            result.TargetFrameworks.Add(framework);
        }

        var analyzers = SelectedAnalyzers.AddRange(sdkAnalyzers);
        if (!sdkAnalyzers.IsEmpty)
        {
            // The counterparts are off or hidden by default; turn them on so that they run and can be timed.
            var specific = compilation.Options.SpecificDiagnosticOptions.SetItems(
                RuleCatalog.SdkCounterparts.Values.SelectMany(v => v).Select(id => new KeyValuePair<string, ReportDiagnostic>(id, ReportDiagnostic.Warn)));
            compilation = compilation.WithOptions(compilation.Options.WithSpecificDiagnosticOptions(specific));
        }

        var withAnalyzers = compilation.WithAnalyzers(analyzers, new CompilationWithAnalyzersOptions(
            project.AnalyzerOptions,
            onAnalyzerException: (e, analyzer, _) => { lock (result) { result.AnalyzerExceptions.Add($"{analyzer}: {e.GetType().Name}: {e.Message}"); } },
            concurrentAnalysis: true,
            logAnalyzerExecutionTime: false,
            reportSuppressedDiagnostics: false));
        // The compiler's diagnostics and the analyzers' in one pass over the compilation.
        var diagnostics = await withAnalyzers.GetAllDiagnosticsAsync(cancellationToken).ConfigureAwait(false);
        if (!measure)
        {
            return;
        }

        var errors = diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error && d.Id.StartsWith("CS", StringComparison.Ordinal))
            .OrderBy(d => d.Location.SourceTree?.FilePath, StringComparer.Ordinal).ThenBy(d => d.Location.SourceSpan.Start).ToList();
        if (errors.Count > 0)
        {
            result.CompilerErrors.Add(new CompilerErrors(project.Name, leg, errors.Count, errors.Take(ErrorsShown).Select(Describe).ToList()));
        }

        foreach (var diagnostic in diagnostics)
        {
            if (diagnostic.Id.StartsWith("PERF", StringComparison.Ordinal) && diagnostic.Severity != DiagnosticSeverity.Hidden || diagnostic.Id == "AD0001")
            {
                Add(result, ToFinding(diagnostic), leg);
            }
        }

        if (options.Timing && measure)
        {
            await new TimedAnalysis(options, progress).MeasureAsync(compilation, project.AnalyzerOptions, sdkDefaultAnalyzers, sdkAnalyzers, SelectedAnalyzers, clocked, result, cancellationToken).ConfigureAwait(false);
        }
    }

    private static int SourceFiles(Project project) => project.Documents.Count(d => d.Name != Loader.ImplicitUsingsFileName && !Loader.IsGenerated(d.FilePath));

    /// <summary>One finding per location; a location reported on several legs lists them all.</summary>
    private void Add(ScanResult result, Finding finding, string leg)
    {
        var key = (finding.Id, finding.File, finding.Line, finding.Column, finding.EndLine, finding.EndColumn);
        if (!findingsByLocation.TryGetValue(key, out var existing))
        {
            findingsByLocation[key] = existing = finding;
            result.Findings.Add(finding);
        }

        if (leg.Length > 0 && !existing.Legs.Contains(leg, StringComparer.OrdinalIgnoreCase))
        {
            existing.Legs.Add(leg);
        }
    }

    /// <summary>
    /// Why the compilation's references cannot be trusted, or null: no core library (no framework reference assemblies
    /// at all), or an SDK-style project that was never restored (its package references are then silently missing).
    /// </summary>
    private static string? MissingReferences(Project project, Compilation compilation)
    {
        if (compilation.GetSpecialType(SpecialType.System_Object).TypeKind == TypeKind.Error)
        {
            return "its reference assemblies are missing (System.Object is not defined; was the project restored?)";
        }

        return Loader.RestoreProblem(project);
    }

    private static string Describe(Diagnostic diagnostic)
    {
        var span = diagnostic.Location.GetLineSpan();
        var where = span.Path is { Length: > 0 } path ? $"{Path.GetFileName(path)}({span.StartLinePosition.Line + 1},{span.StartLinePosition.Character + 1}): " : "";
        return where + diagnostic.Id + ": " + diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
    }

    private static Finding ToFinding(Diagnostic diagnostic)
    {
        var span = diagnostic.Location.GetLineSpan();
        var (verdict, message) = Profiles.ScanProfile.Read(diagnostic, diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
        return new Finding(
            diagnostic.Id,
            diagnostic.Severity,
            span.Path ?? "",
            span.StartLinePosition.Line + 1,
            span.StartLinePosition.Character + 1,
            span.EndLinePosition.Line + 1,
            span.EndLinePosition.Character + 1,
            message,
            diagnostic.Descriptor.HelpLinkUri) { Profile = verdict };
    }
}
