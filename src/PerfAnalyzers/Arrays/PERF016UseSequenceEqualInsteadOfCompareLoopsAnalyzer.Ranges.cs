using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF016 over a range (<c>start</c>, <c>count</c>) of both sequences:
/// <c>for (int i = start; i &lt; start + count; i++) if (a[i] != b[i]) return false; return true;</c> and
/// <c>for (int i = 0; i &lt; count; i++) if (a[oa + i] != b[ob + i]) return false; return true;</c> become
/// <c>return count &lt;= 0 || a.AsSpan(oa, count).SequenceEqual(b.AsSpan(ob, count));</c>.
/// <para>
/// The loop may return false before it reaches an index past the end of either array, where <c>AsSpan(o, count)</c>
/// throws; and <c>start + count</c> may wrap past int.MaxValue, where the loop does nothing and <c>AsSpan</c> throws. No
/// cheap guard makes those exact, so the range is reported only when early exits before the loop in its block prove it
/// lies inside both sequences: <c>o &lt; 0</c> for each offset and <c>X.Length - o &lt; count</c> (or
/// <c>o &gt; X.Length - count</c>; <c>X.Length &lt; count</c> for offset 0) for each sequence, all on int locals and
/// by-value parameters written nowhere in the member (and no <c>goto</c> that could skip the checks). The guard
/// <c>count &lt;= 0 ||</c> is what the loop does for a count that may be negative; it is left out when a check or a
/// constant proves the count is not.
/// </para>
/// </summary>
public sealed partial class PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer
{
    /// <summary>Diagnostic <see cref="DiagnosticProperties.Shape"/>: <c>for (int i = K; i &lt; a.Length; i++)</c> after the length check, K &gt; 0.</summary>
    public const string ShapeFrom = "From";

    /// <summary>Diagnostic <see cref="DiagnosticProperties.Shape"/>: <c>for (int i = start; i &lt; start + count; i++) ... a[i] != b[i]</c>.</summary>
    public const string ShapeRange = "Range";

    /// <summary>Diagnostic <see cref="DiagnosticProperties.Shape"/>: <c>for (int i = 0; i &lt; count; i++) ... a[oa + i] != b[ob + i]</c>.</summary>
    public const string ShapeOffsets = "Offsets";

    /// <summary>Diagnostic property: "true" when the second operand is an array (<c>AsSpan</c>, else <c>Slice</c>).</summary>
    public const string SecondArrayKey = "SecondArray";

    /// <summary>Diagnostic property: "true" when the count may be negative (the fix writes <c>count &lt;= 0 ||</c>); not <see cref="MultiTargeting.GuardKey"/>.</summary>
    public const string GuardKey = "CountGuard";

    /// <summary>Diagnostic property of <see cref="ShapeRange"/>: "true" when the loop bound is written <c>count + start</c>.</summary>
    public const string CountFirstKey = "CountFirst";

    private static (ImmutableDictionary<string, string?> Properties, string Replacement)? Ranged(
        IForLoopOperation loop, ForStatementSyntax syntax, IOperation start, IOperation bound, IBinaryOperation test, ILocalSymbol index,
        INamedTypeSymbol span, INamedTypeSymbol readOnlySpan, CancellationToken cancellationToken)
    {
        if (LoopShape.ElementAtOffset(test.LeftOperand, index, span, readOnlySpan) is not { Kind: not LoopShape.Sequence.String } first ||
            LoopShape.ElementAtOffset(test.RightOperand, index, span, readOnlySpan) is not { Kind: not LoopShape.Sequence.String } second ||
            !SymbolEqualityComparer.Default.Equals(first.Type, second.Type) ||
            !IsComparable(first.Type))
        {
            return null;
        }

        IOperation count;
        IOperation? firstOffset, secondOffset;
        string shape;
        var countFirst = false;
        bound = OperationHelpers.WithoutImplicitConversion(bound);
        if (first.Offset is null && second.Offset is null &&
            bound is IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, OperatorMethod: null, Type.SpecialType: SpecialType.System_Int32 } sum &&
            (SameValue(sum.LeftOperand, start) || SameValue(sum.RightOperand, start)))
        {
            // for (int i = start; i < start + count; i++) ... a[i] != b[i]
            countFirst = !SameValue(sum.LeftOperand, start);
            count = countFirst ? sum.LeftOperand : sum.RightOperand;
            firstOffset = secondOffset = start;
            shape = ShapeRange;
        }
        else if (start.ConstantValue is { HasValue: true, Value: 0 })
        {
            // for (int i = 0; i < count; i++) ... a[oa + i] != b[ob + i]
            count = bound;
            (firstOffset, secondOffset) = (first.Offset, second.Offset);
            shape = ShapeOffsets;
        }
        else
        {
            return null;
        }

        if (!IsIntValue(count) || count.ConstantValue is { HasValue: true, Value: <= 0 } ||
            (firstOffset is not null && !IsIntValue(firstOffset)) || (secondOffset is not null && !IsIntValue(secondOffset)) ||
            Variable(first.Target) is null || Variable(second.Target) is null ||
            (OperationHelpers.SameStorage(first.Target, second.Target) && SameValue(firstOffset, secondOffset)) ||
            !NoneWritten(loop.GetRoot(), first.Target, second.Target, firstOffset, secondOffset, count) ||
            loop.SemanticModel is not { } model)
        {
            return null;
        }

        // The early exits before the loop prove the range inside both sequences.
        var exits = Exits(syntax, model, cancellationToken);
        if (!IsNotNegative(firstOffset, exits) || !IsNotNegative(secondOffset, exits) ||
            !FitsIn(first.Target, firstOffset, count, exits) || !FitsIn(second.Target, secondOffset, count, exits))
        {
            return null;
        }

        var guard = !IsNotNegative(count, exits);
        var properties = ImmutableDictionary<string, string?>.Empty
            .Add(DiagnosticProperties.Shape, shape)
            .Add(ArrayKey, first.Kind == LoopShape.Sequence.Array ? "true" : "false")
            .Add(SecondArrayKey, second.Kind == LoopShape.Sequence.Array ? "true" : "false");
        if (guard)
        {
            properties = properties.Add(GuardKey, "true");
        }

        if (countFirst)
        {
            properties = properties.Add(CountFirstKey, "true");
        }

        var call = $"{Slice(first.Target, first.Kind == LoopShape.Sequence.Array, firstOffset, count)}.SequenceEqual({Slice(second.Target, second.Kind == LoopShape.Sequence.Array, secondOffset, count)})";
        return (properties, $"return {(guard ? count.Syntax + " <= 0 || " : string.Empty)}{call};");
    }

    /// <summary><c>X.AsSpan(o, count)</c> of an array, <c>X.Slice(o, count)</c> of a span (<c>count</c> left out when null), as the message shows it.</summary>
    private static string Slice(IOperation target, bool isArray, IOperation? offset, IOperation? count) =>
        $"{target.Syntax}.{(isArray ? "AsSpan" : "Slice")}({offset?.Syntax.ToString() ?? "0"}{(count is null ? string.Empty : ", " + count.Syntax)})";

    /// <summary>An int constant, or an int local or by-value parameter (whose writes <see cref="NoneWritten"/> rules out).</summary>
    private static bool IsIntValue(IOperation value)
    {
        value = OperationHelpers.WithoutImplicitConversion(value);
        return value.Type?.SpecialType == SpecialType.System_Int32 && (value.ConstantValue.HasValue || Variable(value) is not null);
    }

    private static ISymbol? Variable(IOperation operation) => OperationHelpers.WithoutImplicitConversion(operation) switch
    {
        ILocalReferenceOperation { Local.IsRef: false } local => local.Local,
        IParameterReferenceOperation { Parameter.RefKind: RefKind.None } parameter => parameter.Parameter,
        _ => null,
    };

    /// <summary>The same int constant or the same variable; null stands for the offset 0 of <c>X[i]</c>.</summary>
    private static bool SameValue(IOperation? x, IOperation? y)
    {
        x = x is null ? null : OperationHelpers.WithoutImplicitConversion(x);
        y = y is null ? null : OperationHelpers.WithoutImplicitConversion(y);
        var xConstant = x is null ? 0 : x.ConstantValue is { HasValue: true, Value: int a } ? a : (int?)null;
        var yConstant = y is null ? 0 : y.ConstantValue is { HasValue: true, Value: int b } ? b : (int?)null;
        if (xConstant is not null || yConstant is not null)
        {
            return xConstant == yConstant;
        }

        return Variable(x!) is { } variable && SymbolEqualityComparer.Default.Equals(variable, Variable(y!));
    }

    /// <summary>
    /// Whether none of the variables among <paramref name="values"/> is written anywhere in the member (so a check before the
    /// loop still holds in it), and no <c>goto</c> could jump past the checks.
    /// </summary>
    private static bool NoneWritten(IOperation root, params IOperation?[] values)
    {
        var variables = new List<ISymbol>(values.Length);
        foreach (var value in values)
        {
            if (value is not null && Variable(value) is { } variable)
            {
                variables.Add(variable);
            }
        }

        foreach (var operation in root.Descendants())
        {
            if (operation is IBranchOperation { BranchKind: BranchKind.GoTo })
            {
                return false;
            }

            var referenced = operation switch
            {
                ILocalReferenceOperation local => (ISymbol)local.Local,
                IParameterReferenceOperation parameter => parameter.Parameter,
                _ => null,
            };
            if (referenced is not null && LoopShape.IsWritten(operation))
            {
                foreach (var variable in variables)
                {
                    if (SymbolEqualityComparer.Default.Equals(variable, referenced))
                    {
                        return false;
                    }
                }
            }
        }

        return true;
    }

    /// <summary>
    /// The conditions of the early exits before the loop in its block (<c>if (c1 || c2) return ...;</c> or <c>throw</c>,
    /// no else), split at <c>||</c>: after them each one is false.
    /// </summary>
    private static List<IOperation> Exits(ForStatementSyntax syntax, SemanticModel model, CancellationToken cancellationToken)
    {
        var exits = new List<IOperation>();
        if (syntax.Parent is not BlockSyntax block)
        {
            return exits;
        }

        foreach (var statement in block.Statements)
        {
            if (statement == syntax)
            {
                break;
            }

            if (statement is IfStatementSyntax { Else: null } check &&
                model.GetOperation(check, cancellationToken) is IConditionalOperation { WhenFalse: null, Condition: { } condition } exit &&
                LoopShape.Single(exit.WhenTrue) is IReturnOperation { Kind: OperationKind.Return } or IThrowOperation or IExpressionStatementOperation { Operation: IThrowOperation })
            {
                AddTerms(condition, exits);
            }
        }

        return exits;
    }

    private static void AddTerms(IOperation condition, List<IOperation> terms)
    {
        if (condition is IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalOr, OperatorMethod: null } or)
        {
            AddTerms(or.LeftOperand, terms);
            AddTerms(or.RightOperand, terms);
        }
        else
        {
            terms.Add(condition);
        }
    }

    /// <summary>A constant &gt;= 0 (null: offset 0), or a variable an exit tests with <c>v &lt; 0</c> / <c>0 &gt; v</c>.</summary>
    private static bool IsNotNegative(IOperation? value, List<IOperation> exits)
    {
        if (value is null || OperationHelpers.WithoutImplicitConversion(value).ConstantValue is { HasValue: true, Value: >= 0 })
        {
            return true;
        }

        foreach (var exit in exits)
        {
            // v < 0, or 0 > v: after the exit v >= 0.
            if (Comparison(exit) is (var lesser, var greater) && SameValue(lesser, value) && IsZero(greater))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Whether an exit proves <c>o + count &lt;= X.Length</c> without overflow (given o &gt;= 0): <c>X.Length - o &lt; count</c>,
    /// <c>o &gt; X.Length - count</c> (either way round), or <c>X.Length &lt; count</c> for offset 0. Not <c>o + count &gt; X.Length</c>:
    /// the sum wraps past int.MaxValue.
    /// </summary>
    private static bool FitsIn(IOperation target, IOperation? offset, IOperation count, List<IOperation> exits)
    {
        foreach (var exit in exits)
        {
            if (Comparison(exit) is not (var lesser, var greater))
            {
                continue;
            }

            if ((Remaining(lesser, target) is { } left && SameValue(left, offset) && SameValue(greater, count)) ||
                (Remaining(lesser, target) is { } used && SameValue(used, count) && SameValue(greater, offset)) ||
                (SameValue(offset, null) && LoopShape.IsLengthOf(lesser, target) && SameValue(greater, count)))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary><c>y</c> of <c>X.Length - y</c> over ints; null otherwise.</summary>
    private static IOperation? Remaining(IOperation operation, IOperation target) =>
        OperationHelpers.WithoutImplicitConversion(operation) is IBinaryOperation { OperatorKind: BinaryOperatorKind.Subtract, OperatorMethod: null, Type.SpecialType: SpecialType.System_Int32 } difference &&
        LoopShape.IsLengthOf(difference.LeftOperand, target)
            ? difference.RightOperand
            : null;

    /// <summary><c>x &lt; y</c> or <c>y &gt; x</c> over ints, as (x, y); null for anything else.</summary>
    private static (IOperation Lesser, IOperation Greater)? Comparison(IOperation condition) => condition switch
    {
        IBinaryOperation { OperatorMethod: null, LeftOperand.Type.SpecialType: SpecialType.System_Int32, RightOperand.Type.SpecialType: SpecialType.System_Int32 } binary =>
            binary.OperatorKind switch
            {
                BinaryOperatorKind.LessThan => (binary.LeftOperand, binary.RightOperand),
                BinaryOperatorKind.GreaterThan => (binary.RightOperand, binary.LeftOperand),
                _ => null,
            },
        _ => null,
    };

    private static bool IsZero(IOperation operation) => OperationHelpers.WithoutImplicitConversion(operation).ConstantValue is { HasValue: true, Value: 0 };
}
