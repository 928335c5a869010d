using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Cli;

/// <summary>
/// For <c>--timing --floor</c>: an analyzer whose callbacks do nothing but count themselves, for one set of operation
/// kinds (or symbol kinds). Its time is what Roslyn charges any analyzer for registering that set on this code — the
/// floor under a rule that registers it, before the rule does any work of its own.
/// </summary>
/// <remarks>Not a shipped analyzer: the CLI creates it for its own timing runs (hence no release tracking).</remarks>
#pragma warning disable RS1001, RS2008 // no [DiagnosticAnalyzer] attribute and no release entry: instantiated by the CLI only
internal sealed class EmptyCallbacks : DiagnosticAnalyzer
{
    private static readonly DiagnosticDescriptor Descriptor = new(
        "PERFFLOOR", "Empty callbacks", "{0}", "Calibration", DiagnosticSeverity.Warning, isEnabledByDefault: true);
#pragma warning restore RS1001, RS2008

    private readonly OperationKind[] operationKinds;
    private readonly SymbolKind[] symbolKinds;
    private int calls;

    private EmptyCallbacks(string name, OperationKind[] operationKinds, SymbolKind[] symbolKinds) =>
        (Name, this.operationKinds, this.symbolKinds) = (name, operationKinds, symbolKinds);

    /// <summary>The kinds, as the report names them.</summary>
    public string Name { get; }

    /// <summary>Callbacks in the last analysis.</summary>
    public int Calls => Volatile.Read(ref calls);

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptor);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.ReportDiagnostics); // as the PERF analyzers
        context.RegisterCompilationStartAction(start =>
        {
            Interlocked.Exchange(ref calls, 0);
            if (operationKinds.Length > 0)
            {
                start.RegisterOperationAction(_ => Interlocked.Increment(ref calls), operationKinds);
            }

            if (symbolKinds.Length > 0)
            {
                start.RegisterSymbolAction(_ => Interlocked.Increment(ref calls), symbolKinds);
            }
        });
    }

    /// <summary>The sets the PERF analyzers register (each rule's page says which it uses).</summary>
    public static ImmutableArray<EmptyCallbacks> Create() => ImmutableArray.Create(
        Operations("Invocation", OperationKind.Invocation),
        Operations("ObjectCreation", OperationKind.ObjectCreation),
        Operations("ArrayCreation", OperationKind.ArrayCreation),
        Operations("Binary", OperationKind.Binary),
        Operations("Block", OperationKind.Block),
        Operations("Loop", OperationKind.Loop),
        Operations("PropertyReference", OperationKind.PropertyReference),
        Operations("FieldReference, PropertyReference", OperationKind.FieldReference, OperationKind.PropertyReference),
        Operations("VariableDeclarator", OperationKind.VariableDeclarator),
        Operations("Conversion, IsType, patterns, Loop, LocalFunction", OperationKind.Conversion, OperationKind.IsType,
            OperationKind.DeclarationPattern, OperationKind.TypePattern, OperationKind.RecursivePattern, OperationKind.Loop, OperationKind.LocalFunction),
        new EmptyCallbacks("symbols: NamedType", [], [SymbolKind.NamedType]),
        new EmptyCallbacks("symbols: Field, Property", [], [SymbolKind.Field, SymbolKind.Property]));

    private static EmptyCallbacks Operations(string name, params OperationKind[] kinds) => new(name, kinds, []);
}
