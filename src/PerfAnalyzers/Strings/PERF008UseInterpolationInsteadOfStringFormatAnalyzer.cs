using System.Collections.Generic;
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

namespace PerfAnalyzers.Strings;

/// <summary>
/// PERF008: <c>string.Format</c> with a constant composite format parses the format on every call, boxes value-type
/// arguments and allocates a params array; an interpolated string (.NET 6+ with C# 10+) or, for strings only,
/// <c>string.Concat</c> builds the same text with the format parsed at compile time. See docs/rules/PERF008.md.
/// </summary>
public sealed class PERF008UseInterpolationInsteadOfStringFormatAnalyzer : PerfAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF008.Descriptor);

    /// <summary>The types and members the rule needs, resolved once per compilation (by the analyzer) or per fix.</summary>
    public sealed class Symbols
    {
        private Symbols(WellKnownTypes types, Compilation compilation)
        {
            IFormatProvider = types.Get(WellKnownTypes.IFormatProvider);
            StringBuilder = types.Get(WellKnownTypes.StringBuilder);
            Types = types;
            HandlerAttribute = types.Get(WellKnownTypes.InterpolatedStringHandlerAttribute);
            var handler = types.Get(WellKnownTypes.DefaultInterpolatedStringHandler);
            HasHandler = handler is not null;
            HasStringBuilderHandler = types.Get(WellKnownTypes.StringBuilderAppendInterpolatedStringHandler) is not null;
            HasCreateWithProvider = handler is not null && compilation.GetSpecialType(SpecialType.System_String).GetMembers("Create").OfType<IMethodSymbol>().Any(m =>
                m.IsStatic && m.Parameters.Length == 2 &&
                SymbolEqualityComparer.Default.Equals(m.Parameters[0].Type, IFormatProvider) &&
                SymbolEqualityComparer.Default.Equals(m.Parameters[1].Type, handler));
        }

        public INamedTypeSymbol? IFormatProvider { get; }

        public INamedTypeSymbol? StringBuilder { get; }

        public WellKnownTypes Types { get; }

        public INamedTypeSymbol? HandlerAttribute { get; }

        /// <summary><c>DefaultInterpolatedStringHandler</c> exists (.NET 6+).</summary>
        public bool HasHandler { get; }

        public bool HasStringBuilderHandler { get; }

        /// <summary><c>string.Create(IFormatProvider, ref DefaultInterpolatedStringHandler)</c> exists.</summary>
        public bool HasCreateWithProvider { get; }

        public static Symbols Resolve(PerfCompilation compilation) => new(compilation.Types, compilation.Compilation);

        /// <summary>For a code fix, which has no <see cref="PerfCompilation"/>.</summary>
        public static Symbols Resolve(Compilation compilation) => new(new WellKnownTypes(compilation), compilation);
    }

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // Resolved at the first call named Format (PerfCompilation.Later).
        var symbols = compilation.Later(() => Symbols.Resolve(compilation));
        context.RegisterInvocationAction(c => Analyze(c, compilation, symbols), "Format");
    }

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation, System.Lazy<Symbols> symbols)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (invocation.TargetMethod is not { Name: "Format", IsStatic: true, ContainingType.SpecialType: SpecialType.System_String })
        {
            return;
        }

        var types = symbols.Value;

        if (FormatCall.Find(invocation, types) is not { } call)
        {
            return;
        }

        // string.Create(provider, ...) and StringBuilder.Append(provider, ...) take an interpolated string handler from
        // .NET 6; on an older leg of a multi-targeted project the fix keeps the call. A plain interpolated string
        // compiles everywhere (before .NET 6 it is the same string.Format call).
        var properties = DiagnosticProperties.WithFixable(call.Fixable);
        var needsNet6 = call.Form == FormatForm.CreateWithProvider || (call.Form == FormatForm.AppendInterpolation && call.Provider is not null);
        if (call.Fixable && needsNet6 &&
            !MultiTargeting.Allows(compilation, context.Options, invocation.Syntax.SyntaxTree, Rules.PERF008.Id, ApiAvailability.Net6, ref properties))
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, invocation.Syntax, invocation.SemanticModel, Rules.PERF008.Id, context.CancellationToken))
        {
            return;
        }

        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(
            Rules.PERF008.Descriptor,
            invocation.Syntax.GetLocation(),
            properties: properties,
            call.FormatSyntax.ToString(),
            call.Form switch
            {
                FormatForm.Concat => ConcatText(call),
                FormatForm.CreateWithProvider => "string.Create(provider, $\"...\")",
                FormatForm.AppendInterpolation => "Append($\"...\")",
                FormatForm.AppendFormat => "AppendFormat",
                _ => "an interpolated string",
            }), context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary>
    /// What the fix writes for <see cref="FormatForm.Concat"/>, so that the message names it: text alone is a literal,
    /// one string piece alone is the string itself (null as empty), more pieces are <c>string.Concat</c>.
    /// </summary>
    private static string ConcatText(FormatCall call)
    {
        // A loop, not LINQ: this runs for every finding (a library can have a hundred), for its message only.
        var values = 0;
        foreach (var part in call.Parts)
        {
            if (!part.IsText)
            {
                values++;
            }
        }

        if (values == 0)
        {
            return "the string literal";
        }

        return call.Parts.Length == 1 && !call.Parts[0].IsText && call.Parts[0].Index < call.Arguments.Count
            ? $"'{call.Arguments[call.Parts[0].Index].Expression} ?? \"\"'"
            : "string.Concat";
    }
}
