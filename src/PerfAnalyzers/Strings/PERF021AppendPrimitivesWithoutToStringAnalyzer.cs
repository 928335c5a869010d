using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Strings;

/// <summary>
/// PERF021: <c>sb.Append(x.ToString())</c> and <c>sb.Insert(i, x.ToString())</c> where <c>x</c> is a primitive with its
/// own <c>Append</c>/<c>Insert</c> overload, which from .NET Core 2.1 formats into the builder's buffer without a
/// string; on .NET 6+ with C# 10+ also <c>sb.Append(x.ToString("F2"))</c> → <c>sb.Append($"{x:F2}")</c> (the builder's
/// interpolation handler formats in place). See docs/rules/PERF021.md.
/// </summary>
public sealed class PERF021AppendPrimitivesWithoutToStringAnalyzer : PerfAnalyzer
{
    /// <summary><c>sb.Append(x.ToString())</c> → <c>sb.Append(x)</c>; <c>sb.Insert(i, x.ToString())</c> → <c>sb.Insert(i, x)</c>.</summary>
    public const string ShapeOverload = "Overload";

    /// <summary><c>sb.Append(x.ToString("F2"))</c> → <c>sb.Append($"{x:F2}")</c>.</summary>
    public const string ShapeFormat = "Format";

    /// <summary>Diagnostic property: the format's constant value (the fix writes it into the hole, whether it was a literal or a const).</summary>
    public const string FormatKey = "FormatText";

    /// <summary><c>sb.Append(x.ToString("F2", culture))</c> → <c>sb.Append(culture, $"{x:F2}")</c>.</summary>
    public const string ShapeFormatProvider = "FormatProvider";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF021.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // .NET Core 2.1 made Append(int) & co. format into the buffer (the seed: 100,000 appends, 3,992,000 B on 2.0,
        // 0 B on 2.1); .NET Framework's Append(int) is Append(value.ToString()), so there the rewrite gains nothing.
        var framework = compilation.TargetFramework;
        if (!(framework.IsNetCoreAtLeast(2, 1) || framework.Kind == TargetFrameworkKind.NetStandard))
        {
            return;
        }

        // Resolved at the first Append or Insert call (PerfCompilation.Later).
        var symbols = compilation.Later(() => Symbols.Resolve(compilation));
        context.RegisterInvocationAction(
            PerfCompilation.WhenResolved(symbols, (c, resolved) => Analyze(c, compilation, resolved)),
            "Append",
            "Insert");
    }

    /// <summary>StringBuilder, its typed overloads, and whether the .NET 6 interpolation handler is there.</summary>
    private sealed class Symbols
    {
        public INamedTypeSymbol StringBuilder = null!;
        public WellKnownTypes Types = null!;
        public INamedTypeSymbol? CultureInfo;
        public INamedTypeSymbol? NumberFormatInfo;
        public bool HasHandler;

        /// <summary>PERF023's symbols where it runs (.NET 5+): its loop shape is then its finding, not this rule's.</summary>
        public HexSymbols? Hex;

        public static Symbols? Resolve(PerfCompilation compilation) =>
            compilation.Types.Get(WellKnownTypes.StringBuilder) is { } stringBuilder
                ? new Symbols
                {
                    StringBuilder = stringBuilder,
                    Types = compilation.Types,
                    CultureInfo = compilation.Types.Get(WellKnownTypes.CultureInfo),
                    NumberFormatInfo = compilation.Types.Get(WellKnownTypes.NumberFormatInfo),
                    HasHandler = compilation.Types.Get(WellKnownTypes.StringBuilderAppendInterpolatedStringHandler) is not null,
                    Hex = HexSymbols.Resolve(compilation),
                }
                : null;

        /// <summary>Whether the builder has <c>name(..., T)</c> taking exactly <paramref name="type"/> last (Append(int), Insert(int, int)).</summary>
        public bool HasTypedOverload(string name, int parameters, ITypeSymbol type)
        {
            foreach (var member in StringBuilder.GetMembers(name))
            {
                if (member is IMethodSymbol { IsStatic: false, DeclaredAccessibility: Accessibility.Public } method &&
                    method.Parameters.Length == parameters &&
                    method.Parameters[parameters - 1].RefKind == RefKind.None &&
                    SymbolEqualityComparer.Default.Equals(method.Parameters[parameters - 1].Type, type))
                {
                    return true;
                }
            }

            return false;
        }
    }

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation, Symbols symbols)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        if (method.Name is not ("Append" or "Insert") || method.IsStatic ||
            !SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.StringBuilder))
        {
            return;
        }

        // Append(string) or Insert(int, string), the string being x.ToString(...).
        var isAppend = method.Name == "Append";
        var parameters = isAppend ? 1 : 2;
        if (method.Parameters.Length != parameters ||
            method.Parameters[parameters - 1].Type.SpecialType != SpecialType.System_String ||
            (!isAppend && method.Parameters[0].Type.SpecialType != SpecialType.System_Int32))
        {
            return;
        }

        IArgumentOperation? argument = null;
        foreach (var candidate in invocation.Arguments)
        {
            if (candidate.Parameter?.Ordinal == parameters - 1)
            {
                argument = candidate;
            }
        }

        if (argument?.Value is not IInvocationOperation { TargetMethod: { Name: "ToString", IsStatic: false } toString, Instance: { Type: { } valueType } value } call ||
            call.Syntax is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax } ||
            !IsPrimitive(valueType) ||
            toString.ContainingType.SpecialType != valueType.SpecialType ||
            invocation.IsInsideExpressionTree(symbols.Types))
        {
            return;
        }

        string shape;
        string suggestion;
        string? format = null;
        var receiver = value.Syntax is ParenthesizedExpressionSyntax parenthesized ? parenthesized.Expression : value.Syntax;
        var builder = invocation.Instance?.Syntax.ToString() ?? "sb";
        if (toString.Parameters.Length == 0)
        {
            if (!symbols.HasTypedOverload(method.Name, parameters, valueType))
            {
                return;
            }

            shape = ShapeOverload;
            suggestion = isAppend
                ? $"{builder}.Append({receiver.OneLine()})"
                : $"{builder}.Insert({invocation.ArgumentFor(0)?.Syntax.OneLine()}, {receiver.OneLine()})";
        }
        else if (isAppend && symbols.HasHandler && compilation.TargetFramework.IsNetCoreAtLeast(6) &&
                 ((CSharpParseOptions)invocation.Syntax.SyntaxTree.Options).LanguageVersion >= LanguageVersion.CSharp10 &&
                 (format = FormatArgument(call)) is not null)
        {
            if (toString.Parameters.Length == 1)
            {
                shape = ShapeFormat;
                suggestion = $"{builder}.Append($\"{{{receiver.OneLine()}:{format}}}\")";
            }
            else if (toString.Parameters.Length == 2 && ProviderArgument(call, symbols) is { } provider &&
                     (value.IsSideEffectFree() || provider.IsSideEffectFree()))
            {
                shape = ShapeFormatProvider;
                suggestion = $"{builder}.Append({provider.Syntax.OneLine()}, $\"{{{receiver.OneLine()}:{format}}}\")";
            }
            else
            {
                return;
            }
        }
        else
        {
            return;
        }

        var properties = ImmutableDictionary<string, string?>.Empty.Add(DiagnosticProperties.Shape, shape);
        if (format is not null)
        {
            properties = properties.Add(FormatKey, format);
        }

        // The interpolated form formats in place with the .NET 6 handler; on an older leg of a multi-targeted project it
        // would compile to string.Format (boxing): those legs keep the old call behind #if.
        if (shape != ShapeOverload &&
            !MultiTargeting.Allows(compilation, context.Options, invocation.Syntax.SyntaxTree, Rules.PERF021.Id, ApiAvailability.Net6, ref properties))
        {
            return;
        }

        // b.ToString("x2") appended as the only statement of a loop over the bytes is PERF023's finding: the loop becomes
        // Convert.ToHexString, and this rule's fix (Append($"{b:x2}")) would conflict with it on the same line.
        if (shape != ShapeOverload && valueType.SpecialType == SpecialType.System_Byte && symbols.Hex is { } hex && HexLoop.OfAppend(invocation, hex) is not null)
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, call.Syntax, call.SemanticModel, Rules.PERF021.Id, context.CancellationToken))
        {
            return;
        }

        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF021.Descriptor, call.Syntax.GetLocation(), properties, call.Syntax.OneLine(), suggestion), context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary>The types with their own Append and Insert overloads (not <c>nint</c>, not <c>Nullable&lt;T&gt;</c>, not enums).</summary>
    private static bool IsPrimitive(ITypeSymbol type) => type.TypeKind != TypeKind.Enum && type.SpecialType is
        SpecialType.System_Boolean or SpecialType.System_Char or
        SpecialType.System_SByte or SpecialType.System_Byte or SpecialType.System_Int16 or SpecialType.System_UInt16 or
        SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64 or SpecialType.System_UInt64 or
        SpecialType.System_Single or SpecialType.System_Double or SpecialType.System_Decimal;

    /// <summary>
    /// The constant format of <c>x.ToString(format[, provider])</c> when it can stand after the colon of an interpolation
    /// hole as it is: not empty, no brace, quote, backslash or line break, no trailing white space (CS8088).
    /// </summary>
    private static readonly char[] NotInAHole = { '{', '}', '"', '\\', '\n', '\r' };

    private static string? FormatArgument(IInvocationOperation call)
    {
        if (call.Arguments.Length < 1 || call.TargetMethod.Parameters[0].Type.SpecialType != SpecialType.System_String)
        {
            return null;
        }

        foreach (var argument in call.Arguments)
        {
            // A literal, a const field or local, or a constant expression: as constant as a literal (issue #34). The fix
            // removes a const local that only such calls read (else warning CS0219).
            if (argument.Parameter?.Ordinal == 0 &&
                argument.Value.ConstantValue is { HasValue: true, Value: string format } &&
                format.Length > 0 && !char.IsWhiteSpace(format[format.Length - 1]) &&
                format.IndexOfAny(NotInAHole) < 0)
            {
                return format;
            }
        }

        return null;
    }

    /// <summary>
    /// The provider of <c>x.ToString(format, provider)</c> when its static type is <c>CultureInfo</c> or
    /// <c>NumberFormatInfo</c>: the interpolation handler would consult a custom formatter another provider might
    /// return, which <c>ToString</c> never does.
    /// </summary>
    private static IOperation? ProviderArgument(IInvocationOperation call, Symbols symbols)
    {
        foreach (var argument in call.Arguments)
        {
            if (argument.Parameter?.Ordinal == 1 &&
                OperationHelpers.WithoutImplicitConversion(argument.Value) is { Type: { } type } provider &&
                (SymbolEqualityComparer.Default.Equals(type, symbols.CultureInfo) || SymbolEqualityComparer.Default.Equals(type, symbols.NumberFormatInfo)))
            {
                return provider;
            }
        }

        return null;
    }
}
