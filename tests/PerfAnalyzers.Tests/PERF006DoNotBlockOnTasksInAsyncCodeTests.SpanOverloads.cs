using System.Collections.Generic;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Async;
using PerfAnalyzers.CodeFixes.Async;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF006DoNotBlockOnTasksInAsyncCodeTests
{
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
}
