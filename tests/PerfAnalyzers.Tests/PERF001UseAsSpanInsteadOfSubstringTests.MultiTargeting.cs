using System.Threading.Tasks;
using PerfAnalyzers.CodeFixes.Strings;
using PerfAnalyzers.Strings;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF001UseAsSpanInsteadOfSubstringTests
{
    // ---- Multi-targeted projects: AsSpan and the span overloads are .NET Core 2.1+ / .NET Standard 2.1 ----

    [Fact]
    public Task Other_legs_without_spans_keep_the_substring_behind_if() =>
        RuleTest<PERF001UseAsSpanInsteadOfSubstringAnalyzer, PERF001UseAsSpanInsteadOfSubstringCodeFix>.Create(
                Wrap("""
                         bool Starts(string s) => s.[|Substring|](0, 3) == "abc";
                         int Number(string s) => int.Parse(s.[|Substring|](1, 3));
                         void Add(StringBuilder sb, string s) => sb.Append(s.[|Substring|](1, 2));
                     """),
                Wrap("""
                     #if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER
                         bool Starts(string s) => s.AsSpan(0, 3).SequenceEqual("abc");
                     #else
                         bool Starts(string s) => s.Substring(0, 3) == "abc";
                     #endif
                     #if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER
                         int Number(string s) => int.Parse(s.AsSpan(1, 3));
                     #else
                         int Number(string s) => int.Parse(s.Substring(1, 3));
                     #endif
                         void Add(StringBuilder sb, string s) => sb.Append(s, 1, 2);
                     """),
                TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net472;net10.0", current: "net10.0")
            .RunAsync();

    /// <summary>
    /// Two changes far apart in a 40-line method (Humanizer's truncator): two small guards, not the method copied into
    /// both branches (Roslyn's syntax diff reported the two edits as one change spanning the loops between them).
    /// </summary>
    [Fact]
    public Task Two_changes_far_apart_in_a_method_get_a_guard_each() =>
        RuleTest<PERF001UseAsSpanInsteadOfSubstringAnalyzer, PERF001UseAsSpanInsteadOfSubstringCodeFix>.Create(
                Wrap("""
                         string Truncate(string value, int length, string tail, bool fromLeft)
                         {
                             if (value.Length <= length)
                             {
                                 return value;
                             }

                             var kept = 0;
                             if (fromLeft)
                             {
                                 for (var i = value.Length - 1; i > 0; i--)
                                 {
                                     if (char.IsLetterOrDigit(value[i]))
                                     {
                                         kept++;
                                     }

                                     if (kept + tail.Length == length)
                                     {
                                         return tail + value.[|Substring|](i);
                                     }
                                 }
                             }

                             for (var i = 0; i < value.Length - tail.Length; i++)
                             {
                                 if (char.IsLetterOrDigit(value[i]))
                                 {
                                     kept++;
                                 }

                                 if (kept + tail.Length == length)
                                 {
                                     return value.[|Substring|](0, i + 1) + tail;
                                 }
                             }

                             return value;
                         }
                     """),
                Wrap("""
                         string Truncate(string value, int length, string tail, bool fromLeft)
                         {
                             if (value.Length <= length)
                             {
                                 return value;
                             }

                             var kept = 0;
                             if (fromLeft)
                             {
                                 for (var i = value.Length - 1; i > 0; i--)
                                 {
                                     if (char.IsLetterOrDigit(value[i]))
                                     {
                                         kept++;
                                     }

                                     if (kept + tail.Length == length)
                                     {
                     #if NETCOREAPP3_0_OR_GREATER
                                         return string.Concat(tail, value.AsSpan(i));
                     #else
                                         return tail + value.Substring(i);
                     #endif
                                     }
                                 }
                             }

                             for (var i = 0; i < value.Length - tail.Length; i++)
                             {
                                 if (char.IsLetterOrDigit(value[i]))
                                 {
                                     kept++;
                                 }

                                 if (kept + tail.Length == length)
                                 {
                     #if NETCOREAPP3_0_OR_GREATER
                                     return string.Concat(value.AsSpan(0, i + 1), tail);
                     #else
                                     return value.Substring(0, i + 1) + tail;
                     #endif
                                 }
                             }

                             return value;
                         }
                     """),
                TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
            .RunAsync();

    /// <summary>
    /// A span overload as old as spans (int.Parse) is fixed alike by every leg; one with no tracked first version
    /// (Guid.Parse here) is reported by the newest leg only, so that every leg's copy of the file gets one fix with one
    /// condition: the net8.0 leg stays silent on it, the net10.0 leg guards it with NET10_0_OR_GREATER.
    /// </summary>
    [Fact]
    public Task An_untracked_span_overload_is_left_to_the_newest_leg_on_net8() =>
        RuleTest<PERF001UseAsSpanInsteadOfSubstringAnalyzer, PERF001UseAsSpanInsteadOfSubstringCodeFix>.Create(
                Wrap("""
                         int Number(string s) => int.Parse(s.[|Substring|](1, 3));
                         Guid Id(string s) => Guid.Parse(s.Substring(1, 36));
                     """),
                Wrap("""
                         int Number(string s) => int.Parse(s.AsSpan(1, 3));
                         Guid Id(string s) => Guid.Parse(s.Substring(1, 36));
                     """),
                TestReferences.Net80)
            .WithTargetFrameworks("net8.0;net10.0", current: "net8.0")
            .RunAsync();

    [Fact]
    public Task An_untracked_span_overload_is_guarded_by_the_newest_leg() =>
        RuleTest<PERF001UseAsSpanInsteadOfSubstringAnalyzer, PERF001UseAsSpanInsteadOfSubstringCodeFix>.Create(
                Wrap("""
                         int Number(string s) => int.Parse(s.[|Substring|](1, 3));
                         Guid Id(string s) => Guid.Parse(s.[|Substring|](1, 36));
                     """),
                Wrap("""
                         int Number(string s) => int.Parse(s.AsSpan(1, 3));
                     #if NET10_0_OR_GREATER
                         Guid Id(string s) => Guid.Parse(s.AsSpan(1, 36));
                     #else
                         Guid Id(string s) => Guid.Parse(s.Substring(1, 36));
                     #endif
                     """),
                TestReferences.Net100)
            .WithTargetFrameworks("net8.0;net10.0", current: "net10.0")
            .RunAsync();

    [Fact]
    public Task All_legs_option_keeps_only_the_append_rewrite()
    {
        var test = RuleTest<PERF001UseAsSpanInsteadOfSubstringAnalyzer, PERF001UseAsSpanInsteadOfSubstringCodeFix>.Create(
                Wrap("""
                         bool Starts(string s) => s.Substring(0, 3) == "abc";
                         void Add(StringBuilder sb, string s) => sb.Append(s.[|Substring|](1, 2));
                     """),
                Wrap("""
                         bool Starts(string s) => s.Substring(0, 3) == "abc";
                         void Add(StringBuilder sb, string s) => sb.Append(s, 1, 2);
                     """),
                TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0");
        test.Options["perf_analyzers.multi_targeting"] = "all_legs";
        return test.RunAsync();
    }
}
