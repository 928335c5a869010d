using System;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Text.RegularExpressions;
using Xunit;

namespace PerfAnalyzers.EndToEnd;

/// <summary>
/// Profile-guided findings end to end (docs/profiles.md), offline: a program with the same PERF001 finding in a method
/// that runs per record and in one that runs once (samples/PerfAnalyzers.Samples.Profiled), built with the packed
/// package, run under EventPipe by <c>perfanalyzers profile -- dotnet app.dll</c>; then scanned with the profile (hot
/// first, cold labelled, SARIF ranks) and built with <c>&lt;PerfAnalyzersProfile&gt;</c> in <c>hot_only</c> (only the hot
/// warning) and in <c>rank</c> (both, labelled).
/// </summary>
[Collection(PackageCollection.Name)]
public sealed class ProfileTests(PackageFixture fixture)
{
    private (int ExitCode, string Output) Run(string arguments) => fixture.RunCli(arguments);

    /// <summary>samples/PerfAnalyzers.Samples.Profiled as a program of the packed package, restored and built (Release).</summary>
    private Consumer ProfiledProgram(string name, string editorConfig)
    {
        var program = Consumer.Create(
            Path.Combine(fixture.WorkDirectory, name + "-" + Guid.NewGuid().ToString("N")[..6]),
            fixture.Feed,
            fixture.Version,
            "net10.0",
            new[] { Path.Combine(fixture.Root, "samples", "PerfAnalyzers.Samples.Profiled", "Program.cs") },
            editorConfig);
        program.WriteFile("Consumer.csproj", program.ReadFile("Consumer.csproj").Replace("<PropertyGroup>", "<PropertyGroup>\n    <OutputType>Exe</OutputType>"));
        Assert.Equal(0, program.Restore().ExitCode);
        return program;
    }

    [Fact]
    public void A_profile_of_a_real_run_ranks_the_findings_in_the_cli_and_filters_them_in_the_build()
    {
        var program = ProfiledProgram("profiled", "root = true\n\n[*.cs]\ndotnet_diagnostic.PERF001.severity = warning\n");
        var (buildCode, buildOutput, plain) = program.Build("-c Release");
        Assert.True(buildCode == 0, buildOutput);
        Assert.Equal(2, plain.Count(d => d.Id == "PERF001"));

        // Profile a run: the per-record method takes most samples, the header method none.
        var profile = Path.Combine(program.Directory, "perf-profile.json");
        var (profileCode, profileOutput) = Run($"profile -o \"{profile}\" -- dotnet \"{Path.Combine(program.Directory, "bin", "Release", "net10.0", "Consumer.dll")}\" 2000000");
        Assert.True(profileCode == 0, profileOutput);
        Assert.Matches(@"CPU samples from 1 source\(s\), [\d,]+ \(\d+\.\d%\) attributed to source methods", profileOutput);
        Assert.Contains("inlining was off", profileOutput);
        using (var document = JsonDocument.Parse(File.ReadAllText(profile)))
        {
            var methods = document.RootElement.GetProperty("methods").EnumerateArray().ToDictionary(m => m.GetProperty("id").GetString()!, m => m.GetProperty("exclusiveSamples").GetInt64());
            Assert.True(methods["M:PerfAnalyzers.Samples.Profiled.Records.SumFields(System.String)"] > 10, profileOutput);
            Assert.Equal(0, methods["M:PerfAnalyzers.Samples.Profiled.Records.ReadVersion(System.String)"]);
            Assert.Contains("Consumer", document.RootElement.GetProperty("assemblies").EnumerateArray().Select(a => a.GetString()));

            // Generated code folded into its member: the generic method's instantiation over int into its definition, the
            // local function into Weigh, the lambda into Main; no id of a generated name is left.
            var inclusive = document.RootElement.GetProperty("methods").EnumerateArray().ToDictionary(m => m.GetProperty("id").GetString()!, m => m.GetProperty("inclusiveSamples").GetInt64());
            Assert.True(inclusive["M:PerfAnalyzers.Samples.Profiled.Records.Total``1(System.Collections.Generic.IReadOnlyList{``0},System.Func{``0,System.Int64})"] > 0, profileOutput);
            Assert.True(methods["M:PerfAnalyzers.Samples.Profiled.Records.Weigh(System.Collections.Generic.IReadOnlyList{System.Int32})"] > 0, profileOutput);
            Assert.DoesNotContain(inclusive.Keys, id => id.StartsWith("M:PerfAnalyzers.Samples.Profiled.", StringComparison.Ordinal) && (id.Contains('<') || id.Contains("{Main}")));
        }

        // The CLI: hot first, the cold one labelled; --hot-only leaves it out; SARIF ranks the hot one higher.
        var (scanCode, scan) = Run($"scan \"{program.ProjectPath}\" --profile \"{profile}\" --quiet");
        Assert.True(scanCode == 0, scan);
        var hot = Regex.Match(scan, @"\[hot: [\d.]+% of samples[^\]]*\] Program\.cs\(\d+,\d+\): PERF001: 'line\.Substring");
        var cold = Regex.Match(scan, @"\[cold: not sampled\] Program\.cs\(\d+,\d+\): PERF001: 'header\.Substring");
        Assert.True(hot.Success && cold.Success && hot.Index < cold.Index, scan);
        Assert.Contains("Profile: 1 hot, 1 cold, 0 unknown", scan);

        var (hotOnlyCode, hotOnly) = Run($"scan \"{program.ProjectPath}\" --profile \"{profile}\" --hot-only --quiet");
        Assert.True(hotOnlyCode == 0, hotOnly);
        Assert.Contains("line.Substring", hotOnly);
        Assert.DoesNotContain("header.Substring", hotOnly);

        var (sarifCode, sarif) = Run($"scan \"{program.ProjectPath}\" --profile \"{profile}\" --format sarif --quiet");
        Assert.True(sarifCode == 0, sarif);
        using (var document = JsonDocument.Parse(sarif))
        {
            var ranks = document.RootElement.GetProperty("runs")[0].GetProperty("results").EnumerateArray()
                .ToDictionary(r => r.GetProperty("message").GetProperty("text").GetString()!.Contains("line.Substring") ? "hot" : "cold", r => r.GetProperty("rank").GetDouble());
            Assert.True(ranks["hot"] > 50 && ranks["cold"] == 0, sarif);
        }

        // The build: the profile handed over by the package's targets; hot_only leaves the cold warning out.
        program.WriteFile(".editorconfig", program.ReadFile(".editorconfig") + "perf_analyzers.profile_mode = hot_only\n");
        var (hotBuildCode, hotBuildOutput, hotBuild) = program.Build("-c Release -p:PerfAnalyzersProfile=perf-profile.json");
        Assert.True(hotBuildCode == 0, hotBuildOutput);
        var only = Assert.Single(hotBuild, d => d.Id == "PERF001");
        Assert.Contains("'line.Substring(start, end - start)'", only.Message);
        Assert.Matches(@"\(profile: hot: [\d.]+% of samples", only.Message);

        program.WriteFile(".editorconfig", program.ReadFile(".editorconfig").Replace("hot_only", "rank"));
        var (rankCode, rankOutput, ranked) = program.Build("-c Release -p:PerfAnalyzersProfile=perf-profile.json");
        Assert.True(rankCode == 0, rankOutput);
        Assert.Contains(ranked, d => d.Id == "PERF001" && d.Message.Contains("header.Substring") && d.Message.Contains("(profile: cold: not sampled)", StringComparison.Ordinal));
        Assert.Contains(ranked, d => d.Id == "PERF001" && d.Message.Contains("line.Substring") && d.Message.Contains("(profile: hot: "));

        // --hot-only with --fix rewrites only what the profile calls hot.
        var fixedCopy = program.CopyTo(Path.Combine(fixture.WorkDirectory, "profiled-fix-" + Guid.NewGuid().ToString("N")[..6]));
        Assert.Equal(0, fixedCopy.Restore().ExitCode);
        var (fixCode, fixOutput) = Run($"scan \"{fixedCopy.ProjectPath}\" --profile \"{profile}\" --hot-only --fix PERF001 --quiet");
        Assert.True(fixCode == 0, fixOutput);
        Assert.Contains("Recompiled after fixing: no new compiler errors", fixOutput);
        Assert.Contains("line.AsSpan(start, end - start)", fixedCopy.ReadFile("Program.cs"));
        Assert.Contains("header.Substring(1, 2)", fixedCopy.ReadFile("Program.cs"));

        // Several profiles merge, weighted by their samples.
        var merged = Path.Combine(program.Directory, "merged.json");
        var (mergeCode, mergeOutput) = Run($"profile \"{profile}\" \"{profile}\" -o \"{merged}\" --quiet");
        Assert.True(mergeCode == 0, mergeOutput);
        using (var one = JsonDocument.Parse(File.ReadAllText(profile)))
        using (var two = JsonDocument.Parse(File.ReadAllText(merged)))
        {
            Assert.Equal(2 * one.RootElement.GetProperty("samples").GetInt64(), two.RootElement.GetProperty("samples").GetInt64());
            Assert.Equal(2, two.RootElement.GetProperty("sources").GetArrayLength());
        }
    }

    /// <summary>A trace taken by dotnet-trace (pinned in the repository's tool manifest) reads as the tool's own.</summary>
    [Fact]
    public void A_dotnet_trace_trace_becomes_a_profile()
    {
        var program = ProfiledProgram("traced", "root = true\n");
        var (buildCode, buildOutput, _) = program.Build("-c Release");
        Assert.True(buildCode == 0, buildOutput);

        var (restoreCode, restoreOutput) = Shell.Dotnet("tool restore", fixture.Root);
        Assert.True(restoreCode == 0, restoreOutput);
        var trace = Path.Combine(program.Directory, "run.nettrace");
        var dll = Path.Combine(program.Directory, "bin", "Release", "net10.0", "Consumer.dll");
        var (traceCode, traceOutput) = Shell.Dotnet($"tool run dotnet-trace -- collect --profile dotnet-sampled-thread-time -o \"{trace}\" -- dotnet \"{dll}\" 1000000", fixture.Root);
        Assert.True(traceCode == 0 && File.Exists(trace), traceOutput);

        var profile = Path.Combine(program.Directory, "perf-profile.json");
        var (code, output) = Run($"profile \"{trace}\" -o \"{profile}\"");
        Assert.True(code == 0, output);
        Assert.Contains("every method listed for Consumer", output);
        Assert.Contains("inlining was on (or not known)", output);
        using var document = JsonDocument.Parse(File.ReadAllText(profile));
        Assert.True(document.RootElement.GetProperty("attributedSamples").GetInt64() > 0, output);
        Assert.Contains(document.RootElement.GetProperty("methods").EnumerateArray(), m => m.GetProperty("id").GetString()!.StartsWith("M:PerfAnalyzers.Samples.Profiled.", StringComparison.Ordinal) && m.GetProperty("inclusiveSamples").GetInt64() > 0);

        // A trace without the sample profiler (the runtime's loader events only) has no CPU samples: one line says so.
        var quiet = Path.Combine(program.Directory, "no-samples.nettrace");
        var (quietCode, quietOutput) = Shell.Dotnet($"tool run dotnet-trace -- collect --providers Microsoft-Windows-DotNETRuntime:0x8:4 -o \"{quiet}\" -- dotnet \"{dll}\" 1000", fixture.Root);
        Assert.True(quietCode == 0 && File.Exists(quiet), quietOutput);
        var (noSamplesCode, noSamples) = Run($"profile \"{quiet}\" -o \"{Path.Combine(program.Directory, "none.json")}\"");
        Assert.Equal(2, noSamplesCode);
        Assert.Contains("perfanalyzers: error: no CPU samples in no-samples.nettrace (was the trace collected with the sample profiler", noSamples);
        Assert.DoesNotContain("   at ", noSamples);
    }

    [Theory]
    [InlineData("profile -o out.json", "profile needs a trace or profile to read")]
    [InlineData("profile missing.nettrace -o out.json", "no such file: missing.nettrace")]
    [InlineData("profile README.md -o out.json", "README.md is not a readable EventPipe trace")]
    [InlineData("profile Directory.Build.props -o out.json", "is not a readable EventPipe trace")]
    [InlineData("profile global.json -o out.json", "global.json: not a PerfAnalyzers profile")]
    [InlineData("profile -o out.json -- /bin/true", "without a .NET runtime connecting")]
    [InlineData("scan samples/PerfAnalyzers.Samples --hot-only", "--hot-only needs --profile")]
    [InlineData("scan samples/PerfAnalyzers.Samples --profile global.json", "global.json: not a PerfAnalyzers profile")]
    public void Bad_profiles_get_one_clear_line_and_exit_code_2(string arguments, string message)
    {
        var (code, output) = Run(arguments);
        Assert.Equal(2, code);
        Assert.Contains("perfanalyzers: error: ", output);
        Assert.Contains(message, output);
        Assert.DoesNotContain("   at ", output);
    }
}
