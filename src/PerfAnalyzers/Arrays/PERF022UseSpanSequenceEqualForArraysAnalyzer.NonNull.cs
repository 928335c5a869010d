using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Arrays;

public sealed partial class PERF022UseSpanSequenceEqualForArraysAnalyzer
{
    /// <summary>
    /// Whether an array operand is proven non-null where the call runs: <c>Enumerable.SequenceEqual</c> throws
    /// <c>ArgumentNullException</c> for null, the span comparison treats null as empty, so without the proof the rewrite
    /// could turn an exception into an answer. Proven by:
    /// <list type="bullet">
    /// <item>an array creation in place;</item>
    /// <item>nullable analysis (a not-null flow state, where the nullable context is enabled; a maybe-null state ends it);</item>
    /// <item>for a local (initialized by its declaration) or a by-value parameter that nothing in the body writes: its
    /// declaration creating the array, or a check that runs before the call on every path to it — a null test
    /// (<c>a != null &amp;&amp; ...</c>, <c>if (a == null) return ...;</c>, <c>a is null</c>, <c>a is {}</c>) or a dereference
    /// that would have thrown (<c>a.Length == b.Length &amp;&amp; ...</c>, <c>if (a.Length != b.Length) return false;</c>).</item>
    /// </list>
    /// Fields, properties and calls count only through nullable analysis.
    /// </summary>
    internal static class NonNull
    {
        public static bool IsProven(IOperation operand, IInvocationOperation call, CancellationToken cancellationToken)
        {
            if (operand is IArrayCreationOperation)
            {
                return true;
            }

            if (operand.SemanticModel is { } model)
            {
                // Not after a '!': the suppression is the writer's assertion (the operand is then reported not-null), not a proof.
                var suppressed = false;
                for (SyntaxNode? syntax = operand.Syntax; syntax is not null; syntax = syntax.Parent is PostfixUnaryExpressionSyntax or ParenthesizedExpressionSyntax ? syntax.Parent : null)
                {
                    suppressed |= syntax.IsKind(SyntaxKind.SuppressNullableWarningExpression);
                }

                switch (suppressed ? NullableFlowState.None : model.GetTypeInfo(operand.Syntax, cancellationToken).Nullability.FlowState)
                {
                    case NullableFlowState.NotNull:
                        return true;
                    case NullableFlowState.MaybeNull:
                        return false;
                }
            }

            ISymbol? variable = operand switch
            {
                ILocalReferenceOperation { Local: { IsRef: false } local } => local,
                IParameterReferenceOperation { Parameter.RefKind: RefKind.None } parameter => parameter.Parameter,
                _ => null,
            };
            if (variable is null)
            {
                return false;
            }

            // The variable keeps one value for the whole body: its declaration's (a local) or the caller's (a parameter).
            var createdByDeclaration = false;
            foreach (var descendant in operand.GetRoot().DescendantsAndSelf())
            {
                cancellationToken.ThrowIfCancellationRequested();
                switch (descendant)
                {
                    case IVariableDeclaratorOperation declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, variable):
                        // A foreach variable holds each element in turn and is never written; any other declaration
                        // without an initializer is assigned later.
                        var initializer = declarator.Initializer ?? (declarator.Parent as IVariableDeclarationOperation)?.Initializer;
                        if (initializer is null && declarator.Parent is not IForEachLoopOperation)
                        {
                            return false;
                        }

                        createdByDeclaration = initializer?.Value.WithoutImplicitConversion() is IArrayCreationOperation;
                        break;
                    case IBranchOperation { BranchKind: BranchKind.GoTo }:
                        return false; // a goto may jump past a check that reads as if it came first
                    case ILocalReferenceOperation reference when SymbolEqualityComparer.Default.Equals(reference.Local, variable) && (reference.IsDeclaration || LoopShape.IsWritten(reference)):
                    case IParameterReferenceOperation reference2 when SymbolEqualityComparer.Default.Equals(reference2.Parameter, variable) && LoopShape.IsWritten(reference2):
                        return false;
                }
            }

            return createdByDeclaration || IsCheckedBefore(call, variable);
        }

        /// <summary>A null test or a dereference of <paramref name="variable"/> that runs before <paramref name="call"/> on every path to it.</summary>
        private static bool IsCheckedBefore(IOperation call, ISymbol variable)
        {
            for (var node = call; node.Parent is { } parent; node = parent)
            {
                switch (parent)
                {
                    case ILocalFunctionOperation:
                        return false; // a local function may be called before any check around its declaration
                    case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd } conjunction when conjunction.RightOperand == node && Proves(conjunction.LeftOperand, true, variable):
                    case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalOr } disjunction when disjunction.RightOperand == node && Proves(disjunction.LeftOperand, false, variable):
                    case IConditionalOperation conditional when conditional.WhenTrue == node && Proves(conditional.Condition, true, variable):
                    case IConditionalOperation conditional2 when conditional2.WhenFalse == node && Proves(conditional2.Condition, false, variable):
                    case IWhileLoopOperation { ConditionIsTop: true, ConditionIsUntil: false } loop when loop.Body == node && loop.Condition is { } condition && Proves(condition, true, variable):
                        return true;
                    case IBlockOperation block:
                        foreach (var statement in block.Operations)
                        {
                            if (statement == node)
                            {
                                break;
                            }

                            if (StatementProves(statement, variable))
                            {
                                return true;
                            }
                        }

                        break;
                }
            }

            return false;
        }

        /// <summary>After <paramref name="statement"/> completes normally, <paramref name="variable"/> is non-null.</summary>
        private static bool StatementProves(IOperation statement, ISymbol variable)
        {
            switch (statement)
            {
                case IConditionalOperation conditional:
                    // if (a == null) return false;   if (a.Length != b.Length) return false;   if (a != null) { ... } else throw ...;
                    return Dereferences(conditional.Condition, variable) ||
                           (Exits(conditional.WhenTrue) && Proves(conditional.Condition, false, variable)) ||
                           (conditional.WhenFalse is { } otherwise && Exits(otherwise) && Proves(conditional.Condition, true, variable));
                case IExpressionStatementOperation:
                case IVariableDeclarationGroupOperation:
                    return Dereferences(statement, variable);
                default:
                    return false;
            }
        }

        /// <summary>The statement never completes normally: it returns, throws, breaks or continues (a block: its last statement does).</summary>
        private static bool Exits(IOperation statement) => statement switch
        {
            IReturnOperation or IBranchOperation => true,
            IThrowOperation => true,
            IExpressionStatementOperation { Operation: IThrowOperation } => true,
            IBlockOperation { Operations.Length: > 0 } block => Exits(block.Operations[block.Operations.Length - 1]),
            _ => false,
        };

        /// <summary>When <paramref name="condition"/> evaluates to <paramref name="whenTrue"/>, <paramref name="variable"/> is non-null.</summary>
        private static bool Proves(IOperation condition, bool whenTrue, ISymbol variable)
        {
            switch (condition)
            {
                case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd } conjunction:
                    return whenTrue
                        ? Proves(conjunction.LeftOperand, true, variable) || Proves(conjunction.RightOperand, true, variable)
                        : Dereferences(conjunction.LeftOperand, variable) || (Proves(conjunction.LeftOperand, false, variable) && Proves(conjunction.RightOperand, false, variable));
                case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalOr } disjunction:
                    return whenTrue
                        ? Dereferences(disjunction.LeftOperand, variable) || (Proves(disjunction.LeftOperand, true, variable) && Proves(disjunction.RightOperand, true, variable))
                        : Proves(disjunction.LeftOperand, false, variable) || Proves(disjunction.RightOperand, false, variable);
                case IUnaryOperation { OperatorKind: UnaryOperatorKind.Not } not:
                    return Proves(not.Operand, !whenTrue, variable);
                case IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } comparison when IsNullTest(comparison, variable):
                    return (comparison.OperatorKind == BinaryOperatorKind.NotEquals) == whenTrue;
                case IIsPatternOperation pattern when Is(pattern.Value, variable) && NonNullPattern(pattern.Pattern) is { } matchesNonNull:
                    return matchesNonNull == whenTrue;
                case IIsTypeOperation isType when Is(isType.ValueOperand, variable) && !isType.IsNegated:
                    return whenTrue;
                default:
                    return Dereferences(condition, variable);
            }
        }

        /// <summary><c>a == null</c>, <c>null != a</c> (reference comparison of the variable with the null constant).</summary>
        private static bool IsNullTest(IBinaryOperation comparison, ISymbol variable) =>
            comparison.OperatorMethod is null &&
            ((Is(comparison.LeftOperand, variable) && IsNull(comparison.RightOperand)) || (Is(comparison.RightOperand, variable) && IsNull(comparison.LeftOperand)));

        private static bool IsNull(IOperation operation) =>
            operation.WithoutImplicitConversion() is { ConstantValue: { HasValue: true, Value: null } };

        /// <summary>True when the pattern matches exactly the non-null values (<c>not null</c>, <c>{}</c>, a type), false when it matches exactly null (<c>null</c>), else null.</summary>
        private static bool? NonNullPattern(IPatternOperation pattern) => pattern switch
        {
            IConstantPatternOperation constant when IsNull(constant.Value) => false,
            INegatedPatternOperation { Pattern: IConstantPatternOperation constant } when IsNull(constant.Value) => true,
            IRecursivePatternOperation { PropertySubpatterns.Length: 0, DeconstructionSubpatterns.Length: 0, DeclaredSymbol: null } => true,
            _ => null,
        };

        /// <summary>
        /// Whether evaluating <paramref name="operation"/> always dereferences <paramref name="variable"/> (reads a member or
        /// an element of it, which throws for null), leaving aside what runs only conditionally: the right of <c>&amp;&amp;</c>
        /// and <c>||</c>, the branches of <c>?:</c> and <c>??</c>, conditional access, and lambdas.
        /// </summary>
        private static bool Dereferences(IOperation operation, ISymbol variable)
        {
            switch (operation)
            {
                case IPropertyReferenceOperation { Instance: { } instance } when Is(instance, variable):
                case IArrayElementReferenceOperation element when Is(element.ArrayReference, variable):
                case IInvocationOperation { Instance: { } receiver, TargetMethod.IsStatic: false } when Is(receiver, variable):
                    return true;
                case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd or BinaryOperatorKind.ConditionalOr } logical:
                    return Dereferences(logical.LeftOperand, variable);
                case IConditionalOperation conditional:
                    return Dereferences(conditional.Condition, variable);
                case ICoalesceOperation coalesce:
                    return Dereferences(coalesce.Value, variable);
                case IConditionalAccessOperation access:
                    return !Is(access.Operation, variable) && Dereferences(access.Operation, variable);
                case IAnonymousFunctionOperation or ILocalFunctionOperation or IDelegateCreationOperation:
                    return false;
            }

            foreach (var child in operation.ChildOperations)
            {
                if (Dereferences(child, variable))
                {
                    return true;
                }
            }

            return false;
        }

        private static bool Is(IOperation operation, ISymbol variable) => operation.WithoutImplicitConversion() switch
        {
            ILocalReferenceOperation local => SymbolEqualityComparer.Default.Equals(local.Local, variable),
            IParameterReferenceOperation parameter => SymbolEqualityComparer.Default.Equals(parameter.Parameter, variable),
            _ => false,
        };
    }
}
