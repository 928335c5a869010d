using Microsoft.CodeAnalysis;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers;

/// <summary>The entries of the rules in <c>src/PerfAnalyzers/Streams</c>, in id order.</summary>
public static partial class Rules
{
    /// <summary>PERF024: see docs/rules/PERF024.md.</summary>
    public static class PERF024
    {
        public const string Id = "PERF024";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF024_CopyStreamsWithCopyTo";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Copy streams with CopyTo instead of a read/write loop",
            "This loop copies '{0}' into '{1}' through a buffer; use '{2}' instead",
            DiagnosticSeverity.Warning,
            "Stream.CopyTo and CopyToAsync do the same copy with a pooled buffer, and streams such as MemoryStream, FileStream and DeflateStream override them to copy without the intermediate chunks (DeflateStream decompresses straight into its own buffer). A hand-written read/write loop allocates its buffer and goes through the generic Read and Write on every chunk.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET Core 2.1+, .NET 5+ and .NET Standard (where `CopyTo` rents its buffer from the pool and, from .NET Core 3.0, streams override it); silent on .NET Framework, where `CopyTo` is the same loop",
            fixKey: FixKey,
            options: [ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Streams.PERF024CopyStreamsWithCopyToAnalyzer());
    }
}
