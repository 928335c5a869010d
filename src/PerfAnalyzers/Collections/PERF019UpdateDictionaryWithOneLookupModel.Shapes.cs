using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Collections;

public sealed partial class PERF019UpdateDictionaryWithOneLookupModel
{
    /// <summary><c>d[k] = d.TryGetValue(k, out var v) ? f(v) : g;</c></summary>
    private PERF019UpdateDictionaryWithOneLookupModel? MatchTernary(ConditionalExpressionSyntax conditional)
    {
        if (conditional.Parent is not AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression } assignment ||
            assignment.Parent is not (ExpressionStatementSyntax or ArrowExpressionClauseSyntax) ||
            assignment.Right != conditional ||
            Operation(assignment) is not ISimpleAssignmentOperation { Target: { } target } ||
            !IsEntry(target) ||
            Operation(conditional) is not IConditionalOperation { WhenTrue: { } whenTrue, WhenFalse: { } whenFalse } ||
            !IsInert(whenTrue, slotReads: true) || !IsInert(whenFalse, slotReads: false))
        {
            return null;
        }

        Lookups = 2;
        Increment = CounterIncrement(whenTrue, whenFalse);
        if (assignment.Parent is ExpressionStatementSyntax statement)
        {
            return With(ShapeTernary, statement);
        }

        // An expression body: only a counter of a member that returns nothing (the assignment's value is dropped; the
        // increment's would differ).
        if (Increment is null || !ReturnsVoid((ArrowExpressionClauseSyntax)assignment.Parent))
        {
            return null;
        }

        var arrow = With(ShapeTernary);
        arrow.Arrow = assignment;
        return arrow;
    }

    /// <summary><c>if ([!]d.ContainsKey(k)) …; else …;</c> where each branch writes the entry once.</summary>
    private PERF019UpdateDictionaryWithOneLookupModel? MatchIfElse(IfStatementSyntax ifStatement)
    {
        if (!IsConditionOf(ifStatement))
        {
            return null;
        }

        var present = Single(Negated ? ifStatement.Else!.Statement : ifStatement.Statement);
        var missing = Single(Negated ? ifStatement.Statement : ifStatement.Else!.Statement);
        if (present is null || missing is null ||
            Write(present, presentBranch: true) is not { } presentWrite ||
            Write(missing, presentBranch: false) is not { } missingWrite)
        {
            return null;
        }

        Present = present;
        Missing = missing;
        var containsKey = OutLocal is null;
        Lookups = 1 + System.Math.Max(presentWrite.Lookups, missingWrite.Lookups);

        // A counter: the present branch adds x, the missing one stores x (what adding x to default gives).
        if (presentWrite.Added is { } added && missingWrite.Stored is { } stored && Stores(stored, added))
        {
            Increment = added;
        }

        // Before .NET 6: ContainsKey + a read + a write become TryGetValue + a write (the read is what goes).
        HasTryGetValueForm = containsKey && presentWrite.Lookups == 2 && IsArithmetic(ValueType);
        return With(ShapeIfElse, ifStatement);
    }

    /// <summary><c>d.TryGetValue(k, out var v); d[k] = f(v);</c></summary>
    private PERF019UpdateDictionaryWithOneLookupModel? MatchThenSet(ExpressionStatementSyntax statement)
    {
        if (LoopShape.Sibling(statement, 1) is not ExpressionStatementSyntax next ||
            Operation(next) is not IExpressionStatementOperation { Operation: ISimpleAssignmentOperation { Target: { } target, Value: { } value } } ||
            !IsEntry(target) ||
            !IsInert(value, slotReads: false))
        {
            return null;
        }

        Lookups = 2;

        // d[k] = v + x: the counter's += x.
        if (value.WithoutImplicitConversion() is IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, LeftOperand: var left, RightOperand: var right } &&
            IsIntegral(ValueType) &&
            left.WithoutImplicitConversion() is ILocalReferenceOperation { Local: var local } &&
            SymbolEqualityComparer.Default.Equals(local, OutLocal) &&
            !right.References(OutLocal!))
        {
            Increment = (ExpressionSyntax)right.Syntax;
        }

        return With(ShapeThenSet, statement, next);
    }

    /// <summary><c>if (!d.ContainsKey(k)) d[k] = new List&lt;int&gt;(); d[k].Add(x);</c></summary>
    private PERF019UpdateDictionaryWithOneLookupModel? MatchAddThenUse(IfStatementSyntax ifStatement)
    {
        if (!IsConditionOf(ifStatement) ||
            Single(ifStatement.Statement) is not { } add ||
            Write(add, presentBranch: false) is not { Stored: { } stored } ||
            LoopShape.Sibling(ifStatement, 1) is not StatementSyntax use ||
            Operation(use) is not { } useOperation)
        {
            return null;
        }

        Missing = add;
        AddsDefault = IsDefault(stored);

        switch (useOperation)
        {
            // d[k].Add(x): a call on the entry's object (a struct's would change the dictionary's copy after the fix).
            case IExpressionStatementOperation { Operation: IInvocationOperation { Instance: { } instance } call }
                when IsEntry(instance) && ValueType.IsReferenceType && !call.TargetMethod.IsStatic && call.Arguments.All(a => a.ArgumentKind != ArgumentKind.ParamArray && IsInert(a.Value, slotReads: false)):
                Lookups = 3;
                HasTryGetValueForm = true;
                break;

            // return d[k];
            case IReturnOperation { ReturnedValue: { } returned } when IsEntry(returned.WithoutImplicitConversion()):
                Lookups = 3;
                HasTryGetValueForm = true;
                break;

            // d[k] += x; d[k]++;
            case IExpressionStatementOperation when Write(use, presentBranch: true) is { Lookups: 2 } update:
                Lookups = 4;
                Increment = AddsDefault ? update.Added : null;
                break;

            default:
                return null;
        }

        return With(ShapeAddThenUse, ifStatement, use);
    }

    /// <summary>A method or local function declared <c>void</c>, or a <c>set</c>, <c>init</c>, <c>add</c> or <c>remove</c> accessor.</summary>
    private static bool ReturnsVoid(ArrowExpressionClauseSyntax arrow) => arrow.Parent switch
    {
        MethodDeclarationSyntax method => method.ReturnType is PredefinedTypeSyntax { Keyword.RawKind: (int)SyntaxKind.VoidKeyword },
        LocalFunctionStatementSyntax function => function.ReturnType is PredefinedTypeSyntax { Keyword.RawKind: (int)SyntaxKind.VoidKeyword },
        AccessorDeclarationSyntax accessor => accessor.Keyword.RawKind is (int)SyntaxKind.SetKeyword or (int)SyntaxKind.InitKeyword or (int)SyntaxKind.AddKeyword or (int)SyntaxKind.RemoveKeyword,
        _ => false,
    };
}
