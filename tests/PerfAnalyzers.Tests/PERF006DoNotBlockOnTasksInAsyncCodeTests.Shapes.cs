using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>#34: named arguments, loop variants of the completion guards, lambdas and local functions.</summary>
public partial class PERF006DoNotBlockOnTasksInAsyncCodeTests
{
    /// <summary>Sleep names its parameter millisecondsTimeout or timeout, Delay millisecondsDelay or delay: the fix passes it by position.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_arguments_to_sleep_and_wait_all(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 async Task M(Task a, Task b, CancellationToken ct)
                 {
                     await Task.Yield();
                     Thread.[|Sleep|](millisecondsTimeout: 100);
                     Thread.[|Sleep|](timeout: TimeSpan.FromSeconds(1));
                     Task.[|WaitAll|](tasks: new[] { a, b });
                     Func<Task> f = async () => { await Task.Yield(); Thread.[|Sleep|](millisecondsTimeout: 5); };
                     await f();
                 }
             """),
        Wrap("""
                 async Task M(Task a, Task b, CancellationToken ct)
                 {
                     await Task.Yield();
                     await Task.Delay(100, ct);
                     await Task.Delay(TimeSpan.FromSeconds(1), ct);
                     await Task.WhenAll(tasks: new[] { a, b });
                     Func<Task> f = async () => { await Task.Yield(); await Task.Delay(5, ct); };
                     await f();
                 }
             """)));

    /// <summary>Polling loops in their do/while and pattern forms leave the task complete.</summary>
    [Fact]
    public Task Polling_loop_variants_are_not_flagged() => Verify(
        Wrap("""
                 async Task<int> A(Task<int> t)
                 {
                     do
                     {
                         await Task.Delay(10);
                     }
                     while (!t.IsCompleted);

                     return t.Result;
                 }

                 async Task<int> B(Task<int> t)
                 {
                     while (t is { IsCompleted: false })
                     {
                         await Task.Delay(10);
                     }

                     return t.Result;
                 }

                 async Task<int> D(Task<int> t)
                 {
                     while (t.IsCompleted is not true) await Task.Delay(10);
                     return t.Result;
                 }

                 async Task<int> E(Task<int> t)
                 {
                     while (t.IsCompleted is false) await Task.Delay(10);
                     return t.Result;
                 }
             """));

    /// <summary>Loops whose exit does not prove completion: a second subpattern may be the one that failed, or the flag is true inside.</summary>
    [Fact]
    public Task Polling_loop_lookalikes_are_flagged() => Verify(
        Wrap("""
                 async Task<int> A(Task<int> t)
                 {
                     while (t is { IsCompleted: false, Id: > 0 }) await Task.Delay(10);
                     return t.[|Result|];
                 }

                 async Task<int> B(Task<int> t)
                 {
                     while (t is { IsCompleted: true }) await Task.Delay(10);
                     return t.[|Result|];
                 }

                 async Task<int> D(Task<int> t)
                 {
                     while (t.Status is TaskStatus.Running) await Task.Delay(10);
                     return t.[|Result|];
                 }
             """),
        Wrap("""
                 async Task<int> A(Task<int> t)
                 {
                     while (t is { IsCompleted: false, Id: > 0 }) await Task.Delay(10);
                     return await t;
                 }

                 async Task<int> B(Task<int> t)
                 {
                     while (t is { IsCompleted: true }) await Task.Delay(10);
                     return await t;
                 }

                 async Task<int> D(Task<int> t)
                 {
                     while (t.Status is TaskStatus.Running) await Task.Delay(10);
                     return await t;
                 }
             """));
}
