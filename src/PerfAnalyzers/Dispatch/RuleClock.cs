using System;
using System.Diagnostics;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace PerfAnalyzers.Dispatch;

/// <summary>
/// Time and callbacks spent in each rule of a <see cref="Dispatcher"/>, for the CLI's <c>--timing</c> (a build's
/// dispatcher has none and reads no clock). Index <c>i</c> is the dispatcher's <c>i</c>-th rule. The part of a rule's
/// time spent in Roslyn's <c>ReportDiagnostic</c> (accepting a finding) is timed apart, where the rule reports it
/// (<see cref="Report"/>).
/// </summary>
public sealed class RuleClock
{
    private readonly long[] ticks;
    private readonly long[] calls;
    private readonly long[] setup;
    private readonly long[] reporting;
    private readonly long[] reports;

    /// <summary>The clock and rule of the callback running on this thread (set only by a clock, so never in a build).</summary>
    [ThreadStatic]
    private static RuleClock? current;

    [ThreadStatic]
    private static int currentRule;

    public RuleClock(int rules)
    {
        ticks = new long[rules];
        calls = new long[rules];
        setup = new long[rules];
        reporting = new long[rules];
        reports = new long[rules];
    }

    /// <summary>Time inside rule <paramref name="rule"/>'s callbacks.</summary>
    public TimeSpan Time(int rule) => TimeSpan.FromSeconds(Interlocked.Read(ref ticks[rule]) / (double)Stopwatch.Frequency);

    /// <summary>How many callbacks reached rule <paramref name="rule"/>.</summary>
    public long Calls(int rule) => Interlocked.Read(ref calls[rule]);

    /// <summary>The part of <see cref="Time"/> rule <paramref name="rule"/> spent in its compilation-start setup (resolving types, reading options, registering).</summary>
    public TimeSpan Setup(int rule) => TimeSpan.FromSeconds(Interlocked.Read(ref setup[rule]) / (double)Stopwatch.Frequency);

    /// <summary>The part of <see cref="Time"/> rule <paramref name="rule"/> spent in Roslyn's <c>ReportDiagnostic</c>, accepting its findings.</summary>
    public TimeSpan Reporting(int rule) => TimeSpan.FromSeconds(Interlocked.Read(ref reporting[rule]) / (double)Stopwatch.Frequency);

    /// <summary>How many findings rule <paramref name="rule"/> handed to Roslyn.</summary>
    public long Reports(int rule) => Interlocked.Read(ref reports[rule]);

    public void Reset()
    {
        for (var i = 0; i < ticks.Length; i++)
        {
            Interlocked.Exchange(ref ticks[i], 0);
            Interlocked.Exchange(ref calls[i], 0);
            Interlocked.Exchange(ref setup[i], 0);
            Interlocked.Exchange(ref reporting[i], 0);
            Interlocked.Exchange(ref reports[i], 0);
        }
    }

    internal void Run<T>(int rule, Action<T> action, T context)
    {
        var (outerClock, outerRule) = (current, currentRule);
        (current, currentRule) = (this, rule);
        var start = Stopwatch.GetTimestamp();
        try
        {
            action(context);
        }
        finally
        {
            Interlocked.Add(ref ticks[rule], Stopwatch.GetTimestamp() - start);
            Interlocked.Increment(ref calls[rule]);
            (current, currentRule) = (outerClock, outerRule);
        }
    }

    /// <summary>
    /// Hands a finding to Roslyn: every rule reports through here (<see cref="Profiles.ProfileGate"/>). Under a clock
    /// (the CLI's <c>--timing</c>), the call is timed for the rule whose callback runs: what Roslyn takes to accept a
    /// finding (its checks of the diagnostic, severity and location, and queueing it), which goes away as the findings
    /// are fixed. In a build no clock is set, and this is the call alone.
    /// </summary>
    public static void Report(Action<Diagnostic> report, Diagnostic diagnostic)
    {
        var clock = current;
        if (clock is null)
        {
            report(diagnostic);
            return;
        }

        var start = Stopwatch.GetTimestamp();
        try
        {
            report(diagnostic);
        }
        finally
        {
            Interlocked.Add(ref clock.reporting[currentRule], Stopwatch.GetTimestamp() - start);
            Interlocked.Increment(ref clock.reports[currentRule]);
        }
    }

    /// <summary>Time a rule spent outside its callbacks (its compilation-start setup).</summary>
    internal void Add(int rule, long elapsedTicks)
    {
        Interlocked.Add(ref ticks[rule], elapsedTicks);
        Interlocked.Add(ref setup[rule], elapsedTicks);
    }

    /// <summary>
    /// What the clock itself adds to a rule's time per callback (nanoseconds): the median of five loops of 200,000 timed
    /// calls of an empty action (one clock read and the call lie inside each timed interval). The CLI subtracts it from
    /// each rule's time, callbacks times this.
    /// </summary>
    public static double OverheadNanoseconds()
    {
        const int Calls = 200_000;
        Action<int> empty = _ => { };
        var loops = new double[5];
        for (var loop = 0; loop < loops.Length; loop++)
        {
            var clock = new RuleClock(1);
            for (var i = 0; i < Calls; i++)
            {
                clock.Run(0, empty, i);
            }

            loops[loop] = clock.Time(0).Ticks * 100.0 / Calls;
        }

        Array.Sort(loops);
        return loops[loops.Length / 2];
    }

    internal Action<T> Wrap<T>(int rule, Action<T> action) => context => Run(rule, action, context);
}
