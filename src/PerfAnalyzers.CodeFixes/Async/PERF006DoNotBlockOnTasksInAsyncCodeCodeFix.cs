using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
using static PerfAnalyzers.Async.PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer;

namespace PerfAnalyzers.CodeFixes.Async;

/// <summary>
/// PERF006 fix: <c>t.Result</c> → <c>(await t)</c> (parentheses only where needed), <c>t.Wait()</c> and
/// <c>t.GetAwaiter().GetResult()</c> → <c>await t</c>, <c>Thread.Sleep(x)</c> → <c>await Task.Delay(x[, token])</c>,
/// <c>Task.WaitAll(a, b)</c> → <c>await Task.WhenAll(a, b)</c>; with <c>.ConfigureAwait(false)</c> when the function
/// already awaits that way.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF006DoNotBlockOnTasksInAsyncCodeCodeFix)), Shared]
public sealed class PERF006DoNotBlockOnTasksInAsyncCodeCodeFix() : DocumentFix(Rules.PERF006.Info, "Await instead of blocking")
{
    protected override void AddEdits(FixInput input, Diagnostic diagnostic, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        var root = input.Root;
        if (!diagnostic.Properties.TryGetValue(DiagnosticProperties.Shape, out var fix) ||
            root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not SimpleNameSyntax name)
        {
            return;
        }

        var configureAwait = diagnostic.Properties.ContainsKey(ConfigureAwaitFalseKey);
        SyntaxNode member = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : name;
        var invocation = member.Parent is InvocationExpressionSyntax call && call.Expression == member ? call : null;
        switch (fix)
        {
            case ShapeAwait when invocation is null && member is MemberAccessExpressionSyntax:
                // t.Result
                SetEdit(edits, member, current => Await(((MemberAccessExpressionSyntax)current).Expression, configureAwait, current));
                break;
            case ShapeAwait when invocation is not null && member is MemberAccessExpressionSyntax && name.Identifier.ValueText == "Wait":
                // t.Wait()
                SetEdit(edits, invocation, current => Await(Receiver((InvocationExpressionSyntax)current), configureAwait, current));
                break;
            case ShapeAwait when invocation is not null && member is MemberAccessExpressionSyntax { Expression: InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax } }:
                // t.GetAwaiter().GetResult()
                SetEdit(edits, invocation, current =>
                    Receiver((InvocationExpressionSyntax)current) is InvocationExpressionSyntax getAwaiter
                        ? Await(Receiver(getAwaiter), configureAwait, current)
                        : current);
                break;
            case ShapeSleep when invocation is not null:
                diagnostic.Properties.TryGetValue(TokenKey, out var token);
                SetEdit(edits, invocation, current => Await(Delay((InvocationExpressionSyntax)current, token), configureAwait, current));
                break;
            case ShapeWaitAll when invocation is not null:
                SetEdit(edits, invocation, current => Await(WhenAll((InvocationExpressionSyntax)current), configureAwait, current));
                break;
        }
    }

    /// <summary>The <c>x</c> of <c>x.M(...)</c>.</summary>
    private static ExpressionSyntax Receiver(InvocationExpressionSyntax invocation) =>
        invocation.Expression is MemberAccessExpressionSyntax access ? access.Expression : invocation.Expression;

    /// <summary>
    /// <c>await operand[.ConfigureAwait(false)]</c> in place of <paramref name="replaced"/>, parenthesized only where the
    /// parent binds tighter than a unary expression (<c>(await t).Length</c>, <c>(await t)[0]</c>, <c>(await t)!</c>).
    /// </summary>
    private static SyntaxNode Await(ExpressionSyntax operand, bool configureAwait, SyntaxNode replaced)
    {
        operand = operand.WithoutTrivia();
        if (!configureAwait && operand is ParenthesizedExpressionSyntax { Expression: AwaitExpressionSyntax inner })
        {
            operand = inner.WithoutTrivia(); // (await x).Result -> await await x
        }

        if (configureAwait && operand is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ConfigureAwait" } })
        {
            operand = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, operand, SyntaxFactory.IdentifierName("ConfigureAwait")),
                SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(SyntaxFactory.LiteralExpression(SyntaxKind.FalseLiteralExpression)))));
        }

        ExpressionSyntax result = SyntaxFactory.AwaitExpression(operand);
        if (NeedsParentheses(replaced))
        {
            result = SyntaxFactory.ParenthesizedExpression(result);
        }

        return result.WithTriviaFrom(replaced);
    }

    private static bool NeedsParentheses(SyntaxNode replaced) => replaced.Parent switch
    {
        MemberAccessExpressionSyntax access => access.Expression == replaced,
        ConditionalAccessExpressionSyntax conditional => conditional.Expression == replaced,
        ElementAccessExpressionSyntax element => element.Expression == replaced,
        InvocationExpressionSyntax invocation => invocation.Expression == replaced,
        PostfixUnaryExpressionSyntax => true,
        _ => false,
    };

    /// <summary><c>Thread.Sleep(x)</c> → <c>Task.Delay(x[, token])</c>, <c>Task</c> imported or qualified as needed.</summary>
    private static ExpressionSyntax Delay(InvocationExpressionSyntax sleep, string? token)
    {
        // By position: Sleep names its one parameter millisecondsTimeout or timeout, Delay millisecondsDelay or delay.
        var arguments = sleep.ArgumentList.Arguments.Select(a => a.WithoutTrivia().WithNameColon(null)).ToList();
        if (token is not null)
        {
            arguments.Add(SyntaxFactory.Argument(SyntaxFactory.IdentifierName(token)));
        }

        var task = SyntaxFactory.ParseName("System.Threading.Tasks.Task")
            .WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
        return SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, task, SyntaxFactory.IdentifierName("Delay")),
            SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(arguments)))
            .WithAdditionalAnnotations(Formatter.Annotation);
    }

    /// <summary><c>Task.WaitAll(a, b)</c> → <c>Task.WhenAll(a, b)</c>.</summary>
    private static ExpressionSyntax WhenAll(InvocationExpressionSyntax waitAll)
    {
        var whenAll = SyntaxFactory.IdentifierName("WhenAll");
        var expression = waitAll.Expression switch
        {
            MemberAccessExpressionSyntax access => access.WithName(whenAll.WithTriviaFrom(access.Name)),
            ExpressionSyntax other => (ExpressionSyntax)whenAll.WithTriviaFrom(other),
        };
        return waitAll.WithExpression(expression).WithoutTrivia();
    }
}
