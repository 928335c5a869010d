using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Types;

/// <summary>
/// PERF027: a local (or a private field of a class, written in one place) that only ever holds <c>DateTime.UtcNow</c>
/// or <c>DateTime.Now</c> (or <c>DateTimeOffset</c>'s) and is only read as the right operand of the same clock's
/// subtraction (<c>DateTime.UtcNow - start</c>, <c>DateTime.UtcNow.Subtract(start)</c>): elapsed time measured with the
/// wall clock. The fix keeps a <c>Stopwatch.GetTimestamp()</c> and reads <c>Stopwatch.GetElapsedTime(start)</c> (.NET
/// 7+), or keeps a <c>Stopwatch.StartNew()</c> and reads its <c>Elapsed</c>. See docs/rules/PERF027.md.
/// </summary>
public sealed class PERF027UseStopwatchForElapsedTimeAnalyzer : PerfAnalyzer
{
    /// <summary><c>long start = Stopwatch.GetTimestamp();</c> and <c>Stopwatch.GetElapsedTime(start)</c> (.NET 7+ on every leg).</summary>
    public const string ShapeTimestamp = "Timestamp";

    /// <summary><c>var start = Stopwatch.StartNew();</c> and <c>start.Elapsed</c> (every other target).</summary>
    public const string ShapeStartNew = "StartNew";

    /// <summary>Diagnostic property: "true" when <c>Stopwatch.Restart()</c> exists (a rewrite of a later write).</summary>
    public const string HasRestartKey = "HasRestart";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF027.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        var utcNowCosts = UtcNowCosts(compilation.TargetFramework);
        var fixes = new Fixes(compilation);
        // Only the clocks' reads reach the rule (the dispatcher reads each property reference's name once for all rules).
        context.RegisterPropertyReferenceAction(c => Analyze(c, utcNowCosts, fixes, compilation.Types), "Now", "UtcNow");
    }

    /// <summary>
    /// What the fix writes in this compilation, worked out at the first finding: Stopwatch lives outside the core library
    /// on .NET (System.Runtime.Extensions), where resolving it costs a search of every reference (WellKnownTypes).
    /// </summary>
    private sealed class Fixes
    {
        private readonly System.Lazy<ImmutableDictionary<string, string?>?> _properties;

        public Fixes(PerfCompilation compilation) => _properties = new(() => Resolve(compilation));

        /// <summary>The diagnostic's properties (the shape), or null when Stopwatch is missing.</summary>
        public ImmutableDictionary<string, string?>? Properties => _properties.Value;

        private static ImmutableDictionary<string, string?>? Resolve(PerfCompilation compilation)
        {
            if (compilation.Types.Get(WellKnownTypes.Stopwatch) is not { } stopwatch ||
                !HasStaticMethod(stopwatch, "StartNew", 0) || !HasStaticMethod(stopwatch, "GetTimestamp", 0))
            {
                return null;
            }

            // GetElapsedTime(long) is .NET 7+: in a project whose other legs lack it the fix writes StartNew on every leg,
            // so that the legs' copies of the file get the same change and no #if is needed.
            var timestamp = HasStaticMethod(stopwatch, "GetElapsedTime", 1) &&
                            (compilation.Legs.IsEmpty || AllLegsHaveGetElapsedTime(compilation.Legs));
            return ImmutableDictionary<string, string?>.Empty
                .Add(DiagnosticProperties.Shape, timestamp ? ShapeTimestamp : ShapeStartNew)
                .Add(HasRestartKey, HasInstanceMethod(stopwatch, "Restart") ? "true" : "false");
        }
    }

    /// <summary>
    /// Where <c>DateTime.UtcNow</c> costs more than a timestamp: before .NET 6 (the .NET 6 post: 52 ns on .NET Framework
    /// 4.8, 63 ns on .NET Core 3.1, 58 ns on .NET 5, against 20 ns on .NET 6). <c>DateTime.Now</c> adds a time-zone
    /// conversion on every target and is flagged everywhere.
    /// </summary>
    public static bool UtcNowCosts(TargetFramework framework) => framework.IsBeforeNetCore(6);

    private static bool AllLegsHaveGetElapsedTime(ImmutableArray<TargetFramework> legs)
    {
        foreach (var leg in legs)
        {
            if (!leg.IsNetCoreAtLeast(7))
            {
                return false;
            }
        }

        return true;
    }

    private static bool HasStaticMethod(INamedTypeSymbol type, string name, int parameters)
    {
        foreach (var member in type.GetMembers(name))
        {
            if (member is IMethodSymbol { IsStatic: true, DeclaredAccessibility: Accessibility.Public } method && method.Parameters.Length == parameters)
            {
                return true;
            }
        }

        return false;
    }

    private static bool HasInstanceMethod(INamedTypeSymbol type, string name)
    {
        foreach (var member in type.GetMembers(name))
        {
            if (member is IMethodSymbol { IsStatic: false, DeclaredAccessibility: Accessibility.Public, Parameters.Length: 0 })
            {
                return true;
            }
        }

        return false;
    }

    private static void Analyze(OperationAnalysisContext context, bool utcNowCosts, Fixes fixes, WellKnownTypes types)
    {
        var clock = (IPropertyReferenceOperation)context.Operation;
        if (!IsClock(clock, types) || (clock.Property.Name == "UtcNow" && !utcNowCosts))
        {
            return;
        }

        // A local is found from the clock of a write (its initializer or 'start = DateTime.Now;') and reported at its first
        // write. A field is found from the clock of a read ('DateTime.Now - _start') and reported at its first read: its
        // writes may be in another member (a constructor, a static initializer), and a diagnostic belongs to the member
        // whose code raised it.
        ISymbol? variable = clock.Parent switch
        {
            IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } => declarator.Symbol,
            ISimpleAssignmentOperation { Parent: IExpressionStatementOperation, Target: ILocalReferenceOperation local } assignment when assignment.Value == clock => local.Local,
            IBinaryOperation { OperatorKind: BinaryOperatorKind.Subtract, RightOperand: IFieldReferenceOperation field } binary when binary.LeftOperand == clock => field.Field,
            IInvocationOperation { TargetMethod.Name: "Subtract", Arguments.Length: 1 } invocation when invocation.Instance == clock &&
                invocation.Arguments[0].Value is IFieldReferenceOperation field => field.Field,
            _ => null,
        };

        var uses = variable switch
        {
            ILocalSymbol local => LocalUses(local, clock, types, context.CancellationToken),
            IFieldSymbol field => FieldUses(field, clock, types, context.CancellationToken),
            _ => null,
        };

        if (uses is null || uses.Reads.Count == 0 || uses.InExpressionTree || MultiTargeting.MentionedInInactiveCode(uses.Scope, variable!.Name))
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths). The first
        // write (local) or read (field) outside it is reported, once: from the clock found there.
        SyntaxNode? location = null;
        foreach (var node in variable is ILocalSymbol ? uses.Writes : uses.Reads)
        {
            if (ColdPath.Allows(context.Options, node, clock.SemanticModel, Rules.PERF027.Id, context.CancellationToken))
            {
                location = node;
                break;
            }
        }

        if (location != (variable is ILocalSymbol ? clock.Syntax : clock.Parent!.Syntax))
        {
            return;
        }

        if (fixes.Properties is not { } properties)
        {
            return;
        }

        var fix = properties[DiagnosticProperties.Shape] == ShapeTimestamp
            ? "'Stopwatch.GetTimestamp()' and 'Stopwatch.GetElapsedTime'"
            : "'Stopwatch.StartNew()' and its 'Elapsed'";

        var clockText = clock.Property.ContainingType.Name + "." + clock.Property.Name;
        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF027.Descriptor, location.GetLocation(), properties, variable.Name, clockText, fix), context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary><c>DateTime.UtcNow</c>, <c>DateTime.Now</c>, <c>DateTimeOffset.UtcNow</c> or <c>DateTimeOffset.Now</c>.</summary>
    private static bool IsClock(IPropertyReferenceOperation operation, WellKnownTypes types) =>
        operation is { Instance: null, Property: { Name: "UtcNow" or "Now", IsStatic: true } property } &&
        (property.ContainingType.SpecialType == SpecialType.System_DateTime || types.Is(property.ContainingType, WellKnownTypes.DateTimeOffset));

    /// <summary>The writes (the clock expressions, in source order) and reads (the subtractions) of the variable, and the syntax that holds them all.</summary>
    private sealed class Uses(SyntaxNode scope)
    {
        public SyntaxNode Scope { get; } = scope;

        public List<SyntaxNode> Writes { get; } = new();

        public List<SyntaxNode> Reads { get; } = new();

        /// <summary>A reference inside a lambda converted to an expression tree (a LINQ provider would see another call).</summary>
        public bool InExpressionTree { get; set; }
    }

    /// <summary>
    /// A local declared alone in a declaration statement (so its type can change), of the clock's own type, whose every
    /// reference in the body is a write of the same clock or the right operand of that clock's subtraction.
    /// </summary>
    private static Uses? LocalUses(ILocalSymbol local, IPropertyReferenceOperation clock, WellKnownTypes types, CancellationToken cancellationToken)
    {
        if (local.IsRef || local.IsConst || !SymbolEqualityComparer.Default.Equals(local.Type, clock.Type) ||
            local.DeclaringSyntaxReferences.Length != 1 ||
            local.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax
            {
                Parent: VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax { UsingKeyword.RawKind: 0, AwaitKeyword.RawKind: 0 } } declaration,
            } declarator ||
            (declarator.Initializer is null && declaration.Type.IsVar))
        {
            return null;
        }

        var root = clock.GetRoot();
        var uses = new Uses(root.Syntax);
        if (declaration.Parent is { Parent: BlockSyntax block } && clock.SemanticModel is { } model &&
            IdentifierSearch.TokensNamed(block, local.Name, out var escapes, cancellationToken) is var tokens && !escapes)
        {
            return NamedUses(local, declarator, tokens, model, clock, types, uses, cancellationToken);
        }

        // A switch section's local is seen by the whole switch, top-level statements' by the whole file; and a Unicode
        // escape may spell the name: every operation of the body is read.
        foreach (var operation in root.Descendants())
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local))
            {
                if (!Classify(reference, clock.Property, uses, types))
                {
                    return null;
                }
            }
            else if (operation is IVariableDeclaratorOperation { Initializer: { } initializer } declared && SymbolEqualityComparer.Default.Equals(declared.Symbol, local))
            {
                if (!IsSameClock(initializer.Value, clock.Property))
                {
                    return null;
                }

                uses.Writes.Add(initializer.Value.Syntax);
            }
        }

        uses.Writes.Sort((a, b) => a.SpanStart.CompareTo(b.SpanStart));
        return uses.Writes.Count > 0 ? uses : null;
    }

    /// <summary>
    /// The local's uses from the places its block spells its name, each bound: a block holds every reference to a local it
    /// declares. Reading every operation of the body instead cost about 55 µs per finding in FluentFTP's long transfer
    /// methods (8 findings; most of the rule's time there).
    /// </summary>
    private static Uses? NamedUses(ILocalSymbol local, VariableDeclaratorSyntax declarator, List<SyntaxToken> tokens, SemanticModel model, IPropertyReferenceOperation clock,
        WellKnownTypes types, Uses uses, CancellationToken cancellationToken)
    {
        if (declarator.Initializer is not null)
        {
            if (model.GetOperation(declarator, cancellationToken) is not IVariableDeclaratorOperation { Initializer: { } initializer } || !IsSameClock(initializer.Value, clock.Property))
            {
                return null;
            }

            uses.Writes.Add(initializer.Value.Syntax);
        }

        foreach (var token in tokens)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (token.Parent is not IdentifierNameSyntax name)
            {
                continue; // the declaration itself, or another one of the same name (a lambda's parameter)
            }

            var operation = model.GetOperation(name, cancellationToken);
            while (operation is IConversionOperation { IsImplicit: true } conversion && conversion.Operand.Syntax == name)
            {
                operation = conversion.Operand;
            }

            if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local))
            {
                if (!Classify(reference, clock.Property, uses, types))
                {
                    return null;
                }
            }
            else if (SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(name, cancellationToken).Symbol, local))
            {
                return null; // a use the operations do not show (nameof): not only elapsed time
            }
        }

        uses.Writes.Sort((a, b) => a.SpanStart.CompareTo(b.SpanStart));
        return uses.Writes.Count > 0 ? uses : null;
    }

    /// <summary>
    /// A private field of a class declared in one place, of the clock's type, not readonly-by-attribute or serialized
    /// (no attributes), written only in one member or its initializer with the same clock, read only by that clock's
    /// subtraction. Every reference is in the class's one declaration, in this file.
    /// </summary>
    private static Uses? FieldUses(IFieldSymbol field, IPropertyReferenceOperation clock, WellKnownTypes types, CancellationToken cancellationToken)
    {
        if (field.DeclaredAccessibility != Accessibility.Private || field.IsConst || field.IsVolatile || field.IsImplicitlyDeclared ||
            !field.GetAttributes().IsEmpty || !SymbolEqualityComparer.Default.Equals(field.Type, clock.Type) ||
            field.ContainingType is not { TypeKind: TypeKind.Class, DeclaringSyntaxReferences.Length: 1 } type ||
            type.DeclaringSyntaxReferences[0].SyntaxTree != clock.Syntax.SyntaxTree ||
            type.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not TypeDeclarationSyntax typeSyntax ||
            field.DeclaringSyntaxReferences.Length != 1 ||
            field.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax
            {
                Parent: VariableDeclarationSyntax { Variables.Count: 1 },
            } declarator ||
            clock.SemanticModel is not { } model)
        {
            return null;
        }

        var uses = new Uses(typeSyntax);
        if (declarator.Initializer is { } initializer)
        {
            if (model.GetOperation(initializer, cancellationToken) is not IFieldInitializerOperation { Value: var value } || !IsSameClock(value, clock.Property))
            {
                return null;
            }

            uses.Writes.Add(initializer.Value);
        }

        var name = field.Name;
        foreach (var identifier in typeSyntax.DescendantNodes())
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (identifier is not IdentifierNameSyntax { Identifier.ValueText: var text } || text != name)
            {
                continue;
            }

            SyntaxNode node = identifier.Parent is MemberAccessExpressionSyntax access && access.Name == identifier ? access : identifier;
            var operation = model.GetOperation(node, cancellationToken);
            if (operation is IFieldReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Field, field))
            {
                if (reference.Instance is not (null or IInstanceReferenceOperation) || !Classify(reference, clock.Property, uses, types))
                {
                    return null;
                }
            }
            else if (operation is null && SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier, cancellationToken).Symbol, field))
            {
                // nameof(_start), or a use the operation tree does not show: not only elapsed time.
                return null;
            }
        }

        // Written in one place: the initializer, or one member (a constructor, a Start method).
        ISymbol? writer = null;
        var writers = 0;
        foreach (var write in uses.Writes)
        {
            var member = write == declarator.Initializer?.Value ? (ISymbol)field : model.GetEnclosingSymbol(write.SpanStart, cancellationToken);
            if (writer is null || !SymbolEqualityComparer.Default.Equals(writer, member))
            {
                writer = member;
                writers++;
            }
        }

        uses.Writes.Sort((a, b) => a.SpanStart.CompareTo(b.SpanStart));
        uses.Reads.Sort((a, b) => a.SpanStart.CompareTo(b.SpanStart));
        return writers == 1 ? uses : null;
    }

    /// <summary>
    /// Records one reference: <c>x = Clock;</c> as a statement (a write), or the right operand of <c>Clock - x</c> or
    /// <c>Clock.Subtract(x)</c> (a read). Anything else is a use of the date itself: false.
    /// </summary>
    private static bool Classify(IOperation reference, IPropertySymbol clock, Uses uses, WellKnownTypes types)
    {
        uses.InExpressionTree |= reference.IsInsideExpressionTree(types);
        switch (reference.Parent)
        {
            case ISimpleAssignmentOperation { Parent: IExpressionStatementOperation } assignment when assignment.Target == reference:
                if (!IsSameClock(assignment.Value, clock))
                {
                    return false;
                }

                uses.Writes.Add(assignment.Value.Syntax);
                return true;
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.Subtract, IsLifted: false, OperatorMethod: { } method } subtraction
                when subtraction.RightOperand == reference && IsSameClock(subtraction.LeftOperand, clock) &&
                     SymbolEqualityComparer.Default.Equals(method.ContainingType, clock.ContainingType) &&
                     method.ReturnType.Name == "TimeSpan":
                uses.Reads.Add(subtraction.Syntax);
                return true;
            case IArgumentOperation { Parent: IInvocationOperation { TargetMethod: { Name: "Subtract", IsStatic: false, Parameters.Length: 1 } method } invocation }
                when IsSameClock(invocation.Instance, clock) && SymbolEqualityComparer.Default.Equals(method.Parameters[0].Type, clock.Type) &&
                     method.ReturnType.Name == "TimeSpan":
                uses.Reads.Add(invocation.Syntax);
                return true;
            default:
                return false;
        }
    }

    private static bool IsSameClock(IOperation? operation, IPropertySymbol clock) =>
        operation is IPropertyReferenceOperation { Instance: null } reference && SymbolEqualityComparer.Default.Equals(reference.Property, clock);
}
