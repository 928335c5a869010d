using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Text.RegularExpressions;
using Xunit;

namespace PerfAnalyzers.EndToEnd;

public sealed partial class CliTests
{
    [Fact]
    public void Timing_compares_with_the_sdk_rules()
    {
        var (code, output) = Run("scan samples/PerfAnalyzers.Samples --quiet --timing --compare-sdk --warmup 1");
        Assert.True(code == 0, output);
        Assert.Contains("| (compiler: binding and flow analysis, one thread) |", output);
        Assert.Contains("| PERF001UseAsSpanInsteadOfSubstringAnalyzer | PERF001 |", output);

        // Beside each PERF analyzer's time: its findings, the time Roslyn takes to accept them (timed apart), the rest.
        var perf001 = Regex.Match(output, @"\| PERF001UseAsSpanInsteadOfSubstringAnalyzer \| PERF001 \| [\d.]+ \| [\d.]+ \| [\d.]+–[\d.]+ \| (\d+) \| ([\d.]+) \| [\d.]+ \|");
        Assert.True(perf001.Success, output);
        Assert.True(int.Parse(perf001.Groups[1].Value, CultureInfo.InvariantCulture) > 0, perf001.Value);
        Assert.True(double.Parse(perf001.Groups[2].Value, CultureInfo.InvariantCulture) >= 0, perf001.Value); // a sub-0.05 ms time prints as 0.0
        Assert.Matches(@"\| SDK \w+ \| CA1846 \|", output);
        Assert.Contains("**all PERF analyzers**", output);

        // The cost targets are computed from the same rows (met or missed depends on the machine, not asserted), beside
        // how many findings each side reported in the timed run (the PERF001 sample has at least one).
        var target = Regex.Match(output, @"\| PERF001 \| [\d.]+ \| (\d+) \| CA1845 \+ CA1846 \| [\d.]+ \| \d+ \| (met|missed) \|");
        Assert.True(target.Success, output);
        Assert.True(int.Parse(target.Groups[1].Value, CultureInfo.InvariantCulture) > 0, target.Value);
        Assert.Matches(@"All PERF analyzers: [\d.]+ ms = [\d.]+% of the compiler's \d+ ms \(target < 2%: (met|missed)\)", output);
        Assert.Matches(@"PERF analyzers above 0\.5% of the compiler's time each: (none \(target met\)|PERF\d{3}.* \(target missed\))", output);
    }

    [Fact]
    public void Floor_times_callbacks_that_do_nothing_per_kind()
    {
        var (code, output) = Run("scan samples/PerfAnalyzers.Samples --quiet --timing --floor --repeat 1 --warmup 0 --rules PERF008");
        Assert.True(code == 0, output);
        Assert.Contains("| Registered for | Callbacks per analysis |", output);

        // The samples call methods and declare types: those rows count callbacks; the PERF rows are unchanged.
        var invocations = Regex.Match(output, @"\| Invocation \| (\d+) \| [\d.]+ \| [\d.]+ \| [\d.]+ \|");
        Assert.True(invocations.Success, output);
        Assert.True(int.Parse(invocations.Groups[1].Value, CultureInfo.InvariantCulture) > 0, invocations.Value);
        Assert.Matches(@"\| symbols: NamedType \| [1-9]\d* \|", output);

        // The dispatch rows: ten analyzers, one per rule that registers Invocation (the package before its dispatch), each
        // read the called method's name (one row, summed), against one analyzer reading it once for all ten (the dispatch).
        var perRule = Regex.Match(output, @"\| Invocation, the called method's name read by 10 analyzers \(one per rule, the package before its dispatch\) \| (\d+) \|");
        var shared = Regex.Match(output, @"\| Invocation, the called method's name read once for the same 10 rules \(one shared analyzer, as PerfDispatcher reads it\) \| (\d+) \|");
        Assert.True(perRule.Success && shared.Success, output);
        Assert.Equal(invocations.Groups[1].Value, shared.Groups[1].Value);
        Assert.Equal(10 * long.Parse(shared.Groups[1].Value, CultureInfo.InvariantCulture), long.Parse(perRule.Groups[1].Value, CultureInfo.InvariantCulture));
        Assert.Contains("| PERF008UseInterpolationInsteadOfStringFormatAnalyzer | PERF008 |", output);
        Assert.DoesNotContain("EmptyCallbacks", output);
    }

    [Fact]
    public void Hollow_times_each_rule_again_with_its_callbacks_emptied()
    {
        var (code, output) = Run("scan samples/PerfAnalyzers.Samples --quiet --timing --hollow --repeat 1 --warmup 0 --rules PERF004,PERF008");
        Assert.True(code == 0, output);
        Assert.Contains("| Analyzer | Rules | Before its own work (ms) | % of compiler | Callbacks' own work (ms) | % of compiler | Callbacks | Of which the clock (ms) | % of compiler |", output);
        const string Cells = @" ([\d.]+) \| [\d.]+ \| [\d.]+ \| [\d.]+ \| (\d+) \| ([\d.]+) \| [\d.]+ \|\n";
        var dispatcher = Regex.Match(output, @"\| PerfDispatcher \| PERF004,PERF008 \|" + Cells);
        var all = Regex.Match(output, @"\| \*\*all PERF analyzers\*\* \|  \|" + Cells);
        Assert.True(dispatcher.Success && all.Success, output);
        static long Calls(Match row) => long.Parse(row.Groups[2].Value, CultureInfo.InvariantCulture);
        static double Number(Match row, int group) => double.Parse(row.Groups[group].Value, CultureInfo.InvariantCulture);

        // The one shipped analyzer's twin counts the callbacks it received (one per operation of each kind its rules
        // registered: conversions, patterns, loops, invocations, ...), the row of all of them sums them, and the clock's
        // share is one measured clock read per callback, never more than the twin's time.
        Assert.True(Calls(dispatcher) > 0, output);
        Assert.Equal(Calls(dispatcher), Calls(all));
        Assert.Matches(@"about one read \((\d+) ns here, measured\)", output);
        Assert.True(Number(all, 3) <= Number(all, 1) + 0.005, output);
        Assert.DoesNotContain("HollowAnalyzer", output);

        // The twins report nothing: the findings are those of a run without them.
        var (plainCode, plain) = Run("scan samples/PerfAnalyzers.Samples --quiet --timing --repeat 1 --warmup 0 --rules PERF004,PERF008");
        Assert.True(plainCode == 0, plain);
        static string Findings(string text) => Regex.Match(text, @"Summary: \d+ findings? from \d+ rules?").Value;
        Assert.NotEqual(string.Empty, Findings(output));
        Assert.Equal(Findings(plain), Findings(output));
    }

    [Fact]
    public void Rules_runs_only_the_given_rules_for_findings_and_timing()
    {
        var (code, output) = Run("scan samples/PerfAnalyzers.Samples --quiet --format json --rules perf001,PERF004");
        Assert.True(code == 0, output);
        using var document = JsonDocument.Parse(output);
        var ids = document.RootElement.GetProperty("findings").EnumerateArray().Select(f => f.GetProperty("id").GetString()).Distinct().OrderBy(id => id).ToList();
        Assert.Equal(new[] { "PERF001", "PERF004" }, ids);

        var (timingCode, timing) = Run("scan samples/PerfAnalyzers.Samples --quiet --timing --repeat 1 --warmup 0 --rules PERF004");
        Assert.True(timingCode == 0, timing);
        Assert.Contains("| PERF004SealInternalTypesAnalyzer | PERF004 |", timing);
        Assert.DoesNotContain("PERF001UseAsSpanInsteadOfSubstringAnalyzer", timing);
    }

    [Fact]
    public void Timed_runs_keep_each_files_editorconfig_settings()
    {
        // The timed runs parse the files again (a file's first reported finding then pays what it pays in a build);
        // the new trees must still get their file's .editorconfig section: here PERF001 is off in Off.cs alone.
        var folder = Path.Combine(fixture.WorkDirectory, "cli-timing-options-" + Guid.NewGuid().ToString("N")[..6]);
        Directory.CreateDirectory(folder);
        const string code = """
            public static class {0}
            {{
                public static int Parse(string s) => int.Parse(s.Substring(1));
            }}
            """;
        File.WriteAllText(Path.Combine(folder, "On.cs"), string.Format(CultureInfo.InvariantCulture, code, "On"));
        File.WriteAllText(Path.Combine(folder, "Off.cs"), string.Format(CultureInfo.InvariantCulture, code, "Off"));
        File.WriteAllText(Path.Combine(folder, ".editorconfig"), "root = true\n\n[*.cs]\ndotnet_diagnostic.PERF001.severity = warning\n\n[Off.cs]\ndotnet_diagnostic.PERF001.severity = none\n");

        var (exitCode, output) = Run($"scan \"{folder}\" --quiet --timing --repeat 1 --warmup 0 --rules PERF001");
        Assert.True(exitCode == 0, output);
        Assert.Contains("On.cs(3,", output);
        Assert.DoesNotContain("Off.cs", output);
        // The timed analysis's own count: one finding, not two.
        var row = Regex.Match(output, @"\| PERF001UseAsSpanInsteadOfSubstringAnalyzer \| PERF001 \| [\d.]+ \| [\d.]+ \| [\d.]+–[\d.]+ \| (\d+) \|");
        Assert.True(row.Success, output);
        Assert.Equal("1", row.Groups[1].Value);
    }
}
