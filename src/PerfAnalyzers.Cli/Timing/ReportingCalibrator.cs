using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Cli.Timing;

/// <summary>
/// For <c>--timing</c>: reports given diagnostics again, at the same places and with the same messages, and does
/// nothing else. Its time is what Roslyn spends accepting those diagnostics from an analyzer (the <c>#pragma</c> and
/// <c>[SuppressMessage]</c> state of each file and symbol, computed the first time a diagnostic lands there; the
/// severity from the options), which a rule pays in proportion to its findings, not to the size of the code.
/// </summary>
/// <remarks>Not a shipped analyzer: the CLI creates it for its own timing runs (hence no release tracking).</remarks>
#pragma warning disable RS1001, RS2008 // no [DiagnosticAnalyzer] attribute and no release entry: instantiated by the CLI only
internal sealed class ReportingCalibrator : DiagnosticAnalyzer
{
    private static readonly DiagnosticDescriptor Descriptor = new(
        "PERFCAL", "Reporting calibration", "{0}", "Calibration", DiagnosticSeverity.Warning, isEnabledByDefault: true);
#pragma warning restore RS1001, RS2008

    private readonly Dictionary<string, List<Diagnostic>> _byFile;

    public ReportingCalibrator(IEnumerable<Diagnostic> findings) =>
        _byFile = findings.GroupBy(d => d.Location.SourceTree?.FilePath ?? "").ToDictionary(g => g.Key, g => g.ToList());

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Descriptor);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        // As the PERF analyzers (Infrastructure/PerfAnalyzer.cs): no analysis of generated code, no second check of each report.
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.ReportDiagnostics);
        context.RegisterSyntaxTreeAction(c =>
        {
            if (!_byFile.TryGetValue(c.Tree.FilePath, out var findings))
            {
                return;
            }

            foreach (var finding in findings)
            {
                c.ReportDiagnostic(Diagnostic.Create(
                    Descriptor,
                    Location.Create(c.Tree, finding.Location.SourceSpan),
                    finding.Properties,
                    finding.GetMessage(System.Globalization.CultureInfo.InvariantCulture)));
            }
        });
    }
}
