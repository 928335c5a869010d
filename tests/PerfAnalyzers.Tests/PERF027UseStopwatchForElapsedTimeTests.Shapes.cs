using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>#34: named and reordered arguments, const values, loop variants, lambdas and local functions.</summary>
public partial class PERF027UseStopwatchForElapsedTimeTests
{
    /// <summary>#34: the elapsed time read in a while loop's condition, a named Subtract argument, a local function.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Loop_conditions_named_arguments_and_local_functions(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 int Spin(Func<bool> work, TimeSpan limit)
                 {
                     var start = [|DateTime.Now|];
                     var n = 0;
                     while ((DateTime.Now - start) < limit && work()) n++;
                     do { n++; } while (DateTime.Now.Subtract(value: start).TotalSeconds < 1);
                     return n;
                 }

                 double Outer(Action work)
                 {
                     double Inner()
                     {
                         var begin = [|DateTime.Now|];
                         work();
                         return (DateTime.Now - begin).TotalMilliseconds;
                     }

                     return Inner();
                 }
             """),
        Wrap("""
                 int Spin(Func<bool> work, TimeSpan limit)
                 {
                     var start = Stopwatch.GetTimestamp();
                     var n = 0;
                     while (Stopwatch.GetElapsedTime(start) < limit && work()) n++;
                     do { n++; } while (Stopwatch.GetElapsedTime(start).TotalSeconds < 1);
                     return n;
                 }

                 double Outer(Action work)
                 {
                     double Inner()
                     {
                         var begin = Stopwatch.GetTimestamp();
                         work();
                         return Stopwatch.GetElapsedTime(begin).TotalMilliseconds;
                     }

                     return Inner();
                 }
             """)));

    /// <summary>#34: a property pattern on the elapsed time (C# 9 relational patterns).</summary>
    [Fact]
    public Task Property_pattern_on_the_elapsed_time() => Verify(
        Wrap("""
                 bool Slow(Action work)
                 {
                     var start = [|DateTime.Now|];
                     work();
                     return (DateTime.Now - start) is { TotalSeconds: > 5 };
                 }
             """),
        Wrap("""
                 bool Slow(Action work)
                 {
                     var start = Stopwatch.GetTimestamp();
                     work();
                     return Stopwatch.GetElapsedTime(start) is { TotalSeconds: > 5 };
                 }
             """));
}
