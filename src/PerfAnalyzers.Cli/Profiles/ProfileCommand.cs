using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Cli.Profiles;

/// <summary>
/// <c>perfanalyzers profile</c>: turns traces of real runs into a profile file that ranks and filters findings
/// (docs/profiles.md). Reads traces and profiles and merges them, or runs a command under EventPipe first.
/// </summary>
public static class ProfileCommand
{
    public const string Usage = """
        usage: perfanalyzers profile <trace.nettrace|profile.json>... -o <perf-profile.json> [options]
               perfanalyzers profile -o <perf-profile.json> [options] -- <command> [args]

          <trace.nettrace>       an EventPipe trace with CPU samples (dotnet-trace collect --profile
                                 dotnet-sampled-thread-time, BenchmarkDotNet's EventPipeProfiler, ...)
          <profile.json>         a profile written before: several traces and profiles merge into one,
                                 each weighing by its samples
          -- <command> [args]    run a .NET program under EventPipe and profile it (e.g. -- dotnet app.dll)
          -o, --output <file>    the profile to write (JSON, schema in docs/profiles.md)
          --trace <file>         with a command: keep its trace there too
          --keep-inlining        with a command: leave the JIT's inlining on (by default it is off for the
                                 run, so that small methods keep their own samples)
          --assembly <name>      list every method of this assembly, sampled or not, so that a method the run
                                 never reached reads cold (may be repeated; default: every assembly that came
                                 with its debug information, i.e. built from source, not a package's)
          --assemblies <dir>     where to find the traced program's assemblies when a trace names paths
                                 of another machine (by file name; may be repeated)
          --quiet                no progress on stderr
        """;

    public static async Task<int> RunAsync(IReadOnlyList<string> args, CancellationToken cancellationToken)
    {
        string? output = null, keepTrace = null;
        var inputs = new List<string>();
        var folders = new List<string>();
        var listed = new List<string>();
        var keepInlining = false;
        var quiet = false;
        List<string>? command = null;
        for (var i = 0; i < args.Count; i++)
        {
            switch (args[i])
            {
                case "--":
                    command = args.Skip(i + 1).ToList();
                    i = args.Count;
                    break;
                case "-o" or "--output":
                    output = Next(args, ref i);
                    break;
                case "--trace":
                    keepTrace = Next(args, ref i);
                    break;
                case "--assemblies":
                    folders.Add(Next(args, ref i));
                    break;
                case "--assembly":
                    listed.Add(Next(args, ref i));
                    break;
                case "--keep-inlining":
                    keepInlining = true;
                    break;
                case "--quiet":
                    quiet = true;
                    break;
                case "-h" or "--help":
                    Console.WriteLine(Usage);
                    return 0;
                case var arg when arg.StartsWith('-'):
                    throw new UsageException($"unknown option '{arg}' (see perfanalyzers profile --help)");
                default:
                    inputs.Add(args[i]);
                    break;
            }
        }

        if (output is null)
        {
            throw new UsageException("profile needs -o <file> for the profile it writes");
        }

        if (command is { Count: 0 })
        {
            throw new UsageException("nothing to run after '--'");
        }

        if (command is null && inputs.Count == 0)
        {
            throw new UsageException("profile needs a trace or profile to read, or a command after '--' to run");
        }

        Action<string> progress = quiet ? _ => { } : m => Console.Error.WriteLine("perfanalyzers: " + m);
        var builder = new ProfileBuilder();
        if (command is not null)
        {
            var trace = keepTrace ?? Path.Combine(Path.GetTempPath(), "perfanalyzers-" + Guid.NewGuid().ToString("N") + ".nettrace");
            try
            {
                var exitCode = await ProfileRecorder.RecordAsync(command, trace, keepInlining, progress, cancellationToken).ConfigureAwait(false);
                progress($"the command exited with code {exitCode}");
                Describe(TraceReader.Read(trace, builder, folders, listed, inliningOff: !keepInlining, cancellationToken), progress);
            }
            finally
            {
                if (keepTrace is null)
                {
                    File.Delete(trace);
                }
            }
        }

        foreach (var input in inputs)
        {
            Read(input, builder, folders, listed, progress, cancellationToken);
        }

        if (builder.Samples == 0)
        {
            throw new UsageException("no CPU samples in " + (command is null ? string.Join(", ", inputs.Select(Path.GetFileName)) : "the run") +
                " (was the trace collected with the sample profiler, e.g. dotnet-trace's dotnet-sampled-thread-time profile?)");
        }

        File.WriteAllText(output, builder.ToJson());
        var profile = builder.Build();
        Console.WriteLine(
            $"{output}: {profile.Samples.ToString("N0", CultureInfo.InvariantCulture)} CPU samples from {builder.Sources.Count} source(s), " +
            $"{profile.AttributedSamples.ToString("N0", CultureInfo.InvariantCulture)} ({Percent(profile.AttributedSamples, profile.Samples)}) attributed to source methods; " +
            $"{profile.Methods.Count(m => m.InclusiveSamples > 0)} methods sampled of {builder.MethodCount} listed in {string.Join(", ", profile.Assemblies)}" +
            (profile.InliningDisabled ? "; inlining was off" : "; inlining was on (or not known): small methods may count for their callers"));
        return 0;
    }

    /// <summary>For <c>scan --profile</c>: a profile file, or a trace turned into one.</summary>
    public static string LoadText(string path, Action<string> progress, CancellationToken cancellationToken)
    {
        var builder = new ProfileBuilder();
        Read(path, builder, Array.Empty<string>(), Array.Empty<string>(), progress, cancellationToken);
        if (builder.Samples == 0)
        {
            throw new UsageException($"no CPU samples in {Path.GetFileName(path)}");
        }

        return builder.ToJson();
    }

    private static void Read(string input, ProfileBuilder builder, IReadOnlyList<string> folders, IReadOnlyCollection<string> listed, Action<string> progress, CancellationToken cancellationToken)
    {
        if (!File.Exists(input))
        {
            throw new UsageException($"no such file: {input}");
        }

        if (new FileInfo(input).Length == 0)
        {
            throw new UsageException($"{Path.GetFileName(input)} is empty");
        }

        if (LooksLikeJson(input))
        {
            try
            {
                var profile = Profile.Parse(File.ReadAllText(input));
                builder.Add(profile);
                progress($"{Path.GetFileName(input)}: a profile of {profile.Samples.ToString("N0", CultureInfo.InvariantCulture)} samples");
            }
            catch (FormatException e)
            {
                throw new UsageException($"{Path.GetFileName(input)}: {e.Message}");
            }

            return;
        }

        Describe(TraceReader.Read(input, builder, folders, listed, inliningOff: false, cancellationToken), progress);
    }

    private static void Describe(TraceSummary trace, Action<string> progress)
    {
        progress($"{trace.Name}: {trace.Samples.ToString("N0", CultureInfo.InvariantCulture)} CPU samples, " +
                 $"{trace.AttributedSamples.ToString("N0", CultureInfo.InvariantCulture)} ({Percent(trace.AttributedSamples, trace.Samples)}) in source methods (outside the runtime); every method listed for " +
                 (trace.ProfiledAssemblies.Count == 0 ? "no assembly (none came with debug information: see --assembly)" : string.Join(", ", trace.ProfiledAssemblies)) +
                 $"; {trace.AllocationTicks.ToString("N0", CultureInfo.InvariantCulture)} allocation ticks");
        if (trace.MissingAssemblies.Count > 0)
        {
            progress($"{trace.Name}: assemblies not found (their samples are not attributed; see --assemblies): {string.Join(", ", trace.MissingAssemblies)}");
        }
    }

    private static bool LooksLikeJson(string path)
    {
        using var reader = new StreamReader(path);
        int c;
        while ((c = reader.Read()) >= 0 && char.IsWhiteSpace((char)c))
        {
        }

        return c is '{' or '[';
    }

    private static string Percent(long part, long whole) =>
        (whole == 0 ? 0 : 100.0 * part / whole).ToString("0.0", CultureInfo.InvariantCulture) + "%";

    private static string Next(IReadOnlyList<string> args, ref int i) =>
        i + 1 < args.Count ? args[++i] : throw new UsageException($"{args[i]} needs a value");
}
