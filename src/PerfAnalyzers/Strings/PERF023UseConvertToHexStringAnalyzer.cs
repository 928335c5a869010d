using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Strings;

/// <summary>
/// PERF023: the hexadecimal text of a byte array or span built one byte at a time — a <c>for</c>/<c>foreach</c> loop whose
/// only statement is <c>sb.Append(b.ToString("X2"))</c>, <c>sb.Append($"{b:X2}")</c>, <c>sb.AppendFormat("{0:X2}", b)</c>
/// or <c>s += b.ToString("X2")</c>, and <c>string.Concat(bytes.Select(b =&gt; b.ToString("X2")))</c> or
/// <c>string.Join("", ...)</c> of the same — on targets with <c>Convert.ToHexString</c> (.NET 5+): one call formats the
/// whole buffer into one string. Lowercase (<c>"x2"</c>) becomes <c>Convert.ToHexStringLower</c> where every target has it
/// (.NET 9+), else <c>Convert.ToHexString(bytes).ToLowerInvariant()</c>. See docs/rules/PERF023.md.
/// </summary>
public sealed class PERF023UseConvertToHexStringAnalyzer : PerfAnalyzer
{
    /// <summary>A loop: the fix replaces the loop statement with one append (or <c>+=</c>) of the whole text.</summary>
    public const string ShapeLoop = "Loop";

    /// <summary><c>string.Concat</c>/<c>Join("")</c> of a <c>Select</c>: the fix replaces the call.</summary>
    public const string ShapeConcat = "Concat";

    /// <summary>Diagnostic property: which call the fix writes (<see cref="Upper"/>, <see cref="Lower"/>, <see cref="LowerInvariant"/>).</summary>
    public const string CaseKey = "Case";

    /// <summary><c>Convert.ToHexString(x)</c>.</summary>
    public const string Upper = "Upper";

    /// <summary><c>Convert.ToHexStringLower(x)</c> (.NET 9+).</summary>
    public const string Lower = "Lower";

    /// <summary><c>Convert.ToHexString(x).ToLowerInvariant()</c> (.NET 5–8).</summary>
    public const string LowerInvariant = "LowerInvariant";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF023.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // Convert.ToHexString came with .NET 5; nothing to suggest where it is missing (.NET Framework, .NET Standard).
        if (compilation.Types.Get(WellKnownTypes.Convert) is not { } convert ||
            !convert.GetMembers("ToHexString").Any(m => m is IMethodSymbol { IsStatic: true, Parameters.Length: 1 }) ||
            compilation.Types.Get(WellKnownTypes.StringBuilder) is not { } stringBuilder)
        {
            return;
        }

        // ToHexStringLower (.NET 9) is written only when every leg that compiles the new code has it: two legs of one
        // project must write the same fix (a .NET 8 leg beside a .NET 9 one gets ToLowerInvariant() on both).
        var hasLower = convert.GetMembers("ToHexStringLower").Any(m => m is IMethodSymbol { IsStatic: true, Parameters.Length: 1 }) &&
                       compilation.Legs.All(l => l.Kind is TargetFrameworkKind.NetStandard or TargetFrameworkKind.NetFramework || l.IsNetCoreAtLeast(9));
        var symbols = new HexSymbols(compilation, stringBuilder, compilation.Types.Get(WellKnownTypes.SpanOfT), compilation.Types.Get(WellKnownTypes.ReadOnlySpanOfT), hasLower);
        context.RegisterOperationAction(c => AnalyzeLoop(c, symbols), OperationKind.Loop);
        context.RegisterInvocationAction(c => AnalyzeConcat(c, symbols), "Concat", "Join");
    }

    private static void AnalyzeLoop(OperationAnalysisContext context, HexSymbols symbols)
    {
        SyntaxToken first, last;
        HexElement element;
        SyntaxNode bytes;
        switch (context.Operation)
        {
            // foreach (var b in bytes) ...
            case IForEachLoopOperation { Syntax: ForEachStatementSyntax syntax, IsAsynchronous: false, Locals.Length: 1 } loop
                when loop.LoopControlVariable is IVariableDeclaratorOperation { Symbol: { Type.SpecialType: SpecialType.System_Byte } variable } &&
                     symbols.IsBytes(loop.Collection.WithoutImplicitConversion().Type):
                element = HexElement.Of(variable);
                bytes = syntax.Expression;
                (first, last) = (syntax.ForEachKeyword, syntax.CloseParenToken);
                break;

            // for (int i = 0; i < bytes.Length; i++) ... bytes[i] ...
            case IForLoopOperation { Syntax: ForStatementSyntax syntax, Before.Length: 1, AtLoopBottom.Length: 1, Locals.Length: 1 } loop
                when loop.Locals[0] is { Type.SpecialType: SpecialType.System_Int32 } index &&
                     LoopShape.StartsAtZero(loop.Before[0], index) &&
                     LoopShape.IsStep(loop.AtLoopBottom[0], index, forward: true) &&
                     LoopShape.UpperBound(loop.Condition, index) is IPropertyReferenceOperation { Property.Name: "Length", Instance: { } lengthOf } &&
                     lengthOf.WithoutImplicitConversion() is var buffer && LoopShape.IsStableReference(buffer) && symbols.IsBytes(buffer.Type):
                element = HexElement.Of(index, buffer, symbols);
                bytes = buffer.Syntax;
                (first, last) = (syntax.ForKeyword, syntax.CloseParenToken);
                break;

            default:
                return;
        }

        var loopOperation = (ILoopOperation)context.Operation;
        if (LoopShape.Single(loopOperation.Body) is not IExpressionStatementOperation { Operation: var statement } ||
            HexText.OfStatement(statement, element, bytes, symbols) is not { } hex)
        {
            return;
        }

        var properties = ImmutableDictionary<string, string?>.Empty.Add(DiagnosticProperties.Shape, ShapeLoop);
        var header = Location.Create(loopOperation.Syntax.SyntaxTree, TextSpan.FromBounds(first.SpanStart, last.Span.End));
        var code = loopOperation.Syntax.SyntaxTree.GetText(context.CancellationToken).ToString(header.SourceSpan);
        Report(context, symbols, loopOperation.Syntax, header, properties, hex.Lower, code, hex.Suggestion(symbols.Case(hex.Lower)));
    }

    private static void AnalyzeConcat(OperationAnalysisContext context, HexSymbols symbols)
    {
        var call = (IInvocationOperation)context.Operation;
        if (!call.TargetMethod.IsStatic || call.TargetMethod.ContainingType?.SpecialType != SpecialType.System_String ||
            HexText.OfConcat(call, symbols) is not { } hex ||
            call.IsInsideExpressionTree(symbols.Types))
        {
            return;
        }

        var properties = ImmutableDictionary<string, string?>.Empty.Add(DiagnosticProperties.Shape, ShapeConcat);
        Report(context, symbols, call.Syntax, call.Syntax.GetLocation(), properties, hex.Lower, call.Syntax.OneLine(), hex.Suggestion(symbols.Case(hex.Lower)));
    }

    private static void Report(OperationAnalysisContext context, HexSymbols symbols, SyntaxNode node, Location location, ImmutableDictionary<string, string?> properties, bool lower, string code, string suggestion)
    {
        properties = properties.Add(CaseKey, symbols.Case(lower));

        // In a multi-targeted project the legs without Convert.ToHexString (.NET Standard, .NET Framework) keep the loop behind #if.
        if (!MultiTargeting.Allows(symbols.Compilation, context.Options, node.SyntaxTree, Rules.PERF023.Id, ApiAvailability.Net5, ref properties))
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, node, context.Operation.SemanticModel, Rules.PERF023.Id, context.CancellationToken))
        {
            return;
        }

        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF023.Descriptor, location, properties, code, suggestion), context.ContainingSymbol, context.Compilation, context.Options);
    }
}
