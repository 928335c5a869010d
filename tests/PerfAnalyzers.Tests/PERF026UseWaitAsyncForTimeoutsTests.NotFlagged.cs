using System.Threading.Tasks;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>PERF026: the forms reported without a fix, and the lookalikes that are not reported.</summary>
public partial class PERF026UseWaitAsyncForTimeoutsTests
{
    // ---- Reported without a fix ----

    /// <summary>
    /// With a token, a cancellation makes the original throw its timeout exception (the cancelled delay wins) where
    /// WaitAsync(d, ct) throws OperationCanceledException; t.Result throws an AggregateException where an awaited
    /// WaitAsync throws t's own exception. Both are reported, neither is rewritten.
    /// </summary>
    [Fact]
    public Task Token_and_Result_forms_are_reported_without_a_fix()
    {
        const string Source = """
                 async Task<int> Token(Task<int> t, TimeSpan timeout, CancellationToken ct)
                 {
                     if (await [|Task.WhenAny(t, Task.Delay(timeout, ct))|] != t) throw new TimeoutException();
                     return await t;
                 }

                 async Task<int> Result(Task<int> t, TimeSpan timeout)
                 {
                     if (await [|Task.WhenAny(t, Task.Delay(timeout))|] != t) throw new TimeoutException();
                     return t.Result;
                 }
             """;
        return Verify(Wrap(Source), Wrap(Source));
    }

    /// <summary>
    /// Code between the wait and the await of t (another statement, or an operand evaluated first) may throw or leave:
    /// then the original never observed a failure of t, which an awaited WaitAsync would throw. Reported, not rewritten.
    /// </summary>
    [Fact]
    public Task Code_between_the_wait_and_the_await_is_reported_without_a_fix()
    {
        const string Source = """
                 int calls;

                 async Task<int> Between(Task<int> t, TimeSpan timeout, bool skip)
                 {
                     if (await [|Task.WhenAny(t, Task.Delay(timeout))|] != t) throw new TimeoutException();
                     if (skip) return 0;
                     return await t;
                 }

                 async Task<int> Operand(Task<int> t, TimeSpan timeout)
                 {
                     if (await [|Task.WhenAny(t, Task.Delay(timeout))|] != t) throw new TimeoutException();
                     return Next() + await t;
                 }

                 int Next() => ++calls;
             """;
        return Verify(Wrap(Source), Wrap(Source));
    }

    /// <summary>The seed's shape: the delay's own token source is cancelled after the wait, so its timer stops.</summary>
    [Theory]
    [InlineData(null)]
    [InlineData("true")]
    public Task Delay_cancelled_after_the_wait_is_reported_only_with_the_option(string? option)
    {
        var mark = option is null ? "Task.WhenAny(t, Task.Delay(timeout, cts.Token))" : "[|Task.WhenAny(t, Task.Delay(timeout, cts.Token))|]";
        var source = Wrap($$"""
                 async Task<int> Get(Task<int> t, TimeSpan timeout)
                 {
                     using (var cts = new CancellationTokenSource())
                     {
                         if (await {{mark}} != t)
                         {
                             throw new TimeoutException();
                         }

                         cts.Cancel();
                         return await t;
                     }
                 }
             """);
        var test = Test(source, source);
        if (option is not null)
        {
            test.Options["perf_analyzers.PERF026.report_cancelled_delays"] = option;
        }

        return test.RunAsync();
    }

    // ---- Must not flag ----

    [Fact]
    public Task Timeout_branches_that_do_not_throw_are_not_flagged() => Verify(Wrap("""
            async Task<int> Fallback(Task<int> t, TimeSpan timeout)
            {
                if (await Task.WhenAny(t, Task.Delay(timeout)) != t)
                {
                    return -1;
                }

                return await t;
            }

            async Task<int> LogAndGoOn(Task<int> t, TimeSpan timeout)
            {
                if (await Task.WhenAny(t, Task.Delay(timeout)) != t)
                {
                    Console.WriteLine("slow");
                }

                return await t;
            }

            async Task<int> Retry(Func<Task<int>> start, TimeSpan timeout)
            {
                while (true)
                {
                    var t = start();
                    if (await Task.WhenAny(t, Task.Delay(timeout)) == t)
                    {
                        return await t;
                    }
                }
            }

            async Task<int> Both(Task<int> t, TimeSpan timeout)
            {
                if (await Task.WhenAny(t, Task.Delay(timeout)) != t)
                {
                    Console.WriteLine("slow");
                    throw new TimeoutException();
                }

                return await t;
            }

            async Task<int> ElseToo(Task<int> t, TimeSpan timeout)
            {
                if (await Task.WhenAny(t, Task.Delay(timeout)) != t)
                    throw new TimeoutException();
                else
                    Console.WriteLine("fast");
                return await t;
            }
            """));

    [Fact]
    public Task Other_task_sets_and_inline_tasks_are_not_flagged() => Verify(Wrap("""
            static Task<int> WorkAsync() => Task.FromResult(1);
            static Task Delay(TimeSpan timeout) => Task.CompletedTask;

            async Task<int> Three(Task<int> t, Task other, TimeSpan timeout)
            {
                if (await Task.WhenAny(t, other, Task.Delay(timeout)) != t) throw new TimeoutException();
                return await t;
            }

            async Task<int> Inline(TimeSpan timeout)
            {
                var winner = await Task.WhenAny(WorkAsync(), Task.Delay(timeout));
                if (winner is Task<int> done) return await done;
                throw new TimeoutException();
            }

            async Task<int> ValueTaskInline(ValueTask<int> v, TimeSpan timeout)
            {
                if (await Task.WhenAny(v.AsTask(), Task.Delay(timeout)) != v.AsTask()) throw new TimeoutException();
                return await v;
            }

            async Task<int> NotTheTaskDelay(Task<int> t, TimeSpan timeout)
            {
                if (await Task.WhenAny(t, Delay(timeout)) != t) throw new TimeoutException();
                return await t;
            }

            async Task<int> OtherTask(Task<int> t, Task<int> u, TimeSpan timeout)
            {
                if (await Task.WhenAny(t, Task.Delay(timeout)) != u) throw new TimeoutException();
                return await t;
            }

            async Task<int> Provider(Task<int> t, TimeSpan timeout)
            {
                if (await Task.WhenAny(t, Task.Delay(timeout, TimeProvider.System)) != t) throw new TimeoutException();
                return await t;
            }

            async Task<int> Conditional(Task<int> t, TimeSpan timeout) =>
                await Task.WhenAny(t, Task.Delay(timeout)) != t ? throw new TimeoutException() : await t;

            async Task<int> Condition(Task<int> t, TimeSpan timeout, bool strict)
            {
                if (strict && await Task.WhenAny(t, Task.Delay(timeout)) != t) throw new TimeoutException();
                return await t;
            }
            """));

    /// <summary>Unless t's result or exception is observed right after, WaitAsync would throw what the original ignored.</summary>
    [Fact]
    public Task Tasks_not_awaited_after_the_wait_are_not_flagged() => Verify(Wrap("""
            Task<int> field = Task.FromResult(0);

            async Task Ignore(Task t, TimeSpan timeout)
            {
                if (await Task.WhenAny(t, Task.Delay(timeout)) != t) throw new TimeoutException();
                Console.WriteLine("done");
            }

            async Task<bool> Status(Task<int> t, TimeSpan timeout)
            {
                if (await Task.WhenAny(t, Task.Delay(timeout)) != t) throw new TimeoutException();
                return t.IsFaulted;
            }

            async Task<int> Reassigned(Task<int> t, TimeSpan timeout)
            {
                if (await Task.WhenAny(t, Task.Delay(timeout)) != t) throw new TimeoutException();
                t = Task.FromResult(2);
                return await t;
            }

            async Task<int> Captured(Task<int> t, TimeSpan timeout)
            {
                if (await Task.WhenAny(t, Task.Delay(timeout)) != t) throw new TimeoutException();
                Func<Task<int>> later = async () => await t;
                return await later();
            }

            async Task<int> Field(TimeSpan timeout)
            {
                if (await Task.WhenAny(field, Task.Delay(timeout)) != field) throw new TimeoutException();
                return await field;
            }

            """));

    [Fact]
    public Task Cold_code_is_not_flagged() => Verify(Wrap("""
            async Task<int> Recover(Func<Task<int>> start, TimeSpan timeout)
            {
                try
                {
                    return await start();
                }
                catch (InvalidOperationException)
                {
                    var t = start();
                    if (await Task.WhenAny(t, Task.Delay(timeout)) != t) throw new TimeoutException();
                    return await t;
                }
            }
            """));
}
