using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Arrays;

/// <summary>PERF014, swaps: a hand-written byte swap of one value → <c>BinaryPrimitives.ReverseEndianness</c>.</summary>
public sealed partial class PERF014UseBinaryPrimitivesAnalyzer
{
    // ---- Byte swaps: (x >> 24) | ((x >> 8) & 0xFF00) | ((x << 8) & 0xFF0000) | (x << 24) ----

    private const int Zero = -1;
    private const int Unknown = -2;

    /// <summary>
    /// The top of an | / + tree (or the cast around it) whose bytes are exactly the bytes of one integer value in the
    /// reverse order: <c>BinaryPrimitives.ReverseEndianness(x)</c>.
    /// </summary>
    private static void AnalyzeSwap(OperationAnalysisContext context, PerfCompilation compilation, IBinaryOperation top, Api api, WellKnownTypes types)
    {
        IOperation root = top.Parent is IConversionOperation { IsImplicit: false, IsChecked: false, OperatorMethod: null } cast ? cast : top;
        IOperation? leaf = null;
        var map = Map(root, ref leaf, depth: 0);
        if (map is null || leaf?.Type is not { } valueType || !SymbolEqualityComparer.Default.Equals(valueType, root.Type) ||
            map.Length < 2 || valueType.SpecialType == SpecialType.System_Char || root.IsInsideExpressionTree(types))
        {
            return;
        }

        for (var j = 0; j < map.Length; j++)
        {
            if (map[j] != map.Length - 1 - j)
            {
                return;
            }
        }

        if (api.BinaryPrimitives is not { } binaryPrimitives || !HasReverseEndianness(binaryPrimitives, valueType))
        {
            return;
        }

        Report(
            context,
            compilation,
            root.Syntax.GetLocation(),
            ImmutableDictionary<string, string?>.Empty
                .Add(DiagnosticProperties.Shape, ShapeSwap)
                .Add(MethodKey, "ReverseEndianness")
                .Add(ValueKey, SpanText(leaf.Syntax)),
            $"This expression reverses the {map.Length} bytes of '{leaf.Syntax}' by hand",
            $"BinaryPrimitives.ReverseEndianness({leaf.Syntax})");
    }

    private static bool HasReverseEndianness(INamedTypeSymbol binaryPrimitives, ITypeSymbol type)
    {
        foreach (var member in binaryPrimitives.GetMembers("ReverseEndianness"))
        {
            if (member is IMethodSymbol { Parameters.Length: 1 } method && SymbolEqualityComparer.Default.Equals(method.Parameters[0].Type, type) &&
                SymbolEqualityComparer.Default.Equals(method.ReturnType, type))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// For each byte of the operation's value (least significant first): the byte of the single leaf value it holds,
    /// <see cref="Zero"/>, or <see cref="Unknown"/> (sign bits); null when the value is not such a byte permutation.
    /// </summary>
    private static int[]? Map(IOperation operation, ref IOperation? leaf, int depth)
    {
        var width = Width(operation.Type?.SpecialType ?? SpecialType.None);
        if (width == 0 || depth > 32 || operation.Type!.SpecialType == SpecialType.System_Char)
        {
            return null;
        }

        switch (operation)
        {
            case IConversionOperation { OperatorMethod: null, IsChecked: false, Operand.Type: { } fromType } conversion:
            {
                var inner = Map(conversion.Operand, ref leaf, depth + 1);
                if (inner is null)
                {
                    return null;
                }

                var extension = IsUnsignedOrByte(fromType.SpecialType) || inner[inner.Length - 1] == Zero ? Zero : Unknown;
                var result = new int[width];
                for (var j = 0; j < width; j++)
                {
                    result[j] = j < inner.Length ? inner[j] : extension;
                }

                return result;
            }

            case IBinaryOperation { OperatorMethod: null, IsChecked: false } binary when binary.OperatorKind is BinaryOperatorKind.Or or BinaryOperatorKind.Add:
            {
                var left = Map(binary.LeftOperand, ref leaf, depth + 1);
                var right = left is null ? null : Map(binary.RightOperand, ref leaf, depth + 1);
                if (left is null || right is null || left.Length != width || right.Length != width)
                {
                    return null;
                }

                var result = new int[width];
                for (var j = 0; j < width; j++)
                {
                    if (left[j] == Zero)
                    {
                        result[j] = right[j];
                    }
                    else if (right[j] == Zero)
                    {
                        result[j] = left[j];
                    }
                    else
                    {
                        return null; // overlapping bytes
                    }
                }

                return result;
            }

            case IBinaryOperation { OperatorMethod: null, OperatorKind: BinaryOperatorKind.And } and:
            {
                var (value, mask) = and.RightOperand.ConstantValue.HasValue ? (and.LeftOperand, and.RightOperand) : (and.RightOperand, and.LeftOperand);
                if (!mask.ConstantValue.HasValue || !TryGetBits(mask.ConstantValue.Value, out var bits))
                {
                    return null;
                }

                var inner = Map(value, ref leaf, depth + 1);
                if (inner is null || inner.Length != width)
                {
                    return null;
                }

                var result = new int[width];
                for (var j = 0; j < width; j++)
                {
                    var b = (bits >> (8 * j)) & 0xFF;
                    if (b is not (0 or 0xFF))
                    {
                        return null;
                    }

                    result[j] = b == 0 ? Zero : inner[j];
                }

                return result;
            }

            case IBinaryOperation { OperatorMethod: null, RightOperand.ConstantValue: { HasValue: true, Value: int k } } shift when
                shift.OperatorKind is BinaryOperatorKind.LeftShift or BinaryOperatorKind.RightShift or BinaryOperatorKind.UnsignedRightShift:
            {
                if (k <= 0 || k % 8 != 0 || k >= 8 * width)
                {
                    return null;
                }

                var inner = Map(shift.LeftOperand, ref leaf, depth + 1);
                if (inner is null || inner.Length != width)
                {
                    return null;
                }

                var bytes = k / 8;
                var fill = shift.OperatorKind == BinaryOperatorKind.RightShift && !IsUnsignedOrByte(operation.Type.SpecialType) && inner[width - 1] != Zero ? Unknown : Zero;
                var result = new int[width];
                for (var j = 0; j < width; j++)
                {
                    var from = shift.OperatorKind == BinaryOperatorKind.LeftShift ? j - bytes : j + bytes;
                    result[j] = from >= 0 && from < width ? inner[from] : shift.OperatorKind == BinaryOperatorKind.LeftShift ? Zero : fill;
                }

                return result;
            }

            case ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation when operation.IsSideEffectFree():
            {
                if (leaf is null)
                {
                    leaf = operation;
                }
                else if (!OperationHelpers.SameStorage(leaf, operation))
                {
                    return null;
                }

                var result = new int[width];
                for (var j = 0; j < width; j++)
                {
                    result[j] = j;
                }

                return result;
            }

            default:
                return null;
        }
    }

    private static bool TryGetBits(object? constant, out ulong bits)
    {
        switch (constant)
        {
            case int i:
                bits = unchecked((ulong)i);
                return true;
            case uint u:
                bits = u;
                return true;
            case long l:
                bits = unchecked((ulong)l);
                return true;
            case ulong ul:
                bits = ul;
                return true;
            default:
                bits = 0;
                return false;
        }
    }
}
