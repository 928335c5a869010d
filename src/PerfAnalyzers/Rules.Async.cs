using Microsoft.CodeAnalysis;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers;

/// <summary>The entries of the rules in <c>src/PerfAnalyzers/Async</c>, in id order.</summary>
public static partial class Rules
{
    /// <summary>PERF006: see docs/rules/PERF006.md.</summary>
    public static class PERF006
    {
        public const string Id = "PERF006";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF006_Await";

        /// <summary>Fully qualified methods (<c>Namespace.Type.Method</c>) whose blocking is accepted.</summary>
        public static readonly ListOption ExcludedMethods = new(Id, "excluded_methods", "blocking calls not to flag");

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Do not block on tasks in async code",
            "'{0}' blocks a thread in async code; use '{1}' instead",
            DiagnosticSeverity.Warning,
            "Result, Wait(), GetAwaiter().GetResult(), Task.WaitAll/WaitAny and Thread.Sleep hold a thread-pool thread until the work completes. In async code, awaiting frees the thread; blocking many threads at once starves the thread pool.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: "Every target framework (async methods, lambdas, local functions, anonymous methods)",
            fixKey: FixKey,
            options: [ExcludedMethods],
            sdkCounterparts: ["CA1849"],
            analyzer: () => new Async.PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer());
    }

    /// <summary>PERF007: see docs/rules/PERF007.md.</summary>
    public static class PERF007
    {
        public const string Id = "PERF007";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF007_CacheTask";

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Cache Task.FromResult for common results",
            "'{0}' allocates a new task on every call on {1}; {2}",
            DiagnosticSeverity.Warning,
            "Before .NET 6 (so also on .NET Framework and in .NET Standard libraries) Task.FromResult(true) and Task.FromResult(false) allocate a new Task<bool> on every call. A static readonly field created once gives the same completed task. On .NET 6 and later Task.FromResult returns cached tasks for these values and the rule is silent.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET Framework, .NET Standard, .NET Core 1.0–3.1, .NET 5 (before .NET 6)",
            fixKey: FixKey,
            options: [ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Async.PERF007CacheTaskFromResultAnalyzer());
    }
}
