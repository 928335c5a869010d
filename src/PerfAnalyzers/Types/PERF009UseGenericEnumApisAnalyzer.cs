using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Types;

/// <summary>
/// PERF009: the <c>typeof(E)</c> forms of <c>Enum.IsDefined</c>, <c>GetName</c>, <c>GetValues</c> and <c>Parse</c> on a
/// concrete enum type, where the generic overloads exist and are faster (.NET 6+). See docs/rules/PERF009.md.
/// </summary>
public sealed class PERF009UseGenericEnumApisAnalyzer : PerfAnalyzer
{

    /// <summary><c>Enum.IsDefined(typeof(E), v)</c> / <c>Enum.GetName(typeof(E), v)</c> → drop the type argument.</summary>
    public const string ShapeDropType = "DropType";

    /// <summary><c>(E[])Enum.GetValues(typeof(E))</c> / <c>(E)Enum.Parse(typeof(E), s)</c> → generic call replacing the cast.</summary>
    public const string ShapeReplaceCast = "ReplaceCast";

    /// <summary><c>foreach (E x in Enum.GetValues(typeof(E)))</c> → generic call, no cast to remove.</summary>
    public const string ShapeReplaceCall = "ReplaceCall";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF009.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // The generic overloads arrived in .NET 5 but still boxed there; the wins start with .NET 6.
        if (!compilation.TargetFramework.IsNetCoreAtLeast(6))
        {
            return;
        }

        // Resolved at the first call the rule names (PerfCompilation.Later).
        var symbols = compilation.Later(() => Symbols.Resolve(compilation.Compilation));
        var types = compilation.Types;
        context.RegisterInvocationAction(
            c =>
            {
                if (symbols.Value is { IsEmpty: false } generic)
                {
                    AnalyzeInvocation(c, compilation, generic, types);
                }
            },
            "IsDefined",
            "GetName",
            "GetValues",
            "Parse");
    }

    /// <summary>Names of the generic Enum methods the compilation has, with the parameter count they take.</summary>
    private readonly struct Symbols
    {
        private readonly ImmutableHashSet<string> _names;

        private Symbols(ImmutableHashSet<string> names) => _names = names;

        public bool IsEmpty => _names is null || _names.IsEmpty;

        /// <summary>Whether <c>Enum.name&lt;TEnum&gt;</c> exists with these parameter types after the type argument.</summary>
        public bool Has(string name, int parameters) => _names?.Contains(name + "/" + parameters) == true;

        public static Symbols Resolve(Compilation compilation)
        {
            var names = ImmutableHashSet.CreateBuilder<string>();
            foreach (var member in compilation.GetSpecialType(SpecialType.System_Enum).GetMembers())
            {
                if (member is IMethodSymbol { IsStatic: true, IsGenericMethod: true, TypeParameters.Length: 1, DeclaredAccessibility: Accessibility.Public } method &&
                    method.Name is "IsDefined" or "GetName" or "GetValues" or "Parse" &&
                    AllParametersSimple(method))
                {
                    names.Add(method.Name + "/" + method.Parameters.Length);
                }
            }

            return new Symbols(names.ToImmutable());
        }

        /// <summary>Type parameter, string or bool parameters only (the span overloads are not what the fix writes).</summary>
        private static bool AllParametersSimple(IMethodSymbol method)
        {
            foreach (var parameter in method.Parameters)
            {
                if (parameter.RefKind != RefKind.None ||
                    parameter.Type is not (ITypeParameterSymbol or { SpecialType: SpecialType.System_String or SpecialType.System_Boolean }))
                {
                    return false;
                }
            }

            return true;
        }
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, PerfCompilation compilation, Symbols generic, WellKnownTypes types)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        // A field read instead of a symbol comparison, for every call the rule rejects (Enum's type is a special type).
        if (method.ContainingType.SpecialType != SpecialType.System_Enum ||
            method.IsGenericMethod ||
            invocation.Arguments.Length == 0 ||
            invocation.Syntax is not InvocationExpressionSyntax syntax ||
            TypeArgumentIndex(syntax) < 0 ||
            Argument(invocation, 0) is not ITypeOfOperation { TypeOperand: INamedTypeSymbol { TypeKind: TypeKind.Enum } enumOf } typeOf)
        {
            return;
        }

        string? shape = null;
        IOperation replaced = invocation;
        switch (method.Name)
        {
            case "IsDefined" or "GetName" when method.Parameters.Length == 2 && generic.Has(method.Name, 1):
                // Only a value of exactly E: an integer, a string or an object has no generic equivalent.
                if (Argument(invocation, 1) is IConversionOperation { IsImplicit: true, Operand.Type: { } valueType } &&
                    SymbolEqualityComparer.Default.Equals(valueType, enumOf))
                {
                    shape = ShapeDropType;
                }

                break;

            case "GetValues" when method.Parameters.Length == 1 && generic.Has("GetValues", 0):
                if (IsCastTo(invocation.Parent, enumOf, array: true, out var cast))
                {
                    (shape, replaced) = (ShapeReplaceCast, cast);
                }
                else if (IsEnumeratedAs(invocation, enumOf))
                {
                    shape = ShapeReplaceCall;
                }

                break;

            case "Parse" when method.Parameters.Length is 2 or 3 &&
                              method.Parameters[1].Type.SpecialType == SpecialType.System_String &&
                              generic.Has("Parse", method.Parameters.Length - 1):
                if (IsCastTo(invocation.Parent, enumOf, array: false, out var unbox))
                {
                    (shape, replaced) = (ShapeReplaceCast, unbox);
                }

                break;
        }

        if (shape is null || invocation.IsInsideExpressionTree(types))
        {
            return;
        }

        if (syntax.CalledName() is not { } name)
        {
            return;
        }

        var type = ((TypeOfExpressionSyntax)typeOf.Syntax).Type.ToString();
        var receiver = syntax.Expression is MemberAccessExpressionSyntax member ? member.Expression + "." : "";
        var rest = string.Join(", ", RestOfArguments(syntax));
        var suggestion = shape == ShapeDropType
            ? $"{receiver}{method.Name}({rest})"
            : $"{receiver}{method.Name}<{type}>({rest})";
        // The generic IsDefined/GetName/GetValues are .NET 5+, Parse<T> .NET Core 2.0+ / .NET Standard 2.1.
        var properties = ImmutableDictionary<string, string?>.Empty.Add(DiagnosticProperties.Shape, shape);
        var api = method.Name == "Parse" ? ApiAvailability.NetCore20OrNetStandard21 : ApiAvailability.Net5;
        if (!MultiTargeting.Allows(compilation, context.Options, syntax.SyntaxTree, Rules.PERF009.Id, api, ref properties))
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, syntax, invocation.SemanticModel, Rules.PERF009.Id, context.CancellationToken))
        {
            return;
        }

        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF009.Descriptor, name.GetLocation(), properties, replaced.Syntax.ToString(), suggestion), context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary>The other arguments as written (names and order kept: the generic overloads name them alike).</summary>
    private static System.Collections.Generic.IEnumerable<string> RestOfArguments(InvocationExpressionSyntax syntax)
    {
        var type = TypeArgumentIndex(syntax);
        for (var i = 0; i < syntax.ArgumentList.Arguments.Count; i++)
        {
            if (i != type)
            {
                yield return syntax.ArgumentList.Arguments[i].ToString();
            }
        }
    }

    /// <summary>
    /// Where the <c>Type enumType</c> argument is written: the one named <c>enumType:</c>, else the first when it is
    /// positional; -1 when neither (the fix drops that argument and keeps the rest as written).
    /// </summary>
    public static int TypeArgumentIndex(InvocationExpressionSyntax syntax)
    {
        var arguments = syntax.ArgumentList.Arguments;
        for (var i = 0; i < arguments.Count; i++)
        {
            if (arguments[i].NameColon?.Name.Identifier.ValueText == "enumType")
            {
                return i;
            }
        }

        return arguments.Count > 0 && arguments[0].NameColon is null ? 0 : -1;
    }

    /// <summary>The argument bound to parameter <paramref name="ordinal"/> (named arguments may come in any order).</summary>
    private static IOperation? Argument(IInvocationOperation invocation, int ordinal)
    {
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter?.Ordinal == ordinal)
            {
                return argument.Value;
            }
        }

        return null;
    }

    /// <summary>An explicit cast of the call's result to <c>E[]</c> (or <c>E</c>), written as a cast expression.</summary>
    private static bool IsCastTo(IOperation? parent, INamedTypeSymbol enumOf, bool array, out IOperation cast)
    {
        cast = parent!;
        if (parent is not IConversionOperation { IsImplicit: false, Type: { } target, Syntax: CastExpressionSyntax })
        {
            return false;
        }

        return array
            ? target is IArrayTypeSymbol { Rank: 1 } arrayType && SymbolEqualityComparer.Default.Equals(arrayType.ElementType, enumOf)
            : SymbolEqualityComparer.Default.Equals(target, enumOf);
    }

    /// <summary><c>foreach (E x in Enum.GetValues(typeof(E)))</c>: the collection of a foreach whose variable is declared as E.</summary>
    private static bool IsEnumeratedAs(IInvocationOperation invocation, INamedTypeSymbol enumOf)
    {
        var current = invocation.Parent;
        if (current is IConversionOperation { IsImplicit: true } conversion)
        {
            current = conversion.Parent;
        }

        return current is IForEachLoopOperation loop &&
               loop.Collection.Syntax == invocation.Syntax &&
               loop.Syntax is ForEachStatementSyntax { Type.IsVar: false } &&
               loop.LoopControlVariable is IVariableDeclaratorOperation { Symbol.Type: { } variableType } &&
               SymbolEqualityComparer.Default.Equals(variableType, enumOf);
    }
}
