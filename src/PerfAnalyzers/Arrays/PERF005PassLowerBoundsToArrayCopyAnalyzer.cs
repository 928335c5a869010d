using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF005: <c>Array.Copy(source, destination, length)</c> on two single-dimensional zero-based arrays, where the
/// target may run on a runtime before .NET 5 (there the three-argument overload asks each array for its lower bound).
/// See docs/rules/PERF005.md.
/// </summary>
public sealed class PERF005PassLowerBoundsToArrayCopyAnalyzer : PerfAnalyzer
{
    /// <summary>The first .NET version whose three-argument Array.Copy costs no more than the five-argument one.</summary>
    public const int FirstUnaffectedNetVersion = 5;

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF005.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // The three-argument overload was rewritten for .NET 5 (see the doc page for the measurement); unknown stays silent.
        if (!compilation.TargetFramework.IsBeforeNetCore(FirstUnaffectedNetVersion))
        {
            return;
        }

        // Resolved at the first call named Copy (PerfCompilation.Later).
        var methods = compilation.Later(() => CopyOverloads(compilation.Compilation));
        var framework = compilation.TargetFramework.ToString();
        context.RegisterInvocationAction(PerfCompilation.WhenResolved(methods, (c, resolved) => AnalyzeInvocation(c, resolved, framework)), "Copy");
    }

    /// <summary>Array.Copy's three-argument overloads, or null without them or without the five-argument one.</summary>
    private static ImmutableHashSet<IMethodSymbol>? CopyOverloads(Compilation compilation)
    {
        var array = compilation.GetSpecialType(SpecialType.System_Array);
        var threeArgument = ImmutableHashSet.CreateBuilder<IMethodSymbol>(SymbolEqualityComparer.Default);
        var hasFiveArgument = false;
        foreach (var member in array.GetMembers("Copy"))
        {
            if (member is IMethodSymbol { IsStatic: true } method)
            {
                if (method.Parameters.Length == 3)
                {
                    threeArgument.Add(method);
                }
                else if (method.Parameters.Length == 5)
                {
                    hasFiveArgument = true;
                }
            }
        }

        return threeArgument.Count == 0 || !hasFiveArgument ? null : threeArgument.ToImmutable();
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, ImmutableHashSet<IMethodSymbol> methods, string framework)
    {
        var invocation = (IInvocationOperation)context.Operation;
        // The name first: hashing a method symbol for the set costs more than comparing a name, for every call rejected.
        if (invocation.TargetMethod.Name != "Copy" ||
            !methods.Contains(invocation.TargetMethod) ||
            invocation.Arguments.Length != 3 ||
            invocation.Syntax is not InvocationExpressionSyntax syntax)
        {
            return;
        }

        IOperation? source = null, destination = null, length = null;
        foreach (var argument in invocation.Arguments)
        {
            switch (argument.Parameter?.Ordinal)
            {
                case 0: source = argument.Value; break;
                case 1: destination = argument.Value; break;
                case 2: length = argument.Value; break;
            }
        }

        // Only T[] arrays are known to start at 0; System.Array values and multi-dimensional arrays may not.
        if (!IsZeroBasedVector(source) || !IsZeroBasedVector(destination) || length is null)
        {
            return;
        }

        if (syntax.CalledName() is not { } name)
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, syntax, context.Operation.SemanticModel, Rules.PERF005.Id, context.CancellationToken))
        {
            return;
        }

        var target = syntax.Expression.ToString();
        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(
            Rules.PERF005.Descriptor,
            name.GetLocation(),
            syntax.ToString(),
            framework,
            $"{target}({Text(source!)}, 0, {Text(destination!)}, 0, {Text(length)})"), context.ContainingSymbol, context.Compilation, context.Options);
    }

    private static bool IsZeroBasedVector(IOperation? operation)
    {
        if (operation is IConversionOperation { IsImplicit: true } conversion)
        {
            operation = conversion.Operand;
        }

        return operation?.Type is IArrayTypeSymbol { IsSZArray: true };
    }

    private static string Text(IOperation operation) =>
        (operation is IConversionOperation { IsImplicit: true } conversion ? conversion.Operand : operation).Syntax.ToString();
}
