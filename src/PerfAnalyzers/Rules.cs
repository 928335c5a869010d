using Microsoft.CodeAnalysis;

namespace PerfAnalyzers;

/// <summary>Every diagnostic descriptor of the package, in one place.</summary>
public static class Rules
{
    /// <summary>Base of every rule's help link; the rule id and ".md" are appended.</summary>
    public const string HelpLinkBase = "https://github.com/perfanalyzers/perfanalyzers/blob/main/docs/rules/";

    public const string Category = "Performance";

    /// <summary>Custom tag for rules reported from a compilation-end action (shown by the IDE only with full-solution analysis).</summary>
    public const string CompilationEndTag = WellKnownDiagnosticTags.CompilationEnd;

    public static string HelpLink(string id) => HelpLinkBase + id + ".md";

    public static readonly DiagnosticDescriptor PERF001UseAsSpanInsteadOfSubstring = Create(
        "PERF001",
        "Use AsSpan instead of Substring",
        "'{0}' allocates a substring that is only read; use '{1}' instead",
        DiagnosticSeverity.Warning,
        "Substring copies characters into a new string. When the result is only passed to an API that has a span-based overload, compared ordinally, or concatenated, a slice of the original string (AsSpan) avoids the allocation.");

    public static readonly DiagnosticDescriptor PERF002AvoidStringBuilderForFewPieces = Create(
        "PERF002",
        "Use string.Concat or interpolation instead of a StringBuilder for a few pieces",
        "'{0}' only joins {1} pieces into one string; use {2} instead",
        DiagnosticSeverity.Warning,
        "A StringBuilder that is created, appended a few times in straight-line code and turned into a string once costs the builder, its buffer and a final copy. string.Concat or an interpolated string computes the length once and builds the string directly.");

    public static readonly DiagnosticDescriptor PERF006DoNotBlockOnTasksInAsyncCode = Create(
        "PERF006",
        "Do not block on tasks in async code",
        "'{0}' blocks a thread in async code; use '{1}' instead",
        DiagnosticSeverity.Warning,
        "Result, Wait(), GetAwaiter().GetResult(), Task.WaitAll/WaitAny and Thread.Sleep hold a thread-pool thread until the work completes. In async code, awaiting frees the thread; blocking many threads at once starves the thread pool.");

    public static readonly DiagnosticDescriptor PERF004SealInternalTypes = Create(
        "PERF004",
        "Seal internal types that nothing derives from",
        "'{0}' is not visible outside the assembly and nothing derives from it; seal it",
        DiagnosticSeverity.Info,
        "The JIT can call a sealed class's virtual members directly (and inline them), and type checks, casts and array stores against a sealed class become a single method-table comparison. An internal or private class that no type in the compilation derives from can be sealed without changing what the program does. Every type in the compilation decides, so it is reported at compilation end.",
        CompilationEndTag);

    public static readonly DiagnosticDescriptor PERF003AvoidEnumHasFlag = Create(
        "PERF003",
        "Avoid Enum.HasFlag where it boxes",
        "'{0}' boxes both enum values on {1}; use '{2}' instead",
        DiagnosticSeverity.Warning,
        "Before .NET Core 2.1 (so also on .NET Framework, and in .NET Standard libraries that may run there) Enum.HasFlag boxes the receiver and the argument on every call. A bitwise test of the same enum type gives the same answer without allocating. On .NET Core 2.1 and later HasFlag is a JIT intrinsic and the rule is silent.");

    public static readonly DiagnosticDescriptor PERF005PassLowerBoundsToArrayCopy = Create(
        "PERF005",
        "Pass explicit lower bounds to Array.Copy",
        "'{0}' asks both arrays for their lower bounds on {1}; use '{2}' instead",
        DiagnosticSeverity.Warning,
        "Before .NET 5 (so also on .NET Framework and in .NET Standard libraries) the three-argument Array.Copy calls GetLowerBound on each array before delegating to the five-argument overload. For single-dimensional zero-based arrays the bounds are known to be 0 and can be passed directly. The rule is silent on .NET 5 and later, where the benchmark shows no difference.");

    public static readonly DiagnosticDescriptor PERF007CacheTaskFromResult = Create(
        "PERF007",
        "Cache Task.FromResult for common results",
        "'{0}' allocates a new task on every call on {1}; reuse a cached static readonly task instead",
        DiagnosticSeverity.Warning,
        "Before .NET 6 (so also on .NET Framework and in .NET Standard libraries) Task.FromResult(true) and Task.FromResult(false) allocate a new Task<bool> on every call. A static readonly field created once gives the same completed task. On .NET 6 and later Task.FromResult returns cached tasks for these values and the rule is silent.");

    public static readonly DiagnosticDescriptor PERF009UseGenericEnumApis = Create(
        "PERF009",
        "Use the generic Enum APIs",
        "'{0}' looks the enum up through a Type and boxes; use '{1}' instead",
        DiagnosticSeverity.Warning,
        "Enum.IsDefined, GetName, GetValues and Parse taking a Type box their values and look the enum's metadata up through reflection on every call. On .NET 6 and later the generic overloads (Enum.IsDefined(value), Enum.GetValues<E>(), Enum.Parse<E>(text)) do the same work on the concrete type without boxing.");

    public static readonly DiagnosticDescriptor PERF010UseRandomShared = Create(
        "PERF010",
        "Use Random.Shared instead of a new Random per use",
        "'{0}' creates and seeds a new Random for a few values; use 'Random.Shared' instead",
        DiagnosticSeverity.Warning,
        "Creating an unseeded Random allocates and seeds a new generator. When the instance is only used where it is created, the thread-safe Random.Shared (.NET 6+) gives values of the same quality without either cost.");

    public static readonly DiagnosticDescriptor PERF015UseClearOrFill = Create(
        "PERF015",
        "Clear or fill whole arrays and spans with the vectorized APIs",
        "Replace {0} with '{1}', which clears or fills the whole array or span in one vectorized call",
        DiagnosticSeverity.Warning,
        "A loop that stores one value into every element writes one element per iteration; Array.Clear, Array.Fill, Span.Clear and Span.Fill are vectorized. On .NET 6 and later Array.Clear(array) also skips the range checks of Array.Clear(array, 0, array.Length).");

    public static readonly DiagnosticDescriptor PERF013InitializeStaticFieldsInline = Create(
        "PERF013",
        "Initialize static fields inline instead of in an explicit static constructor",
        "The static constructor of '{0}' only initializes static fields; initialize them where they are declared so that the type is 'beforefieldinit'",
        DiagnosticSeverity.Warning,
        "A type with an explicit static constructor is not marked beforefieldinit, so on .NET Framework, Mono and .NET Core before 3.0 (and in .NET Standard libraries that may run there) code compiled before the type is initialized keeps a class-initialization check at static accesses. The same values given as field initializers let the runtime initialize the type earlier and drop those checks. On .NET Core 3.0 and later the benchmark shows no difference and the rule is silent.");

    public static readonly DiagnosticDescriptor PERF012UseReadOnlySpanForConstantData = Create(
        "PERF012",
        "Expose constant byte data as a static ReadOnlySpan<byte> property",
        "'{0}' is constant data that is only read; make it 'static ReadOnlySpan<{1}> {0} => new {1}[] {{ ... }}' so that the data is embedded and no array is allocated",
        DiagnosticSeverity.Warning,
        "A static readonly array allocates when its type is initialized and is read through a field load and bounds-checked array accesses. A static ReadOnlySpan<T> property returning a constant array creation is compiled to a span over data embedded in the assembly: nothing is allocated, and the span's length is known to the JIT. Every use must read the data as a span, so it is reported at compilation end.",
        CompilationEndTag);

    public static readonly DiagnosticDescriptor PERF011UseStackallocForSmallBuffers = Create(
        "PERF011",
        "Use stackalloc for small fixed-size temporary buffers",
        "'{0}' is a small temporary buffer that never leaves the method; use 'Span<{2}> {0} = stackalloc' instead of '{1}'",
        DiagnosticSeverity.Warning,
        "A small array with a constant length that is only used inside the method that creates it costs a heap allocation and later garbage collection. A stackalloc'ed Span<T> of the same length is zero-initialized like the array and needs neither. Calls that take the array are rewritten to their span overloads.");

    public static readonly DiagnosticDescriptor PERF014UseBinaryPrimitives = Create(
        "PERF014",
        "Use BinaryPrimitives instead of hand-written byte-order code",
        "{0}; use '{1}' instead",
        DiagnosticSeverity.Warning,
        "Shifting and or-ing consecutive bytes reads each byte separately and combines them in registers. BinaryPrimitives reads the value with one load and, when the byte order differs from the machine's, one byte-swap instruction.");

    public static readonly DiagnosticDescriptor PERF008UseInterpolationInsteadOfStringFormat = Create(
        "PERF008",
        "Use an interpolated string or string.Concat instead of string.Format",
        "'string.Format({0}, ...)' parses its format on every call; use {1} instead",
        DiagnosticSeverity.Warning,
        "string.Format parses the composite format at run time, boxes value-type arguments and allocates an argument array. With a constant format, an interpolated string (.NET 6+ with C# 10+) is parsed at compile time and formats each value into a pooled buffer without boxing; when every placeholder is a plain {n} with a string argument, string.Concat joins the pieces directly on every target.");

    private static DiagnosticDescriptor Create(string id, string title, string message, DiagnosticSeverity severity, string description, params string[] customTags) =>
        new(id, title, message, Category, severity, isEnabledByDefault: true, description, HelpLink(id), customTags);
}
