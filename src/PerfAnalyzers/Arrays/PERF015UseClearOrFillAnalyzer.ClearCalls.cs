using System;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Arrays;

/// <summary>PERF015's check of <c>Array.Clear(a, 0, a.Length)</c>: the dispatcher hands it only calls named Clear.</summary>
public sealed partial class PERF015UseClearOrFillAnalyzer
{
    /// <summary>A call named <c>Clear</c> with three positional arguments, written as a call (not through a delegate).</summary>
    private static void AnalyzeClearCall(OperationAnalysisContext context, Symbols apis)
    {
        if (context.Operation is IInvocationOperation { Syntax: InvocationExpressionSyntax { ArgumentList.Arguments: { Count: 3 } arguments } call } invocation &&
            arguments[0].NameColon is null && arguments[1].NameColon is null && arguments[2].NameColon is null)
        {
            AnalyzeInvocation(invocation, call, apis, context.Options, d => ProfileGate.Report(context.ReportDiagnostic, d, context.ContainingSymbol, context.Compilation, context.Options));
        }
    }

    /// <summary><c>Array.Clear(a, 0, a.Length)</c> → <c>Array.Clear(a)</c>, where that overload exists.</summary>
    private static void AnalyzeInvocation(IInvocationOperation invocation, InvocationExpressionSyntax syntax, Symbols apis, AnalyzerOptions options, Action<Diagnostic> report)
    {
        if (!SymbolEqualityComparer.Default.Equals(invocation.TargetMethod, apis.ClearRange))
        {
            return;
        }

        var array = OperationHelpers.WithoutImplicitConversion(invocation.Arguments[0].Value);
        if (array.Type is not IArrayTypeSymbol { IsSZArray: true } ||
            !LoopShape.IsStableReference(array) ||
            invocation.Arguments[1].Value.ConstantValue is not { HasValue: true, Value: 0 } ||
            !LoopShape.IsLengthOf(invocation.Arguments[2].Value, array))
        {
            return;
        }

        Report(report, options, apis, invocation.SemanticModel, syntax.GetLocation(), "'" + syntax + "'", $"{syntax.Expression}({array.Syntax})", ShapeDropRange, null);
    }
}
