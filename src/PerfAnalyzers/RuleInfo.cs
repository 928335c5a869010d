using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers;

/// <summary>One rule's facts (an entry of <see cref="Rules"/>).</summary>
public sealed class RuleInfo
{
    public RuleInfo(DiagnosticDescriptor descriptor, string firesOn, string? fixKey, RuleOption[] options, string[] sdkCounterparts, System.Func<PerfAnalyzer> analyzer)
    {
        CreateAnalyzer = analyzer;
        Descriptor = descriptor;
        FiresOn = firesOn;
        FixKey = fixKey;
        Options = options.ToImmutableArray();
        SdkCounterparts = sdkCounterparts.ToImmutableArray();
    }

    public string Id => Descriptor.Id;

    public DiagnosticDescriptor Descriptor { get; }

    /// <summary>The target frameworks (and language versions) the rule reports on, as the README's rule table says it.</summary>
    public string FiresOn { get; }

    /// <summary>The equivalence key of the rule's code action; null when the rule has no fix.</summary>
    public string? FixKey { get; }

    /// <summary>Every option the rule honours: its own and the shared ones (<see cref="ColdPath.Option"/>, <see cref="MultiTargeting.Option"/>).</summary>
    public ImmutableArray<RuleOption> Options { get; }

    /// <summary>The SDK's NetAnalyzers rules that cover the same ground (rules.md "Anchors"), compared by the CLI.</summary>
    public ImmutableArray<string> SdkCounterparts { get; }

    public bool Honours(RuleOption option) => Options.Contains(option);

    /// <summary>A new instance of the rule's analyzer (the dispatcher runs every entry's; tests and the CLI run one alone).</summary>
    public System.Func<PerfAnalyzer> CreateAnalyzer { get; }
}
