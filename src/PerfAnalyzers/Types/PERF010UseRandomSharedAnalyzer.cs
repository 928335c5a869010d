using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Types;

/// <summary>
/// PERF010: an unseeded <c>new Random()</c> whose instance never leaves the expression or the method that creates it
/// (<c>new Random().Next(10)</c>, or a local only used to draw values), where <c>Random.Shared</c> exists (.NET 6+).
/// See docs/rules/PERF010.md.
/// </summary>
public sealed class PERF010UseRandomSharedAnalyzer : PerfAnalyzer
{

    /// <summary><c>new Random().Next()</c>: the creation is the receiver of one call.</summary>
    public const string ShapeExpression = "Expression";

    /// <summary><c>var r = new Random(); ... r.Next() ...</c>: the local is only ever the receiver of Random's methods.</summary>
    public const string ShapeLocal = "Local";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF010.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // Resolved at the first 'new Random' (PerfCompilation.Later).
        var types = compilation.Types;
        var symbols = compilation.Later(() => types.Get(WellKnownTypes.Random) is { } random && HasShared(random) ? random : null);
        context.RegisterObjectCreationAction(PerfCompilation.WhenResolved(symbols, (c, random) => AnalyzeCreation(c, compilation, random, types)), "Random");
    }

    private static bool HasShared(INamedTypeSymbol random)
    {
        foreach (var member in random.GetMembers("Shared"))
        {
            if (member is IPropertySymbol { IsStatic: true, DeclaredAccessibility: Accessibility.Public } property &&
                SymbolEqualityComparer.Default.Equals(property.Type, random))
            {
                return true;
            }
        }

        return false;
    }

    private static void AnalyzeCreation(OperationAnalysisContext context, PerfCompilation compilation, INamedTypeSymbol random, WellKnownTypes types)
    {
        var creation = (IObjectCreationOperation)context.Operation;

        // Exactly System.Random, unseeded (a seed asks for a reproducible sequence), nothing else set on it.
        if (creation.Type?.Name != "Random" ||
            !SymbolEqualityComparer.Default.Equals(creation.Type, random) ||
            creation.Constructor is not { Parameters.Length: 0 } ||
            creation.Initializer is not null)
        {
            return;
        }

        // A target-typed 'new()' sits under an implicit conversion to its own type.
        IOperation value = creation.Parent is IConversionOperation { IsImplicit: true, OperatorMethod: null } conversion &&
                           SymbolEqualityComparer.Default.Equals(conversion.Type, random)
            ? conversion
            : creation;
        string? shape = null;
        string? declaratorName = null;
        if (IsReceiverOfRandomMethod(value, value.Parent, random))
        {
            shape = ShapeExpression;
        }
        else if (value.Parent is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } &&
                 declarator.Parent is IVariableDeclarationOperation { Declarators.Length: 1, Parent: IVariableDeclarationGroupOperation { Declarations.Length: 1 } group } &&
                 group.Syntax is LocalDeclarationStatementSyntax { UsingKeyword.RawKind: 0, AwaitKeyword.RawKind: 0 } &&
                 IsOnlyUsedToDrawValues(declarator.Symbol, group, random, context.CancellationToken))
        {
            shape = ShapeLocal;
            declaratorName = declarator.Symbol.Name;
        }

        if (shape is null || creation.IsInsideExpressionTree(types) ||
            shape == ShapeLocal && declaratorName is { } name && MultiTargeting.MentionedInInactiveCode(MultiTargeting.Scope(creation.Syntax), name))
        {
            return;
        }

        // Random.Shared is .NET 6+: in a project that also targets older frameworks the fix keeps them on new Random().
        var properties = ImmutableDictionary<string, string?>.Empty.Add(DiagnosticProperties.Shape, shape);
        if (!MultiTargeting.Allows(compilation, context.Options, creation.Syntax.SyntaxTree, Rules.PERF010.Id, ApiAvailability.Net6, ref properties))
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, creation.Syntax, creation.SemanticModel, Rules.PERF010.Id, context.CancellationToken))
        {
            return;
        }

        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF010.Descriptor, creation.Syntax.GetLocation(), properties, creation.Syntax.ToString()), context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary>The value is the receiver of a method declared by <c>System.Random</c> (not <c>GetType</c>, <c>Equals</c>, ...).</summary>
    private static bool IsReceiverOfRandomMethod(IOperation value, IOperation? parent, INamedTypeSymbol random) =>
        parent is IInvocationOperation invocation &&
        invocation.Instance == value &&
        SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ContainingType, random);

    /// <summary>
    /// Every reference to the local, anywhere in the body, calls one of Random's own methods on it, in the same function
    /// that declares it (a lambda or local function could keep it alive beyond the method). Any other use — an
    /// assignment, an argument, a return, a capture, a lock, a comparison — keeps the diagnostic away.
    /// </summary>
    private static bool IsOnlyUsedToDrawValues(ILocalSymbol local, IOperation declaration, INamedTypeSymbol random, System.Threading.CancellationToken cancellationToken)
    {
        var function = declaration.EnclosingFunction();
        var uses = 0;
        foreach (var operation in declaration.GetRoot().Descendants())
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local))
            {
                if (!IsReceiverOfRandomMethod(reference, reference.Parent, random) || reference.EnclosingFunction() != function)
                {
                    return false;
                }

                uses++;
            }
        }

        return uses > 0;
    }

}
