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
    private static string[] RuleIds { get; } = typeof(Rules)
        .GetFields(BindingFlags.Public | BindingFlags.Static)
        .Where(f => f.FieldType == typeof(DiagnosticDescriptor))
        .Select(f => ((DiagnosticDescriptor)f.GetValue(null)!).Id)
        .OrderBy(id => id, StringComparer.Ordinal)
        .ToArray();

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
    /// The library of issue #15, on four targets: <c>dotnet format</c> applies every fix in its own (newest) target's context,
    /// and every leg still builds — the legs without the APIs keep their code behind <c>#if</c>.
    /// </summary>
    [Fact]
    public void Dotnet_format_on_a_multi_targeted_library_keeps_every_leg_building()
    {
        var directory = Path.Combine(fixture.WorkDirectory, "multi");
        Directory.CreateDirectory(directory);
        var source = Path.Combine(directory, "Library.cs");
        File.WriteAllText(source, """
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
                    public static string Key(int a, int b) => string.Format("{0}-{1}", a, b);
                    public static bool Known(DayOfWeek day) => Enum.IsDefined(typeof(DayOfWeek), day);
                    public static int Read(byte[] b, int i) => (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3];
                    public static int Copy(Stream source)
                    {
                        var buffer = new byte[64];
                        return source.Read(buffer, 0, buffer.Length);
                    }
                }
            }
            """);
        var consumer = Consumer.Create(Path.Combine(directory, "project"), fixture.Feed, fixture.Version,
            "netstandard2.0;net472;net8.0;net10.0", new[] { source }, EditorConfig(), langVersion: null, nullable: "disable");
        var restore = consumer.Restore();
        Assert.True(restore.ExitCode == 0, restore.Output);

        var before = consumer.Build();
        Assert.True(before.ExitCode == 0, before.Output);
        var guarded = new[] { "PERF001", "PERF008", "PERF009", "PERF010", "PERF011", "PERF014", "PERF015" };
        Assert.Equal(guarded, before.Diagnostics.Where(d => d.Leg == "net10.0" && d.Id.StartsWith("PERF", StringComparison.Ordinal)).Select(d => d.Id).Distinct().OrderBy(id => id));
        Assert.DoesNotContain(before.Diagnostics, d => d.Leg is "netstandard2.0" or "net472" && guarded.Contains(d.Id));

        var (code, output) = Shell.Dotnet($"format analyzers Consumer.csproj --no-restore --severity info --diagnostics {string.Join(" ", guarded)}", consumer.Directory);
        Assert.True(code == 0, "dotnet format failed:\n" + output);
        var text = consumer.ReadFile("Library.cs");
        Assert.Contains("#if NET6_0_OR_GREATER", text);
        Assert.Contains("Random.Shared", text);
        Assert.Contains("new Random()", text);

        var after = consumer.Build();
        Assert.True(after.ExitCode == 0, "a leg no longer builds after dotnet format:\n" + after.Output + "\n\n" + text);
        Assert.DoesNotContain(after.Diagnostics, d => d.Severity == "error");
        var remaining = after.Diagnostics.Where(d => guarded.Contains(d.Id)).Select(d => $"{d.Id} {d.Leg} line {d.Line}").ToList();
        Assert.True(remaining.Count == 0, "still reported after dotnet format: " + string.Join(", ", remaining) + "\n\n" + text);
    }
}
