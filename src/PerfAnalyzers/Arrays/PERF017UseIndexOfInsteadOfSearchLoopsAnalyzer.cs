using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF017: a loop that returns the index of the first element equal to a loop-invariant value, followed by
/// <c>return -1;</c> — <c>for (int i = 0; i &lt; s.Length; i++) if (s[i] == v) return i; return -1;</c> — over a
/// <c>string</c>, an array or a span of an integral type or <c>char</c>: exactly <c>s.IndexOf(v)</c>,
/// <c>Array.IndexOf(a, v)</c> or <c>span.IndexOf(v)</c>, which .NET Core 3.0+ vectorizes. See docs/rules/PERF017.md.
/// </summary>
public sealed partial class PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer : PerfAnalyzer
{
    /// <summary><c>s.IndexOf(v)</c> on a string.</summary>
    public const string ShapeString = "String";

    /// <summary><c>Array.IndexOf(a, v)</c>.</summary>
    public const string ShapeArray = "Array";

    /// <summary><c>span.IndexOf(v)</c> (MemoryExtensions).</summary>
    public const string ShapeSpan = "Span";

    /// <summary>Diagnostic property: the element type, fully qualified, when the value must be cast to it (<c>b[i] == 42</c>).</summary>
    public const string CastKey = "Cast";

    /// <summary>Diagnostic property: what the loop computes, <see cref="IndexOf"/>, <see cref="LastIndexOf"/> or <see cref="Contains"/>.</summary>
    public const string MethodKey = "Method";

    /// <summary>The first index, or -1: a forward loop that returns <c>i</c>.</summary>
    public const string IndexOf = "IndexOf";

    /// <summary>The last index, or -1: a backward loop that returns <c>i</c>.</summary>
    public const string LastIndexOf = "LastIndexOf";

    /// <summary>Whether any element is equal: a loop that returns <c>true</c>, then <c>false</c>.</summary>
    public const string Contains = "Contains";

    /// <summary>
    /// Diagnostic property, "true" for the store-and-break form: <c>int found = -1; for (...) if (X[i] == v) { found = i;
    /// break; }</c>, whose declaration takes the call (<c>int found = X.IndexOf(v);</c>).
    /// </summary>
    public const string StoreKey = "Store";

    /// <summary>
    /// Diagnostic property: the loop's constant start when it is not 0 (<c>for (int i = 1; ...)</c>, or the bound K of a
    /// backward <c>i &gt;= K</c>). The call then takes it as its start index, behind a length test:
    /// <c>s.Length &gt; 1 ? s.IndexOf(c, 1) : -1</c> (the loop does nothing when the start lies past the end, where the call
    /// would throw); see <see cref="StartVariableKey"/> and PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer.Starts.cs.
    /// </summary>
    public const string StartKey = "Start";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF017.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // .NET Core 3.0 vectorized IndexOf for strings, arrays and spans (the seed: Array.IndexOf of a char 34.976 ->
        // 9.471 ns); nothing was measured elsewhere, so the rule is silent there.
        if (!compilation.TargetFramework.IsNetCoreAtLeast(3))
        {
            return;
        }

        // The span types are resolved at the first loop (PerfCompilation.Later).
        var types = compilation.Types;
        var spans = compilation.Later(() => (Span: types.Get(WellKnownTypes.SpanOfT), ReadOnlySpan: types.Get(WellKnownTypes.ReadOnlySpanOfT)));
        context.RegisterOperationAction(c => Analyze(c, compilation, spans.Value.Span, spans.Value.ReadOnlySpan), OperationKind.Loop);
    }

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation, INamedTypeSymbol? span, INamedTypeSymbol? readOnlySpan)
    {
        if (context.Operation is IForEachLoopOperation each)
        {
            AnalyzeForEach(context, compilation, each, span, readOnlySpan);
            return;
        }

        // for (int i = 0; i < X.Length; i++) { if (X[i] == v) { return i; } }  return -1;   (or backwards, or true/false)
        // or: int result = -1; for (...) { if (X[i] == v) { result = i; break; } }   (or bool result = false; ... = true)
        if (context.Operation is not IForLoopOperation { Syntax: ForStatementSyntax syntax, Before.Length: 1, AtLoopBottom.Length: 1, Locals.Length: 1 } loop ||
            loop.Locals[0] is not { Type.SpecialType: SpecialType.System_Int32 } index ||
            loop.Condition is not IBinaryOperation condition ||
            LoopShape.Single(loop.Body) is not IConditionalOperation { WhenFalse: null, Condition: IBinaryOperation test } found ||
            Exit(found.WhenTrue, syntax, context.Operation.SemanticModel, context.CancellationToken) is not { } exit)
        {
            return;
        }

        var (returned, notFoundValue, stored) = exit;

        IOperation? length;
        bool forward;
        var start = 0;
        IOperation? startValue = null;
        var backwardFrom = false;
        if (LoopShape.UpperBound(condition, index) is { } bound && LoopShape.Start(loop.Before[0], index) is { } init &&
            LoopShape.IsStep(loop.AtLoopBottom[0], index, forward: true))
        {
            // i < X.Length, or X.Length > i; from a constant (not negative) or a variable start (Starts.cs).
            (length, forward) = (bound, true);
            if (LoopShape.StartConstant(loop.Before[0], index) is { } from)
            {
                start = from;
            }
            else if (IsVariableStart(init))
            {
                startValue = init;
            }
            else
            {
                return;
            }
        }
        else if (LoopShape.StartsAtLastIndex(loop.Before[0], index) is { } last && last.WithoutImplicitConversion() is IPropertyReferenceOperation { Property.Name: "Length" } &&
                 LoopShape.LowerBound(condition, index) is { } downTo &&
                 LoopShape.IsStep(loop.AtLoopBottom[0], index, forward: false))
        {
            (length, forward, start) = (last, false, downTo); // i >= 0, or i >= K: the last match in X[K..]
        }
        else if (LoopShape.Start(loop.Before[0], index) is { } top && LoopShape.LowerBound(condition, index) is { } floor &&
                 LoopShape.IsStep(loop.AtLoopBottom[0], index, forward: false) &&
                 (LoopShape.StartConstant(loop.Before[0], index) is { } first ? first >= floor && first < int.MaxValue : IsVariableStart(top)))
        {
            // for (int i = start; i >= K; i--): the last match in X[K..(start + 1)] (Starts.cs).
            (length, forward, startValue, backwardFrom, start) = (null, false, top, true, floor);
        }
        else
        {
            return;
        }

        string method;
        if (LoopShape.IsLocal(returned, index) && notFoundValue is -1)
        {
            method = forward ? IndexOf : LastIndexOf;
        }
        else if (returned.ConstantValue is { HasValue: true, Value: true } && notFoundValue is false)
        {
            method = Contains;
        }
        else
        {
            return;
        }

        // X[i] == v, or two or three of them joined by || (IndexOfAny): one side X[i], the other the value.
        var terms = new List<IBinaryOperation>();
        if (!Terms(test, terms) || terms.Count > 3)
        {
            return;
        }

        (IOperation Target, ITypeSymbol Type, string Shape)? element = null;
        var values = new List<IOperation>();
        foreach (var term in terms)
        {
            (IOperation Target, ITypeSymbol Type, string Shape) side;
            IOperation value;
            if (Element(term.LeftOperand, index, span, readOnlySpan) is { } left && Value(term.RightOperand, index, left) is { } leftValue)
            {
                (side, value) = (left, leftValue);
            }
            else if (Element(term.RightOperand, index, span, readOnlySpan) is { } right && Value(term.LeftOperand, index, right) is { } rightValue)
            {
                (side, value) = (right, rightValue);
            }
            else
            {
                return;
            }

            if (element is { } first && !(OperationHelpers.SameStorage(first.Target, side.Target) && SymbolEqualityComparer.Default.Equals(first.Type, side.Type)))
            {
                return;
            }

            // The stored result's declaration takes the call: the value cannot read it there.
            if (stored is not null && value.References(stored))
            {
                return;
            }

            element ??= side;
            values.Add(value);
        }

        if (element is not { } searched || !LoopShape.IsStableReference(searched.Target) || (length is not null && !LoopShape.IsLengthOf(length, searched.Target)) ||
            (startValue is not null && (!LengthsOf(startValue, searched.Target) || (stored is not null && startValue.References(stored)))))
        {
            return;
        }

        // A literal start down to K > 0 (for (int i = 15; i >= 1; i--)) needs no test, so its offset form has no block for its local.
        if (backwardFrom && start > 0 && method != Contains && startValue?.Syntax is LiteralExpressionSyntax)
        {
            return;
        }

        // A start other than 0: string.IndexOf(c, start) and Array.IndexOf(a, v, start) give the index in the whole
        // sequence; a span, several values or a backward loop search the slice X[start..] and add the start back (Starts.cs).
        Report(context, compilation, syntax, TextSpan.FromBounds(syntax.ForKeyword.SpanStart, syntax.CloseParenToken.Span.End), searched, values, method, stored,
            start, startValue?.Syntax, index.Name, backwardFrom);
    }

    /// <summary>
    /// <c>foreach (var c in X) if (c == v) return true; return false;</c> (or the flag declared <c>false</c> right before
    /// it, set <c>true</c> with <c>break</c>) over a string, an array or a span of char or an integral type: whether X
    /// contains v, which is <c>X.Contains(v)</c> / <c>IndexOf(v) &gt;= 0</c>. A foreach has no index, so only this form.
    /// </summary>
    private static void AnalyzeForEach(OperationAnalysisContext context, PerfCompilation compilation, IForEachLoopOperation loop, INamedTypeSymbol? span, INamedTypeSymbol? readOnlySpan)
    {
        if (loop.Syntax is not ForEachStatementSyntax syntax ||
            loop.IsAsynchronous ||
            loop.LoopControlVariable is not IVariableDeclaratorOperation { Symbol: { } item } ||
            LoopShape.Single(loop.Body) is not IConditionalOperation { WhenFalse: null, Condition: IBinaryOperation test } found ||
            Exit(found.WhenTrue, syntax, context.Operation.SemanticModel, context.CancellationToken) is not { } exit ||
            exit.Returned.ConstantValue is not { HasValue: true, Value: true } || exit.NotFound is not false)
        {
            return;
        }

        // The sequence itself (a foreach over a string, an array or a span enumerates it directly), of a searchable type.
        var collection = loop.Collection is IConversionOperation { IsImplicit: true, Operand: var operand } ? operand : loop.Collection;
        (IOperation Target, ITypeSymbol Type, string Shape) searched;
        switch (collection.Type)
        {
            case { SpecialType: SpecialType.System_String }:
                searched = (collection, item.Type, ShapeString);
                break;
            case IArrayTypeSymbol { Rank: 1, ElementType: var arrayElement }:
                searched = (collection, arrayElement, ShapeArray);
                break;
            case INamedTypeSymbol { TypeArguments.Length: 1 } named when SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, span) || SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, readOnlySpan):
                searched = (collection, named.TypeArguments[0], ShapeSpan);
                break;
            default:
                return;
        }

        // The loop variable is the element itself (foreach (int x in bytes) would compare widened values).
        if (!IsSearchable(searched.Type) || !SymbolEqualityComparer.Default.Equals(item.Type, searched.Type) ||
            (searched.Shape == ShapeString && item.Type.SpecialType != SpecialType.System_Char) ||
            !LoopShape.IsStableReference(collection))
        {
            return;
        }

        var terms = new List<IBinaryOperation>();
        if (!Terms(test, terms) || terms.Count > 3)
        {
            return;
        }

        var values = new List<IOperation>();
        foreach (var term in terms)
        {
            var value = IsItem(term.LeftOperand, item) ? Value(term.RightOperand, item, searched)
                : IsItem(term.RightOperand, item) ? Value(term.LeftOperand, item, searched)
                : null;
            if (value is null || (exit.Stored is not null && value.References(exit.Stored)))
            {
                return;
            }

            values.Add(value);
        }

        Report(context, compilation, syntax, TextSpan.FromBounds(syntax.ForEachKeyword.SpanStart, syntax.CloseParenToken.Span.End), searched, values, Contains, exit.Stored);
    }

    /// <summary>The loop variable, read as it is or widened by the comparison (<c>b == 42</c> compares ints).</summary>
    private static bool IsItem(IOperation operation, ILocalSymbol item) =>
        (operation is IConversionOperation { IsImplicit: true, OperatorMethod: null } conversion ? conversion.Operand : operation) is ILocalReferenceOperation { Local: var local } &&
        SymbolEqualityComparer.Default.Equals(local, item);

    private static void Report(
        OperationAnalysisContext context,
        PerfCompilation compilation,
        StatementSyntax syntax,
        TextSpan header,
        (IOperation Target, ITypeSymbol Type, string Shape) searched,
        List<IOperation> values,
        string method,
        ILocalSymbol? stored,
        int start = 0,
        SyntaxNode? startSyntax = null,
        string? indexName = null,
        bool backwardFrom = false)
    {
        var properties = ImmutableDictionary<string, string?>.Empty.Add(DiagnosticProperties.Shape, searched.Shape).Add(MethodKey, method);
        var startVariable = startSyntax?.ToString();
        var startText = startVariable ?? (start != 0 ? start.ToString(System.Globalization.CultureInfo.InvariantCulture) : null);
        if (startVariable is not null)
        {
            properties = properties.Add(backwardFrom ? BackwardFromKey : StartVariableKey, backwardFrom ? start.ToString(System.Globalization.CultureInfo.InvariantCulture) : "true");
        }
        else if (startText is not null)
        {
            properties = properties.Add(StartKey, startText);
        }

        if (stored is not null)
        {
            // A build of another leg may use the result between its declaration and the loop: nothing is there in this one.
            if (MultiTargeting.MentionedInInactiveCode(MultiTargeting.Scope(syntax), stored.Name))
            {
                return;
            }

            properties = properties.Add(StoreKey, "true");
        }

        var texts = new List<string>();
        foreach (var value in values)
        {
            if (SymbolEqualityComparer.Default.Equals(value.Type, searched.Type))
            {
                texts.Add(value.Syntax.ToString());
            }
            else
            {
                properties = properties.SetItem(CastKey, searched.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat));
                texts.Add("(" + searched.Type.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat) + ")" + value.Syntax);
            }
        }

        var valueText = string.Join(", ", texts);

        // On a .NET Framework or .NET Standard leg of a multi-targeted project IndexOf is not measured faster: the loop
        // stays there behind #if.
        if (!MultiTargeting.Allows(compilation, context.Options, syntax.SyntaxTree, Rules.PERF017.Id, ApiAvailability.NetCore30, ref properties) ||
            !ColdPath.Allows(context.Options, syntax, context.Operation.SemanticModel, Rules.PERF017.Id, context.CancellationToken))
        {
            return;
        }

        var target = searched.Target.Syntax.ToString();
        var assign = stored is null ? "return " : stored.Type.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat) + " " + stored.Name + " = ";
        if (startText is not null)
        {
            var text = backwardFrom
                ? BackwardReplacement(target, searched.Shape, method, valueText, values.Count, (ExpressionSyntax)startSyntax!, start, indexName ?? "i", stored?.Name, assign)
                : StartReplacement(target, searched.Shape, method, valueText, values.Count, startText, indexName ?? "i", stored?.Name);
            var at = Location.Create(syntax.SyntaxTree, header);
            ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF017.Descriptor, at, properties, text ?? assign + StartCall(target, searched.Shape, method, valueText, values.Count, startText) + ";"),
                context.ContainingSymbol, context.Compilation, context.Options);
            return;
        }

        var call = values.Count > 1
            ? (searched.Shape == ShapeSpan ? target : target + ".AsSpan()") +
              (method == Contains ? $".IndexOfAny({valueText}) >= 0" : $".{method}Any({valueText})")
            : (searched.Shape, method) switch
            {
                (ShapeString, _) => $"{target}.{method}({valueText})",
                (ShapeArray, Contains) => $"Array.IndexOf({target}, {valueText}) >= 0",
                (ShapeArray, _) => $"Array.{method}({target}, {valueText})",
                (_, Contains) => $"{target}.IndexOf({valueText}) >= 0",
                _ => $"{target}.{method}({valueText})",
            };
        var replacement = assign + call + ";";
        var location = Location.Create(syntax.SyntaxTree, header);
        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF017.Descriptor, location, properties, replacement), context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary>
    /// How the loop leaves with its result: <c>return i;</c> (or <c>return true;</c>) with <c>return -1;</c> (<c>false</c>)
    /// right after the loop; or <c>{ result = i; break; }</c> with <c>int result = -1;</c> declared right before it
    /// (<c>bool result = false;</c> and <c>= true</c>). The value returned or stored, the "not found" value, the result local.
    /// </summary>
    private static (IOperation Returned, object? NotFound, ILocalSymbol? Stored)? Exit(IOperation whenTrue, StatementSyntax loop, SemanticModel? model, System.Threading.CancellationToken cancellationToken)
    {
        if (model is null)
        {
            return null;
        }

        if (LoopShape.Single(whenTrue) is IReturnOperation { ReturnedValue: { } returned })
        {
            return LoopShape.Sibling(loop, 1) is ReturnStatementSyntax { Expression: { } notFound } &&
                   model.GetConstantValue(notFound, cancellationToken) is { HasValue: true, Value: var notFoundValue }
                ? (returned, notFoundValue, null)
                : null;
        }

        // (No list patterns: netstandard2.0 has no System.Index.)
        if (whenTrue is not IBlockOperation { Operations: { Length: 2 } operations } ||
            operations[0] is not IExpressionStatementOperation { Operation: ISimpleAssignmentOperation { Target: ILocalReferenceOperation { Local: var result }, Value: var value } } ||
            operations[1] is not IBranchOperation { BranchKind: BranchKind.Break } ||
            result is not { IsRef: false, IsConst: false, Type.SpecialType: SpecialType.System_Int32 or SpecialType.System_Boolean } ||
            LoopShape.Sibling(loop, -1) is not LocalDeclarationStatementSyntax { UsingKeyword.RawKind: 0, Declaration.Variables: { Count: 1 } variables } ||
            variables[0] is not { Initializer.Value: { } initial } declarator ||
            !SymbolEqualityComparer.Default.Equals(model.GetDeclaredSymbol(declarator, cancellationToken), result) ||
            model.GetConstantValue(initial, cancellationToken) is not { HasValue: true, Value: var initialValue })
        {
            return null;
        }

        return (value, initialValue, result);
    }

    /// <summary>The <c>==</c> tests of <c>X[i] == a || X[i] == b || ...</c> (built-in operators only).</summary>
    private static bool Terms(IBinaryOperation condition, List<IBinaryOperation> terms)
    {
        switch (condition)
        {
            case { OperatorKind: BinaryOperatorKind.Equals, OperatorMethod: null }:
                terms.Add(condition);
                return true;
            case { OperatorKind: BinaryOperatorKind.ConditionalOr, OperatorMethod: null, LeftOperand: IBinaryOperation left, RightOperand: IBinaryOperation right }:
                return Terms(left, terms) && Terms(right, terms);
            default:
                return false;
        }
    }

    /// <summary><c>X[i]</c> of a string, an array or a span of char or an integral type.</summary>
    private static (IOperation Target, ITypeSymbol Type, string Shape)? Element(IOperation operation, ILocalSymbol index, INamedTypeSymbol? span, INamedTypeSymbol? readOnlySpan) =>
        LoopShape.Element(operation, index, span, readOnlySpan) is { } element && IsSearchable(element.Type)
            ? (element.Target, element.Type, element.Kind switch
            {
                LoopShape.Sequence.String => ShapeString,
                LoopShape.Sequence.Array => ShapeArray,
                _ => ShapeSpan,
            })
            : null;

    /// <summary>Bitwise equality, so that <c>==</c> and IndexOf agree: char and the integral types (not float, double, decimal).</summary>
    private static bool IsSearchable(ITypeSymbol type) => type.TypeKind != TypeKind.Enum && type.SpecialType is
        SpecialType.System_Char or SpecialType.System_SByte or SpecialType.System_Byte or SpecialType.System_Int16 or SpecialType.System_UInt16 or
        SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64 or SpecialType.System_UInt64;

    /// <summary>
    /// The value compared with: read without side effects, not the index, and of the element type — or a constant that
    /// the element type holds (<c>b[i] == 42</c>), which the fix casts. A wider variable (<c>b[i] == someInt</c>) is not:
    /// the loop compares the widened values, IndexOf would compare truncated ones.
    /// </summary>
    private static IOperation? Value(IOperation operation, ILocalSymbol index, (IOperation Target, ITypeSymbol Type, string Shape) element)
    {
        var value = operation is IConversionOperation { IsImplicit: true, OperatorMethod: null } conversion ? conversion.Operand : operation;
        if (!value.IsSideEffectFree() || value.References(index) || References(value, element.Target))
        {
            return null;
        }

        if (SymbolEqualityComparer.Default.Equals(value.Type, element.Type))
        {
            return value;
        }

        return value.ConstantValue is { HasValue: true, Value: { } constant } && Fits(constant, element.Type.SpecialType) ? value : null;
    }

    private static bool Fits(object constant, SpecialType type)
    {
        if (constant is char c)
        {
            constant = (int)c;
        }

        if (constant is not (int or long or uint or ulong or short or ushort or byte or sbyte))
        {
            return false;
        }

        var number = System.Convert.ToDecimal(constant, System.Globalization.CultureInfo.InvariantCulture);
        return type switch
        {
            SpecialType.System_Char => number is >= char.MinValue and <= char.MaxValue,
            SpecialType.System_SByte => number is >= sbyte.MinValue and <= sbyte.MaxValue,
            SpecialType.System_Byte => number is >= byte.MinValue and <= byte.MaxValue,
            SpecialType.System_Int16 => number is >= short.MinValue and <= short.MaxValue,
            SpecialType.System_UInt16 => number is >= ushort.MinValue and <= ushort.MaxValue,
            SpecialType.System_Int32 => number is >= int.MinValue and <= int.MaxValue,
            SpecialType.System_UInt32 => number is >= uint.MinValue and <= uint.MaxValue,
            SpecialType.System_Int64 => number is >= long.MinValue and <= long.MaxValue,
            _ => number is >= ulong.MinValue and <= ulong.MaxValue,
        };
    }

    private static bool References(IOperation value, IOperation target)
    {
        foreach (var descendant in value.DescendantsAndSelf())
        {
            if (OperationHelpers.SameStorage(descendant, target))
            {
                return true;
            }
        }

        return false;
    }
}
