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
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Strings;

namespace PerfAnalyzers.CodeFixes.Strings;

/// <summary>
/// PERF002 fix: the builder's <c>ToString()</c> becomes <c>string.Concat(a, b)</c> (all pieces strings), an
/// interpolated string <c>$"{a}{b}"</c> (.NET 6+ and C# 10+), or <c>string.Concat(a, b.ToString())</c>; the local's
/// declaration and append statements go. Each piece is evaluated once, in the same order, and non-string pieces are
/// formatted with the current culture as <c>Append</c> formats them.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF002AvoidStringBuilderForFewPiecesCodeFix)), Shared]
public sealed class PERF002AvoidStringBuilderForFewPiecesCodeFix() : DocumentFix(Rules.PERF002.Info, "Build the string without a StringBuilder")
{
    protected override async Task<Document?> FixDocumentAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null || WellKnownTypes.For(model.Compilation).Get(WellKnownTypes.StringBuilder) is not { } stringBuilder)
        {
            return null;
        }

        var hasHandlers = WellKnownTypes.For(model.Compilation).Get(WellKnownTypes.DefaultInterpolatedStringHandler) is not null;
        var languageVersion = ((CSharpParseOptions)root.SyntaxTree.Options).LanguageVersion;
        var editor = new SyntaxEditor(root, document.Project.Solution.Workspace.Services);
        var taken = new List<TextSpan>();
        foreach (var diagnostic in diagnostics.OrderBy(d => d.Location.SourceSpan.Start))
        {
            if (!CanFix(root, diagnostic) ||
                root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not BaseObjectCreationExpressionSyntax node ||
                model.GetOperation(node, cancellationToken) is not IObjectCreationOperation creation ||
                BuilderUse.Find(creation, stringBuilder, int.MaxValue, cancellationToken) is not { Fixable: true } use)
            {
                continue;
            }

            // A builder inside another one's pieces (or around it) is left for a second pass.
            var spans = use.RemovedStatements.Select(s => StatementNode(s.Syntax).Span).Append(use.ToStringCall.Syntax.Span).ToList();
            if (spans.Any(s => taken.Any(t => t.IntersectsWith(s))))
            {
                continue;
            }

            taken.AddRange(spans);
            var handlers = hasHandlers && !(diagnostic.Properties.TryGetValue(BuilderUse.HandlersKey, out var legs) && legs == "false");
            var form = use.ChooseForm(handlers, languageVersion);
            var replacement = form == ReplacementForm.Interpolation ? Interpolated(use.Pieces) : Concat(use.Pieces, form == ReplacementForm.ConcatWithToString);
            editor.ReplaceNode(use.ToStringCall.Syntax, replacement.WithTriviaFrom(use.ToStringCall.Syntax));
            RemoveStatements(editor, use);
        }

        if (taken.Count == 0)
        {
            return null;
        }

        return await CleanupAsync(document.WithSyntaxRoot(editor.GetChangedRoot()), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Removes the declaration and the append statements; the statement that reads the builder takes over the
    /// declaration's leading trivia and any comments above the removed appends.
    /// </summary>
    private static void RemoveStatements(SyntaxEditor editor, BuilderUse use)
    {
        if (use.RemovedStatements.Count == 0)
        {
            return;
        }

        var leading = StatementNode(use.RemovedStatements[0].Syntax).GetLeadingTrivia().ToList();
        foreach (var statement in use.RemovedStatements.Skip(1))
        {
            var trivia = StatementNode(statement.Syntax).GetLeadingTrivia();
            if (trivia.Any(t => t.IsKind(SyntaxKind.SingleLineCommentTrivia) || t.IsKind(SyntaxKind.MultiLineCommentTrivia)))
            {
                leading.AddRange(trivia.SkipWhile(t => t.IsKind(SyntaxKind.EndOfLineTrivia)));
            }
        }

        var reader = StatementNode(use.ToStringCall.Syntax.FirstAncestorOrSelf<StatementSyntax>()!);
        editor.ReplaceNode(reader, (current, _) => current.WithLeadingTrivia(leading).WithAdditionalAnnotations(Formatter.Annotation));
        foreach (var statement in use.RemovedStatements)
        {
            editor.RemoveNode(StatementNode(statement.Syntax), SyntaxRemoveOptions.KeepUnbalancedDirectives);
        }
    }

    /// <summary>The statement as a child of its block, or the global statement around it in top-level code.</summary>
    private static SyntaxNode StatementNode(SyntaxNode statement) => statement.Parent is GlobalStatementSyntax global ? global : statement;

    /// <summary><c>string.Concat(a, b, ...)</c>; with <paramref name="format"/>, non-string pieces call <c>ToString()</c>.</summary>
    private static ExpressionSyntax Concat(IReadOnlyList<Piece> pieces, bool format)
    {
        var arguments = new List<ArgumentSyntax>();
        foreach (var piece in pieces)
        {
            ExpressionSyntax argument;
            if (piece.IsNewLine)
            {
                argument = NewLine();
            }
            else if (piece.IsString)
            {
                argument = piece.Expression!.WithoutTrivia();
            }
            else if (!format)
            {
                // Only reached through a conversion to string: keep it explicit.
                argument = Cast(piece);
            }
            else if (piece.Value is { Type.SpecialType: SpecialType.System_Char, ConstantValue: { HasValue: true, Value: char c } })
            {
                argument = SyntaxFactory.LiteralExpression(SyntaxKind.StringLiteralExpression, SyntaxFactory.Literal(c.ToString()));
            }
            else if (piece.ParameterType!.SpecialType == SpecialType.System_String)
            {
                argument = Cast(piece);
            }
            else
            {
                argument = SyntaxFactory.InvocationExpression(
                    SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, Parenthesized(Cast(piece)), SyntaxFactory.IdentifierName("ToString")));
            }

            arguments.Add(SyntaxFactory.Argument(argument));
        }

        return SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(
                SyntaxKind.SimpleMemberAccessExpression,
                SyntaxFactory.PredefinedType(SyntaxFactory.Token(SyntaxKind.StringKeyword)),
                SyntaxFactory.IdentifierName("Concat")),
            SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(arguments)));
    }

    /// <summary><c>$"..."</c>: literal pieces become text, the others holes, in order.</summary>
    private static ExpressionSyntax Interpolated(IReadOnlyList<Piece> pieces)
    {
        var writer = new InterpolatedStringWriter();
        foreach (var piece in pieces)
        {
            if (piece.Expression is LiteralExpressionSyntax && piece.Value?.ConstantValue is { HasValue: true, Value: string or char } constant && !piece.NeedsCast)
            {
                writer.AppendText(constant.Value is char c ? c.ToString() : (string)constant.Value);
                continue;
            }

            writer.AppendHole(piece.IsNewLine ? NewLine() : Cast(piece));
        }

        return writer.ToExpression();
    }

    /// <summary>The piece as the Append overload saw it: converted values keep the conversion, written as a cast.</summary>
    private static ExpressionSyntax Cast(Piece piece)
    {
        var expression = piece.Expression!.WithoutTrivia();
        return piece.NeedsCast
            ? SyntaxFactory.CastExpression(SyntaxFactory.ParseTypeName(piece.ParameterType!.WithNullableAnnotation(NullableAnnotation.None).ToDisplayString()), Parenthesized(expression))
            : expression;
    }

    private static ExpressionSyntax Parenthesized(ExpressionSyntax expression) =>
        expression is IdentifierNameSyntax or LiteralExpressionSyntax or ParenthesizedExpressionSyntax or InvocationExpressionSyntax or ElementAccessExpressionSyntax or
            MemberAccessExpressionSyntax { Expression: IdentifierNameSyntax or ThisExpressionSyntax or MemberAccessExpressionSyntax or PredefinedTypeSyntax }
            ? expression
            : SyntaxFactory.ParenthesizedExpression(expression).WithAdditionalAnnotations(Simplifier.Annotation);

    /// <summary><c>Environment.NewLine</c>, with <c>using System;</c> added when needed.</summary>
    private static ExpressionSyntax NewLine() =>
        SyntaxFactory.MemberAccessExpression(
            SyntaxKind.SimpleMemberAccessExpression,
            SyntaxFactory.ParseName("global::System.Environment").WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation),
            SyntaxFactory.IdentifierName("NewLine"));
}
