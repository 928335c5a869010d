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
/// cheap guard makes those exact, so the range is reported only when checks prove it lies inside both sequences: early
/// exits before the loop (in its block or the blocks around it) or the <c>&amp;&amp;</c> terms of an <c>if</c> around it, giving
/// <c>o &gt;= 0</c> for each offset and <c>X.Length - o &gt;= count</c> (or <c>X.Length - count &gt;= o</c>;
/// <c>X.Length &gt;= count</c> for offset 0) for each sequence, all on int locals and
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

        // The checks before the loop (or around it) prove the range inside both sequences.
        var facts = Facts(syntax, model, cancellationToken);
        if (!IsNotNegative(firstOffset, facts) || !IsNotNegative(secondOffset, facts) ||
            !FitsIn(first.Target, firstOffset, count, facts) || !FitsIn(second.Target, secondOffset, count, facts))
        {
            return null;
        }

        var guard = !IsNotNegative(count, facts);
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
    /// What holds at the loop, as pairs (x, y) meaning <c>x &gt;= y</c> over ints: the conditions of the early exits before it
    /// (<c>if (c1 || c2) return ...;</c> or <c>throw</c>, no else; each <c>x &lt; y</c> term is false after it) in its block
    /// and the blocks around it, and the <c>&amp;&amp;</c> terms (<c>x &gt;= y</c>) of an <c>if</c> whose body holds it. The walk
    /// stops at a lambda, a local function, a switch section, a label or a catch: code there may run without passing the checks.
    /// </summary>
    private static List<(IOperation Greater, IOperation Lesser)> Facts(ForStatementSyntax syntax, SemanticModel model, CancellationToken cancellationToken)
    {
        var facts = new List<(IOperation, IOperation)>();
        SyntaxNode current = syntax;
        while (true)
        {
            switch (current.Parent)
            {
                case BlockSyntax block:
                    foreach (var statement in block.Statements)
                    {
                        if (statement == current)
                        {
                            break;
                        }

                        if (statement is IfStatementSyntax { Else: null } check &&
                            model.GetOperation(check, cancellationToken) is IConditionalOperation { WhenFalse: null, Condition: { } condition } exit &&
                            LoopShape.Single(exit.WhenTrue) is IReturnOperation { Kind: OperationKind.Return } or IThrowOperation or IExpressionStatementOperation { Operation: IThrowOperation })
                        {
                            AddFacts(condition, BinaryOperatorKind.ConditionalOr, facts);
                        }
                    }

                    break;
                case IfStatementSyntax enclosing when enclosing.Statement == current:
                    if (model.GetOperation(enclosing.Condition, cancellationToken) is { } holds)
                    {
                        AddFacts(holds, BinaryOperatorKind.ConditionalAnd, facts);
                    }

                    break;
                case ElseClauseSyntax or IfStatementSyntax or WhileStatementSyntax or DoStatementSyntax or ForStatementSyntax or ForEachStatementSyntax or
                    UsingStatementSyntax or LockStatementSyntax or FixedStatementSyntax or CheckedStatementSyntax or UnsafeStatementSyntax or TryStatementSyntax:
                    break;
                default:
                    return facts;
            }

            current = current.Parent;
        }
    }

    /// <summary>
    /// The comparisons of an exit's condition split at <c>||</c> (<paramref name="join"/>: each is false after the exit) or
    /// of an enclosing <c>if</c>'s condition split at <c>&amp;&amp;</c> (each is true inside), as x &gt;= y.
    /// </summary>
    private static void AddFacts(IOperation condition, BinaryOperatorKind join, List<(IOperation Greater, IOperation Lesser)> facts)
    {
        if (condition is IBinaryOperation { OperatorMethod: null } binary && binary.OperatorKind == join)
        {
            AddFacts(binary.LeftOperand, join, facts);
            AddFacts(binary.RightOperand, join, facts);
        }
        else if (condition is IBinaryOperation { OperatorMethod: null, LeftOperand.Type.SpecialType: SpecialType.System_Int32, RightOperand.Type.SpecialType: SpecialType.System_Int32 } comparison)
        {
            var exit = join == BinaryOperatorKind.ConditionalOr;
            switch (comparison.OperatorKind)
            {
                case BinaryOperatorKind.LessThan when exit: // not x < y
                case BinaryOperatorKind.GreaterThanOrEqual when !exit: // x >= y
                    facts.Add((comparison.LeftOperand, comparison.RightOperand));
                    break;
                case BinaryOperatorKind.GreaterThan when exit: // not y > x
                case BinaryOperatorKind.LessThanOrEqual when !exit: // y <= x
                    facts.Add((comparison.RightOperand, comparison.LeftOperand));
                    break;
            }
        }
    }

    /// <summary>A constant &gt;= 0 (null: offset 0), or a variable a fact bounds below by 0 (<c>if (v &lt; 0) throw</c>, <c>if (v &gt;= 0 &amp;&amp; ...)</c>).</summary>
    private static bool IsNotNegative(IOperation? value, List<(IOperation Greater, IOperation Lesser)> facts)
    {
        if (value is null || OperationHelpers.WithoutImplicitConversion(value).ConstantValue is { HasValue: true, Value: >= 0 })
        {
            return true;
        }

        foreach (var (greater, lesser) in facts)
        {
            if (SameValue(greater, value) && IsZero(lesser))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Whether a fact proves <c>o + count &lt;= X.Length</c> without overflow (given o &gt;= 0): <c>X.Length - o &gt;= count</c>,
    /// <c>X.Length - count &gt;= o</c>, or <c>X.Length &gt;= count</c> for offset 0 (written either way round, or as the exit
    /// <c>X.Length - o &lt; count</c>, ...). Not <c>o + count &lt;= X.Length</c>: the sum wraps past int.MaxValue.
    /// </summary>
    private static bool FitsIn(IOperation target, IOperation? offset, IOperation count, List<(IOperation Greater, IOperation Lesser)> facts)
    {
        foreach (var (greater, lesser) in facts)
        {
            if ((Remaining(greater, target) is { } left && SameValue(left, offset) && SameValue(lesser, count)) ||
                (Remaining(greater, target) is { } used && SameValue(used, count) && SameValue(lesser, offset)) ||
                (SameValue(offset, null) && LoopShape.IsLengthOf(greater, target) && SameValue(lesser, count)))
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

    private static bool IsZero(IOperation operation) => OperationHelpers.WithoutImplicitConversion(operation).ConstantValue is { HasValue: true, Value: 0 };
}
