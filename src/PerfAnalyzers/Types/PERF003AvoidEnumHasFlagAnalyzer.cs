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
/// PERF003: <c>value.HasFlag(flag)</c> on a concrete enum type, where the target framework may run it on a runtime
/// before .NET Core 2.1 (there it boxes both values). See docs/rules/PERF003.md.
/// </summary>
public sealed class PERF003AvoidEnumHasFlagAnalyzer : PerfAnalyzer
{

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF003.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // HasFlag is a JIT intrinsic from .NET Core 2.1 on; unknown targets stay silent.
        if (!compilation.TargetFramework.IsBeforeNetCore(2, 1))
        {
            return;
        }

        // Resolved at the first HasFlag call (PerfCompilation.Later).
        var hasFlag = compilation.Later(() => GetHasFlag(compilation.Compilation));
        var types = compilation.Types;
        var framework = compilation.TargetFramework.ToString();
        context.RegisterInvocationAction(PerfCompilation.WhenResolved(hasFlag, (c, resolved) => AnalyzeInvocation(c, resolved, types, framework)), "HasFlag");
    }

    private static IMethodSymbol? GetHasFlag(Compilation compilation)
    {
        foreach (var member in compilation.GetSpecialType(SpecialType.System_Enum).GetMembers("HasFlag"))
        {
            if (member is IMethodSymbol { IsStatic: false, Parameters.Length: 1 } method)
            {
                return method;
            }
        }

        return null;
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, IMethodSymbol hasFlag, WellKnownTypes types, string framework)
    {
        var invocation = (IInvocationOperation)context.Operation;
        // The name first: cheaper than comparing method symbols (more so for generic and constructed methods) for every call rejected.
        if (invocation.TargetMethod.Name != "HasFlag" ||
            !SymbolEqualityComparer.Default.Equals(invocation.TargetMethod, hasFlag) ||
            invocation.Arguments.Length != 1 ||
            invocation.Syntax is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax or MemberBindingExpressionSyntax } syntax)
        {
            return;
        }

        // Both sides must be the same concrete enum type (a System.Enum receiver, a type parameter or another enum type
        // as the flag are different problems).
        var value = WithoutBoxing(invocation.Instance);
        var flag = WithoutBoxing(invocation.Arguments[0].Value);
        if (value?.Type is not { TypeKind: TypeKind.Enum } enumType ||
            flag?.Type is null ||
            !SymbolEqualityComparer.Default.Equals(enumType, flag.Type) ||
            invocation.IsInsideExpressionTree(types))
        {
            return;
        }

        var name = syntax.Expression is MemberAccessExpressionSyntax access ? access.Name : ((MemberBindingExpressionSyntax)syntax.Expression).Name;

        // value?.HasFlag(flag) (or a?.B.HasFlag(flag)): reported, no fix (the result is a bool?).
        var isConditional = IsConditional(syntax.Expression);
        var conditional = isConditional ? FindConditionalAccess(invocation) : null;
        var shown = conditional is null ? syntax.ToString() : conditional.ToString();
        var receiver = conditional is null
            ? value.Syntax.ToString()
            : conditional.Expression + (value.Syntax == conditional.Expression ? string.Empty : value.Syntax.ToString());
        var flagText = flag.Syntax.ToString();
        var properties = DiagnosticProperties.WithFixable(!isConditional && flag.IsSideEffectFree());
        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, syntax, context.Operation.SemanticModel, Rules.PERF003.Id, context.CancellationToken))
        {
            return;
        }

        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(
            Rules.PERF003.Descriptor,
            name.GetLocation(),
            properties,
            shown,
            framework,
            $"({receiver} & {flagText}) == {flagText}"), context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary>The receiver chain starts with <c>?.</c>: <c>value?.HasFlag(..)</c>, <c>a?.B.HasFlag(..)</c>.</summary>
    private static bool IsConditional(ExpressionSyntax expression)
    {
        for (var current = expression; ;)
        {
            switch (current)
            {
                case MemberBindingExpressionSyntax:
                case ElementBindingExpressionSyntax:
                    return true;
                case MemberAccessExpressionSyntax access:
                    current = access.Expression;
                    break;
                case InvocationExpressionSyntax call:
                    current = call.Expression;
                    break;
                case ElementAccessExpressionSyntax element:
                    current = element.Expression;
                    break;
                default:
                    return false;
            }
        }
    }

    private static ConditionalAccessExpressionSyntax? FindConditionalAccess(IOperation operation)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IConditionalAccessOperation { Syntax: ConditionalAccessExpressionSyntax syntax })
            {
                return syntax;
            }
        }

        return null;
    }

    private static IOperation? WithoutBoxing(IOperation? operation) =>
        operation is IConversionOperation { IsImplicit: true, Conversion.IsUserDefined: false, Type.IsReferenceType: true, Operand.Type.IsValueType: true } conversion
            ? conversion.Operand
            : operation;
}
