using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace PerfAnalyzers.Cli.Timing;

/// <summary>
/// For <c>--timing --floor</c>: an analyzer whose callbacks do nothing but count themselves, for one set of operation
/// kinds (or symbol kinds). Its time is what Roslyn charges any analyzer for registering that set on this code — the
/// floor under a rule that registers it, before the rule does any work of its own. Two more rows price the first check of
/// the rules that register <c>Invocation</c> (the called method's name): read by one analyzer per rule, as the package was
/// built before its dispatch, and read once by one analyzer for all of them, as PerfDispatcher does.
/// </summary>
/// <remarks>Not a shipped analyzer: the CLI creates it for its own timing runs (hence no release tracking).</remarks>
#pragma warning disable RS1001, RS2008 // no [DiagnosticAnalyzer] attribute and no release entry: instantiated by the CLI only
internal sealed class EmptyCallbacks : DiagnosticAnalyzer
{
    private static readonly DiagnosticDescriptor Descriptor = new(
        "PERFFLOOR", "Empty callbacks", "{0}", "Calibration", DiagnosticSeverity.Warning, isEnabledByDefault: true);
#pragma warning restore RS1001, RS2008

    /// <summary>The names the rules that register <c>Invocation</c> compare first (PERF009 compares the containing type instead).</summary>
    private static readonly string[][] InvocationRuleNames =
    [
        ["Substring"], // PERF001
        ["HasFlag"], // PERF003
        ["Copy"], // PERF005
        ["Wait", "GetResult", "WaitAll", "WaitAny", "Sleep"], // PERF006
        ["FromResult"], // PERF007
        ["Format"], // PERF008
        ["Parse", "TryParse", "GetName", "GetNames", "GetValues", "IsDefined"], // PERF009
        ["ContainsKey", "TryGetValue"], // PERF019
        ["TransformFinalBlock"], // PERF020
        ["Append", "Insert"], // PERF021
        ["Concat", "Join"], // PERF023
        ["Join", "Concat"], // PERF025
    ];

    private readonly OperationKind[] operationKinds;
    private readonly SymbolKind[] symbolKinds;
    private readonly string[][] names;
    private int calls;

    private EmptyCallbacks(string name, OperationKind[] operationKinds, SymbolKind[] symbolKinds, string[][]? names = null) =>
        (Name, this.operationKinds, this.symbolKinds, this.names) = (name, operationKinds, symbolKinds, names ?? []);

    /// <summary>Set by a callback that found a name, so that the comparisons are not optimized away.</summary>
    public static int Found;

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
            if (names.Length > 0)
            {
                start.RegisterOperationAction(
                    c =>
                    {
                        Interlocked.Increment(ref calls);
                        var name = ((IInvocationOperation)c.Operation).TargetMethod.Name;
                        foreach (var rule in names)
                        {
                            foreach (var candidate in rule)
                            {
                                if (name == candidate)
                                {
                                    Found++;
                                }
                            }
                        }
                    },
                    OperationKind.Invocation);
            }
            else if (operationKinds.Length > 0)
            {
                start.RegisterOperationAction(_ => Interlocked.Increment(ref calls), operationKinds);
            }

            if (symbolKinds.Length > 0)
            {
                start.RegisterSymbolAction(_ => Interlocked.Increment(ref calls), symbolKinds);
            }
        });
    }

    /// <summary>
    /// The sets the PERF analyzers register (each rule's page says which it uses), then the two dispatch rows: the analyzers
    /// of a row share its name, and the report sums them.
    /// </summary>
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
        new EmptyCallbacks("symbols: Field, Property", [], [SymbolKind.Field, SymbolKind.Property]))
        .AddRange(InvocationRuleNames.Select(rule => new EmptyCallbacks(PerRuleDispatch, [], [], [rule])))
        .Add(new EmptyCallbacks(SharedDispatch, [], [], InvocationRuleNames));

    /// <summary>Row name: each rule's analyzer reads the called method's name.</summary>
    public static string PerRuleDispatch => $"Invocation, the called method's name read by {InvocationRuleNames.Length} analyzers (one per rule, the package before its dispatch)";

    /// <summary>Row name: one analyzer reads it once for all of them.</summary>
    public static string SharedDispatch => $"Invocation, the called method's name read once for the same {InvocationRuleNames.Length} rules (one shared analyzer, as PerfDispatcher reads it)";

    private static EmptyCallbacks Operations(string name, params OperationKind[] kinds) => new(name, kinds, []);
}
