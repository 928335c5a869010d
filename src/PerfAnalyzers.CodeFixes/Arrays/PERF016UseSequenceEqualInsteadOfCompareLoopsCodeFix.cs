using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Arrays;

/// <summary>
/// PERF016 fix: the length check, the comparison loop and the <c>return true;</c> after it become
/// <c>return a.AsSpan().SequenceEqual(b);</c> (<c>a.SequenceEqual(b)</c> for a span), adding <c>using System;</c> when
/// <c>MemoryExtensions</c> is not in scope.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF016UseSequenceEqualInsteadOfCompareLoopsCodeFix)), Shared]
public sealed class PERF016UseSequenceEqualInsteadOfCompareLoopsCodeFix() : DocumentFix(Rules.PERF016.Info, "Use SequenceEqual")
{
    protected override bool NeedsSemanticModel => true;

    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        // The flag-and-break form has the flag's declaration between the length check and the loop.
        var flagged = diagnostic.Properties.TryGetValue(PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer.FlagKey, out var flag) && flag == "true";
        if (input.Root.FindToken(diagnostic.Location.SourceSpan.Start).Parent is not ForStatementSyntax loop ||
            LoopShape.Sibling(loop, flagged ? -2 : -1) is not IfStatementSyntax lengthCheck ||
            (flagged && LoopShape.Sibling(loop, -1) is not LocalDeclarationStatementSyntax) ||
            LoopShape.Sibling(loop, 1) is not ReturnStatementSyntax equal ||
            (loop.Statement is BlockSyntax { Statements.Count: 1 } body ? body.Statements[0] : loop.Statement) is not IfStatementSyntax { Condition: BinaryExpressionSyntax { Left: ElementAccessExpressionSyntax first, Right: ElementAccessExpressionSyntax second } })
        {
            return false;
        }

        if (flagged)
        {
            editor.RemoveNode(LoopShape.Sibling(loop, -1)!, SyntaxRemoveOptions.KeepNoTrivia);
        }

        ExpressionSyntax receiver = first.Expression.WithoutTrivia();
        if (diagnostic.Properties.TryGetValue(PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer.ArrayKey, out var isArray) && isArray == "true")
        {
            receiver = SyntaxFactory.InvocationExpression(SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, SyntaxFactory.IdentifierName("AsSpan")));
            input.SystemImportAt = loop.SpanStart;
        }

        var call = SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, SyntaxFactory.IdentifierName("SequenceEqual")),
            SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(second.Expression.WithoutTrivia()))));
        input.SystemImportAt ??= loop.SpanStart;
        editor.ReplaceNode(lengthCheck, SyntaxFactory.ReturnStatement(call)
            .WithLeadingTrivia(lengthCheck.GetLeadingTrivia())
            .WithTrailingTrivia(equal.GetTrailingTrivia())
            .WithAdditionalAnnotations(Formatter.Annotation));
        editor.RemoveNode(loop, SyntaxRemoveOptions.KeepNoTrivia);
        editor.RemoveNode(equal, SyntaxRemoveOptions.KeepNoTrivia);
        return true;
    }
}
