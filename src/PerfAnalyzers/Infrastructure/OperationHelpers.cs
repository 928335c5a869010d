using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace PerfAnalyzers.Infrastructure;

/// <summary>Shared questions about operations, reused by every rule.</summary>
public static class OperationHelpers
{
    /// <summary>
    /// True inside a lambda that is converted to an expression tree (<c>Expression&lt;T&gt;</c>). <c>Expression&lt;T&gt;</c> is
    /// resolved only when a lambda's target type has its name (<see cref="WellKnownTypes.Is"/>).
    /// </summary>
    public static bool IsInsideExpressionTree(this IOperation operation, WellKnownTypes types)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation lambda)
            {
                var target = lambda.Parent switch
                {
                    IDelegateCreationOperation creation => creation.Type,
                    IConversionOperation conversion => conversion.Type,
                    _ => null,
                };
                if (types.Is(target, WellKnownTypes.ExpressionOfT))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>The innermost method, lambda or local function whose body contains the operation.</summary>
    public static IMethodSymbol? GetContainingFunction(this IOperation operation, ISymbol? containingSymbol)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            switch (current)
            {
                case IAnonymousFunctionOperation lambda:
                    return lambda.Symbol;
                case ILocalFunctionOperation local:
                    return local.Symbol;
            }
        }

        return containingSymbol as IMethodSymbol;
    }

    /// <summary>The operand of a compiler-inserted, non-user-defined conversion (<c>byte[]</c> to <c>Array</c>, <c>int</c> to <c>long</c>), else the operation.</summary>
    public static IOperation WithoutImplicitConversion(this IOperation operation) =>
        operation is IConversionOperation { IsImplicit: true, OperatorMethod: null } conversion ? conversion.Operand : operation;

    /// <summary>
    /// The value passed for the parameter at <paramref name="ordinal"/> (of the method as called: an extension method in
    /// its reduced form counts its receiver as 0), null when none is. <c>Arguments</c> lists named arguments as written
    /// (<c>M(b: 1, a: 2)</c> gives <c>b</c> first), so a rule reading "the second argument" must ask by parameter.
    /// </summary>
    public static IOperation? ArgumentFor(this IInvocationOperation call, int ordinal)
    {
        foreach (var argument in call.Arguments)
        {
            if (argument.Parameter?.Ordinal == ordinal)
            {
                return argument.Value;
            }
        }

        return null;
    }

    /// <summary>
    /// <c>OperationKind.CollectionExpression</c> where the hosting Roslyn has it (4.8+; the analyzers compile against 4.5,
    /// which predates C# 12's collection expressions).
    /// </summary>
    private static readonly OperationKind? CollectionExpressionKind =
        System.Enum.TryParse<OperationKind>("CollectionExpression", out var kind) ? kind : null;

    /// <summary>
    /// The elements of a collection written in place as an argument, one operation each: the expanded arguments of a
    /// <c>params</c> array or (C# 13, e.g. .NET 9's <c>Task.WhenAll(params ReadOnlySpan&lt;Task&gt;)</c>) collection, an
    /// array creation with an initializer, or a collection expression <c>[a, b]</c>. Default when the argument is not one.
    /// </summary>
    public static System.Collections.Immutable.ImmutableArray<IOperation> InlineElements(this IArgumentOperation argument)
    {
        var value = argument.Value;
        while (value is IConversionOperation { IsImplicit: true } conversion)
        {
            value = conversion.Operand;
        }

        if (value is IArrayCreationOperation { Initializer: { } initializer })
        {
            return initializer.ElementValues;
        }

        return CollectionExpressionKind is { } collection && value.Kind == collection
            ? System.Collections.Immutable.ImmutableArray.CreateRange(value.ChildOperations)
            : default;
    }

    /// <summary>The outermost operation of the body (the root of the operation tree).</summary>
    public static IOperation GetRoot(this IOperation operation)
    {
        var current = operation;
        while (current.Parent is not null)
        {
            current = current.Parent;
        }

        return current;
    }

    /// <summary>The statement (a child of a block, or the root) that contains the operation.</summary>
    public static IOperation GetContainingStatement(this IOperation operation)
    {
        var current = operation;
        while (current.Parent is not null and not IBlockOperation)
        {
            current = current.Parent;
        }

        return current;
    }

    /// <summary>
    /// Reading it twice or moving it has no observable effect: a constant, a local, a parameter, <c>this</c>, or a
    /// field of one of those.
    /// </summary>
    public static bool IsSideEffectFree(this IOperation operation)
    {
        switch (operation)
        {
            case { ConstantValue.HasValue: true }:
            case ILocalReferenceOperation:
            case IParameterReferenceOperation:
            case IInstanceReferenceOperation:
                return true;
            case IFieldReferenceOperation field:
                return field.Instance is null || field.Instance.IsSideEffectFree();
            case IConversionOperation { IsImplicit: true, OperatorMethod: null } conversion:
                return conversion.Operand.IsSideEffectFree();
            default:
                return false;
        }
    }

    /// <summary>True when the operation or anything below it awaits.</summary>
    public static bool ContainsAwait(this IOperation operation)
    {
        foreach (var descendant in operation.DescendantsAndSelf())
        {
            if (descendant is IAwaitOperation)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Async, or an iterator: span-typed values may not live across its suspension points.</summary>
    private static bool CanBeIterator(ITypeSymbol type) =>
        type.SpecialType is SpecialType.System_Collections_IEnumerable or SpecialType.System_Collections_IEnumerator or
            SpecialType.System_Collections_Generic_IEnumerable_T or SpecialType.System_Collections_Generic_IEnumerator_T ||
        type.OriginalDefinition.SpecialType is SpecialType.System_Collections_Generic_IEnumerable_T or SpecialType.System_Collections_Generic_IEnumerator_T ||
        type.Name is "IAsyncEnumerable" or "IAsyncEnumerator";

    /// <summary>
    /// The node's text for a diagnostic message: on one line (every run of whitespace, line breaks included, one space) and
    /// at most <paramref name="max"/> characters (an initializer spread over lines made a message of several lines).
    /// </summary>
    public static string OneLine(this SyntaxNode node, int max = 80)
    {
        var text = new System.Text.StringBuilder();
        var space = false;
        foreach (var c in node.ToString())
        {
            if (char.IsWhiteSpace(c))
            {
                space = text.Length > 0;
                continue;
            }

            if (space)
            {
                text.Append(' ');
                space = false;
            }

            text.Append(c);
        }

        return text.Length <= max ? text.ToString() : text.ToString(0, max - 1) + "…";
    }

    /// <summary>
    /// Whether two operations read the same storage: the same local, parameter, static field, or field of the same
    /// storage (recursively) or of <c>this</c>.
    /// </summary>
    public static bool SameStorage(IOperation a, IOperation b) => (a, b) switch
    {
        (ILocalReferenceOperation x, ILocalReferenceOperation y) => SymbolEqualityComparer.Default.Equals(x.Local, y.Local),
        (IParameterReferenceOperation x, IParameterReferenceOperation y) => SymbolEqualityComparer.Default.Equals(x.Parameter, y.Parameter),
        (IFieldReferenceOperation x, IFieldReferenceOperation y) => SymbolEqualityComparer.Default.Equals(x.Field, y.Field) &&
                                                                    (x.Instance is null ? y.Instance is null : y.Instance is not null && SameStorage(x.Instance, y.Instance)),
        (IInstanceReferenceOperation, IInstanceReferenceOperation) => true,
        _ => false,
    };

    /// <summary>The name of the called member: <c>M</c> in <c>M(x)</c>, <c>a.M(x)</c> or <c>a.M&lt;T&gt;(x)</c>; null for a delegate call on an expression.</summary>
    public static SimpleNameSyntax? CalledName(this InvocationExpressionSyntax invocation) => invocation.Expression switch
    {
        MemberAccessExpressionSyntax access => access.Name,
        SimpleNameSyntax simple => simple,
        _ => null,
    };

    /// <summary>Whether <paramref name="local"/> is read or written anywhere in <paramref name="operation"/> (itself included).</summary>
    public static bool References(this IOperation operation, ILocalSymbol local)
    {
        foreach (var descendant in operation.DescendantsAndSelf())
        {
            if (descendant is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The innermost lambda or local function around the operation, or null for the member's own body (a span or ref local cannot cross it).</summary>
    public static IOperation? EnclosingFunction(this IOperation operation)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                return current;
            }
        }

        return null;
    }

    public static bool IsAsyncOrIterator(this IMethodSymbol? method) =>
        method is not null && (method.IsAsync || method.IsIterator());

    private static bool IsIterator(this IMethodSymbol method)
    {
        // Only a method returning IEnumerable/IEnumerator (generic or not) or IAsyncEnumerable/IAsyncEnumerator can be an
        // iterator: any other is answered without reading its body. Callers ask once per use of an array, so walking a
        // long method's syntax every time cost PERF011 18% and PERF012 8% of the compiler's time on real libraries.
        if (!CanBeIterator(method.ReturnType))
        {
            return false;
        }

        foreach (var reference in method.DeclaringSyntaxReferences)
        {
            foreach (var node in reference.GetSyntax().DescendantNodes())
            {
                if (node.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.YieldReturnStatement) ||
                    node.IsKind(Microsoft.CodeAnalysis.CSharp.SyntaxKind.YieldBreakStatement))
                {
                    return true;
                }
            }
        }

        return false;
    }
}
