using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace PerfAnalyzers.Profiles;

/// <summary>
/// Which source member a finding belongs to, as a profile names it: the same folding <c>perfanalyzers profile</c> applies
/// to the compiler's generated code (a lambda, a local function, an async or iterator state machine counts as the
/// member it is written in). docs/profiles.md.
/// </summary>
public static class ProfileMembers
{
    /// <summary>The member that encloses <paramref name="position"/> in <paramref name="model"/>'s tree, lambdas and local functions folded.</summary>
    public static ISymbol? At(SemanticModel model, int position, CancellationToken cancellationToken) =>
        Owner(model.GetEnclosingSymbol(position, cancellationToken));

    /// <summary>The member itself, or the member a lambda or local function is written in.</summary>
    public static ISymbol? Owner(ISymbol? symbol)
    {
        while (symbol is IMethodSymbol { MethodKind: MethodKind.AnonymousFunction or MethodKind.LocalFunction })
        {
            symbol = symbol.ContainingSymbol;
        }

        return symbol;
    }

    /// <summary>
    /// The methods whose samples speak for <paramref name="member"/>: a method itself; for a field, property or event (code in its
    /// initializer) the static or the instance constructors; for a type every method it declares.
    /// </summary>
    public static IEnumerable<IMethodSymbol> Methods(ISymbol member)
    {
        switch (member)
        {
            case IMethodSymbol method:
                yield return method;
                break;
            case IFieldSymbol or IPropertySymbol or IEventSymbol when member.ContainingType is { } type:
                // The enclosing symbol of code in an initializer: it runs in the constructors.
                foreach (var constructor in member.IsStatic ? type.StaticConstructors : type.InstanceConstructors)
                {
                    yield return constructor;
                }

                break;
            case INamedTypeSymbol type:
                foreach (var typeMember in type.GetMembers())
                {
                    if (typeMember is IMethodSymbol typeMethod)
                    {
                        yield return typeMethod;
                    }
                }

                break;
        }
    }
}
