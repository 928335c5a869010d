using System;
using System.Collections.Generic;
using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Strings;

namespace PerfAnalyzers.CodeFixes.Strings;

/// <summary>
/// PERF021 fix: <c>sb.Append(x.ToString())</c> → <c>sb.Append(x)</c> (and <c>Insert</c> alike);
/// <c>sb.Append(x.ToString("F2"))</c> → <c>sb.Append($"{x:F2}")</c>; <c>sb.Append(x.ToString("F2", culture))</c> →
/// <c>sb.Append(culture, $"{x:F2}")</c>.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF021AppendPrimitivesWithoutToStringCodeFix)), Shared]
public sealed class PERF021AppendPrimitivesWithoutToStringCodeFix() : DocumentFix(Rules.PERF021.Info, "Append the value without ToString")
{
    protected override void AddEdits(FixInput input, Diagnostic diagnostic, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        if (input.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax
            {
                Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ToString" },
                Parent: ArgumentSyntax { Parent: ArgumentListSyntax { Parent: InvocationExpressionSyntax append } },
            } call)
        {
            return;
        }

        // The format forms write a const format's value into the hole: a const local read only there goes (else CS0219).
        if (DiagnosticProperties.ShapeOf(diagnostic) != PERF021AppendPrimitivesWithoutToStringAnalyzer.ShapeOverload && input.Model is { } model)
        {
            foreach (var declaration in ConstLocals.ReadIn(model, call, input.CancellationToken))
            {
                SetEdit(edits, declaration, current => current.WithAdditionalAnnotations(ConstLocals.Annotation));
            }
        }

        switch (DiagnosticProperties.ShapeOf(diagnostic))
        {
            case PERF021AppendPrimitivesWithoutToStringAnalyzer.ShapeOverload:
                edits.Add((call, current => Receiver((InvocationExpressionSyntax)current).WithTriviaFrom(current)));
                break;
            case PERF021AppendPrimitivesWithoutToStringAnalyzer.ShapeFormat:
                edits.Add((call, current => Interpolated((InvocationExpressionSyntax)current, diagnostic) is { } interpolated ? interpolated.WithTriviaFrom(current) : current));
                break;
            case PERF021AppendPrimitivesWithoutToStringAnalyzer.ShapeFormatProvider:
                edits.Add((append, current =>
                {
                    var outer = (InvocationExpressionSyntax)current;
                    if (outer.ArgumentList.Arguments is not { Count: 1 } arguments ||
                        arguments[0].Expression is not InvocationExpressionSyntax inner ||
                        Interpolated(inner, diagnostic) is not { } interpolated ||
                        Argument(inner, "provider", 1) is not { } provider)
                    {
                        return current;
                    }

                    return outer.WithArgumentList(outer.ArgumentList.WithArguments(SyntaxFactory.SeparatedList(new[]
                    {
                        SyntaxFactory.Argument(provider.WithoutTrivia()),
                        SyntaxFactory.Argument(interpolated),
                    })));
                }));
                break;
        }
    }

    protected override bool NeedsSemanticModel => true;

    protected override SyntaxNode? Complete(FixInput input, SyntaxNode fixedRoot) => ConstLocals.RemoveUnused(fixedRoot);

    /// <summary><c>x</c> of <c>x.ToString(...)</c>, without parentheses that only grouped it for the member access.</summary>
    private static ExpressionSyntax Receiver(InvocationExpressionSyntax call)
    {
        var receiver = ((MemberAccessExpressionSyntax)call.Expression).Expression;
        return (receiver is ParenthesizedExpressionSyntax parenthesized ? parenthesized.Expression : receiver).WithoutTrivia();
    }

    /// <summary><c>$"{x:F2}"</c> from <c>x.ToString("F2"[, provider])</c> (or a const format); the analyzer checked that the format fits a hole.</summary>
    private static InterpolatedStringExpressionSyntax? Interpolated(InvocationExpressionSyntax call, Diagnostic diagnostic)
    {
        // The analyzer's constant value of the format (a literal, a const field or a constant expression).
        if (!diagnostic.Properties.TryGetValue(PERF021AppendPrimitivesWithoutToStringAnalyzer.FormatKey, out var format) || format is null)
        {
            return null;
        }

        var writer = new InterpolatedStringWriter();
        writer.AppendHole(Receiver(call), 0, format);
        return writer.ToExpression();
    }

    /// <summary>The argument for the parameter <paramref name="name"/> at <paramref name="position"/>: by its name, else by position.</summary>
    private static ExpressionSyntax? Argument(InvocationExpressionSyntax call, string name, int position)
    {
        var arguments = call.ArgumentList.Arguments;
        foreach (var argument in arguments)
        {
            if (argument.NameColon?.Name.Identifier.ValueText == name)
            {
                return argument.Expression;
            }
        }

        return position < arguments.Count && arguments[position].NameColon is null ? arguments[position].Expression : null;
    }
}
