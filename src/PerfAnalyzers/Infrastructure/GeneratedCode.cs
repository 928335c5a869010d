using Microsoft.CodeAnalysis;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// Generated code for the few actions Roslyn does not keep out of it by itself (see <see cref="PerfAnalyzer"/>): a
/// per-file scan runs over every type of a hand-written file, including one marked <c>[GeneratedCode]</c>.
/// </summary>
public static class GeneratedCode
{
    /// <summary>Whether <paramref name="symbol"/> or a symbol containing it is marked <c>[GeneratedCode]</c>.</summary>
    public static bool IsMarked(ISymbol? symbol)
    {
        for (var current = symbol; current is not null and not INamespaceSymbol; current = current.ContainingSymbol)
        {
            foreach (var attribute in current.GetAttributes())
            {
                if (attribute.AttributeClass is { Name: "GeneratedCodeAttribute", ContainingNamespace: { Name: "Compiler", ContainingNamespace: { Name: "CodeDom", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } } })
                {
                    return true;
                }
            }
        }

        return false;
    }
}
