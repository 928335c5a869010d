using Microsoft.CodeAnalysis;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers;

/// <summary>The entries of the rules in <c>src/PerfAnalyzers/Arrays</c>, in id order.</summary>
public static partial class Rules
{
    /// <summary>PERF005: see docs/rules/PERF005.md.</summary>
    public static class PERF005
    {
        public const string Id = "PERF005";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF005_PassLowerBounds";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Pass explicit lower bounds to Array.Copy",
            "'{0}' asks both arrays for their lower bounds on {1}; use '{2}' instead",
            DiagnosticSeverity.Warning,
            "Before .NET 5 (so also on .NET Framework and in .NET Standard libraries) the three-argument Array.Copy calls GetLowerBound on each array before delegating to the five-argument overload. For single-dimensional zero-based arrays the bounds are known to be 0 and can be passed directly. The rule is silent on .NET 5 and later, where the benchmark shows no difference.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET Framework, .NET Standard, .NET Core before 5 (boundary measured)",
            fixKey: FixKey,
            options: [ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Arrays.PERF005PassLowerBoundsToArrayCopyAnalyzer());
    }

    /// <summary>PERF011: see docs/rules/PERF011.md.</summary>
    public static class PERF011
    {
        public const string Id = "PERF011";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF011_UseStackalloc";

        /// <summary>The largest buffer, in bytes of elements, worth putting on the stack.</summary>
        public static readonly IntOption MaxBytes = new(Id, "max_bytes", 256, min: 0, "largest buffer moved to the stack");

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Use stackalloc for small fixed-size temporary buffers",
            "'{0}' is a small temporary buffer that never leaves the method; use 'Span<{2}> {0} = stackalloc' instead of '{1}'",
            DiagnosticSeverity.Warning,
            "A small array with a constant length that is only used inside the method that creates it costs a heap allocation and later garbage collection. A stackalloc'ed Span<T> of the same length is zero-initialized like the array and needs neither. Calls that take the array are rewritten to their span overloads.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: "Where `Span<T>` exists (.NET Core 2.1+, .NET Standard 2.1, or System.Memory), C# 7.3+",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option, MaxBytes, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Arrays.PERF011UseStackallocForSmallBuffersAnalyzer());
    }

    /// <summary>PERF012: see docs/rules/PERF012.md.</summary>
    public static class PERF012
    {
        public const string Id = "PERF012";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF012_UseReadOnlySpanProperty";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Expose constant byte data as a static ReadOnlySpan<byte> property",
            "'{0}' is constant data that is only read; make it 'static ReadOnlySpan<{1}> {0} => new {1}[] {{ ... }}' so that the data is embedded and no array is allocated",
            DiagnosticSeverity.Warning,
            "A static readonly array allocates when its type is initialized and is read through a field load and bounds-checked array accesses. A static ReadOnlySpan<T> property returning a constant array creation is compiled to a span over data embedded in the assembly: nothing is allocated, and the span's length is known to the JIT. Every use must read the data as a span, so it is reported at compilation end.",
            CompilationEndTag);

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET Core 2.1 up to .NET 7 (silent on .NET 8+, measured equal on .NET 10; silent on .NET Framework/Standard); byte/sbyte/bool data with C# 7.3+, other primitives with C# 11 on .NET 7",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Arrays.PERF012UseReadOnlySpanForConstantDataAnalyzer());
    }

    /// <summary>PERF014: see docs/rules/PERF014.md.</summary>
    public static class PERF014
    {
        public const string Id = "PERF014";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF014_UseBinaryPrimitives";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Use BinaryPrimitives instead of hand-written byte-order code",
            "{0}; use '{1}' instead",
            DiagnosticSeverity.Warning,
            "Shifting and or-ing consecutive bytes reads each byte separately and combines them in registers. BinaryPrimitives reads the value with one load and, when the byte order differs from the machine's, one byte-swap instruction.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: "Where `System.Buffers.Binary.BinaryPrimitives` exists (.NET Core 2.1+, .NET Standard 2.1, or System.Memory); reads and writes of 2, 4 and 8 bytes, byte swaps",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Arrays.PERF014UseBinaryPrimitivesAnalyzer());
    }

    /// <summary>PERF015: see docs/rules/PERF015.md.</summary>
    public static class PERF015
    {
        public const string Id = "PERF015";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF015_UseClearOrFill";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Clear or fill whole arrays and spans with the vectorized APIs",
            "Replace {0} with {1}",
            DiagnosticSeverity.Warning,
            "A loop that stores one value into every element writes one element per iteration; Array.Clear, Array.Fill, Span.Clear and Span.Fill are vectorized. On .NET 6 and later Array.Clear(array) also skips the range checks of Array.Clear(array, 0, array.Length).");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: "Zeroing loops (whole array or a range, `for` or `while`): every target; filling loops: .NET 6+; `Array.Clear(a, 0, a.Length)` → `Array.Clear(a)`: .NET 6+",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: ["CA1855"],
            analyzer: () => new Arrays.PERF015UseClearOrFillAnalyzer());
    }

    /// <summary>PERF016: see docs/rules/PERF016.md.</summary>
    public static class PERF016
    {
        public const string Id = "PERF016";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF016_UseSequenceEqual";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Compare arrays and spans with SequenceEqual instead of a loop",
            "This loop compares two sequences one element at a time; '{0}' computes the same answer with a vectorized comparison",
            DiagnosticSeverity.Warning,
            "A length check followed by a loop that returns false at the first differing element, and true after it, computes exactly SequenceEqual. From .NET Core 3.0, MemoryExtensions.SequenceEqual compares a vector of elements per instruction for the primitive types.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET Core 3.0+ (where SequenceEqual is vectorized; silent on .NET Framework, .NET Standard and older .NET Core, where nothing was measured)",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Arrays.PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer());
    }

    /// <summary>PERF017: see docs/rules/PERF017.md.</summary>
    public static class PERF017
    {
        public const string Id = "PERF017";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF017_UseIndexOf";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Search arrays, spans and strings with IndexOf instead of a loop",
            "This loop looks for the first element equal to a value one element at a time; '{0}' computes the same index with a vectorized search",
            DiagnosticSeverity.Warning,
            "A loop that returns the index of the first element equal to a value, and -1 after it, computes exactly IndexOf. From .NET Core 3.0, string.IndexOf(char), Array.IndexOf and MemoryExtensions.IndexOf compare a vector of elements per instruction for char and the integral types.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET Core 3.0+ (where IndexOf is vectorized; silent on .NET Framework, .NET Standard and older .NET Core, where nothing was measured)",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Arrays.PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer());
    }

    /// <summary>PERF022: see docs/rules/PERF022.md.</summary>
    public static class PERF022
    {
        public const string Id = "PERF022";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF022_UseSpanSequenceEqual";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Compare arrays with the span SequenceEqual before .NET 6",
            "'{0}' compares the arrays through their enumerators on {1}; use '{2}' instead",
            DiagnosticSeverity.Warning,
            "Before .NET 6, Enumerable.SequenceEqual walks two arrays through IEnumerator<T> and compares each pair of elements with EqualityComparer<T>.Default: several interface calls per element. The span SequenceEqual (MemoryExtensions, from .NET Core 2.1, .NET Standard 2.1 or the System.Memory package) compares primitive elements as memory, a vector at a time. From .NET 6 Enumerable.SequenceEqual takes that path for arrays itself, so the rule is silent there. Reported only where both arrays are known to be non-null: Enumerable.SequenceEqual throws for null, the span compares null as empty.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: "Where the span `SequenceEqual` exists before .NET 6: .NET Core 2.1–5, .NET Standard 2.1, .NET Framework / .NET Standard 2.0 with System.Memory; both arrays known non-null",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Arrays.PERF022UseSpanSequenceEqualForArraysAnalyzer());
    }
}
