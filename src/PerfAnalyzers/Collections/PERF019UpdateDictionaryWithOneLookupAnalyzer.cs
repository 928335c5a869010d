using System;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;
using Model = PerfAnalyzers.Collections.PERF019UpdateDictionaryWithOneLookupModel;

namespace PerfAnalyzers.Collections;

/// <summary>
/// PERF019: a read-modify-write of a <c>Dictionary&lt;TKey, TValue&gt;</c> entry that looks the key up two or more
/// times (<c>ContainsKey</c> / <c>TryGetValue</c>, then the indexer) → one
/// <c>CollectionsMarshal.GetValueRefOrAddDefault</c> on .NET 6+, or, where that cannot be written, one
/// <c>TryGetValue</c> and one write when the original made three lookups. See docs/rules/PERF019.md.
/// </summary>
public sealed class PERF019UpdateDictionaryWithOneLookupAnalyzer : PerfAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF019.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // GetValueRefOrAddDefault is .NET 6's; every target can take the TryGetValue form. Dictionary<,> and
        // CollectionsMarshal live outside the core library on .NET Core: resolved at the first lookup on a dictionary
        // (WellKnownTypes), not for every compilation.
        var hasRefApi = compilation.Later(() => compilation.Types.Get(WellKnownTypes.CollectionsMarshal) is { } marshal && !marshal.GetMembers("GetValueRefOrAddDefault").IsEmpty);
        context.RegisterInvocationAction(c => Analyze(c, compilation, hasRefApi), "ContainsKey", "TryGetValue");
    }

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation, Lazy<bool> hasRefApi)
    {
        var lookup = (IInvocationOperation)context.Operation;
        if (lookup.TargetMethod.Name is not ("ContainsKey" or "TryGetValue") ||
            !compilation.Types.Is(lookup.TargetMethod.ContainingType, WellKnownTypes.DictionaryOfTKeyTValue) ||
            Model.Match(lookup, lookup.TargetMethod.ContainingType.OriginalDefinition, context.CancellationToken) is not { } update)
        {
            return;
        }

        var statement = update.Replaced;
        var properties = ImmutableDictionary<string, string?>.Empty.Add(DiagnosticProperties.Shape, update.Shape);

        // A ref local needs a block to live in, and before C# 13 cannot be declared in an async method or an iterator.
        var refLocalAllowed = update.Increment is not null ||
                              (statement.Parent is BlockSyntax or SwitchSectionSyntax &&
                               (!lookup.GetContainingFunction(context.ContainingSymbol).IsAsyncOrIterator() ||
                                ((CSharpParseOptions)statement.SyntaxTree.Options).LanguageVersion >= (LanguageVersion)1300));
        var form = (string?)null;
        if (update.PrefersTryGetValue)
        {
            form = Model.FormTryGetValue;
        }
        else if (refLocalAllowed && hasRefApi.Value &&
            MultiTargeting.Allows(compilation, context.Options, statement.SyntaxTree, Rules.PERF019.Id, ApiAvailability.Net6, ref properties))
        {
            form = update.Increment is not null ? Model.FormIncrement : Model.FormRef;
        }
        else if (update.HasTryGetValueForm && !(refLocalAllowed && GuardedOnAnotherLeg(compilation, context.Options, statement.SyntaxTree)))
        {
            form = Model.FormTryGetValue;
        }

        // An expression body has no room for the #if a multi-targeted project's other legs need: the counter only where
        // no guard is (every leg has the API, or the option asks for none).
        if (update.Arrow is not null && (form != Model.FormIncrement || properties.ContainsKey(MultiTargeting.GuardKey)))
        {
            return;
        }

        if (form is null ||
            !ColdPath.Allows(context.Options, lookup.Syntax, lookup.SemanticModel, Rules.PERF019.Id, context.CancellationToken))
        {
            return;
        }

        var advice = form == Model.FormTryGetValue
            ? "one 'TryGetValue' and one write do it with two"
            : "'CollectionsMarshal.GetValueRefOrAddDefault' finds or adds the entry with one";
        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(
            Rules.PERF019.Descriptor,
            ((lookup.Syntax as InvocationExpressionSyntax)?.CalledName() ?? lookup.Syntax).GetLocation(),
            properties.Add(Model.FormKey, form),
            update.Dictionary.Syntax.OneLine() + "[" + update.Key.Syntax.OneLine() + "]",
            update.Lookups,
            advice), context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary>
    /// Whether a leg of this multi-targeted project has GetValueRefOrAddDefault and reports the finding there, its fix
    /// keeping this leg's code behind <c>#if</c>: this leg stays silent, since two legs writing different rewrites of
    /// the same lines would conflict when Roslyn merges their copies of the file.
    /// </summary>
    private static bool GuardedOnAnotherLeg(PerfCompilation compilation, AnalyzerOptions options, SyntaxTree tree) =>
        !compilation.Legs.IsEmpty &&
        compilation.Legs.Any(ApiAvailability.Net6.IsAvailableOn) &&
        MultiTargeting.Option.Read(options, tree, Rules.PERF019.Id) == MultiTargeting.Mode.Guard;
}
