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

            // A block that can only end in its throw.
            void Checked(int a)
            {
                if (a < 0)
                {
                    var text = ((string.Format("negative {0}", a)));
                    Console.Error.WriteLine(text);
                    throw new ArgumentException(text);
                }

                if (a > 100)
                {
                    var text = <<string.Format("large {0}", a)>>;
                    if (a == 101) { Console.WriteLine(text); return; }
                    throw new ArgumentException(text);
                }
            }

            // A failure branch that does not throw: an error message, a failed state, an exit.
            string _errorMessage = "", _message = "";
            State _state;
            bool Decode(int a)
            {
                if (a < 0)
                {
                    _errorMessage = ((string.Format("bad block {0}", a)));
                    _state = State.Error;
                    return false;
                }

                if (a > 0)
                {
                    _message = <<string.Format("block {0}", a)>>;
                    _state = State.Ready;
                    return true;
                }

                return true;
            }

            // Text formatted only when printed.
            public override string ToString() => ((string.Format("C {0}", _state)));
            public string ToString(string prefix) => <<string.Format("{0} {1}", prefix, _state)>>;

            // Private helpers whose every call is cold are cold; one hot call makes them hot.
            static readonly string[] Table = BuildTable();
            static string[] BuildTable() => new[] { Row(1), Row(2) };
            static string Row(int i) => ((string.Format("row {0}", i)));
            static string Shared(int i) => <<string.Format("shared {0}", i)>>;
            static readonly string First = Shared(0);
            string UsesShared(int i) => Shared(i);
            internal static string NotPrivate(int i) => <<string.Format("internal {0}", i)>>;
            static readonly string Other = NotPrivate(0);
            static string Uncalled(int i) => <<string.Format("uncalled {0}", i)>>;
            static int Recursive(int i) => i <= 0 ? ((string.Format("{0}", i))).Length : Recursive(i - 1);
            static readonly int Depth = Recursive(3);
        }

        enum State { Ready, Error }

        [System.Diagnostics.DebuggerDisplay("{Display,nq} ({Count})")]
        sealed class Shown
        {
            public int Count;
            private string Display => ((string.Format("{0} items", Count)));
            public string Label => <<string.Format("{0} items", Count)>>;
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

    /// <summary>A table built by a private helper that only a static initializer calls (NLog's condition tokenizer).</summary>
    [Fact]
    public Task A_fill_loop_in_a_helper_only_a_static_initializer_calls_is_not_flagged() => RuleTest<PERF015UseClearOrFillAnalyzer, PERF015UseClearOrFillCodeFix>.Create(Header + """
        static class Tokens
        {
            static readonly int[] Table = Build();

            static int[] Build()
            {
                var result = new int[128];
                for (var i = 0; i < result.Length; ++i)
                {
                    result[i] = -1;
                }

                return result;
            }

            static int[] PerCall(int[] result)
            {
                [|for (var i = 0; i < result.Length; ++i)|] result[i] = -1;
                return result;
            }

            public static int[] Use(int[] a) => PerCall(a);

            // Escapes in a string ('\\u0041' is text, not an identifier) leave the helper's callers to be found by name.
            public static string Escaped() => "\\u0041\\U00000041";
        }
        """).RunAsync();

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

    /// <summary>
    /// The entry decides, not the analyzer: every finding of a rule whose entry lists <c>cold_paths</c> passes the check
    /// when it is reported (ProfileGate.Report), even if its analyzer never asked; a rule that does not list it (PERF006)
    /// is reported as it is.
    /// </summary>
    [Theory]
    [InlineData("PERF008", null, false)]
    [InlineData("PERF008", "report", true)]
    [InlineData("PERF006", null, true)]
    public void The_entry_applies_the_cold_check_to_every_reported_finding(string id, string? mode, bool reported)
    {
        const string code = "class C { void M() { try { } catch { var s = \"cold\"; } } }";
        var tree = Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText(code, path: "/src/A.cs");
        var compilation = Microsoft.CodeAnalysis.CSharp.CSharpCompilation.Create("C", new[] { tree });
        var config = new System.Collections.Generic.Dictionary<string, string>();
        if (mode is not null)
        {
            config["perf_analyzers.cold_paths"] = mode;
        }

        var options = new Microsoft.CodeAnalysis.Diagnostics.AnalyzerOptions(System.Collections.Immutable.ImmutableArray<Microsoft.CodeAnalysis.AdditionalText>.Empty, new TestConfig(config));
        var start = code.IndexOf("\"cold\"", System.StringComparison.Ordinal);
        var location = Microsoft.CodeAnalysis.Location.Create(tree, new Microsoft.CodeAnalysis.Text.TextSpan(start, 6));
        var descriptor = Rules.Find(id)!.Descriptor;
        var diagnostic = Microsoft.CodeAnalysis.Diagnostic.Create(descriptor, location, "a", "b", "c");
        var seen = new System.Collections.Generic.List<Microsoft.CodeAnalysis.Diagnostic>();
        PerfAnalyzers.Profiles.ProfileGate.Report(seen.Add, diagnostic, member: null, compilation, options);
        Assert.Equal(reported, seen.Count == 1);
    }
}
