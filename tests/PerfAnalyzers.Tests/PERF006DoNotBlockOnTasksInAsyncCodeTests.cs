using System.Collections.Generic;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Async;
using PerfAnalyzers.CodeFixes.Async;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF006DoNotBlockOnTasksInAsyncCodeTests
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

    // ---- .NET 9+ span overloads: with C# 13 and later, Task.WhenAll(a, b) and Task.WaitAll(a, b) bind to
    //      WhenAll/WaitAll(params ReadOnlySpan<Task>) instead of params Task[] ----

    public static IEnumerable<object[]> ParamsLanguageVersions => Languages.Rows(LanguageVersion.CSharp11, Languages.CSharp12, Languages.CSharp13, Languages.CSharp14);

    [Theory]
    [MemberData(nameof(ParamsLanguageVersions))]
    public Task Awaited_through_when_all_of_the_span_overload(Microsoft.CodeAnalysis.CSharp.LanguageVersion version) => new RuleTest<PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer, PERF006DoNotBlockOnTasksInAsyncCodeCodeFix>
    {
        Sources =
        {
            Wrap("""
                     async Task<int> M(Task<int> a, Task<int> b, Task<int> c)
                     {
                         await Task.WhenAll(a, b);
                         return a.Result + b.Result + c.[|Result|];
                     }

                     async Task<int> N(Task<int> a, Task<int> b)
                     {
                         await Task.WhenAll(a, b).ConfigureAwait(false);
                         return a.Result + b.Result;
                     }
                 """),
        },
        FixedSources =
        {
            Wrap("""
                     async Task<int> M(Task<int> a, Task<int> b, Task<int> c)
                     {
                         await Task.WhenAll(a, b);
                         return a.Result + b.Result + await c;
                     }

                     async Task<int> N(Task<int> a, Task<int> b)
                     {
                         await Task.WhenAll(a, b).ConfigureAwait(false);
                         return a.Result + b.Result;
                     }
                 """),
        },
        References = TestReferences.Net100,
        LanguageVersion = version,
    }.RunAsync();

    [Theory]
    [MemberData(nameof(ParamsLanguageVersions))]
    public Task Wait_all_and_wait_any_of_the_span_overload(Microsoft.CodeAnalysis.CSharp.LanguageVersion version) => new RuleTest<PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer, PERF006DoNotBlockOnTasksInAsyncCodeCodeFix>
    {
        Sources =
        {
            Wrap("""
                     async Task<int> M(Task<int> a, Task<int> b)
                     {
                         await Task.Yield();
                         Task.[|WaitAll|](a, b);
                         return a.Result + b.Result;
                     }

                     async Task<int> N(Task<int> a, Task<int> b)
                     {
                         await Task.Yield();
                         Task.[|WaitAny|](a, b);
                         return 0;
                     }
                 """),
        },
        FixedSources =
        {
            Wrap("""
                     async Task<int> M(Task<int> a, Task<int> b)
                     {
                         await Task.Yield();
                         await Task.WhenAll(a, b);
                         return a.Result + b.Result;
                     }

                     async Task<int> N(Task<int> a, Task<int> b)
                     {
                         await Task.Yield();
                         Task.[|WaitAny|](a, b);
                         return 0;
                     }
                 """),
        },
        References = TestReferences.Net100,
        LanguageVersion = version,
    }.RunAsync();

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
