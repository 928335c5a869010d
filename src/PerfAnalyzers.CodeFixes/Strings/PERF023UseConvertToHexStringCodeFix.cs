using System;
using System.Collections.Generic;
using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Strings;

namespace PerfAnalyzers.CodeFixes.Strings;

/// <summary>
/// PERF023 fix: a loop appending each byte's hex digits becomes one <c>sb.Append(Convert.ToHexString(bytes));</c> (or
/// <c>s += Convert.ToHexString(bytes);</c>); <c>string.Concat(bytes.Select(b =&gt; b.ToString("X2")))</c> becomes
/// <c>Convert.ToHexString(bytes)</c>. Lowercase: <c>Convert.ToHexStringLower(bytes)</c> or
/// <c>Convert.ToHexString(bytes).ToLowerInvariant()</c>, as the analyzer said.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF023UseConvertToHexStringCodeFix)), Shared]
public sealed class PERF023UseConvertToHexStringCodeFix() : DocumentFix(Rules.PERF023.Info, "Use Convert.ToHexString")
{
    protected override void AddEdits(FixInput input, Diagnostic diagnostic, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        if (!diagnostic.Properties.TryGetValue(PERF023UseConvertToHexStringAnalyzer.CaseKey, out var kind) || kind is null)
        {
            return;
        }

        if (diagnostic.Properties.TryGetValue(DiagnosticPropertiesShape, out var shape) && shape == PERF023UseConvertToHexStringAnalyzer.ShapeLoop)
        {
            if (input.Root.FindToken(diagnostic.Location.SourceSpan.Start).Parent is StatementSyntax loop and (ForEachStatementSyntax or ForStatementSyntax) &&
                Loop(loop, kind) is not null)
            {
                edits.Add((loop, current => Loop((StatementSyntax)current, kind) ?? current));
                MarkConstLocals(input, loop, edits);
            }
        }
        else if (input.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is InvocationExpressionSyntax call && Concat(call, kind) is not null)
        {
            edits.Add((call, current => Concat((InvocationExpressionSyntax)current, kind) ?? current));
            MarkConstLocals(input, call, edits);
        }
    }

    protected override bool NeedsSemanticModel => true;

    /// <summary>A const format local (<c>const string hex = "x2";</c>) read only by the replaced code goes with it (else CS0219).</summary>
    private static void MarkConstLocals(FixInput input, SyntaxNode replaced, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        foreach (var declaration in ConstLocals.ReadIn(input.Model!, replaced, input.CancellationToken))
        {
            SetEdit(edits, declaration, current => current.WithAdditionalAnnotations(ConstLocals.Annotation));
        }
    }

    protected override SyntaxNode? Complete(FixInput input, SyntaxNode fixedRoot) => ConstLocals.RemoveUnused(fixedRoot);

    private const string DiagnosticPropertiesShape = PerfAnalyzers.Infrastructure.DiagnosticProperties.Shape;

    /// <summary>The statement that replaces the loop: its only statement, appending (or adding) the whole text.</summary>
    private static StatementSyntax? Loop(StatementSyntax loop, string kind)
    {
        var (bytes, body) = loop switch
        {
            ForEachStatementSyntax each => (each.Expression, each.Statement),
            ForStatementSyntax { Condition: BinaryExpressionSyntax condition } each => (LengthOf(condition.Right) ?? LengthOf(condition.Left), each.Statement),
            _ => (null, null),
        };
        if (body is BlockSyntax { Statements.Count: 1 } block)
        {
            body = block.Statements[0];
        }

        if (bytes is null || body is not ExpressionStatementSyntax statement)
        {
            return null;
        }

        var hex = Hex(bytes, kind);
        ExpressionSyntax? expression = statement.Expression switch
        {
            InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } append => append
                .WithExpression(access.WithName(SyntaxFactory.IdentifierName("Append")))
                .WithArgumentList(SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(hex)))),
            AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.AddAssignmentExpression } add => add.WithRight(hex),
            _ => null,
        };
        return expression is null
            ? null
            : statement.WithExpression(expression).WithoutTrivia().WithLeadingTrivia(loop.GetLeadingTrivia()).WithTrailingTrivia(loop.GetTrailingTrivia());
    }

    /// <summary><c>X</c> of <c>X.Length</c>.</summary>
    private static ExpressionSyntax? LengthOf(ExpressionSyntax bound) =>
        bound is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Length" } access ? access.Expression : null;

    /// <summary><c>Convert.ToHexString(bytes)</c> for <c>string.Concat(bytes.Select(...)[.ToArray()])</c> or <c>string.Join("", ...)</c>.</summary>
    private static ExpressionSyntax? Concat(InvocationExpressionSyntax call, string kind)
    {
        foreach (var argument in call.ArgumentList.Arguments)
        {
            var values = argument.Expression;
            if (values is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ToArray" } } toArray &&
                Receiver(toArray, 0) is { } copied)
            {
                values = copied;
            }

            if (values is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Select" } } select &&
                Receiver(select, 1) is { } bytes)
            {
                return Hex(bytes, kind).WithTriviaFrom(call);
            }
        }

        return null;
    }

    /// <summary><c>x</c> of <c>x.M(...)</c> (<paramref name="arguments"/> arguments) or of <c>Enumerable.M(x, ...)</c>.</summary>
    private static ExpressionSyntax? Receiver(InvocationExpressionSyntax call, int arguments)
    {
        var list = call.ArgumentList.Arguments;
        return list.Count == arguments ? ((MemberAccessExpressionSyntax)call.Expression).Expression
            : list.Count == arguments + 1 ? list[0].Expression
            : null;
    }

    /// <summary><c>Convert.ToHexString(bytes)</c>, <c>Convert.ToHexStringLower(bytes)</c> or <c>Convert.ToHexString(bytes).ToLowerInvariant()</c>.</summary>
    private static ExpressionSyntax Hex(ExpressionSyntax bytes, string kind)
    {
        ExpressionSyntax call = SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(
                SyntaxKind.SimpleMemberAccessExpression,
                SyntaxFactory.ParseName("global::System.Convert").WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation),
                SyntaxFactory.IdentifierName(kind == PERF023UseConvertToHexStringAnalyzer.Lower ? "ToHexStringLower" : "ToHexString")),
            SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(bytes.WithoutTrivia()))));
        if (kind == PERF023UseConvertToHexStringAnalyzer.LowerInvariant)
        {
            call = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, call, SyntaxFactory.IdentifierName("ToLowerInvariant")));
        }

        return call.WithAdditionalAnnotations(Formatter.Annotation);
    }
}
