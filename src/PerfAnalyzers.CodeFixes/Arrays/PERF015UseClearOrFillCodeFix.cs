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
/// <c>Array.Clear</c> / <c>Array.Fill</c> / <c>Span.Clear</c> / <c>Span.Fill</c> statement; a loop over part of the array or
/// span → the ranged call, under the loop's first test where the loop could do nothing; a <c>while</c> loop and the
/// declaration of its index before it → the same statement.
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

        if (root.FindToken(diagnostic.Location.SourceSpan.Start).Parent is ForStatementSyntax loop && !IsRange(shape) &&
            Store(loop.Statement) is { } store)
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

    protected override bool NeedsSemanticModel => true; // a.AsSpan(...) needs using System;

    private static bool IsRange(string shape) => shape is PERF015UseClearOrFillAnalyzer.ShapeRangeClear or PERF015UseClearOrFillAnalyzer.ShapeRangeArrayFill or
        PERF015UseClearOrFillAnalyzer.ShapeRangeAsSpanFill or PERF015UseClearOrFillAnalyzer.ShapeRangeSpanClear or PERF015UseClearOrFillAnalyzer.ShapeRangeSpanFill;

    /// <summary>
    /// A zeroing loop right after the array's creation: deleted (the statement after it keeps the loop's leading comments and
    /// indentation). A loop over a range, and a <c>while</c> loop with its index's declaration: one statement.
    /// </summary>
    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        if (!diagnostic.Properties.TryGetValue(DiagnosticProperties.Shape, out var shape) || shape is null)
        {
            return false;
        }

        var node = input.Root.FindToken(diagnostic.Location.SourceSpan.Start).Parent;
        if (shape == PERF015UseClearOrFillAnalyzer.ShapeDeleteLoop)
        {
            if (node is not ForStatementSyntax deleted || Store(deleted.Statement) is null)
            {
                return false;
            }

            editor.RemoveNode(deleted, SyntaxRemoveOptions.KeepNoTrivia);
            return true;
        }

        StatementSyntax loop;
        StatementSyntax? declaration = null;
        switch (node)
        {
            case ForStatementSyntax forLoop when IsRange(shape):
                loop = forLoop;
                break;
            case WhileStatementSyntax whileLoop when LoopShape.Sibling(whileLoop, -1) is LocalDeclarationStatementSyntax before:
                (loop, declaration) = (whileLoop, before);
                break;
            default:
                return false;
        }

        if (Store(loop is ForStatementSyntax f ? f.Statement : ((WhileStatementSyntax)loop).Statement) is not { } store)
        {
            return false;
        }

        diagnostic.Properties.TryGetValue(PERF015UseClearOrFillAnalyzer.ElementTypeKey, out var elementType);
        StatementSyntax statement;
        if (IsRange(shape))
        {
            var end = Expression(input.Root, diagnostic, PERF015UseClearOrFillAnalyzer.EndKey);
            if (end is null)
            {
                return false;
            }

            var (guard, call) = PERF015UseClearOrFillAnalyzer.RangeSyntax(
                shape,
                ArrayType(),
                store.Target,
                store.Value,
                elementType is null ? null : SyntaxFactory.ParseTypeName(elementType).WithAdditionalAnnotations(Simplifier.Annotation),
                Expression(input.Root, diagnostic, PERF015UseClearOrFillAnalyzer.LoopStartKey),
                diagnostic.Properties.TryGetValue(PERF015UseClearOrFillAnalyzer.StartAfterKey, out var after) && after == "true",
                end,
                Expression(input.Root, diagnostic, PERF015UseClearOrFillAnalyzer.CountKey),
                Expression(input.Root, diagnostic, PERF015UseClearOrFillAnalyzer.OffsetKey),
                diagnostic.Properties.TryGetValue(PERF015UseClearOrFillAnalyzer.OffsetSubtractedKey, out var subtracted) && subtracted == "true",
                diagnostic.Properties.ContainsKey(PERF015UseClearOrFillAnalyzer.InclusiveKey) && diagnostic.Properties[PERF015UseClearOrFillAnalyzer.InclusiveKey] == "true",
                diagnostic.Properties.TryGetValue(PERF015UseClearOrFillAnalyzer.ToEndKey, out var toEnd) && toEnd == "true",
                diagnostic.Properties.TryGetValue(PERF015UseClearOrFillAnalyzer.GuardKey, out var guarded) && guarded == "true");
            statement = guard is null
                ? SyntaxFactory.ExpressionStatement(call)
                : SyntaxFactory.IfStatement(guard, SyntaxFactory.ExpressionStatement(call)) // on one line, as the message shows it
                    .WithCloseParenToken(SyntaxFactory.Token(SyntaxKind.CloseParenToken).WithTrailingTrivia(SyntaxFactory.Space));
            if (shape == PERF015UseClearOrFillAnalyzer.ShapeRangeAsSpanFill)
            {
                input.SystemImportAt = loop.SpanStart;
            }
        }
        else if (Replacement(shape, store.Target, store.Value, elementType) is { } replacement)
        {
            statement = SyntaxFactory.ExpressionStatement(replacement);
        }
        else
        {
            return false;
        }

        statement = statement.WithLeadingTrivia((declaration ?? loop).GetLeadingTrivia()).WithTrailingTrivia(loop.GetTrailingTrivia()).WithAdditionalAnnotations(Formatter.Annotation);
        if (declaration is not null)
        {
            editor.RemoveNode(declaration, SyntaxRemoveOptions.KeepNoTrivia);
        }

        editor.ReplaceNode(loop, statement);
        return true;
    }

    /// <summary>The expression whose "start:length" the diagnostic property <paramref name="key"/> holds, without trivia; null when absent.</summary>
    private static ExpressionSyntax? Expression(SyntaxNode root, Diagnostic diagnostic, string key)
    {
        if (!diagnostic.Properties.TryGetValue(key, out var value) || value is null || value.Split(':') is not { Length: 2 } parts ||
            !int.TryParse(parts[0], System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var from) ||
            !int.TryParse(parts[1], System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var count) ||
            from + count > root.FullSpan.End)
        {
            return null;
        }

        return root.FindNode(new Microsoft.CodeAnalysis.Text.TextSpan(from, count), getInnermostNodeForTie: true) is ExpressionSyntax expression
            ? expression.WithoutTrivia()
            : null;
    }

    /// <summary>
    /// The loop's store, <c>X[i] = value;</c> as its only statement, or <c>{ X[i] = value; i++; }</c> and <c>X[i++] = value;</c>
    /// (a <c>while</c> loop): the array or span and the value.
    /// </summary>
    private static (ExpressionSyntax Target, ExpressionSyntax Value)? Store(StatementSyntax body)
    {
        var statement = body is BlockSyntax { Statements.Count: 1 or 2 } block ? block.Statements[0] : body;
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
