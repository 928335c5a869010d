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
        // Nothing about the compilation's declarations is read here. In a build, compilation-start actions run while the
        // compiler is still binding references and declarations, and whatever they touch first they pay for: the walk of
        // every class and its members that chose the names below, done here, read 59 ms of NLog's build and 12-16 ms of
        // Humanizer's (the compiler's own declaration work, charged to this rule; the CLI, which binds the declarations
        // first, showed 1 ms). Each callback decides from the symbols it is handed (IsPossible: a few flags, the assembly
        // and the accessibility), and the names are read at the first call, property read or creation.
        var mode = Rules.PERF004.InternalsVisibleTo.ReadForCompilation(context.Options, compilation.Compilation);

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
        INamedTypeSymbol? Possible(ITypeSymbol? type, Compilation of) =>
            type is INamedTypeSymbol { TypeKind: TypeKind.Class } named && IsPossible(named.OriginalDefinition, of) ? named.OriginalDefinition : null;
        // A class that may be flagged and has no use through its own type recorded yet.
        bool Unproven(ITypeSymbol? type, Compilation of) => Possible(type, of) is { } named && !sealingHelps.ContainsKey(named);
        void SealingHelps(ITypeSymbol? type, OperationAnalysisContext use)
        {
            // The cold check (syntax only: no private method's callers are looked up for a type-level rule) comes last.
            if (impact == Rules.PERF004.ImpactMode.ChangesCode && Possible(type, use.Compilation) is { } named && !sealingHelps.ContainsKey(named) &&
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
                            RecordForeignInterface(conversion.Operand.Type, conversion.Type, castToForeignInterface, c.Compilation);
                            if (conversion.Conversion.IsReference && !SymbolEqualityComparer.Default.Equals(conversion.Operand.Type, conversion.Type))
                            {
                                SealingHelps(conversion.Type, c);
                            }
                        }

                        break;
                    case OperationKind.IsType:
                        var isType = (IIsTypeOperation)c.Operation;
                        RecordForeignInterface(isType.ValueOperand.Type, isType.TypeOperand, castToForeignInterface, c.Compilation);
                        SealingHelps(isType.TypeOperand, c);
                        break;
                    case OperationKind.DeclarationPattern or OperationKind.TypePattern or OperationKind.RecursivePattern:
                        var pattern = (IPatternOperation)c.Operation;
                        RecordForeignInterface(pattern.InputType, pattern.NarrowedType, castToForeignInterface, c.Compilation);
                        if (!SymbolEqualityComparer.Default.Equals(pattern.InputType, pattern.NarrowedType))
                        {
                            SealingHelps(pattern.NarrowedType, c);
                        }

                        break;
                    case OperationKind.Loop:
                        if (c.Operation is IForEachLoopOperation { Syntax: ForEachStatementSyntax { Type.IsVar: false } loop } forEach &&
                            forEach.LoopControlVariable is IVariableDeclaratorOperation { Symbol.Type: { } declared } &&
                            (Possible(declared, c.Compilation) is not null || declared.TypeKind == TypeKind.Interface) &&
                            forEach.SemanticModel?.GetForEachStatementInfo(loop) is { ElementConversion.IsExplicit: true, ElementType: { } element })
                        {
                            // 'foreach (IShape s in classes)' converts each element explicitly.
                            RecordForeignInterface(element, declared, castToForeignInterface, c.Compilation);
                            SealingHelps(declared, c);
                        }

                        break;
                    case OperationKind.LocalFunction:
                        // Local functions have no symbol action: their constraints are read here.
                        AddConstraints(((ILocalFunctionOperation)c.Operation).Symbol.TypeParameters, constraints, c.Compilation);
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
            // members some possible candidate has (its own or inherited) and the candidates' own names, instead of every
            // call, property read and creation in the compilation (on NLog 18,500 callbacks, nearly all on other types).
            // The names are read from the declarations at the first such operation, when the compiler has declared them.
            var cancellationToken = context.CancellationToken;
            var names = compilation.Later(() => Names(PossibleCandidates(compilation.Compilation, cancellationToken), cancellationToken));
            context.RegisterOperationActionForNamesReadLater(
                c =>
                {
                    // The receiver first, and a metadata method's IsOverride looks for the member it overrides.
                    if (c.Operation is IInvocationOperation { Instance: { } instance, TargetMethod: var method } && Unproven(instance.Type, c.Compilation) && IsVirtual(method))
                    {
                        SealingHelps(instance.Type, c);
                    }
                },
                OperationKind.Invocation,
                () => names.Value.Methods);
            context.RegisterOperationActionForNamesReadLater(
                c =>
                {
                    if (c.Operation is IPropertyReferenceOperation { Instance: { } instance, Property: var property } && Unproven(instance.Type, c.Compilation) && IsVirtual(property))
                    {
                        SealingHelps(instance.Type, c);
                    }
                },
                OperationKind.PropertyReference,
                () => names.Value.Properties);
            context.RegisterOperationActionForNamesReadLater(
                c =>
                {
                    if (Possible(c.Operation.Type, c.Compilation) is { } made)
                    {
                        created.TryAdd(made, 0);
                    }
                },
                OperationKind.ObjectCreation,
                () => names.Value.Types);
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
                if (type.BaseType is { TypeKind: TypeKind.Class } baseType && IsPossible(baseType.OriginalDefinition, c.Compilation))
                {
                    derivedFrom.TryAdd(baseType.OriginalDefinition, 0);
                }

                AddConstraints(type.TypeParameters, constraints, c.Compilation);

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
                                    AddConstraints(method.TypeParameters, constraints, c.Compilation);
                                }
                            }
                        }
                    }
                }

                if (!c.IsGeneratedCode && IsPossible(type, c.Compilation) && !type.DeclaringSyntaxReferences.IsEmpty && IsCandidate(type, types, c.CancellationToken) is { } internalEffective)
                {
                    candidates.TryAdd(type, internalEffective);
                }
            },
            SymbolKind.NamedType);

        context.RegisterCompilationEndAction(c =>
        {
            // Read at the end, when the compiler has bound the assembly's attributes for itself: asked at compilation start,
            // this rule paid for binding them (most of its time on NLog, measured with a sampling profiler).
            var friendsMayDerive = FriendsMayDerive(c.Compilation.Assembly, types.Get(WellKnownTypes.InternalsVisibleToAttribute), mode);
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
    /// The classes that declarations alone allow to be flagged (<see cref="IsPossible"/>), read from the compiler's
    /// declarations (namespaces and type members, no method body).
    /// </summary>
    private static List<INamedTypeSymbol> PossibleCandidates(Compilation compilation, CancellationToken cancellationToken)
    {
        var found = new List<INamedTypeSymbol>();
        var pending = new Stack<INamespaceOrTypeSymbol>();
        pending.Push(compilation.Assembly.GlobalNamespace);
        while (pending.Count > 0)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var container = pending.Pop();
            foreach (var type in container.GetTypeMembers())
            {
                pending.Push(type);
                if (type.TypeKind == TypeKind.Class && IsPossible(type, compilation))
                {
                    found.Add(type);
                }
            }

            if (container is INamespaceSymbol ns)
            {
                foreach (var inner in ns.GetNamespaceMembers())
                {
                    pending.Push(inner);
                }
            }
        }

        return found;
    }

    /// <summary>
    /// The names the keyed registrations listen to: every virtual, abstract or override method and property (indexers
    /// are named "this[]", as their references are) of the candidates and the classes they derive from, each class read
    /// once; and the candidates' own names, for their creations. A class of this compilation is read from its declarations'
    /// syntax (the modifiers of its members), a referenced class from its members: asked before the compiler has declared
    /// the members of every class, reading them as symbols made this rule pay for declaring them (21 ms of Humanizer's
    /// build at the first call), where the syntax is there already and a referenced class's members are shared by every
    /// compilation that references it.
    /// </summary>
    private static (string[] Methods, string[] Properties, string[] Types) Names(List<INamedTypeSymbol> possible, CancellationToken cancellationToken)
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
                var declarations = type.DeclaringSyntaxReferences;
                if (declarations.IsEmpty)
                {
                    AddVirtualMembers(type, methods, properties);
                    continue;
                }

                foreach (var declaration in declarations)
                {
                    if (declaration.GetSyntax(cancellationToken) is TypeDeclarationSyntax written)
                    {
                        AddVirtualMembers(written, methods, properties);
                    }
                }
            }
        }

        return (ToArray(methods), ToArray(properties), ToArray(types));
    }

    /// <summary>A referenced class's virtual, abstract and override methods and properties, from its symbols.</summary>
    private static void AddVirtualMembers(INamedTypeSymbol type, HashSet<string> methods, HashSet<string> properties)
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

    /// <summary>
    /// A source class's methods and properties declared virtual, abstract or override (sealed overrides included), from
    /// one of its declarations. A record's own virtual members (ToString, Equals, GetHashCode, ...) are object's names too,
    /// which every chain of base classes ends with.
    /// </summary>
    private static void AddVirtualMembers(TypeDeclarationSyntax declaration, HashSet<string> methods, HashSet<string> properties)
    {
        foreach (var member in declaration.Members)
        {
            switch (member)
            {
                case MethodDeclarationSyntax { ExplicitInterfaceSpecifier: null } method when IsVirtual(method.Modifiers):
                    methods.Add(method.Identifier.ValueText);
                    break;
                case PropertyDeclarationSyntax { ExplicitInterfaceSpecifier: null } property when IsVirtual(property.Modifiers):
                    properties.Add(property.Identifier.ValueText);
                    break;
                case IndexerDeclarationSyntax { ExplicitInterfaceSpecifier: null } indexer when IsVirtual(indexer.Modifiers):
                    properties.Add(WellKnownMemberNames.Indexer);
                    break;
            }
        }
    }

    private static bool IsVirtual(SyntaxTokenList modifiers)
    {
        foreach (var modifier in modifiers)
        {
            if (modifier.IsKind(SyntaxKind.VirtualKeyword) || modifier.IsKind(SyntaxKind.OverrideKeyword) || modifier.IsKind(SyntaxKind.AbstractKeyword))
            {
                return true;
            }
        }

        return false;
    }

    private static string[] ToArray(HashSet<string> names)
    {
        var array = new string[names.Count];
        names.CopyTo(array);
        return array;
    }

    /// <summary>
    /// Whether the declaration alone allows the class (an original definition) to be flagged: not static, abstract, sealed
    /// or implicit, named, declared in this compilation, and seen by no other assembly (internal or private, counting the
    /// types that contain it). Read from the symbol's flags, not from its members or attributes: the framework's classes
    /// that most receivers have are rejected by their assembly.
    /// </summary>
    private static bool IsPossible(INamedTypeSymbol type, Compilation compilation) =>
        // The cheapest tests first: flags, then the assembly (object, the usual base class, and every framework type stop
        // there), then the accessibility (a library's public classes stop there); the name's validity is read last.
        !type.IsSealed && !type.IsStatic && !type.IsAbstract &&
        SymbolEqualityComparer.Default.Equals(type.ContainingAssembly, compilation.Assembly) &&
        EffectiveAccess(type) is Access.Internal or Access.Private &&
        !type.IsImplicitlyDeclared && type.CanBeReferencedByName &&
        // The class top-level statements make (named Program, its entry point '<Main>$'): no declaration of it to seal.
        // The name first: a member lookup on every class made the rule measurably slower on Serilog (docs/rules/PERF004.md).
        !(type.Name == "Program" && !type.GetMembers(WellKnownMemberNames.TopLevelStatementsEntryPointMethodName).IsEmpty);

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

    /// <summary>A virtual, abstract or override member: a call through a sealed class's own type becomes a direct call.</summary>
    private static bool IsVirtual(ISymbol member) => member.IsVirtual || member.IsOverride || member.IsAbstract;

    /// <summary>Records the class when one side is a class and the other an interface the class does not implement (arrays and tuples unwrapped).</summary>
    private static void RecordForeignInterface(ITypeSymbol? from, ITypeSymbol? to, ConcurrentDictionary<INamedTypeSymbol, byte> classes, Compilation compilation)
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
                RecordForeignInterface(fromTuple.TupleElements[i].Type, toTuple.TupleElements[i].Type, classes, compilation);
            }

            return;
        }

        var (type, other) = from is INamedTypeSymbol { TypeKind: TypeKind.Class } c1 ? (c1, to) : to is INamedTypeSymbol { TypeKind: TypeKind.Class } c2 ? (c2, from) : (null, null);
        if (type is null || other is not INamedTypeSymbol { TypeKind: TypeKind.Interface } face || !IsPossible(type.OriginalDefinition, compilation))
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

    private static void AddConstraints(ImmutableArray<ITypeParameterSymbol> typeParameters, ConcurrentDictionary<INamedTypeSymbol, byte> constraints, Compilation compilation)
    {
        foreach (var parameter in typeParameters)
        {
            foreach (var constraint in parameter.ConstraintTypes)
            {
                if (constraint is INamedTypeSymbol { TypeKind: TypeKind.Class } named && IsPossible(named.OriginalDefinition, compilation))
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
