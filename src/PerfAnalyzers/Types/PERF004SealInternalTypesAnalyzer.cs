using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Types;

/// <summary>
/// PERF004: a class (records included) that code outside the assembly cannot see, that is not static, abstract or sealed,
/// and that no type in the compilation derives from or uses as a generic constraint. Sealed, its virtual calls, type
/// checks, casts and array stores get cheaper. Every type in the compilation (generated code included) decides, so the
/// facts are collected concurrently by symbol and syntax actions and the answer is reported at compilation end.
/// See docs/rules/PERF004.md.
/// </summary>
public sealed class PERF004SealInternalTypesAnalyzer : PerfAnalyzer
{
    private static readonly string[] TestAssemblySuffixes = { ".Tests", ".Test", ".UnitTests", ".IntegrationTests", ".Benchmarks" };

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF004.Descriptor);

    /// <summary>Derived types and constraints in generated code count too; the rule never reports a generated type.</summary>
    protected internal override GeneratedCodeAnalysisFlags GeneratedCodeAnalysis => GeneratedCodeAnalysisFlags.Analyze | GeneratedCodeAnalysisFlags.ReportDiagnostics;

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        var types = compilation.Types;
        // The classes that may be flagged, read from the declarations before any body is bound: modifiers and the
        // accessibility of the type and its containers (no base list, no attribute is bound here). Every callback below
        // asks this set first, so that the calls, casts and conversions on public types, structs, interfaces and
        // referenced types (nearly all of them) cost one lookup; and a compilation with no candidate (a library whose
        // classes are all public, sealed or static) registers nothing.
        var possible = PossibleCandidates(compilation, context.CancellationToken);
        if (possible.Count == 0)
        {
            return;
        }

        var mode = Rules.PERF004.InternalsVisibleTo.ReadForCompilation(context.Options, compilation.Compilation);
        var internalsVisibleTo = compilation.Types.Get(WellKnownTypes.InternalsVisibleToAttribute);

        // Candidates (value: true when internal-effective, so friends can see them), the candidates some type derives
        // from, and the candidates used as a generic constraint. Filled concurrently, read at compilation end.
        var candidates = new ConcurrentDictionary<INamedTypeSymbol, bool>(SymbolEqualityComparer.Default);
        var derivedFrom = new ConcurrentDictionary<INamedTypeSymbol, byte>(SymbolEqualityComparer.Default);
        var constraints = new ConcurrentDictionary<INamedTypeSymbol, byte>(SymbolEqualityComparer.Default);

        // Classes cast to (or from, or type-tested against) an interface they do not implement: legal only because a
        // derived class might implement it, so sealing them would turn the cast into error CS0030 (or CS0039, CS8121,
        // warning CS0184).
        var castToForeignInterface = new ConcurrentDictionary<INamedTypeSymbol, byte>(SymbolEqualityComparer.Default);

        // With impact = changes_code (the default): the classes some code outside cold paths calls virtually, type-tests,
        // casts to or stores into an array of through the class itself (what sealing makes cheaper), and the classes
        // some code creates. A class used only through its base class or an interface gains nothing from sealing.
        var impact = Rules.PERF004.Impact.ReadForCompilation(context.Options, compilation.Compilation);
        var sealingHelps = new ConcurrentDictionary<INamedTypeSymbol, byte>(SymbolEqualityComparer.Default);
        var created = new ConcurrentDictionary<INamedTypeSymbol, byte>(SymbolEqualityComparer.Default);
        INamedTypeSymbol? Possible(ITypeSymbol? type) =>
            type is INamedTypeSymbol { TypeKind: TypeKind.Class } named && possible.Contains(named.OriginalDefinition) ? named.OriginalDefinition : null;
        // A class that may be flagged and has no use through its own type recorded yet.
        bool Unproven(ITypeSymbol? type) => Possible(type) is { } named && !sealingHelps.ContainsKey(named);
        void SealingHelps(ITypeSymbol? type, OperationAnalysisContext use)
        {
            // The cold check (syntax only: no private method's callers are looked up for a type-level rule) comes last.
            if (impact == Rules.PERF004.ImpactMode.ChangesCode && Possible(type) is { } named && !sealingHelps.ContainsKey(named) &&
                ColdPath.Allows(use.Options, use.Operation.Syntax, model: null, Rules.PERF004.Id, use.CancellationToken))
            {
                sealingHelps.TryAdd(named, 0);
            }
        }

        context.RegisterOperationAction(
            c =>
            {
                // The kind first (one virtual read), then the one interface it implies.
                switch (c.Operation.Kind)
                {
                    case OperationKind.Conversion:
                        var conversion = (IConversionOperation)c.Operation;
                        if (!conversion.IsImplicit)
                        {
                            RecordForeignInterface(conversion.Operand.Type, conversion.Type, castToForeignInterface, possible);
                            if (conversion.Conversion.IsReference && !SymbolEqualityComparer.Default.Equals(conversion.Operand.Type, conversion.Type))
                            {
                                SealingHelps(conversion.Type, c);
                            }
                        }

                        break;
                    case OperationKind.IsType:
                        var isType = (IIsTypeOperation)c.Operation;
                        RecordForeignInterface(isType.ValueOperand.Type, isType.TypeOperand, castToForeignInterface, possible);
                        SealingHelps(isType.TypeOperand, c);
                        break;
                    case OperationKind.DeclarationPattern or OperationKind.TypePattern or OperationKind.RecursivePattern:
                        var pattern = (IPatternOperation)c.Operation;
                        RecordForeignInterface(pattern.InputType, pattern.NarrowedType, castToForeignInterface, possible);
                        if (!SymbolEqualityComparer.Default.Equals(pattern.InputType, pattern.NarrowedType))
                        {
                            SealingHelps(pattern.NarrowedType, c);
                        }

                        break;
                    case OperationKind.Loop:
                        if (c.Operation is IForEachLoopOperation { Syntax: ForEachStatementSyntax { Type.IsVar: false } loop } forEach &&
                            forEach.LoopControlVariable is IVariableDeclaratorOperation { Symbol.Type: { } declared } &&
                            (Possible(declared) is not null || declared.TypeKind == TypeKind.Interface) &&
                            forEach.SemanticModel?.GetForEachStatementInfo(loop) is { ElementConversion.IsExplicit: true, ElementType: { } element })
                        {
                            // 'foreach (IShape s in classes)' converts each element explicitly.
                            RecordForeignInterface(element, declared, castToForeignInterface, possible);
                            SealingHelps(declared, c);
                        }

                        break;
                    case OperationKind.LocalFunction:
                        // Local functions have no symbol action: their constraints are read here.
                        AddConstraints(((ILocalFunctionOperation)c.Operation).Symbol.TypeParameters, constraints, possible);
                        break;
                    case OperationKind.ArrayElementReference:
                        // The covariance check of a store into a C[] goes when C is sealed.
                        if (c.Operation.Parent is ISimpleAssignmentOperation assignment && assignment.Target == c.Operation)
                        {
                            SealingHelps(c.Operation.Type, c);
                        }

                        break;
                }
            },
            // Operation actions, not syntax node actions: the driver binds each body for its operations anyway, whereas a
            // syntax node action makes it walk every body's syntax too, and its semantic queries pay for binding a body
            // no operation action has bound yet. Measured on NLog (docs/rules/PERF004.md): 5,279 callbacks in 0.5 ms.
            impact == Rules.PERF004.ImpactMode.All
                ? ImmutableArray.Create(OperationKind.Conversion, OperationKind.IsType, OperationKind.DeclarationPattern, OperationKind.TypePattern, OperationKind.RecursivePattern, OperationKind.Loop, OperationKind.LocalFunction)
                : ImmutableArray.Create(
                    OperationKind.Conversion,
                    OperationKind.IsType,
                    OperationKind.DeclarationPattern,
                    OperationKind.TypePattern,
                    OperationKind.RecursivePattern,
                    OperationKind.Loop,
                    OperationKind.LocalFunction,
                    OperationKind.ArrayElementReference));

        if (impact == Rules.PERF004.ImpactMode.ChangesCode)
        {
            // Calls, property reads and creations reach the rule by name (DispatchExtensions): only the names of virtual
            // members some candidate has (its own or inherited) and the candidates' own names, instead of every call,
            // property read and creation in the compilation. On NLog these were 15,000 callbacks, nearly all on other types.
            var (methodNames, propertyNames, typeNames) = Names(possible, context.CancellationToken);
            context.RegisterInvocationAction(
                c =>
                {
                    // The receiver first (one set lookup), and a metadata method's IsOverride looks for the member it overrides.
                    if (c.Operation is IInvocationOperation { Instance: { } instance, TargetMethod: var method } && Unproven(instance.Type) && IsVirtual(method))
                    {
                        SealingHelps(instance.Type, c);
                    }
                },
                methodNames);
            context.RegisterPropertyReferenceAction(
                c =>
                {
                    if (c.Operation is IPropertyReferenceOperation { Instance: { } instance, Property: var property } && Unproven(instance.Type) && IsVirtual(property))
                    {
                        SealingHelps(instance.Type, c);
                    }
                },
                propertyNames);
            context.RegisterObjectCreationAction(
                c =>
                {
                    if (Possible(c.Operation.Type) is { } made)
                    {
                        created.TryAdd(made, 0);
                    }
                },
                typeNames);
        }

        var generatedTrees = new ConcurrentDictionary<SyntaxTree, byte>();

        context.RegisterSyntaxTreeAction(c =>
        {
            if (c.IsGeneratedCode)
            {
                generatedTrees.TryAdd(c.Tree, 0);
            }
        });

        context.RegisterSymbolAction(
            c =>
            {
                var type = (INamedTypeSymbol)c.Symbol;
                if (type.BaseType is { TypeKind: TypeKind.Class } baseType && possible.Contains(baseType.OriginalDefinition))
                {
                    derivedFrom.TryAdd(baseType.OriginalDefinition, 0);
                }

                AddConstraints(type.TypeParameters, constraints, possible);

                // Generic methods' constraints, read here rather than from a symbol action per method (measurably cheaper), and
                // only for the methods declared with a 'where' clause (an override or explicit implementation inherits its
                // constraints from a declaration that has one). Measured on NLog's 631 types, per compilation: reading every
                // member with GetMembers() 1.7-2.4 ms, by name (MemberNames, GetMembers(name)) 3.1-3.3 ms, this 1.1-1.5 ms.
                foreach (var reference in type.DeclaringSyntaxReferences)
                {
                    if (reference.GetSyntax(c.CancellationToken) is not TypeDeclarationSyntax declaration)
                    {
                        continue;
                    }

                    foreach (var member in declaration.Members)
                    {
                        if (member is MethodDeclarationSyntax { ConstraintClauses.Count: > 0 } written)
                        {
                            foreach (var named in type.GetMembers(written.Identifier.ValueText))
                            {
                                if (named is IMethodSymbol { IsGenericMethod: true } method)
                                {
                                    AddConstraints(method.TypeParameters, constraints, possible);
                                }
                            }
                        }
                    }
                }

                if (!c.IsGeneratedCode && possible.Contains(type) && IsCandidate(type, types, c.CancellationToken) is { } internalEffective)
                {
                    candidates.TryAdd(type, internalEffective);
                }
            },
            SymbolKind.NamedType);

        context.RegisterCompilationEndAction(c =>
        {
            // Read at the end, when the compiler has bound the assembly's attributes for itself: asked at compilation start,
            // this rule paid for binding them (most of its time on NLog, measured with a sampling profiler).
            var friendsMayDerive = FriendsMayDerive(c.Compilation.Assembly, internalsVisibleTo, mode);
            foreach (var pair in candidates)
            {
                c.CancellationToken.ThrowIfCancellationRequested();
                var type = pair.Key;
                // A type named in code this build does not compile (another leg's #if, a Debug-only class) may be derived
                // from there: sealing it would break that build.
                if ((pair.Value && friendsMayDerive) || derivedFrom.ContainsKey(type) || constraints.ContainsKey(type) || castToForeignInterface.ContainsKey(type) ||
                    (impact == Rules.PERF004.ImpactMode.ChangesCode && (!sealingHelps.ContainsKey(type) || !created.ContainsKey(type))) ||
                    MultiTargeting.OccursInInactiveCode(c.Compilation, type.Name, c.CancellationToken) ||
                    ReportLocation(type, generatedTrees) is not { } location)
                {
                    continue;
                }

                // With a profile: ranked by the type's hottest method.
                ProfileGate.Report(
                    c.ReportDiagnostic,
                    Diagnostic.Create(Rules.PERF004.Descriptor, location, type.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat)),
                    type,
                    c.Compilation,
                    c.Options);
            }
        });
    }

    /// <summary>
    /// The source classes that declarations alone allow to be flagged: not static, abstract, sealed or implicit, named,
    /// declared in source, and seen by no other assembly (internal or private, counting the types that contain them).
    /// The walk reads the compiler's declaration table (namespaces and type members, no binding).
    /// </summary>
    private static HashSet<INamedTypeSymbol> PossibleCandidates(PerfCompilation compilation, CancellationToken cancellationToken)
    {
        var found = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var type in compilation.SourceTypes)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (type.TypeKind == TypeKind.Class && !type.IsStatic && !type.IsAbstract && !type.IsSealed && !type.IsImplicitlyDeclared && type.CanBeReferencedByName &&
                !type.DeclaringSyntaxReferences.IsEmpty && EffectiveAccess(type) is Access.Internal or Access.Private &&
                // The class top-level statements make (named Program, its entry point '<Main>$'): no declaration of it to seal.
                // The name first: a member lookup on every class made the rule measurably slower on Serilog (docs/rules/PERF004.md).
                !(type.Name == "Program" && !type.GetMembers(WellKnownMemberNames.TopLevelStatementsEntryPointMethodName).IsEmpty))
            {
                found.Add(type);
            }
        }

        return found;
    }

    /// <summary>
    /// Null when the type is not a candidate; otherwise whether its effective accessibility is internal (true) or
    /// private (false: only its containing type sees it).
    /// </summary>
    private static bool? IsCandidate(INamedTypeSymbol type, WellKnownTypes types, CancellationToken cancellationToken)
    {
        // The declaration facts were checked by PossibleCandidates; the attributes are bound here, once the compiler has.
        var access = EffectiveAccess(type);
        cancellationToken.ThrowIfCancellationRequested();
        foreach (var attribute in type.GetAttributes())
        {
            if (types.Is(attribute.AttributeClass, WellKnownTypes.ComImportAttribute))
            {
                return null;
            }
        }

        return access == Access.Internal;
    }

    private enum Access
    {
        /// <summary>Every link of the containing chain is public or protected: other assemblies see it.</summary>
        Outside,

        /// <summary>Some link is internal (or private protected), none private: friend assemblies may see it.</summary>
        Internal,

        /// <summary>Some link is private: only its containing type sees it.</summary>
        Private,

        /// <summary>An accessibility the compiler did not decide (broken code).</summary>
        Unknown,
    }

    /// <summary>The type's effective accessibility, from the type and each type that contains it.</summary>
    private static Access EffectiveAccess(INamedTypeSymbol type)
    {
        var access = Access.Outside;
        for (var link = type; link is not null; link = link.ContainingType)
        {
            switch (link.DeclaredAccessibility)
            {
                case Accessibility.Private:
                    access = Access.Private;
                    break;
                case Accessibility.Internal:
                case Accessibility.ProtectedAndInternal:
                    access = access == Access.Private ? access : Access.Internal;
                    break;
                case Accessibility.Public:
                case Accessibility.Protected:
                case Accessibility.ProtectedOrInternal:
                    break;
                default:
                    return Access.Unknown;
            }
        }

        return access;
    }

    /// <summary>
    /// The names the keyed registrations listen to: every virtual, abstract or override method and property (indexers
    /// are named "this[]", as their references are) of the candidates and the classes they derive from, each class read
    /// once; and the candidates' own names, for their creations. Reads the candidates' base classes, which the compiler
    /// binds for its declarations in any build.
    /// </summary>
    private static (string[] Methods, string[] Properties, string[] Types) Names(HashSet<INamedTypeSymbol> possible, CancellationToken cancellationToken)
    {
        var methods = new HashSet<string>(StringComparer.Ordinal);
        var properties = new HashSet<string>(StringComparer.Ordinal);
        var types = new HashSet<string>(StringComparer.Ordinal);
        var read = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var candidate in possible)
        {
            cancellationToken.ThrowIfCancellationRequested();
            types.Add(candidate.Name);
            for (var type = candidate; type is not null && read.Add(type.OriginalDefinition); type = type.BaseType)
            {
                foreach (var member in type.GetMembers())
                {
                    if (!IsVirtual(member))
                    {
                        continue;
                    }

                    if (member is IMethodSymbol { MethodKind: MethodKind.Ordinary })
                    {
                        methods.Add(member.Name);
                    }
                    else if (member is IPropertySymbol)
                    {
                        properties.Add(member.Name);
                    }
                }
            }
        }

        return (ToArray(methods), ToArray(properties), ToArray(types));
    }

    private static string[] ToArray(HashSet<string> names)
    {
        var array = new string[names.Count];
        names.CopyTo(array);
        return array;
    }

    /// <summary>A virtual, abstract or override member: a call through a sealed class's own type becomes a direct call.</summary>
    private static bool IsVirtual(ISymbol member) => member.IsVirtual || member.IsOverride || member.IsAbstract;

    /// <summary>Records the class when one side is a class and the other an interface the class does not implement (arrays and tuples unwrapped).</summary>
    private static void RecordForeignInterface(ITypeSymbol? from, ITypeSymbol? to, ConcurrentDictionary<INamedTypeSymbol, byte> classes, HashSet<INamedTypeSymbol> possible)
    {
        while (from is IArrayTypeSymbol fromArray && to is IArrayTypeSymbol toArray)
        {
            (from, to) = (fromArray.ElementType, toArray.ElementType);
        }

        // A tuple converts element by element: '((IShape, int))pair' needs each element's conversion.
        if (from is INamedTypeSymbol { IsTupleType: true } fromTuple && to is INamedTypeSymbol { IsTupleType: true } toTuple &&
            fromTuple.TupleElements.Length == toTuple.TupleElements.Length)
        {
            for (var i = 0; i < fromTuple.TupleElements.Length; i++)
            {
                RecordForeignInterface(fromTuple.TupleElements[i].Type, toTuple.TupleElements[i].Type, classes, possible);
            }

            return;
        }

        var (type, other) = from is INamedTypeSymbol { TypeKind: TypeKind.Class } c1 ? (c1, to) : to is INamedTypeSymbol { TypeKind: TypeKind.Class } c2 ? (c2, from) : (null, null);
        if (type is null || other is not INamedTypeSymbol { TypeKind: TypeKind.Interface } face || !possible.Contains(type.OriginalDefinition))
        {
            return;
        }

        foreach (var implemented in type.AllInterfaces)
        {
            if (SymbolEqualityComparer.Default.Equals(implemented, face))
            {
                return;
            }
        }

        classes.TryAdd(type.OriginalDefinition, 0);
    }

    private static void AddConstraints(ImmutableArray<ITypeParameterSymbol> typeParameters, ConcurrentDictionary<INamedTypeSymbol, byte> constraints, HashSet<INamedTypeSymbol> possible)
    {
        foreach (var parameter in typeParameters)
        {
            foreach (var constraint in parameter.ConstraintTypes)
            {
                if (constraint is INamedTypeSymbol { TypeKind: TypeKind.Class } named && possible.Contains(named.OriginalDefinition))
                {
                    constraints.TryAdd(named.OriginalDefinition, 0);
                }
            }
        }
    }

    /// <summary>Whether a friend assembly may derive from internal types, under the option's mode.</summary>
    private static bool FriendsMayDerive(IAssemblySymbol assembly, INamedTypeSymbol? internalsVisibleTo, Rules.PERF004.InternalsVisibleToMode mode)
    {
        if (mode == Rules.PERF004.InternalsVisibleToMode.Ignore || internalsVisibleTo is null)
        {
            return false;
        }

        foreach (var attribute in assembly.GetAttributes())
        {
            if (!SymbolEqualityComparer.Default.Equals(attribute.AttributeClass, internalsVisibleTo) ||
                attribute.ConstructorArguments.Length != 1 ||
                attribute.ConstructorArguments[0].Value is not string text)
            {
                continue;
            }

            var comma = text.IndexOf(',');
            var name = (comma < 0 ? text : text.Substring(0, comma)).Trim();
            if (name.Length == 0)
            {
                continue;
            }

            if (mode == Rules.PERF004.InternalsVisibleToMode.SkipAll || !IsTestAssemblyName(name))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsTestAssemblyName(string name)
    {
        foreach (var suffix in TestAssemblySuffixes)
        {
            if (name.EndsWith(suffix, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The identifier of the first declaration (by file, then position) that is not in generated code: the type's own
    /// locations, which are its declarations' identifiers, so that no syntax node is made again to find them.
    /// </summary>
    private static Location? ReportLocation(INamedTypeSymbol type, ConcurrentDictionary<SyntaxTree, byte> generatedTrees)
    {
        Location? best = null;
        foreach (var location in type.Locations)
        {
            if (location.SourceTree is not { } tree || generatedTrees.ContainsKey(tree))
            {
                continue;
            }

            if (best is null ||
                string.CompareOrdinal(tree.FilePath, best.SourceTree!.FilePath) is var order && (order < 0 || (order == 0 && location.SourceSpan.Start < best.SourceSpan.Start)))
            {
                best = location;
            }
        }

        return best;
    }
}
