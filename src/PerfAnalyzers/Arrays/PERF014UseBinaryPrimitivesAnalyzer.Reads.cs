using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Arrays;

/// <summary>PERF014, reads: a shift/or tree that assembles an integer from consecutive bytes → <c>BinaryPrimitives.Read…</c>.</summary>
public sealed partial class PERF014UseBinaryPrimitivesAnalyzer
{
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

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation, Api api, INamedTypeSymbol readOnlySpan, INamedTypeSymbol? span, WellKnownTypes types)
    {
        var root = (IBinaryOperation)context.Operation;
        if (!IsCombine(root) || IsCombine(Unwrap(root.Parent)) || root.Type is null)
        {
            // Only the top of a tree: its parent is not another | or +.
            return;
        }

        // Both shapes move bytes, and only a shift moves one: a tree without a shifted piece ('i + 1', 'a | b', most of
        // the +'s and |'s of a program) is neither, and is left before anything is allocated for it.
        if (!HasShiftedPiece(root, depth: 0))
        {
            return;
        }

        if (!AnalyzeRead(context, compilation, root, api, readOnlySpan, span, types))
        {
            AnalyzeSwap(context, compilation, root, api, types);
            // A read may be one operand of a larger sum ('sum + ((b[i] << 8) | b[i + 1])'): the tree's own | and +
            // subtrees are read the same way, each where the tree above it is not a read.
            AnalyzeOperands(context, compilation, root, api, readOnlySpan, span, types, depth: 0);
        }
    }

    private static void AnalyzeOperands(OperationAnalysisContext context, PerfCompilation compilation, IBinaryOperation tree, Api api, INamedTypeSymbol readOnlySpan, INamedTypeSymbol? span, WellKnownTypes types, int depth)
    {
        // Each operand is visited once; the depth bounds the recursion on a long chain of + (a generated sum of hundreds of
        // terms), whose deeper operands are then left unread.
        if (depth > 16)
        {
            return;
        }

        foreach (var operand in new[] { tree.LeftOperand, tree.RightOperand })
        {
            if (OperationHelpers.WithoutImplicitConversion(operand) is IBinaryOperation inner && IsCombine(inner) && HasShiftedPiece(inner, depth: 0) &&
                !AnalyzeRead(context, compilation, inner, api, readOnlySpan, span, types))
            {
                AnalyzeOperands(context, compilation, inner, api, readOnlySpan, span, types, depth + 1);
            }
        }
    }

    /// <summary>Whether <paramref name="root"/> is made of 2, 4 or 8 byte pieces (then it is reported where it is a read, and not descended into).</summary>
    private static bool AnalyzeRead(OperationAnalysisContext context, PerfCompilation compilation, IBinaryOperation root, Api api, INamedTypeSymbol readOnlySpan, INamedTypeSymbol? span, WellKnownTypes types)
    {
        var pieces = new List<Piece>();
        if (!Collect(root, pieces, readOnlySpan, span) || pieces.Count is not (2 or 4 or 8) || root.Type is not { } resultType)
        {
            return false;
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
                return true;
            }

            bigEndian &= piece.Shift == 8 * (count - 1 - j);
            littleEndian &= piece.Shift == 8 * j;
        }

        if (bigEndian == littleEndian)
        {
            // Neither order (or a single byte).
            return true;
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
        // Cast at once to an integer of the read's width ('(uint)(b[0] | ... | b[3] << 24)', '(short)(b[0] | b[1] << 8)'):
        // the read of that type is exact, and the fix drops the cast with the tree (a reviewer sends back
        // '(uint)ReadInt32LittleEndian'). A checked cast could throw where the read would not: left as the tree's type.
        if (method is not null && root.Parent is IConversionOperation { IsImplicit: false, IsChecked: false, Type.SpecialType: var castTo } &&
            (count, castTo) switch
            {
                (2, SpecialType.System_Int16) => "Int16",
                (2, SpecialType.System_UInt16) => "UInt16",
                (4, SpecialType.System_Int32) => "Int32",
                (4, SpecialType.System_UInt32) => "UInt32",
                (8, SpecialType.System_Int64) => "Int64",
                (8, SpecialType.System_UInt64) => "UInt64",
                _ => null,
            } is { } exact)
        {
            method = exact;
        }

        var isArray = first.Source.Type is IArrayTypeSymbol;
        if (method is null || isArray && !api.HasAsSpan || root.IsInsideExpressionTree(types))
        {
            return true;
        }

        var name = "Read" + method + (bigEndian ? "BigEndian" : "LittleEndian");
        if (api.BinaryPrimitives is not { } binaryPrimitives || binaryPrimitives.GetMembers(name).IsEmpty)
        {
            return true;
        }

        var start = first.Element is IArrayElementReferenceOperation element ? element.Indices[0].Syntax.ToString() : ((IPropertyReferenceOperation)first.Element).Arguments[0].Value.Syntax.ToString();
        var slice = SliceText(first.Source, start, isArray);
        Report(
            context,
            compilation,
            root.Syntax.GetLocation(),
            ImmutableDictionary<string, string?>.Empty
                .Add(DiagnosticProperties.Shape, ShapeRead)
                .Add(MethodKey, name)
                .Add(SourceKey, isArray ? "Array" : "Span")
                .Add(FirstKey, first.Element.Syntax.SpanStart.ToString(System.Globalization.CultureInfo.InvariantCulture)),
            $"This expression assembles an integer from {count} bytes one at a time",
            $"BinaryPrimitives.{name}({slice})");
        return true;
    }

    /// <summary>
    /// Whether a piece of the |/+ tree is a shift, under conversions and masks (<c>b[i] &lt;&lt; 8</c>,
    /// <c>(uint)(v &gt;&gt; 24)</c>, <c>(v &amp; 0xFF) &lt;&lt; 24</c>). A read joins bytes shifted into place; a swap moves
    /// bytes, which conversions and masks never do.
    /// </summary>
    private static bool HasShiftedPiece(IOperation operation, int depth)
    {
        while (depth++ < 64)
        {
            switch (operation)
            {
                case IConversionOperation conversion:
                    operation = conversion.Operand;
                    continue;
                case IBinaryOperation { OperatorKind: BinaryOperatorKind.LeftShift or BinaryOperatorKind.RightShift }:
                    return true;
                case IBinaryOperation { OperatorKind: BinaryOperatorKind.Or or BinaryOperatorKind.Add or BinaryOperatorKind.And } binary:
                    if (HasShiftedPiece(binary.LeftOperand, depth))
                    {
                        return true;
                    }

                    operation = binary.RightOperand;
                    continue;
                default:
                    return false;
            }
        }

        return false;
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

        if (!TryGetElement(current, span, readOnlySpan, out var source, out var indexOperation) ||
            !source.IsSideEffectFree() || !Split(indexOperation, out var index, out var offset))
        {
            return false;
        }

        pieces.Add(new Piece(source, index!, offset, shift, current));
        return true;
    }
}
