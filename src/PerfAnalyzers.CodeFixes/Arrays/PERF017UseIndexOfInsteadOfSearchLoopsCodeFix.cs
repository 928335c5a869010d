using System;
using System.Collections.Generic;
using System.Composition;
using System.Linq;
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
/// constant of another type); in the store-and-break form the declaration before the loop takes the call
/// (<c>int found = s.IndexOf(c);</c>) and the loop goes. A <c>foreach</c> that answers found / not found becomes
/// <c>s.Contains(c)</c> (<c>Array.IndexOf(a, v) &gt;= 0</c>, <c>span.IndexOf(v) &gt;= 0</c>) the same way.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF017UseIndexOfInsteadOfSearchLoopsCodeFix)), Shared]
public sealed partial class PERF017UseIndexOfInsteadOfSearchLoopsCodeFix() : DocumentFix(Rules.PERF017.Info, "Use IndexOf")
{
    protected override bool NeedsSemanticModel => true;

    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        // The loop leaves by return (a return after it gives "not found") or stores the result declared before it and breaks.
        var store = diagnostic.Properties.TryGetValue(PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.StoreKey, out var stored) && stored == "true";

        // for (int i = ...) with X[i] in the test, or foreach (var c in X) with c in it.
        StatementSyntax loop;
        ExpressionSyntax? test;
        Func<ExpressionSyntax, ExpressionSyntax?> sequenceOf;
        switch (input.Root.FindToken(diagnostic.Location.SourceSpan.Start).Parent)
        {
            case ForStatementSyntax { Declaration.Variables: { Count: 1 } variables } forLoop:
                var index = variables[0].Identifier.ValueText;
                (loop, test) = (forLoop, Test(forLoop.Statement));
                sequenceOf = e => IsElement(e, index) ? ((ElementAccessExpressionSyntax)e).Expression : null;
                break;
            case ForEachStatementSyntax each:
                var item = each.Identifier.ValueText;
                (loop, test) = (each, Test(each.Statement));
                sequenceOf = e => e is IdentifierNameSyntax { Identifier.ValueText: var name } && name == item ? each.Expression : null;
                break;
            default:
                return false;
        }

        if (test is null)
        {
            return false;
        }

        var notFound = store ? null : LoopShape.Sibling(loop, 1) as ReturnStatementSyntax;
        var declaration = store && LoopShape.Sibling(loop, -1) is LocalDeclarationStatementSyntax { Declaration.Variables: { Count: 1 } declared } &&
                          declared[0].Initializer is { } initializer
            ? initializer
            : null;
        if (notFound is null && declaration is null)
        {
            return false;
        }

        // X[i] == v (c == v), or X[i] == a || X[i] == b [|| X[i] == c]: the values in order.
        ExpressionSyntax? target = null;
        var values = new List<ExpressionSyntax>();
        foreach (var term in Terms(test))
        {
            var (sequence, value) = term is BinaryExpressionSyntax { RawKind: (int)SyntaxKind.EqualsExpression } equals
                ? sequenceOf(equals.Left) is { } left ? (left, equals.Right) :
                  sequenceOf(equals.Right) is { } right ? (right, equals.Left) :
                  default
                : default;
            if (sequence is null || value is null)
            {
                return false;
            }

            target ??= sequence.WithoutTrivia();
            values.Add(value.WithoutTrivia());
        }

        if (target is null)
        {
            return false;
        }

        diagnostic.Properties.TryGetValue(PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.CastKey, out var cast);
        var arguments = values.Select(v => SyntaxFactory.Argument(cast is null
            ? v
            : SyntaxFactory.CastExpression(SyntaxFactory.ParseTypeName(cast).WithAdditionalAnnotations(Simplifier.Annotation), SyntaxFactory.ParenthesizedExpression(v).WithAdditionalAnnotations(Simplifier.Annotation)))).ToList();

        diagnostic.Properties.TryGetValue(PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.MethodKey, out var method);
        var isArray = DiagnosticProperties.ShapeOf(diagnostic) == PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.ShapeArray;
        var isString = DiagnosticProperties.ShapeOf(diagnostic) == PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.ShapeString;
        var contains = method == PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.Contains;
        ExpressionSyntax result;
        if (diagnostic.Properties.TryGetValue(PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.BackwardFromKey, out var floorText))
        {
            // for (int i = start; i >= K; i--): start >= 0 ? X.AsSpan(0, start + 1).LastIndexOf(v) : -1 (K > 0: plus K).
            if (loop is not ForStatementSyntax { Declaration.Variables: { Count: 1 } variables } || variables[0].Initializer?.Value is not { } top ||
                !int.TryParse(floorText, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var floor))
            {
                return false;
            }

            input.SystemImportAt = loop.SpanStart;
            if (BackwardSearch(editor, loop, declaration, target, isArray || isString, method, arguments, top, floor, out var replaced) is not { } backward)
            {
                return replaced;
            }

            result = backward;
            contains = false;
        }
        else if (Start(diagnostic, loop) is { } start)
        {
            // A start other than 0 (PERF017UseIndexOfInsteadOfSearchLoopsCodeFix.Starts.cs): behind "X.Length > start" (the
            // loop does nothing when the start lies past the end, where the call would throw).
            var isSpan = !isArray && !isString;
            if (PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.NeedsOffset(isSpan ? PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.ShapeSpan : "", method ?? "", arguments.Count))
            {
                // The slice's index plus the start, -1 staying -1: the loop becomes an if, the "not found" after it stays.
                input.SystemImportAt = loop.SpanStart;
                return ReplaceWithOffsetSearch(editor, loop, declaration, target, isSpan, method!, arguments, start);
            }

            result = StartSearch(target, isArray, isString, contains, arguments, start);
            if (isSpan || arguments.Count > 1)
            {
                input.SystemImportAt = loop.SpanStart;
            }

            contains = false;
        }
        else if (arguments.Count > 1)
        {
            // IndexOfAny(a, b[, c]) of MemoryExtensions: on the span, or on AsSpan() of a string or an array.
            var receiver = isArray || isString
                ? SyntaxFactory.InvocationExpression(SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, target, SyntaxFactory.IdentifierName("AsSpan")))
                : target;
            var any = (contains ? PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.IndexOf : method ?? PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.IndexOf) + "Any";
            result = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, SyntaxFactory.IdentifierName(any)),
                SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(arguments)));
            input.SystemImportAt = loop.SpanStart;
        }
        else
        {
            // string.Contains(char); arrays and spans: IndexOf(...) >= 0 (span Contains is not on every target with spans).
            var called = contains && !isString ? PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.IndexOf : method ?? PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.IndexOf;
            var callArguments = SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(isArray ? new[] { SyntaxFactory.Argument(target), arguments[0] } : new[] { arguments[0] }));
            var callee = SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, isArray ? TypeExpression("global::System.Array") : target, SyntaxFactory.IdentifierName(called));
            result = SyntaxFactory.InvocationExpression(callee, callArguments);
            contains &= !isString;
        }

        if (contains && (arguments.Count > 1 || !isString))
        {
            result = SyntaxFactory.BinaryExpression(SyntaxKind.GreaterThanOrEqualExpression, result, SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(0)));
        }

        if (declaration is not null)
        {
            // int found = -1;  →  int found = s.IndexOf(c);  and the loop goes.
            editor.ReplaceNode(declaration.Value, result.WithTriviaFrom(declaration.Value).WithAdditionalAnnotations(Formatter.Annotation));
            editor.RemoveNode(loop, SyntaxRemoveOptions.KeepNoTrivia);
            return true;
        }

        var statement = SyntaxFactory.ReturnStatement(result)
            .WithLeadingTrivia(loop.GetLeadingTrivia())
            .WithTrailingTrivia(notFound!.GetTrailingTrivia())
            .WithAdditionalAnnotations(Formatter.Annotation);
        editor.ReplaceNode(loop, statement);
        editor.RemoveNode(notFound, SyntaxRemoveOptions.KeepNoTrivia);
        return true;
    }

    /// <summary>The terms of <c>a || b || c</c>, left to right; the expression itself otherwise.</summary>
    private static IEnumerable<ExpressionSyntax> Terms(ExpressionSyntax condition) =>
        condition is BinaryExpressionSyntax { RawKind: (int)SyntaxKind.LogicalOrExpression } or
            ? Terms(or.Left).Concat(Terms(or.Right))
            : new[] { condition };

    /// <summary>The condition of the loop's only statement, <c>if (X[i] == v) return i;</c> (or <c>{ found = i; break; }</c>).</summary>
    private static ExpressionSyntax? Test(StatementSyntax loopBody)
    {
        var statement = loopBody is BlockSyntax { Statements.Count: 1 } body ? body.Statements[0] : loopBody;
        return statement is IfStatementSyntax { Else: null } found ? found.Condition : null;
    }

    private static bool IsElement(ExpressionSyntax expression, string index) =>
        expression is ElementAccessExpressionSyntax { ArgumentList.Arguments: { Count: 1 } arguments } &&
        arguments[0].Expression is IdentifierNameSyntax { Identifier.ValueText: var name } && name == index;
}
