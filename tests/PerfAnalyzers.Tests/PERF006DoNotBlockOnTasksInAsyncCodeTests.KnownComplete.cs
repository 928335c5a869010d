using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF006DoNotBlockOnTasksInAsyncCodeTests
{
    // ---- Known complete ----

    [Fact]
    public Task Awaited_before() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t, Task u)
                 {
                     await t;
                     await u.ConfigureAwait(false);
                     u.Wait();
                     return t.Result + t.GetAwaiter().GetResult();
                 }
             """));

    [Fact]
    public Task Awaited_through_when_all() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> a, Task<int> b, Task<int> c)
                 {
                     await Task.WhenAll(a, b);
                     return a.Result + b.Result + c.[|Result|];
                 }
             """),
        Wrap("""
                 async Task<int> M(Task<int> a, Task<int> b, Task<int> c)
                 {
                     await Task.WhenAll(a, b);
                     return a.Result + b.Result + await c;
                 }
             """));

    [CSharpFact(12)]
    public Task Awaited_through_when_all_of_a_collection_expression() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> a, Task<int> b, Task<int> c)
                 {
                     await Task.WhenAll([a, b]);
                     return a.Result + b.Result + c.[|Result|];
                 }
             """),
        Wrap("""
                 async Task<int> M(Task<int> a, Task<int> b, Task<int> c)
                 {
                     await Task.WhenAll([a, b]);
                     return a.Result + b.Result + await c;
                 }
             """),
        TestReferences.Net100);

    [Fact]
    public Task When_all_of_a_list_is_out_of_scope() => Verify(
        Wrap("""
                 async Task<int> M(List<Task<int>> list)
                 {
                     await Task.WhenAll(list);
                     return list[0].[|Result|];
                 }
             """));

    [Fact]
    public Task Local_tasks_awaited_with_when_all_then_read() => Verify(
        Wrap("""
                 static Task<int> GetAsync() => Task.FromResult(1);
                 async Task<int> M()
                 {
                     var a = GetAsync();
                     var b = GetAsync();
                     await Task.WhenAll(a, b).ConfigureAwait(false);
                     return a.Result + b.Result;
                 }
             """));

    [Fact]
    public Task Awaited_on_one_branch_only_is_flagged() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t, bool flag)
                 {
                     if (flag)
                     {
                         await t;
                     }

                     return t.[|Result|];
                 }
             """));

    [Fact]
    public Task Awaited_on_both_branches() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t, bool flag)
                 {
                     if (flag)
                     {
                         await t;
                     }
                     else
                     {
                         await Task.WhenAll(t, Task.Delay(1));
                     }

                     return t.Result;
                 }
             """));

    [Fact]
    public Task Early_return_when_not_completed() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t, Task<int> u)
                 {
                     await Task.Yield();
                     if (!t.IsCompleted)
                     {
                         return -1;
                     }

                     if (u.Status != TaskStatus.RanToCompletion) return 0;
                     return t.Result + u.Result;
                 }
             """));

    [Fact]
    public Task Guarded_by_is_completed_checks() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t, ValueTask<int> v, Task<int> s, Task<int> p)
                 {
                     await Task.Yield();
                     var a = t.IsCompleted ? t.Result : 0;
                     var b = v.IsCompletedSuccessfully ? v.Result : 0;
                     var c = s.Status == TaskStatus.RanToCompletion && s.Result > 0 ? 1 : 0;
                     var d = p.Status is TaskStatus.RanToCompletion ? p.Result : 0;
                     var e = t.IsCompleted ? 0 : t.[|Result|];
                     return a + b + c + d + e;
                 }
             """));

    /// <summary>Completion proven by patterns: property patterns, 'is not' early exits, 'or' of final states, switch expressions (issue #34).</summary>
    [Fact]
    public Task Guarded_by_patterns() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t, Task<int> u, Task<int> v, Task<int> w, Task<int> x, Task<int> y)
                 {
                     await Task.Yield();
                     var a = t is { IsCompletedSuccessfully: true } ? t.Result : 0;
                     if (u.Status is not TaskStatus.RanToCompletion)
                     {
                         return 0;
                     }

                     var b = u.Result;
                     var c = v is { Status: TaskStatus.RanToCompletion or TaskStatus.Faulted } ? v.Result : 0;
                     var d = w.IsCompleted is true ? w.Result : 0;
                     var e = x.Status switch
                     {
                         TaskStatus.RanToCompletion => x.Result,
                         _ => 0,
                     };
                     if (y is not { IsCompleted: true })
                     {
                         return a;
                     }

                     return a + b + c + d + e + y.Result;
                 }
             """));

    /// <summary>Patterns that do not prove completion keep the finding.</summary>
    [Fact]
    public Task Patterns_that_do_not_prove_completion_are_flagged() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t, Task<int> u, Task<int> v, Task<int> w)
                 {
                     await Task.Yield();
                     var a = t is { IsCompleted: false } ? t.[|Result|] : 0;
                     var b = u.Status is not TaskStatus.Created ? u.[|Result|] : 0;
                     var c = v is { Status: TaskStatus.RanToCompletion or TaskStatus.Running } ? v.[|Result|] : 0;
                     var d = w.Status switch
                     {
                         TaskStatus.Running => w.[|Result|],
                         _ => 0,
                     };
                     return a + b + c + d;
                 }
             """),
        Wrap("""
                 async Task<int> M(Task<int> t, Task<int> u, Task<int> v, Task<int> w)
                 {
                     await Task.Yield();
                     var a = t is { IsCompleted: false } ? await t : 0;
                     var b = u.Status is not TaskStatus.Created ? await u : 0;
                     var c = v is { Status: TaskStatus.RanToCompletion or TaskStatus.Running } ? await v : 0;
                     var d = w.Status switch
                     {
                         TaskStatus.Running => await w,
                         _ => 0,
                     };
                     return a + b + c + d;
                 }
             """));

    [Fact]
    public Task Guard_with_or_and_early_return() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t, bool cancel)
                 {
                     await Task.Yield();
                     if (cancel || !t.IsCompletedSuccessfully)
                     {
                         return 0;
                     }

                     return t.Result;
                 }
             """));

    [Fact]
    public Task Guard_that_does_not_dominate_is_flagged() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t, bool other)
                 {
                     await Task.Yield();
                     if (other || t.IsCompleted)
                     {
                         return t.[|Result|];
                     }

                     return 0;
                 }
             """));

    [Fact]
    public Task Passed_by_ref_after_await_is_flagged() => Verify(
        Wrap("""
                 static void Replace(ref Task<int> task) => task = Task.Run(() => 1);
                 async Task<int> M(Task<int> t)
                 {
                     await t;
                     Replace(ref t);
                     return t.[|Result|];
                 }
             """));

    [Fact]
    public Task Polling_loop_until_completed() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t)
                 {
                     while (!t.IsCompleted)
                     {
                         await Task.Delay(10);
                     }

                     return t.Result;
                 }
             """));

    [Fact]
    public Task Awaited_inside_a_loop_body_only_is_flagged() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t, int n)
                 {
                     for (var i = 0; i < n; i++)
                     {
                         await t;
                     }

                     return t.[|Result|];
                 }
             """));

    [Fact]
    public Task Reassigned_after_await_is_flagged() => Verify(
        Wrap("""
                 static Task<int> GetAsync() => Task.FromResult(1);
                 async Task<int> M()
                 {
                     var t = GetAsync();
                     await t;
                     t = GetAsync();
                     return t.[|Result|];
                 }
             """));

    [Fact]
    public Task Loop_variable_redeclared_each_iteration_is_flagged() => Verify(
        Wrap("""
                 static Task<int> GetAsync() => Task.FromResult(1);
                 async Task<int> M(int n)
                 {
                     var sum = 0;
                     for (var i = 0; i < n; i++)
                     {
                         var t = GetAsync();
                         sum += t.[|Result|];
                         await t;
                     }

                     return sum;
                 }
             """));

    [Fact]
    public Task Blocked_once_then_read_again_is_flagged_once() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t)
                 {
                     await Task.Yield();
                     t.[|Wait|]();
                     return t.Result;
                 }
             """),
        Wrap("""
                 async Task<int> M(Task<int> t)
                 {
                     await Task.Yield();
                     await t;
                     return t.Result;
                 }
             """));

    [Fact]
    public Task Field_awaited_before() => Verify(
        Wrap("""
                 private readonly Task<int> _task = Task.FromResult(1);
                 async Task<int> M()
                 {
                     await _task;
                     return _task.Result;
                 }
             """));

    [Fact]
    public Task Known_complete_in_an_async_lambda() => Verify(
        Wrap("""
                 Func<Task<int>> M(Task<int> t) => async () =>
                 {
                     await t;
                     return t.Result;
                 };
             """));

    [Fact]
    public Task Completed_by_construction() => Verify(
        Wrap("""
                 async Task<int> M()
                 {
                     await Task.Yield();
                     Task.CompletedTask.Wait();
                     return Task.FromResult(1).Result + new ValueTask<int>(2).[|Result|];
                 }
             """),
        Wrap("""
                 async Task<int> M()
                 {
                     await Task.Yield();
                     Task.CompletedTask.Wait();
                     return Task.FromResult(1).Result + await new ValueTask<int>(2);
                 }
             """));

    [Fact]
    public Task Continue_with_antecedent() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t)
                 {
                     var next = await t.ContinueWith(async a => { await Task.Yield(); return a.Result; });
                     var all = await Task.Factory.ContinueWhenAll(new[] { t }, async all => { await Task.Yield(); return all[0].Result; });
                     return await next + await all;
                 }
             """));

    [Fact]
    public Task Non_task_types_with_result_and_wait() => Verify(
        Wrap("""
                 sealed class Builder { public int Result => 1; public void Wait() { } }
                 async Task<int> M(SemaphoreSlim gate, Builder builder, ManualResetEventSlim signal)
                 {
                     await Task.Yield();
                     gate.Wait();
                     signal.Wait();
                     builder.Wait();
                     return builder.Result;
                 }
             """));
}
