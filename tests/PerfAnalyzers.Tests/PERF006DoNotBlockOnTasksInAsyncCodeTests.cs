using System.Collections.Generic;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Async;
using PerfAnalyzers.CodeFixes.Async;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF006DoNotBlockOnTasksInAsyncCodeTests : RuleTests<PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer, PERF006DoNotBlockOnTasksInAsyncCodeCodeFix>
{
    private static Task Verify(string source, string? fixedSource = null, TestReferences references = TestReferences.Net80, Dictionary<string, string>? options = null, bool allowErrors = false)
    {
        var test = RuleTest<PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer, PERF006DoNotBlockOnTasksInAsyncCodeCodeFix>.Create(source, fixedSource, references);
        test.AllowCompilerErrors = allowErrors;
        foreach (var (key, value) in options ?? new())
        {
            test.Options[key] = value;
        }

        return test.RunAsync();
    }

    private const string Usings = "using System;\nusing System.Collections.Generic;\nusing System.Threading;\nusing System.Threading.Tasks;\n";

    private static string Wrap(string members, string usings = Usings) =>
        usings + "\nclass C\n{\n" + members + "\n}\n";

    /// <summary>A Thread class of another namespace is not System.Threading.Thread (the rule compares names first, then the type).</summary>
    [Fact]
    public Task Sleep_on_a_thread_class_of_another_namespace_is_not_flagged() => Verify("""
        using System.Threading.Tasks;

        namespace Mine
        {
            static class Thread
            {
                public static void Sleep(int milliseconds) { }
            }

            class C
            {
                async Task M() { await Task.Yield(); Thread.Sleep(1); }
            }
        }
        """);

    // ---- Flagged shapes and their fixes ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Result_in_an_initializer(LanguageVersion version) => Languages.At(version, () => Verify(
            Wrap("    async Task<int> M(Task<int> t) { await Task.Yield(); var x = t.[|Result|]; return x; }"),
            Wrap("    async Task<int> M(Task<int> t) { await Task.Yield(); var x = await t; return x; }")));

    [Fact]
    public Task Result_member_access_gets_parentheses() => Verify(
        Wrap("    async Task<int> M(Task<string> t) { await Task.Yield(); return t.[|Result|].Length; }"),
        Wrap("    async Task<int> M(Task<string> t) { await Task.Yield(); return (await t).Length; }"));

    [Fact]
    public Task Result_in_binary_element_access_and_suppression() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> a, Task<int[]> b, Task<string?> c)
                 {
                     await Task.Yield();
                     var s = c.[|Result|]!;
                     return a.[|Result|] + b.[|Result|][0] + s.Length;
                 }
             """),
        Wrap("""
                 async Task<int> M(Task<int> a, Task<int[]> b, Task<string?> c)
                 {
                     await Task.Yield();
                     var s = (await c)!;
                     return await a + (await b)[0] + s.Length;
                 }
             """));

    [Fact]
    public Task Result_of_a_call_and_an_argument() => Verify(
        Wrap("""
                 static Task<int> GetAsync() => Task.FromResult(1);
                 async Task<string> M() { await Task.Yield(); return Convert.ToString(GetAsync().[|Result|]); }
             """),
        Wrap("""
                 static Task<int> GetAsync() => Task.FromResult(1);
                 async Task<string> M() { await Task.Yield(); return Convert.ToString(await GetAsync()); }
             """));

    [Fact]
    public Task Wait_statement() => Verify(
        Wrap("    async Task M(Task t) { await Task.Yield(); t.[|Wait|](); }"),
        Wrap("    async Task M(Task t) { await Task.Yield(); await t; }"));

    [Fact]
    public Task Get_awaiter_get_result() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t, Task u)
                 {
                     await Task.Yield();
                     u.GetAwaiter().[|GetResult|]();
                     return t.GetAwaiter().[|GetResult|]() * 2;
                 }
             """),
        Wrap("""
                 async Task<int> M(Task<int> t, Task u)
                 {
                     await Task.Yield();
                     await u;
                     return await t * 2;
                 }
             """));

    [Fact]
    public Task Value_task_result_and_get_result() => Verify(
        Wrap("""
                 async Task<int> M(ValueTask<int> t, ValueTask u)
                 {
                     await Task.Yield();
                     u.GetAwaiter().[|GetResult|]();
                     return t.[|Result|];
                 }
             """),
        Wrap("""
                 async Task<int> M(ValueTask<int> t, ValueTask u)
                 {
                     await Task.Yield();
                     await u;
                     return await t;
                 }
             """));

    [Fact]
    public Task Thread_sleep_becomes_task_delay() => Verify(
        Wrap("    async Task M() { await Task.Yield(); Thread.[|Sleep|](100); Thread.[|Sleep|](TimeSpan.FromSeconds(1)); }"),
        Wrap("    async Task M() { await Task.Yield(); await Task.Delay(100); await Task.Delay(TimeSpan.FromSeconds(1)); }"));

    [Fact]
    public Task Thread_sleep_passes_the_single_cancellation_token() => Verify(
        Wrap("    async Task M(int ms, CancellationToken ct) { await Task.Yield(); Thread.[|Sleep|](ms); }"),
        Wrap("    async Task M(int ms, CancellationToken ct) { await Task.Yield(); await Task.Delay(ms, ct); }"));

    [Fact]
    public Task Thread_sleep_with_two_tokens_passes_none() => Verify(
        Wrap("    async Task M(CancellationToken a, CancellationToken b) { await Task.Yield(); Thread.[|Sleep|](1); }"),
        Wrap("    async Task M(CancellationToken a, CancellationToken b) { await Task.Yield(); await Task.Delay(1); }"));

    [Fact]
    public Task Thread_sleep_adds_the_tasks_using() => Verify(
        "using System.Threading;\n\nclass C\n{\n    async void M() { Thread.[|Sleep|](1); }\n}\n",
        "using System.Threading;\nusing System.Threading.Tasks;\n\nclass C\n{\n    async void M() { await Task.Delay(1); }\n}\n");

    [Fact]
    public Task Wait_all_becomes_when_all() => Verify(
        Wrap("    async Task M(Task a, Task<int> b) { await Task.Yield(); Task.[|WaitAll|](a, b); }"),
        Wrap("    async Task M(Task a, Task<int> b) { await Task.Yield(); await Task.WhenAll(a, b); }"));

    [Fact]
    public Task Wait_all_with_an_array() => Verify(
        Wrap("    async Task M(Task[] all) { await Task.Yield(); Task.[|WaitAll|](all); }"),
        Wrap("    async Task M(Task[] all) { await Task.Yield(); await Task.WhenAll(all); }"));

    [Fact]
    public Task Follows_the_configure_await_false_style() => Verify(
        Wrap("""
                 async Task<int> M(Task<string> t, Task u, Task a, Task b)
                 {
                     await Task.Delay(1).ConfigureAwait(false);
                     u.[|Wait|]();
                     Thread.[|Sleep|](5);
                     Task.[|WaitAll|](a, b);
                     return t.[|Result|].Length;
                 }
             """),
        Wrap("""
                 async Task<int> M(Task<string> t, Task u, Task a, Task b)
                 {
                     await Task.Delay(1).ConfigureAwait(false);
                     await u.ConfigureAwait(false);
                     await Task.Delay(5).ConfigureAwait(false);
                     await Task.WhenAll(a, b).ConfigureAwait(false);
                     return (await t.ConfigureAwait(false)).Length;
                 }
             """));

    [Fact]
    public Task Configured_get_result_is_not_configured_twice() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t)
                 {
                     await Task.Delay(1).ConfigureAwait(false);
                     return t.ConfigureAwait(false).GetAwaiter().[|GetResult|]();
                 }
             """),
        Wrap("""
                 async Task<int> M(Task<int> t)
                 {
                     await Task.Delay(1).ConfigureAwait(false);
                     return await t.ConfigureAwait(false);
                 }
             """));

    [Fact]
    public Task Fix_all_with_several_blocking_calls_in_one_method_compiles() => Verify(
        Wrap("""
                 static Task<Task<int>> Outer() => Task.FromResult(Task.FromResult(1));
                 async Task<int> M(Task<int> a, Task<string> b, Task c)
                 {
                     await Task.Yield();
                     c.[|Wait|]();
                     var n = a.[|Result|] + b.[|Result|].Length;
                     n += Outer().[|Result|].[|Result|];
                     Thread.[|Sleep|](n);
                     return n + b.GetAwaiter().GetResult().Length;
                 }
             """),
        Wrap("""
                 static Task<Task<int>> Outer() => Task.FromResult(Task.FromResult(1));
                 async Task<int> M(Task<int> a, Task<string> b, Task c)
                 {
                     await Task.Yield();
                     await c;
                     var n = await a + (await b).Length;
                     n += await await Outer();
                     await Task.Delay(n);
                     return n + b.GetAwaiter().GetResult().Length;
                 }
             """));

    [Fact]
    public Task Nested_results_with_configure_await_keep_their_parentheses() => Verify(
        Wrap("""
                 static Task<Task<int>> Outer() => Task.FromResult(Task.FromResult(1));
                 async Task<int> M()
                 {
                     await Task.Delay(1).ConfigureAwait(false);
                     return Outer().[|Result|].[|Result|];
                 }
             """),
        Wrap("""
                 static Task<Task<int>> Outer() => Task.FromResult(Task.FromResult(1));
                 async Task<int> M()
                 {
                     await Task.Delay(1).ConfigureAwait(false);
                     return await (await Outer().ConfigureAwait(false)).ConfigureAwait(false);
                 }
             """));

    // ---- Async contexts ----

    [Fact]
    public Task Async_lambda_local_function_and_anonymous_method() => Verify(
        Wrap("""
                 void M(Task<int> t)
                 {
                     Func<Task<int>> lambda = async () => { await Task.Yield(); return t.[|Result|]; };
                     Func<Task> anonymous = async delegate { await Task.Yield(); t.[|Wait|](); };
                     async Task<int> Local() { await Task.Yield(); return t.[|Result|]; }
                 }
             """),
        Wrap("""
                 void M(Task<int> t)
                 {
                     Func<Task<int>> lambda = async () => { await Task.Yield(); return await t; };
                     Func<Task> anonymous = async delegate { await Task.Yield(); await t; };
                     async Task<int> Local() { await Task.Yield(); return await t; }
                 }
             """));

    [Fact]
    public Task Expression_bodied_async_lambda() => Verify(
        Wrap("    Func<Task> M(Task t) => async () => t.[|Wait|]();"),
        Wrap("    Func<Task> M(Task t) => async () => await t;"));

    [Fact]
    public Task Not_in_sync_code_or_a_sync_lambda_or_local_function_inside_async_code() => Verify(
        Wrap("""
                 int Sync(Task<int> t) => t.Result;
                 async Task<int> M(Task<int> t)
                 {
                     await Task.Yield();
                     Func<int> lambda = () => t.Result;
                     Action anonymous = delegate { t.Wait(); };
                     int Local() => t.Result;
                     void Sleep() => Thread.Sleep(1);
                     return lambda() + Local();
                 }
             """));

    [Fact]
    public Task Not_in_main() => new RuleTest<PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer>()
    {
        Sources = { Usings + "static class Program\n{\n    static async Task Main() { await Task.Yield(); Task.Delay(1).Wait(); Thread.Sleep(1); }\n}\n" },
        OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication,
    }.RunAsync();

    // ---- Reported without a fix ----

    [Fact]
    public Task Timeouts_and_tokens_and_wait_any_get_no_fix() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t, Task u, CancellationToken ct)
                 {
                     await Task.Yield();
                     t.[|Wait|](1000);
                     u.[|Wait|](ct);
                     Task.[|WaitAll|](new[] { t, u }, 100);
                     return Task.[|WaitAny|](t, u);
                 }
             """),
        Wrap("""
                 async Task<int> M(Task<int> t, Task u, CancellationToken ct)
                 {
                     await Task.Yield();
                     t.[|Wait|](1000);
                     u.[|Wait|](ct);
                     Task.[|WaitAll|](new[] { t, u }, 100);
                     return Task.[|WaitAny|](t, u);
                 }
             """));

    [Fact]
    public Task Lock_body_unsafe_block_and_conditional_access_get_no_fix() => Verify(
        Wrap("""
                 private readonly object _gate = new();
                 async Task<int> M(Task<int> t, Task<int>? maybe)
                 {
                     await Task.Yield();
                     int x;
                     lock (_gate)
                     {
                         x = t.[|Result|];
                     }

                     unsafe
                     {
                         int* p = &x;
                         Thread.[|Sleep|](*p);
                     }

                     return x + (maybe?.[|Result|] ?? 0);
                 }
             """),
        Wrap("""
                 private readonly object _gate = new();
                 async Task<int> M(Task<int> t, Task<int>? maybe)
                 {
                     await Task.Yield();
                     int x;
                     lock (_gate)
                     {
                         x = t.[|Result|];
                     }

                     unsafe
                     {
                         int* p = &x;
                         Thread.[|Sleep|](*p);
                     }

                     return x + (maybe?.[|Result|] ?? 0);
                 }
             """));

    // ---- Options ----

    [Fact]
    public Task Excluded_methods_option() => Verify(
        "using System.Threading.Tasks;\n\nnamespace N\n{\n    class C\n    {\n        async Task<int> Accepted(Task<int> t) { await Task.Yield(); return t.Result; }\n        async Task<int> Other(Task<int> t) { await Task.Yield(); return t.[|Result|]; }\n    }\n}\n",
        options: new() { ["perf_analyzers.PERF006.excluded_methods"] = "N.D.X, N.C.Accepted" });

    // ---- Target frameworks ----

    [Fact]
    public Task Fires_on_net_framework() => Verify(
        Wrap("    async Task<int> M(Task<int> t) { await Task.Yield(); return t.[|Result|]; }"),
        Wrap("    async Task<int> M(Task<int> t) { await Task.Yield(); return await t; }"),
        references: TestReferences.Net472);

    [Fact]
    public Task Fires_on_net_standard() => Verify(
        Wrap("    async Task M() { await Task.Yield(); Thread.[|Sleep|](1); }"),
        Wrap("    async Task M() { await Task.Yield(); await Task.Delay(1); }"),
        references: TestReferences.NetStandard20);

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => Verify(
        Wrap("""
                 async Task<int> M(Task<int> t)
                 {
                     await ;
                     var x = t.[|Result|].;
                     t.Wait(;
                     Thread.Sleep();
                     Task.[|WaitAll|](;
                     return t.GetAwaiter().GetResult(
                 }
             """),
        allowErrors: true);
}
