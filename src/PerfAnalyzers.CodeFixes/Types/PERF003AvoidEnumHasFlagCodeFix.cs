using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Types;

namespace PerfAnalyzers.CodeFixes.Types;

/// <summary>
/// PERF003 fix: <c>value.HasFlag(flag)</c> → <c>(value &amp; flag) == flag</c>, offered only when the flag can be
/// evaluated twice (a constant, local, parameter or field) and the receiver is not a conditional access.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF003AvoidEnumHasFlagCodeFix)), Shared]
public sealed class PERF003AvoidEnumHasFlagCodeFix() : DocumentFix(Rules.PERF003.Info, "Use a bitwise test instead of HasFlag")
{
    protected override void AddEdits(FixInput input, Diagnostic diagnostic, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        var root = input.Root;
        if (!DiagnosticProperties.IsFixable(diagnostic) ||
            root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not SimpleNameSyntax name ||
            name.Parent is not MemberAccessExpressionSyntax { Parent: InvocationExpressionSyntax { ArgumentList.Arguments.Count: 1 } call })
        {
            return;
        }

        // !x.HasFlag(f) reads (x & f) != f, as a reviewer would write it, not !((x & f) == f).
        if (call.Parent is PrefixUnaryExpressionSyntax not && not.IsKind(SyntaxKind.LogicalNotExpression))
        {
            edits.Add((not, current => Rewrite((InvocationExpressionSyntax)((PrefixUnaryExpressionSyntax)current).Operand, (ExpressionSyntax)current, SyntaxKind.NotEqualsExpression)));
            return;
        }

        edits.Add((call, current => Rewrite((InvocationExpressionSyntax)current, (ExpressionSyntax)current, SyntaxKind.EqualsExpression)));
    }

    /// <summary>
    /// (value &amp; flag) == flag, parenthesised where needed: around operands the simplifier may unwrap, and around the
    /// whole test unless it stands alone (a return value, an argument, a condition, an operand of &amp;&amp; or ||), so that
    /// <c>x.HasFlag(f) == b</c> reads <c>((x &amp; f) == f) == b</c>.
    /// </summary>
    private static SyntaxNode Rewrite(InvocationExpressionSyntax call, ExpressionSyntax site, SyntaxKind comparison)
    {
        var value = ((MemberAccessExpressionSyntax)call.Expression).Expression.WithoutTrivia();
        var flag = call.ArgumentList.Arguments[0].Expression.WithoutTrivia();
        ExpressionSyntax test = SyntaxFactory.BinaryExpression(
            comparison,
            SyntaxFactory.ParenthesizedExpression(
                SyntaxFactory.BinaryExpression(SyntaxKind.BitwiseAndExpression, Operand(value), Operand(flag))),
            Operand(flag));
        if (NeedsParentheses(site))
        {
            test = SyntaxFactory.ParenthesizedExpression(test);
        }

        return test.WithTriviaFrom(site).WithAdditionalAnnotations(Formatter.Annotation);
    }

    private static bool NeedsParentheses(ExpressionSyntax call) => call.Parent switch
    {
        ExpressionSyntax parent when parent.IsKind(SyntaxKind.LogicalAndExpression) || parent.IsKind(SyntaxKind.LogicalOrExpression) => false,
        ConditionalExpressionSyntax or ParenthesizedExpressionSyntax or LambdaExpressionSyntax => false,
        ExpressionSyntax => true,
        _ => false,
    };

    private static ExpressionSyntax Operand(ExpressionSyntax expression) => expression switch
    {
        IdentifierNameSyntax or LiteralExpressionSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax or ElementAccessExpressionSyntax => expression,
        ParenthesizedExpressionSyntax => expression.WithAdditionalAnnotations(Simplifier.Annotation),
        _ => SyntaxFactory.ParenthesizedExpression(expression).WithAdditionalAnnotations(Simplifier.Annotation),
    };
}
