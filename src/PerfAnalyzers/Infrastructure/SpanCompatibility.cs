using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// Whether one use of an array would compile and mean the same if the array were a span instead: the question behind
/// every "this array could be a span" rule. Allowed: reading (or, when asked, writing) an element by index, reading
/// <c>Length</c>, an implicit conversion to <c>ReadOnlySpan&lt;T&gt;</c> (or <c>Span&lt;T&gt;</c> when writes are allowed),
/// and <c>foreach</c> outside async methods and iterators. Anything else (passing, storing, returning, capturing as an
/// array, <c>lock</c>, comparing, boxing, calling array members, refs to elements) is not.
/// </summary>
public static class SpanCompatibility
{
    /// <param name="use">The operation that reads the array (a local, field or property reference).</param>
    /// <param name="allowWrites">Element writes are fine (a <c>Span&lt;T&gt;</c>), or not (a <c>ReadOnlySpan&lt;T&gt;</c>).</param>
    /// <param name="readOnlySpanOfT">The <c>System.ReadOnlySpan`1</c> definition.</param>
    /// <param name="spanOfT">The <c>System.Span`1</c> definition.</param>
    /// <param name="containingSymbol">The member whose body contains the use.</param>
    /// <param name="types">The compilation's well-known types (<c>Expression`1</c>, resolved only where a lambda may be one).</param>
    public static bool IsSpanCompatibleUse(IOperation use, bool allowWrites, INamedTypeSymbol readOnlySpanOfT, INamedTypeSymbol? spanOfT, ISymbol? containingSymbol, WellKnownTypes types)
    {
        // The shape of the use first (it reads only the parent), then the function around it: a span cannot live in an
        // async method's or iterator's state, nor appear in an expression tree. Asked in this order, a use that no span
        // could take (most of them) is answered without looking at the containing function's body.
        return IsSpanShapedUse(use, allowWrites, readOnlySpanOfT, spanOfT, containingSymbol) &&
               !use.GetContainingFunction(containingSymbol).IsAsyncOrIterator() && !use.IsInsideExpressionTree(types);
    }

    private static bool IsSpanShapedUse(IOperation use, bool allowWrites, INamedTypeSymbol readOnlySpanOfT, INamedTypeSymbol? spanOfT, ISymbol? containingSymbol)
    {
        switch (use.Parent)
        {
            case IArrayElementReferenceOperation element when element.ArrayReference == use:
                return IsElementValueUse(element, containingSymbol) || allowWrites && IsElementWrite(element);
            case IPropertyReferenceOperation { Property.Name: "Length" } length when length.Instance == use:
                return true;
            case IConversionOperation conversion when conversion.Operand == use && IsArrayToSpanConversion(conversion, allowWrites, readOnlySpanOfT, spanOfT):
                return true;
            case IForEachLoopOperation loop when loop.Collection == use:
                return true;
            case IConversionOperation { IsImplicit: true, OperatorMethod: null, Parent: IForEachLoopOperation loop } conversion when loop.Collection == conversion:
                // foreach over an array may be bound through a conversion of the collection; over a span it uses the
                // span's enumerator, with the same elements in the same order.
                return true;
            default:
                return false;
        }
    }

    /// <summary>
    /// An implicit conversion of a one-dimensional array to <c>ReadOnlySpan&lt;T&gt;</c> (or <c>Span&lt;T&gt;</c> when writes
    /// are allowed). Before C# 14 it calls the span's user-defined <c>op_Implicit(T[])</c>; from C# 14 on it is a built-in
    /// span conversion with no operator method (first-class spans), which must be recognised the same way. A built-in
    /// conversion is accepted only between the same element type (C# 14 also converts <c>string[]</c> to
    /// <c>ReadOnlySpan&lt;object&gt;</c>, where a span of the array's own type would not be the same thing).
    /// </summary>
    public static bool IsArrayToSpanConversion(IConversionOperation conversion, bool allowWrites, INamedTypeSymbol readOnlySpanOfT, INamedTypeSymbol? spanOfT)
    {
        if (!conversion.IsImplicit || conversion.Type is not INamedTypeSymbol { TypeArguments.Length: 1 } target ||
            conversion.Operand.Type is not IArrayTypeSymbol { Rank: 1 } array ||
            !(SymbolEqualityComparer.Default.Equals(target.OriginalDefinition, readOnlySpanOfT) ||
              allowWrites && spanOfT is not null && SymbolEqualityComparer.Default.Equals(target.OriginalDefinition, spanOfT)))
        {
            return false;
        }

        return conversion.OperatorMethod is not null || SymbolEqualityComparer.Default.Equals(array.ElementType, target.TypeArguments[0]);
    }

    /// <summary>The element is read as a value: not written, not incremented, not taken by reference.</summary>
    private static bool IsElementValueUse(IArrayElementReferenceOperation element, ISymbol? containingSymbol) => element.Parent switch
    {
        ISimpleAssignmentOperation assignment when assignment.Target == element => false,
        ICompoundAssignmentOperation compound when compound.Target == element => false,
        ICoalesceAssignmentOperation coalesce when coalesce.Target == element => false,
        IIncrementOrDecrementOperation => false,
        IAddressOfOperation => false,
        IArgumentOperation { Parameter.RefKind: not RefKind.None } => false,
        IVariableInitializerOperation { Parent: IVariableDeclaratorOperation { Symbol.IsRef: true } } => false,
        IReturnOperation => element.GetContainingFunction(containingSymbol) is not ({ ReturnsByRef: true } or { ReturnsByRefReadonly: true }),
        _ => true,
    };

    private static bool IsElementWrite(IArrayElementReferenceOperation element) =>
        element.Parent is ISimpleAssignmentOperation assignment && assignment.Target == element ||
        element.Parent is ICompoundAssignmentOperation compound && compound.Target == element ||
        element.Parent is IIncrementOrDecrementOperation;

    /// <summary>
    /// Methods whose span overloads came with spans themselves (.NET Core 2.1, .NET Standard 2.1), by containing type and
    /// name: in a multi-targeted project every leg with spans has them, so every leg writes the same guarded fix. A span
    /// overload of any other method may be newer (<c>Console.Write(ReadOnlySpan&lt;char&gt;)</c> is .NET 10).
    /// </summary>
    private static readonly System.Collections.Generic.HashSet<string> SpanOverloadsSinceSpans = new(System.StringComparer.Ordinal)
    {
        "System.IO.Stream.Read", "System.IO.Stream.Write",
        "System.IO.TextReader.Read", "System.IO.TextWriter.Write", "System.IO.TextWriter.WriteLine",
        "System.IO.BinaryReader.Read", "System.IO.BinaryWriter.Write",
        "System.Text.Encoding.GetBytes", "System.Text.Encoding.GetChars", "System.Text.Encoding.GetString",
        "System.Text.Encoding.GetByteCount", "System.Text.Encoding.GetCharCount",
        "System.Text.StringBuilder.Append",
        "System.Random.NextBytes",
        "System.Security.Cryptography.RandomNumberGenerator.GetBytes",
        "System.Guid..ctor", "System.String..ctor",
        "System.Byte.Parse", "System.Byte.TryParse", "System.SByte.Parse", "System.SByte.TryParse",
        "System.Int16.Parse", "System.Int16.TryParse", "System.UInt16.Parse", "System.UInt16.TryParse",
        "System.Int32.Parse", "System.Int32.TryParse", "System.UInt32.Parse", "System.UInt32.TryParse",
        "System.Int64.Parse", "System.Int64.TryParse", "System.UInt64.Parse", "System.UInt64.TryParse",
        "System.Single.Parse", "System.Single.TryParse", "System.Double.Parse", "System.Double.TryParse",
        "System.Decimal.Parse", "System.Decimal.TryParse",
    };

    /// <summary>Namespace-qualified type names without C# keywords (<c>System.Int32</c>, not <c>int</c>).</summary>
    private static readonly SymbolDisplayFormat MetadataName = new(typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameAndContainingTypesAndNamespaces);

    /// <summary>Whether the span overload of <paramref name="method"/> (an array or string method that has one) is as old as spans.</summary>
    public static bool SpanOverloadIsAsOldAsSpans(IMethodSymbol method)
    {
        while (method.OverriddenMethod is { } overridden)
        {
            method = overridden;
        }

        var name = method.MethodKind == MethodKind.Constructor ? ".ctor" : method.Name;
        return SpanOverloadsSinceSpans.Contains(method.ContainingType.OriginalDefinition.ToDisplayString(MetadataName) + "." + name);
    }
}
