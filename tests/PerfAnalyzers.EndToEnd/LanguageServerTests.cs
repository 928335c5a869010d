using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using PerfAnalyzers.EndToEnd.LanguageServer;
using Xunit;
using Xunit.Abstractions;

namespace PerfAnalyzers.EndToEnd;

/// <summary>
/// The package in a real editor host: the <c>csharp-ls</c> language server (pinned in <c>.config/dotnet-tools.json</c>)
/// started over stdio on consumers of the packed package, driven as an editor drives it (initialize, configuration
/// with analyzers on, didOpen, pull diagnostics, didChange, codeAction). What it shows is compared with what
/// <c>dotnet build</c> prints for the same project.
/// </summary>
[Collection(PackageCollection.Name)]
public sealed class LanguageServerTests(PackageFixture fixture, ITestOutputHelper output)
{
    private static readonly TimeSpan LoadTimeout = TimeSpan.FromMinutes(5);

    [Fact]
    public async Task Each_rule_of_the_samples_shows_with_its_range_severity_and_help_link()
    {
        var consumer = fixture.Copy(fixture.Modern);
        var (code, buildOutput, diagnostics) = consumer.Build();
        Assert.True(code == 0, buildOutput);
        var built = diagnostics.Where(d => d.Id.StartsWith("PERF", StringComparison.Ordinal))
            .Select(d => (File: Path.GetFileName(d.File), d.Line, d.Column, d.Id, Severity: d.Severity == "error" ? 1 : 2))
            .Distinct().OrderBy(d => d.File).ThenBy(d => d.Line).ThenBy(d => d.Column).ToList();
        Assert.NotEmpty(built);

        using var server = await LspClient.StartAsync(fixture.Root, consumer.Directory);
        var shown = await PullAllAsync(server, consumer.Directory);
        var seen = shown.Select(d => (d.File, Line: d.Line + 1, Column: d.Character + 1, Id: d.Code, d.Severity))
            .OrderBy(d => d.File).ThenBy(d => d.Line).ThenBy(d => d.Column).ToList();

        output.WriteLine("What csharp-ls showed, per rule (build: dotnet build of the same project):");
        foreach (var d in shown.OrderBy(d => d.Code))
        {
            output.WriteLine($"{d.Code} {d.File}:{d.Line + 1}:{d.Character + 1}-{d.EndLine + 1}:{d.EndCharacter + 1} severity {d.Severity} {d.HelpLink}");
        }

        Assert.Equal(built, seen);
        Assert.All(shown, d => Assert.Equal(Rules.HelpLink(d.Code), d.HelpLink));
        Assert.All(shown, d => Assert.StartsWith(d.Code, d.File)); // each sample file shows its own rule only

        // The range is the reported expression: PERF001 covers 'line.Substring' up to the end of its call.
        var perf001 = Assert.Single(shown, d => d.Code == "PERF001");
        var line = consumer.ReadFile(perf001.File).Split('\n')[perf001.Line];
        Assert.Equal("Substring", line[perf001.Character..(perf001.Character + "Substring".Length)]);

        // Lightbulbs: this host offers Roslyn's own refactorings, not an analyzer package's code fixes (a limitation of
        // csharp-ls shared by every package; the README says which hosts show PERF fixes).
        var titles = await server.CodeActionTitlesAsync(Path.Combine(consumer.Directory, perf001.File), perf001);
        output.WriteLine("Code actions on PERF001: " + string.Join(" | ", titles));
        Assert.DoesNotContain(titles, t => t.Contains("AsSpan", StringComparison.Ordinal));
    }

    [Fact]
    public async Task An_editorconfig_severity_change_takes_effect_when_the_server_reloads()
    {
        var consumer = fixture.Copy(fixture.Modern);
        var original = consumer.ReadFile(".editorconfig");
        var file = Path.Combine(consumer.Directory, "PERF001Substring.cs");
        using var server = await LspClient.StartAsync(fixture.Root, consumer.Directory);
        await server.OpenAsync(file);
        await server.WaitForLoadsAsync(1, LoadTimeout);
        Assert.Equal(2, Assert.Single(await server.DiagnosticsAsync(file), d => d.Code == "PERF001").Severity);

        consumer.WriteFile(".editorconfig", original.Replace("dotnet_diagnostic.PERF001.severity = warning", "dotnet_diagnostic.PERF001.severity = none"));
        await server.ReloadAsync(LoadTimeout);
        await server.OpenAsync(file);
        Assert.DoesNotContain(await server.DiagnosticsAsync(file), d => d.Code == "PERF001");

        consumer.WriteFile(".editorconfig", original.Replace("dotnet_diagnostic.PERF001.severity = warning", "dotnet_diagnostic.PERF001.severity = error"));
        await server.ReloadAsync(LoadTimeout);
        await server.OpenAsync(file);
        Assert.Equal(1, Assert.Single(await server.DiagnosticsAsync(file), d => d.Code == "PERF001").Severity);

        // An edit in the editor moves the squiggle with the code, before anything is saved.
        var text = File.ReadAllText(file);
        await server.ChangeAsync(file, 2, "// a comment line added in the editor\n" + text);
        var moved = Assert.Single(await server.DiagnosticsAsync(file), d => d.Code == "PERF001");
        var before = Array.FindIndex(text.Split('\n'), l => l.Contains(".Substring(", StringComparison.Ordinal));
        Assert.Equal(before + 1, moved.Line);
    }

    [Fact]
    public async Task A_target_gated_rule_shows_in_a_legacy_project_and_not_in_a_modern_one()
    {
        Assert.NotNull(fixture.Legacy);
        var legacy = fixture.Copy(fixture.Legacy!);
        var modern = fixture.Copy(fixture.Modern);
        const string sample = "PERF003HasFlag.cs";

        using (var server = await LspClient.StartAsync(fixture.Root, legacy.Directory))
        {
            var file = Path.Combine(legacy.Directory, sample);
            await server.OpenAsync(file);
            await server.WaitForLoadsAsync(1, LoadTimeout);
            Assert.Contains(await server.DiagnosticsAsync(file), d => d.Code == "PERF003" && d.Severity == 2);
        }

        using (var server = await LspClient.StartAsync(fixture.Root, modern.Directory))
        {
            var file = Path.Combine(modern.Directory, sample);
            await server.OpenAsync(file);
            await server.WaitForLoadsAsync(1, LoadTimeout);
            Assert.DoesNotContain(await server.DiagnosticsAsync(file), d => d.Code.StartsWith("PERF", StringComparison.Ordinal));
        }
    }

    [Fact]
    public async Task A_hot_only_profile_removes_the_cold_squiggle_and_keeps_the_hot_one()
    {
        var consumer = fixture.Copy(fixture.Modern);
        consumer.WriteFile("perf-profile.json", """
            { "format": "perfanalyzers-profile", "version": 1, "samples": 200, "assemblies": [ "Consumer" ],
              "methods": [
                { "id": "M:PerfAnalyzers.Samples.PERF001Substring.ParseStatusCode(System.String)", "inclusiveSamples": 0, "exclusiveSamples": 0 },
                { "id": "M:PerfAnalyzers.Samples.PERF008StringFormat.Describe(System.String,System.Int32,System.Double)", "inclusiveSamples": 50, "exclusiveSamples": 50 } ] }
            """);
        consumer.WriteFile("Directory.Build.props", """
            <Project>
              <PropertyGroup>
                <PerfAnalyzersProfile>$(MSBuildThisFileDirectory)perf-profile.json</PerfAnalyzersProfile>
                <PerfAnalyzersProfileMode>hot_only</PerfAnalyzersProfileMode>
              </PropertyGroup>
            </Project>
            """);

        // The build agrees: the cold finding is gone, the hot one ranked.
        var build = consumer.Build().Diagnostics;
        Assert.DoesNotContain(build, d => d.Id == "PERF001");
        Assert.Contains(build, d => d.Id == "PERF008");

        using var server = await LspClient.StartAsync(fixture.Root, consumer.Directory);
        var cold = Path.Combine(consumer.Directory, "PERF001Substring.cs");
        var hot = Path.Combine(consumer.Directory, "PERF008StringFormat.cs");
        await server.OpenAsync(cold);
        await server.OpenAsync(hot);
        await server.WaitForLoadsAsync(1, LoadTimeout);
        Assert.DoesNotContain(await server.DiagnosticsAsync(cold), d => d.Code == "PERF001");
        var ranked = Assert.Single(await server.DiagnosticsAsync(hot), d => d.Code == "PERF008");
        Assert.Contains("hot: 25.0% of samples", ranked.Message);
    }

    /// <summary>
    /// The editor's cost: the time from a <c>didChange</c> of a 2,000-line file with findings to the answer of the pull
    /// that follows, with the package and without it, median of the edits (<c>PERFANALYZERS_LSP_EDITS</c>, 5 by default;
    /// <c>benchmarks/lsp-latency/run</c> asks for 20 and writes the table into docs/performance.md). No timing assertion:
    /// the test keeps the measurement runnable and checks that both servers answered as expected.
    /// </summary>
    [Fact]
    public async Task Diagnostic_latency_after_an_edit_is_measured_with_and_without_the_package()
    {
        var edits = int.TryParse(Environment.GetEnvironmentVariable("PERFANALYZERS_LSP_EDITS"), out var n) && n > 0 ? n : 5;
        var with = fixture.Copy(fixture.Modern);
        var without = fixture.Copy(fixture.Modern);
        without.WriteFile("Consumer.csproj", string.Join('\n', without.ReadFile("Consumer.csproj").Split('\n').Where(l => !l.Contains("PackageReference Include=\"PerfAnalyzers\"", StringComparison.Ordinal))));
        Assert.Equal(0, without.Restore().ExitCode);
        var large = LargeFile(methods: 300);
        with.WriteFile("Large.cs", large);
        without.WriteFile("Large.cs", large);

        // Both servers run side by side and take the edits in turn (which goes first alternates), after three untimed
        // edits each while the servers' own code warms up: the machine's drift then weighs on both alike.
        using var withServer = await OpenLargeAsync(with.Directory, large);
        using var withoutServer = await OpenLargeAsync(without.Directory, large);
        var withFindings = (await withServer.DiagnosticsAsync(Path.Combine(with.Directory, "Large.cs"))).Count(IsPerf);
        var withoutFindings = (await withoutServer.DiagnosticsAsync(Path.Combine(without.Directory, "Large.cs"))).Count(IsPerf);
        var withTimes = new List<double>();
        var withoutTimes = new List<double>();
        for (var edit = -3; edit < edits; edit++)
        {
            var first = edit % 2 == 0;
            var a = await EditAndPullAsync(first ? withServer : withoutServer, first ? with.Directory : without.Directory, large, edit + 3, first ? withFindings : withoutFindings);
            var b = await EditAndPullAsync(first ? withoutServer : withServer, first ? without.Directory : with.Directory, large, edit + 3, first ? withoutFindings : withFindings);
            if (edit >= 0)
            {
                withTimes.Add(first ? a : b);
                withoutTimes.Add(first ? b : a);
            }
        }

        Assert.True(withFindings >= 600, $"{withFindings} PERF findings in the large file");
        Assert.Equal(0, withoutFindings);

        var table = new StringBuilder()
            .AppendLine($"| csharp-ls 0.28.0, `Large.cs` ({large.Split('\n').Length} lines, {withFindings} PERF findings) | median | min | max |")
            .AppendLine("|---|---:|---:|---:|")
            .AppendLine(Row("with the package", withTimes))
            .AppendLine(Row("without it", withoutTimes))
            .AppendLine($"| PERF analyzers' share of the pull (medians) | {Share(withTimes, withoutTimes)} | | |")
            .ToString();
        output.WriteLine(table);
        var artifacts = Path.Combine(fixture.Root, "artifacts", "lsp-latency");
        Directory.CreateDirectory(artifacts);
        File.WriteAllText(Path.Combine(artifacts, "table.md"), $"{edits} edits each, {DateTime.UtcNow:yyyy-MM-dd}, {Environment.ProcessorCount} cores\n\n" + table);
    }

    private async Task<LspClient> OpenLargeAsync(string directory, string text)
    {
        var server = await LspClient.StartAsync(fixture.Root, directory);
        await server.OpenAsync(Path.Combine(directory, "Large.cs"), text);
        await server.WaitForLoadsAsync(1, LoadTimeout);
        return server;
    }

    private static bool IsPerf(LspDiagnostic d) => d.Code.StartsWith("PERF", StringComparison.Ordinal);

    /// <summary>One keystroke's worth (one literal in the middle of the file changes), then the pull: its time in ms.</summary>
    private static async Task<double> EditAndPullAsync(LspClient server, string directory, string text, int edit, int findings)
    {
        var file = Path.Combine(directory, "Large.cs");
        var lines = text.Split('\n');
        var editable = Enumerable.Range(0, lines.Length).Where(i => lines[i].Contains("\"-\"", StringComparison.Ordinal)).ToList();
        var line = editable[(editable.Count / 2 + edit) % editable.Count];
        lines[line] = lines[line].Replace("\"-\"", "\"" + new string('-', edit + 2) + "\"", StringComparison.Ordinal);
        var watch = Stopwatch.StartNew();
        await server.ChangeAsync(file, edit + 2, string.Join('\n', lines));
        var answer = await server.DiagnosticsAsync(file);
        watch.Stop();
        Assert.Equal(findings, answer.Count(IsPerf));
        return watch.Elapsed.TotalMilliseconds;
    }

    /// <summary>A file of <paramref name="methods"/> small methods, each with a PERF001 and a PERF008 finding.</summary>
    private static string LargeFile(int methods)
    {
        var text = new StringBuilder("namespace Consumer.Large;\n\npublic static class Lines\n{\n");
        for (var i = 0; i < methods; i++)
        {
            text.Append("    public static string Line").Append(i).Append("(string line, int count)\n")
                .Append("    {\n")
                .Append("        var code = int.Parse(line.Substring(line.Length - 3, 3));\n")
                .Append("        var label = string.Format(\"{0}-{1}\", code, count);\n")
                .Append("        return label + \"-\" + ").Append(i).Append(";\n")
                .Append("    }\n\n");
        }

        return text.Append("}\n").ToString();
    }

    private static async Task<List<LspDiagnostic>> PullAllAsync(LspClient server, string directory)
    {
        var files = Directory.GetFiles(directory, "*.cs").OrderBy(f => f, StringComparer.Ordinal).ToList();
        foreach (var file in files)
        {
            await server.OpenAsync(file);
        }

        await server.WaitForLoadsAsync(1, LoadTimeout);
        var all = new List<LspDiagnostic>();
        foreach (var file in files)
        {
            all.AddRange((await server.DiagnosticsAsync(file)).Where(d => d.Code.StartsWith("PERF", StringComparison.Ordinal)));
        }

        return all;
    }

    private static double Median(List<double> values)
    {
        var sorted = values.OrderBy(v => v).ToList();
        return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
    }

    private static string Row(string what, List<double> times) =>
        FormattableString.Invariant($"| {what} | {Median(times):F0} ms | {times.Min():F0} ms | {times.Max():F0} ms |");

    private static string Share(List<double> with, List<double> without) =>
        FormattableString.Invariant($"{100 * (Median(with) - Median(without)) / Median(without):F0}%");
}
