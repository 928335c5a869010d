using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF017 from a start other than 0 (issue #34). A constant start <c>for (int i = K; ...)</c>, the bound of a backward
/// <c>i &gt;= K</c>, or a variable start <c>for (int i = start; ...)</c> (forward only). The fix searches from the start
/// behind <c>X.Length &gt; start</c> (the loop does nothing when the start lies past the end, where the call would
/// throw): <c>s.IndexOf(c, start)</c> / <c>Array.IndexOf(a, v, start)</c> give the index in the whole sequence; a span,
/// two or three values or a backward loop search the slice <c>X[start..]</c> (<c>AsSpan(start)</c> / <c>Slice(start)</c>:
/// no <c>char[]</c> as <c>string.IndexOfAny(char[], int)</c> would allocate) and add the start back to an index found,
/// -1 staying -1. A negative variable start makes the loop throw <c>IndexOutOfRangeException</c> at its first
/// element, the call <c>ArgumentOutOfRangeException</c>: the only difference, stated on the page. A backward loop from a
/// start (<c>for (int i = start; i &gt;= 0; i--)</c>) searches <c>X[..(start + 1)]</c> behind <c>start &gt;= 0</c> (the loop
/// does nothing for a negative start); past the end the loop throws IndexOutOfRangeException (NullReferenceException
/// on null), the call ArgumentOutOfRangeException. A backward loop down to a variable bound is not flagged: with a
/// negative bound it returns a match found before it reaches -1, where the call would throw.
/// </summary>
public sealed partial class PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer
{
    /// <summary>
    /// Diagnostic property, "true" when the start is the loop index's initializer, a variable (<c>for (int i = start; ...)</c>):
    /// the fix writes that expression where <see cref="StartKey"/> would give the constant.
    /// </summary>
    public const string StartVariableKey = "StartVariable";

    /// <summary>
    /// A variable start read without side effects, the same every time: a local, a parameter or a field of <c>this</c>
    /// (or static), or one of those plus or minus a constant (<c>pos + 1</c>, unchecked).
    /// </summary>
    private static bool IsVariableStart(IOperation start)
    {
        start = start.WithoutImplicitConversion();
        if (start.ConstantValue.HasValue || start.Type?.SpecialType is not (SpecialType.System_Int32 or SpecialType.System_Int16 or SpecialType.System_UInt16 or
                SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_Char))
        {
            return false;
        }

        return start switch
        {
            IBinaryOperation { OperatorKind: BinaryOperatorKind.Add or BinaryOperatorKind.Subtract, OperatorMethod: null, IsChecked: false } sum =>
                (sum.RightOperand.ConstantValue.HasValue && IsStart(sum.LeftOperand)) ||
                (sum.OperatorKind == BinaryOperatorKind.Add && sum.LeftOperand.ConstantValue.HasValue && IsStart(sum.RightOperand)),
            _ => IsStart(start),
        };

        // A stable variable, or the Length of a string, an array or a span (LengthsOf: the searched one's only).
        static bool IsStart(IOperation operation) => operation.WithoutImplicitConversion() switch
        {
            IPropertyReferenceOperation { Property.Name: "Length", Instance: { } instance } => LoopShape.IsStableReference(instance.WithoutImplicitConversion()),
            var variable => LoopShape.IsStableReference(variable),
        };
    }

    /// <summary>
    /// Whether the start reads no other part of the searched value than its <c>Length</c> (<c>s.Length - 2</c>), and the
    /// <c>Length</c> of no other value.
    /// </summary>
    private static bool LengthsOf(IOperation start, IOperation target)
    {
        foreach (var operation in start.DescendantsAndSelf())
        {
            if (operation is IPropertyReferenceOperation { Instance: { } instance } && !LoopShape.IsLengthOf(operation, target))
            {
                return false;
            }

            if (OperationHelpers.SameStorage(operation, target) && operation.Parent is not IPropertyReferenceOperation { Property.Name: "Length" } &&
                operation.Parent?.Parent is not IPropertyReferenceOperation { Property.Name: "Length" })
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Diagnostic property for a backward loop from its initializer down to a constant K (<c>for (int i = start; i &gt;= K; i--)</c>),
    /// K: the fix searches <c>X.AsSpan(K, start + 1 - K)</c> (<c>span.Slice(...)</c>) behind <c>start &gt;= K</c>, and adds K back.
    /// </summary>
    public const string BackwardFromKey = "BackwardFrom";

    /// <summary>
    /// The length of <c>X[floor..(start + 1)]</c>, <c>start + 1 - floor</c> with the constants folded (<c>pos - 1</c> down to 0
    /// gives <c>pos</c>, a literal L gives L + 1 - floor), and whether <c>start &gt;= floor</c> must be tested (not for a literal,
    /// which the analyzer requires to be at least floor).
    /// </summary>
    public static (ExpressionSyntax Count, bool Guard) BackwardCount(ExpressionSyntax start, int floor)
    {
        start = start.WithoutTrivia();
        if (start is LiteralExpressionSyntax { Token.Value: int literal })
        {
            return (Number((long)literal + 1 - floor), false);
        }

        // start - m + 1 - floor, or start + (1 - floor).
        var (left, adjust) = start is BinaryExpressionSyntax { RawKind: (int)SyntaxKind.SubtractExpression, Right: LiteralExpressionSyntax { Token.Value: int m } } minus
            ? (minus.Left.WithoutTrivia(), 1L - m - floor)
            : (start, 1L - floor);
        var count = adjust switch
        {
            0 => left,
            > 0 => SyntaxFactory.BinaryExpression(SyntaxKind.AddExpression, left, Number(adjust)),
            _ => SyntaxFactory.BinaryExpression(SyntaxKind.SubtractExpression, left, Number(-adjust)),
        };
        return (count, true);

        static ExpressionSyntax Number(long value) => SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal((int)value));
    }

    /// <summary>
    /// <c>start &gt;= 0 ? X.AsSpan(0, start + 1).LastIndexOf(v) : -1</c> (found / not found: <c>start &gt;= 0 &amp;&amp;
    /// ....IndexOf(v) &gt;= 0</c>); down to K &gt; 0 the index needs K added back:
    /// <c>if (start &gt;= K) { int i = X.AsSpan(K, start + 1 - K).LastIndexOf(v); if (i &gt;= 0) return i + K; }</c>.
    /// </summary>
    private static string BackwardReplacement(string target, string shape, string method, string values, int valueCount, ExpressionSyntax start, int floor, string index, string? stored, string assign)
    {
        var (count, guard) = BackwardCount(start, floor);
        var any = valueCount > 1 ? "Any" : "";
        var search = $"{target}{(shape == ShapeSpan ? ".Slice(" : ".AsSpan(")}{floor}, {count.NormalizeWhitespace()})";
        var inside = guard ? $"{start} >= {floor}" : null;
        if (method == Contains)
        {
            return assign + (inside is null ? "" : inside + " && ") + $"{search}.IndexOf{any}({values}) >= 0;";
        }

        if (floor == 0)
        {
            return assign + (inside is null ? $"{search}.LastIndexOf{any}({values});" : $"{inside} ? {search}.LastIndexOf{any}({values}) : -1;");
        }

        // (The analyzer leaves a literal start down to K > 0 alone: no test to hold the local.)
        var leave = stored is null ? $"return {index} + {floor}; }} return -1;" : $"{stored} = {index} + {floor}; }}";
        return $"if ({inside}) {{ int {index} = {search}.LastIndexOf{any}({values}); if ({index} >= 0) {leave}";
    }

    /// <summary>Whether the fix searches the slice <c>X[start..]</c> and adds the start back (a statement) rather than one call.</summary>
    public static bool NeedsOffset(string shape, string method, int valueCount) =>
        method != Contains && (shape == ShapeSpan || valueCount > 1 || method == LastIndexOf);

    /// <summary>The search of <c>X[start..]</c>: <c>span.Slice(start)</c>, or <c>AsSpan(start)</c> of a string or an array.</summary>
    private static string Slice(string target, string shape, string start) =>
        target + (shape == ShapeSpan ? ".Slice(" : ".AsSpan(") + start + ")";

    /// <summary>The expression the fix writes for a start (no offset to add back): a found / not found test, or one value's index in a string or an array.</summary>
    private static string StartCall(string target, string shape, string method, string values, int valueCount, string start)
    {
        var inside = $"{target}.Length > {start}";
        if (shape == ShapeSpan || valueCount > 1)
        {
            return $"{inside} && {Slice(target, shape, start)}.IndexOf{(valueCount > 1 ? "Any" : "")}({values}) >= 0";
        }

        var call = shape == ShapeString ? $"{target}.IndexOf({values}, {start})" : $"Array.IndexOf({target}, {values}, {start})";
        return method == Contains ? $"{inside} && {call} >= 0" : $"{inside} ? {call} : -1";
    }

    /// <summary>
    /// The statement the fix writes when the index found in the slice needs the start added back:
    /// <c>if (X.Length &gt; start) { int i = X.AsSpan(start).IndexOfAny(a, b); if (i &gt;= 0) return i + start; }</c> (the
    /// <c>return -1;</c> after it stays; the store form assigns the result instead); null when one call does.
    /// </summary>
    private static string? StartReplacement(string target, string shape, string method, string values, int valueCount, string start, string index, string? stored)
    {
        if (!NeedsOffset(shape, method, valueCount))
        {
            return null;
        }

        var added = start.Length > 0 && (char.IsLetterOrDigit(start[0]) || start[0] == '_') && System.Linq.Enumerable.All(start, c => char.IsLetterOrDigit(c) || c == '_' || c == '.')
            ? start
            : "(" + start + ")";
        var leave = stored is null ? $"return {index} + {added}; }} return -1;" : $"{stored} = {index} + {added}; }}";
        return $"if ({target}.Length > {start}) {{ int {index} = {Slice(target, shape, start)}.{method}{(valueCount > 1 ? "Any" : "")}({values}); if ({index} >= 0) {leave}";
    }
}
