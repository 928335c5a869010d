using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF014: a shift/or tree that assembles an integer from 2, 4 or 8 consecutive bytes of a byte array or span, in
/// either byte order (<c>(b[i] &lt;&lt; 24) | (b[i + 1] &lt;&lt; 16) | (b[i + 2] &lt;&lt; 8) | b[i + 3]</c>): one
/// <c>BinaryPrimitives.Read…</c> call does the same with one load (and a byte swap when needed).
/// See docs/rules/PERF014.md.
/// </summary>
[DiagnosticAnalyzer(Microsoft.CodeAnalysis.LanguageNames.CSharp)]
public sealed class PERF014UseBinaryPrimitivesAnalyzer : PerfAnalyzer
{
    /// <summary>Diagnostic property: the BinaryPrimitives method name.</summary>
    public const string MethodKey = "Method";

    /// <summary>Diagnostic property: "Array" (needs AsSpan) or "Span" (needs Slice).</summary>
    public const string SourceKey = "Source";

    /// <summary>Diagnostic property: source position of the element access with the lowest index.</summary>
    public const string FirstKey = "First";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF014UseBinaryPrimitives);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        if (compilation.Types.Get(WellKnownTypes.BinaryPrimitives) is not { } binaryPrimitives ||
            compilation.Types.Get(WellKnownTypes.ReadOnlySpanOfT) is not { } readOnlySpan)
        {
            return;
        }

        var span = compilation.Types.Get(WellKnownTypes.SpanOfT);
        var hasAsSpan = compilation.Types.Get(WellKnownTypes.MemoryExtensions) is { } memoryExtensions && !memoryExtensions.GetMembers("AsSpan").IsEmpty;
        var expressionOfT = compilation.Types.Get(WellKnownTypes.ExpressionOfT);
        context.RegisterOperationAction(c => Analyze(c, binaryPrimitives, readOnlySpan, span, hasAsSpan, expressionOfT), OperationKind.Binary);
    }

    private readonly struct Piece
    {
        public Piece(IOperation source, IOperation index, int offset, int shift, IOperation element)
        {
            Source = source;
            Index = index;
            Offset = offset;
            Shift = shift;
            Element = element;
        }

        public IOperation Source { get; }

        /// <summary>The variable part of the index (null for a constant index).</summary>
        public IOperation Index { get; }

        public int Offset { get; }

        public int Shift { get; }

        public IOperation Element { get; }
    }

    private static void Analyze(OperationAnalysisContext context, INamedTypeSymbol binaryPrimitives, INamedTypeSymbol readOnlySpan, INamedTypeSymbol? span, bool hasAsSpan, INamedTypeSymbol? expressionOfT)
    {
        var root = (IBinaryOperation)context.Operation;
        if (!IsCombine(root) || IsCombine(Unwrap(root.Parent)) || root.Type is not { } resultType)
        {
            // Only the top of a tree: its parent is not another | or +.
            return;
        }

        var pieces = new List<Piece>();
        if (!Collect(root, pieces, readOnlySpan, span) || pieces.Count is not (2 or 4 or 8))
        {
            return;
        }

        var count = pieces.Count;
        pieces.Sort((a, b) => a.Offset.CompareTo(b.Offset));
        var first = pieces[0];
        var bigEndian = true;
        var littleEndian = true;
        for (var j = 0; j < count; j++)
        {
            var piece = pieces[j];
            if (piece.Offset != first.Offset + j ||
                !SameSource(piece.Source, first.Source) ||
                !SameIndex(piece.Index, first.Index))
            {
                return;
            }

            bigEndian &= piece.Shift == 8 * (count - 1 - j);
            littleEndian &= piece.Shift == 8 * j;
        }

        if (bigEndian == littleEndian)
        {
            // Neither order (or a single byte).
            return;
        }

        // The exact method by width and the result's signedness; narrower reads are zero-extended like the tree.
        var method = (count, resultType.SpecialType) switch
        {
            (2, SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64 or SpecialType.System_UInt64) => "UInt16",
            (4, SpecialType.System_Int32) => "Int32",
            (4, SpecialType.System_UInt32 or SpecialType.System_Int64 or SpecialType.System_UInt64) => "UInt32",
            (8, SpecialType.System_Int64) => "Int64",
            (8, SpecialType.System_UInt64) => "UInt64",
            _ => null,
        };
        var isArray = first.Source.Type is IArrayTypeSymbol;
        if (method is null || isArray && !hasAsSpan || root.IsInsideExpressionTree(expressionOfT))
        {
            return;
        }

        var name = "Read" + method + (bigEndian ? "BigEndian" : "LittleEndian");
        if (binaryPrimitives.GetMembers(name).IsEmpty)
        {
            return;
        }

        var start = first.Element is IArrayElementReferenceOperation element ? element.Indices[0].Syntax.ToString() : ((IPropertyReferenceOperation)first.Element).Arguments[0].Value.Syntax.ToString();
        var slice = isArray ? $"{first.Source.Syntax}.AsSpan({start})" : $"{first.Source.Syntax}.Slice({start})";
        context.ReportDiagnostic(Diagnostic.Create(
            Rules.PERF014UseBinaryPrimitives,
            root.Syntax.GetLocation(),
            ImmutableDictionary<string, string?>.Empty
                .Add(MethodKey, name)
                .Add(SourceKey, isArray ? "Array" : "Span")
                .Add(FirstKey, first.Element.Syntax.SpanStart.ToString(System.Globalization.CultureInfo.InvariantCulture)),
            count,
            $"BinaryPrimitives.{name}({slice})"));
    }

    /// <summary><c>|</c>, or <c>+</c> (its pieces never overlap here: each is a distinct byte position).</summary>
    private static bool IsCombine(IOperation? operation) =>
        operation is IBinaryOperation { OperatorKind: BinaryOperatorKind.Or or BinaryOperatorKind.Add, OperatorMethod: null, IsChecked: false };

    private static IOperation? Unwrap(IOperation? operation) =>
        operation is IConversionOperation { IsImplicit: true } conversion ? conversion.Parent : operation;

    private static bool Collect(IOperation operation, List<Piece> pieces, INamedTypeSymbol readOnlySpan, INamedTypeSymbol? span)
    {
        if (pieces.Count > 8)
        {
            return false;
        }

        if (IsCombine(operation))
        {
            var binary = (IBinaryOperation)operation;
            return Collect(binary.LeftOperand, pieces, readOnlySpan, span) && Collect(binary.RightOperand, pieces, readOnlySpan, span);
        }

        // [conversion] (byte << k) or [conversion] byte; the shift must happen in a type wide enough for its bits.
        var shift = 0;
        var current = StripWidening(operation);
        if (current is IBinaryOperation { OperatorKind: BinaryOperatorKind.LeftShift, OperatorMethod: null, RightOperand.ConstantValue: { HasValue: true, Value: int k } } shifted)
        {
            if (k <= 0 || k % 8 != 0 || shifted.Type is null || k + 8 > 8 * Width(shifted.Type.SpecialType))
            {
                return false;
            }

            shift = k;
            current = StripWidening(shifted.LeftOperand);
        }

        if (current.Type?.SpecialType != SpecialType.System_Byte)
        {
            return false;
        }

        IOperation source;
        IOperation indexOperation;
        switch (current)
        {
            case IArrayElementReferenceOperation { Indices.Length: 1 } element when element.ArrayReference.Type is IArrayTypeSymbol { IsSZArray: true }:
                (source, indexOperation) = (element.ArrayReference, element.Indices[0]);
                break;
            case IPropertyReferenceOperation { Property.IsIndexer: true, Arguments.Length: 1, Instance: { Type: INamedTypeSymbol spanType } instance } indexer when
                SymbolEqualityComparer.Default.Equals(spanType.OriginalDefinition, readOnlySpan) ||
                span is not null && SymbolEqualityComparer.Default.Equals(spanType.OriginalDefinition, span):
                (source, indexOperation) = (instance, indexer.Arguments[0].Value);
                break;
            default:
                return false;
        }

        if (!source.IsSideEffectFree() || !Split(indexOperation, out var index, out var offset))
        {
            return false;
        }

        pieces.Add(new Piece(source, index!, offset, shift, current));
        return true;
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

    private static bool SameSource(IOperation a, IOperation b) => SameValue(a, b);

    private static bool SameIndex(IOperation? a, IOperation? b) => a is null ? b is null : b is not null && SameValue(StripWidening(a), StripWidening(b));

    private static bool SameValue(IOperation a, IOperation b) => (a, b) switch
    {
        (ILocalReferenceOperation x, ILocalReferenceOperation y) => SymbolEqualityComparer.Default.Equals(x.Local, y.Local),
        (IParameterReferenceOperation x, IParameterReferenceOperation y) => SymbolEqualityComparer.Default.Equals(x.Parameter, y.Parameter),
        (IFieldReferenceOperation x, IFieldReferenceOperation y) => SymbolEqualityComparer.Default.Equals(x.Field, y.Field) &&
                                                                    (x.Instance is null ? y.Instance is null : y.Instance is not null && SameValue(x.Instance, y.Instance)),
        (IInstanceReferenceOperation, IInstanceReferenceOperation) => true,
        _ => false,
    };
}
