using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Diagnostics.Tracing;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Diagnostics.NETCore.Client;
using Microsoft.Diagnostics.Tracing.Parsers;

namespace PerfAnalyzers.Cli.Profiles;

/// <summary>
/// Runs a command under an EventPipe session (Microsoft.Diagnostics.NETCore.Client) and writes its trace: the runtime
/// of the started process connects to a diagnostic port this tool listens on and waits, suspended, until the session
/// has started, so the trace holds the whole run. The session asks for the sample profiler (every thread's stack about
/// once a millisecond), the JIT's and loader's method and module events (to name the sampled code) and the GC's
/// allocation ticks. Inlining is turned off for the run (<c>DOTNET_JitNoInline=1</c>) unless asked otherwise: the JIT
/// inlines small methods into their callers, and their samples would then count for the caller (docs/profiles.md
/// measures it). Only the started process is traced; the port is taken out of its environment before it runs, so
/// processes it starts are not held waiting.
/// </summary>
public static class ProfileRecorder
{
    public static async Task<int> RecordAsync(IReadOnlyList<string> command, string tracePath, bool keepInlining, Action<string> progress, CancellationToken cancellationToken)
    {
        var port = Path.Combine(Path.GetTempPath(), "perfanalyzers-" + Guid.NewGuid().ToString("N").Substring(0, 12) + ".sock");
        using var connectTimeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        var connecting = DiagnosticsClientConnector.FromDiagnosticPort(port, connectTimeout.Token);
        var start = new ProcessStartInfo(command[0]) { UseShellExecute = false };
        for (var i = 1; i < command.Count; i++)
        {
            start.ArgumentList.Add(command[i]);
        }

        start.Environment["DOTNET_DiagnosticPorts"] = port + ",suspend";
        if (!keepInlining)
        {
            start.Environment["DOTNET_JitNoInline"] = "1";
        }

        Process process;
        try
        {
            process = Process.Start(start) ?? throw new UsageException($"could not start '{command[0]}'");
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            throw new UsageException($"could not start '{command[0]}': {e.Message}");
        }

        using (process)
        {
            // A program that is not .NET never connects: stop waiting when it exits.
            var exited = process.WaitForExitAsync(cancellationToken);
            if (await Task.WhenAny(connecting, exited).ConfigureAwait(false) != connecting)
            {
                connectTimeout.Cancel();
                throw new UsageException($"'{command[0]}' exited (code {process.ExitCode}) without a .NET runtime connecting to the diagnostic port; profile a .NET program (e.g. dotnet app.dll)");
            }

            await using var connector = await connecting.ConfigureAwait(false);
            var client = connector.Instance;
            var providers = new[]
            {
                new EventPipeProvider("Microsoft-DotNETCore-SampleProfiler", EventLevel.Informational),
                new EventPipeProvider(
                    "Microsoft-Windows-DotNETRuntime",
                    EventLevel.Verbose,
                    (long)(ClrTraceEventParser.Keywords.Jit | ClrTraceEventParser.Keywords.Loader | ClrTraceEventParser.Keywords.GC)),
            };
            using var session = client.StartEventPipeSession(providers, requestRundown: true, circularBufferMB: 256);
            client.SetEnvironmentVariable("DOTNET_DiagnosticPorts", "");
            client.ResumeRuntime();
            progress($"profiling process {process.Id}: {string.Join(' ', command)}");
            await using (var file = File.Create(tracePath))
            {
                await session.EventStream.CopyToAsync(file, cancellationToken).ConfigureAwait(false);
            }

            await exited.ConfigureAwait(false);
            return process.ExitCode;
        }
    }
}
