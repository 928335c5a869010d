using System.Collections.Immutable;
using System.Diagnostics;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Dispatch;

/// <summary>
/// Runs several rules as one analyzer: each rule's compilation-start code runs against a <see cref="DispatchContext"/>,
/// and the operation actions of all of them are registered with Roslyn as one action per operation kind, which reads
/// the operation's key once (<see cref="DispatchTable.KeyOf"/>) and calls only the rules that asked for it. Roslyn's
/// charge per callback is paid once per operation, not once per rule. A rule that is off in every file
/// (<see cref="RuleSeverity"/>) is not started: nothing of it runs. Every <see cref="PerfAnalyzer"/> runs this way, alone
/// or in <see cref="PerfDispatcher"/>.
/// </summary>
public abstract class Dispatcher : DiagnosticAnalyzer
{
    private readonly RuleClock? clock;

    /// <summary>Whether some rule reads generated code (PERF004); the others' callbacks skip it then (<see cref="DispatchContext"/>).</summary>
    private readonly bool analyzesGenerated;

    protected Dispatcher(ImmutableArray<PerfAnalyzer> rules, RuleClock? clock)
    {
        Rules = rules;
        this.clock = clock;
        SupportedDiagnostics = rules.SelectMany(r => r.SupportedDiagnostics).Distinct().ToImmutableArray();
        analyzesGenerated = rules.Any(r => (r.GeneratedCodeAnalysis & GeneratedCodeAnalysisFlags.Analyze) != 0);
    }

    /// <summary>The clock that times each rule (the CLI's <c>--timing</c>); null in a build.</summary>
    public RuleClock? Clock => clock;

    /// <summary>The rules, in the order of a <see cref="RuleClock"/>'s indexes.</summary>
    public ImmutableArray<PerfAnalyzer> Rules { get; }

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; }

    public sealed override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        // Generated code reaches the callbacks only when a rule reads it; every other rule's callbacks then skip it
        // themselves. ReportDiagnostics: Roslyn does not check each report again (the rules report only where they ran).
        context.ConfigureGeneratedCodeAnalysis(analyzesGenerated ? GeneratedCodeAnalysisFlags.Analyze | GeneratedCodeAnalysisFlags.ReportDiagnostics : GeneratedCodeAnalysisFlags.ReportDiagnostics);
        context.RegisterCompilationStartAction(start => Start(start, Rules, clock, analyzesGenerated));
    }

    internal static void Start(CompilationStartAnalysisContext start, ImmutableArray<PerfAnalyzer> rules, RuleClock? clock, bool analyzesGenerated)
    {
        var compilation = PerfCompilation.Get(start.Compilation, start.Options);
        var table = new DispatchTable();
        for (var i = 0; i < rules.Length; i++)
        {
            var rule = rules[i];
            if (IsOff(rule, start.Compilation, start.Options, start.CancellationToken))
            {
                continue;
            }

            var began = clock is null ? 0 : Stopwatch.GetTimestamp();
            var skipsGenerated = analyzesGenerated && (rule.GeneratedCodeAnalysis & GeneratedCodeAnalysisFlags.Analyze) == 0;
            rule.Start(new DispatchContext(start, table, i, clock, skipsGenerated), compilation);
            clock?.Add(i, Stopwatch.GetTimestamp() - began);
        }

        table.RegisterWith(start, clock);
    }

    private static bool IsOff(PerfAnalyzer rule, Compilation compilation, AnalyzerOptions options, System.Threading.CancellationToken cancellationToken)
    {
        foreach (var descriptor in rule.SupportedDiagnostics)
        {
            if (!RuleSeverity.IsOffEverywhere(descriptor, compilation, options, cancellationToken))
            {
                return false;
            }
        }

        return true;
    }
}
