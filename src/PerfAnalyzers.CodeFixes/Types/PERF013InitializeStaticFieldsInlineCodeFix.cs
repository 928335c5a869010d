using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Types;

namespace PerfAnalyzers.CodeFixes.Types;

/// <summary>
/// PERF013 fix: each <c>Field = value;</c> of the static constructor becomes the field's initializer, then the
/// constructor goes. Offered only when the assignments are in the fields' declaration order (see the analyzer).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF013InitializeStaticFieldsInlineCodeFix)), Shared]
public sealed class PERF013InitializeStaticFieldsInlineCodeFix() : DocumentFix(Rules.PERF013.Info, "Initialize the static fields inline")
{
    protected override bool NeedsSemanticModel => true;

    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        var root = input.Root;
        var model = input.Model!;
        var cancellationToken = input.CancellationToken;
        if (!DiagnosticProperties.IsFixable(diagnostic) ||
            root.FindToken(diagnostic.Location.SourceSpan.Start).Parent is not ConstructorDeclarationSyntax constructor ||
            Assignments(constructor) is not { } expressions)
        {
            return false;
        }

        var edits = new System.Collections.Generic.List<(VariableDeclaratorSyntax Declarator, ExpressionSyntax Value)>();
        foreach (var expression in expressions)
        {
            if (expression is not AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression } assignment ||
                model.GetSymbolInfo(assignment.Left, cancellationToken).Symbol is not IFieldSymbol field ||
                field.DeclaringSyntaxReferences.Length != 1 ||
                field.DeclaringSyntaxReferences[0].SyntaxTree != root.SyntaxTree ||
                root.FindNode(field.DeclaringSyntaxReferences[0].Span) is not VariableDeclaratorSyntax { Initializer: null } declarator)
            {
                edits.Clear();
                break;
            }

            edits.Add((declarator, assignment.Right.WithoutTrivia()));
        }

        if (edits.Count == 0)
        {
            return false;
        }

        foreach (var (declarator, value) in edits)
        {
            var initializer = SyntaxFactory.EqualsValueClause(
                SyntaxFactory.Token(SyntaxKind.EqualsToken).WithLeadingTrivia(SyntaxFactory.Space).WithTrailingTrivia(SyntaxFactory.Space),
                value);
            editor.ReplaceNode(declarator, (current, _) => ((VariableDeclaratorSyntax)current)
                .WithIdentifier(((VariableDeclaratorSyntax)current).Identifier.WithoutTrivia())
                .WithInitializer(initializer.WithTrailingTrivia(((VariableDeclaratorSyntax)current).Identifier.TrailingTrivia))
                .WithAdditionalAnnotations(Formatter.Annotation));
        }

        editor.RemoveNode(constructor, SyntaxRemoveOptions.KeepNoTrivia);
        return true;
    }

    /// <summary>The constructor's statements as expressions (null when one is not an expression statement).</summary>
    private static System.Collections.Generic.List<ExpressionSyntax>? Assignments(ConstructorDeclarationSyntax constructor)
    {
        if (constructor.ExpressionBody is { } arrow)
        {
            return new System.Collections.Generic.List<ExpressionSyntax> { arrow.Expression };
        }

        var expressions = new System.Collections.Generic.List<ExpressionSyntax>();
        foreach (var statement in constructor.Body?.Statements ?? default)
        {
            if (statement is not ExpressionStatementSyntax { Expression: var expression })
            {
                return null;
            }

            expressions.Add(expression);
        }

        return expressions;
    }
}
