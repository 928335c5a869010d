using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Strings;

/// <summary>
/// PERF001: <c>s.Substring(...)</c> whose result is only read by something that accepts a slice: an argument with a
/// <c>ReadOnlySpan&lt;char&gt;</c> overload, <c>StringBuilder.Append</c>, an ordinal comparison, a concatenation, or a
/// local used once in one of those places. See docs/rules/PERF001.md.
/// </summary>
public sealed class PERF001UseAsSpanInsteadOfSubstringAnalyzer : PerfAnalyzer
{

    /// <summary>The argument already accepts a span, or has an overload that does: rename to AsSpan.</summary>
    public const string ShapeArgument = "Argument";

    /// <summary><c>sb.Append(s.Substring(a, n))</c> → <c>sb.Append(s, a, n)</c>.</summary>
    public const string ShapeAppend = "Append";

    /// <summary><c>==</c>, <c>!=</c>, <c>Equals</c> → <c>SequenceEqual</c>; ordinal <c>StartsWith/EndsWith</c> → rename.</summary>
    public const string ShapeComparison = "Comparison";

    /// <summary>A concatenation of 2–4 strings → <c>string.Concat</c> of spans.</summary>
    public const string ShapeConcat = "Concat";

    /// <summary><c>var part = s.Substring(..)</c> used once → <c>ReadOnlySpan&lt;char&gt; part = s.AsSpan(..)</c>.</summary>
    public const string ShapeLocal = "Local";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF001.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // Resolved at the first Substring call (PerfCompilation.Later): nothing about the compilation is read here.
        var symbols = compilation.Later(() => Symbols.Resolve(compilation));

        // The dispatcher hands the rule only calls named Substring; the containing type's special type rejects the others'.
        context.RegisterInvocationAction(
            c =>
            {
                var invocation = (IInvocationOperation)c.Operation;
                if (invocation.TargetMethod is { Name: "Substring", ContainingType.SpecialType: SpecialType.System_String } &&
                    symbols.Value is { } types)
                {
                    AnalyzeInvocation(invocation, c.ContainingSymbol, c.Options, d => ProfileGate.Report(c.ReportDiagnostic, d, c.ContainingSymbol, c.Compilation, c.Options), types);
                }
            },
            "Substring");
    }

    /// <summary>Everything the rule resolves once per compilation.</summary>
    private sealed class Symbols
    {
        public PerfCompilation Perf = null!;
        public INamedTypeSymbol String = null!;
        public INamedTypeSymbol? ReadOnlySpanOfChar;
        public INamedTypeSymbol? StringBuilder;
        public bool HasAppendStringIntInt;
        private System.Lazy<SpanFacts> _span = null!;

        /// <summary><c>MemoryExtensions.AsSpan(string, int)</c> exists.</summary>
        public bool HasAsSpan => _span.Value.HasAsSpan;

        public bool StringConvertsToSpan => _span.Value.StringConvertsToSpan;

        public ImmutableHashSet<int> SpanConcatArities => _span.Value.SpanConcatArities;

        public static Symbols? Resolve(PerfCompilation perf)
        {
            var compilation = perf.Compilation;
            var context = new Symbols
            {
                Perf = perf,
                String = compilation.GetSpecialType(SpecialType.System_String),
                ReadOnlySpanOfChar = perf.Types.ReadOnlySpanOfChar,
                StringBuilder = perf.Types.Get(WellKnownTypes.StringBuilder),
            };

            var int32 = compilation.GetSpecialType(SpecialType.System_Int32);
            context.HasAppendStringIntInt = context.StringBuilder?.GetMembers("Append").OfType<IMethodSymbol>().Any(m =>
                m.Parameters.Length == 3 &&
                m.Parameters[0].Type.SpecialType == SpecialType.System_String &&
                SymbolEqualityComparer.Default.Equals(m.Parameters[1].Type, int32) &&
                SymbolEqualityComparer.Default.Equals(m.Parameters[2].Type, int32)) == true;

            // MemoryExtensions lives outside the core library on .NET Core (resolving it searches every referenced assembly,
            // WellKnownTypes): what it offers is read at the first Substring call, not for every compilation.
            var span = context.ReadOnlySpanOfChar;
            context._span = new System.Lazy<SpanFacts>(() => SpanFacts.Read(perf, context.String, span), System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);
            return span is not null || context.HasAppendStringIntInt ? context : null;
        }

        private sealed class SpanFacts
        {
            public bool HasAsSpan;
            public bool StringConvertsToSpan;
            public ImmutableHashSet<int> SpanConcatArities = ImmutableHashSet<int>.Empty;

            public static SpanFacts Read(PerfCompilation perf, INamedTypeSymbol stringType, INamedTypeSymbol? span)
            {
                var facts = new SpanFacts();
                if (span is not null && perf.Types.Get(WellKnownTypes.MemoryExtensions) is { } memoryExtensions)
                {
                    facts.HasAsSpan = memoryExtensions.GetMembers("AsSpan").OfType<IMethodSymbol>()
                        .Any(m => m.Parameters.Length == 2 && m.Parameters[0].Type.SpecialType == SpecialType.System_String);
                    facts.StringConvertsToSpan = perf.Compilation.ClassifyCommonConversion(stringType, span).IsImplicit;
                    facts.SpanConcatArities = stringType.GetMembers("Concat").OfType<IMethodSymbol>()
                        .Where(m => m.IsStatic && m.Parameters.Length is >= 2 and <= 4 &&
                                    m.Parameters.All(p => p.RefKind == RefKind.None && SymbolEqualityComparer.Default.Equals(p.Type, span)))
                        .Select(m => m.Parameters.Length)
                        .ToImmutableHashSet();
                }

                return facts;
            }
        }

        public bool IsSpanOfChar(ITypeSymbol? type) => SymbolEqualityComparer.Default.Equals(type, ReadOnlySpanOfChar);

        public bool IsStringBuilder(ITypeSymbol? type) => StringBuilder is not null && SymbolEqualityComparer.Default.Equals(type, StringBuilder);
    }

    private static void AnalyzeInvocation(IInvocationOperation invocation, ISymbol? containingSymbol, AnalyzerOptions options, System.Action<Diagnostic> report, Symbols types)
    {
        if (containingSymbol is null ||
            !IsSubstring(invocation, types) ||
            invocation.Syntax is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax memberAccess } ||
            invocation.IsInsideExpressionTree(types.Perf.Types))
        {
            return;
        }

        var shape = Classify(invocation, types, containingSymbol);
        if (shape is null)
        {
            return;
        }

        var receiver = memberAccess.Expression.ToString();
        var arguments = string.Join(", ", invocation.Arguments.Select(a => a.Syntax.ToString()));
        var replacement = shape == ShapeAppend
            ? "Append(" + receiver + ", " + arguments + (invocation.Arguments.Length == 1 ? ", " + receiver + ".Length - " + arguments : string.Empty) + ")"
            : receiver + ".AsSpan(" + arguments + ")";
        // What the rewrite needs on the other legs of a multi-targeted project: StringBuilder.Append(string, int, int)
        // is everywhere; AsSpan and the span comparisons are .NET Core 2.1 / .NET Standard 2.1; the span Concat
        // overloads .NET Core 3.0; an overload as old as spans (int.Parse, Stream.Write, ...) too; a span overload of some
        // other method, this leg's version or later (only the newest leg reports it, so that every leg's copy of the file
        // gets the same fix).
        var properties = ImmutableDictionary<string, string?>.Empty.Add(DiagnosticProperties.Shape, shape);
        var untracked = shape == ShapeLocal ||
                        shape == ShapeArgument && invocation.Parent is IArgumentOperation { Parent: IInvocationOperation call } && !SpanCompatibility.SpanOverloadIsAsOldAsSpans(call.TargetMethod);
        var api = shape switch
        {
            ShapeAppend => null,
            ShapeConcat => ApiAvailability.NetCore30,
            _ when untracked => ApiAvailability.OnOrAfter(types.Perf.TargetFramework),
            _ => ApiAvailability.NetCore21OrNetStandard21, // AsSpan, a span parameter, an overload as old as spans
        };
        if (untracked && !MultiTargeting.IsNewestLeg(types.Perf))
        {
            return; // reported (once, with one condition) by the newest leg
        }

        // A local's uses were read in this build's code: silent where an inactive #if branch uses it too.
        if (shape == ShapeLocal && invocation.Parent is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation local } &&
            MultiTargeting.MentionedInInactiveCode(MultiTargeting.Scope(invocation.Syntax), local.Symbol.Name))
        {
            return;
        }

        if (api is not null && !MultiTargeting.Allows(types.Perf, options, invocation.Syntax.SyntaxTree, Rules.PERF001.Id, api, ref properties))
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(options, invocation.Syntax, invocation.SemanticModel, Rules.PERF001.Id, default))
        {
            return;
        }

        report(Diagnostic.Create(
            Rules.PERF001.Descriptor,
            memberAccess.Name.GetLocation(),
            properties,
            Shorten(invocation.Syntax.ToString()),
            Shorten(replacement)));
    }

    private static string Shorten(string text)
    {
        text = string.Join(" ", text.Split((char[]?)null, System.StringSplitOptions.RemoveEmptyEntries));
        return text.Length <= 80 ? text : text.Substring(0, 77) + "...";
    }

    private static bool IsSubstring(IInvocationOperation invocation, Symbols types) =>
        invocation.TargetMethod is { Name: "Substring", IsStatic: false } method &&
        method.ContainingType.SpecialType == SpecialType.System_String &&
        invocation.Instance is not null &&
        invocation.Arguments.Length is 1 or 2 &&
        invocation.Arguments.All(a => a.ArgumentKind == ArgumentKind.Explicit);

    private static string? Classify(IInvocationOperation substring, Symbols types, ISymbol containingSymbol)
    {
        var parent = substring.Parent;
        var spanAllowedHere = types.HasAsSpan && SpanMayLiveHere(substring);

        switch (parent)
        {
            // Already converted to ReadOnlySpan<char> (a span parameter, a span local): the slice is the same text.
            case IConversionOperation { IsImplicit: true } conversion when types.IsSpanOfChar(conversion.Type):
                return spanAllowedHere ? ShapeArgument : null;

            case IArgumentOperation argument when argument.Parent is IInvocationOperation call:
                return ClassifyArgument(substring, argument, call, types, spanAllowedHere);

            case IBinaryOperation binary when binary.OperatorKind is BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals &&
                                              binary.LeftOperand.Type?.SpecialType == SpecialType.System_String &&
                                              binary.RightOperand.Type?.SpecialType == SpecialType.System_String:
                return spanAllowedHere && types.StringConvertsToSpan &&
                       IsKnownNonNullAndStable(ReferenceEquals(binary.LeftOperand, substring) ? binary.RightOperand : binary.LeftOperand)
                    ? ShapeComparison
                    : null;

            case IBinaryOperation { OperatorKind: BinaryOperatorKind.Add } add when add.Type?.SpecialType == SpecialType.System_String:
                return spanAllowedHere && IsSpanConcatenation(GetConcatenationRoot(add), types) ? ShapeConcat : null;

            case IInvocationOperation call when ReferenceEquals(call.Instance, substring):
                return spanAllowedHere && IsComparisonOnReceiver(call, types) ? ShapeComparison : null;

            case IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator }:
                return types.HasAsSpan && IsSingleUseLocal(substring, declarator, types, containingSymbol) ? ShapeLocal : null;

            default:
                return null;
        }
    }

    private static string? ClassifyArgument(IInvocationOperation substring, IArgumentOperation argument, IInvocationOperation call, Symbols types, bool spanAllowedHere)
    {
        if (argument.ArgumentKind != ArgumentKind.Explicit || argument.Parameter is not { RefKind: RefKind.None } parameter)
        {
            return null;
        }

        var method = call.TargetMethod;

        // sb.Append(s.Substring(...)) → sb.Append(s, start, count): exists on every target framework.
        if (method.Name == "Append" && types.IsStringBuilder(method.ContainingType) && method.Parameters.Length == 1 &&
            parameter.Type.SpecialType == SpecialType.System_String)
        {
            return types.HasAppendStringIntInt &&
                   (substring.Arguments.Length == 2 || (substring.Instance!.IsSideEffectFree() && substring.Arguments[0].Value.IsSideEffectFree()))
                ? ShapeAppend
                : null;
        }

        if (!spanAllowedHere)
        {
            return null;
        }

        // string.Concat(a.Substring(1), b) → string.Concat(a.AsSpan(1), b)
        if (method.Name == "Concat" && method.IsStatic && method.ContainingType.SpecialType == SpecialType.System_String)
        {
            return IsSpanConcatenation(call, types) ? ShapeConcat : null;
        }

        // string.Equals(s.Substring(..), t)
        if (method is { Name: "Equals", IsStatic: true, Parameters.Length: 2 } && method.ContainingType.SpecialType == SpecialType.System_String &&
            method.Parameters.All(p => p.Type.SpecialType == SpecialType.System_String))
        {
            var other = call.Arguments[parameter.Ordinal == 0 ? 1 : 0].Value;
            return types.StringConvertsToSpan && IsKnownNonNullAndStable(other) ? ShapeComparison : null;
        }

        return HasSpanOverload(call, parameter.Ordinal, types) ? ShapeArgument : null;
    }

    /// <summary>
    /// An overload of the called method that takes <c>ReadOnlySpan&lt;char&gt;</c> at <paramref name="ordinal"/>, has the
    /// same other parameters (names, types, ref kinds), only optional extra parameters, and the same return type.
    /// </summary>
    private static bool HasSpanOverload(IInvocationOperation call, int ordinal, Symbols types)
    {
        var method = call.TargetMethod.OriginalDefinition;
        if (call.Arguments.Any(a => a.ArgumentKind != ArgumentKind.Explicit && a.ArgumentKind != ArgumentKind.DefaultValue))
        {
            return false;
        }

        // Parameter names matter only when the call names its arguments.
        var named = call.Arguments.Any(a => a.Syntax is ArgumentSyntax { NameColon: not null });
        var matches = 0;
        foreach (var candidate in method.ContainingType.GetMembers(method.Name).OfType<IMethodSymbol>())
        {
            if (SymbolEqualityComparer.Default.Equals(candidate, method) ||
                candidate.IsStatic != method.IsStatic ||
                candidate.MethodKind != method.MethodKind ||
                candidate.TypeParameters.Length != method.TypeParameters.Length ||
                candidate.DeclaredAccessibility != Accessibility.Public ||
                candidate.Parameters.Length < method.Parameters.Length ||
                !SameType(candidate.ReturnType, method.ReturnType))
            {
                continue;
            }

            var ok = true;
            for (var i = 0; i < candidate.Parameters.Length && ok; i++)
            {
                var p = candidate.Parameters[i];
                if (i >= method.Parameters.Length)
                {
                    ok = p.IsOptional;
                }
                else if (i == ordinal)
                {
                    ok = p.RefKind == RefKind.None && types.IsSpanOfChar(p.Type) && (!named || p.Name == method.Parameters[i].Name);
                }
                else
                {
                    var q = method.Parameters[i];
                    ok = p.RefKind == q.RefKind && (!named || p.Name == q.Name) && SameType(p.Type, q.Type) && !q.IsParams;
                }
            }

            if (ok)
            {
                matches++;
            }
        }

        return matches == 1;
    }

    private static bool SameType(ITypeSymbol a, ITypeSymbol b) =>
        a is ITypeParameterSymbol ta && b is ITypeParameterSymbol tb
            ? ta.Ordinal == tb.Ordinal && ta.TypeParameterKind == tb.TypeParameterKind
            : SymbolEqualityComparer.Default.Equals(a, b);

    /// <summary><c>x.Equals(t)</c> (ordinal by definition), or <c>StartsWith/EndsWith(t, StringComparison.Ordinal[IgnoreCase])</c>.</summary>
    private static bool IsComparisonOnReceiver(IInvocationOperation call, Symbols types)
    {
        var method = call.TargetMethod;
        if (method.IsStatic || method.ContainingType.SpecialType != SpecialType.System_String)
        {
            return false;
        }

        if (method.Name == "Equals" && method.Parameters.Length == 1 && method.Parameters[0].Type.SpecialType == SpecialType.System_String)
        {
            return types.StringConvertsToSpan && call.ArgumentFor(0) is { } other && IsKnownNonNullAndStable(other);
        }

        // By parameter: StartsWith(comparisonType: StringComparison.Ordinal, value: t) lists the comparison first.
        if (method.Name is "StartsWith" or "EndsWith" && method.Parameters.Length == 2 &&
            method.Parameters[0].Type.SpecialType == SpecialType.System_String &&
            call.ArgumentFor(1)?.ConstantValue is { HasValue: true, Value: int comparison } &&
            comparison is 4 or 5) // StringComparison.Ordinal, StringComparison.OrdinalIgnoreCase
        {
            // The span overload treats a null value as empty where the string one throws: require a known non-null value.
            return types.StringConvertsToSpan && call.ArgumentFor(0) is { } value && IsKnownNonNullAndStable(value);
        }

        return false;
    }

    /// <summary>
    /// The other side of a comparison: the span form treats null as empty, so it must be known non-null (a constant, or
    /// a local/parameter/field whose nullable flow state is not-null), and reading it must have no side effects.
    /// </summary>
    private static bool IsKnownNonNullAndStable(IOperation operation)
    {
        if (operation.ConstantValue.HasValue)
        {
            return operation.ConstantValue.Value is string;
        }

        if (!operation.IsSideEffectFree() || operation.SemanticModel is null)
        {
            return false;
        }

        return operation.SemanticModel.GetTypeInfo(operation.Syntax).Nullability.FlowState == NullableFlowState.NotNull;
    }

    private static IOperation GetConcatenationRoot(IBinaryOperation add)
    {
        IOperation root = add;
        while (root.Parent is IBinaryOperation { OperatorKind: BinaryOperatorKind.Add } parent && parent.Type?.SpecialType == SpecialType.System_String)
        {
            root = parent;
        }

        return root;
    }

    /// <summary>The operands of a chain of string <c>+</c>, left to right.</summary>
    public static void FlattenConcatenation(IOperation operation, List<IOperation> operands)
    {
        if (operation is IBinaryOperation { OperatorKind: BinaryOperatorKind.Add } add && add.Type?.SpecialType == SpecialType.System_String)
        {
            FlattenConcatenation(add.LeftOperand, operands);
            FlattenConcatenation(add.RightOperand, operands);
        }
        else
        {
            operands.Add(operation);
        }
    }

    /// <summary>A <c>+</c> chain or <c>string.Concat</c> call of 2–4 string operands that a span-based Concat overload accepts.</summary>
    private static bool IsSpanConcatenation(IOperation rootOrCall, Symbols types)
    {
        var operands = new List<IOperation>();
        if (rootOrCall is IInvocationOperation call)
        {
            if (call.Arguments.Any(a => a.ArgumentKind != ArgumentKind.Explicit || a.Parameter?.Type.SpecialType != SpecialType.System_String))
            {
                return false;
            }

            operands.AddRange(call.Arguments.Select(a => a.Value));
        }
        else
        {
            FlattenConcatenation(rootOrCall, operands);
        }

        return types.StringConvertsToSpan &&
               types.SpanConcatArities.Contains(operands.Count) &&
               operands.All(o => o.Type?.SpecialType == SpecialType.System_String && !(o.ConstantValue.HasValue && o.ConstantValue.Value is null));
    }

    /// <summary>
    /// <c>var part = s.Substring(..);</c> whose only use is an argument with a span overload, in a function that is not
    /// async or an iterator, not captured by a lambda or local function.
    /// </summary>
    private static bool IsSingleUseLocal(IInvocationOperation substring, IVariableDeclaratorOperation declarator, Symbols types, ISymbol containingSymbol)
    {
        var local = declarator.Symbol;
        var function = substring.GetContainingFunction(containingSymbol);
        if (local.IsConst || local.RefKind != RefKind.None || local.Type.SpecialType != SpecialType.System_String ||
            declarator.Parent is not IVariableDeclarationOperation { Declarators.Length: 1 } declaration ||
            declaration.Parent is not IVariableDeclarationGroupOperation ||
            declaration.Syntax is not VariableDeclarationSyntax ||
            declaration.Syntax.Parent is not LocalDeclarationStatementSyntax { UsingKeyword.RawKind: 0 } ||
            function.IsAsyncOrIterator())
        {
            return false;
        }

        ILocalReferenceOperation? use = null;
        foreach (var descendant in substring.GetRoot().Descendants())
        {
            if (descendant is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local))
            {
                if (use is not null)
                {
                    return false;
                }

                use = reference;
            }
        }

        return use is { Parent: IArgumentOperation { Parent: IInvocationOperation call } argument } &&
               argument.ArgumentKind == ArgumentKind.Explicit &&
               argument.Parameter is { RefKind: RefKind.None } parameter &&
               SymbolEqualityComparer.Default.Equals(use.GetContainingFunction(containingSymbol), function) &&
               !use.IsInsideExpressionTree(types.Perf.Types) &&
               HasSpanOverload(call, parameter.Ordinal, types);
    }

    /// <summary>
    /// A span temporary must not live across an await: no await in the same statement (an await can only appear in
    /// async code, top-level statements included).
    /// </summary>
    private static bool SpanMayLiveHere(IOperation operation) => !operation.GetContainingStatement().ContainsAwait();
}
