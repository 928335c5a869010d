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
/// PERF025: <c>string.Join(sep, x.ToArray())</c>, <c>string.Join(sep, x.ToList())</c> and the same in
/// <c>string.Concat(...)</c>, where the copy only feeds the join: pass <c>x</c>. The pairs that gain on every target
/// (measured on .NET 10, docs/rules/PERF025.md):
/// <list type="bullet">
/// <item>a <c>string[]</c> source, copied either way: the array overload reads it as it is;</item>
/// <item><c>ToList()</c> of a <c>List&lt;string&gt;</c>: the same <c>IEnumerable&lt;string&gt;</c> overload without
/// the copy.</item>
/// </list>
/// Never flagged: <c>List&lt;string&gt;.ToArray()</c> (the array overload it feeds was as fast or faster on .NET 10 than
/// <c>Join</c> reading the list in place, and faster than <c>Concat(IEnumerable&lt;string&gt;)</c>, which has no list
/// path), and any other source (a lazy sequence, a set): the copy's exact-length path beats the growing buffer. The
/// source must be a local or a parameter (a field may change on another thread while it is joined; the copy is a
/// snapshot).
/// </summary>
public sealed class PERF025PassCollectionToStringJoinAnalyzer : PerfAnalyzer
{

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF025.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation) =>
        context.RegisterInvocationAction(c => Analyze(c, compilation), "Join", "Concat");

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation)
    {
        var join = (IInvocationOperation)context.Operation;
        var method = join.TargetMethod;
        if (!method.IsStatic || method.ContainingType?.SpecialType != SpecialType.System_String ||
            ValuesArgument(join) is not { } argument ||
            argument.Value.WithoutImplicitConversion() is not IInvocationOperation copy ||
            CopiedSource(copy, compilation.Types) is not { } source ||
            SourceKind(source.Type, compilation.Types) is not { } kind)
        {
            return;
        }

        // A list's ToArray() is left alone (Enumerable.ToArray(list) here; list.ToArray() is List's own): the copy binds to
        // the array overload, which on .NET 10 was as fast as Join(IEnumerable<string>) reading the list in place for 10
        // strings and faster for 100 and 1,000, and faster than Concat(IEnumerable<string>), which has no list path
        // (docs/rules/PERF025.md, "Measured").
        if (kind == Kind.List && copy.TargetMethod.Name == "ToArray")
        {
            return;
        }

        var isJoin = method.Name == "Join";
        if (join.IsInsideExpressionTree(compilation.Types) || !BindsAsExpected(join, copy, source, kind, isJoin))
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, copy.Syntax, copy.SemanticModel, Rules.PERF025.Id, context.CancellationToken))
        {
            return;
        }

        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF025.Descriptor, copy.Syntax.GetLocation(), copy.Syntax.OneLine(), source.Syntax.OneLine()), context.ContainingSymbol, context.Compilation, context.Options);
    }

    private enum Kind
    {
        Array,
        List,
    }

    /// <summary>
    /// The argument of the strings: <c>Join(string|char, string[] | IEnumerable&lt;string&gt;)</c> or
    /// <c>Concat(string[] | IEnumerable&lt;string&gt;)</c>, passed in normal form and by position.
    /// </summary>
    private static IArgumentOperation? ValuesArgument(IInvocationOperation join)
    {
        var method = join.TargetMethod;
        int ordinal;
        if (method.Name == "Join" && method.Parameters.Length == 2 &&
            method.Parameters[0].Type.SpecialType is SpecialType.System_String or SpecialType.System_Char)
        {
            ordinal = 1;
        }
        else if (method.Name == "Concat" && method.Parameters.Length == 1)
        {
            ordinal = 0;
        }
        else
        {
            return null;
        }

        if (!IsStrings(method.Parameters[ordinal].Type))
        {
            return null;
        }

        foreach (var argument in join.Arguments)
        {
            if (argument.Parameter?.Ordinal == ordinal)
            {
                // Named arguments too, in any order: the fix replaces only the copy, so every argument keeps its name and its
                // place, and BindsAsExpected proves the call still binds to the same kind of overload (Join's array parameter
                // is 'value', the sequence's 'values': 'values: parts' may bind elsewhere, and is then left alone).
                return argument.ArgumentKind == ArgumentKind.Explicit ? argument : null;
            }
        }

        return null;
    }

    /// <summary><c>string[]</c> or <c>IEnumerable&lt;string&gt;</c>.</summary>
    private static bool IsStrings(ITypeSymbol type) => type switch
    {
        IArrayTypeSymbol { Rank: 1, ElementType.SpecialType: SpecialType.System_String } => true,
        INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Collections_Generic_IEnumerable_T } sequence => HasStringArgument(sequence),
        _ => false,
    };

    /// <summary>
    /// <c>x</c> of LINQ's <c>x.ToArray()</c> / <c>x.ToList()</c> or <c>Enumerable.ToArray(x)</c>, when <c>x</c> is a local
    /// or a parameter. (<c>List&lt;T&gt;.ToArray()</c> is an instance method: a list's copy to an array is not flagged.)
    /// </summary>
    private static IOperation? CopiedSource(IInvocationOperation copy, WellKnownTypes types)
    {
        var method = copy.TargetMethod;
        if (method.Name is not ("ToArray" or "ToList") ||
            !method.IsStatic || !method.IsExtensionMethod || method.Parameters.Length != 1 || copy.Arguments.Length != 1 ||
            !types.Is(method.ContainingType, WellKnownTypes.Enumerable) ||
            // x.ToArray() or Enumerable.ToArray(x); not x?.ToArray() (a null would become Join's exception instead of a null).
            copy.Syntax is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax })
        {
            return null;
        }

        var source = copy.Arguments[0].Value.WithoutImplicitConversion();
        return source is ILocalReferenceOperation or IParameterReferenceOperation ? source : null;
    }

    /// <summary><c>string[]</c> or exactly <c>List&lt;string&gt;</c> (a derived list does not take Join's list path on every runtime).</summary>
    private static Kind? SourceKind(ITypeSymbol? type, WellKnownTypes types) => type switch
    {
        IArrayTypeSymbol { Rank: 1, ElementType.SpecialType: SpecialType.System_String } => Kind.Array,
        INamedTypeSymbol list when HasStringArgument(list) && types.Is(list, WellKnownTypes.ListOfT) => Kind.List,
        _ => null,
    };

    private static bool HasStringArgument(INamedTypeSymbol type) =>
        type.TypeArguments.Length == 1 && type.TypeArguments[0].SpecialType == SpecialType.System_String;

    /// <summary>
    /// Whether the call with the copy dropped binds to <c>string.Join</c>/<c>Concat</c> taking the source as it is: the
    /// array overload for an array, the <c>IEnumerable&lt;string&gt;</c> one for a list (never <c>params object[]</c>).
    /// </summary>
    private static bool BindsAsExpected(IInvocationOperation join, IInvocationOperation copy, IOperation source, Kind kind, bool isJoin)
    {
        if (join.SemanticModel is not { } model || join.Syntax is not InvocationExpressionSyntax call || source.Syntax is not ExpressionSyntax sourceSyntax)
        {
            return false;
        }

        var replaced = call.ReplaceNode(copy.Syntax, sourceSyntax.WithTriviaFrom(copy.Syntax));
        if (model.GetSpeculativeSymbolInfo(call.SpanStart, replaced, SpeculativeBindingOption.BindAsExpression).Symbol is not IMethodSymbol rebound ||
            rebound.ContainingType?.SpecialType != SpecialType.System_String || rebound.Name != join.TargetMethod.Name ||
            rebound.Parameters.Length != (isJoin ? 2 : 1))
        {
            return false;
        }

        var values = rebound.Parameters[isJoin ? 1 : 0].Type;
        return kind == Kind.Array
            ? values is IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_String }
            : values is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Collections_Generic_IEnumerable_T } && IsStrings(values);
    }
}
