using Microsoft.CodeAnalysis;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers;

/// <summary>The entries of the rules in <c>src/PerfAnalyzers/Types</c>, in id order.</summary>
public static partial class Rules
{
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
            options: [ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Types.PERF003AvoidEnumHasFlagAnalyzer());
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

        /// <summary>Values of <see cref="Impact"/>.</summary>
        public enum ImpactMode
        {
            /// <summary>Only classes that are created and used in a way sealing makes cheaper (virtual call, type check, cast, array store).</summary>
            ChangesCode,

            /// <summary>Every class nothing derives from, as CA1852 does.</summary>
            All,
        }

        /// <summary>Whether the rule asks for a use that sealing makes cheaper.</summary>
        public static readonly EnumOption<ImpactMode> Impact = new(Id, "impact", ImpactMode.ChangesCode, "`changes_code` or `all`: flag only classes that are created and called virtually, type-tested, cast to or stored into an array of through their own type outside cold code (`changes_code`), or every class nothing derives from, as CA1852 does (`all`)");

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
            options: [InternalsVisibleTo, Impact, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: ["CA1852"],
            analyzer: () => new Types.PERF004SealInternalTypesAnalyzer());
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
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Types.PERF009UseGenericEnumApisAnalyzer());
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
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Types.PERF010UseRandomSharedAnalyzer());
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
            options: [ExcludedTypes, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: ["CA1810"],
            analyzer: () => new Types.PERF013InitializeStaticFieldsInlineAnalyzer());
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
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Types.PERF018DoNotHoistEqualityComparerDefaultAnalyzer());
    }

    /// <summary>PERF027: see docs/rules/PERF027.md.</summary>
    public static class PERF027
    {
        public const string Id = "PERF027";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF027_UseStopwatch";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Measure elapsed time with Stopwatch instead of DateTime",
            "'{0}' holds '{1}' only to measure elapsed time; use {2} instead",
            DiagnosticSeverity.Warning,
            "A DateTime taken from DateTime.Now or DateTime.UtcNow and only subtracted from the same clock later measures elapsed time with the wall clock. DateTime.Now converts to local time on every read (and jumps at daylight-saving changes); before .NET 6 DateTime.UtcNow costs 50-60 ns. Stopwatch.GetTimestamp() and Stopwatch.GetElapsedTime (.NET 7+), or Stopwatch.StartNew() and Elapsed elsewhere, read the monotonic high-resolution counter instead.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: "`DateTime.Now`/`DateTimeOffset.Now`: every target; `DateTime.UtcNow`/`DateTimeOffset.UtcNow`: before .NET 6 (.NET Framework, .NET Standard, .NET Core 1.0–3.1, .NET 5). The fix writes `Stopwatch.GetTimestamp()`/`GetElapsedTime` where every target is .NET 7+, `Stopwatch.StartNew()`/`Elapsed` elsewhere",
            fixKey: FixKey,
            options: [ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Types.PERF027UseStopwatchForElapsedTimeAnalyzer());
    }
}
