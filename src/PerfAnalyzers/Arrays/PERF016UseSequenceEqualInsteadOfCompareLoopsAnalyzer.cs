using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF016: <c>if (a.Length != b.Length) return false; for (int i = 0; i &lt; a.Length; i++) if (a[i] != b[i]) return false;
/// return true;</c> over two arrays or spans of the same char or integral element type: exactly
/// <c>a.AsSpan().SequenceEqual(b)</c>, which .NET Core 3.0+ vectorizes. See docs/rules/PERF016.md.
/// </summary>
public sealed partial class PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer : PerfAnalyzer
{
    /// <summary>Diagnostic property: "true" when the first operand is an array (the fix writes <c>AsSpan()</c>).</summary>
    public const string ArrayKey = "Array";

    /// <summary>Diagnostic property: "true" for the flag-and-break form, whose flag declaration goes too.</summary>
    public const string FlagKey = "Flag";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF016.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // .NET Core 3.0 vectorized SequenceEqual (the seed's comparison benchmarks); nothing measured elsewhere.
        if (!compilation.TargetFramework.IsNetCoreAtLeast(3))
        {
            return;
        }

        // The span types are resolved at the first loop (PerfCompilation.Later).
        var types = compilation.Types;
        var spans = compilation.Later(() =>
            types.Get(WellKnownTypes.SpanOfT) is { } span && types.Get(WellKnownTypes.ReadOnlySpanOfT) is { } readOnlySpan
                ? (Span: span, ReadOnlySpan: readOnlySpan)
                : ((INamedTypeSymbol Span, INamedTypeSymbol ReadOnlySpan)?)null);
        context.RegisterOperationAction(PerfCompilation.WhenResolved(spans, (c, resolved) => Analyze(c, compilation, resolved.Span, resolved.ReadOnlySpan)), OperationKind.Loop);
    }

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation, INamedTypeSymbol span, INamedTypeSymbol readOnlySpan)
    {
        // [if (a.Length != b.Length) return false;]   for (...) if (a[i] != b[i]) return false;   return true;
        if (context.Operation is not IForLoopOperation { Syntax: ForStatementSyntax syntax, Before.Length: 1, AtLoopBottom.Length: 1, Locals.Length: 1 } loop ||
            loop.Locals[0] is not { Type.SpecialType: SpecialType.System_Int32 } index ||
            LoopShape.UpperBound(loop.Condition, index) is not { } bound || // i < X, or X > i
            LoopShape.Start(loop.Before[0], index) is not { } start ||
            !LoopShape.IsStep(loop.AtLoopBottom[0], index, forward: true) ||
            LoopShape.Single(loop.Body) is not IConditionalOperation { WhenFalse: null, Condition: IBinaryOperation { OperatorKind: BinaryOperatorKind.NotEquals, OperatorMethod: null } test } differs ||
            loop.SemanticModel is not { } model ||
            LoopShape.Sibling(syntax, 1) is not ReturnStatementSyntax { Expression: { } equal })
        {
            return;
        }

        // Either the loop returns false, then 'return true;' follows; or it clears a flag declared true right before it
        // and breaks, then 'return flag;' follows (the flag read nowhere else).
        var flag = Flag(loop, differs, syntax, equal, model, context.CancellationToken);
        if (flag is null &&
            (!ReturnsConstant(differs.WhenTrue, false) || model.GetConstantValue(equal, context.CancellationToken) is not { HasValue: true, Value: true }))
        {
            return;
        }

        // Over whole sequences (i < X.Length, after a length check), else over a range proven inside both (Ranges.cs).
        var found = OperationHelpers.WithoutImplicitConversion(bound) is IPropertyReferenceOperation
            ? Whole(loop, syntax, start, bound, test, index, flag, model, span, readOnlySpan, context.CancellationToken)
            : Ranged(loop, syntax, start, bound, test, index, span, readOnlySpan, context.CancellationToken);
        if (found is not (var properties, var replacement))
        {
            return;
        }

        if (flag is not null)
        {
            // A build of another leg may read the flag between its declaration and the loop: nothing is there in this one.
            if (MultiTargeting.MentionedInInactiveCode(MultiTargeting.Scope(syntax), flag.Name))
            {
                return;
            }

            properties = properties.Add(FlagKey, "true");
        }

        if (!MultiTargeting.Allows(compilation, context.Options, syntax.SyntaxTree, Rules.PERF016.Id, ApiAvailability.NetCore30, ref properties) ||
            !ColdPath.Allows(context.Options, syntax, loop.SemanticModel, Rules.PERF016.Id, context.CancellationToken))
        {
            return;
        }

        var location = Location.Create(syntax.SyntaxTree, Microsoft.CodeAnalysis.Text.TextSpan.FromBounds(syntax.ForKeyword.SpanStart, syntax.CloseParenToken.Span.End));
        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF016.Descriptor, location, properties, replacement), context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary>
    /// <c>if (a.Length != b.Length) return false; for (int i = K; i &lt; a.Length; i++) ...</c>: from 0 the whole sequences
    /// (<c>a.AsSpan().SequenceEqual(b)</c>); from a constant K &gt; 0 the rest after the length check, behind the loop's own
    /// emptiness test (<c>a.Length &lt;= K || a.AsSpan(K).SequenceEqual(b.AsSpan(K))</c>), since AsSpan(K) throws where
    /// the loop does nothing. The same from an int variable that checks prove not negative (Ranges.cs) and nothing writes:
    /// a negative one makes the loop throw IndexOutOfRangeException and AsSpan ArgumentOutOfRangeException.
    /// </summary>
    private static (ImmutableDictionary<string, string?> Properties, string Replacement)? Whole(
        IForLoopOperation loop, ForStatementSyntax syntax, IOperation start, IOperation bound, IBinaryOperation test, ILocalSymbol index, ILocalSymbol? flag,
        SemanticModel model, INamedTypeSymbol span, INamedTypeSymbol readOnlySpan, CancellationToken cancellationToken)
    {
        var from = start.ConstantValue is { HasValue: true, Value: int constant } ? constant : (int?)null;
        if (from < 0 ||
            LoopShape.Sibling(syntax, flag is null ? -1 : -2) is not { } before ||
            model.GetOperation(before, cancellationToken) is not IConditionalOperation
            {
                WhenFalse: null,
                Condition: IBinaryOperation { OperatorKind: BinaryOperatorKind.NotEquals, OperatorMethod: null } lengths,
            } lengthCheck ||
            !ReturnsConstant(lengthCheck.WhenTrue, false))
        {
            return null;
        }

        // a[i] != b[i] over two stable sequences of the same element type.
        if (Element(test.LeftOperand, index, span, readOnlySpan) is not { } first ||
            Element(test.RightOperand, index, span, readOnlySpan) is not { } second ||
            !SymbolEqualityComparer.Default.Equals(first.Type, second.Type) ||
            !IsComparable(first.Type) ||
            !LoopShape.IsStableReference(first.Target) || !LoopShape.IsStableReference(second.Target) ||
            OperationHelpers.SameStorage(first.Target, second.Target))
        {
            return null;
        }

        // The length check compares both lengths (either order) and the loop runs over one of them.
        var checksLengths = LoopShape.IsLengthOf(lengths.LeftOperand, first.Target) && LoopShape.IsLengthOf(lengths.RightOperand, second.Target) ||
                            LoopShape.IsLengthOf(lengths.LeftOperand, second.Target) && LoopShape.IsLengthOf(lengths.RightOperand, first.Target);
        if (!checksLengths || !(LoopShape.IsLengthOf(bound, first.Target) || LoopShape.IsLengthOf(bound, second.Target)))
        {
            return null;
        }

        if (from is null && (!IsIntValue(start) || !NoneWritten(loop.GetRoot(), start) || !IsNotNegative(start, Facts(syntax, model, cancellationToken))))
        {
            return null;
        }

        var properties = ImmutableDictionary<string, string?>.Empty.Add(ArrayKey, first.IsArray ? "true" : "false");
        if (from == 0)
        {
            return (properties, $"return {first.Target.Syntax}{(first.IsArray ? ".AsSpan()" : string.Empty)}.SequenceEqual({second.Target.Syntax});");
        }

        properties = properties.Add(DiagnosticProperties.Shape, ShapeFrom).Add(SecondArrayKey, second.IsArray ? "true" : "false");
        var rest = $"{Slice(first.Target, first.IsArray, start, null)}.SequenceEqual({Slice(second.Target, second.IsArray, start, null)})";
        return (properties, $"return {bound.Syntax} <= {start.Syntax} || {rest};");
    }

    /// <summary>
    /// The flag of <c>bool equal = true; for (...) if (a[i] != b[i]) { equal = false; break; } return equal;</c>: declared
    /// true by the statement right before the loop, set false and the loop left when an element differs, returned right
    /// after it, and read nowhere else. Null for any other loop.
    /// </summary>
    private static ILocalSymbol? Flag(IForLoopOperation loop, IConditionalOperation differs, ForStatementSyntax syntax, ExpressionSyntax returned, SemanticModel model, CancellationToken cancellationToken)
    {
        if (differs.WhenTrue is not IBlockOperation { Operations: { Length: 2 } operations } ||
            operations[0] is not IExpressionStatementOperation { Operation: ISimpleAssignmentOperation { Target: ILocalReferenceOperation { Local: var flag }, Value.ConstantValue: { HasValue: true, Value: false } } } ||
            operations[1] is not IBranchOperation { BranchKind: BranchKind.Break } leave || !SymbolEqualityComparer.Default.Equals(leave.Target, loop.ExitLabel) ||
            flag.Type.SpecialType != SpecialType.System_Boolean ||
            returned is not IdentifierNameSyntax { Identifier.ValueText: var name } || name != flag.Name ||
            LoopShape.Sibling(syntax, -1) is not LocalDeclarationStatementSyntax { Declaration.Variables: { Count: 1 } variables } ||
            variables[0].Initializer?.Value is not { } initial ||
            model.GetConstantValue(initial, cancellationToken) is not { HasValue: true, Value: true } ||
            !SymbolEqualityComparer.Default.Equals(model.GetDeclaredSymbol(variables[0], cancellationToken), flag))
        {
            return null;
        }

        // Read only by the assignment in the loop and the return after it.
        var reads = 0;
        foreach (var operation in loop.GetRoot().Descendants())
        {
            if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, flag))
            {
                reads++;
            }
        }

        return reads == 2 ? flag : null;
    }

    private static bool ReturnsConstant(IOperation operation, bool value) =>
        LoopShape.Single(operation) is IReturnOperation { ReturnedValue.ConstantValue: { HasValue: true, Value: bool returned } } && returned == value;

    /// <summary><c>X[i]</c> of an array or a span (not a string).</summary>
    private static (IOperation Target, ITypeSymbol Type, bool IsArray)? Element(IOperation operation, ILocalSymbol index, INamedTypeSymbol span, INamedTypeSymbol readOnlySpan) =>
        LoopShape.Element(operation, index, span, readOnlySpan) is { Kind: not LoopShape.Sequence.String } element
            ? (element.Target, element.Type, element.Kind == LoopShape.Sequence.Array)
            : null;

    /// <summary>Bitwise equality, so that <c>!=</c> and SequenceEqual agree: not float, double (NaN, -0.0) or decimal (scale).</summary>
    private static bool IsComparable(ITypeSymbol type) => type.TypeKind != TypeKind.Enum && type.SpecialType is
        SpecialType.System_Boolean or SpecialType.System_Char or SpecialType.System_SByte or SpecialType.System_Byte or
        SpecialType.System_Int16 or SpecialType.System_UInt16 or SpecialType.System_Int32 or SpecialType.System_UInt32 or
        SpecialType.System_Int64 or SpecialType.System_UInt64;
}
