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
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Arrays;

/// <summary>
/// PERF015 fix: <c>Array.Clear(a, 0, a.Length)</c> → <c>Array.Clear(a)</c>; a whole-range store loop → one
/// <c>Array.Clear</c> / <c>Array.Fill</c> / <c>Span.Clear</c> / <c>Span.Fill</c> statement.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF015UseClearOrFillCodeFix)), Shared]
public sealed class PERF015UseClearOrFillCodeFix() : DocumentFix(Rules.PERF015.Info, "Use the vectorized Clear or Fill")
{
    protected override void AddEdits(FixInput input, Diagnostic diagnostic, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        var root = input.Root;
        if (!diagnostic.Properties.TryGetValue(DiagnosticProperties.Shape, out var shape) || shape is null)
        {
            return;
        }

        if (shape == PERF015UseClearOrFillAnalyzer.ShapeDropRange)
        {
            if (root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is InvocationExpressionSyntax { ArgumentList.Arguments.Count: 3 } call)
            {
                edits.Add((call, current => DropRange((InvocationExpressionSyntax)current)));
            }

            return;
        }

        if (shape == PERF015UseClearOrFillAnalyzer.ShapeDeleteLoop)
        {
            return; // see Edit
        }

        if (root.FindToken(diagnostic.Location.SourceSpan.Start).Parent is ForStatementSyntax loop &&
            Store(loop) is { } store)
        {
            diagnostic.Properties.TryGetValue(PERF015UseClearOrFillAnalyzer.ElementTypeKey, out var elementType);
            var replacement = Replacement(shape, store.Target, store.Value, elementType);
            if (replacement is not null)
            {
                edits.Add((loop, current => SyntaxFactory.ExpressionStatement(replacement)
                    .WithTriviaFrom(current)
                    .WithAdditionalAnnotations(Formatter.Annotation)));
            }
        }
    }

    /// <summary>A zeroing loop right after the array's creation: deleted (the statement after it keeps the loop's leading comments and indentation).</summary>
    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        if (!diagnostic.Properties.TryGetValue(DiagnosticProperties.Shape, out var shape) || shape != PERF015UseClearOrFillAnalyzer.ShapeDeleteLoop ||
            input.Root.FindToken(diagnostic.Location.SourceSpan.Start).Parent is not ForStatementSyntax loop || Store(loop) is null)
        {
            return false;
        }

        editor.RemoveNode(loop, SyntaxRemoveOptions.KeepNoTrivia);
        return true;
    }

    /// <summary>The loop's only statement, <c>X[i] = value;</c>.</summary>
    private static (ExpressionSyntax Target, ExpressionSyntax Value)? Store(ForStatementSyntax loop)
    {
        var statement = loop.Statement is BlockSyntax { Statements.Count: 1 } block ? block.Statements[0] : loop.Statement;
        return statement is ExpressionStatementSyntax
        {
            Expression: AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression, Left: ElementAccessExpressionSyntax element } assignment,
        }
            ? (element.Expression.WithoutTrivia(), assignment.Right.WithoutTrivia())
            : null;
    }

    private static ExpressionSyntax? Replacement(string shape, ExpressionSyntax target, ExpressionSyntax value, string? elementType) => shape switch
    {
        PERF015UseClearOrFillAnalyzer.ShapeArrayClear => Call(ArrayType(), "Clear", null, target),
        PERF015UseClearOrFillAnalyzer.ShapeArrayClearRange => Call(ArrayType(), "Clear", null, target,
            SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(0)),
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, target, SyntaxFactory.IdentifierName("Length"))),
        PERF015UseClearOrFillAnalyzer.ShapeArrayFill => Call(ArrayType(), "Fill", elementType, target, value),
        PERF015UseClearOrFillAnalyzer.ShapeSpanClear => Call(target, "Clear", null),
        PERF015UseClearOrFillAnalyzer.ShapeSpanFill => Call(target, "Fill", null, value),
        _ => null,
    };

    /// <summary><c>global::System.Array</c>, reduced by the simplifier to what binds in place (usually <c>Array</c>).</summary>
    private static ExpressionSyntax ArrayType() => TypeExpression("global::System.Array");

    private static InvocationExpressionSyntax Call(ExpressionSyntax receiver, string name, string? typeArgument, params ExpressionSyntax[] arguments)
    {
        SimpleNameSyntax method = typeArgument is null
            ? SyntaxFactory.IdentifierName(name)
            : SyntaxFactory.GenericName(SyntaxFactory.Identifier(name), SyntaxFactory.TypeArgumentList(
                SyntaxFactory.SingletonSeparatedList(SyntaxFactory.ParseTypeName(typeArgument).WithAdditionalAnnotations(Simplifier.Annotation))));
        var list = new List<ArgumentSyntax>();
        foreach (var argument in arguments)
        {
            list.Add(SyntaxFactory.Argument(argument));
        }

        return SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, method),
            SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(list)));
    }

    private static InvocationExpressionSyntax DropRange(InvocationExpressionSyntax call) =>
        call.WithArgumentList(call.ArgumentList.WithArguments(SyntaxFactory.SingletonSeparatedList(call.ArgumentList.Arguments[0])));
}
