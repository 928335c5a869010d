using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Collections;

/// <summary>
/// PERF019's reading of a dictionary update, shared by the analyzer and the fix: which statements look up
/// <c>d[k]</c> more than once to change its value, and what the one-lookup rewrite keeps of them.
/// <para>
/// Every value the update writes or passes must be <em>inert</em> (<see cref="IsInert"/>): it cannot run user code,
/// touch the dictionary or throw. That is what makes <c>CollectionsMarshal.GetValueRefOrAddDefault</c> exact: it adds
/// the entry (with <c>default</c>) before the new value is computed, so a value that threw would leave an entry the
/// original did not, and a value that added to the dictionary would leave the <c>ref</c> pointing into a discarded array.
/// </para>
/// </summary>
public sealed partial class PERF019UpdateDictionaryWithOneLookupModel
{
    /// <summary><c>d[k] = d.TryGetValue(k, out var v) ? f(v) : g;</c></summary>
    public const string ShapeTernary = "Ternary";

    /// <summary><c>if (d.ContainsKey(k)) d[k] += x; else d[k] = x;</c> (or <c>TryGetValue</c>, negated, <c>d.Add(k, x)</c>).</summary>
    public const string ShapeIfElse = "IfElse";

    /// <summary><c>d.TryGetValue(k, out var v); d[k] = f(v);</c></summary>
    public const string ShapeThenSet = "ThenSet";

    /// <summary><c>if (!d.ContainsKey(k)) d[k] = new List&lt;int&gt;(); d[k].Add(x);</c></summary>
    public const string ShapeAddThenUse = "AddThenUse";

    /// <summary>Diagnostic property: which rewrite (<see cref="FormRef"/>, <see cref="FormIncrement"/>, <see cref="FormTryGetValue"/>).</summary>
    public const string FormKey = "Form";

    /// <summary>A <c>ref</c> local from <c>CollectionsMarshal.GetValueRefOrAddDefault</c>, updated in place.</summary>
    public const string FormRef = "Ref";

    /// <summary>A counter: <c>CollectionsMarshal.GetValueRefOrAddDefault(d, k, out _) += x;</c>, no local at all.</summary>
    public const string FormIncrement = "Increment";

    /// <summary>Before .NET 6: one <c>TryGetValue</c> instead of <c>ContainsKey</c> and an indexer read.</summary>
    public const string FormTryGetValue = "TryGetValue";

    private PERF019UpdateDictionaryWithOneLookupModel(string shape, IInvocationOperation lookup, IOperation dictionary, IOperation key, ImmutableArray<StatementSyntax> statements)
    {
        Shape = shape;
        Lookup = lookup;
        Dictionary = dictionary;
        Key = key;
        Statements = statements;
    }

    public string Shape { get; }

    /// <summary>The <c>ContainsKey</c> or <c>TryGetValue</c> call.</summary>
    public IInvocationOperation Lookup { get; }

    public IOperation Dictionary { get; }

    public IOperation Key { get; }

    /// <summary>The statements the rewrite replaces (one, or two adjacent ones in a block); empty for <see cref="Arrow"/>.</summary>
    public ImmutableArray<StatementSyntax> Statements { get; private set; }

    /// <summary>
    /// The update written as the expression body of a member returning <c>void</c>
    /// (<c>void Add(string w) => d[w] = d.TryGetValue(w, out var n) ? n + 1 : 1;</c>): only a counter is rewritten there,
    /// in place (<c>=> CollectionsMarshal.GetValueRefOrAddDefault(d, w, out _)++;</c>), since a <c>ref</c> local needs a block.
    /// </summary>
    public AssignmentExpressionSyntax? Arrow { get; private set; }

    /// <summary>The node the rewrite replaces first: the first statement, or the arrow body's assignment.</summary>
    public SyntaxNode Replaced => Arrow ?? (SyntaxNode)Statements[0];

    /// <summary><c>v</c> of <c>TryGetValue(k, out var v)</c>, declared there and used only by the update.</summary>
    public ILocalSymbol? OutLocal { get; private set; }

    /// <summary>The present branch (first when the lookup is not negated) and the missing one, for <see cref="ShapeIfElse"/>.</summary>
    public StatementSyntax? Present { get; private set; }

    public StatementSyntax? Missing { get; private set; }

    /// <summary>Whether the condition is negated (<c>!d.ContainsKey(k)</c>).</summary>
    public bool Negated { get; private set; }

    /// <summary>The most lookups one run of the original makes.</summary>
    public int Lookups { get; private set; }

    /// <summary>For a counter: the amount every path adds (<c>1</c> for <c>++</c>), so that the update is one <c>+=</c>.</summary>
    public ExpressionSyntax? Increment { get; private set; }

    /// <summary>For <see cref="ShapeAddThenUse"/>: the value stored when the key is missing is <c>default</c>, so the add disappears.</summary>
    public bool AddsDefault { get; private set; }

    /// <summary>Whether the <c>TryGetValue</c> form (two lookups, any target) also makes fewer lookups than the original.</summary>
    public bool HasTryGetValueForm { get; private set; }

    /// <summary>
    /// <c>if (!d.ContainsKey(k)) d[k] = new List&lt;int&gt;(); d[k].Add(x);</c> with a reference value: the
    /// <c>TryGetValue</c> form is written on every target. It makes one lookup where the key is present, as the
    /// <c>ref</c> does, and keeps the value non-null to nullable analysis (<c>GetValueRefOrAddDefault</c> returns
    /// <c>ref TValue?</c>, so <c>value.Add(x)</c> would warn).
    /// </summary>
    public bool PrefersTryGetValue => Shape == ShapeAddThenUse && HasTryGetValueForm && ValueType.IsReferenceType;

    /// <summary>The dictionary's value type.</summary>
    public ITypeSymbol ValueType => ((INamedTypeSymbol)Dictionary.Type!).TypeArguments[1];

    /// <summary>The update that starts at <paramref name="lookup"/>, or null.</summary>
    public static PERF019UpdateDictionaryWithOneLookupModel? Match(IInvocationOperation lookup, INamedTypeSymbol dictionaryType, System.Threading.CancellationToken cancellationToken)
    {
        if (lookup.TargetMethod is not { IsStatic: false, Name: "ContainsKey" or "TryGetValue" } method ||
            !SymbolEqualityComparer.Default.Equals(method.ContainingType.OriginalDefinition, dictionaryType) ||
            lookup.Instance is not { Type: INamedTypeSymbol instanceType } dictionary ||
            !SymbolEqualityComparer.Default.Equals(instanceType.OriginalDefinition, dictionaryType) ||
            !LoopShape.IsStableReference(dictionary) ||
            lookup.Arguments.Length < 1 ||
            lookup.Arguments[0].Value.WithoutImplicitConversion() is not { } key ||
            !(LoopShape.IsStableReference(key) || key.ConstantValue.HasValue))
        {
            return null;
        }

        var tryGetValue = method.Name == "TryGetValue";
        ILocalSymbol? outLocal = null;
        if (tryGetValue)
        {
            // out var v / out T v: a new local, so no earlier value of it matters.
            if (lookup.Arguments.Length != 2 ||
                lookup.Arguments[1].Value is not IDeclarationExpressionOperation { Expression: ILocalReferenceOperation { Local: { } declared } })
            {
                return null;
            }

            outLocal = declared;
        }

        // The lookup's place: condition of ?: or if (maybe under !), or a statement of its own.
        var syntax = lookup.Syntax;
        var negated = false;
        var parent = syntax.Parent;
        while (parent is ParenthesizedExpressionSyntax)
        {
            parent = parent.Parent;
        }

        if (parent is PrefixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.LogicalNotExpression } not)
        {
            negated = true;
            parent = not.Parent;
            while (parent is ParenthesizedExpressionSyntax)
            {
                parent = parent.Parent;
            }
        }

        var model = new PERF019UpdateDictionaryWithOneLookupModel(string.Empty, lookup, dictionary, key, ImmutableArray<StatementSyntax>.Empty)
        {
            OutLocal = outLocal,
            Negated = negated,
        };

        var matched = parent switch
        {
            ConditionalExpressionSyntax conditional when tryGetValue && !negated => model.MatchTernary(conditional),
            IfStatementSyntax ifStatement when ifStatement.Else is not null => model.MatchIfElse(ifStatement),
            IfStatementSyntax ifStatement when !tryGetValue && negated => model.MatchAddThenUse(ifStatement),
            ExpressionStatementSyntax statement when tryGetValue && !negated => model.MatchThenSet(statement),
            AssignmentExpressionSyntax { Left: IdentifierNameSyntax { Identifier.ValueText: "_" }, Parent: ExpressionStatementSyntax statement } when tryGetValue && !negated => model.MatchThenSet(statement),
            _ => null,
        };

        if (matched is null || (outLocal is not null && matched.UsedOutside(outLocal, cancellationToken)))
        {
            return null;
        }

        return matched;
    }

    private PERF019UpdateDictionaryWithOneLookupModel With(string shape, params StatementSyntax[] statements) =>
        new(shape, Lookup, Dictionary, Key, ImmutableArray.Create(statements))
        {
            OutLocal = OutLocal,
            Negated = Negated,
            Present = Present,
            Missing = Missing,
            Lookups = Lookups,
            Increment = Increment,
            AddsDefault = AddsDefault,
            HasTryGetValueForm = HasTryGetValueForm,
            Arrow = Arrow,
        };

    /// <summary>What a branch does to the entry: how many lookups, the value it stores, the amount it adds.</summary>
    private sealed class EntryWrite
    {
        public int Lookups;
        public IOperation? Stored;

        /// <summary>The amount <c>d[k] += x</c> adds (<c>x</c>; <c>1</c> for <c>d[k]++</c>), over an integral value.</summary>
        public ExpressionSyntax? Added;
    }

    /// <summary>
    /// A branch that writes the entry once: <c>d[k] = x</c>; where the key is present also <c>d[k] op= x</c> and
    /// <c>d[k]++</c>; where it is missing also <c>d.Add(k, x)</c>.
    /// </summary>
    private EntryWrite? Write(StatementSyntax statement, bool presentBranch)
    {
        if (Operation(statement) is not IExpressionStatementOperation { Operation: { } operation })
        {
            return null;
        }

        switch (operation)
        {
            case ISimpleAssignmentOperation { Target: { } target, Value: { } value } when IsEntry(target) && IsInert(value, presentBranch):
                return new EntryWrite { Lookups = 1 + SlotReads(value), Stored = value.WithoutImplicitConversion() };
            case ICompoundAssignmentOperation { Target: { } target, Value: { } value, OperatorMethod: null, IsChecked: false } compound
                when presentBranch && IsEntry(target) && IsInert(value, slotReads: false) && compound.InConversion.IsIdentity && compound.OutConversion.IsIdentity &&
                     IsBuiltIn(target.Type) && !(compound.OperatorKind is BinaryOperatorKind.Divide or BinaryOperatorKind.Remainder && !IsFloatingPoint(target.Type)):
                return new EntryWrite
                {
                    Lookups = 2,
                    Added = compound.OperatorKind == BinaryOperatorKind.Add && IsIntegral(target.Type) && value.IsSideEffectFree() ? (ExpressionSyntax)value.WithoutImplicitConversion().Syntax : null,
                };
            case IIncrementOrDecrementOperation { Target: { } target, OperatorMethod: null, IsChecked: false } increment
                when presentBranch && IsEntry(target) && IsBuiltIn(target.Type):
                return new EntryWrite
                {
                    Lookups = 2,
                    Added = increment.Kind == OperationKind.Increment && IsIntegral(target.Type) ? SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(1)) : null,
                };
            case IInvocationOperation call when !presentBranch && IsAdd(call) && IsInert(call.Arguments[1].Value, slotReads: false):
                return new EntryWrite { Lookups = 1, Stored = call.Arguments[1].Value.WithoutImplicitConversion() };
            default:
                return null;
        }
    }

    /// <summary>Whether the lookup is the condition of <paramref name="ifStatement"/> (under the negation seen).</summary>
    private bool IsConditionOf(IfStatementSyntax ifStatement)
    {
        var condition = ifStatement.Condition;
        while (condition is ParenthesizedExpressionSyntax parenthesized)
        {
            condition = parenthesized.Expression;
        }

        if (Negated && condition is PrefixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.LogicalNotExpression } not)
        {
            condition = not.Operand;
            while (condition is ParenthesizedExpressionSyntax parenthesized)
            {
                condition = parenthesized.Expression;
            }
        }

        return condition == Lookup.Syntax;
    }

    /// <summary>The one statement of a branch: itself, or the only statement of its block.</summary>
    private static StatementSyntax? Single(StatementSyntax statement) => statement switch
    {
        BlockSyntax { Statements.Count: 1 } block => block.Statements[0] is BlockSyntax ? null : block.Statements[0],
        BlockSyntax => null,
        _ => statement,
    };

    private IOperation? Operation(SyntaxNode node) => Lookup.SemanticModel?.GetOperation(node);

    /// <summary><c>d[k]</c>: the dictionary's own indexer on the same dictionary and key.</summary>
    public bool IsEntry(IOperation operation) =>
        operation is IPropertyReferenceOperation { Property.IsIndexer: true, Instance: { } instance, Arguments.Length: 1 } indexer &&
        SymbolEqualityComparer.Default.Equals(indexer.Property.ContainingType.OriginalDefinition, ((INamedTypeSymbol)Dictionary.Type!).OriginalDefinition) &&
        OperationHelpers.SameStorage(instance, Dictionary) &&
        SameKey(indexer.Arguments[0].Value);

    /// <summary><c>d.Add(k, x)</c> on the same dictionary and key.</summary>
    public bool IsAdd(IOperation operation) =>
        operation is IInvocationOperation { TargetMethod: { Name: "Add", IsStatic: false } add, Instance: { } instance, Arguments.Length: 2 } call &&
        SymbolEqualityComparer.Default.Equals(add.ContainingType.OriginalDefinition, ((INamedTypeSymbol)Dictionary.Type!).OriginalDefinition) &&
        OperationHelpers.SameStorage(instance, Dictionary) &&
        SameKey(call.Arguments[0].Value);

    private bool SameKey(IOperation operation)
    {
        var other = operation.WithoutImplicitConversion();
        return OperationHelpers.SameStorage(other, Key) ||
               (Key.ConstantValue.HasValue && other.ConstantValue.HasValue && Equals(Key.ConstantValue.Value, other.ConstantValue.Value));
    }

    private int SlotReads(IOperation value)
    {
        var count = 0;
        foreach (var operation in value.DescendantsAndSelf())
        {
            if (IsEntry(operation))
            {
                count++;
            }
        }

        return count;
    }

    /// <summary>
    /// A value that runs no user code, cannot throw and cannot touch the dictionary: constants, locals, parameters,
    /// fields of <c>this</c> or static ones, built-in unchecked arithmetic (no integer division), implicit conversions,
    /// <c>?:</c>, a parameterless <c>new</c> of a library type, and (where the key is present) reads of <c>d[k]</c>.
    /// </summary>
    public bool IsInert(IOperation operation, bool slotReads)
    {
        switch (operation)
        {
            case { ConstantValue.HasValue: true }:
            case ILiteralOperation:
            case IDefaultValueOperation:
            case ILocalReferenceOperation:
            case IParameterReferenceOperation { Parameter.RefKind: RefKind.None or RefKind.In }:
            case IInstanceReferenceOperation:
                return true;
            case IFieldReferenceOperation field:
                // A field of this or a static one; or of a struct held in a local or a by-value parameter (a tuple's
                // element, s.Count), which cannot be null.
                return field.Instance is null or IInstanceReferenceOperation ||
                       field.Instance is ILocalReferenceOperation or IParameterReferenceOperation { Parameter.RefKind: RefKind.None or RefKind.In } &&
                       field.Instance.Type is { IsValueType: true } && IsInert(field.Instance, slotReads);
            case ITupleOperation tuple:
                // (s.Count + 1, s.Sum + v): a value tuple of inert elements.
                return tuple.Elements.All(e => IsInert(e, slotReads));
            case IPropertyReferenceOperation when IsEntry(operation):
                return slotReads;
            case IConversionOperation { IsImplicit: true, OperatorMethod: null, IsChecked: false } conversion:
                return IsInert(conversion.Operand, slotReads);
            case IBinaryOperation binary:
                return !binary.IsChecked &&
                       (binary.OperatorMethod is null || binary.OperatorMethod.ContainingType.SpecialType == SpecialType.System_String) &&
                       !(binary.OperatorKind is BinaryOperatorKind.Divide or BinaryOperatorKind.Remainder && !IsFloatingPoint(binary.Type)) &&
                       IsBuiltIn(binary.LeftOperand.Type) && IsBuiltIn(binary.RightOperand.Type) &&
                       IsInert(binary.LeftOperand, slotReads) && IsInert(binary.RightOperand, slotReads);
            case IUnaryOperation unary:
                return !unary.IsChecked && unary.OperatorMethod is null && IsBuiltIn(unary.Operand.Type) && IsInert(unary.Operand, slotReads);
            case IConditionalOperation { WhenFalse: { } whenFalse } conditional:
                return IsInert(conditional.Condition, slotReads) && IsInert(conditional.WhenTrue, slotReads) && IsInert(whenFalse, slotReads);
            case IObjectCreationOperation { Arguments.Length: 0, Initializer: null, Constructor.ContainingType: { } created }:
                // A library type's parameterless constructor cannot reach the user's dictionary.
                return IsLibraryType(created);
            case { Type: INamedTypeSymbol collection } when IsEmptyCollectionExpression(operation):
                // C# 12's [] for a library collection is its parameterless constructor (List<T>) or an empty array.
                return collection.TypeKind == TypeKind.Interface || IsLibraryType(collection);
            case { Type: IArrayTypeSymbol } when IsEmptyCollectionExpression(operation):
                return true;
            default:
                return false;
        }
    }

    private bool IsLibraryType(INamedTypeSymbol type) =>
        type.ContainingAssembly is { } assembly &&
        !SymbolEqualityComparer.Default.Equals(assembly, Lookup.SemanticModel?.Compilation.Assembly) &&
        assembly.Name is "System.Private.CoreLib" or "mscorlib" or "netstandard" or "System.Runtime" or "System.Collections";

    /// <summary>
    /// C# 12's collection expression kinds, read by name from the running compiler: the analyzers compile against
    /// Roslyn 4.5, which has neither; null in a compiler without them.
    /// </summary>
    private static readonly OperationKind? CollectionExpressionKind =
        System.Enum.TryParse<OperationKind>("CollectionExpression", out var kind) ? kind : null;

    /// <summary><c>[]</c>: a collection expression without elements.</summary>
    private static bool IsEmptyCollectionExpression(IOperation operation) =>
        CollectionExpressionKind is { } kind && operation.Kind == kind && !operation.ChildOperations.Any() &&
        operation.Syntax.ChildNodes().FirstOrDefault() is null;

    /// <summary>A type whose built-in operators cannot throw unchecked (decimal's can: it has no unchecked arithmetic).</summary>
    private static bool IsBuiltIn(ITypeSymbol? type) => type is not null && ((type.SpecialType is >= SpecialType.System_Boolean and <= SpecialType.System_Double or SpecialType.System_String && type.SpecialType != SpecialType.System_Decimal) ||
                                                                              type.TypeKind == TypeKind.Enum ||
                                                                              (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable && IsBuiltIn(nullable.TypeArguments[0])));

    private static bool IsFloatingPoint(ITypeSymbol? type) => type?.SpecialType is SpecialType.System_Single or SpecialType.System_Double;

    public static bool IsIntegral(ITypeSymbol? type) => type?.SpecialType is SpecialType.System_Int32 or SpecialType.System_Int64 or SpecialType.System_UInt32 or SpecialType.System_UInt64 or
                                                                          SpecialType.System_Int16 or SpecialType.System_UInt16 or SpecialType.System_Byte or SpecialType.System_SByte;

    /// <summary>Types whose <c>value op x</c> has the value's type, so that <c>d[k] op= x</c> can become <c>d[k] = value op x</c>.</summary>
    private static bool IsArithmetic(ITypeSymbol? type) => type?.SpecialType is SpecialType.System_Int32 or SpecialType.System_Int64 or SpecialType.System_UInt32 or SpecialType.System_UInt64 or
                                                                                SpecialType.System_Single or SpecialType.System_Double or SpecialType.System_String;

    /// <summary>Whether <paramref name="stored"/> is what adding <paramref name="added"/> to <c>default</c> gives: the same side-effect-free expression, or 1 for <c>++</c>.</summary>
    private static bool Stores(IOperation stored, ExpressionSyntax added) =>
        added is LiteralExpressionSyntax { Token.Value: 1 } && added.Parent is null
            ? stored.ConstantValue is { HasValue: true, Value: { } one } && IsIntegral(stored.Type) && System.Convert.ToDecimal(one, System.Globalization.CultureInfo.InvariantCulture) == 1
            : SyntaxFactory.AreEquivalent(stored.Syntax, added) && stored.IsSideEffectFree();

    private static bool IsDefault(IOperation value) =>
        value is IDefaultValueOperation ||
        (value.ConstantValue is { HasValue: true } constant &&
         (constant.Value is null || (value.Type is { } type && IsIntegral(type) && System.Convert.ToDecimal(constant.Value, System.Globalization.CultureInfo.InvariantCulture) == 0)));

    /// <summary>For <c>? v + x : x</c> over an integral value: <c>x</c>, the amount added either way.</summary>
    private ExpressionSyntax? CounterIncrement(IOperation whenTrue, IOperation whenFalse)
    {
        if (!IsIntegral(ValueType) || OutLocal is null ||
            whenTrue.WithoutImplicitConversion() is not IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, LeftOperand: var left, RightOperand: var right } ||
            left.WithoutImplicitConversion() is not ILocalReferenceOperation { Local: var local } ||
            !SymbolEqualityComparer.Default.Equals(local, OutLocal) ||
            right.References(OutLocal) || !right.IsSideEffectFree() ||
            !SyntaxFactory.AreEquivalent(right.WithoutImplicitConversion().Syntax, whenFalse.WithoutImplicitConversion().Syntax))
        {
            return null;
        }

        return (ExpressionSyntax)right.WithoutImplicitConversion().Syntax;
    }

    /// <summary>Whether <c>v</c> is named outside the statements the rewrite replaces (its scope is the enclosing block).</summary>
    private bool UsedOutside(ILocalSymbol local, System.Threading.CancellationToken cancellationToken)
    {
        var scope = MultiTargeting.Scope(Lookup.Syntax);
        if (MultiTargeting.MentionedInInactiveCode(scope, local.Name))
        {
            return true;
        }

        var model = Lookup.SemanticModel;
        foreach (var identifier in scope.DescendantNodes().OfType<IdentifierNameSyntax>())
        {
            if (identifier.Identifier.ValueText != local.Name || Statements.Any(s => s.Span.Contains(identifier.Span)) || Arrow?.Span.Contains(identifier.Span) == true)
            {
                continue;
            }

            if (model is null || SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier, cancellationToken).Symbol, local))
            {
                return true;
            }
        }

        return false;
    }
}
