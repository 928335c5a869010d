using System.Globalization;
using System.Text;
using BenchmarkDotNet.Attributes;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Benchmarks.Profiles;

/// <summary>
/// What a profile costs the analyzers: <see cref="Profile.Parse"/> of a file laid out as <c>perfanalyzers profile</c>
/// writes it, with as many methods as a library's profile lists (Humanizer's: 2,767, 520 KB; a small program's: 300).
/// The build reads it once per compilation (the IDE once per text of the file). Not a rule's benchmark: no Before/After.
/// </summary>
[MemoryDiagnoser]
public class ProfileReading
{
    private string _text = "";

    [Params(300, 3000)]
    public int Methods { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        var text = new StringBuilder();
        text.Append("{\n  \"format\": \"perfanalyzers-profile\",\n  \"version\": 1,\n  \"samples\": 61652,\n  \"attributedSamples\": 61513,\n");
        text.Append("  \"allocatedBytes\": 123456789,\n  \"inliningDisabled\": true,\n  \"sources\": [ { \"name\": \"run.nettrace\", \"samples\": 61652, \"attributedSamples\": 61513 } ],\n");
        text.Append("  \"assemblies\": [ \"Library\" ],\n  \"methods\": [\n");
        for (var i = 0; i < Methods; i++)
        {
            text.Append(CultureInfo.InvariantCulture, $"    {{\n      \"id\": \"M:Library.Localisation.NumberToWords.Converter{i / 20}.Convert{i % 20}(System.Int64,Library.GrammaticalGender,System.Boolean)\",\n");
            text.Append(CultureInfo.InvariantCulture, $"      \"inclusiveSamples\": {(i < Methods / 4 ? 1000 - i : 0)},\n      \"exclusiveSamples\": {(i < Methods / 4 ? 500 - (i % 500) : 0)},\n      \"allocatedBytes\": {(i % 7) * 102400}\n    }}{(i + 1 < Methods ? "," : "")}\n");
        }

        text.Append("  ]\n}\n");
        _text = text.ToString();
    }

    /// <summary>As the analyzers read it: no method id kept as a string.</summary>
    [Benchmark]
    public int Analyzers() => Profile.Parse(_text, keepIds: false).Assemblies.Length;

    /// <summary>As the CLI reads it to merge profiles: every id kept.</summary>
    [Benchmark(Baseline = true)]
    public int Cli() => Profile.Parse(_text).Assemblies.Length;
}
