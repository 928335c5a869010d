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
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Types;

namespace PerfAnalyzers.CodeFixes.Types;

/// <summary>
/// PERF010 fix: <c>new Random()</c> → <c>Random.Shared</c>; for a local, every use of it becomes <c>Random.Shared</c>
/// and its declaration goes.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF010UseRandomSharedCodeFix)), Shared]
public sealed class PERF010UseRandomSharedCodeFix() : DocumentFix(Rules.PERF010.Info, "Use Random.Shared")
{
    protected override bool NeedsSemanticModel => true;

    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        var root = input.Root;
        var model = input.Model!;
        var cancellationToken = input.CancellationToken;
        if (!diagnostic.Properties.TryGetValue(DiagnosticProperties.Shape, out var shape) ||
            root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not BaseObjectCreationExpressionSyntax creation)
        {
            return false;
        }

        if (shape == PERF010UseRandomSharedAnalyzer.ShapeExpression)
        {
            // (new Random()).Next() becomes Random.Shared.Next(): the parentheses were only for the creation.
            SyntaxNode replaced = creation;
            while (replaced.Parent is ParenthesizedExpressionSyntax parenthesized)
            {
                replaced = parenthesized;
            }

            editor.ReplaceNode(replaced, Shared().WithTriviaFrom(replaced));
            return true;
        }

        if (shape == PERF010UseRandomSharedAnalyzer.ShapeLocal &&
            creation.Parent is EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax declarator } &&
            declarator.Parent?.Parent is LocalDeclarationStatementSyntax statement &&
            model.GetDeclaredSymbol(declarator, cancellationToken) is ILocalSymbol local)
        {
            // In a multi-targeted project the legs without Random.Shared keep the old code behind #if: there only the
            // declaration changes ('var random = Random.Shared;'), so the guard holds that one statement, not a copy of
            // the whole method that inlining every use would need.
            if (diagnostic.Properties.TryGetValue(MultiTargeting.GuardKey, out var guard) && !string.IsNullOrEmpty(guard))
            {
                editor.ReplaceNode(creation, Shared().WithTriviaFrom(creation));
                return true;
            }

            return InlineLocal(editor, model, statement, local, _ => Shared(), cancellationToken);
        }

        return false;
    }

    /// <summary><c>global::System.Random.Shared</c>, reduced by the simplifier to what binds in place (usually <c>Random.Shared</c>).</summary>
    private static ExpressionSyntax Shared() =>
        SyntaxFactory.ParseExpression("global::System.Random.Shared")
            .WithAdditionalAnnotations(Simplifier.Annotation, Formatter.Annotation);
}
