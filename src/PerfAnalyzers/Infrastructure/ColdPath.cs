using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// Code that runs once or only on failure, where a rule whose gain is an allocation or a few nanoseconds is noise:
/// a <c>throw</c> statement or expression, an argument of an exception's constructor, a <c>catch</c> block or filter, a
/// static constructor, a static field or property initializer. On three real libraries 24 of 36 PERF008 findings were
/// exception messages (docs/real-code.md). Option <c>perf_analyzers.cold_paths</c> (or
/// <c>perf_analyzers.PERFnnn.cold_paths</c>): <c>skip</c> (default) or <c>report</c>. Rules about blocking or
/// correctness (PERF006) do not ask.
/// </summary>
public static class ColdPath
{
    public static readonly EnumOption<Mode> Option = new(
        null,
        "cold_paths",
        Mode.Skip,
        "`skip` or `report`: findings in code that runs once or only on failure (`throw`, exception constructor arguments, `catch`, static constructors and initializers)");

    public enum Mode
    {
        Skip,
        Report,
    }

    /// <summary>Whether a finding at <paramref name="node"/> should be reported: not in cold code, or cold code asked for.</summary>
    public static bool Allows(AnalyzerOptions options, SyntaxNode node, SemanticModel? model, string ruleId, CancellationToken cancellationToken) =>
        !IsCold(node, model, cancellationToken) || Option.Read(options, node.SyntaxTree, ruleId) == Mode.Report;

    /// <summary>
    /// Whether <paramref name="node"/> lies in cold code. Walks the ancestors up to the enclosing member; the only
    /// semantic question (is this object an exception?) is asked of a creation the node is an argument of.
    /// </summary>
    public static bool IsCold(SyntaxNode node, SemanticModel? model, CancellationToken cancellationToken)
    {
        for (var current = node; current is not null; current = current.Parent)
        {
            switch (current)
            {
                case ThrowStatementSyntax or ThrowExpressionSyntax:
                case CatchClauseSyntax:
                    return true;
                case ArgumentListSyntax { Parent: BaseObjectCreationExpressionSyntax creation } when model is not null && IsException(model.GetTypeInfo(creation, cancellationToken).Type):
                    return true;
                case ConstructorDeclarationSyntax constructor:
                    return constructor.Modifiers.Any(SyntaxKind.StaticKeyword);
                case EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Parent: FieldDeclarationSyntax field } } }:
                    return field.Modifiers.Any(SyntaxKind.StaticKeyword) || field.Modifiers.Any(SyntaxKind.ConstKeyword);
                case EqualsValueClauseSyntax { Parent: PropertyDeclarationSyntax property }:
                    return property.Modifiers.Any(SyntaxKind.StaticKeyword);
                case AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax:
                    return false; // its body runs whenever it is called, not where it is written (a static field's lambda)
                case MemberDeclarationSyntax:
                    return false;
            }
        }

        return false;
    }

    private static bool IsException(ITypeSymbol? type)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (current is { Name: "Exception", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } })
            {
                return true;
            }
        }

        return false;
    }
}
