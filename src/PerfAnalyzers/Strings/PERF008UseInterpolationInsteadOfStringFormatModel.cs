using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Strings;

/// <summary>What the fix writes in place of the <c>string.Format</c> call.</summary>
public enum FormatForm
{
    /// <summary><c>string.Concat(a, "/", b)</c>: plain placeholders, string arguments, no provider.</summary>
    Concat,

    /// <summary><c>$"{a,5:X2}"</c>: .NET 6+ with C# 10+.</summary>
    Interpolation,

    /// <summary><c>string.Create(provider, $"...")</c>: the provider overload on .NET 6+ with C# 10+.</summary>
    CreateWithProvider,

    /// <summary><c>sb.Append($"...")</c> (or <c>sb.Append(provider, $"...")</c>): the builder's handler appends directly.</summary>
    AppendInterpolation,

    /// <summary><c>sb.AppendFormat(format, args)</c>: before .NET 6 / C# 10, formats into the builder without an intermediate string.</summary>
    AppendFormat,
}

/// <summary>One value argument of the format: its syntax and its value before the conversion to object.</summary>
public sealed class FormatArgument
{
    public FormatArgument(ExpressionSyntax expression, IOperation value, IOperation converted)
    {
        Expression = expression;
        Value = value;
        Converted = converted;
    }

    /// <summary>The argument as written (the operand of the implicit conversion to object).</summary>
    public ExpressionSyntax Expression { get; }

    /// <summary>The argument's value, without the implicit conversion to object.</summary>
    public IOperation Value { get; }

    /// <summary>The argument as passed (with the conversion).</summary>
    public IOperation Converted { get; }

    public bool IsString => Value.Type?.SpecialType == SpecialType.System_String;
}

/// <summary>
/// The facts of one flaggable <c>string.Format</c> call: its parsed format, arguments, the form the fix writes and
/// whether that fix keeps evaluation order. Shared by the analyzer and the code fix.
/// </summary>
public sealed class FormatCall
{

    private FormatCall(IInvocationOperation invocation, ArgumentSyntax? provider, ExpressionSyntax formatSyntax, IReadOnlyList<FormatArgument> arguments,
        ImmutableArray<FormatPart> parts, FormatForm form, IInvocationOperation? append, bool fixable, ImmutableArray<int> syntaxIndices)
    {
        Invocation = invocation;
        SyntaxIndices = syntaxIndices;
        Provider = provider;
        FormatSyntax = formatSyntax;
        Arguments = arguments;
        Parts = parts;
        Form = form;
        Append = append;
        Fixable = fixable;
    }

    public IInvocationOperation Invocation { get; }

    /// <summary>The <c>IFormatProvider</c> argument, or null.</summary>
    public ArgumentSyntax? Provider { get; }

    public ExpressionSyntax FormatSyntax { get; }

    public IReadOnlyList<FormatArgument> Arguments { get; }

    public ImmutableArray<FormatPart> Parts { get; }

    public FormatForm Form { get; }

    /// <summary>The enclosing <c>StringBuilder.Append(string)</c> call for the Append forms.</summary>
    public IInvocationOperation? Append { get; }

    public bool Fixable { get; }

    /// <summary>
    /// Where each parameter's argument stands in the call's argument list, in parameter order (provider, format, values):
    /// named arguments may be written in any order (<c>string.Format(arg0: x, format: "{0}")</c>).
    /// </summary>
    public ImmutableArray<int> SyntaxIndices { get; }

    /// <summary>Position of the <c>IFormatProvider</c> argument in the argument list (when there is one).</summary>
    public int ProviderSyntaxIndex => SyntaxIndices[0];

    /// <summary>Position of value argument <paramref name="index"/> (<c>{index}</c>) in the argument list.</summary>
    public int ValueSyntaxIndex(int index) => SyntaxIndices[(Provider is null ? 1 : 2) + index];

    public static FormatCall? Find(IInvocationOperation invocation, PERF008UseInterpolationInsteadOfStringFormatAnalyzer.Symbols types)
    {
        var method = invocation.TargetMethod;
        if (method is not { Name: "Format", IsStatic: true, ContainingType.SpecialType: SpecialType.System_String } ||
            invocation.Syntax is not InvocationExpressionSyntax syntax || syntax.ContainsDiagnostics)
        {
            return null;
        }

        // (IFormatProvider?, string format, object... | params object[] | params ReadOnlySpan<object>); not CompositeFormat.
        var parameters = method.Parameters;
        var first = 0;
        if (parameters.Length > 0 && types.IFormatProvider is not null && SymbolEqualityComparer.Default.Equals(parameters[0].Type, types.IFormatProvider))
        {
            first = 1;
        }

        if (parameters.Length <= first || parameters[first].Type.SpecialType != SpecialType.System_String)
        {
            return null;
        }

        for (var i = first + 1; i < parameters.Length; i++)
        {
            if (parameters[i].Type.SpecialType != SpecialType.System_Object && !parameters[i].IsParams)
            {
                return null;
            }
        }

        // Positional arguments only; a params array passed as an existing array (or span) is not expanded.
        string? format = null;
        var localConstant = false;
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is null || argument.Parameter.IsParams && argument.ArgumentKind == ArgumentKind.Explicit)
            {
                return null;
            }

            if (SymbolEqualityComparer.Default.Equals(argument.Parameter, parameters[first]))
            {
                format = argument.Value.ConstantValue is { HasValue: true, Value: string constant } ? constant : null;
                localConstant = argument.Value is ILocalReferenceOperation;
            }
        }

        var syntaxArguments = syntax.ArgumentList.Arguments;
        if (format is null || syntaxArguments.Count < first + 1 || HasRefKind(syntaxArguments) ||
            ArgumentPositions(syntaxArguments, parameters) is not { } indices)
        {
            return null;
        }

        // Each value argument's operation: the first one (in the walk's order) written as that expression, found for all
        // of them in one walk of the call's operations rather than one walk each.
        var expressions = new ExpressionSyntax[syntaxArguments.Count - first - 1];
        for (var i = 0; i < expressions.Length; i++)
        {
            expressions[i] = syntaxArguments[indices[first + 1 + i]].Expression;
        }

        var operations = new IOperation?[expressions.Length];
        var missing = expressions.Length;
        if (missing > 0)
        {
            foreach (var operation in invocation.Descendants())
            {
                if (operation is IArgumentOperation)
                {
                    continue;
                }

                var at = Array.IndexOf(expressions, operation.Syntax as ExpressionSyntax);
                if (at >= 0 && operations[at] is null)
                {
                    operations[at] = operation;
                    if (--missing == 0)
                    {
                        break;
                    }
                }
            }
        }

        var arguments = new List<FormatArgument>();
        for (var i = 0; i < expressions.Length; i++)
        {
            var expression = expressions[i];
            var converted = operations[i];
            if (converted is null)
            {
                return null;
            }

            var value = converted;
            while (value is IConversionOperation { IsImplicit: true } conversion && conversion.Operand.Syntax == expression)
            {
                value = conversion.Operand;
            }

            arguments.Add(new FormatArgument(expression, value, converted));
        }

        if (!CompositeFormat.TryParse(format, arguments.Count, out var parts) ||
            parts.Any(p => p.Format is { } f && (f.Length == 0 || char.IsWhiteSpace(f[f.Length - 1]))) ||
            invocation.IsInsideExpressionTree(types.Types))
        {
            // "{0:}" and a format string ending in white space have no interpolated form (CS8089, CS8088).
            return null;
        }

        var languageVersion = ((CSharpParseOptions)syntax.SyntaxTree.Options).LanguageVersion;
        var handlers = types.HasHandler && languageVersion >= LanguageVersion.CSharp10;
        var provider = first == 1 ? syntaxArguments[indices[0]] : null;
        var append = AppendCall(invocation, syntax, types);
        var stringsOnly = arguments.All(a => a.IsString) && parts.All(p => p.IsText || p.IsPlain);
        FormatForm form;
        if (append is not null)
        {
            form = handlers && types.HasStringBuilderHandler ? FormatForm.AppendInterpolation : FormatForm.AppendFormat;
        }
        else if (provider is not null)
        {
            if (!handlers || !types.HasCreateWithProvider)
            {
                return null;
            }

            form = FormatForm.CreateWithProvider;
        }
        else if (stringsOnly)
        {
            form = FormatForm.Concat;
        }
        else if (handlers)
        {
            form = FormatForm.Interpolation;
        }
        else
        {
            return null;
        }

        // A local constant would be left unused by the rewrite (CS0219): reported, not fixed.
        // Named arguments out of parameter order are evaluated in the order written: the rewrite may reorder only
        // arguments that can be read in any order.
        var reordered = !indices.SequenceEqual(Enumerable.Range(0, indices.Length));
        var fixable = form == FormatForm.AppendFormat ||
                      !localConstant && (!reordered || arguments.All(a => a.Converted.IsSideEffectFree()) && provider is null) &&
                      IsFixable(invocation, arguments, parts, form, languageVersion, types);
        return new FormatCall(invocation, provider, syntaxArguments[indices[first]].Expression, arguments, parts, form, append, fixable, indices);
    }

    /// <summary>
    /// For each parameter, the position of its argument in <paramref name="arguments"/>: positional ones stand at their
    /// parameter's position, named ones (<c>arg0: x</c>) anywhere. Null when the arguments do not name each parameter
    /// exactly once (an expanded <c>params</c> list is positional, one argument per element).
    /// </summary>
    private static ImmutableArray<int>? ArgumentPositions(SeparatedSyntaxList<ArgumentSyntax> arguments, ImmutableArray<IParameterSymbol> parameters)
    {
        var named = false;
        foreach (var argument in arguments)
        {
            named |= argument.NameColon is not null;
        }

        if (!named)
        {
            return Enumerable.Range(0, arguments.Count).ToImmutableArray();
        }

        var indices = new int[arguments.Count];
        var seen = new bool[arguments.Count];
        for (var i = 0; i < arguments.Count; i++)
        {
            var ordinal = arguments[i].NameColon is { } name
                ? parameters.FirstOrDefault(p => p.Name == name.Name.Identifier.ValueText)?.Ordinal ?? -1
                : i;
            if (ordinal < 0 || ordinal >= arguments.Count || seen[ordinal] || parameters[Math.Min(ordinal, parameters.Length - 1)].IsParams)
            {
                return null;
            }

            seen[ordinal] = true;
            indices[ordinal] = i;
        }

        return indices.ToImmutableArray();
    }

    /// <summary>An argument passed with <c>ref</c>, <c>out</c> or <c>in</c> (a loop: the list is a struct, which LINQ would box).</summary>
    private static bool HasRefKind(SeparatedSyntaxList<ArgumentSyntax> arguments)
    {
        foreach (var argument in arguments)
        {
            if (!argument.RefKindKeyword.IsKind(SyntaxKind.None))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary><c>sb.Append(string.Format(...))</c>: the call is the only argument of <c>StringBuilder.Append(string)</c>.</summary>
    private static IInvocationOperation? AppendCall(IInvocationOperation invocation, InvocationExpressionSyntax syntax, PERF008UseInterpolationInsteadOfStringFormatAnalyzer.Symbols types) =>
        types.StringBuilder is not null &&
        invocation.Parent is IArgumentOperation { Parent: IInvocationOperation append } &&
        append.TargetMethod is { Name: "Append", IsStatic: false, Parameters.Length: 1 } method &&
        method.Parameters[0].Type.SpecialType == SpecialType.System_String &&
        SymbolEqualityComparer.Default.Equals(method.ContainingType, types.StringBuilder) &&
        append.Syntax is InvocationExpressionSyntax { ArgumentList.Arguments: { Count: 1 } appendArguments } &&
        appendArguments[0].NameColon is null &&
        appendArguments[0].Expression == syntax
            ? append
            : null;

    private static bool IsFixable(IInvocationOperation invocation, List<FormatArgument> arguments, ImmutableArray<FormatPart> parts, FormatForm form, LanguageVersion languageVersion, PERF008UseInterpolationInsteadOfStringFormatAnalyzer.Symbols types)
    {
        // Each argument once, in order; otherwise only arguments that can be read in any order, any number of times.
        var order = parts.Where(p => !p.IsText).Select(p => p.Index).ToList();
        if (!order.SequenceEqual(Enumerable.Range(0, arguments.Count)) && !arguments.All(a => a.Converted.IsSideEffectFree()))
        {
            return false;
        }

        if (form == FormatForm.Concat)
        {
            return true;
        }

        // A hole that spans lines needs C# 11 in a non-verbatim interpolated string.
        if (languageVersion < LanguageVersion.CSharp11 &&
            arguments.Any(a => a.Expression.DescendantTrivia().Any(t => t.IsKind(SyntaxKind.EndOfLineTrivia)) ||
                               a.Expression.DescendantTokens().Any(t => t.Text.Contains("\n"))))
        {
            return false;
        }

        // An interpolated string argument could bind to a handler overload (Debug.Assert's) that skips its holes.
        if (form == FormatForm.Interpolation && invocation.Parent is IArgumentOperation { Parent: { } call })
        {
            var target = call switch
            {
                IInvocationOperation i => i.TargetMethod,
                IObjectCreationOperation c => c.Constructor,
                _ => null,
            };
            if (target is null || !SymbolEqualityComparer.Default.Equals(target.ContainingType, types.StringBuilder) && HasHandlerOverload(target, types))
            {
                return false;
            }
        }

        return true;
    }

    private static bool HasHandlerOverload(IMethodSymbol target, PERF008UseInterpolationInsteadOfStringFormatAnalyzer.Symbols types)
    {
        if (types.HandlerAttribute is null)
        {
            return false;
        }

        foreach (var member in target.ContainingType.GetMembers(target.Name))
        {
            if (member is IMethodSymbol overload && overload.Parameters.Any(p => p.Type.GetAttributes().Any(a => SymbolEqualityComparer.Default.Equals(a.AttributeClass, types.HandlerAttribute))))
            {
                return true;
            }
        }

        return false;
    }
}
