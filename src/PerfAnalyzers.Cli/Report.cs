using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using Microsoft.CodeAnalysis;

using PerfAnalyzers.Profiles;
using PerfAnalyzers.Cli.Timing;

namespace PerfAnalyzers.Cli;

/// <summary>Writes a scan result as text, JSON or SARIF 2.1.</summary>
public static class Report
{
    private const int LocationsPerRule = 5;

    private static readonly JsonSerializerOptions JsonOptions = new()
    {
        WriteIndented = true,
        Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
    };

    public static string Write(ScanResult result, ScanOptions options, string basePath) => options.Format switch
    {
        OutputFormat.Json => Json(result, basePath),
        OutputFormat.Sarif => Sarif(result, basePath),
        _ => Text(result, options, basePath),
    };

    /// <summary>" [net8.0, net10.0]": the legs a finding is on, when more than one target framework was analyzed.</summary>
    private static string LegsOf(ScanResult result, Finding finding) =>
        result.Legs.Count > 1 && finding.Legs.Count > 0 ? $" [{string.Join(", ", finding.Legs)}]" : "";

    private static string Relative(string basePath, string file) =>
        file.Length == 0 ? file : Path.GetRelativePath(basePath, file).Replace('\\', '/');

    /// <summary>With a profile: hot findings by share, then unknown, then cold ones (by file and line within each).</summary>
    public static IEnumerable<Finding> ByHeat(IEnumerable<Finding> findings) =>
        findings.OrderBy(f => f.Profile?.Heat switch { ProfileHeat.Hot => 0, ProfileHeat.Cold => 2, _ => 1 })
            .ThenByDescending(f => f.Profile?.SharePercent ?? 0)
            .ThenBy(f => f.File, StringComparer.Ordinal).ThenBy(f => f.Line);

    public static string Text(ScanResult result, ScanOptions options, string basePath)
    {
        var text = new StringBuilder();
        if (options.Profile is not null)
        {
            ProfileText(text, result, options, basePath);
        }

        foreach (var group in options.Profile is not null ? Enumerable.Empty<IGrouping<string, Finding>>() : result.Findings.GroupBy(f => f.Id).OrderBy(g => g.Key, StringComparer.Ordinal))
        {
            var title = RuleCatalog.Descriptors.FirstOrDefault(d => d.Id == group.Key)?.Title.ToString() ?? "analyzer failure";
            var severities = string.Join("/", group.Select(f => f.Severity.ToString().ToLowerInvariant()).Distinct());
            text.Append(CultureInfo.InvariantCulture, $"{group.Key}  {title}  ({group.Count()} {(group.Count() == 1 ? "finding" : "findings")}, {severities})\n");
            foreach (var finding in group.OrderBy(f => f.File, StringComparer.Ordinal).ThenBy(f => f.Line).Take(LocationsPerRule))
            {
                text.Append(CultureInfo.InvariantCulture, $"  {Relative(basePath, finding.File)}({finding.Line},{finding.Column}): {finding.Message}{LegsOf(result, finding)}\n");
            }

            if (group.Count() > LocationsPerRule)
            {
                text.Append(CultureInfo.InvariantCulture, $"  ... and {group.Count() - LocationsPerRule} more\n");
            }

            text.Append(CultureInfo.InvariantCulture, $"  {group.First().HelpUri}\n\n");
        }

        var rules = result.Findings.Select(f => f.Id).Distinct().Count();
        text.Append(CultureInfo.InvariantCulture,
            $"Summary: {result.Findings.Count} {(result.Findings.Count == 1 ? "finding" : "findings")} from {rules} {(rules == 1 ? "rule" : "rules")} in {result.Files} files, {result.Projects} {(result.Projects == 1 ? "project" : "projects")} ({(result.TargetFrameworks.Count == 1 ? "target" : "targets")}: {string.Join(", ", result.TargetFrameworks)})\n");
        foreach (var errors in result.CompilerErrors)
        {
            text.Append(CultureInfo.InvariantCulture, $"Compiler errors: {errors.Project}{(errors.Leg.Length > 0 && !errors.Project.Contains(errors.Leg, StringComparison.Ordinal) ? $" ({errors.Leg})" : "")} has {errors.Count} of its own before any fix; findings near them may be missing\n");
            foreach (var error in errors.First)
            {
                text.Append("  ").Append(error).Append('\n');
            }
        }

        foreach (var (id, count) in result.Fixed.OrderBy(f => f.Key, StringComparer.Ordinal))
        {
            text.Append(CultureInfo.InvariantCulture, $"Fixed: {count} {id}\n");
        }

        if (options.Fix is not null)
        {
            var legs = result.Legs.Count > 1 ? $" (every leg: {string.Join(", ", result.Legs)})" : "";
            text.Append(result.NewErrors.Count == 0
                ? $"Recompiled after fixing{legs}: no new compiler errors\n"
                : $"Recompiled after fixing{legs}: {result.NewErrors.Count} new compiler errors\n  " + string.Join("\n  ", result.NewErrors) + "\n");
        }

        foreach (var exception in result.AnalyzerExceptions)
        {
            text.Append("Analyzer exception: ").Append(exception).Append('\n');
        }

        foreach (var note in result.Notes)
        {
            text.Append("Note: ").Append(note).Append('\n');
        }

        if (options.Timing)
        {
            text.Append('\n').Append(TimingTable(result));
            var targets = TargetsTable(result);
            if (targets.Length > 0)
            {
                text.Append('\n').Append(targets);
            }
        }

        return text.ToString();
    }

    /// <summary>
    /// A Markdown table: the compiler's own time (one thread, wall clock), then each analyzer's time inside its callbacks (Roslyn telemetry,
    /// all analyzers side by side in one run) and its share of the compiler's time.
    /// </summary>
    public static string TimingTable(ScanResult result)
    {
        var compile = result.Timing.CompilationTime.TotalMilliseconds;
        var text = new StringBuilder();
        text.Append(CultureInfo.InvariantCulture, $"| Analyzer | Rules | Time (ms, median of {result.Timing.Runs}) | % of compiler | Range of the runs (ms) | Findings | Of which reporting them (ms) | Analysis alone, % of compiler |\n|---|---|---:|---:|---:|---:|---:|---:|\n");
        text.Append(CultureInfo.InvariantCulture, $"| (compiler: binding and flow analysis, one thread) | | {compile:F0} | 100.0 | {result.Timing.CompilationMin.TotalMilliseconds:F0}–{result.Timing.CompilationMax.TotalMilliseconds:F0} | | | |\n");
        foreach (var timing in result.Timing.Timings.OrderBy(t => t.Analyzer is TimingResult.AllPerf or TimingResult.AllSdkDefaults).ThenBy(t => t.IsDispatcher).ThenBy(t => t.IsSdk).ThenBy(t => t.Rules, StringComparer.Ordinal))
        {
            var ms = timing.Time.TotalMilliseconds;
            var name = timing.Analyzer is TimingResult.AllPerf or TimingResult.AllSdkDefaults ? "**" + timing.Analyzer + "**" : (timing.IsSdk ? "SDK " : "") + timing.Analyzer;
            // The reporting of a PERF analyzer's findings, timed apart (ScanResult.Reporting); the rest is its analysis.
            var perfRules = timing.IsSdk ? [] : timing.Rules.Split(',', StringSplitOptions.RemoveEmptyEntries);
            var findings = timing.Analyzer == TimingResult.AllPerf ? result.Timing.Findings.Where(f => f.Key.StartsWith("PERF", StringComparison.Ordinal)).Sum(f => f.Value)
                : perfRules.Sum(r => result.Timing.Findings.GetValueOrDefault(r));
            var reporting = timing.Analyzer == TimingResult.AllPerf ? result.Reporting.All.TotalMilliseconds
                : perfRules.Sum(r => result.Reporting.PerRule.GetValueOrDefault(r).TotalMilliseconds);
            var alone = Math.Max(0, ms - reporting);
            var reportingCells = timing.IsSdk || timing.Analyzer == TimingResult.AllSdkDefaults
                ? " | |"
                : $" {findings} | {reporting:F1} | {(compile > 0 ? 100 * alone / compile : 0):F2} |";
            text.Append(CultureInfo.InvariantCulture, $"| {name} | {timing.Rules} | {ms:F1} | {(compile > 0 ? 100 * ms / compile : 0):F2} | {timing.Min.TotalMilliseconds:F1}–{timing.Max.TotalMilliseconds:F1} |{reportingCells}\n");
        }

        foreach (var dispatcher in result.Timing.Timings.Where(t => t.IsDispatcher))
        {
            // The rules' rows come from a clock in a second analysis (less the clock's own cost per callback); the
            // dispatcher's from Roslyn's telemetry without the clock. The difference is the dispatch itself: reading each
            // operation's key and the table lookup.
            var ids = dispatcher.Rules.Split(',', StringSplitOptions.RemoveEmptyEntries);
            var rules = result.Timing.Timings.Where(t => !t.IsSdk && !t.IsDispatcher && t.Analyzer != TimingResult.AllPerf && ids.Contains(t.Rules)).Sum(t => t.Time.TotalMilliseconds);
            var whole = dispatcher.Time.TotalMilliseconds;
            text.Append(CultureInfo.InvariantCulture,
                $"\n{dispatcher.Analyzer}: {whole:F1} ms in Roslyn's telemetry; its {ids.Length} rules' rows add up to {rules:F1} ms (each rule timed by a clock in a second analysis, less the clock's own {result.Timing.ClockOverheadNanoseconds:F0} ns per callback, measured); the dispatch itself, the rest: {Math.Max(0, whole - rules):F1} ms\n");
            var setups = result.Timing.Setup.Where(p => ids.Contains(p.Key) && p.Value.TotalMilliseconds >= 0.05).OrderByDescending(p => p.Value)
                .Select(p => string.Create(CultureInfo.InvariantCulture, $"{p.Key} {p.Value.TotalMilliseconds:F1}")).ToList();
            text.Append(CultureInfo.InvariantCulture,
                $"Of the rules' rows, compilation-start setup (resolving types, reading options, registering): {result.Timing.Setup.Where(p => ids.Contains(p.Key)).Sum(p => p.Value.TotalMilliseconds):F1} ms{(setups.Count > 0 ? " (" + string.Join(", ", setups) + " ms)" : "")}\n");
        }

        if (result.Floors.Count > 0)
        {
            text.Append("\nCallbacks that do nothing (--floor), timed in the same runs: what Roslyn charges a rule for registering these kinds here.\n\n");
            text.Append(CultureInfo.InvariantCulture, $"| Registered for | Callbacks per analysis | Time (ms, median of {result.Timing.Runs}) | % of compiler | µs per callback |\n|---|---:|---:|---:|---:|\n");
            foreach (var floor in result.Floors)
            {
                var ms = floor.Time.TotalMilliseconds;
                var perCall = floor.Calls > 0 ? 1000 * ms / floor.Calls : 0;
                text.Append(CultureInfo.InvariantCulture, $"| {floor.Kinds} | {floor.Calls} | {ms:F2} | {(compile > 0 ? 100 * ms / compile : 0):F2} | {perCall:F3} |\n");
            }
        }

        if (result.Hollow.Time.Count > 0)
        {
            var clock = result.Hollow.ClockReadNanoseconds;
            text.Append("\nHollow twins (--hollow): each PERF analyzer again, its setup done and every callback it registers emptied, in an " +
                        "analysis of their own after each timed one, each twin in its rule's place. \"Before its own work\" is the twin's time: " +
                        "Roslyn's charge for what the rule registers, and its setup " +
                        "(the shared per-compilation model is charged to the first analyzer to ask for it). \"Callbacks' own work\" is the " +
                        "analysis alone minus that. " +
                        FormattableString.Invariant($"Of the first, the telemetry's clock: Roslyn reads it before and after each callback, and about one read ({clock:F0} ns here, measured) ") +
                        "lies inside the time it records per callback; a build that does not ask for the telemetry (-p:ReportAnalyzer=true) does not read it.\n\n");
            text.Append("| Analyzer | Rules | Before its own work (ms) | % of compiler | Callbacks' own work (ms) | % of compiler | Callbacks | Of which the clock (ms) | % of compiler |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
            foreach (var timing in result.Timing.Timings.Where(t => !t.IsSdk && t.Analyzer != TimingResult.AllSdkDefaults)
                         .OrderBy(t => t.Analyzer == TimingResult.AllPerf).ThenBy(t => t.Rules, StringComparer.Ordinal))
            {
                if (!result.Hollow.Time.TryGetValue(timing.Analyzer, out var hollow))
                {
                    continue;
                }

                var perfRules = timing.Rules.Split(',', StringSplitOptions.RemoveEmptyEntries);
                var reporting = timing.Analyzer == TimingResult.AllPerf ? result.Reporting.All.TotalMilliseconds
                    : perfRules.Sum(r => result.Reporting.PerRule.GetValueOrDefault(r).TotalMilliseconds);
                var before = hollow.TotalMilliseconds;
                var own = Math.Max(0, timing.Time.TotalMilliseconds - reporting - before);
                var calls = result.Hollow.Calls.GetValueOrDefault(timing.Analyzer);
                var clockMs = Math.Min(before, calls * clock / 1e6);
                var name = timing.Analyzer == TimingResult.AllPerf ? "**" + timing.Analyzer + "**" : timing.Analyzer;
                text.Append(CultureInfo.InvariantCulture,
                    $"| {name} | {timing.Rules} | {before:F1} | {Share(before)} | {own:F1} | {Share(own)} | {calls} | {clockMs:F2} | {Share(clockMs)} |\n");
            }

            string Share(double ms) => (compile > 0 ? 100 * ms / compile : 0).ToString("F2", CultureInfo.InvariantCulture);
        }

        if (result.Timing.Collections > 0)
        {
            text.Append(CultureInfo.InvariantCulture,
                $"\nGarbage collections during the timed runs: {result.Timing.Collections} ({result.Timing.Pauses.TotalMilliseconds:F0} ms of pauses, charged to the callbacks they interrupted)\n");
        }

        return text.ToString();
    }

    /// <summary>
    /// The cost targets, computed from the timing rows: each PERF rule's analyzer costs no more than the SDK rules that
    /// overlap it (summed), and all PERF analyzers together stay under <see cref="MaxPerfShareOfCompiler"/> of the
    /// compiler's time. Empty when the SDK's analyzers were not timed.
    /// </summary>
    public static string TargetsTable(ScanResult result)
    {
        var compile = result.Timing.CompilationTime.TotalMilliseconds;
        var sdk = result.Timing.Timings.Where(t => t.IsSdk && t.Analyzer != TimingResult.AllSdkDefaults).ToList();
        if (sdk.Count == 0 || compile <= 0)
        {
            return "";
        }

        var text = new StringBuilder();
        text.Append("| PERF rule | PERF (ms) | PERF findings | SDK counterparts | SDK (ms) | SDK findings | Target: PERF <= SDK |\n|---|---:|---:|---|---:|---:|---|\n");
        foreach (var (id, counterparts) in RuleCatalog.SdkCounterparts.OrderBy(p => p.Key, StringComparer.Ordinal))
        {
            var perf = result.Timing.Timings.Where(t => !t.IsSdk && HasRule(t, id)).ToList();
            var theirs = sdk.Where(t => counterparts.Any(c => HasRule(t, c))).ToList();
            if (perf.Count == 0 || theirs.Count == 0)
            {
                continue;
            }

            var perfMs = perf.Sum(t => t.Time.TotalMilliseconds);
            var sdkMs = theirs.Sum(t => t.Time.TotalMilliseconds);
            text.Append(CultureInfo.InvariantCulture,
                $"| {id} | {perfMs:F1} | {result.Timing.Findings.GetValueOrDefault(id)} | {string.Join(" + ", counterparts)} | {sdkMs:F1} | {counterparts.Sum(c => result.Timing.Findings.GetValueOrDefault(c))} | {(perfMs <= sdkMs ? "met" : "missed")} |\n");
        }

        var all = result.Timing.Timings.FirstOrDefault(t => t.Analyzer == TimingResult.AllPerf);
        if (all is not null)
        {
            var share = all.Time.TotalMilliseconds / compile;
            text.Append(CultureInfo.InvariantCulture,
                $"\nAll PERF analyzers: {all.Time.TotalMilliseconds:F1} ms = {100 * share:F2}% of the compiler's {compile:F0} ms (target < {100 * MaxPerfShareOfCompiler:F0}%: {(share < MaxPerfShareOfCompiler ? "met" : "missed")})\n");
            var over = result.Timing.Timings.Where(t => !t.IsSdk && !t.IsDispatcher && t.Analyzer != TimingResult.AllPerf && t.Time.TotalMilliseconds / compile > MaxAnalyzerShareOfCompiler).Select(t => t.Rules).ToList();
            text.Append(CultureInfo.InvariantCulture,
                $"PERF analyzers above {100 * MaxAnalyzerShareOfCompiler:F1}% of the compiler's time each: {(over.Count == 0 ? "none (target met)" : string.Join(", ", over) + " (target missed)")}\n");
        }

        return text.ToString();
    }

    /// <summary>The package's cost targets (README "Standards"): every PERF analyzer together under 2% of the compiler's time, none above 0.5%.</summary>
    public const double MaxPerfShareOfCompiler = 0.02;

    public const double MaxAnalyzerShareOfCompiler = 0.005;

    private static bool HasRule(AnalyzerTiming timing, string id) =>
        timing.Rules.Split(',').Contains(id, StringComparer.Ordinal);

    /// <summary>Every finding, hottest first, each with its label; the counts of hot, cold and unknown after.</summary>
    private static void ProfileText(StringBuilder text, ScanResult result, ScanOptions options, string basePath)
    {
        text.Append(CultureInfo.InvariantCulture, $"Findings by the profile {Path.GetFileName(options.Profile)}, hottest first{(options.HotOnly is { } t ? $" (--hot-only {t.ToString(CultureInfo.InvariantCulture)}%: cold ones left out)" : "")}:\n");
        var ranked = ByHeat(result.Findings).ToList();
        foreach (var finding in ranked.Take(ProfiledShown))
        {
            text.Append(CultureInfo.InvariantCulture, $"  [{finding.Profile?.Label ?? "not ranked"}] {Relative(basePath, finding.File)}({finding.Line},{finding.Column}): {finding.Id}: {finding.Message}{LegsOf(result, finding)}\n");
        }

        if (ranked.Count > ProfiledShown)
        {
            text.Append(CultureInfo.InvariantCulture, $"  ... and {ranked.Count - ProfiledShown} more (--format json lists all)\n");
        }

        int Count(ProfileHeat heat) => ranked.Count(f => f.Profile?.Heat == heat);
        text.Append(CultureInfo.InvariantCulture, $"Profile: {Count(ProfileHeat.Hot)} hot, {Count(ProfileHeat.Cold)} cold, {Count(ProfileHeat.Unknown)} unknown (not in the profile), {ranked.Count(f => f.Profile is null)} not ranked (PERF006)\n\n");
    }

    private const int ProfiledShown = 40;

    private static object? ProfileJson(Finding f) => f.Profile is not { } p ? null : new
    {
        heat = p.Heat.ToString().ToLowerInvariant(),
        share = Math.Round(p.SharePercent, 3),
        rank = p.Rank,
        label = p.Label,
    };

    private static string Json(ScanResult result, string basePath)
    {
        var document = new
        {
            findings = result.Findings.Select(f => new
            {
                id = f.Id,
                severity = f.Severity.ToString().ToLowerInvariant(),
                file = Relative(basePath, f.File),
                line = f.Line,
                column = f.Column,
                message = f.Message,
                helpUri = f.HelpUri,
                legs = f.Legs,
                profile = ProfileJson(f),
            }),
            summary = new
            {
                findings = result.Findings.Count,
                rules = result.Findings.Select(f => f.Id).Distinct().Count(),
                files = result.Files,
                projects = result.Projects,
                targetFrameworks = result.TargetFrameworks,
                legs = result.Legs,
                byRule = result.Findings.GroupBy(f => f.Id).OrderBy(g => g.Key, StringComparer.Ordinal).ToDictionary(g => g.Key, g => g.Count()),
            },
            compilerErrors = result.CompilerErrors.Select(e => new { project = e.Project, leg = e.Leg, count = e.Count, first = e.First }),
            @fixed = result.Fixed,
            newErrors = result.NewErrors,
            timing = result.Timing.CompilationTime == TimeSpan.Zero ? null : new
            {
                runs = result.Timing.Runs,
                compilationMs = result.Timing.CompilationTime.TotalMilliseconds,
                compilationMsRange = new[] { result.Timing.CompilationMin.TotalMilliseconds, result.Timing.CompilationMax.TotalMilliseconds },
                analyzers = result.Timing.Timings.Select(t => new { analyzer = t.Analyzer, rules = t.Rules, sdk = t.IsSdk, ms = t.Time.TotalMilliseconds, msRange = new[] { t.Min.TotalMilliseconds, t.Max.TotalMilliseconds } }),
            },
            analyzerExceptions = result.AnalyzerExceptions,
            notes = result.Notes,
        };
        return JsonSerializer.Serialize(document, JsonOptions) + "\n";
    }

    private static string Sarif(ScanResult result, string basePath)
    {
        var ids = result.Findings.Select(f => f.Id).Distinct().OrderBy(id => id, StringComparer.Ordinal).ToList();
        var document = new
        {
            version = "2.1.0",
            runs = new[]
            {
                new
                {
                    tool = new
                    {
                        driver = new
                        {
                            name = "PerfAnalyzers",
                            version = typeof(Rules).Assembly.GetName().Version?.ToString(3),
                            informationUri = "https://github.com/perfanalyzers/perfanalyzers",
                            rules = ids.Select(id => RuleCatalog.Descriptors.FirstOrDefault(d => d.Id == id) is { } d
                                ? new { id, shortDescription = new { text = d.Title.ToString() }, helpUri = d.HelpLinkUri, defaultConfiguration = new { level = Level(d.DefaultSeverity) } }
                                : new { id, shortDescription = new { text = id }, helpUri = "", defaultConfiguration = new { level = "error" } }),
                        },
                    },
                    invocations = new[]
                    {
                        new
                        {
                            executionSuccessful = result.AnalyzerExceptions.Count == 0,
                            toolExecutionNotifications = result.CompilerErrors.Select(e => new
                            {
                                level = "warning",
                                message = new { text = $"{e.Project}{(e.Leg.Length > 0 ? $" ({e.Leg})" : "")} has {e.Count} compiler errors of its own; findings near them may be missing. First: {string.Join(" | ", e.First)}" },
                            }),
                        },
                    },
                    results = result.Findings.Select(f => new
                    {
                        ruleId = f.Id,
                        level = Level(f.Severity),
                        rank = f.Profile?.Rank ?? -1.0,
                        message = new { text = f.Message },
                        locations = new[]
                        {
                            new
                            {
                                physicalLocation = new
                                {
                                    artifactLocation = new { uri = Relative(basePath, f.File) },
                                    region = new { startLine = f.Line, startColumn = f.Column, endLine = f.EndLine, endColumn = f.EndColumn },
                                },
                            },
                        },
                        properties = new { legs = f.Legs, profile = ProfileJson(f) },
                    }),
                },
            },
        };
        var json = JsonSerializer.Serialize(document, JsonOptions);
        return json.Insert(1, "\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",") + "\n";
    }

    private static string Level(DiagnosticSeverity severity) => severity switch
    {
        DiagnosticSeverity.Error => "error",
        DiagnosticSeverity.Warning => "warning",
        _ => "note",
    };
}
