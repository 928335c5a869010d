using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>#34: named and reordered arguments, const values, loop variants, lambdas and local functions.</summary>
public partial class PERF007CacheTaskFromResultTests
{
    /// <summary>#34: a named argument, a const local, and the call in a lambda or a local function.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_argument_const_local_lambda_and_local_function(LanguageVersion version) => Languages.At(version, () => Verify(
        Usings + """
        class C
        {
            Task<bool> A() => Task.[|FromResult|](result: true);
            Task<bool> B()
            {
                const bool done = false;
                Func<Task<bool>> f = () => Task.[|FromResult|](done);
                Task<bool> Local() => Task.[|FromResult|]<bool>(result: true);
                return f().IsCompleted ? Local() : f();
            }
        }
        """,
        Usings + """
        class C
        {
            private static readonly Task<bool> TrueTask = Task.FromResult(true);
            private static readonly Task<bool> FalseTask = Task.FromResult(false);

            Task<bool> A() => TrueTask;
            Task<bool> B()
            {
                Func<Task<bool>> f = () => FalseTask;
                Task<bool> Local() => TrueTask;
                return f().IsCompleted ? Local() : f();
            }
        }
        """));

    /// <summary>#34: a const local still read elsewhere stays; one read only by fixed calls goes once they all are fixed (Fix All).</summary>
    [Fact]
    public Task Const_local_read_elsewhere_stays() => Verify(
        Usings + """
        class C
        {
            bool Flag(bool b) => b;
            Task<bool> A()
            {
                const bool ok = true;
                const bool no = false;
                var x = Flag(ok);
                return x ? Task.[|FromResult|](ok) : Task.[|FromResult|](no).ContinueWith(t => t.Result || Task.[|FromResult|](no).Result);
            }
        }
        """,
        Usings + """
        class C
        {
            private static readonly Task<bool> TrueTask = Task.FromResult(true);
            private static readonly Task<bool> FalseTask = Task.FromResult(false);

            bool Flag(bool b) => b;
            Task<bool> A()
            {
                const bool ok = true;
                var x = Flag(ok);
                return x ? TrueTask : FalseTask.ContinueWith(t => t.Result || FalseTask.Result);
            }
        }
        """);
}
