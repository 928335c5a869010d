using System;
using System.Collections.Generic;
using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using PerfAnalyzers.CodeFixes.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Strings;

/// <summary>
/// PERF025 fix: <c>string.Join(sep, x.ToArray())</c> → <c>string.Join(sep, x)</c> (and <c>ToList()</c>,
/// <c>Enumerable.ToArray(x)</c>, <c>string.Concat</c> alike): the copy is dropped, the source passed as it is.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF025PassCollectionToStringJoinCodeFix)), Shared]
public sealed class PERF025PassCollectionToStringJoinCodeFix() : DocumentFix(Rules.PERF025.Info, "Pass the collection without copying it")
{
    protected override void AddEdits(FixInput input, Diagnostic diagnostic, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        if (input.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax
            {
                Expression: MemberAccessExpressionSyntax,
                Parent: ArgumentSyntax,
            } copy ||
            Source(copy) is null)
        {
            return;
        }

        edits.Add((copy, current => Source((InvocationExpressionSyntax)current) is { } source ? source.WithoutTrivia().WithTriviaFrom(current) : current));
    }

    /// <summary><c>x</c> of <c>x.ToArray()</c> or of <c>Enumerable.ToArray(x)</c>.</summary>
    private static ExpressionSyntax? Source(InvocationExpressionSyntax copy) => copy.ArgumentList.Arguments.Count switch
    {
        0 => ((MemberAccessExpressionSyntax)copy.Expression).Expression,
        1 => copy.ArgumentList.Arguments[0].Expression,
        _ => null,
    };
}
