using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Arrays;

/// <summary>PERF014, <c>BitConverter.GetBytes</c> + <c>Array.Reverse</c> + <c>BitConverter.ToInt32</c> → <c>ReverseEndianness</c>.</summary>
public sealed partial class PERF014UseBinaryPrimitivesAnalyzer
{
    // ---- var bytes = BitConverter.GetBytes(x); Array.Reverse(bytes); ... BitConverter.ToInt32(bytes, 0) ... ----

    /// <summary>A <c>BitConverter.GetBytes</c> call (<paramref name="context"/>'s operation) that initializes a local declared alone in a statement of a block.</summary>
    private static void AnalyzeGetBytes(OperationAnalysisContext context, PerfCompilation compilation, Api api, INamedTypeSymbol bitConverter, INamedTypeSymbol array)
    {
        if (context.Operation.Parent is IVariableInitializerOperation
            {
                Parent: IVariableDeclaratorOperation { Parent: IVariableDeclarationOperation { Parent: IVariableDeclarationGroupOperation { Parent: IBlockOperation block } group } },
            })
        {
            AnalyzeBitConverter(context, compilation, api, bitConverter, array, block, block.Operations.IndexOf(group));
        }
    }

    private static void AnalyzeBitConverter(OperationAnalysisContext context, PerfCompilation compilation, Api api, INamedTypeSymbol bitConverter, INamedTypeSymbol array, IBlockOperation block, int i)
    {
        var statements = block.Operations;
        if (i < 0 || i + 2 >= statements.Length)
        {
            return;
        }

        if (statements[i] is not IVariableDeclarationGroupOperation { Declarations.Length: 1 } group ||
            group.Declarations[0].Declarators.Length != 1 ||
            group.Declarations[0].Declarators[0] is not { Initializer.Value: IInvocationOperation { TargetMethod: { Name: "GetBytes", IsStatic: true } getBytesMethod, Arguments.Length: 1 } getBytes } declarator ||
            !SymbolEqualityComparer.Default.Equals(getBytesMethod.ContainingType, bitConverter) ||
            getBytes.Arguments[0].Value.WithoutImplicitConversion() is not { Type: { } valueType } value ||
            value is not (ILocalReferenceOperation or IParameterReferenceOperation) ||
            !SymbolEqualityComparer.Default.Equals(valueType, getBytesMethod.Parameters[0].Type) ||
            Width(valueType.SpecialType) < 2 || valueType.SpecialType == SpecialType.System_Char)
        {
            return;
        }

        if (!api.HasReverseEndianness)
        {
            return;
        }

        var bytes = declarator.Symbol;
        var conditional = false;
        var reverse = statements[i + 1];
        if (reverse is IConditionalOperation { WhenFalse: null, Condition: IMemberReferenceOperation { Member.Name: "IsLittleEndian", Instance: null } condition } ifStatement &&
            SymbolEqualityComparer.Default.Equals(condition.Member.ContainingType, bitConverter))
        {
            conditional = true;
            reverse = ifStatement.WhenTrue is IBlockOperation { Operations.Length: 1 } single ? single.Operations[0] : ifStatement.WhenTrue;
        }

        if (reverse is not IExpressionStatementOperation { Operation: IInvocationOperation { TargetMethod: { Name: "Reverse", IsStatic: true } reverseMethod, Arguments.Length: 1 } reverseCall } ||
            !SymbolEqualityComparer.Default.Equals(reverseMethod.ContainingType, array) ||
            reverseCall.Arguments[0].Value.WithoutImplicitConversion() is not ILocalReferenceOperation { } reversedLocal ||
            !SymbolEqualityComparer.Default.Equals(reversedLocal.Local, bytes))
        {
            return;
        }

        // The one read: BitConverter.To<T>(bytes, 0) of the same type, in the next statement; no other use of the array.
        IInvocationOperation? read = null;
        var uses = 0;
        foreach (var operation in block.GetRoot().Descendants())
        {
            if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, bytes))
            {
                uses++;
                // By parameter, not by position: ToInt32(startIndex: 0, value: bytes) lists its arguments as written (issue #34).
                if (reference.Parent is IArgumentOperation { Parameter.Ordinal: 0, Parent: IInvocationOperation { TargetMethod.IsStatic: true, Arguments.Length: 2 } call } &&
                    call.Arguments.Any(a => a.Parameter?.Ordinal == 1 && a.Value.ConstantValue is { HasValue: true, Value: 0 }) &&
                    SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType, bitConverter) &&
                    SymbolEqualityComparer.Default.Equals(call.TargetMethod.ReturnType, valueType) && call.TargetMethod.Name.StartsWith("To", System.StringComparison.Ordinal))
                {
                    read = call;
                }
            }
        }

        if (read is null || uses != 2 || read.GetContainingStatement() != statements[i + 2] || Assigns(statements[i + 2], value))
        {
            return;
        }

        Report(
            context,
            compilation,
            getBytes.Syntax.GetLocation(),
            new[] { reverse.Syntax.GetLocation(), read.Syntax.GetLocation() },
            ImmutableDictionary<string, string?>.Empty
                .Add(DiagnosticProperties.Shape, ShapeBitConverter)
                .Add(MethodKey, "ReverseEndianness")
                .Add(ValueKey, SpanText(value.Syntax))
                .Add(ConditionalKey, conditional ? "true" : "false"),
            $"'{getBytes.Syntax}', 'Array.Reverse' and '{read.TargetMethod.Name}' allocate an array to reverse the bytes of '{value.Syntax}'",
            conditional ? $"BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness({value.Syntax}) : {value.Syntax}" : $"BinaryPrimitives.ReverseEndianness({value.Syntax})");
    }

    /// <summary>True when the statement assigns the local or parameter (the fix evaluates it later than GetBytes did).</summary>
    private static bool Assigns(IOperation statement, IOperation value)
    {
        foreach (var operation in statement.DescendantsAndSelf())
        {
            if (operation is IAssignmentOperation { Target: var target } && OperationHelpers.SameStorage(target, value) ||
                operation is IIncrementOrDecrementOperation { Target: var incremented } && OperationHelpers.SameStorage(incremented, value) ||
                operation is IArgumentOperation { Parameter.RefKind: not RefKind.None, Value: var byRef } && OperationHelpers.SameStorage(byRef, value))
            {
                return true;
            }
        }

        return false;
    }
}
