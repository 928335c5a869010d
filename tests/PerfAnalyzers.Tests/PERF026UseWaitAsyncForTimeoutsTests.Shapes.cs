using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Async;
using PerfAnalyzers.CodeFixes.Async;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>#34: named and reordered arguments, const delays, local functions and lambdas.</summary>
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
