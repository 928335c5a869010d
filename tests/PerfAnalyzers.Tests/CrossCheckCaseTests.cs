using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// The in-process half of the real-SDK cross-check: the case files of <c>tests/cases</c> (see <see cref="CaseFiles"/>)
/// compiled as the multi-targeted consumer's two legs are, against each leg's reference assemblies, preprocessor
/// symbols, language version and build properties, with every analyzer of the package. The end-to-end test
/// <c>CrossCheckTests</c> builds the same files with the real SDK and expects exactly the same diagnostics.
/// </summary>
public class CrossCheckCaseTests
{
    private static string Folder => Repository.Path("tests", "cases");

    public static TheoryData<string> Legs()
    {
        var data = new TheoryData<string>();
        foreach (var leg in CaseFiles.Legs)
        {
            data.Add(leg);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Legs))]
    public async Task Each_leg_reports_exactly_the_marked_lines(string leg)
    {
        var (references, language) = leg switch
        {
            "net10.0" => (TestReferences.Net100, Languages.OrNewest(Languages.CSharp14)),
            "netstandard2.0" => (TestReferences.NetStandard20, LanguageVersion.CSharp7_3),
            _ => throw new ArgumentException(leg),
        };
        var framework = PerfAnalyzers.Infrastructure.TargetFramework.FromMoniker(leg);
        var parse = new CSharpParseOptions(language, preprocessorSymbols: framework.PreprocessorSymbols());
        var trees = CaseFiles.Files(Folder).Select(f => CSharpSyntaxTree.ParseText(File.ReadAllText(f), parse, f, Encoding.UTF8));
        var compilation = CSharpCompilation.Create("Cases", trees, TestCompilations.References(references),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        Assert.True(errors.Count == 0, $"the cases do not compile on {leg}:\n" + string.Join("\n", errors));

        var properties = TargetFrameworks.BuildPropertiesOf(leg);
        properties[PerfAnalyzers.Infrastructure.BuildProperties.TargetFrameworks] = string.Join(",", CaseFiles.Legs);
        var config = new TestConfig(properties.ToDictionary(p => PerfAnalyzers.Infrastructure.BuildProperties.Key(p.Key), p => p.Value));
        var analyzers = MetaTests.Analyzers.ToImmutableArray();
        var diagnostics = await compilation
            .WithAnalyzers(analyzers, new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, config))
            .GetAnalyzerDiagnosticsAsync();

        var actual = diagnostics
            .Where(d => d.Id.StartsWith("PERF", StringComparison.Ordinal))
            .Select(d => new CaseFiles.Expected(Path.GetFileName(d.Location.SourceTree!.FilePath), d.Location.GetLineSpan().StartLinePosition.Line + 1, d.Id))
            .Distinct()
            .OrderBy(e => e.ToString(), StringComparer.Ordinal)
            .ToList();
        var expected = CaseFiles.ExpectedOn(leg, Folder);
        Assert.True(expected.SequenceEqual(actual),
            $"on {leg}\nmissing:\n  {string.Join("\n  ", expected.Except(actual))}\nunexpected:\n  {string.Join("\n  ", actual.Except(expected))}");
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
    }

    [Fact]
    public void Every_rule_has_a_case_file_and_fires_on_some_leg_unless_it_cannot_there()
    {
        var files = CaseFiles.Files(Folder).Select(Path.GetFileNameWithoutExtension).ToList();
        var marked = CaseFiles.Legs.SelectMany(leg => CaseFiles.ExpectedOn(leg, Folder)).Select(e => e.Id).ToHashSet();
        foreach (var descriptor in MetaTests.Descriptors)
        {
            Assert.Contains(descriptor.Id, files);

            // PERF012 fires only on .NET Core 2.1 to .NET 7, PERF018 on .NET Core 2.1 to .NET 6 and PERF022 before .NET 6 where
            // the span SequenceEqual exists (not netstandard2.0 without System.Memory): neither of the two legs (no such
            // reference pack is served here); their unit tests cover those targets.
            if (descriptor.Id is not ("PERF012" or "PERF018" or "PERF022"))
            {
                Assert.Contains(descriptor.Id, marked);
            }
        }
    }

    [Fact]
    public void Markers_are_parsed_per_leg()
    {
        const string text = "a //~ PERF001\nb //~ PERF003[netstandard2.0] PERF008[net10.0]\nc\nd //~ PERF010[net10.0,netstandard2.0]\n";
        Assert.Equal(new[] { "x(1): PERF001", "x(2): PERF008", "x(4): PERF010" }, CaseFiles.ExpectedOn("net10.0", "x", text).Select(e => e.ToString()));
        Assert.Equal(new[] { "x(1): PERF001", "x(2): PERF003", "x(4): PERF010" }, CaseFiles.ExpectedOn("netstandard2.0", "x", text).Select(e => e.ToString()));
        Assert.Throws<FormatException>(() => CaseFiles.ExpectedOn("net10.0", "x", "a //~ PERF001[net9.0]").ToList());
        Assert.Throws<FormatException>(() => CaseFiles.ExpectedOn("net10.0", "x", "a //~ perf1").ToList());
    }
}
