using Microsoft.CodeAnalysis;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers;

/// <summary>The entries of the rules in <c>src/PerfAnalyzers/Strings</c>, in id order.</summary>
public static partial class Rules
{
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
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: ["CA1845", "CA1846"],
            analyzer: () => new Strings.PERF001UseAsSpanInsteadOfSubstringAnalyzer());
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
            options: [ColdPath.Option, MaxAppends, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Strings.PERF002AvoidStringBuilderForFewPiecesAnalyzer());
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
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Strings.PERF008UseInterpolationInsteadOfStringFormatAnalyzer());
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
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Strings.PERF021AppendPrimitivesWithoutToStringAnalyzer());
    }

    /// <summary>PERF023: see docs/rules/PERF023.md.</summary>
    public static class PERF023
    {
        public const string Id = "PERF023";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF023_UseConvertToHexString";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Format bytes as hex with Convert.ToHexString",
            "'{0}' formats the bytes as hex one at a time; use '{1}' instead",
            DiagnosticSeverity.Warning,
            "Formatting each byte with ToString(\"X2\") allocates a two-character string per byte and copies it into a builder or a longer string. From .NET 5, Convert.ToHexString formats the whole array or span into one string of the exact length (Convert.ToHexStringLower for lowercase digits from .NET 9); the text is the same, whatever the culture.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET 5+ (where `Convert.ToHexString` exists; silent on .NET Framework and .NET Standard); lowercase digits: `Convert.ToHexStringLower` on .NET 9+, `Convert.ToHexString(bytes).ToLowerInvariant()` on .NET 5-8",
            fixKey: FixKey,
            options: [MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: ["CA1872"],
            analyzer: () => new Strings.PERF023UseConvertToHexStringAnalyzer());
    }

    /// <summary>PERF025: see docs/rules/PERF025.md.</summary>
    public static class PERF025
    {
        public const string Id = "PERF025";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF025_PassCollectionToStringJoin";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Pass the collection to string.Join instead of a copy",
            "'{0}' copies the strings before joining them; pass '{1}' instead",
            DiagnosticSeverity.Warning,
            "string.Join and string.Concat read a string[] as it is, and a List<string> copied with ToList() is read through the same overload as the list itself. The copy allocates an array or list as large as the collection that is read once and dropped.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: "All targets (a `string[]` copied with `ToArray()`/`ToList()`, a `List<string>` copied with `ToList()`; a list's `ToArray()` is measured no faster to drop and left alone)",
            fixKey: FixKey,
            options: [ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Strings.PERF025PassCollectionToStringJoinAnalyzer());
    }
}
