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
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Arrays;

/// <summary>
/// PERF011 fix: <c>var buffer = new T[N];</c> → <c>Span&lt;T&gt; buffer = stackalloc T[N];</c>, and each
/// <c>M(buffer, offset, count)</c> that has a span overload → <c>M(buffer.Slice(offset, count))</c>.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF011UseStackallocForSmallBuffersCodeFix)), Shared]
public sealed class PERF011UseStackallocForSmallBuffersCodeFix() : DocumentFix(Rules.PERF011.Info, "Use a stackalloc'ed span")
{
    protected override void AddEdits(FixInput input, Diagnostic diagnostic, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        var root = input.Root;
        if (root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not ArrayCreationExpressionSyntax { Type.RankSpecifiers.Count: 1 } creation ||
            creation.Parent is not EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax declaration } })
        {
            return;
        }

        var elementType = creation.Type.ElementType.WithoutTrivia();
        edits.Add((declaration.Type, current => SpanOf(elementType).WithTriviaFrom(current)));
        edits.Add((creation, current =>
        {
            var array = (ArrayCreationExpressionSyntax)current;
            return SyntaxFactory.StackAllocArrayCreationExpression(array.Type, array.Initializer).WithTriviaFrom(array)
                .WithAdditionalAnnotations(Formatter.Annotation);
        }));

        // The buffer's constant size (new byte[2]): a slice of that many elements from 0 is the whole buffer.
        var size = creation.Type.RankSpecifiers[0].Sizes[0] is LiteralExpressionSyntax { Token.Value: int literal } ? literal : (int?)null;
        // buffer.AsSpan() is the span itself, buffer.AsSpan(start[, length]) its Slice.
        diagnostic.Properties.TryGetValue(PERF011UseStackallocForSmallBuffersAnalyzer.AsSpansKey, out var asSpans);
        foreach (var position in (asSpans ?? "").Split(new[] { ',' }, StringSplitOptions.RemoveEmptyEntries))
        {
            if (int.TryParse(position, out var start) &&
                root.FindToken(start).Parent is IdentifierNameSyntax { Parent: MemberAccessExpressionSyntax { Parent: InvocationExpressionSyntax call } })
            {
                edits.Add((call, current =>
                {
                    var invocation = (InvocationExpressionSyntax)current;
                    var receiver = ((MemberAccessExpressionSyntax)invocation.Expression).Expression;
                    return invocation.ArgumentList.Arguments.Count == 0
                        ? receiver.WithTriviaFrom(invocation)
                        : invocation.WithExpression(((MemberAccessExpressionSyntax)invocation.Expression).WithName(SyntaxFactory.IdentifierName("Slice")));
                }));
            }
        }

        diagnostic.Properties.TryGetValue(PERF011UseStackallocForSmallBuffersAnalyzer.SlicesKey, out var slices);
        foreach (var position in (slices ?? "").Split(new[] { ',' }, StringSplitOptions.RemoveEmptyEntries))
        {
            if (int.TryParse(position, out var start) &&
                root.FindToken(start).Parent?.FirstAncestorOrSelf<ArgumentSyntax>() is { Parent: ArgumentListSyntax arguments } argument)
            {
                var index = arguments.Arguments.IndexOf(argument);
                if (index >= 0 && index + 2 < arguments.Arguments.Count)
                {
                    edits.Add((arguments, current => Slice((ArgumentListSyntax)current, index, size)));
                }
            }
        }
    }

    private static TypeSyntax SpanOf(TypeSyntax elementType) =>
        SyntaxFactory.QualifiedName(
                SyntaxFactory.AliasQualifiedName(SyntaxFactory.IdentifierName(SyntaxFactory.Token(SyntaxKind.GlobalKeyword)), SyntaxFactory.IdentifierName("System")),
                SyntaxFactory.GenericName(SyntaxFactory.Identifier("Span"), SyntaxFactory.TypeArgumentList(SyntaxFactory.SingletonSeparatedList(elementType))))
            .WithAdditionalAnnotations(Simplifier.Annotation);

    /// <summary>
    /// <c>(buffer, offset, count)</c> at <paramref name="index"/> → <c>(buffer.Slice(offset, count))</c>; the whole buffer
    /// (offset 0 and <c>buffer.Length</c> or its constant size) → <c>(buffer)</c>; <c>buffer.Length - offset</c> elements →
    /// <c>(buffer.Slice(offset))</c>.
    /// </summary>
    private static ArgumentListSyntax Slice(ArgumentListSyntax list, int index, int? size)
    {
        var arguments = list.Arguments;
        var buffer = arguments[index].Expression.WithoutTrivia();
        var offset = arguments[index + 1].Expression.WithoutTrivia();
        var count = arguments[index + 2].Expression.WithoutTrivia();
        bool IsLength(ExpressionSyntax e) =>
            e is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Length" } access && access.Expression.IsEquivalentTo(buffer) ||
            size is { } n && e is LiteralExpressionSyntax { Token.Value: int value } && value == n;
        var isZero = offset is LiteralExpressionSyntax { Token.Value: 0 };
        ExpressionSyntax slice;
        if (isZero && IsLength(count))
        {
            slice = buffer;
        }
        else if (count is BinaryExpressionSyntax { RawKind: (int)SyntaxKind.SubtractExpression } rest && IsLength(rest.Left) && rest.Right.IsEquivalentTo(offset))
        {
            slice = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, buffer, SyntaxFactory.IdentifierName("Slice")),
                SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(offset))));
        }
        else
        {
            slice = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, buffer, SyntaxFactory.IdentifierName("Slice")),
                SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(new[] { SyntaxFactory.Argument(offset), SyntaxFactory.Argument(count) })));
        }

        var kept = new List<ArgumentSyntax>();
        for (var i = 0; i < arguments.Count; i++)
        {
            if (i == index)
            {
                kept.Add(arguments[i].WithExpression(slice));
            }
            else if (i != index + 1 && i != index + 2)
            {
                kept.Add(arguments[i].WithoutLeadingTrivia());
            }
        }

        return list.WithArguments(SyntaxFactory.SeparatedList(kept)).WithAdditionalAnnotations(Formatter.Annotation);
    }
}
