using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
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
/// PERF002: a <c>StringBuilder</c> created in a method only to join a few pieces once —
/// <c>new StringBuilder().Append(a).Append(b).ToString()</c>, or a local appended to in straight-line statements and
/// read once with <c>ToString()</c> — where <c>string.Concat</c> or an interpolated string builds the same text
/// without the builder and its buffer. See docs/rules/PERF002.md.
/// </summary>
public sealed class PERF002AvoidStringBuilderForFewPiecesAnalyzer : PerfAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF002.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // In a multi-targeted project every leg must write the same fix (Roslyn merges the legs' copies of the file): an
        // interpolated string only when every leg has the .NET 6 handlers, else string.Concat, which every leg compiles.
        // Resolved at the first 'new StringBuilder' (PerfCompilation.Later).
        var types = compilation.Types;
        var symbols = compilation.Later(() =>
            types.Get(WellKnownTypes.StringBuilder) is { } stringBuilder
                ? (StringBuilder: stringBuilder, HasHandlers: types.Get(WellKnownTypes.DefaultInterpolatedStringHandler) is not null &&
                                                              (compilation.Legs.IsEmpty || compilation.Legs.All(ApiAvailability.Net6.IsAvailableOn)))
                : ((INamedTypeSymbol StringBuilder, bool HasHandlers)?)null);
        context.RegisterObjectCreationAction(PerfCompilation.WhenResolved(symbols, (c, resolved) => Analyze(c, resolved.StringBuilder, resolved.HasHandlers, types)), "StringBuilder");
    }

    private static void Analyze(OperationAnalysisContext context, INamedTypeSymbol stringBuilder, bool hasHandlers, WellKnownTypes types)
    {
        var creation = (IObjectCreationOperation)context.Operation;
        // The name first: most creations are of other types, often generic ones, which a symbol comparison reads further.
        if (creation.Type?.Name != "StringBuilder" || !SymbolEqualityComparer.Default.Equals(creation.Type, stringBuilder))
        {
            return;
        }

        var maxAppends = Rules.PERF002.MaxAppends.Read(context.Options, creation.Syntax.SyntaxTree);
        var use = BuilderUse.Find(creation, stringBuilder, maxAppends, context.CancellationToken);
        // A builder local's uses were read in this build's code: silent where an inactive #if branch uses it too.
        if (use is null || creation.IsInsideExpressionTree(types) ||
            creation.Parent is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } &&
            MultiTargeting.MentionedInInactiveCode(MultiTargeting.Scope(creation.Syntax), declarator.Symbol.Name))
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, creation.Syntax, creation.SemanticModel, Rules.PERF002.Id, context.CancellationToken))
        {
            return;
        }

        var form = use.ChooseForm(hasHandlers, ((CSharpParseOptions)creation.Syntax.SyntaxTree.Options).LanguageVersion);
        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(
            Rules.PERF002.Descriptor,
            creation.Syntax.GetLocation(),
            additionalLocations: new[] { use.ToStringCall.Syntax.GetLocation() },
            properties: DiagnosticProperties.WithFixable(use.Fixable)
                .Add(BuilderUse.HandlersKey, hasHandlers ? "true" : "false"),
            creation.Syntax.ToString(),
            use.Pieces.Count,
            form == ReplacementForm.Interpolation ? "an interpolated string" : "string.Concat"), context.ContainingSymbol, context.Compilation, context.Options);
    }
}
