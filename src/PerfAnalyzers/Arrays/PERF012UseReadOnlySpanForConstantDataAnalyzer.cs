using System.Collections.Concurrent;
using System.Threading;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF012: a private or internal <c>static readonly</c> array field (or get-only static auto-property) initialized
/// with constants and only ever read as a span (elements, <c>Length</c>, span arguments, <c>foreach</c>): as a
/// <c>static ReadOnlySpan&lt;T&gt; Name =&gt; new T[] { ... }</c> property the compiler embeds the data in the assembly and
/// no array is allocated. Every use in the compilation decides, so it is reported at compilation end.
/// See docs/rules/PERF012.md.
/// </summary>
public sealed class PERF012UseReadOnlySpanForConstantDataAnalyzer : PerfAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF012.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // Where the win is measured: the fast span of .NET Core 2.1+ (the seed's .NET Core 3.0 figures). On .NET 10 our
        // benchmark shows no difference (the JIT treats static readonly arrays as constants); .NET 8 and 9 are not
        // measured here, so the rule stops before them. .NET Framework and .NET Standard get the slower portable span.
        if (!compilation.TargetFramework.IsNetCoreAtLeast(2, 1) || !compilation.TargetFramework.IsBeforeNetCore(8, 0))
        {
            return;
        }

        // Nothing about the compilation's symbols is read here (PERF004 says why): the span types are resolved at the first
        // callback, and the candidates are read where the compiler hands over each field and property it has declared. A
        // walk of every member of every type done here, before the compiler had declared them, read 34-38 ms of
        // Humanizer's build (the CLI, which binds the declarations first, showed under 1 ms).
        var types = compilation.Types;
        var symbols = compilation.Later(() => Symbols.Resolve(types));
        var candidates = new ConcurrentDictionary<ISymbol, (Location Location, bool Internal)>(SymbolEqualityComparer.Default);
        context.RegisterSymbolAction(
            c =>
            {
                // The cheap tests first: most fields are not static, and most static fields are not arrays.
                if (c.Symbol is IFieldSymbol { IsStatic: true, IsReadOnly: true } or IPropertySymbol { IsStatic: true, IsReadOnly: true } &&
                    symbols.Value is { } resolved &&
                    IsCandidate(c.Symbol, resolved.CreateSpan, c.CancellationToken) is { } candidate)
                {
                    candidates.TryAdd(c.Symbol, candidate);
                }
            },
            SymbolKind.Field,
            SymbolKind.Property);

        // Any use a span could not take disqualifies a candidate; the answer is read once every use has been seen.
        // Whether the assembly has friends is read then too: its attributes are bound by the compiler by that time,
        // whereas asked at compilation start this rule paid for binding them.
        var disqualified = new ConcurrentDictionary<ISymbol, bool>(SymbolEqualityComparer.Default);
        var handWritten = new ConcurrentDictionary<SyntaxTree, byte>();
        // The dispatcher keeps generated files out of this rule's tree action: a tree seen here is hand-written.
        context.RegisterSyntaxTreeAction(c => handWritten.TryAdd(c.Tree, 0));

        void AnalyzeReference(OperationAnalysisContext c)
        {
            // Every field and property read reaches the rule (a use may come before the compiler has declared the member, so
            // the candidates are not known yet): the array's element type rejects most of them, with no lookup.
            if (c.Operation.Type is not IArrayTypeSymbol { ElementType.SpecialType: var elementType } ||
                !IsEmbeddable(elementType, LanguageVersion.Latest, createSpan: true) ||
                symbols.Value is not { } resolved)
            {
                return;
            }

            var member = c.Operation switch
            {
                IFieldReferenceOperation field => (ISymbol)field.Field,
                IPropertyReferenceOperation property => property.Property,
                _ => null,
            };
            // Only a member that could be a candidate (read-only, static, hidden from other assemblies) needs its uses read.
            if (member is IFieldSymbol { IsStatic: true, IsReadOnly: true, IsConst: false } or IPropertySymbol { IsStatic: true, IsReadOnly: true } &&
                Visibility(member) is not null &&
                member.ContainingAssembly is not null &&
                SymbolEqualityComparer.Default.Equals(member.ContainingAssembly, c.Compilation.Assembly) &&
                IsArray(member) &&
                // One use a span cannot take settles it: the member's other uses need not be read.
                !disqualified.ContainsKey(member.OriginalDefinition) &&
                !SpanCompatibility.IsSpanCompatibleUse(c.Operation, allowWrites: false, resolved.ReadOnlySpan, resolved.Span, c.ContainingSymbol, types))
            {
                disqualified.TryAdd(member.OriginalDefinition, true);
            }
        }

        context.RegisterOperationAction(AnalyzeReference, OperationKind.FieldReference, OperationKind.PropertyReference);

        context.RegisterCompilationEndAction(c =>
        {
            bool? friends = null;
            foreach (var candidate in candidates)
            {
                // Generated code is not flagged (the dispatcher's tree action sees only hand-written files).
                if (candidate.Value.Location.SourceTree is not { } declaredIn || !handWritten.ContainsKey(declaredIn) || GeneratedCode.IsMarked(candidate.Key))
                {
                    continue;
                }

                // A use in code this build does not compile (another leg's #if) is not seen: silent for a name written there.
                if (!disqualified.ContainsKey(candidate.Key) &&
                    !(candidate.Value.Internal && (friends ??= HasInternalsVisibleTo(c.Compilation.Assembly, types))) &&
                    !MultiTargeting.OccursInInactiveCode(c.Compilation, candidate.Key.Name, c.CancellationToken))
                {
                    // A ReadOnlySpan<T> property: .NET Core 2.1+ / .NET Standard 2.1 (a .NET Framework leg keeps the array).
                    var properties = ImmutableDictionary<string, string?>.Empty;
                    if (candidate.Value.Location.SourceTree is not { } tree ||
                        !MultiTargeting.Allows(compilation, c.Options, tree, Rules.PERF012.Id, ApiAvailability.NetCore21OrNetStandard21, ref properties))
                    {
                        continue;
                    }

                    var element = ((IArrayTypeSymbol)(candidate.Key is IFieldSymbol f ? f.Type : ((IPropertySymbol)candidate.Key).Type)).ElementType;
                    // With a profile: ranked by the hottest method of the type that holds the data.
                    ProfileGate.Report(
                        c.ReportDiagnostic,
                        Diagnostic.Create(Rules.PERF012.Descriptor, candidate.Value.Location, properties, candidate.Key.Name, element.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat)),
                        candidate.Key.ContainingType,
                        c.Compilation,
                        c.Options);
                }
            }
        });
    }

    /// <summary>The span types and whether <c>RuntimeHelpers.CreateSpan</c> exists, resolved at the rule's first callback.</summary>
    private sealed class Symbols(INamedTypeSymbol readOnlySpan, INamedTypeSymbol? span, bool createSpan)
    {
        public INamedTypeSymbol ReadOnlySpan { get; } = readOnlySpan;

        public INamedTypeSymbol? Span { get; } = span;

        public bool CreateSpan { get; } = createSpan;

        /// <summary>Null without <c>ReadOnlySpan&lt;T&gt;</c>: the rule has nothing to offer then.</summary>
        public static Symbols? Resolve(WellKnownTypes types) =>
            types.Get(WellKnownTypes.ReadOnlySpanOfT) is { } readOnlySpan
                ? new Symbols(readOnlySpan, types.Get(WellKnownTypes.SpanOfT), HasCreateSpan(types.Get(WellKnownTypes.RuntimeHelpers)))
                : null;
    }

    private static bool IsArray(ISymbol member) =>
        (member is IFieldSymbol field ? field.Type : member is IPropertySymbol property ? property.Type : null) is IArrayTypeSymbol;

    /// <summary>
    /// The declaration's location when the member qualifies on its own (shape, visibility, constant data), and whether it is
    /// internal (hidden only if the assembly has no friends). The cheap tests come first: most static members of a program
    /// are not arrays, and reading a member's attributes is not free.
    /// </summary>
    private static (Location Location, bool Internal)? IsCandidate(ISymbol symbol, bool createSpan, System.Threading.CancellationToken cancellationToken)
    {
        // The element type before the attributes and the syntax: most static arrays hold strings or objects.
        if (!symbol.IsStatic ||
            (symbol is IFieldSymbol f ? f.Type : symbol is IPropertySymbol p ? p.Type : null) is not IArrayTypeSymbol { ElementType.SpecialType: var elementType } ||
            !IsEmbeddable(elementType, LanguageVersion.Latest, createSpan) ||
            symbol.IsImplicitlyDeclared ||
            Visibility(symbol) is not { } isInternal ||
            symbol.DeclaringSyntaxReferences.Length != 1 ||
            !symbol.GetAttributes().IsEmpty)
        {
            return null;
        }

        ITypeSymbol type;
        SyntaxToken identifier;
        EqualsValueClauseSyntax? initializer;
        var syntax = symbol.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken);
        switch (symbol)
        {
            case IFieldSymbol { IsReadOnly: true, IsConst: false } field when
                syntax is VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Variables.Count: 1 } } declarator:
                (type, identifier, initializer) = (field.Type, declarator.Identifier, declarator.Initializer);
                break;
            case IPropertySymbol { IsReadOnly: true, Parameters.IsEmpty: true } property when
                syntax is PropertyDeclarationSyntax { ExpressionBody: null, AccessorList: { Accessors: { Count: 1 } accessors } } declaration &&
                accessors[0].Body is null && accessors[0].ExpressionBody is null:
                (type, identifier, initializer) = (property.Type, declaration.Identifier, declaration.Initializer);
                break;
            default:
                return null;
        }

        if (type is not IArrayTypeSymbol { IsSZArray: true, ElementType: var element } ||
            initializer is null ||
            !IsConstantArray(initializer.Value) ||
            syntax.SyntaxTree.Options is not CSharpParseOptions options ||
            !IsEmbeddable(element.SpecialType, options.LanguageVersion, createSpan))
        {
            return null;
        }

        return (identifier.GetLocation(), isInternal);
    }

    /// <summary><c>new T[] { constants }</c>, <c>new[] { constants }</c> or <c>{ constants }</c>.</summary>
    private static bool IsConstantArray(ExpressionSyntax value)
    {
        var elements = value switch
        {
            ArrayCreationExpressionSyntax { Initializer: { } list, Type.RankSpecifiers.Count: 1 } => list,
            ImplicitArrayCreationExpressionSyntax { Initializer: var list, Commas.Count: 0 } => list,
            InitializerExpressionSyntax list when list.IsKind(SyntaxKind.ArrayInitializerExpression) => list,
            _ => null,
        };
        if (elements is null)
        {
            return false;
        }

        foreach (var element in elements.Expressions)
        {
            if (!IsConstantSyntax(element))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Literals, with casts and unary minus around them (constant folding decides the rest at compile time).</summary>
    private static bool IsConstantSyntax(ExpressionSyntax expression) => expression switch
    {
        LiteralExpressionSyntax literal => !literal.IsKind(SyntaxKind.NullLiteralExpression) && !literal.IsKind(SyntaxKind.StringLiteralExpression),
        PrefixUnaryExpressionSyntax unary => IsConstantSyntax(unary.Operand),
        CastExpressionSyntax cast => IsConstantSyntax(cast.Expression),
        ParenthesizedExpressionSyntax parenthesized => IsConstantSyntax(parenthesized.Expression),
        _ => false,
    };

    /// <summary>
    /// byte, sbyte and bool data is embedded from C# 7.3 on every target; other primitives need C# 11 and
    /// <c>RuntimeHelpers.CreateSpan</c> (.NET 7+), or the property would allocate on every call.
    /// </summary>
    private static bool IsEmbeddable(SpecialType element, LanguageVersion version, bool createSpan) => element switch
    {
        SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_Boolean => version >= LanguageVersion.CSharp7_3,
        SpecialType.System_Char or SpecialType.System_Int16 or SpecialType.System_UInt16 or
        SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64 or SpecialType.System_UInt64 or
        SpecialType.System_Single or SpecialType.System_Double => createSpan && version >= LanguageVersion.CSharp11,
        _ => false,
    };

    /// <summary>
    /// False when private, true when internal (hidden from other assemblies unless the assembly has friends), null when
    /// other assemblies can see it.
    /// </summary>
    private static bool? Visibility(ISymbol symbol)
    {
        var accessibility = symbol.DeclaredAccessibility;
        for (var type = symbol.ContainingType; type is not null; type = type.ContainingType)
        {
            if (type.DeclaredAccessibility == Accessibility.Private)
            {
                accessibility = Accessibility.Private;
            }
        }

        return accessibility switch
        {
            Accessibility.Private => false,
            Accessibility.Internal => true,
            _ => null,
        };
    }

    private static bool HasInternalsVisibleTo(IAssemblySymbol assembly, WellKnownTypes types)
    {
        foreach (var attribute in assembly.GetAttributes())
        {
            if (types.Is(attribute.AttributeClass, WellKnownTypes.InternalsVisibleToAttribute))
            {
                return true;
            }
        }

        return false;
    }

    private static bool HasCreateSpan(INamedTypeSymbol? runtimeHelpers)
    {
        if (runtimeHelpers is null)
        {
            return false;
        }

        foreach (var member in runtimeHelpers.GetMembers("CreateSpan"))
        {
            if (member is IMethodSymbol { IsStatic: true, IsGenericMethod: true })
            {
                return true;
            }
        }

        return false;
    }
}
