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
/// PERF017 fix: the search loop and the <c>return -1;</c> after it become <c>return s.IndexOf(v);</c>,
/// <c>return Array.IndexOf(a, v);</c> or <c>return span.IndexOf(v);</c> (the value cast to the element type when it is a
/// constant of another type).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF017UseIndexOfInsteadOfSearchLoopsCodeFix)), Shared]
public sealed class PERF017UseIndexOfInsteadOfSearchLoopsCodeFix() : DocumentFix(Rules.PERF017.Info, "Use IndexOf")
{
    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        if (input.Root.FindToken(diagnostic.Location.SourceSpan.Start).Parent is not ForStatementSyntax loop ||
            loop.Parent is not BlockSyntax block ||
            block.Statements.IndexOf(loop) is var at && (at < 0 || at + 1 >= block.Statements.Count) ||
            block.Statements[at + 1] is not ReturnStatementSyntax notFound ||
            loop.Declaration?.Variables is not { Count: 1 } variables ||
            Test(loop) is not BinaryExpressionSyntax { RawKind: (int)SyntaxKind.EqualsExpression } test)
        {
            return false;
        }

        var index = variables[0].Identifier.ValueText;
        var (element, value) = IsElement(test.Left, index) ? ((ElementAccessExpressionSyntax)test.Left, test.Right) :
                               IsElement(test.Right, index) ? ((ElementAccessExpressionSyntax)test.Right, test.Left) :
                               default;
        if (element is null || value is null)
        {
            return false;
        }

        var target = element.Expression.WithoutTrivia();
        ExpressionSyntax argument = value.WithoutTrivia();
        if (diagnostic.Properties.TryGetValue(PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.CastKey, out var cast) && cast is not null)
        {
            argument = SyntaxFactory.CastExpression(SyntaxFactory.ParseTypeName(cast).WithAdditionalAnnotations(Simplifier.Annotation), SyntaxFactory.ParenthesizedExpression(argument).WithAdditionalAnnotations(Simplifier.Annotation));
        }

        diagnostic.Properties.TryGetValue(PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.MethodKey, out var method);
        var isArray = DiagnosticProperties.ShapeOf(diagnostic) == PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.ShapeArray;
        var isString = DiagnosticProperties.ShapeOf(diagnostic) == PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.ShapeString;
        var contains = method == PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.Contains;

        // string.Contains(char); arrays and spans: IndexOf(...) >= 0 (span Contains is not on every target with spans).
        var called = contains && !isString ? PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.IndexOf : method ?? PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.IndexOf;
        var arguments = SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(
            isArray ? new[] { SyntaxFactory.Argument(target), SyntaxFactory.Argument(argument) } : new[] { SyntaxFactory.Argument(argument) }));
        var callee = SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, isArray ? TypeExpression("global::System.Array") : target, SyntaxFactory.IdentifierName(called));
        ExpressionSyntax result = SyntaxFactory.InvocationExpression(callee, arguments);
        if (contains && !isString)
        {
            result = SyntaxFactory.BinaryExpression(SyntaxKind.GreaterThanOrEqualExpression, result, SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(0)));
        }

        var statement = SyntaxFactory.ReturnStatement(result)
            .WithLeadingTrivia(loop.GetLeadingTrivia())
            .WithTrailingTrivia(notFound.GetTrailingTrivia())
            .WithAdditionalAnnotations(Formatter.Annotation);
        editor.ReplaceNode(loop, statement);
        editor.RemoveNode(notFound, SyntaxRemoveOptions.KeepNoTrivia);
        return true;
    }

    /// <summary>The condition of the loop's only statement, <c>if (X[i] == v) return i;</c>.</summary>
    private static ExpressionSyntax? Test(ForStatementSyntax loop)
    {
        var statement = loop.Statement is BlockSyntax { Statements.Count: 1 } body ? body.Statements[0] : loop.Statement;
        return statement is IfStatementSyntax { Else: null } found ? found.Condition : null;
    }

    private static bool IsElement(ExpressionSyntax expression, string index) =>
        expression is ElementAccessExpressionSyntax { ArgumentList.Arguments: { Count: 1 } arguments } &&
        arguments[0].Expression is IdentifierNameSyntax { Identifier.ValueText: var name } && name == index;
}
