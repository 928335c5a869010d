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
using PerfAnalyzers.Async;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Async;

/// <summary>
/// PERF026 fix: the <c>if (await Task.WhenAny(t, Task.Delay(d)) != t) throw ...;</c> statement becomes
/// <c>await t.WaitAsync(d)</c> in the next statement, whose whole value must be <c>await t</c>
/// (<c>return await t;</c> → <c>return await t.WaitAsync(d);</c>; a comment before it keeps it apart: <c>await t.WaitAsync(d);</c>). Another exception or message than <c>new TimeoutException()</c> is kept:
/// <c>try { await t.WaitAsync(d); } catch (TimeoutException) when (!t.IsFaulted) { throw ...; }</c> (the filter lets a
/// TimeoutException of <c>t</c> itself through, as the original's <c>await t</c> did). The <c>== t</c> form keeps its
/// then-branch after the wait; without <c>else</c>, the <c>throw</c> after the <c>if</c> goes with it; a local that kept the <c>WhenAny</c>'s result goes too. Not offered for a delay with a token, a <c>t.Result</c> follow-up or code between the wait and the await (the analyzer says why).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF026UseWaitAsyncForTimeoutsCodeFix)), Shared]
public sealed class PERF026UseWaitAsyncForTimeoutsCodeFix() : DocumentFix(Rules.PERF026.Info, "Use WaitAsync")
{
    protected override bool NeedsSemanticModel => true;

    protected override bool CanFix(SyntaxNode root, Diagnostic diagnostic) => DiagnosticProperties.IsFixable(diagnostic);

    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        if (input.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax whenAny ||
            PERF026UseWaitAsyncForTimeoutsModel.Match(whenAny) is not { FollowUpIsResult: false, FollowUpIsFirst: true } shape ||
            shape.Delay.ArgumentList.Arguments.Count != 1)
        {
            return false;
        }

        // t.WaitAsync(d), d converted to a TimeSpan when the delay took milliseconds; ConfigureAwait as the WhenAny had it
        // (the code after the wait resumed where the WhenAny's await resumed: awaiting t then completed at once).
        var delay = shape.Delay.ArgumentList.Arguments[0].Expression;
        ExpressionSyntax timeout = delay.WithoutTrivia();
        if (input.Model!.GetTypeInfo(delay, input.CancellationToken).Type?.SpecialType == SpecialType.System_Int32)
        {
            timeout = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, DocumentFix.TypeExpression("global::System.TimeSpan"), SyntaxFactory.IdentifierName("FromMilliseconds")),
                SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(timeout))));
        }

        var task = SyntaxFactory.IdentifierName(shape.TaskArgument.Identifier.ValueText);
        ExpressionSyntax wait = SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, task, SyntaxFactory.IdentifierName("WaitAsync")),
            SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(timeout))));
        if (shape.ConfigureAwait is { } configure)
        {
            wait = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, wait, SyntaxFactory.IdentifierName("ConfigureAwait")),
                SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(configure.WithoutTrivia()))));
        }

        var awaitWait = SyntaxFactory.AwaitExpression(wait);
        var plain = DiagnosticProperties.ShapeOf(diagnostic) == PERF026UseWaitAsyncForTimeoutsAnalyzer.ShapeAwait;
        var statements = new List<StatementSyntax>();
        var continuation = shape.IsEqualsForm ? shape.Continuation : System.Array.Empty<StatementSyntax>();
        if (plain && shape.MergeStatement is { } merged)
        {
            // return await t; → return await t.WaitAsync(d);
            var rewritten = merged.ReplaceNode(shape.FollowUp, awaitWait.WithTriviaFrom(shape.FollowUp));
            if (shape.IsEqualsForm)
            {
                statements.Add(rewritten);
                statements.AddRange(continuation.Skip(1));
            }
            else
            {
                // The if goes; the statement after it takes its place and its leading trivia (comments, indentation).
                RemoveDeclaration(editor, shape);
                editor.RemoveNode(shape.If, SyntaxRemoveOptions.KeepNoTrivia);
                editor.ReplaceNode(merged, rewritten.WithLeadingTrivia(shape.LeadingTrivia).WithAdditionalAnnotations(Formatter.Annotation));
                return true;
            }
        }
        else
        {
            StatementSyntax waitStatement = SyntaxFactory.ExpressionStatement(awaitWait);
            if (!plain)
            {
                // catch (TimeoutException) when (!t.IsFaulted): only the timeout of WaitAsync maps to the original exception.
                waitStatement = SyntaxFactory.TryStatement(
                    SyntaxFactory.Block(waitStatement),
                    SyntaxFactory.SingletonList(SyntaxFactory.CatchClause(
                        SyntaxFactory.CatchDeclaration(SyntaxFactory.ParseTypeName("global::System.TimeoutException").WithAdditionalAnnotations(Simplifier.Annotation)),
                        SyntaxFactory.CatchFilterClause(SyntaxFactory.PrefixUnaryExpression(
                            SyntaxKind.LogicalNotExpression,
                            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, task, SyntaxFactory.IdentifierName("IsFaulted")))),
                        SyntaxFactory.Block(shape.Throw.WithoutLeadingTrivia()))),
                    @finally: null);
            }

            statements.Add(waitStatement);
            statements.AddRange(continuation);
        }

        if (shape.TrailingThrow is { } trailing)
        {
            // Reached only on timeout, which WaitAsync (or the catch) now throws: it would be unreachable code (CS0162).
            editor.RemoveNode(trailing, SyntaxRemoveOptions.KeepNoTrivia);
        }

        RemoveDeclaration(editor, shape);
        var annotated = statements.Select((s, i) => (i == 0 ? s.WithLeadingTrivia(shape.LeadingTrivia) : s).WithAdditionalAnnotations(Formatter.Annotation)).ToList();
        annotated[annotated.Count - 1] = annotated[annotated.Count - 1].WithTrailingTrivia(shape.If.GetTrailingTrivia());
        if (annotated.Count == 1)
        {
            editor.ReplaceNode(shape.If, annotated[0]);
        }
        else
        {
            editor.InsertBefore(shape.If, annotated);
            editor.RemoveNode(shape.If, SyntaxRemoveOptions.KeepNoTrivia);
        }

        return true;
    }

    /// <summary>The local that kept the WhenAny's result goes with the if that read it (its trivia starts the fix's first statement).</summary>
    private static void RemoveDeclaration(SyntaxEditor editor, PERF026UseWaitAsyncForTimeoutsModel shape)
    {
        if (shape.Declaration is { } declaration)
        {
            editor.RemoveNode(declaration, SyntaxRemoveOptions.KeepNoTrivia);
        }
    }
}
