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
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Strings;

namespace PerfAnalyzers.CodeFixes.Strings;

/// <summary>
/// PERF008 fix: <c>string.Format(format, args)</c> becomes <c>$"..."</c> (alignment and format strings carried over),
/// <c>string.Create(provider, $"...")</c>, <c>string.Concat(a, "/", b)</c>, or, inside <c>sb.Append(...)</c>,
/// <c>sb.Append($"...")</c> / <c>sb.AppendFormat(format, args)</c>. Each argument is evaluated once in the original
/// order (the analyzer offers no fix otherwise).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF008UseInterpolationInsteadOfStringFormatCodeFix)), Shared]
public sealed class PERF008UseInterpolationInsteadOfStringFormatCodeFix() : DocumentFix(Rules.PERF008.Info, "Replace string.Format with an interpolated string or string.Concat")
{
    protected override bool NeedsSemanticModel => true;

    protected override void AddEdits(FixInput input, Diagnostic diagnostic, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        if (!CanFix(input.Root, diagnostic) ||
            input.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax node ||
            input.Model!.GetOperation(node, input.CancellationToken) is not IInvocationOperation invocation ||
            FormatCall.Find(invocation, PERF008UseInterpolationInsteadOfStringFormatAnalyzer.Symbols.Resolve(input.Model.Compilation)) is not { Fixable: true } call)
        {
            return;
        }

        var target = call.Append?.Syntax ?? node;
        edits.Add((target, current => Rewrite((InvocationExpressionSyntax)current, call).WithTriviaFrom(current)));
    }

    /// <summary>The replacement for <paramref name="current"/> (the call, or the enclosing Append call), built from its current arguments.</summary>
    private static ExpressionSyntax Rewrite(InvocationExpressionSyntax current, FormatCall call)
    {
        switch (call.Form)
        {
            case FormatForm.AppendFormat:
            {
                var inner = (InvocationExpressionSyntax)current.ArgumentList.Arguments[0].Expression;
                return current.WithExpression(Rename(current.Expression, "AppendFormat")).WithArgumentList(inner.ArgumentList.WithoutTrivia());
            }

            case FormatForm.AppendInterpolation:
            {
                var inner = (InvocationExpressionSyntax)current.ArgumentList.Arguments[0].Expression;
                var interpolated = SyntaxFactory.Argument(Interpolated(inner, call));
                var arguments = call.Provider is null
                    ? SyntaxFactory.SingletonSeparatedList(interpolated)
                    : SyntaxFactory.SeparatedList(new[] { Positional(inner.ArgumentList.Arguments[call.ProviderSyntaxIndex]), interpolated });
                return current.WithArgumentList(current.ArgumentList.WithArguments(arguments));
            }

            case FormatForm.CreateWithProvider:
                return SyntaxFactory.InvocationExpression(
                    StringMember("Create"),
                    SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(new[]
                    {
                        Positional(current.ArgumentList.Arguments[call.ProviderSyntaxIndex]),
                        SyntaxFactory.Argument(Interpolated(current, call)),
                    })));

            case FormatForm.Concat:
                return Concat(current, call);

            default:
            {
                var interpolated = Interpolated(current, call);
                return interpolated.Contents.All(c => c is InterpolatedStringTextSyntax) ? Literal(Text(call)) : interpolated;
            }
        }
    }

    private static ExpressionSyntax Value(InvocationExpressionSyntax current, FormatCall call, int index) =>
        current.ArgumentList.Arguments[call.ValueSyntaxIndex(index)].Expression.WithoutTrivia();

    /// <summary>The argument without trivia and without its name (<c>provider: p</c> → <c>p</c>): it is passed by position.</summary>
    private static ArgumentSyntax Positional(ArgumentSyntax argument) => argument.WithNameColon(null).WithoutTrivia();

    private static InterpolatedStringExpressionSyntax Interpolated(InvocationExpressionSyntax current, FormatCall call)
    {
        var writer = new InterpolatedStringWriter();
        foreach (var part in call.Parts)
        {
            if (part.IsText)
            {
                writer.AppendText(part.Text!);
            }
            else
            {
                writer.AppendHole(Value(current, call, part.Index), part.Alignment, part.Format);
            }
        }

        return writer.ToExpression();
    }

    /// <summary><c>string.Concat(a, "/", b)</c>; one string piece alone is <c>(a ?? "")</c>, text alone a literal.</summary>
    private static ExpressionSyntax Concat(InvocationExpressionSyntax current, FormatCall call)
    {
        var pieces = call.Parts.Select(p => p.IsText ? Literal(p.Text!) : Value(current, call, p.Index)).ToList();
        switch (pieces.Count)
        {
            case 0:
                return Literal(string.Empty);
            case 1 when call.Parts[0].IsText:
                return pieces[0];
            case 1:
                return SyntaxFactory.ParenthesizedExpression(
                        SyntaxFactory.BinaryExpression(SyntaxKind.CoalesceExpression, Parenthesized(pieces[0]), Literal(string.Empty)))
                    .WithAdditionalAnnotations(Simplifier.Annotation);
            default:
                return SyntaxFactory.InvocationExpression(
                    StringMember("Concat"),
                    SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(pieces.Select(SyntaxFactory.Argument))));
        }
    }

    private static string Text(FormatCall call) => string.Concat(call.Parts.Where(p => p.IsText).Select(p => p.Text));

    private static LiteralExpressionSyntax Literal(string value) =>
        SyntaxFactory.LiteralExpression(SyntaxKind.StringLiteralExpression, SyntaxFactory.Literal(value));

    private static MemberAccessExpressionSyntax StringMember(string name) =>
        SyntaxFactory.MemberAccessExpression(
            SyntaxKind.SimpleMemberAccessExpression,
            SyntaxFactory.PredefinedType(SyntaxFactory.Token(SyntaxKind.StringKeyword)),
            SyntaxFactory.IdentifierName(name));

    private static ExpressionSyntax Rename(ExpressionSyntax expression, string name) => expression switch
    {
        MemberAccessExpressionSyntax access => access.WithName(SyntaxFactory.IdentifierName(name).WithTriviaFrom(access.Name)),
        MemberBindingExpressionSyntax binding => binding.WithName(SyntaxFactory.IdentifierName(name).WithTriviaFrom(binding.Name)),
        _ => throw new InvalidOperationException("Unexpected Append call shape: " + expression.Kind()),
    };

    private static ExpressionSyntax Parenthesized(ExpressionSyntax expression) =>
        expression is IdentifierNameSyntax or LiteralExpressionSyntax or ParenthesizedExpressionSyntax or InvocationExpressionSyntax or ElementAccessExpressionSyntax or
            MemberAccessExpressionSyntax or ThisExpressionSyntax or InterpolatedStringExpressionSyntax
            ? expression
            : SyntaxFactory.ParenthesizedExpression(expression).WithAdditionalAnnotations(Simplifier.Annotation);
}
