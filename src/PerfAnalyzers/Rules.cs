using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers;

/// <summary>
/// Every rule's facts, in one entry per rule and in id order: id, descriptor, the options it honours, its fix's
/// equivalence key, the targets it fires on (the README's table) and the SDK rules that overlap it. Analyzers, fixes,
/// the CLI and the meta-tests read them from here.
/// </summary>
public static class Rules
{
    /// <summary>Base of every rule's help link; the rule id and ".md" are appended.</summary>
    public const string HelpLinkBase = "https://github.com/perfanalyzers/perfanalyzers/blob/main/docs/rules/";

    public const string Category = "Performance";

    /// <summary>Custom tag for rules reported from a compilation-end action (shown by the IDE only with full-solution analysis).</summary>
    public const string CompilationEndTag = WellKnownDiagnosticTags.CompilationEnd;

    /// <summary>Every rule, in id order.</summary>
    public static ImmutableArray<RuleInfo> All { get; } = ImmutableArray.Create(
        PERF001.Info,
        PERF002.Info,
        PERF003.Info,
        PERF004.Info,
        PERF005.Info,
        PERF006.Info,
        PERF007.Info,
        PERF008.Info,
        PERF009.Info,
        PERF010.Info,
        PERF011.Info,
        PERF012.Info,
        PERF013.Info,
        PERF014.Info,
        PERF015.Info,
        PERF016.Info,
        PERF017.Info,
        PERF018.Info,
        PERF021.Info);

    /// <summary>PERF001: see docs/rules/PERF001.md.</summary>
    public static class PERF001
    {
        public const string Id = "PERF001";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF001_UseAsSpan";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Use AsSpan instead of Substring",
            "'{0}' allocates a substring that is only read; use '{1}' instead",
            DiagnosticSeverity.Warning,
            "Substring copies characters into a new string. When the result is only passed to an API that has a span-based overload, compared ordinally, or concatenated, a slice of the original string (AsSpan) avoids the allocation.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: "Where the span overload exists (.NET Core 2.1+; concatenation .NET Core 3.0+); the `StringBuilder.Append` shape on every target",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option],
            sdkCounterparts: ["CA1845", "CA1846"]);
    }

    /// <summary>PERF002: see docs/rules/PERF002.md.</summary>
    public static class PERF002
    {
        public const string Id = "PERF002";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF002_AvoidStringBuilderForFewPieces";

        /// <summary>Most appends a flagged builder may have.</summary>
        public static readonly IntOption MaxAppends = new(Id, "max_appends", 4, min: 1, "most appends a flagged `StringBuilder` may have");

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Use string.Concat or interpolation instead of a StringBuilder for a few pieces",
            "'{0}' only joins {1} pieces into one string; use {2} instead",
            DiagnosticSeverity.Warning,
            "A StringBuilder that is created, appended a few times in straight-line code and turned into a string once costs the builder, its buffer and a final copy. string.Concat or an interpolated string computes the length once and builds the string directly.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: "All targets (the fix writes an interpolated string on .NET 6+ with C# 10+, `string.Concat` elsewhere)",
            fixKey: FixKey,
            options: [ColdPath.Option, MaxAppends],
            sdkCounterparts: []);
    }

    /// <summary>PERF003: see docs/rules/PERF003.md.</summary>
    public static class PERF003
    {
        public const string Id = "PERF003";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF003_UseBitwiseTest";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Avoid Enum.HasFlag where it boxes",
            "'{0}' boxes both enum values on {1}; use '{2}' instead",
            DiagnosticSeverity.Warning,
            "Before .NET Core 2.1 (so also on .NET Framework, and in .NET Standard libraries that may run there) Enum.HasFlag boxes the receiver and the argument on every call. A bitwise test of the same enum type gives the same answer without allocating. On .NET Core 2.1 and later HasFlag is a JIT intrinsic and the rule is silent.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET Framework, .NET Standard, .NET Core before 2.1",
            fixKey: FixKey,
            options: [ColdPath.Option],
            sdkCounterparts: []);
    }

    /// <summary>PERF004: see docs/rules/PERF004.md.</summary>
    public static class PERF004
    {
        public const string Id = "PERF004";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF004_Seal";

        /// <summary>Values of <see cref="InternalsVisibleTo"/>.</summary>
        public enum InternalsVisibleToMode
        {
            /// <summary>Any friend assembly may derive from internal types: they are not flagged.</summary>
            SkipAll,

            /// <summary>Friends named like test or benchmark assemblies do not stop the rule; any other friend does.</summary>
            IgnoreTestAssemblies,

            /// <summary>Friends never stop the rule.</summary>
            Ignore,
        }

        /// <summary>Which <c>[InternalsVisibleTo]</c> friends stop the rule for internal types.</summary>
        public static readonly EnumOption<InternalsVisibleToMode> InternalsVisibleTo = new(Id, "internals_visible_to", InternalsVisibleToMode.IgnoreTestAssemblies, "`skip_all`, `ignore_test_assemblies` or `ignore`: which `[InternalsVisibleTo]` friends stop the rule");

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Seal internal types that nothing derives from",
            "'{0}' is not visible outside the assembly and nothing derives from it; seal it",
            DiagnosticSeverity.Info,
            "The JIT can call a sealed class's virtual members directly (and inline them), and type checks, casts and array stores against a sealed class become a single method-table comparison. An internal or private class that no type in the compilation derives from can be sealed without changing what the program does. Every type in the compilation decides, so it is reported at compilation end.",
            CompilationEndTag);

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: "Every target framework (reported at compilation end; the IDE shows it with full-solution analysis)",
            fixKey: FixKey,
            options: [InternalsVisibleTo],
            sdkCounterparts: ["CA1852"]);
    }

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
            options: [ColdPath.Option],
            sdkCounterparts: []);
    }

    /// <summary>PERF006: see docs/rules/PERF006.md.</summary>
    public static class PERF006
    {
        public const string Id = "PERF006";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF006_Await";

        /// <summary>Fully qualified methods (<c>Namespace.Type.Method</c>) whose blocking is accepted.</summary>
        public static readonly ListOption ExcludedMethods = new(Id, "excluded_methods", "blocking calls not to flag");

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Do not block on tasks in async code",
            "'{0}' blocks a thread in async code; use '{1}' instead",
            DiagnosticSeverity.Warning,
            "Result, Wait(), GetAwaiter().GetResult(), Task.WaitAll/WaitAny and Thread.Sleep hold a thread-pool thread until the work completes. In async code, awaiting frees the thread; blocking many threads at once starves the thread pool.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: "Every target framework (async methods, lambdas, local functions, anonymous methods)",
            fixKey: FixKey,
            options: [ExcludedMethods],
            sdkCounterparts: ["CA1849"]);
    }

    /// <summary>PERF007: see docs/rules/PERF007.md.</summary>
    public static class PERF007
    {
        public const string Id = "PERF007";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF007_CacheTask";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Cache Task.FromResult for common results",
            "'{0}' allocates a new task on every call on {1}; {2}",
            DiagnosticSeverity.Warning,
            "Before .NET 6 (so also on .NET Framework and in .NET Standard libraries) Task.FromResult(true) and Task.FromResult(false) allocate a new Task<bool> on every call. A static readonly field created once gives the same completed task. On .NET 6 and later Task.FromResult returns cached tasks for these values and the rule is silent.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET Framework, .NET Standard, .NET Core 1.0–3.1, .NET 5 (before .NET 6)",
            fixKey: FixKey,
            options: [ColdPath.Option],
            sdkCounterparts: []);
    }

    /// <summary>PERF008: see docs/rules/PERF008.md.</summary>
    public static class PERF008
    {
        public const string Id = "PERF008";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF008_UseInterpolationInsteadOfStringFormat";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Use an interpolated string or string.Concat instead of string.Format",
            "'string.Format({0}, ...)' parses its format on every call; use {1} instead",
            DiagnosticSeverity.Warning,
            "string.Format parses the composite format at run time, boxes value-type arguments and allocates an argument array. With a constant format, an interpolated string (.NET 6+ with C# 10+) is parsed at compile time and formats each value into a pooled buffer without boxing; when every placeholder is a plain {n} with a string argument, string.Concat joins the pieces directly on every target.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET 6+ with C# 10+ (interpolated string); every target for strings-only plain placeholders (`string.Concat`) and `StringBuilder.Append(string.Format(...))` (`AppendFormat`)",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option],
            sdkCounterparts: []);
    }

    /// <summary>PERF009: see docs/rules/PERF009.md.</summary>
    public static class PERF009
    {
        public const string Id = "PERF009";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF009_UseGenericEnumApi";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Use the generic Enum APIs",
            "'{0}' looks the enum up through a Type and boxes; use '{1}' instead",
            DiagnosticSeverity.Warning,
            "Enum.IsDefined, GetName, GetValues and Parse taking a Type box their values and look the enum's metadata up through reflection on every call. On .NET 6 and later the generic overloads (Enum.IsDefined(value), Enum.GetValues<E>(), Enum.Parse<E>(text)) do the same work on the concrete type without boxing.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET 6+ (where the generic overloads exist and no longer box)",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option],
            sdkCounterparts: []);
    }

    /// <summary>PERF010: see docs/rules/PERF010.md.</summary>
    public static class PERF010
    {
        public const string Id = "PERF010";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF010_UseRandomShared";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Use Random.Shared instead of a new Random per use",
            "'{0}' creates and seeds a new Random for a few values; use 'Random.Shared' instead",
            DiagnosticSeverity.Warning,
            "Creating an unseeded Random allocates and seeds a new generator. When the instance is only used where it is created, the thread-safe Random.Shared (.NET 6+) gives values of the same quality without either cost.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET 6+ (where `Random.Shared` exists)",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option],
            sdkCounterparts: []);
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
            options: [MultiTargeting.Option, ColdPath.Option, MaxBytes],
            sdkCounterparts: []);
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
            options: [MultiTargeting.Option],
            sdkCounterparts: []);
    }

    /// <summary>PERF013: see docs/rules/PERF013.md.</summary>
    public static class PERF013
    {
        public const string Id = "PERF013";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF013_InitializeInline";

        /// <summary>Types (full or simple names) whose initialization timing is observable by design.</summary>
        public static readonly ListOption ExcludedTypes = new(Id, "excluded_types", "types whose static constructor stays");

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Initialize static fields inline instead of in an explicit static constructor",
            "The static constructor of '{0}' only initializes static fields; initialize them where they are declared so that the type is 'beforefieldinit'",
            DiagnosticSeverity.Warning,
            "A type with an explicit static constructor is not marked beforefieldinit, so on .NET Framework, Mono and .NET Core before 3.0 (and in .NET Standard libraries that may run there) code compiled before the type is initialized keeps a class-initialization check at static accesses. The same values given as field initializers let the runtime initialize the type earlier and drop those checks. On .NET Core 3.0 and later the benchmark shows no difference and the rule is silent.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET Framework, .NET Standard, .NET Core before 3.0 (Mono measured; silent on .NET Core 3.0+, measured equal)",
            fixKey: FixKey,
            options: [ExcludedTypes],
            sdkCounterparts: ["CA1810"]);
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
            options: [MultiTargeting.Option, ColdPath.Option],
            sdkCounterparts: []);
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
            "Replace {0} with '{1}', which clears or fills the whole array or span in one vectorized call",
            DiagnosticSeverity.Warning,
            "A loop that stores one value into every element writes one element per iteration; Array.Clear, Array.Fill, Span.Clear and Span.Fill are vectorized. On .NET 6 and later Array.Clear(array) also skips the range checks of Array.Clear(array, 0, array.Length).");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: "Loops: every target with the replacement (`Array.Clear` range everywhere, `Array.Fill` .NET Core 2.0+, spans); `Array.Clear(a)` .NET 6+",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option],
            sdkCounterparts: ["CA1855"]);
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
            options: [MultiTargeting.Option, ColdPath.Option],
            sdkCounterparts: []);
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
            options: [MultiTargeting.Option, ColdPath.Option],
            sdkCounterparts: []);
    }

    /// <summary>PERF018: see docs/rules/PERF018.md.</summary>
    public static class PERF018
    {
        public const string Id = "PERF018";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF018_CallDefaultDirectly";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Do not hoist EqualityComparer<T>.Default into a local",
            "'{0}' holds '{1}', whose calls the JIT devirtualizes and inlines on {2} only when made on the property itself; call '{1}.Equals' directly",
            DiagnosticSeverity.Warning,
            "From .NET Core 2.1 the JIT recognizes EqualityComparer<T>.Default: EqualityComparer<T>.Default.Equals(a, b) becomes a direct, inlinable call to T's own equality. Read into a local first, the comparer is an ordinary object and every Equals is a virtual call. On .NET Framework the hoisted local was the optimization, so the rule is silent there.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET Core 2.1 to .NET 6 (silent on .NET Framework and .NET Standard, where the hoisted local is the faster code, and from .NET 7: measured equal on .NET 10)",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option],
            sdkCounterparts: []);
    }

    /// <summary>PERF021: see docs/rules/PERF021.md.</summary>
    public static class PERF021
    {
        public const string Id = "PERF021";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF021_AppendWithoutToString";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Append primitives to a StringBuilder without ToString",
            "'{0}' formats the value into a temporary string first; use '{1}' instead",
            DiagnosticSeverity.Warning,
            "From .NET Core 2.1, StringBuilder's Append and Insert overloads for int, long, double, bool, char and the other primitives format the value straight into the builder's buffer; x.ToString() first allocates a string that is copied and dropped. On .NET 6 and later, Append($\"{x:F2}\") formats with a format string in place too. Both use the current culture (or the given one), so the text is the same.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET Core 2.1+ and .NET Standard (where the typed overloads format in place; silent on .NET Framework, where `Append(int)` calls `ToString()` itself); format strings: .NET 6+ with C# 10+",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option],
            sdkCounterparts: []);
    }

    public static string HelpLink(string id) => HelpLinkBase + id + ".md";

    private static DiagnosticDescriptor Create(string id, string title, string message, DiagnosticSeverity severity, string description, params string[] customTags) =>
        new(id, title, message, Category, severity, isEnabledByDefault: true, description, HelpLink(id), customTags);
}
