using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace PerfAnalyzers.CodeFixes.Infrastructure;

/// <summary>
/// A fix that replaces the only reads of a <c>const</c> local (<c>Task.FromResult(done)</c> → a cached field, a loop
/// formatting with a const <c>"x2"</c> → one call) would leave it unused: warning CS0219, an error under
/// TreatWarningsAsErrors. <see cref="ReadIn"/> finds the declarations of the const locals the replaced code reads; the
/// fix marks them with <see cref="Annotation"/>, and <see cref="RemoveUnused"/> removes those that nothing reads after
/// the rewrite (by name in their scope: a name still written anywhere there keeps the declaration).
/// </summary>
internal static class ConstLocals
{
    public static readonly SyntaxAnnotation Annotation = new("PerfAnalyzers.ConstLocal");

    /// <summary>
    /// The declarations (<c>const</c>, one declarator, a statement of a block or a switch section) of the const locals
    /// read inside <paramref name="replaced"/>, other than those inside it.
    /// </summary>
    public static IEnumerable<LocalDeclarationStatementSyntax> ReadIn(SemanticModel model, SyntaxNode replaced, CancellationToken cancellationToken)
    {
        var seen = new HashSet<LocalDeclarationStatementSyntax>();
        foreach (var name in replaced.DescendantNodesAndSelf().OfType<IdentifierNameSyntax>())
        {
            if (model.GetSymbolInfo(name, cancellationToken).Symbol is ILocalSymbol { IsConst: true } local &&
                local.DeclaringSyntaxReferences.Length == 1 &&
                local.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is VariableDeclaratorSyntax
                {
                    Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax statement },
                } &&
                statement.Parent is BlockSyntax or SwitchSectionSyntax &&
                statement.SyntaxTree == replaced.SyntaxTree && !replaced.FullSpan.Contains(statement.FullSpan) &&
                seen.Add(statement))
            {
                yield return statement;
            }
        }
    }

    /// <summary>Removes each marked declaration whose name no identifier of its scope reads any more.</summary>
    public static SyntaxNode RemoveUnused(SyntaxNode root)
    {
        var unused = new List<LocalDeclarationStatementSyntax>();
        foreach (var statement in root.GetAnnotatedNodes(Annotation).OfType<LocalDeclarationStatementSyntax>())
        {
            // A switch section's locals are in scope in the whole switch statement.
            var scope = statement.Parent is SwitchSectionSyntax section ? section.Parent : statement.Parent;
            if (scope is null || statement.Declaration.Variables.Count != 1)
            {
                continue;
            }

            var declared = statement.Declaration.Variables[0].Identifier.ValueText;
            if (!scope.DescendantNodes().OfType<IdentifierNameSyntax>().Any(n => n.Identifier.ValueText == declared))
            {
                unused.Add(statement);
            }
        }

        return unused.Count == 0 ? root : root.RemoveNodes(unused, SyntaxRemoveOptions.KeepNoTrivia) ?? root;
    }
}
