using System;
using System.Collections.Generic;
using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Arrays;

/// <summary>
/// PERF022 fix: <c>Enumerable.SequenceEqual(a, b)</c> / <c>a.SequenceEqual(b)</c> becomes <c>a.AsSpan().SequenceEqual(b)</c>,
/// adding <c>using System;</c> when <c>MemoryExtensions</c> is not in scope (from C# 14, where that using would rebind the
/// file's other calls, <c>System.MemoryExtensions.SequenceEqual(System.MemoryExtensions.AsSpan(a), b)</c> instead).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF022UseSpanSequenceEqualForArraysCodeFix)), Shared]
public sealed class PERF022UseSpanSequenceEqualForArraysCodeFix() : DocumentFix(Rules.PERF022.Info, "Use the span SequenceEqual")
{
    protected override bool NeedsSemanticModel => true;

    protected override void AddEdits(FixInput input, Diagnostic diagnostic, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        if (input.Model is not { } model ||
            input.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true).FirstAncestorOrSelf<InvocationExpressionSyntax>() is not { } invocation ||
            model.GetOperation(invocation, input.CancellationToken) is not IInvocationOperation { TargetMethod.Parameters.Length: 2 } operation)
        {
            return;
        }

        ExpressionSyntax? first = null, second = null;
        foreach (var argument in operation.Arguments)
        {
            var value = argument.Value is IConversionOperation { IsImplicit: true, OperatorMethod: null } conversion ? conversion.Operand : argument.Value;
            switch (argument.Parameter?.Ordinal)
            {
                case 0: first = value.Syntax as ExpressionSyntax; break;
                case 1: second = value.Syntax as ExpressionSyntax; break;
            }
        }

        if (first is null || second is null)
        {
            return;
        }

        // From C# 14 a 'using System;' would also rebind every other array.SequenceEqual(...) of the file to the span
        // overload (first-class spans), which compares null as empty where Enumerable throws: there the new call names
        // MemoryExtensions instead of importing it.
        ExpressionSyntax replacement;
        if (PERF022UseSpanSequenceEqualForArraysAnalyzer.UsesNamedForm(invocation, model))
        {
            // System.MemoryExtensions.SequenceEqual(System.MemoryExtensions.AsSpan(a), b)
            var asSpanCall = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, TypeExpression("global::System.MemoryExtensions"), SyntaxFactory.IdentifierName("AsSpan")),
                SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(first.WithoutTrivia()))));
            replacement = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, TypeExpression("global::System.MemoryExtensions"), SyntaxFactory.IdentifierName("SequenceEqual")),
                SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(new[] { SyntaxFactory.Argument(asSpanCall), SyntaxFactory.Argument(second.WithoutTrivia()) })));
        }
        else
        {
            ExpressionSyntax receiver = first.WithoutTrivia();
            if (PERF022UseSpanSequenceEqualForArraysAnalyzer.NeedsParentheses(receiver))
            {
                receiver = SyntaxFactory.ParenthesizedExpression(receiver);
            }

            var asSpan = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, SyntaxFactory.IdentifierName("AsSpan")));
            replacement = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, asSpan, SyntaxFactory.IdentifierName("SequenceEqual")),
                SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(second.WithoutTrivia()))));
            input.SystemImportAt = invocation.SpanStart;
        }

        replacement = replacement.WithTriviaFrom(invocation);
        SetEdit(edits, invocation, _ => replacement);
    }
}
