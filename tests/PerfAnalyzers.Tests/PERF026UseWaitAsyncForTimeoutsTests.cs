using System;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Async;
using PerfAnalyzers.CodeFixes.Async;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;
using Xunit.Abstractions;

namespace PerfAnalyzers.Tests;

public partial class PERF026UseWaitAsyncForTimeoutsTests : RuleTests<PERF026UseWaitAsyncForTimeoutsAnalyzer, PERF026UseWaitAsyncForTimeoutsCodeFix>
{
    private const string Header = "using System;\nusing System.Threading;\nusing System.Threading.Tasks;\n\n";

    private static string Wrap(string members) => Header + "sealed class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Plain_timeout_becomes_an_awaited_WaitAsync(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 async Task<int> Get(Task<int> t, TimeSpan timeout)
                 {
                     if (await [|Task.WhenAny(t, Task.Delay(timeout))|] != t)
                     {
                         throw new TimeoutException();
                     }

                     return await t;
                 }

                 async Task Run(int milliseconds)
                 {
                     Task t = Task.Run(() => { });
                     // the work must be done in time
                     if (await [|Task.WhenAny(Task.Delay(milliseconds), t)|] != t) throw new TimeoutException();
                     await t;
                 }

                 async Task<string> Read(Task<string> t, TimeSpan timeout)
                 {
                     string text;
                     if (await ([|Task.WhenAny(new[] { t, Task.Delay(timeout) })|]) != t)
                         throw new TimeoutException();
                     text = await t;
                     return text;
                 }
             """),
        Wrap("""
                 async Task<int> Get(Task<int> t, TimeSpan timeout)
                 {
                     return await t.WaitAsync(timeout);
                 }

                 async Task Run(int milliseconds)
                 {
                     Task t = Task.Run(() => { });
                     // the work must be done in time
                     await t.WaitAsync(TimeSpan.FromMilliseconds(milliseconds));
                 }

                 async Task<string> Read(Task<string> t, TimeSpan timeout)
                 {
                     string text;
                     text = await t.WaitAsync(timeout);
                     return text;
                 }
             """)));

    /// <summary>The code after the wait resumed where the WhenAny's await resumed: its ConfigureAwait goes onto WaitAsync.</summary>
    [Fact]
    public Task ConfigureAwait_of_the_WhenAny_is_kept() => Verify(
        Wrap("""
                 async Task<int> Get(Task<int> t, TimeSpan timeout)
                 {
                     if (await [|Task.WhenAny(t, Task.Delay(timeout))|].ConfigureAwait(false) != t)
                     {
                         throw new TimeoutException();
                     }

                     var value = await t.ConfigureAwait(false);
                     return value + 1;
                 }

                 async Task<int> Resume(Task<int> t, TimeSpan timeout)
                 {
                     if (await [|Task.WhenAny(t, Task.Delay(timeout))|] != t)
                     {
                         throw new TimeoutException();
                     }

                     return await t.ConfigureAwait(false);
                 }
             """),
        Wrap("""
                 async Task<int> Get(Task<int> t, TimeSpan timeout)
                 {
                     var value = await t.WaitAsync(timeout).ConfigureAwait(false);
                     return value + 1;
                 }

                 async Task<int> Resume(Task<int> t, TimeSpan timeout)
                 {
                     return await t.WaitAsync(timeout);
                 }
             """));

    /// <summary>A comment before the await of t stays on its line: the wait becomes a statement of its own before it.</summary>
    [Fact]
    public Task Comment_before_the_await_keeps_it_apart() => Verify(
        Wrap("""
                 async Task<int> Get(Task<int> t, TimeSpan timeout)
                 {
                     if (await [|Task.WhenAny(t, Task.Delay(timeout))|] != t)
                     {
                         throw new TimeoutException();
                     }

                     // t is complete here
                     return await t;
                 }
             """),
        Wrap("""
                 async Task<int> Get(Task<int> t, TimeSpan timeout)
                 {
                     await t.WaitAsync(timeout);

                     // t is complete here
                     return await t;
                 }
             """));

    /// <summary>
    /// Another exception or message stays: the catch maps WaitAsync's timeout to it, and its filter lets a
    /// TimeoutException that t itself threw through, as the original's await t did.
    /// </summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Custom_exception_is_kept_in_a_catch(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 async Task<int> Get(Task<int> t, TimeSpan timeout, string name)
                 {
                     if (await [|Task.WhenAny(t, Task.Delay(timeout))|] != t)
                     {
                         throw new InvalidOperationException(name + " timed out");
                     }

                     return await t;
                 }
             """),
        Wrap("""
                 async Task<int> Get(Task<int> t, TimeSpan timeout, string name)
                 {
                     try
                     {
                         await t.WaitAsync(timeout);
                     }
                     catch (TimeoutException) when (!t.IsFaulted)
                     {
                         throw new InvalidOperationException(name + " timed out");
                     }

                     return await t;
                 }
             """)));

    [Fact]
    public Task Equals_form_keeps_its_then_branch() => Verify(
        Wrap("""
                 async Task<int> Get(Task<int> t, TimeSpan timeout)
                 {
                     if (await [|Task.WhenAny(t, Task.Delay(timeout))|] == t)
                     {
                         return await t;
                     }
                     else
                     {
                         throw new TimeoutException();
                     }
                 }

                 async Task<int> Message(Task<int> t, TimeSpan timeout)
                 {
                     if (await [|Task.WhenAny(t, Task.Delay(timeout))|] == t)
                     {
                         var value = await t;
                         return value * 2;
                     }
                     else
                         throw new TimeoutException("no answer");
                 }
             """),
        Wrap("""
                 async Task<int> Get(Task<int> t, TimeSpan timeout)
                 {
                     return await t.WaitAsync(timeout);
                 }

                 async Task<int> Message(Task<int> t, TimeSpan timeout)
                 {
                     try
                     {
                         await t.WaitAsync(timeout);
                     }
                     catch (TimeoutException) when (!t.IsFaulted)
                     {
                         throw new TimeoutException("no answer");
                     }

                     var value = await t;
                     return value * 2;
                 }
             """));

    [Fact]
    public Task Message_names_what_the_fix_writes()
    {
        var test = Test(
            Wrap("""
                     async Task<int> Get(Task<int> reply)
                     {
                         if (await {|#0:Task.WhenAny(reply, Task.Delay(TimeSpan.FromSeconds(5)))|} != reply) throw new TimeoutException();
                         return await reply;
                     }
                 """),
            Wrap("""
                     async Task<int> Get(Task<int> reply)
                     {
                         return await reply.WaitAsync(TimeSpan.FromSeconds(5));
                     }
                 """));
        test.ExpectedDiagnostics.Add(RuleTest<PERF026UseWaitAsyncForTimeoutsAnalyzer, PERF026UseWaitAsyncForTimeoutsCodeFix>.Diagnostic()
            .WithLocation(0).WithMessage("'Task.WhenAny(reply, Task.Delay(TimeSpan.FromSeconds(5)))' times out the task with a Task.Delay whose timer keeps running after the task completes; use 'await reply.WaitAsync(TimeSpan.FromSeconds(5))' instead"));
        return test.RunAsync();
    }

    [Fact]
    public Task Fix_all_fixes_every_timeout() => Verify(
        Wrap("""
                 async Task<int> Both(Task<int> a, Task<int> b, TimeSpan timeout)
                 {
                     if (await [|Task.WhenAny(a, Task.Delay(timeout))|] != a) throw new TimeoutException();
                     var x = await a;
                     if (await [|Task.WhenAny(b, Task.Delay(timeout))|] != b) throw new TimeoutException();
                     var y = await b;
                     return x + y;
                 }
             """),
        Wrap("""
                 async Task<int> Both(Task<int> a, Task<int> b, TimeSpan timeout)
                 {
                     var x = await a.WaitAsync(timeout);
                     var y = await b.WaitAsync(timeout);
                     return x + y;
                 }
             """));

    /// <summary>
    /// The original and the fixed code give the same value or throw the same exception (type and message): a task that
    /// completes, one that fails (with a TimeoutException of its own, too), one that is cancelled, one that never ends.
    /// </summary>
    [Fact]
    public async Task The_fixed_code_behaves_the_same()
    {
        using var code = LoadedCode.Compile(Header + """
            public static class P
            {
                public static async Task<int> PlainBefore(Task<int> t, TimeSpan timeout)
                {
                    if (await Task.WhenAny(t, Task.Delay(timeout)) != t) throw new TimeoutException();
                    return await t;
                }

                public static async Task<int> PlainAfter(Task<int> t, TimeSpan timeout)
                {
                    return await t.WaitAsync(timeout);
                }

                public static async Task<int> CopiedBefore(Task<int> t, TimeSpan timeout)
                {
                    if (t == await Task.WhenAny(t, Task.Delay(timeout)))
                        return await t;
                    throw new TimeoutException();
                }

                public static async Task<int> CopiedAfter(Task<int> t, TimeSpan timeout)
                {
                    return await t.WaitAsync(timeout);
                }

                public static async Task<int> KeptBefore(Task<int> t, TimeSpan timeout)
                {
                    var done = await Task.WhenAny(t, Task.Delay(timeout));
                    if (done != t) throw new TimeoutException();
                    return await t;
                }

                public static async Task<int> KeptAfter(Task<int> t, TimeSpan timeout)
                {
                    return await t.WaitAsync(timeout);
                }

                public static async Task<int> CustomBefore(Task<int> t, TimeSpan timeout)
                {
                    if (await Task.WhenAny(t, Task.Delay(timeout)) != t) throw new InvalidOperationException("slow");
                    return await t;
                }

                public static async Task<int> CustomAfter(Task<int> t, TimeSpan timeout)
                {
                    try
                    {
                        await t.WaitAsync(timeout);
                    }
                    catch (TimeoutException) when (!t.IsFaulted)
                    {
                        throw new InvalidOperationException("slow");
                    }

                    return await t;
                }
            }
            """);
        var never = new TaskCompletionSource<int>().Task;
        Func<Task<int>>[] tasks =
        {
            () => Task.FromResult(7),
            async () => { await Task.Yield(); return 8; },
            async () => { await Task.Yield(); throw new TimeoutException("own"); },
            async () => { await Task.Yield(); throw new FormatException("bad"); },
            () => Task.FromCanceled<int>(new CancellationToken(true)),
            () => never,
        };
        foreach (var pair in new[] { "Plain", "Copied", "Kept", "Custom" })
        {
            foreach (var task in tasks)
            {
                // Only the task that never ends may time out: the others get a timeout they cannot reach on a loaded
                // machine (with 50 ms for all, a yield on a busy CI machine outlasted it and the failing task timed out).
                var timeout = task == tasks[tasks.Length - 1] ? TimeSpan.FromMilliseconds(50) : TimeSpan.FromMinutes(10);
                var before = await Outcome(code, pair + "Before", task(), timeout);
                var after = await Outcome(code, pair + "After", task(), timeout);
                Assert.Equal(before, after);
            }
        }
    }

    private static async Task<string> Outcome(LoadedCode code, string method, Task<int> task, TimeSpan timeout)
    {
        try
        {
            return "value " + await (Task<int>)code.Invoke(method, task, timeout)!;
        }
        catch (Exception e)
        {
            return e.GetType().Name + ": " + e.Message;
        }
    }

    [Fact]
    public Task Netstandard_and_net_framework_are_silent() => Task.WhenAll(
        Verify(TimeoutSource(mark: false), references: TestReferences.NetStandard20),
        Verify(TimeoutSource(mark: false), references: TestReferences.Net472));

    [Fact]
    public Task Net6_and_later_fire() => Test(TimeoutSource(mark: true), FixedTimeoutSource, TestReferences.Net100)
        .WithTargetFramework("net10.0")
        .RunAsync();

    /// <summary>The netstandard2.0 leg has no WaitAsync: it keeps the WhenAny behind #if.</summary>
    [Fact]
    public Task Multi_targeted_project_guards_the_fix() => Test(
            TimeoutSource(mark: true),
            Wrap("""
                 #if NET6_0_OR_GREATER
                     async Task<int> Get(Task<int> t, TimeSpan timeout)
                     {
                         return await t.WaitAsync(timeout);
                     }
                 #else
                     async Task<int> Get(Task<int> t, TimeSpan timeout)
                     {
                         if (await Task.WhenAny(t, Task.Delay(timeout)) != t)
                         {
                             throw new TimeoutException();
                         }

                         return await t;
                     }
                 #endif
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    /// <summary>
    /// The forms whose fix removes more than the if (the local kept first, the throw after an if without else): the
    /// netstandard2.0 leg keeps all of them behind #if.
    /// </summary>
    [Fact]
    public Task Multi_targeted_project_guards_the_removed_statements_too() => Test(
            Wrap("""
                 async Task<int> Kept(Task<int> t, TimeSpan timeout)
                 {
                     var done = await [|Task.WhenAny(t, Task.Delay(timeout))|];
                     if (done != t) throw new TimeoutException();
                     return await t;
                 }

                 async Task<int> Copied(Task<int> t, TimeSpan timeout)
                 {
                     if (t == await [|Task.WhenAny(t, Task.Delay(timeout))|])
                         return await t;
                     throw new TimeoutException();
                 }
             """),
            Wrap("""
                 #if NET6_0_OR_GREATER
                     async Task<int> Kept(Task<int> t, TimeSpan timeout)
                     {
                         return await t.WaitAsync(timeout);
                     }
                 #else
                     async Task<int> Kept(Task<int> t, TimeSpan timeout)
                     {
                         var done = await Task.WhenAny(t, Task.Delay(timeout));
                         if (done != t) throw new TimeoutException();
                         return await t;
                     }
                 #endif

                 #if NET6_0_OR_GREATER
                     async Task<int> Copied(Task<int> t, TimeSpan timeout)
                     {
                         return await t.WaitAsync(timeout);
                     }
                 #else
                     async Task<int> Copied(Task<int> t, TimeSpan timeout)
                     {
                         if (t == await Task.WhenAny(t, Task.Delay(timeout)))
                             return await t;
                         throw new TimeoutException();
                     }
                 #endif
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    [Theory]
    [InlineData("async Task<int> M(Task<int> t) { if (await Task.WhenAny(t, Task.Delay()) != t) throw new TimeoutException(); return await t; }")]
    [InlineData("async Task<int> M(Task<int> t) { if (await [|Task.WhenAny(t, Task.Delay(1))|] != t) throw new TimeoutException(); return await t }")]
    [InlineData("async Task<int> M(Task<int> t) { if (await Task.WhenAny(t, Task.Delay(1)) != ) throw new TimeoutException(); return await t; }")]
    [InlineData("async Task<int> M(Task<int> t) { if (await Task.WhenAny(t, Task.Delay(1)) != t) throw; return await t; }")]
    [InlineData("async Task<int> M(Missing t) { if (await Task.WhenAny(t, Task.Delay(1)) != t) throw new TimeoutException(); return await t; }")]
    [InlineData("async Task<int> M(Task<int> t) { if (await Task.WhenAny(t, Task.Delay(1)) != t) throw new TimeoutException(")]
    [InlineData("async Task<int> M(Task<int> t) { var done = await Task.WhenAny(t, Task.Delay(1)); if (done != ) throw new TimeoutException(); return await t; }")]
    [InlineData("async Task<int> M(Task<int> t) { var done = await [|Task.WhenAny(t, Task.Delay(1))|] if (done != t) throw new TimeoutException(); return await t; }")]
    [InlineData("async Task<int> M(Task<int> t) { if (t == await [|Task.WhenAny(t, Task.Delay(1))|]) return await t; throw }")]
    public Task Broken_code_does_not_crash(string member) => new RuleTest<PERF026UseWaitAsyncForTimeoutsAnalyzer, PERF026UseWaitAsyncForTimeoutsCodeFix>
    {
        Sources = { Wrap("    " + member) },
        AllowCompilerErrors = true,
    }.RunAsync();

    private static string TimeoutSource(bool mark) => Wrap($$"""
             async Task<int> Get(Task<int> t, TimeSpan timeout)
             {
                 if (await {{(mark ? "[|" : string.Empty)}}Task.WhenAny(t, Task.Delay(timeout)){{(mark ? "|]" : string.Empty)}} != t)
                 {
                     throw new TimeoutException();
                 }

                 return await t;
             }
         """);

    private static string FixedTimeoutSource => Wrap("""
             async Task<int> Get(Task<int> t, TimeSpan timeout)
             {
                 return await t.WaitAsync(timeout);
             }
         """);
}

/// <summary>
/// The benchmark's timers, counted by <c>Timer.ActiveCount</c>, which counts every timer of the process: alone in a
/// collection that runs after the others, with nothing beside it creating or ending timers.
/// </summary>
[Collection(PERF026TimerTests.Collection)]
public sealed class PERF026TimerTests(ITestOutputHelper output)
{
    public const string Collection = "PERF026 timers (not run in parallel)";

    /// <summary>The benchmark's Before leaves one queued timer per call for the rest of its second; After none.</summary>
    [Fact]
    public void Before_leaves_its_timers_behind_and_after_does_not()
    {
        const int Calls = 2000;
        // After first, and a 10-minute timeout: the 1 s of the benchmark let Before's first timers expire before the
        // loop ended under CI's load (724 of 2,000 counted), so the count read the machine's speed.
        var after = PerfAnalyzers.Benchmarks.PERF026UseWaitAsyncForTimeoutsBenchmarks.TimersLeftBehind(after: true, Calls, TimeSpan.FromMinutes(10));
        var before = PerfAnalyzers.Benchmarks.PERF026UseWaitAsyncForTimeoutsBenchmarks.TimersLeftBehind(after: false, Calls, TimeSpan.FromMinutes(10));
        output.WriteLine($"timers left behind after {Calls} calls: before {before}, after {after}");
        Assert.True(before >= Calls * 9 / 10, $"before left {before} timers");
        Assert.True(System.Math.Abs(after) < Calls / 10, $"after left {after} timers");
    }
}

[CollectionDefinition(PERF026TimerTests.Collection, DisableParallelization = true)]
public sealed class PERF026TimerCollection
{
}
