using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Async;

/// <summary>
/// PERF007: <c>Task.FromResult(true)</c> / <c>Task.FromResult(false)</c> (any constant bool), where the target may run
/// on a runtime before .NET 6 (there each call allocates a new task). See docs/rules/PERF007.md.
/// </summary>
public sealed class PERF007CacheTaskFromResultAnalyzer : PerfAnalyzer
{
    /// <summary>Diagnostic property: the constant result, "true" or "false".</summary>
    public const string ValueKey = "Value";

    /// <summary>
    /// <see cref="DiagnosticProperties.Shape"/> of <c>await Task.FromResult(true)</c> in a function that awaits something
    /// else too: the fix writes <c>true</c> (with no other await, dropping this one would leave an async method without
    /// await, warning CS1998, so the cached task is used instead).
    /// </summary>
    public const string ShapeAwait = "Await";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF007.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // .NET 6 made Task.FromResult return cached tasks for true and false; unknown stays silent.
        if (!compilation.TargetFramework.IsBeforeNetCore(6))
        {
            return;
        }

        // Resolved at the first call named FromResult (PerfCompilation.Later).
        var types = compilation.Types;
        var fromResult = compilation.Later(() => FromResult(types));
        var framework = compilation.TargetFramework.ToString();
        context.RegisterInvocationAction(PerfCompilation.WhenResolved(fromResult, (c, resolved) => AnalyzeInvocation(c, resolved, types, framework)), "FromResult");
    }

    /// <summary>Task.FromResult&lt;T&gt;(T), or null without it.</summary>
    private static IMethodSymbol? FromResult(WellKnownTypes types)
    {
        IMethodSymbol? fromResult = null;
        if (types.Get(WellKnownTypes.Task) is { } task)
        {
            foreach (var member in task.GetMembers("FromResult"))
            {
                if (member is IMethodSymbol { IsStatic: true, IsGenericMethod: true, Parameters.Length: 1 } method)
                {
                    fromResult = method;
                }
            }
        }

        return fromResult;
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, IMethodSymbol fromResult, WellKnownTypes types, string framework)
    {
        var invocation = (IInvocationOperation)context.Operation;
        // The name first: cheaper than comparing method symbols for every call rejected.
        if (invocation.TargetMethod.Name != "FromResult" ||
            !SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.OriginalDefinition, fromResult) ||
            invocation.TargetMethod.TypeArguments.Length != 1 ||
            invocation.TargetMethod.TypeArguments[0].SpecialType != SpecialType.System_Boolean ||
            invocation.Arguments.Length != 1 ||
            invocation.Arguments[0].Value.ConstantValue is not { HasValue: true, Value: bool value } ||
            invocation.Syntax is not InvocationExpressionSyntax syntax ||
            IsCacheInitialization(invocation, context.ContainingSymbol) ||
            invocation.IsInsideExpressionTree(types))
        {
            return;
        }

        if (syntax.CalledName() is not { } name)
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, name, context.Operation.SemanticModel, Rules.PERF007.Id, context.CancellationToken))
        {
            return;
        }

        var literal = value ? "true" : "false";
        var properties = ImmutableDictionary<string, string?>.Empty.Add(ValueKey, literal);
        var advice = "reuse a cached static readonly task instead";
        if (invocation.Parent is IAwaitOperation { Syntax: AwaitExpressionSyntax awaited } && AwaitsElsewhere(awaited))
        {
            properties = properties.Add(DiagnosticProperties.Shape, ShapeAwait);
            advice = $"write '{literal}' instead of awaiting it";
        }

        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(
            Rules.PERF007.Descriptor,
            name.Identifier.GetLocation(),
            properties,
            syntax.ToString(),
            framework,
            advice), context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary>Whether the function around <paramref name="awaited"/> has another await (expression, <c>await foreach</c>, <c>await using</c>).</summary>
    private static bool AwaitsElsewhere(AwaitExpressionSyntax awaited)
    {
        var function = awaited.Ancestors().FirstOrDefault(a => a is AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax or BaseMethodDeclarationSyntax or AccessorDeclarationSyntax);
        if (function is null)
        {
            return false;
        }

        foreach (var node in function.DescendantNodes(n => n == function || n is not (AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax)))
        {
            switch (node)
            {
                case AwaitExpressionSyntax other when other != awaited:
                case CommonForEachStatementSyntax { AwaitKeyword.RawKind: not 0 }:
                case UsingStatementSyntax { AwaitKeyword.RawKind: not 0 }:
                case LocalDeclarationStatementSyntax { AwaitKeyword.RawKind: not 0 }:
                    return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Runs once per type, so it is the cache: a static field or property initializer, or a static constructor (but
    /// not a lambda or local function in them, which may run many times).
    /// </summary>
    private static bool IsCacheInitialization(IOperation operation, ISymbol containingSymbol)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            switch (current)
            {
                case IAnonymousFunctionOperation:
                case ILocalFunctionOperation:
                    return false;
                case IFieldInitializerOperation field:
                    return field.InitializedFields.Length > 0 && field.InitializedFields[0].IsStatic;
                case IPropertyInitializerOperation property:
                    return property.InitializedProperties.Length > 0 && property.InitializedProperties[0].IsStatic;
            }
        }

        return containingSymbol is IMethodSymbol { MethodKind: MethodKind.StaticConstructor };
    }
}
