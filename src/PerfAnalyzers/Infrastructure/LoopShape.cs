using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace PerfAnalyzers.Infrastructure;

/// <summary>The parts of a <c>for</c> or <c>while</c> loop over an array, span or string that PERF015, PERF016 and PERF017 recognize.</summary>
public static class LoopShape
{
    /// <summary>What <see cref="Element"/> indexes.</summary>
    public enum Sequence
    {
        String,
        Array,
        Span,
    }

    /// <summary>
    /// <c>X[index]</c> of a string, a single-dimensional array or a (read-only) span (an implicit widening around it
    /// allowed): the sequence read without conversion, its element type and kind; null otherwise.
    /// </summary>
    public static (IOperation Target, ITypeSymbol Type, Sequence Kind)? Element(IOperation operation, ILocalSymbol index, INamedTypeSymbol? span, INamedTypeSymbol? readOnlySpan) =>
        Indexed(operation, span, readOnlySpan) is { } element && IsLocal(element.Index, index)
            ? (element.Target, element.Type, element.Kind)
            : null;

    /// <summary>
    /// <c>X[index]</c>, <c>X[o + index]</c> or <c>X[index + o]</c> (as <see cref="Element"/>): also the offset <c>o</c>,
    /// null for <c>X[index]</c>. The offset is any operand that does not read the index; the caller proves it invariant.
    /// </summary>
    public static (IOperation Target, ITypeSymbol Type, Sequence Kind, IOperation? Offset)? ElementAtOffset(IOperation operation, ILocalSymbol index, INamedTypeSymbol? span, INamedTypeSymbol? readOnlySpan)
    {
        if (Indexed(operation, span, readOnlySpan) is not { } element)
        {
            return null;
        }

        if (IsLocal(element.Index, index))
        {
            return (element.Target, element.Type, element.Kind, null);
        }

        if (OperationHelpers.WithoutImplicitConversion(element.Index) is IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, OperatorMethod: null, Type.SpecialType: SpecialType.System_Int32 } sum)
        {
            var offset = IsLocal(sum.RightOperand, index) ? sum.LeftOperand : IsLocal(sum.LeftOperand, index) ? sum.RightOperand : null;
            if (offset is not null && !IsLocal(offset, index))
            {
                return (element.Target, element.Type, element.Kind, offset);
            }
        }

        return null;
    }

    /// <summary>An element read <c>X[...]</c> of a string, a single-dimensional array or a (read-only) span, with its index operand.</summary>
    private static (IOperation Target, ITypeSymbol Type, Sequence Kind, IOperation Index)? Indexed(IOperation operation, INamedTypeSymbol? span, INamedTypeSymbol? readOnlySpan)
    {
        operation = operation is IConversionOperation { IsImplicit: true, OperatorMethod: null } widening ? widening.Operand : operation;
        switch (operation)
        {
            case IArrayElementReferenceOperation { Indices.Length: 1, ArrayReference.Type: IArrayTypeSymbol { IsSZArray: true } array } element:
                return (OperationHelpers.WithoutImplicitConversion(element.ArrayReference), array.ElementType, Sequence.Array, element.Indices[0]);
            case IPropertyReferenceOperation { Property.IsIndexer: true, Arguments.Length: 1, Instance: { Type: INamedTypeSymbol owner } instance, Type: { } type } indexer:
                if (owner.SpecialType == SpecialType.System_String)
                {
                    return (instance, type, Sequence.String, indexer.Arguments[0].Value);
                }

                return SymbolEqualityComparer.Default.Equals(owner.OriginalDefinition, span) || SymbolEqualityComparer.Default.Equals(owner.OriginalDefinition, readOnlySpan)
                    ? (instance, owner.TypeArguments[0], Sequence.Span, indexer.Arguments[0].Value)
                    : null;
            default:
                return null;
        }
    }

    /// <summary>The statement <paramref name="offset"/> places after (or, negative, before) <paramref name="statement"/> in its block; null otherwise.</summary>
    public static StatementSyntax? Sibling(StatementSyntax statement, int offset) =>
        statement.Parent is BlockSyntax block && block.Statements.IndexOf(statement) + offset is var at && at >= 0 && at < block.Statements.Count && offset != 0
            ? block.Statements[at]
            : null;

    /// <summary>The body's only statement (a block of one, or the statement itself); null for a block of several.</summary>
    public static IOperation? Single(IOperation body) => body switch
    {
        IBlockOperation { Operations.Length: 1, Locals.Length: 0 } block => block.Operations[0],
        IBlockOperation => null,
        _ => body,
    };

    public static bool IsLocal(IOperation operation, ILocalSymbol local) =>
        OperationHelpers.WithoutImplicitConversion(operation) is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local);

    public static bool StartsAtZero(IOperation before, ILocalSymbol index) => StartConstant(before, index) == 0;

    /// <summary>The constant the index is declared with (<c>int i = 2</c>), when it is not negative; null otherwise.</summary>
    public static int? StartConstant(IOperation before, ILocalSymbol index) =>
        Start(before, index)?.ConstantValue is { HasValue: true, Value: int start } && start >= 0 ? start : null;

    /// <summary>The value the index is declared with (<c>start</c> in <c>for (int i = start; ...)</c>), alone in its declaration; null otherwise.</summary>
    public static IOperation? Start(IOperation before, ILocalSymbol index) =>
        before is IVariableDeclarationGroupOperation { Declarations.Length: 1 } group &&
        group.Declarations[0].Declarators.Length == 1 &&
        group.Declarations[0].Declarators[0] is var declarator &&
        SymbolEqualityComparer.Default.Equals(declarator.Symbol, index)
            ? declarator.Initializer?.Value
            : null;

    /// <summary>
    /// The constant lower bound K of a backward loop's test: <c>i &gt;= K</c>, <c>i &gt; K - 1</c>, <c>K &lt;= i</c>,
    /// <c>K - 1 &lt; i</c> (K not negative: <c>i &gt;= 0</c> and <c>i &gt; -1</c> give 0); null for any other test.
    /// </summary>
    public static int? LowerBound(IBinaryOperation condition, ILocalSymbol index)
    {
        var (bound, inclusive) = condition switch
        {
            { OperatorKind: BinaryOperatorKind.GreaterThanOrEqual, OperatorMethod: null } when IsLocal(condition.LeftOperand, index) => (condition.RightOperand, true),
            { OperatorKind: BinaryOperatorKind.GreaterThan, OperatorMethod: null } when IsLocal(condition.LeftOperand, index) => (condition.RightOperand, false),
            { OperatorKind: BinaryOperatorKind.LessThanOrEqual, OperatorMethod: null } when IsLocal(condition.RightOperand, index) => (condition.LeftOperand, true),
            { OperatorKind: BinaryOperatorKind.LessThan, OperatorMethod: null } when IsLocal(condition.RightOperand, index) => (condition.LeftOperand, false),
            _ => (null, false),
        };
        return bound?.ConstantValue is { HasValue: true, Value: int k } && (inclusive ? k : k + 1L) is var start && start is >= 0 and <= int.MaxValue
            ? (int)start
            : null;
    }

    /// <summary>The bound <c>X</c> of the loop test <c>i &lt; X</c>, also written <c>X &gt; i</c>; null for any other test.</summary>
    public static IOperation? UpperBound(IOperation? condition, ILocalSymbol index) => condition switch
    {
        IBinaryOperation { OperatorKind: BinaryOperatorKind.LessThan, OperatorMethod: null } less when IsLocal(less.LeftOperand, index) => less.RightOperand,
        IBinaryOperation { OperatorKind: BinaryOperatorKind.GreaterThan, OperatorMethod: null } greater when IsLocal(greater.RightOperand, index) => greater.LeftOperand,
        _ => null,
    };

    /// <summary>
    /// The bound of a forward test: <c>i &lt; X</c> or <c>X &gt; i</c> (exclusive), <c>i &lt;= X</c> or <c>X &gt;= i</c>
    /// (inclusive), where <c>i &lt;= X - 1</c> is read as <c>i &lt; X</c>; null for any other test.
    /// </summary>
    public static (IOperation Bound, bool Inclusive)? ForwardBound(IOperation? condition, ILocalSymbol index)
    {
        if (UpperBound(condition, index) is { } exclusive)
        {
            return (exclusive, false);
        }

        var inclusive = condition switch
        {
            IBinaryOperation { OperatorKind: BinaryOperatorKind.LessThanOrEqual, OperatorMethod: null } less when IsLocal(less.LeftOperand, index) => less.RightOperand,
            IBinaryOperation { OperatorKind: BinaryOperatorKind.GreaterThanOrEqual, OperatorMethod: null } greater when IsLocal(greater.RightOperand, index) => greater.LeftOperand,
            _ => null,
        };
        return inclusive is null ? null : LastIndex(inclusive);
    }

    /// <summary>
    /// An inclusive upper bound as written: <c>X.Length - 1</c> (or a constant minus 1) is read as <c>X.Length</c>
    /// exclusive, which it is for every value; anything else stays inclusive (<c>n - 1</c> wraps where <c>n</c> is
    /// <c>int.MinValue</c>, and <c>i &lt;= n - 1</c> then differs from <c>i &lt; n</c>).
    /// </summary>
    public static (IOperation Bound, bool Inclusive) LastIndex(IOperation last) =>
        OperationHelpers.WithoutImplicitConversion(last) is IBinaryOperation { OperatorKind: BinaryOperatorKind.Subtract, IsChecked: false, OperatorMethod: null, RightOperand.ConstantValue: { HasValue: true, Value: 1 } } minusOne &&
        (OperationHelpers.WithoutImplicitConversion(minusOne.LeftOperand) is IPropertyReferenceOperation { Property.Name: "Length", Instance.Type: IArrayTypeSymbol or { SpecialType: SpecialType.System_String } or INamedTypeSymbol { IsRefLikeType: true, Name: "Span" or "ReadOnlySpan" } } ||
         minusOne.LeftOperand.ConstantValue is { HasValue: true, Value: int and > int.MinValue })
            ? (minusOne.LeftOperand, false)
            : (last, true);

    /// <summary>
    /// The lower bound of a backward test: <c>i &gt;= X</c> or <c>X &lt;= i</c> (<c>After</c> false), <c>i &gt; X</c> or
    /// <c>X &lt; i</c> (<c>After</c> true: the last index stored is <c>X + 1</c>); null for any other test.
    /// </summary>
    public static (IOperation Bound, bool After)? BackwardBound(IOperation? condition, ILocalSymbol index) => condition switch
    {
        IBinaryOperation { OperatorKind: BinaryOperatorKind.GreaterThanOrEqual, OperatorMethod: null } test when IsLocal(test.LeftOperand, index) => (test.RightOperand, false),
        IBinaryOperation { OperatorKind: BinaryOperatorKind.GreaterThan, OperatorMethod: null } test when IsLocal(test.LeftOperand, index) => (test.RightOperand, true),
        IBinaryOperation { OperatorKind: BinaryOperatorKind.LessThanOrEqual, OperatorMethod: null } test when IsLocal(test.RightOperand, index) => (test.LeftOperand, false),
        IBinaryOperation { OperatorKind: BinaryOperatorKind.LessThan, OperatorMethod: null } test when IsLocal(test.RightOperand, index) => (test.LeftOperand, true),
        _ => null,
    };

    /// <summary>
    /// For <c>int i = start; while (i &lt; end) ...</c>: the <c>int</c> local the test reads, the statement right before
    /// the loop declaring only it, and its initial value; null when the index is not such a local or is referenced
    /// anywhere in the block after the loop (the loop's final value of the index would be lost by a rewrite).
    /// </summary>
    public static (ILocalSymbol Index, IVariableDeclarationGroupOperation Declaration, IOperation Start)? IndexDeclaredJustBefore(IWhileLoopOperation loop)
    {
        if (loop is not { ConditionIsTop: true, ConditionIsUntil: false, Condition: IBinaryOperation test, Parent: IBlockOperation block } ||
            block.Operations.IndexOf(loop) is var at && at < 1 ||
            block.Operations[at - 1] is not IVariableDeclarationGroupOperation { Declarations.Length: 1 } declaration ||
            declaration.Declarations[0].Declarators.Length != 1 ||
            declaration.Declarations[0].Declarators[0].Symbol is not { IsRef: false, Type.SpecialType: SpecialType.System_Int32 } index ||
            Start(declaration, index) is not { } start ||
            !(IsLocal(test.LeftOperand, index) || IsLocal(test.RightOperand, index)))
        {
            return null;
        }

        for (var next = at + 1; next < block.Operations.Length; next++)
        {
            if (block.Operations[next].References(index))
            {
                return null;
            }
        }

        return (index, declaration, start);
    }

    /// <summary><c>i++</c>, <c>++i</c>, <c>i += 1</c> (forward) or <c>i--</c>, <c>--i</c>, <c>i -= 1</c>.</summary>
    public static bool IsStep(IOperation bottom, ILocalSymbol index, bool forward)
    {
        var operation = bottom is IExpressionStatementOperation statement ? statement.Operation : bottom;
        return operation switch
        {
            IIncrementOrDecrementOperation { Kind: var kind, Target: var target } =>
                kind == (forward ? OperationKind.Increment : OperationKind.Decrement) && IsLocal(target, index),
            ICompoundAssignmentOperation { OperatorKind: var op, Target: var target, Value.ConstantValue: { HasValue: true, Value: 1 } } =>
                op == (forward ? BinaryOperatorKind.Add : BinaryOperatorKind.Subtract) && IsLocal(target, index),
            _ => false,
        };
    }

    /// <summary>The <c>X.Length</c> of <c>int i = X.Length - 1</c>, else null.</summary>
    public static IOperation? StartsAtLastIndex(IOperation before, ILocalSymbol index) =>
        before is IVariableDeclarationGroupOperation { Declarations.Length: 1 } group &&
        group.Declarations[0].Declarators.Length == 1 &&
        group.Declarations[0].Declarators[0] is var declarator &&
        SymbolEqualityComparer.Default.Equals(declarator.Symbol, index) &&
        declarator.Initializer?.Value is IBinaryOperation { OperatorKind: BinaryOperatorKind.Subtract, IsChecked: false, RightOperand.ConstantValue: { HasValue: true, Value: 1 } } minusOne
            ? minusOne.LeftOperand
            : null;

    /// <summary><c>i &gt;= 0</c>, <c>i &gt; -1</c>, <c>0 &lt;= i</c>, <c>-1 &lt; i</c>.</summary>
    public static bool IsNonNegativeTest(IBinaryOperation condition, ILocalSymbol index) => condition switch
    {
        { OperatorKind: BinaryOperatorKind.GreaterThanOrEqual, RightOperand.ConstantValue: { HasValue: true, Value: 0 } } => IsLocal(condition.LeftOperand, index),
        { OperatorKind: BinaryOperatorKind.GreaterThan, RightOperand.ConstantValue: { HasValue: true, Value: -1 } } => IsLocal(condition.LeftOperand, index),
        { OperatorKind: BinaryOperatorKind.LessThanOrEqual, LeftOperand.ConstantValue: { HasValue: true, Value: 0 } } => IsLocal(condition.RightOperand, index),
        { OperatorKind: BinaryOperatorKind.LessThan, LeftOperand.ConstantValue: { HasValue: true, Value: -1 } } => IsLocal(condition.RightOperand, index),
        _ => false,
    };

    /// <summary>A local, a parameter, or a field of <c>this</c> or a static field: the same array every time it is read.</summary>
    public static bool IsStableReference(IOperation operation) => operation switch
    {
        ILocalReferenceOperation { Local.IsRef: false } => true,
        IParameterReferenceOperation { Parameter.RefKind: RefKind.None or RefKind.In } => true,
        IFieldReferenceOperation field => field.Instance is null or IInstanceReferenceOperation,
        _ => false,
    };

    /// <summary>
    /// <c>n</c> where <paramref name="target"/> is a local declared as <c>new T[n]</c>, and neither that local nor
    /// <c>n</c> (a local, a by-value parameter or a constant) is written anywhere else in the body: the array's length,
    /// proven without reading <c>Length</c> (<c>var a = new int[n]; for (int i = 0; i &lt; n; i++) a[i] = -1;</c>).
    /// </summary>
    public static bool IsCreationLength(IOperation bound, IOperation target)
    {
        bound = OperationHelpers.WithoutImplicitConversion(bound);
        if (target is not ILocalReferenceOperation { Local: { IsRef: false } local } ||
            !(bound.ConstantValue.HasValue || bound is ILocalReferenceOperation { Local.IsRef: false } or IParameterReferenceOperation { Parameter.RefKind: RefKind.None }))
        {
            return false;
        }

        var boundSymbol = bound switch
        {
            ILocalReferenceOperation reference => (ISymbol)reference.Local,
            IParameterReferenceOperation reference => reference.Parameter,
            _ => null,
        };
        IOperation? size = null;
        foreach (var operation in target.GetRoot().DescendantsAndSelf())
        {
            switch (operation)
            {
                case IVariableDeclaratorOperation declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                    size = declarator.Initializer?.Value.WithoutImplicitConversion() is IArrayCreationOperation { DimensionSizes.Length: 1 } creation
                        ? creation.DimensionSizes[0].WithoutImplicitConversion()
                        : null;
                    if (size is null)
                    {
                        return false;
                    }

                    break;
                case ILocalReferenceOperation reference when (SymbolEqualityComparer.Default.Equals(reference.Local, local) ||
                                                              SymbolEqualityComparer.Default.Equals(reference.Local, boundSymbol)) && IsWritten(reference):
                case IParameterReferenceOperation parameter when SymbolEqualityComparer.Default.Equals(parameter.Parameter, boundSymbol) && IsWritten(parameter):
                    return false;
            }
        }

        return size is not null &&
               (OperationHelpers.SameStorage(size, bound) ||
                (size.ConstantValue.HasValue && bound.ConstantValue.HasValue && Equals(size.ConstantValue.Value, bound.ConstantValue.Value)));
    }

    /// <summary>Whether a reference to a variable writes it or could: assigned, incremented, passed by ref or out, its address taken, aliased by a ref local, deconstructed into.</summary>
    public static bool IsWritten(IOperation reference)
    {
        var parent = reference.Parent;
        while (parent is ITupleOperation)
        {
            if (parent.Parent is IDeconstructionAssignmentOperation deconstruction && deconstruction.Target == parent)
            {
                return true;
            }

            parent = parent.Parent;
        }

        return parent switch
        {
            IAssignmentOperation assignment => assignment.Target == reference,
            IIncrementOrDecrementOperation => true,
            IArgumentOperation argument => argument.Parameter?.RefKind is RefKind.Ref or RefKind.Out,
            IAddressOfOperation => true,
            IVariableInitializerOperation => reference.Parent?.Parent is IVariableDeclaratorOperation { Symbol.IsRef: true },
            _ => false,
        };
    }

    /// <summary><c>X.Length</c> on the same local, parameter or field as <paramref name="target"/>.</summary>
    public static bool IsLengthOf(IOperation operation, IOperation target)
    {
        var receiver = OperationHelpers.WithoutImplicitConversion(operation) switch
        {
            IPropertyReferenceOperation { Property.Name: "Length", Instance: { } instance } => instance,
            _ => null,
        };
        return receiver is not null && OperationHelpers.SameStorage(OperationHelpers.WithoutImplicitConversion(receiver), target);
    }
}
