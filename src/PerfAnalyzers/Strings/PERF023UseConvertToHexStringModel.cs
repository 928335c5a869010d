using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Strings;

/// <summary>What PERF023 resolves once per compilation.</summary>
internal sealed class HexSymbols
{
    public HexSymbols(PerfCompilation compilation, INamedTypeSymbol stringBuilder, INamedTypeSymbol? span, INamedTypeSymbol? readOnlySpan, bool hasLower)
    {
        Compilation = compilation;
        StringBuilder = stringBuilder;
        Span = span;
        ReadOnlySpan = readOnlySpan;
        HasLower = hasLower;
    }

    public PerfCompilation Compilation { get; }

    /// <summary>
    /// What the rule needs, or null where <c>Convert.ToHexString</c> (.NET 5) or <c>StringBuilder</c> is missing (.NET
    /// Framework, .NET Standard): there is nothing to suggest. PERF021 reads the same answer to know where PERF023's loop
    /// shape is reported (<see cref="HexLoop"/>).
    /// </summary>
    public static HexSymbols? Resolve(PerfCompilation compilation)
    {
        if (compilation.Types.Get(WellKnownTypes.Convert) is not { } convert ||
            !convert.GetMembers("ToHexString").Any(m => m is IMethodSymbol { IsStatic: true, Parameters.Length: 1 }) ||
            compilation.Types.Get(WellKnownTypes.StringBuilder) is not { } stringBuilder)
        {
            return null;
        }

        // ToHexStringLower (.NET 9) is written only when every leg that compiles the new code has it: two legs of one
        // project must write the same fix (a .NET 8 leg beside a .NET 9 one gets ToLowerInvariant() on both).
        var hasLower = convert.GetMembers("ToHexStringLower").Any(m => m is IMethodSymbol { IsStatic: true, Parameters.Length: 1 }) &&
                       compilation.Legs.All(l => l.Kind is TargetFrameworkKind.NetStandard or TargetFrameworkKind.NetFramework || l.IsNetCoreAtLeast(9));
        return new HexSymbols(compilation, stringBuilder, compilation.Types.Get(WellKnownTypes.SpanOfT), compilation.Types.Get(WellKnownTypes.ReadOnlySpanOfT), hasLower);
    }

    public WellKnownTypes Types => Compilation.Types;

    public INamedTypeSymbol StringBuilder { get; }

    public INamedTypeSymbol? Span { get; }

    public INamedTypeSymbol? ReadOnlySpan { get; }

    /// <summary>Whether the fix writes <c>Convert.ToHexStringLower</c> (every leg has it).</summary>
    public bool HasLower { get; }

    /// <summary>The call the fix writes for upper- or lowercase digits.</summary>
    public string Case(bool lower) => !lower
        ? PERF023UseConvertToHexStringAnalyzer.Upper
        : HasLower ? PERF023UseConvertToHexStringAnalyzer.Lower : PERF023UseConvertToHexStringAnalyzer.LowerInvariant;

    /// <summary><c>byte[]</c>, <c>Span&lt;byte&gt;</c> or <c>ReadOnlySpan&lt;byte&gt;</c>: what <c>Convert.ToHexString</c> takes.</summary>
    public bool IsBytes(ITypeSymbol? type) => type switch
    {
        IArrayTypeSymbol { IsSZArray: true, ElementType.SpecialType: SpecialType.System_Byte } => true,
        INamedTypeSymbol { TypeArguments.Length: 1 } named when named.TypeArguments[0].SpecialType == SpecialType.System_Byte =>
            SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, Span) || SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, ReadOnlySpan),
        _ => false,
    };
}

/// <summary>The byte a loop or a lambda formats: a <c>foreach</c> variable, a lambda's parameter, or <c>bytes[i]</c>.</summary>
internal sealed class HexElement
{
    private readonly ISymbol _variable;
    private readonly IOperation? _buffer;
    private readonly HexSymbols? _symbols;

    private HexElement(ISymbol variable, IOperation? buffer, HexSymbols? symbols) => (_variable, _buffer, _symbols) = (variable, buffer, symbols);

    /// <summary>The <c>foreach</c> variable or the lambda's parameter.</summary>
    public static HexElement Of(ISymbol variable) => new(variable, null, null);

    /// <summary><c>buffer[index]</c>.</summary>
    public static HexElement Of(ILocalSymbol index, IOperation buffer, HexSymbols symbols) => new(index, buffer, symbols);

    public bool Is(IOperation operation)
    {
        operation = operation.WithoutImplicitConversion();
        if (_buffer is null)
        {
            return operation switch
            {
                ILocalReferenceOperation local => SymbolEqualityComparer.Default.Equals(local.Local, _variable),
                IParameterReferenceOperation parameter => SymbolEqualityComparer.Default.Equals(parameter.Parameter, _variable),
                _ => false,
            };
        }

        return LoopShape.Element(operation, (ILocalSymbol)_variable, _symbols!.Span, _symbols.ReadOnlySpan) is { Kind: not LoopShape.Sequence.String } element &&
               element.Type.SpecialType == SpecialType.System_Byte &&
               OperationHelpers.SameStorage(element.Target, _buffer);
    }

    /// <summary>Whether <paramref name="operation"/> reads the variable (or the index): then it changes from one byte to the next.</summary>
    public bool IsReadBy(IOperation operation)
    {
        foreach (var node in operation.DescendantsAndSelf())
        {
            switch (node)
            {
                case ILocalReferenceOperation local when SymbolEqualityComparer.Default.Equals(local.Local, _variable):
                case IParameterReferenceOperation parameter when SymbolEqualityComparer.Default.Equals(parameter.Parameter, _variable):
                    return true;
            }
        }

        return false;
    }
}

/// <summary>A recognized hex-formatting shape: its case and what the fix writes.</summary>
internal sealed class HexText
{
    private readonly string _bytes;
    private readonly string _format;

    private HexText(bool lower, string bytes, string format) => (Lower, _bytes, _format) = (lower, bytes, format);

    /// <summary>Whether the digits are lowercase (<c>"x2"</c>).</summary>
    public bool Lower { get; }

    /// <summary>The suggestion in the message: <c>{0}</c> of the format is the call.</summary>
    public string Suggestion(string kind) => string.Format(System.Globalization.CultureInfo.InvariantCulture, _format, Call(kind));

    /// <summary>The call alone: what the whole builder becomes when the fix folds it.</summary>
    public string Call(string kind) => kind switch
    {
        PERF023UseConvertToHexStringAnalyzer.Lower => $"Convert.ToHexStringLower({_bytes})",
        PERF023UseConvertToHexStringAnalyzer.LowerInvariant => $"Convert.ToHexString({_bytes}).ToLowerInvariant()",
        _ => $"Convert.ToHexString({_bytes})",
    };

    /// <summary>
    /// The loop's only statement: <c>sb.Append(hex)</c>, <c>sb.AppendFormat("{0:X2}", b)</c> (either discarded:
    /// <c>_ = sb.Append(hex)</c>) or <c>s += hex</c>, where the
    /// builder (a local, a parameter or a field of <c>this</c>) or the string (a local or a parameter) does not depend on
    /// the byte. <paramref name="bytes"/> is the buffer's syntax.
    /// </summary>
    public static HexText? OfStatement(IOperation statement, HexElement element, SyntaxNode bytes, HexSymbols symbols)
    {
        bool? lower;
        if (statement is ISimpleAssignmentOperation { Target: IDiscardOperation, Value: IInvocationOperation discarded })
        {
            statement = discarded;
        }

        switch (statement)
        {
            case IInvocationOperation { TargetMethod: { IsStatic: false } method, Instance: { } receiver } append
                when SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.StringBuilder) &&
                     receiver.IsSideEffectFree() && !element.IsReadBy(receiver) &&
                     append.Syntax is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax }:
                if (method.Name == "Append" && append.Arguments.Length == 1)
                {
                    lower = HexOf(append.Arguments[0].Value, element, symbols);
                }
                else if (method.Name == "AppendFormat" && append.Arguments.Length == 2 && method.Parameters.Length == 2 &&
                         method.Parameters[0].Type.SpecialType == SpecialType.System_String &&
                         method.Parameters[1].Type.SpecialType == SpecialType.System_Object &&
                         Argument(append, 1) is { } value && element.Is(value))
                {
                    lower = Argument(append, 0)?.ConstantValue is { HasValue: true, Value: string format } ? Format(format, "{0:", "}") : null;
                }
                else
                {
                    return null;
                }

                return lower is { } isLower ? new HexText(isLower, bytes.OneLine(), receiver.Syntax.OneLine() + ".Append({0})") : null;

            case ICompoundAssignmentOperation { OperatorKind: BinaryOperatorKind.Add, Target: ILocalReferenceOperation or IParameterReferenceOperation, Target.Type.SpecialType: SpecialType.System_String, Value.Type.SpecialType: SpecialType.System_String } concatenation:
                lower = HexOf(concatenation.Value, element, symbols);
                return lower is { } lowerText ? new HexText(lowerText, bytes.OneLine(), concatenation.Target.Syntax.OneLine() + " += {0}") : null;

            default:
                return null;
        }
    }

    /// <summary>
    /// <c>string.Concat(bytes.Select(b =&gt; hex))</c> or <c>string.Join("", ...)</c> (also of <c>.ToArray()</c>), where
    /// <c>bytes</c> is a <c>byte[]</c>.
    /// </summary>
    public static HexText? OfConcat(IInvocationOperation call, HexSymbols symbols)
    {
        var method = call.TargetMethod;
        int ordinal;
        if (method.Name == "Concat" && method.Parameters.Length == 1)
        {
            ordinal = 0;
        }
        else if (method.Name == "Join" && method.Parameters.Length == 2 && method.Parameters[0].Type.SpecialType == SpecialType.System_String &&
                 Argument(call, 0) is { } separator &&
                 (separator.ConstantValue is { HasValue: true, Value: "" } ||
                  separator is IFieldReferenceOperation { Field: { Name: "Empty", IsStatic: true, ContainingType.SpecialType: SpecialType.System_String } }))
        {
            ordinal = 1;
        }
        else
        {
            return null;
        }

        if (!IsStrings(method.Parameters[ordinal].Type) || Argument(call, ordinal) is not { } values)
        {
            return null;
        }

        // ... .Select(...).ToArray()
        if (values is IInvocationOperation { TargetMethod.Name: "ToArray" } toArray && IsEnumerableCall(toArray, 1, symbols))
        {
            values = toArray.Arguments[0].Value.WithoutImplicitConversion();
        }

        if (values is not IInvocationOperation { TargetMethod.Name: "Select" } select || !IsEnumerableCall(select, 2, symbols) ||
            Argument(select, 0) is not { Type: IArrayTypeSymbol { IsSZArray: true, ElementType.SpecialType: SpecialType.System_Byte } } bytes ||
            Argument(select, 1) is not IDelegateCreationOperation
            {
                Target: IAnonymousFunctionOperation
                {
                    Symbol.Parameters: { Length: 1 } parameters,
                    Body: { Operations: { Length: 1 } operations },
                },
            } ||
            parameters[0].Type.SpecialType != SpecialType.System_Byte ||
            operations[0] is not IReturnOperation { ReturnedValue: { } returned } ||
            HexOf(returned, HexElement.Of(parameters[0]), symbols) is not { } lower)
        {
            return null;
        }

        return new HexText(lower, bytes.Syntax.OneLine(), "{0}");
    }

    /// <summary>
    /// <c>b.ToString("X2")</c> (or with a culture, which hex formatting does not read) or <c>$"{b:X2}"</c> of the element:
    /// whether it is lowercase; null for anything else (another width, a prefix, a separator).
    /// </summary>
    private static bool? HexOf(IOperation value, HexElement element, HexSymbols symbols)
    {
        value = value.WithoutImplicitConversion();
        if (value is IInvocationOperation { TargetMethod: { Name: "ToString", IsStatic: false, ContainingType.SpecialType: SpecialType.System_Byte } method, Instance: { } instance } call &&
            element.Is(instance) &&
            method.Parameters.Length is 1 or 2 && method.Parameters[0].Type.SpecialType == SpecialType.System_String &&
            (method.Parameters.Length == 1 || Argument(call, 1) is { } provider && IsPlainProvider(provider, symbols)))
        {
            return Argument(call, 0)?.ConstantValue is { HasValue: true, Value: string format } ? Format(format, string.Empty, string.Empty) : null;
        }

        var syntax = value.Syntax;
        while (syntax is ParenthesizedExpressionSyntax parenthesized)
        {
            syntax = parenthesized.Expression;
        }

        if (syntax is InterpolatedStringExpressionSyntax { Contents: { Count: 1 } contents } &&
            contents[0] is InterpolationSyntax { AlignmentClause: null, FormatClause: { } clause } hole &&
            value.SemanticModel?.GetOperation(hole.Expression) is { } formatted && element.Is(formatted))
        {
            return Format(clause.FormatStringToken.ValueText, string.Empty, string.Empty);
        }

        return null;
    }

    /// <summary>True for <c>X2</c>, false for <c>x2</c> (inside <paramref name="prefix"/> and <paramref name="suffix"/>), else null.</summary>
    private static bool? Format(string format, string prefix, string suffix) =>
        format == prefix + "X2" + suffix ? false : format == prefix + "x2" + suffix ? true : null;

    /// <summary>A culture read without side effects: hex formatting of a byte never asks the provider for anything.</summary>
    private static bool IsPlainProvider(IOperation provider, HexSymbols symbols) =>
        provider.ConstantValue is { HasValue: true, Value: null } ||
        (provider.Type is { } type && (symbols.Types.Is(type, WellKnownTypes.CultureInfo) || symbols.Types.Is(type, WellKnownTypes.NumberFormatInfo)) &&
         (provider.IsSideEffectFree() || provider is IPropertyReferenceOperation { Instance: null, Arguments.Length: 0 }));

    /// <summary><c>x.M(...)</c> or <c>Enumerable.M(x, ...)</c> of LINQ's <c>Enumerable</c>, arguments positional or named in any order.</summary>
    private static bool IsEnumerableCall(IInvocationOperation call, int parameters, HexSymbols symbols) =>
        call.TargetMethod is { IsStatic: true, IsExtensionMethod: true } method && method.Parameters.Length == parameters &&
        call.Arguments.Length == parameters && symbols.Types.Is(method.ContainingType, WellKnownTypes.Enumerable) &&
        call.Syntax is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax } invocation &&
        invocation.ArgumentList.Arguments.Count is var count && (count == parameters - 1 || count == parameters);

    /// <summary>The value passed for the parameter at <paramref name="ordinal"/>, without an implicit conversion.</summary>
    private static IOperation? Argument(IInvocationOperation call, int ordinal) =>
        call.ArgumentFor(ordinal) is { Parent: IArgumentOperation { ArgumentKind: ArgumentKind.Explicit } } value ? value.WithoutImplicitConversion() : null;

    /// <summary><c>string[]</c> or <c>IEnumerable&lt;string&gt;</c>.</summary>
    private static bool IsStrings(ITypeSymbol type) => type switch
    {
        IArrayTypeSymbol { Rank: 1, ElementType.SpecialType: SpecialType.System_String } => true,
        INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Collections_Generic_IEnumerable_T, TypeArguments: { Length: 1 } arguments } => arguments[0].SpecialType == SpecialType.System_String,
        _ => false,
    };
}
