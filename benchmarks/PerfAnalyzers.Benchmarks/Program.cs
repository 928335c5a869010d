using System;
using System.Linq;
using BenchmarkDotNet.Running;

namespace PerfAnalyzers.Benchmarks;

public static class Program
{
    /// <summary>
    /// <c>dotnet run -c Release -- --filter '*PERF001*'</c> runs one rule's benchmark (any BenchmarkDotNet arguments);
    /// <c>dotnet run -c Release -- --update-docs PERF001 [PERF002 ...]</c> runs the rules' benchmarks and writes the
    /// measured tables into docs/rules/PERFnnn.md; <c>--generate-corpus &lt;dir&gt; [files]</c> writes the C# corpus that
    /// <c>benchmarks/analyzer-cost</c> scans to measure the analyzers' own cost.
    /// </summary>
    public static int Main(string[] args)
    {
        if (args.Length > 0 && args[0] == "--update-docs")
        {
            return DocTables.Update(args.Skip(1).ToArray());
        }

        if (args.Length > 0 && args[0] == "--generate-corpus")
        {
            return AnalyzerCost.CorpusGenerator.Run(args.Skip(1).ToArray());
        }

        var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
        return summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success)) ? 1 : 0;
    }
}
