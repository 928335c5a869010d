using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF022: <c>Enumerable.SequenceEqual(a, b)</c> / <c>a.SequenceEqual(b)</c> without a comparer over two arrays of the
/// same bitwise-comparable primitive, on a target before .NET 6 that has the span <c>SequenceEqual</c>: there
/// <c>Enumerable.SequenceEqual</c> walks both arrays through their enumerators, where <c>a.AsSpan().SequenceEqual(b)</c>
/// compares memory. Reported only where both arrays are proven non-null (<see cref="NonNull"/>). See docs/rules/PERF022.md.
/// </summary>
public sealed partial class PERF022UseSpanSequenceEqualForArraysAnalyzer : PerfAnalyzer
{
    /// <summary>The first .NET version whose <c>Enumerable.SequenceEqual</c> takes the span path for arrays itself (dotnet/runtime#48287).</summary>
    public const int FirstUnaffectedNetVersion = 6;

    private const string Enumerable = "System.Linq.Enumerable";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF022.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // .NET 6 made Enumerable.SequenceEqual delegate to the span comparison for two arrays (the seed: 1M ints, .NET 5
        // 5,421 µs, .NET 6 150 µs); .NET 10 is measured on the page. Unknown targets stay silent.
        if (!compilation.TargetFramework.IsBeforeNetCore(FirstUnaffectedNetVersion))
        {
            return;
        }

        // MemoryExtensions lives outside the core library on every target that has it before .NET 6 (System.Memory):
        // resolved at the first SequenceEqual call of Enumerable, not for every compilation.
        var spanSequenceEqual = compilation.Later(() => HasSpanSequenceEqual(compilation.Types.Get(WellKnownTypes.MemoryExtensions)));
        var framework = compilation.TargetFramework.ToString();
        context.RegisterInvocationAction(c => Analyze(c, compilation, spanSequenceEqual, framework), "SequenceEqual");
    }

    /// <summary>Whether the fix's <c>AsSpan()</c> and <c>Span&lt;T&gt;.SequenceEqual(ReadOnlySpan&lt;T&gt;)</c> are there.</summary>
    private static bool HasSpanSequenceEqual(INamedTypeSymbol? memoryExtensions)
    {
        if (memoryExtensions is null || memoryExtensions.GetMembers("AsSpan").IsEmpty)
        {
            return false;
        }

        foreach (var member in memoryExtensions.GetMembers("SequenceEqual"))
        {
            if (member is IMethodSymbol { IsExtensionMethod: true, Parameters.Length: 2 } method && method.Parameters[0].Type.Name == "Span")
            {
                return true;
            }
        }

        return false;
    }

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation, System.Lazy<bool> spanSequenceEqual, string framework)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        if (method.Name != "SequenceEqual" || !method.IsStatic || method.Parameters.Length != 2 || method.TypeArguments.Length != 1 ||
            !compilation.Types.Is(method.ContainingType, Enumerable) ||
            !IsBitwiseComparable(method.TypeArguments[0]) ||
            invocation.Syntax is not InvocationExpressionSyntax syntax ||
            syntax.CalledName() is not { } name)
        {
            return;
        }

        IOperation? first = null, second = null;
        foreach (var argument in invocation.Arguments)
        {
            switch (argument.Parameter?.Ordinal)
            {
                case 0: first = argument.Value.WithoutImplicitConversion(); break;
                case 1: second = argument.Value.WithoutImplicitConversion(); break;
            }
        }

        // Both statically T[] of the call's own T: lists, IEnumerable<T>, spans of other sequences are not arrays.
        if (first is null || second is null || !IsArrayOf(first, method.TypeArguments[0]) || !IsArrayOf(second, method.TypeArguments[0]) ||
            first is IConditionalAccessInstanceOperation)
        {
            return;
        }

        // Named arguments written second-first are evaluated in that order; the fix writes first.AsSpan() first.
        if (second.Syntax.SpanStart < first.Syntax.SpanStart && !(first.IsSideEffectFree() && second.IsSideEffectFree()))
        {
            return;
        }

        // A span cannot live in an expression tree, nor across an await.
        var function = invocation.GetContainingFunction(context.ContainingSymbol);
        if (invocation.IsInsideExpressionTree(compilation.Types) ||
            (function is { IsAsync: true } && invocation.ContainsAwait()))
        {
            return;
        }

        // An early-exit comparison of a secret leaks through its timing: CryptographicOperations.FixedTimeEquals is the
        // answer there (the page says so), not a faster early exit.
        if (NamesASecret(first.Syntax) || NamesASecret(second.Syntax) || (context.ContainingSymbol is { } member && IsSecretWord(member.Name)) ||
            (function is { } containing && !SymbolEqualityComparer.Default.Equals(containing, context.ContainingSymbol) && IsSecretWord(containing.Name)))
        {
            return;
        }

        // Enumerable.SequenceEqual throws for a null array, the span compares it as empty: both must be known non-null.
        if (!NonNull.IsProven(first, invocation, context.CancellationToken) || !NonNull.IsProven(second, invocation, context.CancellationToken))
        {
            return;
        }

        if (!spanSequenceEqual.Value)
        {
            return;
        }

        var properties = ImmutableDictionary<string, string?>.Empty;
        if (!MultiTargeting.Allows(compilation, context.Options, syntax.SyntaxTree, Rules.PERF022.Id, ApiAvailability.NetCore21OrNetStandard21, ref properties) ||
            !ColdPath.Allows(context.Options, syntax, invocation.SemanticModel, Rules.PERF022.Id, context.CancellationToken))
        {
            return;
        }

        // The message names what the fix writes: from C# 14 without MemoryExtensions in scope, the named form.
        string suggestion;
        if (UsesNamedForm(syntax, invocation.SemanticModel))
        {
            suggestion = $"System.MemoryExtensions.SequenceEqual(System.MemoryExtensions.AsSpan({first.Syntax.OneLine()}), {second.Syntax.OneLine()})";
        }
        else
        {
            var receiver = NeedsParentheses(first.Syntax) ? "(" + first.Syntax.OneLine() + ")" : first.Syntax.OneLine();
            suggestion = $"{receiver}.AsSpan().SequenceEqual({second.Syntax.OneLine()})";
        }

        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(
            Rules.PERF022.Descriptor,
            name.GetLocation(),
            properties,
            syntax.OneLine(),
            framework,
            suggestion), context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary>C# 14 (by value: Roslyn 4.5's enum has no member for it), whose first-class spans make an added <c>using System;</c> rebind other calls.</summary>
    private const LanguageVersion FirstClassSpans = (LanguageVersion)1400;

    /// <summary>
    /// Whether the fix writes <c>System.MemoryExtensions.SequenceEqual(System.MemoryExtensions.AsSpan(a), b)</c> rather than
    /// importing System: from C# 14 when <c>MemoryExtensions</c> is not in scope (shared with the fix).
    /// </summary>
    public static bool UsesNamedForm(SyntaxNode call, SemanticModel? model) =>
        ((CSharpParseOptions)call.SyntaxTree.Options).LanguageVersion >= FirstClassSpans &&
        model is not null && model.LookupNamespacesAndTypes(call.SpanStart, name: "MemoryExtensions").IsEmpty;

    /// <summary>
    /// The primitives whose span <c>SequenceEqual</c> compares memory: equal exactly when bitwise equal, and
    /// <c>IEquatable&lt;T&gt;</c> (which the span overload requires; enums are not). Not float, double or decimal (NaN, -0.0).
    /// </summary>
    private static bool IsBitwiseComparable(ITypeSymbol type) => type.TypeKind != TypeKind.Enum && type.SpecialType is
        SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_Int16 or SpecialType.System_UInt16 or
        SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64 or SpecialType.System_UInt64 or
        SpecialType.System_Char or SpecialType.System_Boolean;

    private static bool IsArrayOf(IOperation operand, ITypeSymbol element) =>
        operand.Type is IArrayTypeSymbol { IsSZArray: true } array && SymbolEqualityComparer.Default.Equals(array.ElementType, element);

    /// <summary>Whether <c>X.AsSpan()</c> needs <c>(X)</c>: anything but a name, member access, call, element access or <c>this</c>.</summary>
    public static bool NeedsParentheses(SyntaxNode expression) => expression is not
        (IdentifierNameSyntax or GenericNameSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax or
         ElementAccessExpressionSyntax or ParenthesizedExpressionSyntax or ThisExpressionSyntax or BaseExpressionSyntax);

    /// <summary>Whether an identifier in the operand says the value is a secret (a hash, MAC, signature, token, password, ...).</summary>
    private static bool NamesASecret(SyntaxNode operand)
    {
        foreach (var token in operand.DescendantTokens())
        {
            if (token.IsKind(SyntaxKind.IdentifierToken) && IsSecretWord(token.ValueText))
            {
                return true;
            }
        }

        return false;
    }

    private static readonly System.Collections.Generic.HashSet<string> SecretWords = new(System.StringComparer.OrdinalIgnoreCase)
    {
        "hash", "hashes", "hashed", "mac", "macs", "hmac", "hmacs", "signature", "signatures", "sig", "sigs", "digest", "digests",
        "token", "tokens", "password", "passwords", "passwd", "pwd", "secret", "secrets", "passphrase",
    };

    /// <summary>Whether a word of the identifier (split at case changes, digits and underscores) is a secret's name.</summary>
    public static bool IsSecretWord(string identifier)
    {
        var n = identifier.Length;
        var i = 0;
        while (i < n)
        {
            while (i < n && !char.IsLetter(identifier[i]))
            {
                i++;
            }

            var start = i;
            if (i < n)
            {
                i++;
            }

            // A word ends before a non-letter, before an upper-case letter after a lower-case one (hashBytes), and before
            // the last upper-case letter of a run followed by a lower-case one (HMACKey: HMAC, Key).
            while (i < n && char.IsLetter(identifier[i]) &&
                   !(char.IsUpper(identifier[i]) && (char.IsLower(identifier[i - 1]) || (i + 1 < n && char.IsLower(identifier[i + 1]) && char.IsUpper(identifier[i - 1])))))
            {
                i++;
            }

            if (i > start && SecretWords.Contains(identifier.Substring(start, i - start)))
            {
                return true;
            }
        }

        return false;
    }
}
