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

    /// <summary>PERF026: see docs/rules/PERF026.md.</summary>
    public static class PERF026
    {
        public const string Id = "PERF026";

        /// <summary>Equivalence key of the code fix's action.</summary>
        public const string FixKey = "PERF026_WaitAsync";

        /// <summary>Also report a delay whose token source the code cancels after the wait (the timer is stopped, the allocations remain).</summary>
        public static readonly BoolOption ReportCancelledDelays = new(Id, "report_cancelled_delays", false, "`true` or `false`: also report a `Task.Delay` whose `CancellationTokenSource` the same function cancels after the wait (the code already stops the timer; the delay and `WhenAny` tasks remain)");

        public static readonly DiagnosticDescriptor Descriptor = Create(
            Id,
            "Time out a task with WaitAsync instead of WhenAny and Delay",
            "'{0}' times out the task with a Task.Delay whose timer {1}; use '{2}' instead",
            DiagnosticSeverity.Warning,
            "From .NET 6, Task.WaitAsync(timeout) gives a task that completes with the original one or fails with a TimeoutException when the timeout elapses, and it stops its timer as soon as the task completes. Task.WhenAny(t, Task.Delay(timeout)) allocates a delay task, its timer and a WhenAny task on every call, and the timer stays queued until the timeout elapses, even when the task finished long before.");

        public static readonly RuleInfo Info = new(
            Descriptor,
            firesOn: ".NET 6+ (where `Task.WaitAsync` exists)",
            fixKey: FixKey,
            options: [ReportCancelledDelays, MultiTargeting.Option, ColdPath.Option, ProfileGate.ModeOption, ProfileGate.ThresholdOption],
            sdkCounterparts: [],
            analyzer: () => new Async.PERF026UseWaitAsyncForTimeoutsAnalyzer());
    }
}
