using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using PerfAnalyzers.Arrays;

namespace PerfAnalyzers.CodeFixes.Arrays;

/// <summary>
/// PERF017 fix from a start other than 0: a constant start (<c>for (int i = 1; ...)</c>, a backward loop's <c>i &gt;= 1</c>)
/// or a variable one (<c>for (int i = start; ...)</c>), always behind <c>X.Length &gt; start</c>. One value in a string or an
/// array: <c>s.IndexOf(c, start)</c> / <c>Array.IndexOf(a, v, start)</c>; a span, two or three values or a backward loop:
/// the slice <c>X.AsSpan(start)</c> / <c>span.Slice(start)</c>, whose index gets the start added back
/// (<c>if (s.Length &gt; start) { int i = s.AsSpan(start).IndexOfAny(a, b); if (i &gt;= 0) return i + start; }</c>, the
/// <c>return -1;</c> after it kept), or tested <c>&gt;= 0</c> for found / not found.
/// </summary>
public sealed partial class PERF017UseIndexOfInsteadOfSearchLoopsCodeFix
{
    /// <summary>The start: the constant of <see cref="PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.StartKey"/> or the loop index's initializer; null from 0.</summary>
    private static ExpressionSyntax? Start(Diagnostic diagnostic, StatementSyntax loop)
    {
        if (diagnostic.Properties.TryGetValue(PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.StartVariableKey, out var variable) && variable == "true")
        {
            return loop is ForStatementSyntax { Declaration.Variables: { Count: 1 } variables } && variables[0].Initializer?.Value is { } value
                ? value.WithoutTrivia()
                : null;
        }

        return diagnostic.Properties.TryGetValue(PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.StartKey, out var text) &&
               int.TryParse(text, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var start)
            ? SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(start))
            : null;
    }

    /// <summary>
    /// One expression: <c>s.Length &gt; start ? s.IndexOf(c, start) : -1</c> (<c>Array.IndexOf(a, v, start)</c>), or for
    /// found / not found <c>X.Length &gt; start &amp;&amp; ... &gt;= 0</c> (the slice's <c>IndexOf</c> / <c>IndexOfAny</c> for a
    /// span or several values: no start to add back there).
    /// </summary>
    private static ExpressionSyntax StartSearch(ExpressionSyntax target, bool isArray, bool isString, bool contains, List<ArgumentSyntax> arguments, ExpressionSyntax start)
    {
        var inside = LengthAbove(target, start);
        ExpressionSyntax call;
        if ((!isArray && !isString) || arguments.Count > 1)
        {
            call = Invoke(Slice(target, isArray || isString, start), PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.IndexOf + (arguments.Count > 1 ? "Any" : ""), arguments);
        }
        else
        {
            call = isArray
                ? Invoke(TypeExpression("global::System.Array"), PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.IndexOf, new List<ArgumentSyntax> { SyntaxFactory.Argument(target), arguments[0], SyntaxFactory.Argument(start) })
                : Invoke(target, PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.IndexOf, new List<ArgumentSyntax> { arguments[0], SyntaxFactory.Argument(start) });
        }

        return contains
            ? SyntaxFactory.BinaryExpression(SyntaxKind.LogicalAndExpression, inside, SyntaxFactory.BinaryExpression(SyntaxKind.GreaterThanOrEqualExpression, call, Number(0)))
            : SyntaxFactory.ConditionalExpression(inside, call, SyntaxFactory.PrefixUnaryExpression(SyntaxKind.UnaryMinusExpression, Number(1)));
    }

    /// <summary>
    /// The loop becomes <c>if (X.Length &gt; start) { int i = X.Slice(start).IndexOf(v); if (i &gt;= 0) { return i + start; } }</c>
    /// (the loop's own index name, free there; the store form assigns <c>found = i + start;</c>); the "not found" after it
    /// (or the declaration before it) stays.
    /// </summary>
    private static bool ReplaceWithOffsetSearch(SyntaxEditor editor, StatementSyntax loop, EqualsValueClauseSyntax? declaration, ExpressionSyntax target, bool isSpan, string method,
        List<ArgumentSyntax> arguments, ExpressionSyntax start) =>
        ReplaceWithOffsetSearch(editor, loop, declaration, LengthAbove(target, start), Slice(target, !isSpan, start), method, arguments,
            start is IdentifierNameSyntax or LiteralExpressionSyntax or MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax or IdentifierNameSyntax }
                ? start
                : SyntaxFactory.ParenthesizedExpression(start));

    /// <summary><c>if (guard) { int i = slice.Method(values); if (i &gt;= 0) { return i + added; } }</c> in place of the loop.</summary>
    private static bool ReplaceWithOffsetSearch(SyntaxEditor editor, StatementSyntax loop, EqualsValueClauseSyntax? declaration, ExpressionSyntax guard, ExpressionSyntax slice, string method,
        List<ArgumentSyntax> arguments, ExpressionSyntax added)
    {
        if (loop is not ForStatementSyntax { Declaration.Variables: { Count: 1 } variables } ||
            (declaration is not null && declaration.Parent is not VariableDeclaratorSyntax))
        {
            return false;
        }

        var index = variables[0].Identifier.ValueText;
        var found = SyntaxFactory.BinaryExpression(SyntaxKind.AddExpression, SyntaxFactory.IdentifierName(index), added);
        StatementSyntax leave = declaration?.Parent is VariableDeclaratorSyntax stored
            ? SyntaxFactory.ExpressionStatement(SyntaxFactory.AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, SyntaxFactory.IdentifierName(stored.Identifier.ValueText), found))
            : SyntaxFactory.ReturnStatement(found);
        var search = Invoke(slice, method + (arguments.Count > 1 ? "Any" : ""), arguments);
        var local = SyntaxFactory.LocalDeclarationStatement(SyntaxFactory.VariableDeclaration(
            SyntaxFactory.PredefinedType(SyntaxFactory.Token(SyntaxKind.IntKeyword)),
            SyntaxFactory.SingletonSeparatedList(SyntaxFactory.VariableDeclarator(SyntaxFactory.Identifier(index)).WithInitializer(SyntaxFactory.EqualsValueClause(search)))));
        var statement = SyntaxFactory.IfStatement(guard, SyntaxFactory.Block(
                local,
                SyntaxFactory.IfStatement(SyntaxFactory.BinaryExpression(SyntaxKind.GreaterThanOrEqualExpression, SyntaxFactory.IdentifierName(index), Number(0)), SyntaxFactory.Block(leave))))
            .WithTriviaFrom(loop)
            .WithAdditionalAnnotations(Formatter.Annotation);
        editor.ReplaceNode(loop, statement);
        return true;
    }

    /// <summary>
    /// A backward loop from a start down to K: <c>start &gt;= 0 ? X.AsSpan(0, start + 1).LastIndexOf(v) : -1</c>
    /// (<c>span.Slice(0, ...)</c>, <c>LastIndexOfAny</c>; found / not found <c>start &gt;= K &amp;&amp; ....IndexOf(v) &gt;= 0</c>;
    /// a literal start needs no test); down to K &gt; 0 the index gets K added back (<see cref="ReplaceWithOffsetSearch(SyntaxEditor, StatementSyntax, EqualsValueClauseSyntax?, ExpressionSyntax, ExpressionSyntax, string, List{ArgumentSyntax}, ExpressionSyntax)"/>).
    /// Null when the loop was replaced here.
    /// </summary>
    private static ExpressionSyntax? BackwardSearch(SyntaxEditor editor, StatementSyntax loop, EqualsValueClauseSyntax? declaration, ExpressionSyntax target, bool asSpan, string? method,
        List<ArgumentSyntax> arguments, ExpressionSyntax start, int floor, out bool replaced)
    {
        start = start.WithoutTrivia();
        var (count, guard) = PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.BackwardCount(start, floor);
        var slice = Invoke(target, asSpan ? "AsSpan" : "Slice", new List<ArgumentSyntax> { SyntaxFactory.Argument(Number(floor)), SyntaxFactory.Argument(count) });
        var any = arguments.Count > 1 ? "Any" : "";
        var inside = SyntaxFactory.BinaryExpression(SyntaxKind.GreaterThanOrEqualExpression, start, Number(floor));
        replaced = false;
        if (method == PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.Contains)
        {
            var found = SyntaxFactory.BinaryExpression(SyntaxKind.GreaterThanOrEqualExpression, Invoke(slice, PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.IndexOf + any, arguments), Number(0));
            return guard ? SyntaxFactory.BinaryExpression(SyntaxKind.LogicalAndExpression, inside, found) : found;
        }

        if (floor > 0)
        {
            replaced = guard && ReplaceWithOffsetSearch(editor, loop, declaration, inside, slice, PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.LastIndexOf, arguments, Number(floor));
            return null;
        }

        var last = Invoke(slice, PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.LastIndexOf + any, arguments);
        return guard ? SyntaxFactory.ConditionalExpression(inside, last, SyntaxFactory.PrefixUnaryExpression(SyntaxKind.UnaryMinusExpression, Number(1))) : last;
    }

    private static ExpressionSyntax LengthAbove(ExpressionSyntax target, ExpressionSyntax start) => SyntaxFactory.BinaryExpression(
        SyntaxKind.GreaterThanExpression,
        SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, target, SyntaxFactory.IdentifierName("Length")),
        start);

    /// <summary><c>X.AsSpan(start)</c> of a string or an array, <c>span.Slice(start)</c>.</summary>
    private static ExpressionSyntax Slice(ExpressionSyntax target, bool asSpan, ExpressionSyntax start) =>
        Invoke(target, asSpan ? "AsSpan" : "Slice", new List<ArgumentSyntax> { SyntaxFactory.Argument(start) });

    private static InvocationExpressionSyntax Invoke(ExpressionSyntax receiver, string name, List<ArgumentSyntax> arguments) => SyntaxFactory.InvocationExpression(
        SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, SyntaxFactory.IdentifierName(name)),
        SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(arguments)));

    private static LiteralExpressionSyntax Number(int value) => SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(value));
}
