using Microsoft.CodeAnalysis;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers;

/// <summary>The entries of the rules in <c>src/PerfAnalyzers/Collections</c>, in id order.</summary>
public static partial class Rules
{
    /// <summary>PERF019: see docs/rules/PERF019.md.</summary>
    public static class PERF019
    {
        public const string Id = "PERF019";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF019_UpdateWithOneLookup";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Update a dictionary entry with one lookup",
            "Updating '{0}' looks the key up {1} times; {2}",
            DiagnosticSeverity.Warning,
            "A read-modify-write of a Dictionary<TKey, TValue> entry through ContainsKey, TryGetValue and the indexer hashes the key and searches its bucket once per call. From .NET 6, CollectionsMarshal.GetValueRefOrAddDefault finds or adds the entry once and returns a reference to its value, which the update changes in place; on older targets one TryGetValue and one write replace ContainsKey, a read and a write.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET 6+ (GetValueRefOrAddDefault); on every target where ContainsKey, a read and a write become TryGetValue and a write",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: ["CA1854", "CA1864"],
            analyzer: () => new Collections.PERF019UpdateDictionaryWithOneLookupAnalyzer());
    }
}
