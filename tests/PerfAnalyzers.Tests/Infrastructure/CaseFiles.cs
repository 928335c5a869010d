using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace PerfAnalyzers.Tests.Infrastructure;

/// <summary>
/// The cross-check cases in <c>tests/cases</c>: one file per rule, compiled together as one project with two legs —
/// <c>net10.0</c> at its default language version (C# 14) and <c>netstandard2.0</c> (C# 7.3). A line that must be
/// reported ends with a marker: <c>//~ PERF010</c> (on every leg) or <c>//~ PERF003[netstandard2.0]</c> (on the legs
/// listed, comma-separated); several ids may follow one <c>//~</c>. Every other line must not be reported. The same
/// files drive the in-process test (rule suite) and the real <c>dotnet build</c> (end-to-end), so a new case is one
/// line. Shared by both test projects (linked into the end-to-end project).
/// </summary>
public static class CaseFiles
{
    /// <summary>The legs, in the order the project lists them.</summary>
    public static readonly string[] Legs = { "net10.0", "netstandard2.0" };

    /// <summary>One expected diagnostic: file name, 1-based line, rule id.</summary>
    public sealed record Expected(string File, int Line, string Id)
    {
        public override string ToString() => $"{File}({Line}): {Id}";
    }

    private static readonly Regex Marker = new(@"//~(?<ids>(?:\s+PERF\d{3}(?:\[[^\]]+\])?)+)\s*$", RegexOptions.Compiled);
    private static readonly Regex Entry = new(@"(?<id>PERF\d{3})(?:\[(?<legs>[^\]]+)\])?", RegexOptions.Compiled);

    /// <summary>The case files under <paramref name="folder"/>, in name order.</summary>
    public static IReadOnlyList<string> Files(string folder) =>
        Directory.GetFiles(folder, "*.cs").OrderBy(f => f, StringComparer.Ordinal).ToList();

    /// <summary>What the markers of one file expect on <paramref name="leg"/>.</summary>
    public static IEnumerable<Expected> ExpectedOn(string leg, string fileName, string text)
    {
        if (!Legs.Contains(leg))
        {
            throw new ArgumentException("unknown leg " + leg, nameof(leg));
        }

        var lines = text.Replace("\r\n", "\n").Split('\n');
        for (var i = 0; i < lines.Length; i++)
        {
            var marker = Marker.Match(lines[i]);
            if (!marker.Success)
            {
                if (lines[i].Contains("//~", StringComparison.Ordinal))
                {
                    throw new FormatException($"{fileName}({i + 1}): malformed marker: {lines[i].Trim()}");
                }

                continue;
            }

            foreach (Match entry in Entry.Matches(marker.Groups["ids"].Value))
            {
                var legs = entry.Groups["legs"].Success
                    ? entry.Groups["legs"].Value.Split(',').Select(l => l.Trim()).ToArray()
                    : Legs;
                var unknown = legs.Except(Legs).ToList();
                if (unknown.Count > 0)
                {
                    throw new FormatException($"{fileName}({i + 1}): unknown leg {string.Join(", ", unknown)} (legs: {string.Join(", ", Legs)})");
                }

                if (legs.Contains(leg))
                {
                    yield return new Expected(fileName, i + 1, entry.Groups["id"].Value);
                }
            }
        }
    }

    /// <summary>What every file of <paramref name="folder"/> expects on <paramref name="leg"/>, sorted.</summary>
    public static IReadOnlyList<Expected> ExpectedOn(string leg, string folder) =>
        Files(folder).SelectMany(f => ExpectedOn(leg, Path.GetFileName(f), File.ReadAllText(f))).Distinct().OrderBy(e => e.ToString(), StringComparer.Ordinal).ToList();
}
