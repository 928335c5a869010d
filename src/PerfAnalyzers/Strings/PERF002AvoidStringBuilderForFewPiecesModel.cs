using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Strings;

/// <summary>What the fix writes in place of the builder.</summary>
public enum ReplacementForm
{
    /// <summary><c>string.Concat(a, b)</c>: every piece is a string.</summary>
    Concat,

    /// <summary><c>$"{a}{b}"</c>: interpolated string handlers (.NET 6+) and C# 10+.</summary>
    Interpolation,

    /// <summary><c>string.Concat(a, b.ToString())</c>: non-string pieces formatted with the current culture, as Append does.</summary>
    ConcatWithToString,
}

/// <summary>One appended piece: the value's syntax and the Append parameter type it went through.</summary>
public sealed class Piece
{
    public Piece(ExpressionSyntax? expression, IOperation? value, ITypeSymbol? parameterType)
    {
        Expression = expression;
        Value = value;
        ParameterType = parameterType;
    }

    /// <summary>The appended expression, or null for the newline of <c>AppendLine</c>.</summary>
    public ExpressionSyntax? Expression { get; }

    /// <summary>The appended value (after any implicit conversion to the parameter), or null for a newline.</summary>
    public IOperation? Value { get; }

    /// <summary>The Append overload's parameter type (string, char or a primitive), or null for a newline.</summary>
    public ITypeSymbol? ParameterType { get; }

    public bool IsNewLine => Expression is null;

    /// <summary>The expression itself is a string (not converted to one): string.Concat takes it as it is.</summary>
    public bool IsString => IsNewLine || ParameterType?.SpecialType == SpecialType.System_String && !NeedsCast;

    /// <summary>The argument reached the parameter through an implicit conversion from another type.</summary>
    public bool NeedsCast =>
        Value is IConversionOperation { IsImplicit: true } conversion &&
        conversion.Operand.Type is { } from &&
        !SymbolEqualityComparer.Default.Equals(from, conversion.Type) &&
        conversion.Operand.ConstantValue is not { HasValue: true, Value: null };
}

/// <summary>
/// The data-flow facts of one builder: it is created in the method, appended a fixed number of times in straight-line
/// code, read once with <c>ToString()</c>, and used in no other way. Shared by the analyzer and the code fix.
/// </summary>
public sealed class BuilderUse
{
    /// <summary>Diagnostic property: "true" when the pieces can move to the <c>ToString()</c> call in the same order.</summary>
    /// <summary>Diagnostic property: whether the fix may write an interpolated string (every leg has the .NET 6 handlers).</summary>
    public const string HandlersKey = "Handlers";


    private BuilderUse(IObjectCreationOperation creation, IInvocationOperation toStringCall, List<Piece> pieces, List<IOperation> removedStatements, bool fixable)
    {
        Creation = creation;
        ToStringCall = toStringCall;
        Pieces = pieces;
        RemovedStatements = removedStatements;
        Fixable = fixable;
    }

    public IObjectCreationOperation Creation { get; }

    /// <summary>The single <c>ToString()</c> call; the fix replaces it with the joined pieces.</summary>
    public IInvocationOperation ToStringCall { get; }

    /// <summary>The pieces, in evaluation order.</summary>
    public IReadOnlyList<Piece> Pieces { get; }

    /// <summary>The local's declaration and its append statements (empty for a single chain).</summary>
    public IReadOnlyList<IOperation> RemovedStatements { get; }

    /// <summary>The pieces are evaluated right before <c>ToString()</c> and can move there.</summary>
    public bool Fixable { get; }

    /// <summary>The fix's output form for this target and language version.</summary>
    public ReplacementForm ChooseForm(bool hasInterpolatedStringHandlers, LanguageVersion languageVersion)
    {
        var allStrings = true;
        var multiLine = false;
        foreach (var piece in Pieces)
        {
            allStrings &= piece.IsString;
            multiLine |= piece.Expression is { } expression && expression.DescendantTrivia().Any(t => t.IsKind(SyntaxKind.EndOfLineTrivia));
        }

        if (allStrings)
        {
            return ReplacementForm.Concat;
        }

        // A hole with a line break needs C# 11; an argument may bind to a custom handler overload that skips holes.
        return hasInterpolatedStringHandlers && languageVersion >= LanguageVersion.CSharp10 &&
               (!multiLine || languageVersion >= LanguageVersion.CSharp11) &&
               ToStringCall.Parent is not IArgumentOperation
            ? ReplacementForm.Interpolation
            : ReplacementForm.ConcatWithToString;
    }

    /// <summary>The builder's use, or null when it is not a needless builder (or has more than max appends).</summary>
    public static BuilderUse? Find(IObjectCreationOperation creation, INamedTypeSymbol stringBuilder, int maxAppends, CancellationToken cancellationToken)
    {
        var pieces = new List<Piece>();
        var appends = 0;
        if (creation.Initializer is not null || !AddConstructorPiece(creation, pieces, ref appends))
        {
            return null;
        }

        // A target-typed 'new()' sits under an implicit conversion to its own type.
        IOperation value = creation.Parent is IConversionOperation { IsImplicit: true, OperatorMethod: null } conversion &&
                           SymbolEqualityComparer.Default.Equals(conversion.Type, stringBuilder)
            ? conversion
            : creation;
        var top = WalkAppends(value, stringBuilder, pieces, ref appends);
        if (top.Parent is IInvocationOperation chainEnd && IsToString(chainEnd, top, stringBuilder))
        {
            return Accept(creation, chainEnd, pieces, new List<IOperation>(), fixable: true, appends, maxAppends);
        }

        // The local shape: 'var sb = new StringBuilder()...;' as a statement of a block.
        if (top.Parent is not IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } ||
            declarator.Parent is not IVariableDeclarationOperation { Declarators.Length: 1, Parent: IVariableDeclarationGroupOperation { Declarations.Length: 1 } group } ||
            group.Parent is not IBlockOperation block ||
            group.Syntax is not LocalDeclarationStatementSyntax { UsingKeyword.RawKind: 0, AwaitKeyword.RawKind: 0 } ||
            declarator.Symbol.RefKind != RefKind.None)
        {
            return null;
        }

        var local = declarator.Symbol;
        var removed = new List<IOperation> { group };
        var intervening = false;
        IInvocationOperation? toStringCall = null;
        var start = block.Operations.IndexOf(group);
        for (var i = start + 1; i < block.Operations.Length && toStringCall is null; i++)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var statement = block.Operations[i];
            if (statement is ILabeledOperation)
            {
                return null; // a jump target between the appends could make them run more than once
            }

            var references = References(statement, local);
            if (references.Count == 0)
            {
                intervening = true;
                continue;
            }

            if (references.Count > 1)
            {
                return null;
            }

            var reference = references[0];
            var end = WalkAppends(reference, stringBuilder, pieces, ref appends);
            if (statement is IExpressionStatementOperation && end != reference && end.Parent == statement)
            {
                removed.Add(statement);
                continue;
            }

            if (end.Parent is not IInvocationOperation call || !IsToString(call, end, stringBuilder) || !IsReadAtMostOnce(call, statement))
            {
                return null;
            }

            toStringCall = call;
        }

        // Every use of the local anywhere in the body (lambdas included) is one of those appends or that single read:
        // one reference per append statement plus the read, which is as many as the removed statements (those appends
        // and the declaration, which holds none).
        if (toStringCall is null || References(block.GetRoot(), local).Count != removed.Count)
        {
            return null;
        }

        var fixable = !intervening && IsEvaluatedFirst(toStringCall, block);
        return Accept(creation, toStringCall, pieces, removed, fixable, appends, maxAppends);
    }

    private static BuilderUse? Accept(IObjectCreationOperation creation, IInvocationOperation toStringCall, List<Piece> pieces, List<IOperation> removed, bool fixable, int appends, int maxAppends)
    {
        // Broken code (a missing argument or parenthesis) is not judged.
        if (pieces.Count < 2 || appends > maxAppends || creation.Syntax.ContainsDiagnostics || toStringCall.Syntax.ContainsDiagnostics ||
            pieces.Any(p => p.Expression?.ContainsDiagnostics == true) || removed.Any(s => s.Syntax.ContainsDiagnostics))
        {
            return null;
        }

        return new BuilderUse(creation, toStringCall, pieces, removed, fixable);
    }

    /// <summary>
    /// <c>new StringBuilder()</c>, <c>(capacity)</c>, <c>(value)</c> or <c>(value, capacity)</c>: a capacity is dropped
    /// by the fix, so it must be a non-negative constant or have no side effects; an initial value is the first piece.
    /// </summary>
    private static bool AddConstructorPiece(IObjectCreationOperation creation, List<Piece> pieces, ref int appends)
    {
        foreach (var argument in creation.Arguments)
        {
            var type = argument.Parameter?.Type.SpecialType;
            if (type == SpecialType.System_String && argument.Parameter!.Name == "value" && argument.Syntax is ArgumentSyntax syntax)
            {
                pieces.Add(new Piece(syntax.Expression, argument.Value, argument.Parameter.Type));
                appends++;
            }
            else if (type == SpecialType.System_Int32 && argument.Parameter!.Name == "capacity" && IsDroppableCapacity(argument.Value))
            {
                continue;
            }
            else
            {
                return false;
            }
        }

        return true;
    }

    private static bool IsDroppableCapacity(IOperation capacity) => capacity switch
    {
        { ConstantValue: { HasValue: true, Value: int constant } } => constant >= 0,
        IBinaryOperation { OperatorMethod: null, OperatorKind: BinaryOperatorKind.Add or BinaryOperatorKind.Subtract or BinaryOperatorKind.Multiply, IsChecked: false } binary =>
            IsDroppableCapacity(binary.LeftOperand) && IsDroppableCapacity(binary.RightOperand),
        IPropertyReferenceOperation { Property.Name: "Length" or "Count", Instance: { } instance } => instance.IsSideEffectFree(),
        _ => capacity.IsSideEffectFree(),
    };

    /// <summary>Walks up <c>.Append(x)</c> calls on the value, collecting their pieces; returns the topmost builder value.</summary>
    private static IOperation WalkAppends(IOperation value, INamedTypeSymbol stringBuilder, List<Piece> pieces, ref int appends)
    {
        var current = value;
        while (current.Parent is IInvocationOperation call && call.Instance == current &&
               SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType, stringBuilder) &&
               TryGetPieces(call, out var first, out var newLine))
        {
            if (first is not null)
            {
                pieces.Add(first);
            }

            if (newLine)
            {
                pieces.Add(new Piece(null, null, null));
            }

            appends++;
            current = call;
        }

        return current;
    }

    /// <summary><c>Append(x)</c> of a string, char or primitive value; <c>AppendLine()</c> and <c>AppendLine(string)</c>.</summary>
    private static bool TryGetPieces(IInvocationOperation call, out Piece? piece, out bool newLine)
    {
        piece = null;
        newLine = false;
        var method = call.TargetMethod;
        if (method.IsStatic || method.IsGenericMethod)
        {
            return false;
        }

        if (method.Name == "AppendLine")
        {
            newLine = true;
            if (method.Parameters.Length == 0)
            {
                return true;
            }

            if (method.Parameters.Length != 1 || method.Parameters[0].Type.SpecialType != SpecialType.System_String)
            {
                return false;
            }
        }
        else if (method.Name != "Append" || method.Parameters.Length != 1 || !IsPieceType(method.Parameters[0].Type))
        {
            return false;
        }

        // Append(value: x) too (issue #34): the fix takes the piece's expression, never the argument with its name.
        if (call.Arguments.Length != 1 || call.Arguments[0].Syntax is not ArgumentSyntax { RefKindKeyword.RawKind: 0 } argument)
        {
            return false;
        }

        piece = new Piece(argument.Expression, call.Arguments[0].Value, method.Parameters[0].Type);
        return true;
    }

    private static bool IsPieceType(ITypeSymbol type) => type.SpecialType switch
    {
        SpecialType.System_String or SpecialType.System_Char or SpecialType.System_Boolean or
        SpecialType.System_SByte or SpecialType.System_Byte or SpecialType.System_Int16 or SpecialType.System_UInt16 or
        SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64 or SpecialType.System_UInt64 or
        SpecialType.System_Single or SpecialType.System_Double or SpecialType.System_Decimal => true,
        _ => false,
    };

    private static bool IsToString(IInvocationOperation call, IOperation instance, INamedTypeSymbol stringBuilder) =>
        call.Instance == instance &&
        call.TargetMethod is { Name: "ToString", Parameters.Length: 0, IsStatic: false } method &&
        SymbolEqualityComparer.Default.Equals(method.ContainingType, stringBuilder);

    private static List<ILocalReferenceOperation> References(IOperation root, ILocalSymbol local)
    {
        var references = new List<ILocalReferenceOperation>();
        foreach (var operation in root.DescendantsAndSelf())
        {
            if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local))
            {
                references.Add(reference);
            }
        }

        return references;
    }

    /// <summary>Not in a loop or in a lambda or local function inside the statement (which could run it many times).</summary>
    private static bool IsReadAtMostOnce(IOperation call, IOperation statement)
    {
        for (var current = call.Parent; current is not null && current != statement.Parent; current = current.Parent)
        {
            if (current is ILoopOperation or IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Nothing in the statement runs before the <c>ToString()</c> call, so the pieces can move there: it is the value
    /// returned, assigned to a simple target, used to initialise a local, or the first argument of a call on a simple
    /// receiver, or the left operand of a binary operator.
    /// </summary>
    private static bool IsEvaluatedFirst(IOperation call, IBlockOperation block)
    {
        var current = call;
        while (current.Parent is { } parent && parent != block)
        {
            switch (parent)
            {
                case IReturnOperation:
                case IVariableInitializerOperation:
                case IVariableDeclaratorOperation:
                case IVariableDeclarationOperation:
                case IVariableDeclarationGroupOperation:
                case IExpressionStatementOperation:
                case IConversionOperation:
                case IThrowOperation:
                    break;
                case ISimpleAssignmentOperation assignment when assignment.Value == current && IsSimpleTarget(assignment.Target):
                    break;
                case IBinaryOperation binary when binary.LeftOperand == current:
                    break;
                case IArgumentOperation argument when argument.Parent switch
                {
                    IInvocationOperation invocation => invocation.Arguments.Length > 0 && invocation.Arguments[0] == argument &&
                                                       (invocation.Instance is null || invocation.Instance.IsSideEffectFree()),
                    IObjectCreationOperation created => created.Arguments.Length > 0 && created.Arguments[0] == argument,
                    _ => false,
                }:
                    break;
                case IInvocationOperation or IObjectCreationOperation when current is IArgumentOperation:
                    break;
                default:
                    return false;
            }

            current = parent;
        }

        return true;
    }

    private static bool IsSimpleTarget(IOperation target) => target switch
    {
        ILocalReferenceOperation or IParameterReferenceOperation => true,
        IFieldReferenceOperation field => field.Instance is null || field.Instance is IInstanceReferenceOperation,
        IPropertyReferenceOperation { Arguments.Length: 0 } property => property.Instance is null || property.Instance is IInstanceReferenceOperation,
        _ => false,
    };
}
