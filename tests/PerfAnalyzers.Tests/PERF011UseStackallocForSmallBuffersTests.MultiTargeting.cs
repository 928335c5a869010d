using System.Threading.Tasks;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF011UseStackallocForSmallBuffersTests
{
    // ---- Multi-targeted projects: Span<T> and the span overloads are .NET Core 2.1+ / .NET Standard 2.1 ----

    [Fact]
    public Task Other_legs_without_spans_keep_the_method_behind_if() =>
        new RuleTest<PERF011UseStackallocForSmallBuffersAnalyzer, PERF011UseStackallocForSmallBuffersCodeFix>
        {
            Sources =
            {
                Wrap("""
                         static int Copy(Stream source)
                         {
                             var buffer = [|new byte[64]|];
                             var read = source.Read(buffer, 0, buffer.Length);
                             return read + Encoding.UTF8.GetString(buffer, 0, read).Length;
                         }
                     """),
            },
            FixedSources =
            {
                Wrap("""
                     #if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER
                         static int Copy(Stream source)
                         {
                             Span<byte> buffer = stackalloc byte[64];
                             var read = source.Read(buffer);
                             return read + Encoding.UTF8.GetString(buffer.Slice(0, read)).Length;
                         }
                     #else
                         static int Copy(Stream source)
                         {
                             var buffer = new byte[64];
                             var read = source.Read(buffer, 0, buffer.Length);
                             return read + Encoding.UTF8.GetString(buffer, 0, read).Length;
                         }
                     #endif
                     """),
            },
            References = TestReferences.Net100,
        }.WithTargetFrameworks("net472;netstandard2.0;net10.0", current: "net10.0").RunAsync();

    /// <summary>
    /// Two buffers in a long method (SharpZipLib's 100-line BZip2 decoder): each declaration gets its own small guard,
    /// every leg reads them consistently (one condition), and the method is not copied into an #else.
    /// </summary>
    [Fact]
    public Task Two_buffers_in_a_long_method_get_small_guards() =>
        new RuleTest<PERF011UseStackallocForSmallBuffersAnalyzer, PERF011UseStackallocForSmallBuffersCodeFix>
        {
            Sources =
            {
                Wrap("""
                         static int Decode(Stream source)
                         {
                             var seen = [|new byte[16]|];
                             for (int i = 0; i < 16; i++)
                             {
                                 seen[i] = (byte)source.ReadByte();
                             }

                             var total = 0;
                             for (int i = 0; i < 16; i++)
                             {
                                 if (seen[i] == 1)
                                 {
                                     total += i;
                                 }
                             }

                             var order = [|new byte[8]|];
                             for (int v = 0; v < 8; v++)
                             {
                                 order[v] = (byte)v;
                             }

                             return total + order[7];
                         }
                     """),
            },
            FixedSources =
            {
                Wrap("""
                         static int Decode(Stream source)
                         {
                     #if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER
                             Span<byte> seen = stackalloc byte[16];
                     #else
                             var seen = new byte[16];
                     #endif
                             for (int i = 0; i < 16; i++)
                             {
                                 seen[i] = (byte)source.ReadByte();
                             }

                             var total = 0;
                             for (int i = 0; i < 16; i++)
                             {
                                 if (seen[i] == 1)
                                 {
                                     total += i;
                                 }
                             }

                     #if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER
                             Span<byte> order = stackalloc byte[8];
                     #else
                             var order = new byte[8];
                     #endif
                             for (int v = 0; v < 8; v++)
                             {
                                 order[v] = (byte)v;
                             }

                             return total + order[7];
                         }
                     """),
            },
            References = TestReferences.Net80,
        }.WithTargetFrameworks("net472;net8.0", current: "net8.0").RunAsync();

    /// <summary>
    /// Stream.Read's span overload is as old as spans, so every leg writes the same fix; IncrementalHash.AppendData's is
    /// not tracked, so only the newest leg (net10.0) reports a buffer that goes there, guarded by its own version.
    /// </summary>
    [Theory]
    [InlineData("net8.0", false)]
    [InlineData("net10.0", true)]
    public Task A_buffer_passed_to_an_untracked_span_overload_is_left_to_the_newest_leg(string current, bool reported)
    {
        const string body = """
                static void Hash(Stream source, System.Security.Cryptography.IncrementalHash hash)
                {
                    var buffer = {|#0:new byte[16]|};
                    var read = source.Read(buffer, 0, buffer.Length);
                    hash.AppendData(buffer, 0, read);
                }
            """;
        var test = Test(Wrap(body.Replace("{|#0:", reported ? "[|" : "").Replace("|}", reported ? "|]" : "")),
                references: current == "net10.0" ? TestReferences.Net100 : TestReferences.Net80)
            .WithTargetFrameworks("net8.0;net10.0", current: current);
        test.OtherLegs.Clear(); // analysis only: which leg reports
        return test.RunAsync();
    }

    /// <summary>
    /// The buffer is used in code this build does not compile (SharpZipLib's BZip2InputStream passes its buffer to an
    /// array-only API under another leg's #if; a Debug-only dump would do the same): the fix every leg and configuration
    /// shares would break there, so it is not reported. An inactive branch that does not name the buffer changes nothing.
    /// </summary>
    [Theory]
    [InlineData("NETFRAMEWORK", "Take(buffer);", false)]
    [InlineData("NET472_OR_GREATER || NETSTANDARD2_0", "Take(buffer);", false)]
    [InlineData("DEBUG", "Take(buffer);", false)]
    [InlineData("DEBUG", "Take(new byte[1]);", true)]
    [InlineData("NETFRAMEWORK", "Console.WriteLine();", true)]
    public Task A_buffer_used_in_an_inactive_branch_is_not_flagged(string condition, string inactive, bool reported)
    {
        var body = $$"""
                static void Take(byte[] a) { }
                static int Copy(Stream source)
                {
                    var buffer = {|#0:new byte[64]|};
                #if {{condition}}
                    {{inactive}}
                #endif
                    return source.Read(buffer, 0, buffer.Length);
                }
            """;
        var test = Test(Wrap(body.Replace("{|#0:", reported ? "[|" : "").Replace("|}", reported ? "|]" : "")), references: TestReferences.Net100)
            .WithTargetFrameworks("net472;net10.0", current: "net10.0");
        test.OtherLegs.Clear(); // analysis only: whether this leg reports
        return test.RunAsync();
    }
}
