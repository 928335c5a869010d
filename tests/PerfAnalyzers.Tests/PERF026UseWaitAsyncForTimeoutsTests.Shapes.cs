using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Async;
using PerfAnalyzers.CodeFixes.Async;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>#34: named and reordered arguments, const delays, local functions and lambdas; the <c>== t</c> form without <c>else</c>.</summary>
public partial class PERF026UseWaitAsyncForTimeoutsTests
{
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_arguments_in_any_order_and_const_delays(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 const int Limit = 500;

                 async Task<int> Get(Task<int> t, TimeSpan timeout)
                 {
                     if (await [|Task.WhenAny(task1: t, task2: Task.Delay(delay: timeout))|] != t)
                     {
                         throw new TimeoutException();
                     }

                     return await t;
                 }

                 async Task Run(Task t)
                 {
                     if (await [|Task.WhenAny(task2: t, task1: Task.Delay(millisecondsDelay: Limit))|] != t) throw new TimeoutException();
                     await t;
                 }

                 async Task<string> Local(Task<string> t)
                 {
                     const int ms = 100;
                     async Task<string> Wait()
                     {
                         if (await [|Task.WhenAny(tasks: new[] { t, Task.Delay(ms) })|] != t) throw new TimeoutException();
                         return await t;
                     }

                     return await Wait();
                 }
             """),
        Wrap("""
                 const int Limit = 500;

                 async Task<int> Get(Task<int> t, TimeSpan timeout)
                 {
                     return await t.WaitAsync(timeout);
                 }

                 async Task Run(Task t)
                 {
                     await t.WaitAsync(TimeSpan.FromMilliseconds(Limit));
                 }

                 async Task<string> Local(Task<string> t)
                 {
                     const int ms = 100;
                     async Task<string> Wait()
                     {
                         return await t.WaitAsync(TimeSpan.FromMilliseconds(ms));
                     }

                     return await Wait();
                 }
             """)));

    /// <summary>
    /// The form most timeout helpers copy: <c>if (t == await Task.WhenAny(...)) return await t; throw ...;</c>. The throw
    /// after the if runs only on timeout, as the then-branch always returns: it goes with the if (plain), or moves into
    /// the catch (another exception). Found in public code on a net6.0 project (docs/rules/PERF026.md, "On real code").
    /// </summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Equals_form_without_else_takes_the_throw_after_it(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 async Task<int> Plain(Task<int> t, TimeSpan timeout)
                 {
                     if (t == await [|Task.WhenAny(t, Task.Delay(timeout))|])
                         return await t;
                     throw new TimeoutException();
                 }

                 async Task Block(Task t, int ms)
                 {
                     if (await [|Task.WhenAny(t, Task.Delay(ms))|].ConfigureAwait(false) == t)
                     {
                         await t.ConfigureAwait(false);
                         return;
                     }

                     throw new TimeoutException();
                 }

                 async Task<string> Custom(Task<string> t, TimeSpan timeout)
                 {
                     if (t == await [|Task.WhenAny(t, Task.Delay(timeout))|])
                     {
                         return await t;
                     }

                     throw new InvalidOperationException("too slow");
                 }
             """),
        Wrap("""
                 async Task<int> Plain(Task<int> t, TimeSpan timeout)
                 {
                     return await t.WaitAsync(timeout);
                 }

                 async Task Block(Task t, int ms)
                 {
                     await t.WaitAsync(TimeSpan.FromMilliseconds(ms)).ConfigureAwait(false);
                     return;
                 }

                 async Task<string> Custom(Task<string> t, TimeSpan timeout)
                 {
                     try
                     {
                         await t.WaitAsync(timeout);
                     }
                     catch (TimeoutException) when (!t.IsFaulted)
                     {
                         throw new InvalidOperationException("too slow");
                     }

                     return await t;
                 }
             """)));

    /// <summary>
    /// Without else, a then-branch that can end (the code after it runs when t won too), or no throw right after the if:
    /// the statement after the if is not the timeout branch. And the == form whose branch cancels the delay's own token
    /// source stops the timer: reported only with report_cancelled_delays, like the != form.
    /// </summary>
    [Fact]
    public Task Equals_form_without_else_lookalikes_are_not_flagged()
    {
        const string Source = """
            async Task<int> FallsThrough(Task<int> t, TimeSpan timeout)
            {
                if (t == await Task.WhenAny(t, Task.Delay(timeout)))
                {
                    Console.WriteLine(await t);
                }

                throw new TimeoutException();
            }

            async Task<int> Logs(Task<int> t, TimeSpan timeout)
            {
                if (t == await Task.WhenAny(t, Task.Delay(timeout)))
                    return await t;
                Console.WriteLine("slow");
                throw new TimeoutException();
            }

            async Task<int> Cancels(Task<int> t, TimeSpan timeout)
            {
                using (var cts = new CancellationTokenSource())
                {
                    if (t == await Task.WhenAny(t, Task.Delay(timeout, cts.Token)))
                    {
                        cts.Cancel();
                        return await t;
                    }

                    throw new TimeoutException();
                }
            }
        """;
        return Verify(Wrap(Source), Wrap(Source));
    }

    /// <summary>The == form that cancels the delay's own token source in its branch: reported with report_cancelled_delays (without a fix: code runs before the await).</summary>
    [Fact]
    public Task Equals_form_cancelling_in_its_branch_is_reported_with_the_option()
    {
        const string Source = """
            async Task<int> Cancels(Task<int> t, TimeSpan timeout)
            {
                using (var cts = new CancellationTokenSource())
                {
                    if (t == await [|Task.WhenAny(t, Task.Delay(timeout, cts.Token))|])
                    {
                        cts.Cancel();
                        return await t;
                    }

                    throw new TimeoutException();
                }
            }
        """;
        var test = Test(Wrap(Source), Wrap(Source));
        test.Options["perf_analyzers.PERF026.report_cancelled_delays"] = "true";
        return test.RunAsync();
    }

    /// <summary>
    /// The WhenAny's result kept in a local that the if right after it compares and nothing else reads: the local goes
    /// with the if. Found in public code (docs/rules/PERF026.md, "On real code").
    /// </summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Winner_kept_in_a_local_first(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 async Task<int> Plain(Task<int> t, TimeSpan timeout)
                 {
                     var done = await [|Task.WhenAny(t, Task.Delay(timeout))|];
                     if (done != t) throw new TimeoutException();
                     return await t;
                 }

                 async Task<string> Custom(Task<string> t, int ms)
                 {
                     Task winner = await [|Task.WhenAny(t, Task.Delay(ms))|].ConfigureAwait(false);
                     if (winner == t)
                     {
                         return await t.ConfigureAwait(false);
                     }

                     throw new InvalidOperationException("too slow");
                 }
             """),
        Wrap("""
                 async Task<int> Plain(Task<int> t, TimeSpan timeout)
                 {
                     return await t.WaitAsync(timeout);
                 }

                 async Task<string> Custom(Task<string> t, int ms)
                 {
                     try
                     {
                         await t.WaitAsync(TimeSpan.FromMilliseconds(ms)).ConfigureAwait(false);
                     }
                     catch (TimeoutException) when (!t.IsFaulted)
                     {
                         throw new InvalidOperationException("too slow");
                     }

                     return await t.ConfigureAwait(false);
                 }
             """)));

    /// <summary>
    /// A kept winner read again (logged, returned), a statement between it and the if, or a comment before the if (it
    /// would go with the statements): not the shape.
    /// </summary>
    [Fact]
    public Task Winner_kept_in_a_local_lookalikes_are_not_flagged()
    {
        const string Source = """
            async Task<int> ReadAgain(Task<int> t, TimeSpan timeout)
            {
                var done = await Task.WhenAny(t, Task.Delay(timeout));
                if (done != t) throw new TimeoutException();
                Console.WriteLine(done.Status);
                return await t;
            }

            async Task<int> Between(Task<int> t, TimeSpan timeout)
            {
                var done = await Task.WhenAny(t, Task.Delay(timeout));
                Console.WriteLine("waited");
                if (done != t) throw new TimeoutException();
                return await t;
            }

            async Task<int> Commented(Task<int> t, TimeSpan timeout)
            {
                var done = await Task.WhenAny(t, Task.Delay(timeout));
                // the delay won
                if (done != t) throw new TimeoutException();
                return await t;
            }
        """;
        return Verify(Wrap(Source), Wrap(Source));
    }

    /// <summary>A named token written before the delay: reported without a fix like any token form; the message names the delay.</summary>
    [Fact]
    public Task Named_token_before_the_delay_is_reported_without_a_fix()
    {
        const string Source = """
                 async Task<int> Token(Task<int> t, TimeSpan timeout, CancellationToken ct)
                 {
                     if (await {|#0:Task.WhenAny(t, Task.Delay(cancellationToken: ct, delay: timeout))|} != t) throw new TimeoutException();
                     return await t;
                 }
             """;
        var test = Test(Wrap(Source), Wrap(Source));
        test.ExpectedDiagnostics.Add(RuleTest<PERF026UseWaitAsyncForTimeoutsAnalyzer, PERF026UseWaitAsyncForTimeoutsCodeFix>.Diagnostic()
            .WithLocation(0).WithMessage("'Task.WhenAny(t, Task.Delay(cancellationToken: ct, delay: timeout))' times out the task with a Task.Delay whose timer keeps running after the task completes; use 'await t.WaitAsync(timeout, ct)' instead"));
        return test.RunAsync();
    }
}
