using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Text.RegularExpressions;
using Xunit;

namespace PerfAnalyzers.EndToEnd;

/// <summary>The perfanalyzers CLI, run as a process on folders, projects and bad input.</summary>
[Collection(PackageCollection.Name)]
public sealed partial class CliTests(PackageFixture fixture)
{
    private (int ExitCode, string Output) Run(string arguments, string? directory = null) => fixture.RunCli(arguments, directory);

    private string CopyOfSamples()
    {
        var target = Path.Combine(fixture.WorkDirectory, "cli-samples-" + Guid.NewGuid().ToString("N")[..6]);
        Directory.CreateDirectory(target);
        foreach (var file in Directory.GetFiles(Path.Combine(fixture.Root, "samples", "PerfAnalyzers.Samples"), "*.cs"))
        {
            File.Copy(file, Path.Combine(target, Path.GetFileName(file)));
        }

        return target;
    }

    [Fact]
    public void Scan_of_a_folder_groups_findings_by_rule_with_a_summary()
    {
        var (code, output) = Run("scan samples/PerfAnalyzers.Samples --quiet");
        Assert.True(code == 0, output);
        Assert.Contains("PERF001  Use AsSpan instead of Substring  (1 finding, warning)", output);
        Assert.Matches(@"PERF001Substring\.cs\(\d+,\d+\): 'line\.Substring", output);
        Assert.Matches(@"Summary: \d+ findings? from \d+ rules? in \d+ files, 1 project \(target: \.NET 10\.0\)", output);
    }

    [Fact]
    public void Json_and_sarif_outputs_carry_each_finding()
    {
        var (code, json) = Run("scan samples/PerfAnalyzers.Samples --quiet --format json");
        Assert.True(code == 0, json);
        using (var document = JsonDocument.Parse(json))
        {
            var findings = document.RootElement.GetProperty("findings").EnumerateArray().ToList();
            Assert.Contains(findings, f => f.GetProperty("id").GetString() == "PERF001" && f.GetProperty("line").GetInt32() > 0 &&
                                           f.GetProperty("helpUri").GetString() == Rules.HelpLink("PERF001"));
            Assert.Equal(findings.Count, document.RootElement.GetProperty("summary").GetProperty("findings").GetInt32());
        }

        var (sarifCode, sarif) = Run("scan samples/PerfAnalyzers.Samples --quiet --format sarif");
        Assert.True(sarifCode == 0, sarif);
        using var log = JsonDocument.Parse(sarif);
        Assert.Equal("2.1.0", log.RootElement.GetProperty("version").GetString());
        var run = log.RootElement.GetProperty("runs")[0];
        Assert.Contains(run.GetProperty("tool").GetProperty("driver").GetProperty("rules").EnumerateArray(),
            r => r.GetProperty("id").GetString() == "PERF001" && r.GetProperty("helpUri").GetString() == Rules.HelpLink("PERF001"));
        Assert.Contains(run.GetProperty("results").EnumerateArray(), r => r.GetProperty("ruleId").GetString() == "PERF001" &&
            r.GetProperty("locations")[0].GetProperty("physicalLocation").GetProperty("region").GetProperty("startLine").GetInt32() > 0);
    }

    [Fact]
    public void Fail_on_sets_the_exit_code()
    {
        Assert.Equal(1, Run("scan samples/PerfAnalyzers.Samples --quiet --fail-on warning").ExitCode);
        Assert.Equal(0, Run("scan samples/PerfAnalyzers.Samples --quiet --fail-on error").ExitCode);
    }

    [Theory]
    [InlineData("scan does/not/exist", "path not found: does/not/exist")]
    [InlineData("scan README.md", "cannot scan 'README.md': expected a .sln, .slnx or .csproj file, or a folder")]
    [InlineData("scan samples/PerfAnalyzers.Samples --fix PERF999", "unknown rule id 'PERF999'")]
    [InlineData("scan samples/PerfAnalyzers.Samples --rules PERF001,PERF999", "unknown rule id 'PERF999'")]
    [InlineData("scan samples/PerfAnalyzers.Samples --format xml", "unknown format 'xml'")]
    [InlineData("scan samples/PerfAnalyzers.Samples --tfm net99x", "unknown target framework 'net99x'")]
    [InlineData("scan", "missing <path> to scan")]
    public void Bad_input_gets_one_clear_line_and_no_stack_trace(string arguments, string message)
    {
        var (code, output) = Run(arguments);
        Assert.Equal(2, code);
        Assert.Contains("perfanalyzers: error: " + message, output);
        Assert.DoesNotContain("   at ", output);
        Assert.DoesNotContain("Exception", output);
    }

    [Fact]
    public void An_unloadable_project_gets_one_clear_line()
    {
        var broken = Path.Combine(fixture.WorkDirectory, "broken.csproj");
        File.WriteAllText(broken, "<Project>");
        var (code, output) = Run($"scan \"{broken}\" --quiet");
        Assert.Equal(2, code);
        Assert.Contains("perfanalyzers: error: cannot load", output);
        Assert.DoesNotContain("   at ", output);
    }

    [Fact]
    public void Fix_rewrites_the_files_and_the_result_compiles()
    {
        var folder = CopyOfSamples();
        var (code, output) = Run($"scan \"{folder}\" --quiet --fix");
        Assert.True(code == 0, output);
        Assert.Contains("Fixed: 1 PERF001", output);
        Assert.Contains("Recompiled after fixing: no new compiler errors", output);
        Assert.DoesNotContain("Compiler errors:", output);
        Assert.Contains(".AsSpan(", File.ReadAllText(Path.Combine(folder, "PERF001Substring.cs")));

        // Written back as it was read: the samples have no byte order mark, and the fix does not add one.
        Assert.NotEqual(0xEF, File.ReadAllBytes(Path.Combine(folder, "PERF001Substring.cs"))[0]);

        // Nothing left for the fixed rule.
        var (_, again) = Run($"scan \"{folder}\" --quiet --format json");
        using var document = JsonDocument.Parse(again);
        Assert.DoesNotContain(document.RootElement.GetProperty("findings").EnumerateArray(), f => f.GetProperty("id").GetString() == "PERF001");

        // And a real build of the fixed files, with the samples' settings, succeeds with no warnings from the compiler.
        File.WriteAllText(Path.Combine(folder, "FixedSamples.csproj"), """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <OutputType>Exe</OutputType>
                <TargetFramework>net10.0</TargetFramework>
                <LangVersion>latest</LangVersion>
                <Nullable>enable</Nullable>
                <ImplicitUsings>disable</ImplicitUsings>
              </PropertyGroup>
            </Project>
            """);
        var (buildCode, build) = Shell.Dotnet("build --nologo -clp:NoSummary", folder);
        Assert.True(buildCode == 0, build);
        Assert.DoesNotMatch(@"(?m): (error|warning) CS\d+", build);
    }

    /// <summary>
    /// <c>rule-lists --check</c> (run by .ci/run): the repository's lists match the rule entries; in a copy where a README
    /// row was typed by hand it names the file and fails; without <c>--check</c> it writes the lists back.
    /// </summary>
    [Fact]
    public void Rule_lists_match_the_entries_and_a_hand_edit_is_caught()
    {
        var (code, output) = Run("rule-lists --check");
        Assert.True(code == 0, output);
        Assert.Contains("every list matches the rule entries", output);

        var copy = Path.Combine(fixture.WorkDirectory, "rule-lists");
        foreach (var file in new[] { "PerfAnalyzers.sln", "README.md", "samples/.editorconfig", "src/PerfAnalyzers/AnalyzerReleases.Unshipped.md" }
                     .Concat(Directory.GetFiles(Path.Combine(fixture.Root, "docs", "rules"), "PERF*.md").Select(f => Path.GetRelativePath(fixture.Root, f))))
        {
            var target = Path.Combine(copy, file);
            Directory.CreateDirectory(Path.GetDirectoryName(target)!);
            File.Copy(Path.Combine(fixture.Root, file), target, overwrite: true);
        }

        var readme = Path.Combine(copy, "README.md");
        File.WriteAllText(readme, File.ReadAllText(readme).Replace("| Avoid Enum.HasFlag where it boxes | Warning |", "| Avoid Enum.HasFlag where it boxes | Info |", StringComparison.Ordinal));
        var (drift, report) = Run($"rule-lists --check --root \"{copy}\"");
        Assert.Equal(1, drift);
        Assert.Contains("README.md:", report);
        Assert.DoesNotContain("samples/.editorconfig", report);

        Assert.Equal(0, Run($"rule-lists --root \"{copy}\"").ExitCode);
        Assert.Equal(0, Run($"rule-lists --check --root \"{copy}\"").ExitCode);
        Assert.Equal(File.ReadAllText(Path.Combine(fixture.Root, "README.md")), File.ReadAllText(readme));
    }
}
