using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Text.RegularExpressions;
using System.Reflection;
using System.Text.Json;
using Microsoft.CodeAnalysis;
using Xunit;

namespace PerfAnalyzers.EndToEnd;

/// <summary>The packed package in real consumer builds: warnings, severities, options, suppressions, SARIF, dotnet format.</summary>
[Collection(PackageCollection.Name)]
public sealed class EndToEndTests(PackageFixture fixture)
{
    /// <summary>Rules whose cost exists only on old runtimes: silent on net10.0, shown on netstandard2.0.</summary>
    private static readonly string[] TargetGatedRules = { "PERF003", "PERF005", "PERF007", "PERF013" };

    /// <summary>
    /// Rules that fire only on a middle range of .NET (Core) versions (PERF022: or with System.Memory): silent on net10.0
    /// and netstandard2.0 alike.
    /// </summary>
    private static readonly string[] NetCoreRangeRules = { "PERF012", "PERF018", "PERF022" };

    private static IReadOnlyList<DiagnosticDescriptor> Descriptors { get; } = Rules.All.Select(r => r.Descriptor).ToList();

    private static IEnumerable<string> Perf(IEnumerable<BuildDiagnostic> diagnostics) =>
        diagnostics.Where(d => d.Id.StartsWith("PERF", StringComparison.Ordinal)).Select(d => d.Id).Distinct().OrderBy(x => x);

    [Fact]
    public void Package_has_the_analyzers_the_props_and_no_lib_folder()
    {
        using var zip = ZipFile.OpenRead(fixture.Package);
        var names = zip.Entries.Select(e => e.FullName).ToList();
        Assert.Contains("analyzers/dotnet/cs/PerfAnalyzers.dll", names);
        Assert.Contains("analyzers/dotnet/cs/PerfAnalyzers.CodeFixes.dll", names);
        Assert.Contains("build/PerfAnalyzers.props", names);
        Assert.DoesNotContain(names, n => n.StartsWith("lib/", StringComparison.Ordinal));
    }

    /// <summary>
    /// The package ships one analyzer: <c>-p:ReportAnalyzer=true</c> lists the dispatcher once, with every rule's id, and
    /// no other PERF analyzer type.
    /// </summary>
    [Fact]
    public void ReportAnalyzer_shows_one_line_for_the_dispatcher_with_its_rule_ids()
    {
        var (code, output, _) = fixture.Modern.Build("-p:ReportAnalyzer=true -v:d");
        Assert.True(code == 0, output);
        var lines = output.Split('\n').Where(l => l.Contains("PerfAnalyzers.", StringComparison.Ordinal) && Regex.IsMatch(l, @"^\s+[\d.<]+\s+[\d<]+\s+PerfAnalyzers\.")).ToList();
        var line = Assert.Single(lines);
        Assert.Contains("PerfAnalyzers.Dispatch.PerfDispatcher (" + string.Join(", ", Descriptors.Select(d => d.Id).OrderBy(x => x, StringComparer.Ordinal)) + ")", line);
    }

    [Fact]
    public void Build_prints_each_rule_with_file_line_message_and_help_link()
    {
        var (code, output, diagnostics) = fixture.Modern.Build();
        Assert.True(code == 0, output);

        // Every rule that is not target-gated shows on net10.0, each with its help link in the message.
        var expected = Descriptors.Select(d => d.Id).Except(TargetGatedRules).Except(NetCoreRangeRules).OrderBy(x => x);
        Assert.Equal(expected, Perf(diagnostics));
        foreach (var d in diagnostics.Where(d => d.Id.StartsWith("PERF", StringComparison.Ordinal)))
        {
            Assert.Equal("warning", d.Severity);
            Assert.EndsWith("(" + Rules.HelpLink(d.Id) + ")", d.Message);
            Assert.StartsWith(d.Id, d.File);
        }

        // PERF001 at the exact place: the Substring name in the sample.
        var sample = fixture.Modern.ReadFile("PERF001Substring.cs").Split('\n');
        var line = Array.FindIndex(sample, l => l.Contains(".Substring(", StringComparison.Ordinal));
        var perf001 = Assert.Single(diagnostics, d => d.Id == "PERF001");
        Assert.Equal(line + 1, perf001.Line);
        Assert.Equal(sample[line].IndexOf("Substring", StringComparison.Ordinal) + 1, perf001.Column);
        Assert.Matches("^'line.Substring\\(.*\\)' allocates a substring that is only read; use 'line.AsSpan\\(.*\\)' instead", perf001.Message);
    }

    [Fact]
    public void Target_gated_rules_show_on_netstandard2_0_only()
    {
        var gated = Descriptors.Select(d => d.Id).Intersect(TargetGatedRules).ToList();
        if (fixture.Legacy is null || gated.Count == 0)
        {
            // Nothing target-gated ships yet: the modern consumer must not show any such id either.
            Assert.Empty(Perf(fixture.Modern.Build().Diagnostics).Intersect(TargetGatedRules));
            return;
        }

        var (code, output, diagnostics) = fixture.Legacy.Build();
        Assert.True(code == 0, output);
        Assert.Equal(gated.OrderBy(x => x), Perf(diagnostics).Intersect(gated));
        Assert.Empty(Perf(fixture.Modern.Build().Diagnostics).Intersect(gated));
    }

    [Fact]
    public void Editorconfig_severities_are_honoured_and_take_effect_without_a_clean()
    {
        // Incremental builds throughout, as in a developer's loop: .editorconfig is an input of the compile step.
        var consumer = fixture.Copy(fixture.Modern);
        var original = consumer.ReadFile(".editorconfig");
        var first = consumer.Build(incremental: true);
        Assert.Contains(first.Diagnostics, d => d.Id == "PERF001" && d.Severity == "warning");

        consumer.WriteFile(".editorconfig", original + "\ndotnet_diagnostic.PERF001.severity = error\n");
        var asError = consumer.Build(incremental: true);
        Assert.NotEqual(0, asError.ExitCode);
        Assert.Contains(asError.Diagnostics, d => d.Id == "PERF001" && d.Severity == "error");

        consumer.WriteFile(".editorconfig", original.Replace("dotnet_diagnostic.PERF001.severity = warning", "dotnet_diagnostic.PERF001.severity = none"));
        var none = consumer.Build(incremental: true);
        Assert.Equal(0, none.ExitCode);
        Assert.DoesNotContain(none.Diagnostics, d => d.Id == "PERF001");

        consumer.WriteFile(".editorconfig", original.Replace("dotnet_diagnostic.PERF001.severity = warning", "dotnet_diagnostic.PERF001.severity = suggestion"));
        var suggestion = consumer.Build(incremental: true);
        Assert.Equal(0, suggestion.ExitCode);
        Assert.DoesNotContain(suggestion.Diagnostics, d => d.Id == "PERF001");

        // Back to the original: the warning returns without a clean.
        consumer.WriteFile(".editorconfig", original);
        var again = consumer.Build(incremental: true);
        Assert.Contains(again.Diagnostics, d => d.Id == "PERF001" && d.Severity == "warning");
        Assert.Equal(Perf(first.Diagnostics), Perf(again.Diagnostics));

        // An unchanged project is up to date (MSBuild skips the compiler and replays no warnings) and still succeeds;
        // once a source changes, the same warnings come back at the same places.
        var upToDate = consumer.Build(incremental: true);
        Assert.Equal(0, upToDate.ExitCode);
        consumer.Touch("PERF001Substring.cs");
        var repeat = consumer.Build(incremental: true);
        Assert.Equal(again.Diagnostics.Where(d => d.Id.StartsWith("PERF", StringComparison.Ordinal)).OrderBy(d => d.ToString()),
                     repeat.Diagnostics.Where(d => d.Id.StartsWith("PERF", StringComparison.Ordinal)).OrderBy(d => d.ToString()));
    }

    [Fact]
    public void Globalconfig_and_category_severity_apply()
    {
        var consumer = fixture.Copy(fixture.Modern);
        consumer.DeleteFile(".editorconfig");

        // With no configuration, rules keep their default severity (PERF001 is a warning).
        Assert.Contains(consumer.Build().Diagnostics, d => d.Id == "PERF001" && d.Severity == "warning");

        consumer.WriteFile(".globalconfig", "is_global = true\ndotnet_diagnostic.PERF001.severity = error\n");
        Assert.Contains(consumer.Build().Diagnostics, d => d.Id == "PERF001" && d.Severity == "error");

        consumer.WriteFile(".globalconfig", "is_global = true\ndotnet_analyzer_diagnostic.category-Performance.severity = error\n");
        var category = consumer.Build();
        var perf = category.Diagnostics.Where(d => d.Id.StartsWith("PERF", StringComparison.Ordinal)).ToList();
        Assert.NotEmpty(perf);
        Assert.All(perf, d => Assert.Equal("error", d.Severity));
        Assert.Equal(Descriptors.Select(d => d.Id).Except(TargetGatedRules).Except(NetCoreRangeRules).OrderBy(x => x), Perf(perf));
    }

    [Fact]
    public void A_rule_option_in_editorconfig_changes_behaviour()
    {
        var consumer = fixture.Copy(fixture.Modern);
        Assert.Contains(consumer.Build().Diagnostics, d => d.Id == "PERF006");

        // rules.md: PERF006 accepts blocking in the methods listed in excluded_methods.
        consumer.WriteFile(".editorconfig", consumer.ReadFile(".editorconfig") +
            "\nperf_analyzers.PERF006.excluded_methods = PerfAnalyzers.Samples.PERF006BlockingInAsync.GetLengthAsync\n");
        var excluded = consumer.Build();
        Assert.Equal(0, excluded.ExitCode);
        Assert.DoesNotContain(excluded.Diagnostics, d => d.Id == "PERF006");
        Assert.Contains(excluded.Diagnostics, d => d.Id == "PERF001");
    }

    [Fact]
    public void Pragma_and_SuppressMessage_suppress()
    {
        var consumer = fixture.Copy(fixture.Modern);
        var source = consumer.ReadFile("PERF001Substring.cs");
        consumer.WriteFile("PERF001Substring.cs", "#pragma warning disable PERF001\n" + source);
        Assert.DoesNotContain(consumer.Build().Diagnostics, d => d.Id == "PERF001");

        consumer.WriteFile("PERF001Substring.cs", source.Replace("public static int ParseStatusCode",
            "[System.Diagnostics.CodeAnalysis.SuppressMessage(\"Performance\", \"PERF001\")]\n    public static int ParseStatusCode"));
        Assert.DoesNotContain(consumer.Build().Diagnostics, d => d.Id == "PERF001");
    }

    [Fact]
    public void Sarif_log_carries_rule_location_message_and_help_uri()
    {
        var consumer = fixture.Copy(fixture.Modern);
        var sarif = Path.Combine(consumer.Directory, "perf.sarif");
        var (code, output, _) = consumer.Build($"\"-p:ErrorLog={sarif}%2Cversion=2.1\"");
        Assert.True(code == 0, output);

        using var document = JsonDocument.Parse(File.ReadAllText(sarif));
        var run = document.RootElement.GetProperty("runs")[0];
        var rules = run.GetProperty("tool").GetProperty("driver").GetProperty("rules").EnumerateArray()
            .ToDictionary(r => r.GetProperty("id").GetString()!, r => r);
        var results = run.GetProperty("results").EnumerateArray()
            .Where(r => r.GetProperty("ruleId").GetString()!.StartsWith("PERF", StringComparison.Ordinal)).ToList();
        Assert.NotEmpty(results);
        foreach (var result in results)
        {
            var id = result.GetProperty("ruleId").GetString()!;
            Assert.False(string.IsNullOrEmpty(result.GetProperty("message").GetProperty("text").GetString()));
            var location = result.GetProperty("locations")[0].GetProperty("physicalLocation");
            Assert.EndsWith(".cs", location.GetProperty("artifactLocation").GetProperty("uri").GetString());
            Assert.True(location.GetProperty("region").GetProperty("startLine").GetInt32() > 0);
            Assert.Equal(Rules.HelpLink(id), rules[id].GetProperty("helpUri").GetString());
        }

        Assert.Contains(results, r => r.GetProperty("ruleId").GetString() == "PERF001");
    }

    [Fact]
    public void Dotnet_format_applies_every_fix_and_the_result_builds_clean()
    {
        var consumer = fixture.Copy(fixture.Modern);
        var fixable = Descriptors.Select(d => d.Id).Except(TargetGatedRules).ToList();
        var (code, output) = Shell.Dotnet($"format analyzers Consumer.csproj --no-restore --severity info --diagnostics {string.Join(" ", fixable)}", consumer.Directory);
        Assert.True(code == 0, "dotnet format failed:\n" + output);
        Assert.Contains("AsSpan(", consumer.ReadFile("PERF001Substring.cs"));

        var (buildCode, buildOutput, diagnostics) = consumer.Build();
        Assert.True(buildCode == 0, buildOutput);
        Assert.DoesNotContain(diagnostics, d => d.Severity == "error");
        var remaining = Perf(diagnostics).Intersect(fixable).ToList();
        Assert.True(remaining.Count == 0, "Still reported after dotnet format: " + string.Join(", ", remaining) + "\n" + buildOutput);
    }
}
