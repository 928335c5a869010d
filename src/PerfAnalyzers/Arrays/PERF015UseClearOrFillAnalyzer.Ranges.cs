using System.Collections.Immutable;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF015 over part of an array or span: <c>for (int i = start; i &lt; end; i++) a[i] = v;</c> (also <c>i &lt;= last</c>,
/// <c>i &lt; start + count</c>, <c>a[offset + i]</c>, <c>a[i - 1]</c>, going down too) and the same loops written <c>int i = start; while (i &lt; end) { a[i] = v; i++; }</c>
/// → one guarded <c>Clear</c>/<c>Fill</c> call over the range.
/// </summary>
public sealed partial class PERF015UseClearOrFillAnalyzer
{
    /// <summary>Loop over a range → <c>Array.Clear(a, start, count)</c>.</summary>
    public const string ShapeRangeClear = "RangeClear";

    /// <summary>Loop over a range → <c>Array.Fill(a, v, start, count)</c> (arrays of reference types that are not sealed).</summary>
    public const string ShapeRangeArrayFill = "RangeArrayFill";

    /// <summary>Loop over a range → <c>a.AsSpan(start, count).Fill(v)</c>.</summary>
    public const string ShapeRangeAsSpanFill = "RangeAsSpanFill";

    /// <summary>Loop over a range → <c>s.Slice(start, count).Clear()</c>.</summary>
    public const string ShapeRangeSpanClear = "RangeSpanClear";

    /// <summary>Loop over a range → <c>s.Slice(start, count).Fill(v)</c>.</summary>
    public const string ShapeRangeSpanFill = "RangeSpanFill";

    /// <summary>Range property: "start:length" of the index's initial value (absent: it is the constant 0).</summary>
    public const string LoopStartKey = "LoopStart";

    /// <summary>Range property: "start:length" of the bound the index is compared with (<c>end</c> of <c>i &lt; end</c>).</summary>
    public const string EndKey = "End";

    /// <summary>Range property: "start:length" of <c>count</c> when the bound is <c>start + count</c>.</summary>
    public const string CountKey = "Count";

    /// <summary>Range property: "start:length" of <c>offset</c> when the element stored is <c>a[offset + i]</c> or <c>a[i - offset]</c>.</summary>
    public const string OffsetKey = "Offset";

    /// <summary>Range property, "true": the offset is subtracted (<c>a[i - offset]</c>).</summary>
    public const string OffsetSubtractedKey = "OffsetSubtracted";

    /// <summary>Range property, "true": the bound is the last index (<c>i &lt;= last</c>).</summary>
    public const string InclusiveKey = "Inclusive";

    /// <summary>Range property, "true": the range starts after <see cref="LoopStartKey"/> (a backward loop's <c>i &gt; first</c>).</summary>
    public const string StartAfterKey = "StartAfter";

    /// <summary>Range property, "true": the bound is the array's or span's own <c>Length</c> (<c>a.AsSpan(start)</c>).</summary>
    public const string ToEndKey = "ToEnd";

    /// <summary>Range property, "true": the call goes under <c>if (end &gt; start)</c>, the loop's first test.</summary>
    public const string GuardKey = "RangeGuard";

    /// <summary>
    /// A forward loop over <c>[start, end)</c> or <c>[start, last]</c> that is not the whole array: the store's target, the
    /// bounds' operands and the value must all read the same thing on every iteration, so that one call with the range
    /// computed once stores what the loop stores. Also the whole array when a <c>while</c> loop covers it.
    /// </summary>
    private static void AnalyzeRange(OperationAnalysisContext context, Symbols apis, SyntaxNode loopSyntax, TextSpan header, ILocalSymbol index, IOperation? start, bool startAfter,
        (IOperation End, bool Inclusive)? bound, ISimpleAssignmentOperation store, OperationKind? postStep)
    {
        if (start is null || bound is not ({ } end, var inclusive) ||
            RangeElement(store.Target, index, postStep, apis) is not ({ } target, { } elementType, var isSpan, var offset, var subtracted) ||
            !LoopShape.IsStableReference(target) ||
            !IsInvariant(store.Value, index) ||
            !IsRangeOperand(start, index, isSpan, 0) || !IsRangeOperand(end, index, isSpan, 0) || (offset is not null && !IsRangeOperand(offset, index, isSpan, 0)))
        {
            return;
        }

        var from = start.ConstantValue is { HasValue: true, Value: int first } ? (startAfter ? first + 1 : first) : (int?)null;
        var to = end.ConstantValue is { HasValue: true, Value: int last } ? last : (int?)null;
        var endIsLength = LoopShape.IsLengthOf(end, target);
        var shift = offset is null ? 0 : offset.ConstantValue is { HasValue: true, Value: int constant } ? (subtracted ? -(long)constant : constant) : (long?)null;
        if (from + shift < 0 || (from is not null && to is not null && (inclusive ? from > to : from >= to)) ||
            (endIsLength && !subtracted && (inclusive || offset is not null)))
        {
            // A store at a negative constant index, a loop that never runs, or one that always runs past the end (up to
            // a.Length inclusive, or a.Length moved up by an offset).
            return;
        }

        var isDefault = IsDefaultValue(store.Value, elementType);
        if (!isDefault && (!apis.FillIsVectorized || elementType is IPointerTypeSymbol or IFunctionPointerTypeSymbol))
        {
            return;
        }

        var name = target.Syntax.ToString();
        string shape, replacement;
        string? typeArgument = null;
        var properties = ImmutableDictionary<string, string?>.Empty;
        if (endIsLength && (offset is null ? from == 0 : inclusive && from == 1 && shift == -1))
        {
            // int i = 0; while (i < a.Length) a[i++] = v;, i <= a.Length - 1, and a[i - 1] for i from 1 to a.Length are the whole array.
            if (WholeShape(apis, isDefault, isSpan, name, store.Value, elementType, out typeArgument) is not ({ } wholeShape, { } wholeReplacement))
            {
                return;
            }

            (shape, replacement) = (wholeShape, wholeReplacement);
        }
        else
        {
            var sealedElement = elementType.IsValueType || elementType is INamedTypeSymbol { IsSealed: true, IsGenericType: false };
            shape = (isSpan, isDefault) switch
            {
                (true, true) => ShapeRangeSpanClear,
                (true, false) => ShapeRangeSpanFill,
                (false, true) => ShapeRangeClear,
                _ => sealedElement ? ShapeRangeAsSpanFill : ShapeRangeArrayFill,
            };
            if (shape == ShapeRangeArrayFill && !apis.HasFillRange)
            {
                return;
            }

            if (shape == ShapeRangeArrayFill && store.Value is IConversionOperation { IsImplicit: true })
            {
                typeArgument = elementType.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
            }

            var count = !inclusive && !startAfter && offset is null && CountOf(end, start) is { } counted ? counted : null;

            // The loop does nothing where its first test fails: the call goes under that test, unless the range cannot be
            // empty (constant bounds, checked above) or an empty range is a valid argument (a span from 0 to a length).
            var guard = !(from is not null && to is not null) && !(isSpan && from == 0 && !inclusive && IsLength(end));
            properties = properties
                .Add(EndKey, SpanText(end.Syntax))
                .Add(InclusiveKey, inclusive ? "true" : null)
                .Add(ToEndKey, endIsLength && offset is null && shape is ShapeRangeAsSpanFill or ShapeRangeSpanClear or ShapeRangeSpanFill ? "true" : null)
                .Add(GuardKey, guard ? "true" : null)
                .Add(LoopStartKey, from == 0 ? null : SpanText(start.Syntax))
                .Add(StartAfterKey, startAfter && from != 0 ? "true" : null)
                .Add(CountKey, count is null ? null : SpanText(count.Syntax))
                .Add(OffsetKey, offset is null ? null : SpanText(offset.Syntax))
                .Add(OffsetSubtractedKey, subtracted ? "true" : null);
            replacement = RangeText(shape, target.Syntax as ExpressionSyntax ?? SyntaxFactory.ParseExpression(name), store.Value, typeArgument is null ? null : elementType, from == 0 ? null : start, startAfter, end, count, offset, subtracted, inclusive, properties[ToEndKey] is not null, guard);
        }

        var location = Location.Create(loopSyntax.SyntaxTree, header);
        Report(d => ProfileGate.Report(context.ReportDiagnostic, d, context.ContainingSymbol, context.Compilation, context.Options), context.Options, apis,
            context.Operation.SemanticModel, location, "this loop", replacement, shape, typeArgument, properties);
    }

    /// <summary>
    /// <c>X[i]</c>, <c>X[offset + i]</c>, <c>X[i + offset]</c> or <c>X[i - offset]</c> (<c>X[i++]</c>, <c>X[i--]</c> in a <c>while</c> loop) of a single-dimensional
    /// array or a span: the array or span, its element type, whether it is a span, and the offset.
    /// </summary>
    private static (IOperation Target, ITypeSymbol ElementType, bool IsSpan, IOperation? Offset, bool Subtracted)? RangeElement(IOperation store, ILocalSymbol index, OperationKind? postStep, Symbols apis)
    {
        IOperation at;
        IOperation target;
        ITypeSymbol elementType;
        bool isSpan;
        switch (store)
        {
            case IArrayElementReferenceOperation { Indices.Length: 1, ArrayReference.Type: IArrayTypeSymbol { IsSZArray: true } arrayType } element:
                (at, target, elementType, isSpan) = (element.Indices[0], OperationHelpers.WithoutImplicitConversion(element.ArrayReference), arrayType.ElementType, false);
                break;
            case IPropertyReferenceOperation { Property.IsIndexer: true, Arguments.Length: 1, Instance.Type: INamedTypeSymbol spanType } indexer when
                apis.Span is not null && SymbolEqualityComparer.Default.Equals(spanType.OriginalDefinition, apis.Span):
                (at, target, elementType, isSpan) = (indexer.Arguments[0].Value, indexer.Instance!, spanType.TypeArguments[0], true);
                break;
            default:
                return null;
        }

        at = OperationHelpers.WithoutImplicitConversion(at);
        if (postStep is not null)
        {
            return at is IIncrementOrDecrementOperation { IsPostfix: true, IsChecked: false } step && step.Kind == postStep && LoopShape.IsLocal(step.Target, index)
                ? (target, elementType, isSpan, null, false)
                : null;
        }

        if (LoopShape.IsLocal(at, index))
        {
            return (target, elementType, isSpan, null, false);
        }

        return at switch
        {
            IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, IsChecked: false, OperatorMethod: null } add when LoopShape.IsLocal(add.RightOperand, index) => (target, elementType, isSpan, add.LeftOperand, false),
            IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, IsChecked: false, OperatorMethod: null } add when LoopShape.IsLocal(add.LeftOperand, index) => (target, elementType, isSpan, add.RightOperand, false),
            IBinaryOperation { OperatorKind: BinaryOperatorKind.Subtract, IsChecked: false, OperatorMethod: null } subtract when LoopShape.IsLocal(subtract.LeftOperand, index) => (target, elementType, isSpan, subtract.RightOperand, true),
            _ => null,
        };
    }

    /// <summary>
    /// A bound, start or offset the loop reads the same on every iteration, and the call may read once or twice: a constant,
    /// a local or by-value parameter, a field of <c>this</c> or a static field (not for a span, which could be made over
    /// one), the <c>Length</c> of an array, string or span so read, and sums, differences and products of those. A span's store could
    /// also write a local or parameter it was made over by reference: for a span, those are never written in the method.
    /// </summary>
    private static bool IsRangeOperand(IOperation operation, ILocalSymbol index, bool isSpan, int depth)
    {
        operation = OperationHelpers.WithoutImplicitConversion(operation);
        switch (operation)
        {
            case { ConstantValue.HasValue: true }:
                return operation.ConstantValue.Value is int;
            case ILocalReferenceOperation { Local: { IsRef: false } local }:
                return !SymbolEqualityComparer.Default.Equals(local, index) && (!isSpan || !IsWrittenAnywhere(operation, local));
            case IParameterReferenceOperation { Parameter: { RefKind: RefKind.None } parameter }:
                return !isSpan || !IsWrittenAnywhere(operation, parameter);
            case IFieldReferenceOperation { Instance: null or IInstanceReferenceOperation }:
                return !isSpan;
            case IPropertyReferenceOperation { Property.Name: "Length", Instance: { } instance }:
                return instance.Type is IArrayTypeSymbol { IsSZArray: true } or { SpecialType: SpecialType.System_String } or INamedTypeSymbol { IsRefLikeType: true, Name: "Span" or "ReadOnlySpan" } &&
                       LoopShape.IsStableReference(OperationHelpers.WithoutImplicitConversion(instance)) &&
                       (isSpan ? OperationHelpers.WithoutImplicitConversion(instance) is not IFieldReferenceOperation : true);
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.Add or BinaryOperatorKind.Subtract or BinaryOperatorKind.Multiply, OperatorMethod: null, Type.SpecialType: SpecialType.System_Int32 } binary when depth < 4:
                return IsRangeOperand(binary.LeftOperand, index, isSpan, depth + 1) && IsRangeOperand(binary.RightOperand, index, isSpan, depth + 1);
            default:
                return false;
        }
    }

    private static bool IsWrittenAnywhere(IOperation reference, ISymbol variable)
    {
        foreach (var operation in reference.GetRoot().DescendantsAndSelf())
        {
            if (operation is ILocalReferenceOperation local && SymbolEqualityComparer.Default.Equals(local.Local, variable) && LoopShape.IsWritten(local) ||
                operation is IParameterReferenceOperation parameter && SymbolEqualityComparer.Default.Equals(parameter.Parameter, variable) && LoopShape.IsWritten(parameter))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary><c>count</c> when <paramref name="end"/> is <c>start + count</c> or <c>count + start</c>, written with the loop's own start.</summary>
    private static IOperation? CountOf(IOperation end, IOperation start)
    {
        if (OperationHelpers.WithoutImplicitConversion(end) is not IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, IsChecked: false, OperatorMethod: null } add ||
            start.ConstantValue is { HasValue: true, Value: 0 })
        {
            return null;
        }

        return SyntaxFactory.AreEquivalent(add.LeftOperand.Syntax, start.Syntax) ? add.RightOperand
            : SyntaxFactory.AreEquivalent(add.RightOperand.Syntax, start.Syntax) ? add.LeftOperand
            : null;
    }

    private static bool IsLength(IOperation operation) =>
        OperationHelpers.WithoutImplicitConversion(operation) is IPropertyReferenceOperation { Property.Name: "Length" };

    private static string SpanText(SyntaxNode node) =>
        node.Span.Start.ToString(CultureInfo.InvariantCulture) + ":" + node.Span.Length.ToString(CultureInfo.InvariantCulture);

    /// <summary>The fix's statement as one line of text, for the message.</summary>
    private static string RangeText(string shape, ExpressionSyntax target, IOperation value, ITypeSymbol? typeArgument, IOperation? start, bool startAfter, IOperation end, IOperation? count,
        IOperation? offset, bool subtracted, bool inclusive, bool toEnd, bool guard)
    {
        var (condition, call) = RangeSyntax(
            shape,
            SyntaxFactory.IdentifierName("Array"),
            target,
            (ExpressionSyntax)(value is IConversionOperation { IsImplicit: true } conversion ? conversion.Operand : value).Syntax,
            typeArgument is null ? null : SyntaxFactory.ParseTypeName(typeArgument.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat)),
            (ExpressionSyntax?)start?.Syntax,
            startAfter,
            (ExpressionSyntax)end.Syntax,
            (ExpressionSyntax?)count?.Syntax,
            (ExpressionSyntax?)offset?.Syntax,
            subtracted,
            inclusive,
            toEnd,
            guard);
        var text = Display(call);
        return condition is null ? text : $"if ({Display(condition)}) {text};";
    }

    /// <summary>
    /// The expression's text as <c>NormalizeWhitespace</c> writes it, for the message: tokens joined by one space around
    /// binary and conditional operators and lambda arrows, after commas and between a keyword and a name or literal, and
    /// nothing elsewhere. <c>NormalizeWhitespace</c> rebuilds the tree, and the message of every range finding paid for
    /// it (most of the rule's time on SharpZipLib, whose range loops are in its BZip2 and Deflate blocks).
    /// </summary>
    private static string Display(ExpressionSyntax expression)
    {
        var text = new System.Text.StringBuilder();
        SyntaxToken previous = default;
        foreach (var token in expression.DescendantTokens())
        {
            if (text.Length > 0 && Spaced(previous, token))
            {
                text.Append(' ');
            }

            text.Append(token.Text);
            previous = token;
        }

        return text.ToString();
    }

    private static bool Spaced(SyntaxToken left, SyntaxToken right) =>
        left.IsKind(SyntaxKind.CommaToken) ||
        IsInfix(left) || IsInfix(right) ||
        (SyntaxFacts.IsKeywordKind(left.Kind()) && (right.IsKind(SyntaxKind.IdentifierToken) || SyntaxFacts.IsKeywordKind(right.Kind()) || right.Kind() is SyntaxKind.NumericLiteralToken or SyntaxKind.StringLiteralToken or SyntaxKind.CharacterLiteralToken));

    /// <summary>An operator token written between two operands: binary, assignment, conditional (<c>?</c>, <c>:</c>), <c>=&gt;</c>, <c>is</c>/<c>as</c>.</summary>
    private static bool IsInfix(SyntaxToken token) => token.Parent switch
    {
        BinaryExpressionSyntax binary => binary.OperatorToken == token,
        AssignmentExpressionSyntax assignment => assignment.OperatorToken == token,
        ConditionalExpressionSyntax conditional => conditional.QuestionToken == token || conditional.ColonToken == token,
        LambdaExpressionSyntax => token.IsKind(SyntaxKind.EqualsGreaterThanToken),
        IsPatternExpressionSyntax pattern => pattern.IsKeyword == token,
        _ => false,
    };

    /// <summary>
    /// The guard (null when there is none) and the call the fix writes for a range: <c>Array.Clear(a, start, count)</c>,
    /// <c>Array.Fill(a, v, start, count)</c>, <c>a.AsSpan(start, count).Fill(v)</c>, <c>s.Slice(start, count).Clear()</c> or
    /// <c>.Fill(v)</c>, where <c>start</c> is the loop's start (<paramref name="start"/> null: 0) moved by the offset, and
    /// <c>count</c> is <paramref name="count"/>, or <c>end - start</c>, or <c>last - start + 1</c>; the guard is the loop's
    /// first test, <c>end &gt; start</c> or <c>last &gt;= start</c>. Shared by the message and the fix.
    /// </summary>
    public static (ExpressionSyntax? Guard, ExpressionSyntax Call) RangeSyntax(string shape, ExpressionSyntax arrayType, ExpressionSyntax target, ExpressionSyntax value,
        TypeSyntax? typeArgument, ExpressionSyntax? start, bool startAfter, ExpressionSyntax end, ExpressionSyntax? count, ExpressionSyntax? offset, bool subtracted, bool inclusive, bool toEnd, bool guard)
    {
        var zero = SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(0));
        var one = SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(1));
        ExpressionSyntax? exactGuard = null;
        if (start is not null && startAfter)
        {
            // i > lower going down stores down to lower + 1: a literal is written as its successor. Otherwise the guard is
            // the loop's own test, first > lower: where lower + 1 overflows, the loop does nothing and the call must not run.
            if (start is LiteralExpressionSyntax { Token.Value: int lower } && lower < int.MaxValue)
            {
                start = SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(lower + 1));
            }
            else
            {
                exactGuard = SyntaxFactory.BinaryExpression(
                    SyntaxKind.GreaterThanExpression,
                    inclusive ? Operand(end, right: false) : SyntaxFactory.BinaryExpression(SyntaxKind.SubtractExpression, Operand(end, right: false), one),
                    Operand(start, right: false));
                start = SyntaxFactory.BinaryExpression(SyntaxKind.AddExpression, Operand(start, right: false), one);
            }
        }

        var last = Operand(end, right: false);
        ExpressionSyntax length = count ?? (start is null
            ? inclusive ? SyntaxFactory.BinaryExpression(SyntaxKind.AddExpression, last, one) : end
            : SyntaxFactory.BinaryExpression(SyntaxKind.SubtractExpression, last, Operand(start, right: true)));
        if (count is null && start is not null && inclusive)
        {
            // last - 1 + 1 is last.
            length = start is LiteralExpressionSyntax { Token.Value: 1 } ? end : SyntaxFactory.BinaryExpression(SyntaxKind.AddExpression, length, one);
        }

        // The first element stored: the loop's start moved by the offset (a[i + offset], a[i - offset]).
        var from = (start, offset) switch
        {
            (_, null) => start ?? zero,
            (null, { } moved) => subtracted ? SyntaxFactory.PrefixUnaryExpression(SyntaxKind.UnaryMinusExpression, Operand(moved, right: true)) : moved,
            (LiteralExpressionSyntax { Token.Value: int k }, LiteralExpressionSyntax { Token.Value: int m }) when (subtracted ? (long)k - m : (long)k + m) is >= 0 and <= int.MaxValue and var sum =>
                SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal((int)sum)),
            ({ } first, { } moved) => SyntaxFactory.BinaryExpression(subtracted ? SyntaxKind.SubtractExpression : SyntaxKind.AddExpression, Operand(first, right: false), Operand(moved, right: true)),
        };
        var arguments = toEnd ? new[] { from } : new[] { from, length };
        ExpressionSyntax call = shape switch
        {
            ShapeRangeClear => Invoke(arrayType, "Clear", null, Prepend(target, arguments)),
            ShapeRangeArrayFill => Invoke(arrayType, "Fill", typeArgument, Prepend(target, Prepend(value, arguments))),
            ShapeRangeAsSpanFill => Invoke(Invoke(target, "AsSpan", null, arguments), "Fill", null, value),
            ShapeRangeSpanClear => Invoke(Invoke(target, "Slice", null, arguments), "Clear", null),
            _ => Invoke(Invoke(target, "Slice", null, arguments), "Fill", null, value),
        };
        var condition = guard
            ? exactGuard ?? SyntaxFactory.BinaryExpression(inclusive ? SyntaxKind.GreaterThanOrEqualExpression : SyntaxKind.GreaterThanExpression, last, start is null ? zero : Operand(start, right: false))
            : null;
        return (condition, call);
    }

    private static ExpressionSyntax[] Prepend(ExpressionSyntax first, ExpressionSyntax[] rest)
    {
        var all = new ExpressionSyntax[rest.Length + 1];
        all[0] = first;
        rest.CopyTo(all, 1);
        return all;
    }

    private static InvocationExpressionSyntax Invoke(ExpressionSyntax receiver, string name, TypeSyntax? typeArgument, params ExpressionSyntax[] arguments)
    {
        SimpleNameSyntax method = typeArgument is null
            ? SyntaxFactory.IdentifierName(name)
            : SyntaxFactory.GenericName(SyntaxFactory.Identifier(name), SyntaxFactory.TypeArgumentList(SyntaxFactory.SingletonSeparatedList(typeArgument)));
        var list = new ArgumentSyntax[arguments.Length];
        for (var i = 0; i < arguments.Length; i++)
        {
            list[i] = SyntaxFactory.Argument(arguments[i]);
        }

        return SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, method),
            SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(list)));
    }

    /// <summary>
    /// The operand, parenthesized where it would not bind as one operand of <c>-</c>, <c>+</c> or a comparison: on the left
    /// anything but a name, a literal, a member, a call or a sum or product; on the right any binary expression but a product.
    /// </summary>
    private static ExpressionSyntax Operand(ExpressionSyntax syntax, bool right)
    {
        var simple = syntax switch
        {
            BinaryExpressionSyntax binary => binary.Kind() is SyntaxKind.MultiplyExpression or SyntaxKind.DivideExpression or SyntaxKind.ModuloExpression ||
                                             (!right && binary.Kind() is SyntaxKind.AddExpression or SyntaxKind.SubtractExpression),
            ConditionalExpressionSyntax or AssignmentExpressionSyntax or LambdaExpressionSyntax or SwitchExpressionSyntax or IsPatternExpressionSyntax => false,
            _ => true,
        };
        return simple ? syntax.WithoutTrivia() : SyntaxFactory.ParenthesizedExpression(syntax.WithoutTrivia());
    }
}
