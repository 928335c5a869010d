using System.Composition;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using PerfAnalyzers.CodeFixes.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Types;

/// <summary>
/// PERF018 fix: every use of the local becomes <c>EqualityComparer&lt;T&gt;.Default</c> (the initializer as written) and
/// the declaration goes; the next statement takes over its leading trivia.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF018DoNotHoistEqualityComparerDefaultCodeFix)), Shared]
public sealed class PERF018DoNotHoistEqualityComparerDefaultCodeFix() : DocumentFix(Rules.PERF018.Info, "Call EqualityComparer<T>.Default directly")
{
    protected override bool NeedsSemanticModel => true;

    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        var model = input.Model!;
        if (input.Root.FindToken(diagnostic.Location.SourceSpan.Start).Parent is not VariableDeclaratorSyntax { Initializer.Value: { } initializer } declarator ||
            declarator.Parent?.Parent is not LocalDeclarationStatementSyntax statement ||
            model.GetDeclaredSymbol(declarator, input.CancellationToken) is not ILocalSymbol local)
        {
            return false;
        }

        var direct = initializer.WithoutTrivia();
        return InlineLocal(editor, model, statement, local, _ => direct, input.CancellationToken);
    }
}
