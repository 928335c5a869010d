using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace PerfAnalyzers.Cli;

public enum OutputFormat
{
    Text,
    Json,
    Sarif,
}

/// <summary>The parsed command line of <c>perfanalyzers scan</c>.</summary>
public sealed class ScanOptions
{
    public string Path { get; set; } = "";

    public OutputFormat Format { get; set; } = OutputFormat.Text;

    public string? TargetFramework { get; set; }

    /// <summary>Exit 1 when a finding has at least this severity; null: never.</summary>
    public DiagnosticSeverity? FailOn { get; set; }

    public bool Timing { get; set; }

    public bool CompareSdk { get; set; }

    /// <summary>With --timing: runs per measurement; the median is reported with the range of the runs.</summary>
    public int Repeat { get; set; } = DefaultRepeat;

    /// <summary>One run on a loaded 2-core machine read 12% where the median of three read 2.9% (issue #17).</summary>
    public const int DefaultRepeat = 3;

    /// <summary>
    /// With --timing: untimed runs first. The JIT recompiles the compiler's and the analyzers' hot code for many runs
    /// (tiered compilation, dynamic PGO): on Humanizer the compiler's pass went 741, 518, 426 ... 208 ms over the first
    /// nine runs, and all PERF analyzers read 74-123 ms after 3 warm-up runs, 44 ms (33-67) after 8 and 34 ms (32-35)
    /// after 16, so timing the early runs timed the JIT. A build server (VBCSCompiler) and the IDE run warm.
    /// </summary>
    public int Warmup { get; set; } = DefaultWarmup;

    public const int DefaultWarmup = 12;

    /// <summary>
    /// With --timing: no declaration pass before the analyzers (see <see cref="Timing.DeclarationPass"/>), so the first analyzer
    /// to touch a declaration is charged for binding it, as the first one to get there is in a build.
    /// </summary>
    public bool FirstTouch { get; set; }

    /// <summary>With --timing: also time analyzers whose callbacks do nothing (see <see cref="Timing.EmptyCallbacks"/>).</summary>
    public bool Floor { get; set; }

    /// <summary>With --timing: also time each PERF analyzer's hollow twin (see <see cref="Timing.HollowAnalyzer"/>).</summary>
    public bool Hollow { get; set; }

    /// <summary>Null: no fixing. Empty: every rule with a fix.</summary>
    public List<string>? Fix { get; set; }

    public bool Quiet { get; set; }

    /// <summary>Null: every rule. Otherwise only the analyzers of these rule ids run (findings, fixes, timing).</summary>
    public List<string>? Rules { get; set; }

    /// <summary>A profile of a real run (<c>perf-profile.json</c> or a <c>.nettrace</c>) that ranks the findings (docs/profiles.md).</summary>
    public string? Profile { get; set; }

    /// <summary>With a profile: leave out findings in methods below this share of the samples (percent); null: keep them, labelled.</summary>
    public double? HotOnly { get; set; }

    /// <summary>Go on when a compilation has no reference assemblies (a failed restore) instead of stopping with exit 2.</summary>
    public bool AllowMissingReferences { get; set; }

    /// <summary>MSBuild global properties for loading projects (<c>-p:Name=Value</c>), e.g. Configuration or TargetFrameworks.</summary>
    public Dictionary<string, string> Properties { get; } = new(StringComparer.OrdinalIgnoreCase);

    public const string Usage = """
        usage: perfanalyzers scan <path> [options]

          <path>                 a .sln, .slnx or .csproj (loaded with MSBuild: every target framework of a
                                 multi-targeted project is analyzed, with its own references), or a folder
                                 of .cs files (compiled for one target framework, see --tfm)
          --format text|json|sarif   output format (default text)
          --tfm <moniker>        a project: analyze only this target framework of it (e.g. netstandard2.0);
                                 a folder: compile it for this target, against its real reference assemblies
                                 (netstandard2.0, net472, net8.0, net9.0, net10.0 bundled, others from the
                                 SDK's targeting packs; default: the running .NET)
          --fail-on <severity>   exit 1 when a finding is at least error|warning|info|hidden (default: never)
          --timing               each PERF analyzer's execution time, and the compilation's own
          --compare-sdk          with --timing: the SDK's overlapping CA rules timed in the same run
          --repeat <n>           with --timing: measure n times, report the median and the range (default 3)
          --warmup <n>           with --timing: untimed runs before the measured ones, so that the JIT has
                                 compiled the hot code as in a warm build server or IDE (default 12)
          --floor                with --timing: also time callbacks that do nothing, per operation kind: what
                                 Roslyn charges a rule for registering that kind, before the rule's own work
          --hollow               with --timing: also time each PERF analyzer with its setup done and every
                                 callback it registers emptied: what it pays before its callbacks' own work
          --first-touch          with --timing: no declaration pass first; an analyzer that reads a declaration
                                 before the compiler has bound it is charged for binding it
          --rules <ids>          run only these rules (comma-separated, e.g. PERF004,PERF014): findings,
                                 fixes and timing
          --fix [ids]            apply the fixes (Fix All) of all rules, or of the given ids, then recompile
          --profile <file>       rank findings by a profile of a real run (perf-profile.json from
                                 'perfanalyzers profile', or a .nettrace): hottest first, each labelled hot,
                                 cold or unknown (docs/profiles.md)
          --hot-only [percent]   with --profile: leave out findings in methods whose own code took less than
                                 this share of the samples (default 0.1)
          --quiet                no progress on stderr
          -p:<name>=<value>      an MSBuild property for loading projects, as 'dotnet build -p:' takes it
                                 (one per -p; a value may hold ';', e.g. -p:TargetFrameworks=net472;net8.0)
          --allow-missing-references  scan a compilation whose reference assemblies are missing (a failed
                                 restore) instead of stopping with exit code 2
        """;

    /// <summary>Parses the arguments after <c>scan</c>; throws <see cref="UsageException"/> with a one-line message.</summary>
    public static ScanOptions Parse(IReadOnlyList<string> args)
    {
        var options = new ScanOptions();
        for (var i = 0; i < args.Count; i++)
        {
            var arg = args[i];
            switch (arg)
            {
                case "--format":
                    options.Format = Next(args, ref i, arg).ToLowerInvariant() switch
                    {
                        "text" => OutputFormat.Text,
                        "json" => OutputFormat.Json,
                        "sarif" => OutputFormat.Sarif,
                        var other => throw new UsageException($"unknown format '{other}' (use text, json or sarif)"),
                    };
                    break;
                case "--tfm":
                    options.TargetFramework = Next(args, ref i, arg);
                    break;
                case "--fail-on":
                    options.FailOn = Next(args, ref i, arg).ToLowerInvariant() switch
                    {
                        "error" => DiagnosticSeverity.Error,
                        "warning" => DiagnosticSeverity.Warning,
                        "info" => DiagnosticSeverity.Info,
                        "hidden" => DiagnosticSeverity.Hidden,
                        var other => throw new UsageException($"unknown severity '{other}' (use error, warning, info or hidden)"),
                    };
                    break;
                case "--timing":
                    options.Timing = true;
                    break;
                case "--compare-sdk":
                    options.CompareSdk = true;
                    options.Timing = true;
                    break;
                case "--fix":
                    options.Fix = new List<string>();
                    while (i + 1 < args.Count && !args[i + 1].StartsWith("-", StringComparison.Ordinal) && args[i + 1].StartsWith("PERF", StringComparison.OrdinalIgnoreCase))
                    {
                        foreach (var id in args[++i].Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
                        {
                            options.Fix.Add(id.ToUpperInvariant());
                        }
                    }

                    break;
                case "--rules":
                    options.Rules = Next(args, ref i, arg).Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
                        .Select(id => id.ToUpperInvariant()).ToList();
                    break;
                case "--repeat":
                    options.Repeat = int.TryParse(Next(args, ref i, arg), out var repeat) && repeat is > 0 and <= 50
                        ? repeat
                        : throw new UsageException("--repeat needs a number from 1 to 50");
                    break;
                case "--warmup":
                    options.Warmup = int.TryParse(Next(args, ref i, arg), out var warmup) && warmup is >= 0 and <= 50
                        ? warmup
                        : throw new UsageException("--warmup needs a number from 0 to 50");
                    break;
                case "--floor":
                    options.Floor = true;
                    break;
                case "--hollow":
                    options.Hollow = true;
                    break;
                case "--first-touch":
                    options.FirstTouch = true;
                    break;
                case "--quiet":
                    options.Quiet = true;
                    break;
                case "--profile":
                    options.Profile = Next(args, ref i, arg);
                    break;
                case "--hot-only":
                    options.HotOnly = PerfAnalyzers.Profiles.ProfileGate.ThresholdOption.Default;
                    if (i + 1 < args.Count && double.TryParse(args[i + 1].TrimEnd('%'), System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture, out var percent))
                    {
                        options.HotOnly = percent is >= 0 and <= 100 ? percent : throw new UsageException("--hot-only takes a percentage from 0 to 100");
                        i++;
                    }

                    break;
                case "--allow-missing-references":
                    options.AllowMissingReferences = true;
                    break;
                case "--property":
                    AddProperty(options, Next(args, ref i, arg));
                    break;
                case var _ when arg.StartsWith("-p:", StringComparison.Ordinal) || arg.StartsWith("/p:", StringComparison.Ordinal) || arg.StartsWith("--property:", StringComparison.Ordinal):
                    AddProperty(options, arg.Substring(arg.IndexOf(':') + 1));
                    break;
                default:
                    if (arg.StartsWith("-", StringComparison.Ordinal))
                    {
                        throw new UsageException($"unknown option '{arg}'");
                    }

                    if (options.Path.Length != 0)
                    {
                        throw new UsageException($"only one path can be scanned (got '{options.Path}' and '{arg}')");
                    }

                    options.Path = arg;
                    break;
            }
        }

        if (options.Path.Length == 0)
        {
            throw new UsageException("missing <path> to scan");
        }

        if (options.HotOnly is not null && options.Profile is null)
        {
            throw new UsageException("--hot-only needs --profile <file>");
        }

        return options;
    }

    private static void AddProperty(ScanOptions options, string assignment)
    {
        var equals = assignment.IndexOf('=');
        if (equals <= 0)
        {
            throw new UsageException($"-p needs <name>=<value> (got '{assignment}')");
        }

        options.Properties[assignment.Substring(0, equals).Trim()] = assignment.Substring(equals + 1).Replace("%3B", ";", StringComparison.OrdinalIgnoreCase);
    }

    private static string Next(IReadOnlyList<string> args, ref int i, string option) =>
        i + 1 < args.Count ? args[++i] : throw new UsageException($"{option} needs a value");
}

/// <summary>A user error: printed as one line, exit code 2.</summary>
public sealed class UsageException(string message) : Exception(message);
