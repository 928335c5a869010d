using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Strings;

/// <summary>
/// PERF023: whether the whole builder becomes the call (the catalog's "when it held nothing else"):
/// <c>var sb = new StringBuilder(n); foreach (var b in data) sb.Append(b.ToString("x2")); return sb.ToString();</c> →
/// <c>return Convert.ToHexStringLower(data);</c>. Read only for a loop the rule reports.
/// </summary>
internal static class PERF023Fold
{
    /// <summary>
    /// The builder is a local declared by the statement right before the loop (alone in its declaration, a
    /// <c>new StringBuilder()</c> or <c>new StringBuilder(capacity)</c> whose capacity reads nothing that can change or
    /// run code), read only by the loop's append and by one <c>ToString()</c> in the statement right after the loop,
    /// which returns it, stores it in a local, a parameter or a field of <c>this</c>, or passes it to a call whose other
    /// operands have no side effects: then nothing runs between the loop and the <c>ToString()</c> that could tell.
    /// </summary>
    public static bool Applies(HexLoop loop, HexSymbols symbols)
    {
        var append = loop.Statement is ISimpleAssignmentOperation { Target: IDiscardOperation, Value: var discarded } ? discarded : loop.Statement;
        if (append is not IInvocationOperation { Instance: ILocalReferenceOperation { Local: var builder } } ||
            loop.Loop.Parent is not IBlockOperation block)
        {
            return false;
        }

        var at = block.Operations.IndexOf(loop.Loop);
        if (at < 1 || at + 1 >= block.Operations.Length ||
            block.Operations[at - 1] is not IVariableDeclarationGroupOperation { Declarations.Length: 1, Syntax: LocalDeclarationStatementSyntax { IsConst: false } declaration } group ||
            group.Declarations[0].Declarators.Length != 1 ||
            group.Declarations[0].Declarators[0] is not { Symbol: var declared, Initializer.Value: var initial } ||
            !SymbolEqualityComparer.Default.Equals(declared, builder) ||
            !IsEmptyBuilder(initial.WithoutImplicitConversion(), symbols) ||
            ToStringOf(block.Operations[at + 1], builder, StableBuffer(loop.Loop)) is null)
        {
            return false;
        }

        // The fix moves the three statements' trivia: not across a directive. Broken code keeps the builder.
        var next = block.Operations[at + 1].Syntax;
        if (declaration.ContainsDirectives || loop.Loop.Syntax.ContainsDirectives || next.GetLeadingTrivia().Any(t => t.IsDirective) ||
            declaration.ContainsDiagnostics || next.ContainsDiagnostics)
        {
            return false;
        }

        // Read by nothing else: not captured, not passed, not read after (the append and the ToString are two reads).
        var reads = 0;
        foreach (var operation in block.Descendants())
        {
            if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, builder) && ++reads > 2)
            {
                return false;
            }
        }

        // A use in another leg's #if branch would not compile once the builder is gone.
        return reads == 2 && !MultiTargeting.MentionedInInactiveCode(MultiTargeting.Scope(declaration), builder.Name);
    }

    /// <summary><c>new StringBuilder()</c> or <c>new StringBuilder(capacity)</c>, the capacity free of side effects.</summary>
    private static bool IsEmptyBuilder(IOperation initial, HexSymbols symbols) =>
        initial is IObjectCreationOperation { Initializer: null, Constructor: { } constructor } creation &&
        SymbolEqualityComparer.Default.Equals(constructor.ContainingType, symbols.StringBuilder) &&
        (creation.Arguments.Length == 0 ||
         (creation.Arguments.Length == 1 && constructor.Parameters.Length == 1 &&
          constructor.Parameters[0].Type.SpecialType == SpecialType.System_Int32 &&
          IsPlainCapacity(creation.Arguments[0].Value, symbols)));

    /// <summary>A capacity that runs no code: constants, locals, parameters, fields, the <c>Length</c> of an array, string or span, and unchecked arithmetic of those.</summary>
    private static bool IsPlainCapacity(IOperation capacity, HexSymbols symbols) => capacity switch
    {
        _ when capacity.IsSideEffectFree() => true,
        IBinaryOperation { IsChecked: false, OperatorMethod: null } binary => IsPlainCapacity(binary.LeftOperand, symbols) && IsPlainCapacity(binary.RightOperand, symbols),
        IParenthesizedOperation parenthesized => IsPlainCapacity(parenthesized.Operand, symbols),
        IConversionOperation { IsChecked: false, OperatorMethod: null, Operand.Type.SpecialType: SpecialType.System_Int32 or SpecialType.System_Int16 or SpecialType.System_Byte } conversion => IsPlainCapacity(conversion.Operand, symbols),
        IPropertyReferenceOperation { Property.Name: "Length", Arguments.Length: 0, Instance: { } instance } =>
            instance.IsSideEffectFree() &&
            (instance.Type is IArrayTypeSymbol or { SpecialType: SpecialType.System_String } ||
             (instance.Type is INamedTypeSymbol span &&
              (SymbolEqualityComparer.Default.Equals(span.OriginalDefinition, symbols.Span) || SymbolEqualityComparer.Default.Equals(span.OriginalDefinition, symbols.ReadOnlySpan)))),
        _ => false,
    };

    /// <summary>
    /// The <c>builder.ToString()</c> of <c>return builder.ToString();</c>, <c>var s = builder.ToString();</c>,
    /// <c>s = builder.ToString();</c> or <c>M(..., builder.ToString(), ...)</c>; null for anything else.
    /// </summary>
    /// <remarks>
    /// The buffer is then read where the <c>ToString()</c> was, after what the statement evaluates before it (a call's
    /// receiver and earlier arguments). Unless the buffer is a plain read (<paramref name="stableBuffer"/>: a local, a
    /// parameter, a field), a call such as <c>foreach (var b in Compute())</c> could change what those read: then only a
    /// <c>ToString()</c> evaluated first (the only argument of a static call) folds.
    /// </remarks>
    public static IInvocationOperation? ToStringOf(IOperation statement, ILocalSymbol builder, bool stableBuffer)
    {
        switch (statement)
        {
            case IReturnOperation { ReturnedValue: { } returned }:
                return Read(returned, builder);
            case IVariableDeclarationGroupOperation { Declarations.Length: 1 } group when group.Declarations[0].Declarators.Length == 1:
                return group.Declarations[0].Declarators[0].Initializer?.Value is { } initial ? Read(initial, builder) : null;
            case IExpressionStatementOperation { Operation: ISimpleAssignmentOperation { IsRef: false, Target: var target, Value: var value } } when target.IsSideEffectFree():
                return Read(value, builder);
            case IExpressionStatementOperation { Operation: IInvocationOperation call } when (call.Instance is null || call.Instance.IsSideEffectFree()) &&
                                                                                            (stableBuffer || (call.Instance is null && call.Arguments.Length == 1)):
                IInvocationOperation? found = null;
                foreach (var argument in call.Arguments)
                {
                    if (argument.ArgumentKind == ArgumentKind.Explicit && argument.Parameter?.RefKind == RefKind.None && found is null && Read(argument.Value, builder) is { } read)
                    {
                        found = read;
                    }
                    else if (!argument.Value.IsSideEffectFree())
                    {
                        return null;
                    }
                }

                return found;
            default:
                return null;
        }
    }

    /// <summary>The loop's buffer is a plain read: a <c>for</c> loop's (a local, a parameter, a field), or a <c>foreach</c> over one.</summary>
    private static bool StableBuffer(ILoopOperation loop) =>
        loop is not IForEachLoopOperation each || each.Collection.WithoutImplicitConversion().IsSideEffectFree();

    private static IInvocationOperation? Read(IOperation value, ILocalSymbol builder) =>
        value.WithoutImplicitConversion() is IInvocationOperation { TargetMethod: { Name: "ToString", IsStatic: false, Parameters.Length: 0 }, Instance: ILocalReferenceOperation reference } toString &&
        SymbolEqualityComparer.Default.Equals(reference.Local, builder)
            ? toString
            : null;
}
