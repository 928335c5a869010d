using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Types;

/// <summary>
/// PERF018: <c>var comparer = EqualityComparer&lt;T&gt;.Default;</c> whose every use is <c>comparer.Equals(a, b)</c> or
/// <c>comparer.GetHashCode(a)</c>, on .NET Core 2.1 to .NET 6, where the JIT devirtualizes and inlines
/// <c>EqualityComparer&lt;T&gt;.Default.Equals(a, b)</c> only when it is called on the property directly. On .NET
/// Framework the hoisted local was the optimization, and on .NET 10 the two forms measure the same: silent there.
/// See docs/rules/PERF018.md.
/// </summary>
public sealed class PERF018DoNotHoistEqualityComparerDefaultAnalyzer : PerfAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF018.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // .NET Core 2.1 taught the JIT to devirtualize EqualityComparer<T>.Default called on the property (the seed:
        // 2.2106 -> 0.8725 ns per comparison), and the .NET 6 post still shows a comparer read from a local or parameter
        // called through the interface. On .NET 10 the hoisted local measures the same as the direct call (with or
        // without dynamic PGO), and .NET 7-9 are unmeasured: silent from .NET 7, as before .NET Core 2.1, on .NET
        // Framework, .NET Standard and unknown targets.
        // EqualityComparer<T> is resolved only where a local is initialized from a 'Default' of that name (WellKnownTypes).
        if (!compilation.TargetFramework.IsNetCoreAtLeast(2, 1) || compilation.TargetFramework.IsNetCoreAtLeast(7))
        {
            return;
        }

        context.RegisterOperationAction(c => Analyze(c, compilation), OperationKind.VariableDeclarator);
    }

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation)
    {
        var declarator = (IVariableDeclaratorOperation)context.Operation;
        if (declarator.Syntax is not VariableDeclaratorSyntax { Initializer.Value: { } initializerSyntax } syntax ||
            declarator.Symbol is not { IsRef: false, IsConst: false } local ||
            declarator.Initializer?.Value.WithoutImplicitConversion() is not IPropertyReferenceOperation { Property: { Name: "Default", IsStatic: true } property } ||
            !compilation.Types.Is(property.ContainingType, WellKnownTypes.EqualityComparerOfT) ||
            syntax.Parent is not VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax { UsingKeyword.RawKind: 0 } statement })
        {
            return;
        }

        // Every reference: the receiver of Equals(a, b) or GetHashCode(a), never written, passed or captured by ref.
        var uses = new List<ILocalReferenceOperation>();
        foreach (var operation in declarator.GetRoot().Descendants())
        {
            if (operation is not ILocalReferenceOperation reference || !SymbolEqualityComparer.Default.Equals(reference.Local, local))
            {
                continue;
            }

            if (reference.Parent is not IInvocationOperation { TargetMethod: { IsStatic: false } method } call ||
                call.Instance != reference ||
                !(method.Name == "Equals" && method.Parameters.Length == 2 || method.Name == "GetHashCode" && method.Parameters.Length == 1))
            {
                return;
            }

            uses.Add(reference);
        }

        if (uses.Count == 0)
        {
            return;
        }

        // A build of another leg may read the local in code this one does not compile.
        if (MultiTargeting.MentionedInInactiveCode(MultiTargeting.Scope(statement), local.Name))
        {
            return;
        }

        var properties = ImmutableDictionary<string, string?>.Empty;

        // On a .NET Framework or .NET Standard leg of a multi-targeted project the hoisted local is the faster code: the
        // fix keeps it there behind #if.
        if (!MultiTargeting.Allows(compilation, context.Options, syntax.SyntaxTree, Rules.PERF018.Id, ApiAvailability.NetCore21, ref properties))
        {
            return;
        }

        if (!ColdPath.Allows(context.Options, syntax, declarator.SemanticModel, Rules.PERF018.Id, context.CancellationToken))
        {
            return;
        }

        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(
            Rules.PERF018.Descriptor,
            syntax.Identifier.GetLocation(),
            properties,
            local.Name,
            initializerSyntax.OneLine(),
            compilation.TargetFramework.ToString()), context.ContainingSymbol, context.Compilation, context.Options);
    }
}
