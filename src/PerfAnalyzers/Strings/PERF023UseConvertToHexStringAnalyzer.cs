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

    /// <summary>Diagnostic property, present when the builder goes too: <c>var sb = new StringBuilder(); loop; return sb.ToString();</c> → <c>return Convert.ToHexString(bytes);</c>.</summary>
    public const string FoldKey = "Fold";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF023.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // Convert.ToHexString came with .NET 5; nothing to suggest where it is missing (.NET Framework, .NET Standard).
        // Resolved at the first loop or call named Concat or Join (PerfCompilation.Later).
        var symbols = compilation.Later(() => HexSymbols.Resolve(compilation));
        context.RegisterOperationAction(PerfCompilation.WhenResolved(symbols, AnalyzeLoop), OperationKind.Loop);
        context.RegisterInvocationAction(
            PerfCompilation.WhenResolved(symbols, AnalyzeConcat),
            "Concat",
            "Join");
    }

    private static void AnalyzeLoop(OperationAnalysisContext context, HexSymbols symbols)
    {
        // The shape test PERF021 shares (it stays silent on the append inside such a loop).
        if (HexLoop.Match(context.Operation, symbols) is not { } match)
        {
            return;
        }

        var loopOperation = match.Loop;
        var properties = ImmutableDictionary<string, string?>.Empty.Add(DiagnosticProperties.Shape, ShapeLoop);
        var header = Location.Create(loopOperation.Syntax.SyntaxTree, TextSpan.FromBounds(match.First.SpanStart, match.Last.Span.End));
        var code = loopOperation.Syntax.SyntaxTree.GetText(context.CancellationToken).ToString(header.SourceSpan);
        Report(context, symbols, loopOperation.Syntax, header, properties, match.Hex.Lower, code, match.Hex.Suggestion(symbols.Case(match.Hex.Lower)), match);
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
        Report(context, symbols, call.Syntax, call.Syntax.GetLocation(), properties, hex.Lower, call.Syntax.OneLine(), hex.Suggestion(symbols.Case(hex.Lower)), loop: null);
    }

    private static void Report(OperationAnalysisContext context, HexSymbols symbols, SyntaxNode node, Location location, ImmutableDictionary<string, string?> properties, bool lower, string code, string suggestion, HexLoop? loop)
    {
        properties = properties.Add(CaseKey, symbols.Case(lower));

        // In a multi-targeted project the legs without Convert.ToHexString (.NET Standard, .NET Framework) keep the loop behind #if.
        if (!MultiTargeting.Allows(symbols.Compilation, context.Options, node.SyntaxTree, Rules.PERF023.Id, ApiAvailability.Net5, ref properties))
        {
            return;
        }

        // A builder created just before the loop and read only by it and one ToString() right after: the whole builder
        // becomes the call (the fix writes no #if for it: a guarded fix keeps the builder).
        if (loop is not null && !properties.ContainsKey(MultiTargeting.GuardKey) && PERF023Fold.Applies(loop, symbols))
        {
            properties = properties.Add(FoldKey, FoldKey);
            suggestion = loop.Hex.Call(symbols.Case(lower));
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, node, context.Operation.SemanticModel, Rules.PERF023.Id, context.CancellationToken))
        {
            return;
        }

        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF023.Descriptor, location, properties, code, suggestion), context.ContainingSymbol, context.Compilation, context.Options);
    }
}
