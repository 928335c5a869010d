using System.Collections.Generic;
using System.Linq;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF011: a small, constant-size array of a primitive type, created in a method and used only in ways a
/// <c>Span&lt;T&gt;</c> supports (elements, <c>Length</c>, span arguments, <c>foreach</c>, and array arguments of calls
/// that have a span overload): <c>Span&lt;T&gt; buffer = stackalloc T[N];</c> needs no heap allocation.
/// See docs/rules/PERF011.md.
/// </summary>
public sealed class PERF011UseStackallocForSmallBuffersAnalyzer : PerfAnalyzer
{
    /// <summary>Diagnostic property: start positions of array arguments whose (array, offset, count) become one <c>Slice</c>.</summary>
    public const string SlicesKey = "Slices";

    /// <summary>Diagnostic property: the positions of <c>buffer.AsSpan(...)</c> calls, which the fix turns into the span or its Slice.</summary>
    public const string AsSpansKey = "AsSpans";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF011.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // The span types are resolved at the first array creation (PerfCompilation.Later).
        var types = compilation.Types;
        var spans = compilation.Later(() =>
            types.Get(WellKnownTypes.SpanOfT) is { } span && types.Get(WellKnownTypes.ReadOnlySpanOfT) is { } readOnlySpan
                ? (Span: span, ReadOnlySpan: readOnlySpan)
                : ((INamedTypeSymbol Span, INamedTypeSymbol ReadOnlySpan)?)null);

        // From .NET 10 the JIT stack-allocates a small array whose every use it can see (measured: 0 B); the rule then
        // needs a call that the buffer is passed to, where the array escapes to the heap.
        var needsCall = compilation.TargetFramework.IsNetCoreAtLeast(10);
        var referencesByBody = new LastBody();
        context.RegisterOperationAction(
            PerfCompilation.WhenResolved(spans, (c, resolved) => Analyze(c, compilation, resolved.Span, resolved.ReadOnlySpan, types, needsCall, referencesByBody)),
            OperationKind.ArrayCreation);
    }

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation, INamedTypeSymbol span, INamedTypeSymbol readOnlySpan, WellKnownTypes types, bool needsCall,
        LastBody referencesByBody)
    {
        // Array creations are far fewer than declarators: the callback runs only where a buffer can start.
        if (context.Operation is not IArrayCreationOperation { Parent: IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } } ||
            declarator.Symbol is not { IsRef: false, Type: IArrayTypeSymbol { IsSZArray: true, ElementType: var element } } local ||
            declarator.Initializer?.Value is not IArrayCreationOperation { DimensionSizes.Length: 1 } creation ||
            creation.DimensionSizes[0].ConstantValue is not { HasValue: true, Value: int length } ||
            length <= 0 ||
            ElementSize(element.SpecialType) is not { } size ||
            declarator.Parent is not IVariableDeclarationOperation { Declarators.Length: 1, Parent: IVariableDeclarationGroupOperation group } ||
            group.Syntax is not LocalDeclarationStatementSyntax { UsingKeyword.RawKind: 0, IsConst: false } statement ||
            statement.SyntaxTree.Options is not CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp7_3 })
        {
            return;
        }

        // Under [SkipLocalsInit] stackalloc'ed memory is not zeroed, while a new array always is: not the same program.
        if (SkipsLocalsInit(context.ContainingSymbol))
        {
            return;
        }

        var maxBytes = Rules.PERF011.MaxBytes.Read(context.Options, statement.SyntaxTree);
        if ((long)length * size > maxBytes ||
            declarator.GetContainingFunction(context.ContainingSymbol).IsAsyncOrIterator() ||
            declarator.IsInsideExpressionTree(types) ||
            IsInLoopOrHandler(declarator))
        {
            return;
        }

        // Every use, anywhere in the body, must be one a span supports, in the same function (a lambda cannot capture a span).
        var function = declarator.EnclosingFunction();
        var slices = new List<int>();
        var asSpans = new List<int>();
        var untracked = false;
        var uses = 0;
        var passed = false;
        foreach (var reference in ReferencesTo(referencesByBody, declarator.GetRoot(), local))
        {
            context.CancellationToken.ThrowIfCancellationRequested();
            if (reference.EnclosingFunction() != function)
            {
                return;
            }

            uses++;

            if (SpanCompatibility.IsSpanCompatibleUse(reference, allowWrites: true, readOnlySpan, span, context.ContainingSymbol, types))
            {
                passed |= reference.Parent is IConversionOperation { Parent: IArgumentOperation };
                continue;
            }

            // buffer.AsSpan(), buffer.AsSpan(start), buffer.AsSpan(start, length): the span itself or its Slice.
            if (IsAsSpanOfArray(reference))
            {
                passed = true;
                asSpans.Add(reference.Syntax.SpanStart);
                continue;
            }

            switch (SpanOverload(reference, element, span, readOnlySpan))
            {
                case SpanArgument.SameShape:
                    passed = true;
                    untracked |= !OverloadIsAsOldAsSpans(reference);
                    continue;
                case SpanArgument.Slice:
                    passed = true;
                    untracked |= !OverloadIsAsOldAsSpans(reference);
                    slices.Add(reference.Syntax.SpanStart);
                    continue;
                default:
                    return;
            }
        }

        if (uses == 0 || needsCall && !passed)
        {
            return;
        }

        // Span<T> and the span overloads the buffer goes to: .NET Core 2.1+ / .NET Standard 2.1 when they are as old as
        // spans (Stream.Read, Encoding.GetString, ...); an overload of any other method may be newer: this leg's version
        // or later, reported by the newest leg only (every leg's copy of the file must get the same fix).
        if (untracked && !MultiTargeting.IsNewestLeg(compilation))
        {
            return;
        }

        // The buffer's uses were read in this build's code: silent where an inactive #if branch uses it too.
        if (MultiTargeting.MentionedInInactiveCode(MultiTargeting.Scope(creation.Syntax), local.Name))
        {
            return;
        }

        var api = untracked ? ApiAvailability.OnOrAfter(compilation.TargetFramework) : ApiAvailability.NetCore21OrNetStandard21;
        var properties = ImmutableDictionary<string, string?>.Empty.Add(SlicesKey, string.Join(",", slices)).Add(AsSpansKey, string.Join(",", asSpans));
        if (!MultiTargeting.Allows(compilation, context.Options, creation.Syntax.SyntaxTree, Rules.PERF011.Id, api, ref properties))
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, creation.Syntax, creation.SemanticModel, Rules.PERF011.Id, context.CancellationToken))
        {
            return;
        }

        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(
            Rules.PERF011.Descriptor,
            creation.Syntax.GetLocation(),
            properties,
            local.Name,
            creation.Syntax.OneLine(),
            element.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat)), context.ContainingSymbol, context.Compilation, context.Options);
    }

    private enum SpanArgument
    {
        None,

        /// <summary>The call has an overload taking a span in the array's place, all else equal.</summary>
        SameShape,

        /// <summary>(T[] array, int offset, int count) has an overload taking one span instead: pass <c>buffer.Slice(offset, count)</c>.</summary>
        Slice,
    }

    /// <summary>The local is passed as a <c>T[]</c> argument of a call whose method has a span overload.</summary>
    /// <summary>The method a buffer is passed to (whose span overload the fix calls) has that overload since spans exist.</summary>
    private static bool OverloadIsAsOldAsSpans(ILocalReferenceOperation reference) => reference.Parent?.Parent switch
    {
        IInvocationOperation call => SpanCompatibility.SpanOverloadIsAsOldAsSpans(call.TargetMethod),
        IObjectCreationOperation { Constructor: { } constructor } => SpanCompatibility.SpanOverloadIsAsOldAsSpans(constructor),
        _ => false,
    };

    private static SpanArgument SpanOverload(ILocalReferenceOperation reference, ITypeSymbol element, INamedTypeSymbol span, INamedTypeSymbol readOnlySpan)
    {
        if (reference.Parent is not IArgumentOperation { Parameter: { RefKind: RefKind.None, IsParams: false } parameter } argument)
        {
            return SpanArgument.None;
        }

        // A method call or a constructor (new string(chars, 0, n)), with positional arguments only.
        var (method, arguments, argumentList) = argument.Parent switch
        {
            IInvocationOperation call => (call.TargetMethod, call.Arguments, (call.Syntax as InvocationExpressionSyntax)?.ArgumentList),
            IObjectCreationOperation creation => (creation.Constructor, creation.Arguments, (creation.Syntax as BaseObjectCreationExpressionSyntax)?.ArgumentList),
            _ => (null, default, null),
        };
        if (method is not { IsExtensionMethod: false, IsGenericMethod: false } ||
            argumentList is null ||
            HasNamedArgument(argumentList) ||
            arguments.Length != method.Parameters.Length)
        {
            return SpanArgument.None;
        }

        var index = parameter.Ordinal;
        var parameters = method.Parameters;
        var isTriple = index + 2 < parameters.Length &&
                       parameters[index + 1].Type.SpecialType == SpecialType.System_Int32 &&
                       parameters[index + 2].Type.SpecialType == SpecialType.System_Int32;
        foreach (var member in method.MethodKind == MethodKind.Constructor ? method.ContainingType.InstanceConstructors.CastArray<ISymbol>() : method.ContainingType.GetMembers(method.Name))
        {
            if (member is not IMethodSymbol candidate ||
                candidate.IsStatic != method.IsStatic ||
                candidate.IsGenericMethod ||
                candidate.DeclaredAccessibility != Accessibility.Public ||
                !SymbolEqualityComparer.Default.Equals(candidate.ReturnType, method.ReturnType))
            {
                continue;
            }

            if (candidate.Parameters.Length == parameters.Length &&
                SameExcept(parameters, index, 1, candidate.Parameters) &&
                IsSpanOf(candidate.Parameters[index].Type, element, span, readOnlySpan))
            {
                return SpanOverloadIsOverriddenAlike(argument.Parent, method, candidate) ? SpanArgument.SameShape : SpanArgument.None;
            }

            if (isTriple &&
                candidate.Parameters.Length == parameters.Length - 2 &&
                SameExcept(parameters, index, 3, candidate.Parameters) &&
                IsSpanOf(candidate.Parameters[index].Type, element, span, readOnlySpan))
            {
                return SpanOverloadIsOverriddenAlike(argument.Parent, method, candidate) ? SpanArgument.Slice : SpanArgument.None;
            }
        }

        return SpanArgument.None;
    }

    /// <summary>
    /// False when the receiver's static type overrides the array overload it calls but not the span overload (a Stream
    /// subclass with only Read(byte[], int, int)): there the base span overload runs — Stream's rents an array and copies
    /// — so the rewrite would be slower, not faster. A receiver typed as the declaring class itself (a plain Stream) is
    /// not known to be such a class; see docs/rules/PERF011.md.
    /// </summary>
    private static bool SpanOverloadIsOverriddenAlike(IOperation? call, IMethodSymbol arrayMethod, IMethodSymbol spanMethod)
    {
        if (!spanMethod.IsVirtual && !spanMethod.IsOverride && !spanMethod.IsAbstract ||
            call is not IInvocationOperation { Instance.Type: INamedTypeSymbol receiver })
        {
            return true;
        }

        var spanDefinition = spanMethod.OriginalDefinition;
        var overridesArray = false;
        for (var type = receiver; type is not null && !SymbolEqualityComparer.Default.Equals(type, spanMethod.ContainingType); type = type.BaseType)
        {
            foreach (var member in type.GetMembers(spanMethod.Name))
            {
                if (member is not IMethodSymbol { IsOverride: true } overriding)
                {
                    continue;
                }

                for (var overridden = overriding.OverriddenMethod; overridden is not null; overridden = overridden.OverriddenMethod)
                {
                    if (SymbolEqualityComparer.Default.Equals(overridden.OriginalDefinition, spanDefinition))
                    {
                        return true; // the span overload is overridden below the declaring class
                    }

                    if (SymbolEqualityComparer.Default.Equals(overridden.OriginalDefinition, arrayMethod.OriginalDefinition) ||
                        SymbolEqualityComparer.Default.Equals(overriding.OriginalDefinition, arrayMethod.OriginalDefinition))
                    {
                        overridesArray = true;
                    }
                }
            }
        }

        return !overridesArray;
    }

    /// <summary>The reference is the array of <c>MemoryExtensions.AsSpan(T[] [, int [, int]])</c> written as <c>buffer.AsSpan(...)</c>.</summary>
    private static bool IsAsSpanOfArray(ILocalReferenceOperation reference) =>
        reference.Parent is IArgumentOperation { Parent: IInvocationOperation { TargetMethod: { Name: "AsSpan", IsExtensionMethod: true } method } call } argument &&
        call.Arguments.Length > 0 && call.Arguments[0] == argument &&
        method.ContainingType is { Name: "MemoryExtensions", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } &&
        method.Parameters.Length is >= 1 and <= 3 && method.Parameters[0].Type is IArrayTypeSymbol &&
        method.Parameters.Skip(1).All(p => p.Type.SpecialType == SpecialType.System_Int32) &&
        call.Syntax is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } syntax &&
        access.Expression == reference.Syntax && syntax.ArgumentList.Arguments.All(a => a.NameColon is null);

    /// <summary>Parameters equal in type and kind, except <paramref name="count"/> at <paramref name="index"/> replaced by one.</summary>
    private static bool SameExcept(ImmutableArray<IParameterSymbol> original, int index, int count, ImmutableArray<IParameterSymbol> candidate)
    {
        for (var i = 0; i < candidate.Length; i++)
        {
            if (i == index)
            {
                continue;
            }

            var source = i < index ? original[i] : original[i + count - 1];
            if (candidate[i].RefKind != source.RefKind || !SymbolEqualityComparer.Default.Equals(candidate[i].Type, source.Type))
            {
                return false;
            }
        }

        return true;
    }

    private static bool IsSpanOf(ITypeSymbol type, ITypeSymbol element, INamedTypeSymbol span, INamedTypeSymbol readOnlySpan) =>
        type is INamedTypeSymbol { TypeArguments.Length: 1 } named &&
        (SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, span) || SymbolEqualityComparer.Default.Equals(named.OriginalDefinition, readOnlySpan)) &&
        SymbolEqualityComparer.Default.Equals(named.TypeArguments[0], element);

    private static bool HasNamedArgument(ArgumentListSyntax list)
    {
        foreach (var argument in list.Arguments)
        {
            if (argument.NameColon is not null)
            {
                return true;
            }
        }

        return false;
    }

    private static bool SkipsLocalsInit(ISymbol? symbol)
    {
        for (var current = symbol; current is not null; current = current.ContainingSymbol)
        {
            if (current is IMethodSymbol or INamedTypeSymbol or IModuleSymbol or IAssemblySymbol)
            {
                foreach (var attribute in current.GetAttributes())
                {
                    if (attribute.AttributeClass is { Name: "SkipLocalsInitAttribute" } attributeClass &&
                        attributeClass.ContainingNamespace?.ToDisplayString() == "System.Runtime.CompilerServices")
                    {
                        return true;
                    }
                }
            }
        }

        return false;
    }

    /// <summary>Bytes per element of the primitive types worth a stack buffer.</summary>
    private static int? ElementSize(SpecialType type) => type switch
    {
        SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_Boolean => 1,
        SpecialType.System_Char or SpecialType.System_Int16 or SpecialType.System_UInt16 => 2,
        SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Single => 4,
        SpecialType.System_Int64 or SpecialType.System_UInt64 or SpecialType.System_Double => 8,
        _ => null,
    };

    /// <summary>
    /// Inside a loop (each iteration would take more stack: CA2014), or a catch or finally block (where stackalloc is not
    /// allowed), within the declaring function.
    /// </summary>
    private static bool IsInLoopOrHandler(IOperation operation)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            switch (current)
            {
                case ILoopOperation:
                    return true;
                case ICatchClauseOperation:
                    return true;
                case ITryOperation tryOperation when tryOperation.Finally is { } finallyBlock && IsWithin(operation, finallyBlock):
                    return true;
                case IAnonymousFunctionOperation or ILocalFunctionOperation:
                    return false;
            }
        }

        return false;
    }

    private static bool IsWithin(IOperation operation, IOperation ancestor)
    {
        for (var current = operation; current is not null; current = current.Parent)
        {
            if (current == ancestor)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Every reference to each local of a body, gathered in one walk the first time a candidate in that body asks: a
    /// long method with many small arrays (SharpZipLib's BZip2 coder) was walked once per array before, 18% of the
    /// compiler's time on that library (docs/real-code.md). The operation tree of a body is built once, so its root
    /// identifies the body. Roslyn runs a body's callbacks together, so the last body's table is the one asked for
    /// again: one entry is kept, replaced whole (a table keyed by every body, a ConditionalWeakTable, cost more in its
    /// lock and hashing than the walks it saved on SharpZipLib).
    /// </summary>
    private static IReadOnlyList<ILocalReferenceOperation> ReferencesTo(LastBody referencesByBody, IOperation root, ILocalSymbol local)
    {
        var entry = System.Threading.Volatile.Read(ref referencesByBody.Entry);
        if (entry is null || entry.Root != root)
        {
            entry = new BodyReferences(root, CollectReferences(root));
            System.Threading.Volatile.Write(ref referencesByBody.Entry, entry);
        }

        return entry.References.TryGetValue(local, out var references) ? references : System.Array.Empty<ILocalReferenceOperation>();
    }

    /// <summary>The references of the body analyzed last (one per compilation; callbacks may run concurrently).</summary>
    private sealed class LastBody
    {
        public BodyReferences? Entry;
    }

    /// <summary>Read-only once built, so concurrent callbacks share it.</summary>
    private sealed class BodyReferences(IOperation root, Dictionary<ILocalSymbol, List<ILocalReferenceOperation>> references)
    {
        public IOperation Root { get; } = root;

        public Dictionary<ILocalSymbol, List<ILocalReferenceOperation>> References { get; } = references;
    }

    private static Dictionary<ILocalSymbol, List<ILocalReferenceOperation>> CollectReferences(IOperation root)
    {
        var references = new Dictionary<ILocalSymbol, List<ILocalReferenceOperation>>(SymbolEqualityComparer.Default);
        // Only array locals can be the buffers asked about: the body's other locals (most of them, in code that computes
        // with integers) are not listed.
        foreach (var operation in root.Descendants())
        {
            if (operation is ILocalReferenceOperation { Local.Type: IArrayTypeSymbol } reference)
            {
                if (!references.TryGetValue(reference.Local, out var list))
                {
                    references[reference.Local] = list = new List<ILocalReferenceOperation>();
                }

                list.Add(reference);
            }
        }

        return references;
    }

}
