using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Arrays;

/// <summary>
/// PERF016 fix: the length check, the comparison loop and the <c>return true;</c> after it become
/// <c>return a.AsSpan().SequenceEqual(b);</c> (<c>a.SequenceEqual(b)</c> for a span), adding <c>using System;</c> when
/// <c>MemoryExtensions</c> is not in scope; a constant start or a range keeps its checks and compares the slices behind
/// the loop's own emptiness test (see the analyzer's Ranges.cs).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF016UseSequenceEqualInsteadOfCompareLoopsCodeFix)), Shared]
public sealed class PERF016UseSequenceEqualInsteadOfCompareLoopsCodeFix() : DocumentFix(Rules.PERF016.Info, "Use SequenceEqual")
{
    protected override bool NeedsSemanticModel => true;

    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        // The flag-and-break form has the flag's declaration right before the loop.
        var flagged = diagnostic.Properties.TryGetValue(PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer.FlagKey, out var flag) && flag == "true";
        if (input.Root.FindToken(diagnostic.Location.SourceSpan.Start).Parent is not ForStatementSyntax loop ||
            (flagged && LoopShape.Sibling(loop, -1) is not LocalDeclarationStatementSyntax) ||
            LoopShape.Sibling(loop, 1) is not ReturnStatementSyntax equal ||
            (loop.Statement is BlockSyntax { Statements.Count: 1 } body ? body.Statements[0] : loop.Statement) is not IfStatementSyntax { Condition: BinaryExpressionSyntax { Left: ElementAccessExpressionSyntax first, Right: ElementAccessExpressionSyntax second } })
        {
            return false;
        }

        input.SystemImportAt = loop.SpanStart;
        var firstIsArray = Is(diagnostic, PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer.ArrayKey);
        if (DiagnosticProperties.ShapeOf(diagnostic) is { } shape)
        {
            return Ranged(editor, diagnostic, shape, loop, flagged, equal, first, second, firstIsArray);
        }

        // The whole sequences: the length check (before the flag's declaration) becomes the return.
        if (LoopShape.Sibling(loop, flagged ? -2 : -1) is not IfStatementSyntax lengthCheck)
        {
            return false;
        }

        if (flagged)
        {
            editor.RemoveNode(LoopShape.Sibling(loop, -1)!, SyntaxRemoveOptions.KeepNoTrivia);
        }

        ExpressionSyntax receiver = first.Expression.WithoutTrivia();
        if (firstIsArray)
        {
            receiver = SyntaxFactory.InvocationExpression(SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, SyntaxFactory.IdentifierName("AsSpan")));
        }

        var call = SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, SyntaxFactory.IdentifierName("SequenceEqual")),
            SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(second.Expression.WithoutTrivia()))));
        editor.ReplaceNode(lengthCheck, SyntaxFactory.ReturnStatement(call)
            .WithLeadingTrivia(lengthCheck.GetLeadingTrivia())
            .WithTrailingTrivia(equal.GetTrailingTrivia())
            .WithAdditionalAnnotations(Formatter.Annotation));
        editor.RemoveNode(loop, SyntaxRemoveOptions.KeepNoTrivia);
        editor.RemoveNode(equal, SyntaxRemoveOptions.KeepNoTrivia);
        return true;
    }

    /// <summary>
    /// A constant start (<c>return a.Length &lt;= K || a.AsSpan(K).SequenceEqual(b.AsSpan(K));</c>, the length check kept) or a
    /// range (<c>return [count &lt;= 0 ||] a.AsSpan(oa, count).SequenceEqual(b.AsSpan(ob, count));</c>, the checks kept): the
    /// flag's declaration (or the loop) becomes the return, and the loop and the return after it go.
    /// </summary>
    private static bool Ranged(SyntaxEditor editor, Diagnostic diagnostic, string shape, ForStatementSyntax loop, bool flagged, ReturnStatementSyntax equal,
        ElementAccessExpressionSyntax first, ElementAccessExpressionSyntax second, bool firstIsArray)
    {
        if (loop.Declaration is not { Variables: { Count: 1 } variables } || variables[0].Initializer?.Value is not { } start ||
            loop.Condition is not BinaryExpressionSyntax condition)
        {
            return false;
        }

        var index = variables[0].Identifier.ValueText;
        var bound = Unparenthesized(condition.IsKind(SyntaxKind.LessThanExpression) ? condition.Right : condition.Left);
        var secondIsArray = Is(diagnostic, PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer.SecondArrayKey);
        ExpressionSyntax result;
        if (shape == PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer.ShapeFrom)
        {
            // The loop does nothing when K is not below the length (AsSpan(K) would throw past it).
            var rest = Compare(Slice(first.Expression, firstIsArray, start, null), Slice(second.Expression, secondIsArray, start, null));
            result = SyntaxFactory.BinaryExpression(SyntaxKind.LogicalOrExpression,
                SyntaxFactory.BinaryExpression(SyntaxKind.LessThanOrEqualExpression, Operand(bound), Operand(start)), rest);
        }
        else
        {
            ExpressionSyntax count;
            ExpressionSyntax? firstOffset, secondOffset;
            if (shape == PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer.ShapeRange)
            {
                // for (int i = start; i < start + count; i++)
                if (bound is not BinaryExpressionSyntax sum || !sum.IsKind(SyntaxKind.AddExpression))
                {
                    return false;
                }

                count = Is(diagnostic, PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer.CountFirstKey) ? sum.Left : sum.Right;
                firstOffset = secondOffset = start;
            }
            else
            {
                // for (int i = 0; i < count; i++) ... a[oa + i] != b[ob + i]
                count = bound;
                firstOffset = Offset(first, index);
                secondOffset = Offset(second, index);
            }

            var zero = SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(0));
            result = Compare(Slice(first.Expression, firstIsArray, firstOffset ?? zero, count), Slice(second.Expression, secondIsArray, secondOffset ?? zero, count));
            if (Is(diagnostic, PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer.GuardKey))
            {
                // The loop does nothing for a count that is not positive, where AsSpan would throw for a negative one.
                result = SyntaxFactory.BinaryExpression(SyntaxKind.LogicalOrExpression,
                    SyntaxFactory.BinaryExpression(SyntaxKind.LessThanOrEqualExpression, Operand(count), zero), result);
            }
        }

        StatementSyntax head = flagged ? LoopShape.Sibling(loop, -1)! : loop;
        editor.ReplaceNode(head, SyntaxFactory.ReturnStatement(result)
            .WithLeadingTrivia(head.GetLeadingTrivia())
            .WithTrailingTrivia(equal.GetTrailingTrivia())
            .WithAdditionalAnnotations(Formatter.Annotation));
        if (flagged)
        {
            editor.RemoveNode(loop, SyntaxRemoveOptions.KeepNoTrivia);
        }

        editor.RemoveNode(equal, SyntaxRemoveOptions.KeepNoTrivia);
        return true;
    }

    private static bool Is(Diagnostic diagnostic, string key) => diagnostic.Properties.TryGetValue(key, out var value) && value == "true";

    /// <summary>The <c>o</c> of <c>X[o + i]</c> or <c>X[i + o]</c>; null for <c>X[i]</c>.</summary>
    private static ExpressionSyntax? Offset(ElementAccessExpressionSyntax element, string index)
    {
        if (element.ArgumentList.Arguments.Count != 1 || Unparenthesized(element.ArgumentList.Arguments[0].Expression) is not BinaryExpressionSyntax sum ||
            !sum.IsKind(SyntaxKind.AddExpression))
        {
            return null;
        }

        return IsIndex(sum.Right, index) ? sum.Left : sum.Right;
    }

    private static bool IsIndex(ExpressionSyntax expression, string index) =>
        Unparenthesized(expression) is IdentifierNameSyntax { Identifier.ValueText: var name } && name == index;

    private static ExpressionSyntax Unparenthesized(ExpressionSyntax expression)
    {
        while (expression is ParenthesizedExpressionSyntax parenthesized)
        {
            expression = parenthesized.Expression;
        }

        return expression;
    }

    /// <summary><c>X.AsSpan(o[, count])</c> of an array, <c>X.Slice(o[, count])</c> of a span.</summary>
    private static ExpressionSyntax Slice(ExpressionSyntax target, bool isArray, ExpressionSyntax offset, ExpressionSyntax? count)
    {
        var arguments = count is null
            ? SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(offset.WithoutTrivia()))
            : SyntaxFactory.SeparatedList(new[] { SyntaxFactory.Argument(offset.WithoutTrivia()), SyntaxFactory.Argument(count.WithoutTrivia()) });
        return SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, Operand(target), SyntaxFactory.IdentifierName(isArray ? "AsSpan" : "Slice")),
            SyntaxFactory.ArgumentList(arguments));
    }

    private static ExpressionSyntax Compare(ExpressionSyntax first, ExpressionSyntax second) => SyntaxFactory.InvocationExpression(
        SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, first, SyntaxFactory.IdentifierName("SequenceEqual")),
        SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(second))));

    /// <summary>The expression as an operand of <c>.</c>, <c>&lt;=</c> or <c>||</c>: parenthesized unless it is a name, a literal or a member access.</summary>
    private static ExpressionSyntax Operand(ExpressionSyntax expression)
    {
        expression = expression.WithoutTrivia();
        return expression is IdentifierNameSyntax or LiteralExpressionSyntax or MemberAccessExpressionSyntax or ThisExpressionSyntax
            ? expression
            : SyntaxFactory.ParenthesizedExpression(expression).WithAdditionalAnnotations(Simplifier.Annotation);
    }
}
