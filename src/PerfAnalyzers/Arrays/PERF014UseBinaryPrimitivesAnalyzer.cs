using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF014: a shift/or tree that assembles an integer from 2, 4 or 8 consecutive bytes of a byte array or span, in
/// either byte order (<c>(b[i] &lt;&lt; 24) | (b[i + 1] &lt;&lt; 16) | (b[i + 2] &lt;&lt; 8) | b[i + 3]</c>): one
/// <c>BinaryPrimitives.Read…</c> call does the same with one load (and a byte swap when needed). Also the reverse
/// statements that store an integer byte by byte (<c>Write…</c>), hand-written byte swaps of a value, and
/// <c>BitConverter.GetBytes</c> + <c>Array.Reverse</c> + <c>BitConverter.ToInt32</c> (<c>ReverseEndianness</c>).
/// One file per shape (<c>.Reads.cs</c>, <c>.Writes.cs</c>, <c>.Swaps.cs</c>, <c>.BitConverter.cs</c>); this one registers
/// them and holds what they share. See docs/rules/PERF014.md.
/// </summary>
public sealed partial class PERF014UseBinaryPrimitivesAnalyzer : PerfAnalyzer
{

    public const string ShapeRead = "Read";

    public const string ShapeWrite = "Write";

    public const string ShapeSwap = "Swap";

    public const string ShapeBitConverter = "BitConverter";

    /// <summary>Diagnostic property (write, swap, BitConverter): "start:length" of the value's syntax.</summary>
    public const string ValueKey = "Value";

    /// <summary>Diagnostic property (BitConverter): "true" when the reverse is under <c>if (BitConverter.IsLittleEndian)</c>.</summary>
    public const string ConditionalKey = "Conditional";

    /// <summary>Diagnostic property: the BinaryPrimitives method name.</summary>
    public const string MethodKey = "Method";

    /// <summary>Diagnostic property: "Array" (needs AsSpan) or "Span" (needs Slice).</summary>
    public const string SourceKey = "Source";

    /// <summary>Diagnostic property: source position of the element access with the lowest index.</summary>
    public const string FirstKey = "First";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF014.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // Where BinaryPrimitives is sure to exist (.NET Core 2.1+, whose reference assemblies put it outside the core
        // library, so that resolving it searches every referenced assembly: WellKnownTypes), it is resolved at the first
        // candidate; elsewhere at the first callback, since its absence turns the rule off. The span types too are
        // resolved at the first callback (PerfCompilation.Later), not here.
        var api = new Api(compilation);
        var types = compilation.Types;
        var symbols = compilation.Later(() =>
            types.Get(WellKnownTypes.ReadOnlySpanOfT) is { } readOnlySpan && (compilation.TargetFramework.IsNetCoreAtLeast(2, 1) || api.BinaryPrimitives is not null)
                ? new Resolved(readOnlySpan, types.Get(WellKnownTypes.SpanOfT), types.Get(WellKnownTypes.BitConverter), types.Get(WellKnownTypes.Array))
                : null);
        context.RegisterOperationAction(
            PerfCompilation.WhenResolved(symbols, (c, resolved) => Analyze(c, compilation, api, resolved.ReadOnlySpan, resolved.Span, types)),
            OperationKind.Binary);

        // The statement shapes are found from their first statement: the store into an array element or a span's indexer
        // that begins a run of stores, and the GetBytes call. Until 2026-11-27 they were found by reading every statement
        // of every block from a callback per block, the rule's only use of blocks: on SharpZipLib, 3,349 callbacks and
        // 0.85 ms of reading a compilation, besides Roslyn's charge for each callback.
        void AnalyzeStoreIfSpans(OperationAnalysisContext c)
        {
            if (symbols.Value is { Span: { } span })
            {
                AnalyzeStore(c, compilation, api, span);
            }
        }

        context.RegisterOperationAction(AnalyzeStoreIfSpans, OperationKind.ArrayElementReference);
        context.RegisterPropertyReferenceAction(AnalyzeStoreIfSpans, WellKnownMemberNames.Indexer);
        context.RegisterInvocationAction(
            c =>
            {
                if (symbols.Value is { BitConverter: { } bitConverter, Array: { } array })
                {
                    AnalyzeGetBytes(c, compilation, api, bitConverter, array);
                }
            },
            "GetBytes");
    }

    /// <summary>The types the rule reads, resolved at its first callback; null when the rule has nothing to offer.</summary>
    private sealed class Resolved(INamedTypeSymbol readOnlySpan, INamedTypeSymbol? span, INamedTypeSymbol? bitConverter, INamedTypeSymbol? array)
    {
        public INamedTypeSymbol ReadOnlySpan { get; } = readOnlySpan;

        public INamedTypeSymbol? Span { get; } = span;

        public INamedTypeSymbol? BitConverter { get; } = bitConverter;

        public INamedTypeSymbol? Array { get; } = array;
    }

    private sealed class Api
    {
        private readonly Lazy<(INamedTypeSymbol? BinaryPrimitives, bool HasAsSpan, bool HasReverseEndianness)> _value;

        public Api(PerfCompilation compilation) =>
            _value = compilation.Later(() =>
            {
                var binaryPrimitives = compilation.Types.Get(WellKnownTypes.BinaryPrimitives);
                var hasAsSpan = compilation.Types.Get(WellKnownTypes.MemoryExtensions) is { } memoryExtensions && !memoryExtensions.GetMembers("AsSpan").IsEmpty;
                return (binaryPrimitives, hasAsSpan, binaryPrimitives is not null && !binaryPrimitives.GetMembers("ReverseEndianness").IsEmpty);
            });

        public INamedTypeSymbol? BinaryPrimitives => _value.Value.BinaryPrimitives;

        /// <summary><c>MemoryExtensions.AsSpan</c> exists (an array source needs it).</summary>
        public bool HasAsSpan => _value.Value.HasAsSpan;

        public bool HasReverseEndianness => _value.Value.HasReverseEndianness;
    }

    /// <summary>
    /// Reports a finding; <c>BinaryPrimitives</c> is .NET Core 2.1+ / .NET Standard 2.1, so in a multi-targeted project
    /// whose other legs lack it the fix keeps the old code for them behind <c>#if</c> (or, with
    /// <c>perf_analyzers.multi_targeting = all_legs</c>, nothing is reported).
    /// </summary>
    private static void Report(OperationAnalysisContext context, PerfCompilation compilation, Location location, ImmutableDictionary<string, string?> properties, params object[] arguments) =>
        Report(context, compilation, location, null, properties, arguments);

    private static void Report(OperationAnalysisContext context, PerfCompilation compilation, Location location, IEnumerable<Location>? additionalLocations, ImmutableDictionary<string, string?> properties, params object[] arguments)
    {
        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (ColdPath.Allows(context.Options, context.Operation.Syntax, context.Operation.SemanticModel, Rules.PERF014.Id, context.CancellationToken) &&
            MultiTargeting.Allows(compilation, context.Options, location.SourceTree!, Rules.PERF014.Id, ApiAvailability.NetCore21OrNetStandard21, ref properties))
        {
            ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF014.Descriptor, location, additionalLocations, properties, arguments), context.ContainingSymbol, context.Compilation, context.Options);
        }
    }

    /// <summary>
    /// An element of a byte buffer: <c>a[i]</c> on a single-dimensional array, or the indexer of <paramref name="span"/>
    /// or <paramref name="readOnlySpan"/> (either may be null: stores are written through arrays and spans only).
    /// </summary>
    private static bool TryGetElement(IOperation element, INamedTypeSymbol? span, INamedTypeSymbol? readOnlySpan, out IOperation source, out IOperation index)
    {
        switch (element)
        {
            case IArrayElementReferenceOperation { Indices.Length: 1 } array when array.ArrayReference.Type is IArrayTypeSymbol { IsSZArray: true }:
                (source, index) = (array.ArrayReference, array.Indices[0]);
                return true;
            case IPropertyReferenceOperation { Property.IsIndexer: true, Arguments.Length: 1, Instance: { Type: INamedTypeSymbol spanType } instance } indexer when
                SymbolEqualityComparer.Default.Equals(spanType.OriginalDefinition, span) ||
                SymbolEqualityComparer.Default.Equals(spanType.OriginalDefinition, readOnlySpan):
                (source, index) = (instance, indexer.Arguments[0].Value);
                return true;
            default:
                (source, index) = (null!, null!);
                return false;
        }
    }

    /// <summary>An index as (variable part, constant offset): <c>i</c>, <c>i + 3</c>, <c>3 + i</c>, <c>7</c>.</summary>
    private static bool Split(IOperation index, out IOperation? variable, out int offset)
    {
        (variable, offset) = (null, 0);
        index = StripWidening(index);
        if (index.ConstantValue is { HasValue: true, Value: int constant })
        {
            offset = constant;
            return true;
        }

        if (index is IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, OperatorMethod: null } add)
        {
            if (add.RightOperand.ConstantValue is { HasValue: true, Value: int right } && add.LeftOperand.IsSideEffectFree())
            {
                (variable, offset) = (add.LeftOperand, right);
                return true;
            }

            if (add.LeftOperand.ConstantValue is { HasValue: true, Value: int left } && add.RightOperand.IsSideEffectFree())
            {
                (variable, offset) = (add.RightOperand, left);
                return true;
            }

            return false;
        }

        if (index.IsSideEffectFree())
        {
            variable = index;
            return true;
        }

        return false;
    }

    private static IOperation StripWidening(IOperation operation)
    {
        while (operation is IConversionOperation { OperatorMethod: null, Operand.Type: { } from, Type: { } to } conversion &&
               Width(to.SpecialType) >= Width(from.SpecialType) && Width(from.SpecialType) > 0 &&
               IsUnsignedOrByte(from.SpecialType))
        {
            operation = conversion.Operand;
        }

        return operation;
    }

    /// <summary>Zero extension only: a byte or an unsigned value widened keeps its bits (a signed one would sign-extend).</summary>
    private static bool IsUnsignedOrByte(SpecialType type) =>
        type is SpecialType.System_Byte or SpecialType.System_UInt16 or SpecialType.System_UInt32 or SpecialType.System_UInt64;

    private static int Width(SpecialType type) => type switch
    {
        SpecialType.System_Byte or SpecialType.System_SByte => 1,
        SpecialType.System_Int16 or SpecialType.System_UInt16 or SpecialType.System_Char => 2,
        SpecialType.System_Int32 or SpecialType.System_UInt32 => 4,
        SpecialType.System_Int64 or SpecialType.System_UInt64 => 8,
        _ => 0,
    };

    private static bool SameSource(IOperation a, IOperation b) => OperationHelpers.SameStorage(a, b);

    private static bool SameIndex(IOperation? a, IOperation? b) => a is null ? b is null : b is not null && OperationHelpers.SameStorage(StripWidening(a), StripWidening(b));

    /// <summary>What the fix passes: the buffer itself from index 0 (an array converts to a span), else a slice.</summary>
    private static string SliceText(IOperation source, string start, bool isArray) =>
        start == "0" ? source.Syntax.ToString() : isArray ? $"{source.Syntax}.AsSpan({start})" : $"{source.Syntax}.Slice({start})";

    private static string TypeName(SpecialType type) => type switch
    {
        SpecialType.System_Int16 => "Int16",
        SpecialType.System_UInt16 => "UInt16",
        SpecialType.System_Int32 => "Int32",
        SpecialType.System_UInt32 => "UInt32",
        SpecialType.System_Int64 => "Int64",
        _ => "UInt64",
    };

    private static string SpanText(SyntaxNode node) =>
        node.Span.Start.ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + node.Span.Length.ToString(System.Globalization.CultureInfo.InvariantCulture);
}
