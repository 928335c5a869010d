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
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
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
            if (Fold(input.Root, diagnostic) is not null)
            {
                return; // Edit folds the builder.
            }

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

    /// <summary>
    /// The builder goes too: <c>var sb = new StringBuilder(); loop; return sb.ToString();</c> becomes
    /// <c>return Convert.ToHexString(bytes);</c>. The declaration's and the loop's comments move above the statement that
    /// stays, their trailing comments on lines of their own.
    /// </summary>
    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        if (Fold(input.Root, diagnostic) is not { } fold || !diagnostic.Properties.TryGetValue(PERF023UseConvertToHexStringAnalyzer.CaseKey, out var kind) || kind is null)
        {
            return false;
        }

        var (declaration, loop, bytes, next, toString) = fold;
        var indentation = next.GetLeadingTrivia().LastOrDefault(t => t.IsKind(SyntaxKind.WhitespaceTrivia));
        var leading = new List<SyntaxTrivia>();
        foreach (var removed in new StatementSyntax[] { declaration, loop })
        {
            var before = removed.GetLeadingTrivia();
            leading.AddRange(before.Count > 0 && before[before.Count - 1].IsKind(SyntaxKind.WhitespaceTrivia) ? before.Take(before.Count - 1) : before);
            var endOfLine = removed.GetTrailingTrivia().FirstOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia));
            foreach (var comment in removed.DescendantTrivia().Where(t => t.IsKind(SyntaxKind.SingleLineCommentTrivia) || t.IsKind(SyntaxKind.MultiLineCommentTrivia)))
            {
                if (comment.SpanStart > removed.GetFirstToken().SpanStart)
                {
                    leading.Add(indentation.IsKind(SyntaxKind.WhitespaceTrivia) ? indentation : SyntaxFactory.Whitespace(string.Empty));
                    leading.Add(comment);
                    leading.Add(endOfLine.IsKind(SyntaxKind.EndOfLineTrivia) ? endOfLine : SyntaxFactory.ElasticCarriageReturnLineFeed);
                }
            }
        }

        leading.AddRange(next.GetLeadingTrivia());
        editor.ReplaceNode(toString, Hex(bytes, kind).WithTriviaFrom(toString));
        editor.ReplaceNode(next, (current, _) => current.WithLeadingTrivia(leading));
        editor.RemoveNode(declaration, SyntaxRemoveOptions.KeepNoTrivia);
        editor.RemoveNode(loop, SyntaxRemoveOptions.KeepNoTrivia);
        foreach (var constant in ConstLocals.ReadIn(input.Model!, loop, input.CancellationToken))
        {
            editor.ReplaceNode(constant, (current, _) => current.WithAdditionalAnnotations(ConstLocals.Annotation));
        }

        return true;
    }

    /// <summary>The statements a folded finding rewrites, or null when the diagnostic does not fold (or the code is not what the analyzer saw).</summary>
    private static (LocalDeclarationStatementSyntax Declaration, StatementSyntax Loop, ExpressionSyntax Bytes, StatementSyntax Next, InvocationExpressionSyntax Text)? Fold(SyntaxNode root, Diagnostic diagnostic)
    {
        if (!diagnostic.Properties.ContainsKey(PERF023UseConvertToHexStringAnalyzer.FoldKey) ||
            root.FindToken(diagnostic.Location.SourceSpan.Start).Parent is not StatementSyntax loop ||
            BytesAndBody(loop) is not ({ } bytes, _) ||
            LoopShape.Sibling(loop, -1) is not LocalDeclarationStatementSyntax { Declaration.Variables.Count: 1 } declaration ||
            LoopShape.Sibling(loop, 1) is not { } next)
        {
            return null;
        }

        var name = declaration.Declaration.Variables[0].Identifier.ValueText;
        foreach (var call in next.DescendantNodes().OfType<InvocationExpressionSyntax>())
        {
            if (call is { ArgumentList.Arguments.Count: 0, Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ToString", Expression: IdentifierNameSyntax builder } } &&
                builder.Identifier.ValueText == name)
            {
                return (declaration, loop, bytes, next, call);
            }
        }

        return null;
    }

    /// <summary>A const format local (<c>const string hex = "x2";</c>) read only by the replaced code goes with it (else CS0219).</summary>
    private static void MarkConstLocals(FixInput input, SyntaxNode replaced, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        foreach (var declaration in ConstLocals.ReadIn(input.Model!, replaced, input.CancellationToken))
        {
            SetEdit(edits, declaration, current => current.WithAdditionalAnnotations(ConstLocals.Annotation));
        }
    }

    protected override SyntaxNode? Complete(FixInput input, SyntaxNode fixedRoot) => ConstLocals.RemoveUnused(fixedRoot);

    private const string DiagnosticPropertiesShape = DiagnosticProperties.Shape;

    /// <summary>The statement that replaces the loop: its only statement, appending (or adding) the whole text.</summary>
    private static StatementSyntax? Loop(StatementSyntax loop, string kind)
    {
        var (bytes, body) = BytesAndBody(loop);
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
            // _ = sb.Append(...): the discard stays.
            AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression, Right: InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } append } discard => discard.WithRight(append
                .WithExpression(access.WithName(SyntaxFactory.IdentifierName("Append")))
                .WithArgumentList(SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(hex))))),
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

    /// <summary>The buffer (<c>foreach</c>'s collection, <c>X</c> of the <c>for</c>'s <c>X.Length</c>) and the body.</summary>
    private static (ExpressionSyntax? Bytes, StatementSyntax? Body) BytesAndBody(StatementSyntax loop) => loop switch
    {
        ForEachStatementSyntax each => (each.Expression, each.Statement),
        ForStatementSyntax { Condition: BinaryExpressionSyntax condition } each => (LengthOf(condition.Right) ?? LengthOf(condition.Left), each.Statement),
        _ => (null, null),
    };

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
        if (list.Count == arguments)
        {
            return ((MemberAccessExpressionSyntax)call.Expression).Expression;
        }

        // Enumerable.Select(selector: f, source: bytes): named arguments in any order.
        return list.Count == arguments + 1
            ? (list.FirstOrDefault(a => a.NameColon?.Name.Identifier.ValueText == "source") ?? (list[0].NameColon is null ? list[0] : null))?.Expression
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
