using System.Threading.Tasks;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.Async;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.CodeFixes.Async;
using PerfAnalyzers.CodeFixes.Strings;
using PerfAnalyzers.CodeFixes.Types;
using PerfAnalyzers.Strings;
using PerfAnalyzers.Tests.Infrastructure;
using PerfAnalyzers.Types;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// Cold code (Infrastructure/ColdPath.cs): throw statements and expressions, arguments of exception constructors,
/// catch blocks, static constructors and static initializers run once or only on failure, so the rules whose gain is an
/// allocation or a few nanoseconds stay silent there; <c>perf_analyzers.cold_paths = report</c> turns them back on;
/// PERF006 (blocking) is not affected. Every rule calls the same helper; these tests cover each kind of cold code
/// through PERF008 (the rule it mattered most for: 24 of 36 findings on real code were exception messages) and one
/// shape each for the other rules.
/// </summary>
public class ColdPathTests
{
    private const string Header = "using System;\nusing System.IO;\nusing System.Threading.Tasks;\n\n";

    // <<...>> marks findings in hot code (always reported), ((...)) findings in cold code (reported only with the option).
    private const string FormatCases = """
        sealed class MyException : Exception
        {
            public MyException(string message) : base(message) { }
        }

        sealed class C
        {
            static readonly string Banner = ((string.Format("v{0}", Environment.ProcessorCount)));
            static readonly Func<int, string> Formatter = a => <<string.Format("{0}!", a)>>;

            static C()
            {
                Console.WriteLine(((string.Format("{0} cores", Environment.ProcessorCount))));
            }

            string Hot(int a) => <<string.Format("{0}-{1}", a, a)>>;
            void Throws(int a) => throw new InvalidOperationException(((string.Format("bad {0}", a))));
            void Statement(int a) { if (a < 0) { throw new ArgumentException(((string.Format("negative {0}", a)))); } }
            Exception Created(int a) => new MyException(((string.Format("custom {0}", a))));
            string Caught(int a)
            {
                try { return Hot(a); }
                catch (Exception) when (((string.Format("{0}", a))).Length > 0) { return ((string.Format("failed {0}", a))); }
            }
        }
        """;

    private static string Marked(bool cold) => Header + FormatCases
        .Replace("<<", "[|").Replace(">>", "|]")
        .Replace("((string.Format", cold ? "[|string.Format" : "string.Format").Replace(")))", cold ? ")|]" : ")");

    [Fact]
    public Task Format_calls_in_cold_code_are_not_flagged() =>
        RuleTest<PERF008UseInterpolationInsteadOfStringFormatAnalyzer, PERF008UseInterpolationInsteadOfStringFormatCodeFix>.Create(Marked(cold: false)).RunAsync();

    [Fact]
    public Task The_option_reports_cold_code_too()
    {
        var test = RuleTest<PERF008UseInterpolationInsteadOfStringFormatAnalyzer, PERF008UseInterpolationInsteadOfStringFormatCodeFix>.Create(Marked(cold: true));
        test.Options["perf_analyzers.cold_paths"] = "report";
        return test.RunAsync();
    }

    [Fact]
    public Task The_per_rule_option_reports_cold_code_for_that_rule()
    {
        var test = RuleTest<PERF010UseRandomSharedAnalyzer, PERF010UseRandomSharedCodeFix>.Create(Header + """
            static class C
            {
                static readonly int Seed = [|new Random()|].Next();
            }
            """);
        test.Options["perf_analyzers.PERF010.cold_paths"] = "report";
        return test.RunAsync();
    }

    [Fact]
    public Task Random_in_a_static_constructor_or_initializer_is_not_flagged() => RuleTest<PERF010UseRandomSharedAnalyzer, PERF010UseRandomSharedCodeFix>.Create(Header + """
        static class C
        {
            static readonly int Seed = new Random().Next();
            static readonly Func<int> Roll = () => [|new Random()|].Next(6);
            static int s_other;

            static C()
            {
                s_other = new Random().Next();
            }

            static int Hot() => [|new Random()|].Next(6) + s_other;
        }
        """).RunAsync();

    [Fact]
    public Task HasFlag_in_a_catch_block_is_not_flagged() => RuleTest<PERF003AvoidEnumHasFlagAnalyzer, PERF003AvoidEnumHasFlagCodeFix>.Create(Header + """
        static class C
        {
            static bool Hot(FileAccess a) => a.[|HasFlag|](FileAccess.Read);
            static bool Cold(FileAccess a)
            {
                try { return Hot(a); }
                catch (IOException) { return a.HasFlag(FileAccess.Write); }
            }
        }
        """, references: TestReferences.NetStandard20).RunAsync();

    [Fact]
    public Task Substring_in_a_throw_is_not_flagged() => RuleTest<PERF001UseAsSpanInsteadOfSubstringAnalyzer, PERF001UseAsSpanInsteadOfSubstringCodeFix>.Create(Header + """
        static class C
        {
            static int Hot(string s) => int.Parse(s.[|Substring|](1));
            static int Cold(string s) => s.Length > 1 ? 0 : throw new FormatException(int.Parse(s.Substring(1)).ToString());
        }
        """).RunAsync();

    [Fact]
    public Task A_buffer_in_a_static_constructor_is_not_flagged() => RuleTest<PERF011UseStackallocForSmallBuffersAnalyzer, PERF011UseStackallocForSmallBuffersCodeFix>.Create(Header + """
        static class C
        {
            static readonly int First;

            static C()
            {
                var buffer = new byte[16];
                First = new MemoryStream().Read(buffer, 0, buffer.Length);
            }

            static int Hot(Stream s)
            {
                var buffer = [|new byte[16]|];
                return s.Read(buffer, 0, buffer.Length);
            }
        }
        """).RunAsync();

    [Fact]
    public Task Blocking_is_still_reported_in_a_catch_block() => RuleTest<PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer, PERF006DoNotBlockOnTasksInAsyncCodeCodeFix>.Create(Header + """
        static class C
        {
            static async Task<int> M(Task<int> t)
            {
                try { return await t; }
                catch (InvalidOperationException) { await Task.Yield(); return t.[|Result|]; }
            }
        }
        """).RunAsync();
}
