using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Types;
using PerfAnalyzers.Tests.Infrastructure;
using PerfAnalyzers.Types;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF027UseStopwatchForElapsedTimeTests : RuleTests<PERF027UseStopwatchForElapsedTimeAnalyzer, PERF027UseStopwatchForElapsedTimeCodeFix>
{
    private const string Header = "using System;\nusing System.Diagnostics;\nusing System.Threading.Tasks;\n\n";

    private static string Wrap(string members) => Header + "class C\n{\n" + members + "\n}\n";

    // ---- .NET 7+: a long timestamp and Stopwatch.GetElapsedTime ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Now_pair_becomes_a_timestamp(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 double Run(Action work)
                 {
                     var start = [|DateTime.Now|];
                     work();
                     return (DateTime.Now - start).TotalMilliseconds;
                 }

                 bool Late(Action work, TimeSpan limit)
                 {
                     DateTime started = [|DateTime.Now|];
                     work();
                     return DateTime.Now - started > limit;
                 }

                 TimeSpan Method(Action work)
                 {
                     var start = [|DateTime.Now|];
                     work();
                     return DateTime.Now.Subtract(start);
                 }
             """),
        Wrap("""
                 double Run(Action work)
                 {
                     var start = Stopwatch.GetTimestamp();
                     work();
                     return Stopwatch.GetElapsedTime(start).TotalMilliseconds;
                 }

                 bool Late(Action work, TimeSpan limit)
                 {
                     long started = Stopwatch.GetTimestamp();
                     work();
                     return Stopwatch.GetElapsedTime(started) > limit;
                 }

                 TimeSpan Method(Action work)
                 {
                     var start = Stopwatch.GetTimestamp();
                     work();
                     return Stopwatch.GetElapsedTime(start);
                 }
             """)));

    [Fact]
    public Task The_message_names_the_variable_the_clock_and_the_replacement() => new RuleTest<PERF027UseStopwatchForElapsedTimeAnalyzer, PERF027UseStopwatchForElapsedTimeCodeFix>
    {
        Sources = { Wrap("    TimeSpan M(Action a) { var start = {|#0:DateTimeOffset.Now|}; a(); return DateTimeOffset.Now - start; }") },
        FixedSources = { Wrap("    TimeSpan M(Action a) { var start = Stopwatch.GetTimestamp(); a(); return Stopwatch.GetElapsedTime(start); }") },
        ExpectedDiagnostics =
        {
            RuleTest<PERF027UseStopwatchForElapsedTimeAnalyzer, PERF027UseStopwatchForElapsedTimeCodeFix>.Diagnostic().WithLocation(0)
                .WithArguments("start", "DateTimeOffset.Now", "'Stopwatch.GetTimestamp()' and 'Stopwatch.GetElapsedTime'"),
        },
    }.RunAsync();

    [Fact]
    public Task Later_writes_and_a_declaration_without_initializer() => Verify(
        Wrap("""
                 void Loop(Action work, Action<TimeSpan> report)
                 {
                     var start = [|DateTime.Now|];
                     for (var i = 0; i < 10; i++)
                     {
                         work();
                         report(DateTime.Now - start);
                         start = DateTime.Now;
                     }
                 }

                 TimeSpan Late(Action work)
                 {
                     DateTime start;
                     start = [|DateTime.Now|];
                     work();
                     return DateTime.Now - start;
                 }
             """),
        Wrap("""
                 void Loop(Action work, Action<TimeSpan> report)
                 {
                     var start = Stopwatch.GetTimestamp();
                     for (var i = 0; i < 10; i++)
                     {
                         work();
                         report(Stopwatch.GetElapsedTime(start));
                         start = Stopwatch.GetTimestamp();
                     }
                 }

                 TimeSpan Late(Action work)
                 {
                     long start;
                     start = Stopwatch.GetTimestamp();
                     work();
                     return Stopwatch.GetElapsedTime(start);
                 }
             """));

    [Fact]
    public Task Reads_in_a_lambda_and_an_async_method() => Verify(
        Wrap("""
                 Func<TimeSpan> Since()
                 {
                     var start = [|DateTime.Now|];
                     return () => DateTime.Now - start;
                 }

                 async Task<double> Timed(Func<Task> work)
                 {
                     var start = [|DateTime.Now|];
                     await work();
                     return (DateTime.Now - start).TotalSeconds;
                 }
             """),
        Wrap("""
                 Func<TimeSpan> Since()
                 {
                     var start = Stopwatch.GetTimestamp();
                     return () => Stopwatch.GetElapsedTime(start);
                 }

                 async Task<double> Timed(Func<Task> work)
                 {
                     var start = Stopwatch.GetTimestamp();
                     await work();
                     return Stopwatch.GetElapsedTime(start).TotalSeconds;
                 }
             """));

    [Fact]
    public Task The_using_directive_is_added() => Verify(
        "using System;\n\nclass C\n{\n    TimeSpan M(Action a)\n    {\n        var start = [|DateTime.Now|];\n        a();\n        return DateTime.Now - start;\n    }\n}\n",
        "using System;\nusing System.Diagnostics;\n\nclass C\n{\n    TimeSpan M(Action a)\n    {\n        var start = Stopwatch.GetTimestamp();\n        a();\n        return Stopwatch.GetElapsedTime(start);\n    }\n}\n");

    [Fact]
    public Task Top_level_statements() => new RuleTest<PERF027UseStopwatchForElapsedTimeAnalyzer, PERF027UseStopwatchForElapsedTimeCodeFix>
    {
        Sources = { "using System;\nusing System.Diagnostics;\n\nvar start = [|DateTime.Now|];\nConsole.WriteLine(\"work\");\nConsole.WriteLine((DateTime.Now - start).TotalMilliseconds);\n" },
        FixedSources = { "using System;\nusing System.Diagnostics;\n\nvar start = Stopwatch.GetTimestamp();\nConsole.WriteLine(\"work\");\nConsole.WriteLine(Stopwatch.GetElapsedTime(start).TotalMilliseconds);\n" },
        OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication,
    }.RunAsync();

    // ---- Private fields written in one place ----

    [Fact]
    public Task Field_written_in_one_method_reported_at_its_first_read() => Verify(
        Wrap("""
                 private DateTime _started;
                 private readonly DateTime _created = DateTime.Now;

                 public void Start() => _started = DateTime.Now;

                 public TimeSpan Elapsed => [|DateTime.Now - _started|];

                 public double Age() => ([|DateTime.Now - this._created|]).TotalHours;
             """),
        Wrap("""
                 private long _started;
                 private readonly long _created = Stopwatch.GetTimestamp();

                 public void Start() => _started = Stopwatch.GetTimestamp();

                 public TimeSpan Elapsed => Stopwatch.GetElapsedTime(_started);

                 public double Age() => Stopwatch.GetElapsedTime(this._created).TotalHours;
             """));

    [Fact]
    public Task Static_field_set_once_is_reported_where_it_is_read() => Verify(
        Wrap("""
                 private static readonly DateTime Started = DateTime.Now;

                 public static TimeSpan Uptime() => [|DateTime.Now - Started|];
             """),
        Wrap("""
                 private static readonly long Started = Stopwatch.GetTimestamp();

                 public static TimeSpan Uptime() => Stopwatch.GetElapsedTime(Started);
             """));

    [Fact]
    public Task Field_written_in_the_constructor() => Verify(
        Wrap("""
                 private readonly DateTimeOffset _opened;

                 public C() { _opened = DateTimeOffset.Now; }

                 public bool Expired(TimeSpan lifetime) => [|DateTimeOffset.Now - _opened|] > lifetime;
             """),
        Wrap("""
                 private readonly long _opened;

                 public C() { _opened = Stopwatch.GetTimestamp(); }

                 public bool Expired(TimeSpan lifetime) => Stopwatch.GetElapsedTime(_opened) > lifetime;
             """));

    [Fact]
    public Task A_use_in_an_inactive_branch_keeps_the_diagnostic_away() => Verify(Wrap("""
            TimeSpan M(Action a)
            {
                var start = DateTime.Now;
                a();
        #if SOME_OTHER_BUILD
                Console.WriteLine(start);
        #endif
                return DateTime.Now - start;
            }
        """));

    // ---- Before .NET 7: Stopwatch.StartNew() and Elapsed; UtcNow too before .NET 6 ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Older_targets_get_a_started_stopwatch(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 double Run(Action work)
                 {
                     var start = [|DateTime.UtcNow|];
                     work();
                     return (DateTime.UtcNow - start).TotalMilliseconds;
                 }

                 void Loop(Action work, Action<TimeSpan> report)
                 {
                     DateTime start = [|DateTime.Now|];
                     for (var i = 0; i < 10; i++)
                     {
                         work();
                         report(DateTime.Now.Subtract(start));
                         start = DateTime.Now;
                     }
                 }

                 TimeSpan NoInitializer(Action work)
                 {
                     DateTime start;
                     start = [|DateTime.UtcNow|];
                     work();
                     return DateTime.UtcNow - start;
                 }
             """),
        Wrap("""
                 double Run(Action work)
                 {
                     var start = Stopwatch.StartNew();
                     work();
                     return start.Elapsed.TotalMilliseconds;
                 }

                 void Loop(Action work, Action<TimeSpan> report)
                 {
                     Stopwatch start = Stopwatch.StartNew();
                     for (var i = 0; i < 10; i++)
                     {
                         work();
                         report(start.Elapsed);
                         start.Restart();
                     }
                 }

                 TimeSpan NoInitializer(Action work)
                 {
                     Stopwatch start;
                     start = Stopwatch.StartNew();
                     work();
                     return start.Elapsed;
                 }
             """),
        TestReferences.NetStandard20));

    [Fact]
    public Task Net_framework_fields() => Verify(
        Wrap("""
                 private readonly DateTime _created = DateTime.UtcNow;
                 private DateTime _started;

                 public double Age() => ([|DateTime.UtcNow - _created|]).TotalHours;

                 public void Start() => _started = DateTime.UtcNow;

                 public TimeSpan Elapsed() => {|PERF027:DateTime.UtcNow - _started|};
             """),
        Wrap("""
                 private readonly Stopwatch _created = Stopwatch.StartNew();
                 private DateTime _started;

                 public double Age() => _created.Elapsed.TotalHours;

                 public void Start() => _started = DateTime.UtcNow;

                 public TimeSpan Elapsed() => {|PERF027:DateTime.UtcNow - _started|};
             """),
        TestReferences.Net472);

    [Fact]
    public Task UtcNow_is_silent_from_net6() => Verify(
        Wrap("""
                 private static readonly DateTime Started = DateTime.UtcNow;
                 public static TimeSpan Uptime() => DateTime.UtcNow - Started;
                 double Run(Action work) { var start = DateTime.UtcNow; work(); return (DateTime.UtcNow - start).TotalMilliseconds; }
                 TimeSpan Offset(Action work) { var start = DateTimeOffset.UtcNow; work(); return DateTimeOffset.UtcNow - start; }
             """));

    [Fact]
    public Task A_project_with_a_leg_before_net7_gets_StartNew_on_every_leg() =>
        RuleTest<PERF027UseStopwatchForElapsedTimeAnalyzer, PERF027UseStopwatchForElapsedTimeCodeFix>.Create(
                Wrap("    TimeSpan M(Action a) { var start = [|DateTime.Now|]; a(); return DateTime.Now - start; }"),
                Wrap("    TimeSpan M(Action a) { var start = Stopwatch.StartNew(); a(); return start.Elapsed; }"),
                TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
            .RunAsync();

    [Fact]
    public Task Legs_that_all_have_GetElapsedTime_get_the_timestamp() =>
        RuleTest<PERF027UseStopwatchForElapsedTimeAnalyzer, PERF027UseStopwatchForElapsedTimeCodeFix>.Create(
                Wrap("    TimeSpan M(Action a) { var start = [|DateTime.Now|]; a(); return DateTime.Now - start; }"),
                Wrap("    TimeSpan M(Action a) { var start = Stopwatch.GetTimestamp(); a(); return Stopwatch.GetElapsedTime(start); }"),
                TestReferences.Net100)
            .WithTargetFrameworks("net8.0;net10.0", current: "net10.0")
            .RunAsync();

    // ---- Must not flag: the start is also a date ----

    [Fact]
    public Task A_start_used_as_a_date_is_not_flagged() => Verify(Wrap("""
            DateTime _kept;
            void Log(DateTime d) { }
            TimeSpan Logged(Action a) { var start = DateTime.Now; Log(start); a(); return DateTime.Now - start; }
            TimeSpan Stored(Action a) { var start = DateTime.Now; _kept = start; a(); return DateTime.Now - start; }
            DateTime Returned(Action a) { var start = DateTime.Now; a(); var e = DateTime.Now - start; return start; }
            bool Compared(Action a, DateTime other) { var start = DateTime.Now; a(); return start < other && DateTime.Now - start > TimeSpan.Zero; }
            string Formatted(Action a) { var start = DateTime.Now; a(); return start.ToString("o") + (DateTime.Now - start); }
            bool Deadline(Action a) { var start = DateTime.Now; a(); return start.AddSeconds(5) < DateTime.Now; }
            TimeSpan ByRef(Action a) { var start = DateTime.Now; Touch(ref start); return DateTime.Now - start; }
            static void Touch(ref DateTime d) { }
            TimeSpan Unused(Action a) { var start = DateTime.Now; a(); return TimeSpan.Zero; }
        """));

    /// <summary>
    /// A local's uses are found where its block spells its name: a use written '@start', or with a Unicode escape
    /// ('\u0073tart', found by reading every operation instead), still counts.
    /// </summary>
    [Fact]
    public Task Uses_spelled_with_at_or_an_escape_count() => Verify(Wrap("""
            void Log(DateTime d) { }
            TimeSpan Verbatim(Action a) { var start = DateTime.Now; a(); Log(@start); return DateTime.Now - start; }
            TimeSpan Escaped(Action a) { var start = DateTime.Now; a(); Log(\u0073tart); return DateTime.Now - start; }
            TimeSpan Named(Action a) { var start = DateTime.Now; a(); return nameof(start).Length > 0 ? DateTime.Now - start : TimeSpan.Zero; }
        """));

    [Fact]
    public Task A_lambda_parameter_of_the_same_name_is_another_variable() => Verify(
        Wrap("    TimeSpan Shadowed(Action a) { var start = [|DateTime.Now|]; Func<DateTime, DateTime> f = start => start; a(); return DateTime.Now - start; }"),
        Wrap("    TimeSpan Shadowed(Action a) { var start = Stopwatch.GetTimestamp(); Func<DateTime, DateTime> f = start => start; a(); return Stopwatch.GetElapsedTime(start); }"));

    [Fact]
    public Task Other_differences_are_not_flagged() => Verify(Wrap("""
            TimeSpan TwoStored(Action a) { var start = DateTime.Now; a(); var end = DateTime.Now; return end - start; }
            TimeSpan Reversed(Action a) { var start = DateTime.Now; a(); return start - DateTime.Now; }
            TimeSpan MixedClocks(Action a) { var start = DateTime.Now; a(); return DateTime.UtcNow - start; }
            TimeSpan OtherValue(Action a, DateTime given) { var start = DateTime.Now; if (given.Year > 2000) start = given; a(); return DateTime.Now - start; }
            TimeSpan Today(Action a) { var start = DateTime.Today; a(); return DateTime.Now - start; }
            DateTime MinusSpan(Action a) { var start = DateTime.Now; a(); return DateTime.Now - (start - start); }
            TimeSpan Offset(Action a) { DateTimeOffset start = DateTime.Now; a(); return DateTimeOffset.Now - start; }
            TimeSpan OffsetVsDate(Action a) { var start = DateTimeOffset.Now; a(); return DateTimeOffset.Now - start.DateTime; }
            TimeSpan? Nullable(Action a) { DateTime? start = DateTime.Now; a(); return DateTime.Now - start; }
            TimeSpan Pair(Action a) { DateTime start = DateTime.Now, other = DateTime.Now; a(); return DateTime.Now - start + (DateTime.Now - other); }
            TimeSpan InFor(Action a) { var total = TimeSpan.Zero; for (var start = DateTime.Now; total.Ticks < 10; total = DateTime.Now - start) a(); return total; }
            TimeSpan Parameter(DateTime start) => DateTime.Now - start;
            TimeSpan Chained(Action a) { DateTime other; var start = other = DateTime.Now; a(); return DateTime.Now - start; }
        """));

    [Fact]
    public Task Fields_that_are_more_than_a_start_are_not_flagged() => Verify(
        Header + """
            class C
            {
                public DateTime Public = DateTime.Now;
                internal DateTime Internal = DateTime.Now;
                private DateTime _twoWriters = DateTime.Now;
                private DateTime _exposed = DateTime.Now;
                [NonSerialized] private DateTime _attributed = DateTime.Now;
                private DateTime _otherInstance = DateTime.Now;
                private DateTime _named = DateTime.Now;

                public void Reset() => _twoWriters = DateTime.Now;
                public DateTime Exposed => _exposed;
                public TimeSpan A => DateTime.Now - Public;
                public TimeSpan B => DateTime.Now - Internal;
                public TimeSpan D => DateTime.Now - _twoWriters;
                public TimeSpan E => DateTime.Now - _exposed;
                public TimeSpan F => DateTime.Now - _attributed;
                public TimeSpan G(C other) => DateTime.Now - other._otherInstance;
                public string H => nameof(_named) + (DateTime.Now - _named);
            }

            partial class P
            {
                private DateTime _start = DateTime.Now;
            }

            partial class P
            {
                public TimeSpan Elapsed => DateTime.Now - _start;
            }

            struct S
            {
                private DateTime _start;
                public void Start() => _start = DateTime.Now;
                public TimeSpan Elapsed => DateTime.Now - _start;
            }
            """);

    [Fact]
    public Task Expression_trees_and_cold_code_are_not_flagged() => Verify(Wrap("""
            System.Linq.Expressions.Expression<Func<TimeSpan>> Tree(DateTime d) { var start = DateTime.Now; return () => DateTime.Now - start; }
            TimeSpan Caught(Action a) { try { a(); return TimeSpan.Zero; } catch (Exception) { var start = DateTime.Now; a(); return DateTime.Now - start; } }
            static C() { var start = DateTime.Now; Console.WriteLine(DateTime.Now - start); }
        """));

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task Older_targets_flag_UtcNow_too(TestReferences references) => Verify(
        Wrap("    TimeSpan M(Action a) { var start = [|DateTimeOffset.UtcNow|]; a(); return DateTimeOffset.UtcNow - start; }"),
        Wrap("    TimeSpan M(Action a) { var start = Stopwatch.StartNew(); a(); return start.Elapsed; }"),
        references);

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF027UseStopwatchForElapsedTimeAnalyzer, PERF027UseStopwatchForElapsedTimeCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     TimeSpan A() { var start = DateTime.Now; return DateTime.Now - ; }
                     TimeSpan B() { var start = {|PERF027:DateTime.Now|} return DateTime.Now - start; }
                     TimeSpan C2() { var start = DateTime.Missing; return DateTime.Now - start; }
                     TimeSpan D() { DateTime start = {|PERF027:DateTime.Now|}; return DateTime.Now - start }
                     TimeSpan E() { var start = DateTime.Now; return Unknown.Now - start; }
                     private DateTime _f = DateTime.Now;
                     TimeSpan F() => {|PERF027:DateTime.Now - _f|}
                 """),
        },
        References = TestReferences.Net80,
        AllowCompilerErrors = true,
    }.RunAsync();
}
