using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Tests.Infrastructure;

/// <summary>An .editorconfig / .globalconfig as the analyzers see it: the same key/value pairs for every file.</summary>
public sealed class TestConfig : AnalyzerConfigOptionsProvider
{
    private readonly Options _options;

    public TestConfig(IReadOnlyDictionary<string, string> values) =>
        _options = new Options(values.ToImmutableDictionary(KeyComparer));

    public static readonly System.StringComparer KeyComparer = AnalyzerConfigOptions.KeyComparer;

    public override AnalyzerConfigOptions GlobalOptions => _options;

    public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => _options;

    public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => _options;

    private sealed class Options(ImmutableDictionary<string, string> values) : AnalyzerConfigOptions
    {
        public override bool TryGetValue(string key, [NotNullWhen(true)] out string? value) => values.TryGetValue(key, out value);
    }
}
