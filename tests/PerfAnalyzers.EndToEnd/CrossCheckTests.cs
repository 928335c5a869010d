using System;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.EndToEnd;

/// <summary>
/// Real-SDK cross-check and multi-targeted fixes, in the compiler and build users run: the packed package in projects
/// built by the installed .NET SDK.
/// </summary>
[Collection(PackageCollection.Name)]
public sealed class CrossCheckTests(PackageFixture fixture)
{
    private static string[] RuleIds { get; } = Rules.All.Select(r => r.Id).ToArray();

    /// <summary>Every rule at warning severity (PERF004 is a suggestion by default, which a build does not print).</summary>
    private static string EditorConfig(string extra = "") =>
        "root = true\n\n[*.cs]\n" + string.Concat(RuleIds.Select(id => $"dotnet_diagnostic.{id}.severity = warning\n")) + extra;

    /// <summary>
    /// The case files of <c>tests/cases</c> in one project targeting <c>net10.0;netstandard2.0</c>, each leg at the SDK's
    /// default language version (C# 14 and C# 7.3): the build reports exactly the marked (file, line, id) on each leg,
    /// the same set the rule suite's <c>CrossCheckCaseTests</c> expects in process.
    /// </summary>
    [Fact]
    public void Real_build_reports_exactly_the_marked_lines_on_each_leg()
    {
        var folder = Path.Combine(fixture.Root, "tests", "cases");
        var consumer = Consumer.Create(Path.Combine(fixture.WorkDirectory, "cases"), fixture.Feed, fixture.Version,
            string.Join(";", CaseFiles.Legs), CaseFiles.Files(folder), EditorConfig(), langVersion: null, nullable: "disable");
        var restore = consumer.Restore();
        Assert.True(restore.ExitCode == 0, restore.Output);

        var (code, output, diagnostics) = consumer.Build();
        Assert.True(code == 0, output);
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
        foreach (var leg in CaseFiles.Legs)
        {
            var actual = diagnostics
                .Where(d => d.Leg == leg && d.Id.StartsWith("PERF", StringComparison.Ordinal))
                .Select(d => new CaseFiles.Expected(d.File, d.Line, d.Id))
                .Distinct()
                .OrderBy(e => e.ToString(), StringComparer.Ordinal)
                .ToList();
            var expected = CaseFiles.ExpectedOn(leg, folder);
            Assert.True(expected.SequenceEqual(actual),
                $"dotnet build, {leg}\nmissing:\n  {string.Join("\n  ", expected.Except(actual))}\nunexpected:\n  {string.Join("\n  ", actual.Except(expected))}\n\n{output}");
        }

        // Every PERF line carries its leg: none was attributed to the project as a whole.
        Assert.DoesNotContain(diagnostics, d => d.Id.StartsWith("PERF", StringComparison.Ordinal) && d.Leg is null);
    }

    /// <summary>
    /// A library on four targets (<c>netstandard2.0;net472;net8.0;net10.0</c>) holding every rule's cases and the lines of
    /// issue #15: <c>dotnet format</c> applies every PERF fix, every leg still builds with no error and no PERF warning
    /// left, and on the legs that lack the APIs the code that compiles is exactly the original (compared token by
    /// token after the leg's own preprocessor symbols are applied).
    /// </summary>
    [Fact]
    public void Dotnet_format_on_a_multi_targeted_library_keeps_every_leg_building()
    {
        var directory = Path.Combine(fixture.WorkDirectory, "multi");
        Directory.CreateDirectory(directory);
        var library = Path.Combine(directory, "Library.cs");
        const string original = """
            using System;
            using System.IO;

            namespace Library
            {
                public static class Api
                {
                    public static int Roll() => new Random().Next(6);
                    public static void Ones(int[] a)
                    {
                        for (int i = 0; i < a.Length; i++)
                        {
                            a[i] = 1;
                        }
                    }
                    public static bool Starts(string s) => s.Substring(0, 3) == "abc";
                    public static string Price(double x) => string.Format(System.Globalization.CultureInfo.InvariantCulture, "{0:F2}", x);
                    public static bool Known(DayOfWeek day) => Enum.IsDefined(typeof(DayOfWeek), day);
                    public static int Read(byte[] b, int i) => (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3];
                    public static int Copy(Stream source)
                    {
                        var buffer = new byte[64];
                        return source.Read(buffer, 0, buffer.Length);
                    }
                }
            }
            """;
        File.WriteAllText(library, original);
        var cases = CaseFiles.Files(Path.Combine(fixture.Root, "tests", "cases"));
        var consumer = Consumer.Create(Path.Combine(directory, "project"), fixture.Feed, fixture.Version,
            "netstandard2.0;net472;net8.0;net10.0", cases.Append(library), EditorConfig(), langVersion: null, nullable: "disable");
        var restore = consumer.Restore();
        Assert.True(restore.ExitCode == 0, restore.Output);

        var before = consumer.Build();
        Assert.True(before.ExitCode == 0, before.Output);
        var guarded = new[] { "PERF001", "PERF008", "PERF009", "PERF010", "PERF011", "PERF014", "PERF015" };
        Assert.All(guarded, id => Assert.Contains(before.Diagnostics, d => d.Leg == "net10.0" && d.Id == id && d.File == "Library.cs"));
        Assert.DoesNotContain(before.Diagnostics, d => d.Leg is "netstandard2.0" or "net472" && d.File == "Library.cs" && d.Id.StartsWith("PERF", StringComparison.Ordinal));

        var (code, output) = Shell.Dotnet($"format analyzers Consumer.csproj --no-restore --severity info --diagnostics {string.Join(" ", RuleIds)}", consumer.Directory);
        Assert.True(code == 0, "dotnet format failed:\n" + output);
        var text = consumer.ReadFile("Library.cs");
        Assert.Contains("#if NET6_0_OR_GREATER", text);
        Assert.Contains("Random.Shared", text);

        var after = consumer.Build();
        // The error lines go last: a CI log keeps only the end of a long failure message.
        Assert.True(after.ExitCode == 0, "a leg no longer builds after dotnet format. Library.cs now:\n" + text + "\n\nthe build:\n" + after.Output
            + "\n\nits errors:\n  " + string.Join("\n  ", after.Output.Split('\n').Where(l => l.Contains(" error ", StringComparison.Ordinal)).Select(l => l.Trim()).Distinct()));
        Assert.DoesNotContain(after.Diagnostics, d => d.Severity == "error");
        var remaining = after.Diagnostics.Where(d => d.Id.StartsWith("PERF", StringComparison.Ordinal)).Select(d => $"{d.File}({d.Line}) {d.Id} on {d.Leg}").Distinct().ToList();
        Assert.True(remaining.Count == 0, "still reported after dotnet format:\n  " + string.Join("\n  ", remaining) + "\n\n" + text);

        // The legs without the APIs compile exactly the original code (Library.cs holds only guarded findings; a plain fix
        // such as PERF008's interpolated string is the same on every leg by design).
        foreach (var leg in new[] { "netstandard2.0", "net472" })
        {
            Assert.Equal(ActiveTokens(original, leg), ActiveTokens(text, leg));
        }
    }

    /// <summary>The tokens a leg compiles: the text parsed with the leg's preprocessor symbols, inactive regions dropped.</summary>
    private static string[] ActiveTokens(string text, string leg)
    {
        var options = new Microsoft.CodeAnalysis.CSharp.CSharpParseOptions(
            Microsoft.CodeAnalysis.CSharp.LanguageVersion.Latest,
            preprocessorSymbols: PerfAnalyzers.Infrastructure.TargetFramework.FromMoniker(leg).PreprocessorSymbols());
        return Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText(text, options).GetRoot().DescendantTokens().Select(t => t.Text).ToArray();
    }
}
