using System;
using System.IO;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Streams;
using PerfAnalyzers.Streams;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF024CopyStreamsWithCopyToTests : RuleTests<PERF024CopyStreamsWithCopyToAnalyzer, PERF024CopyStreamsWithCopyToCodeFix>
{
    private const string Header = "using System;\nusing System.IO;\nusing System.Threading;\nusing System.Threading.Tasks;\n\n";

    private static string Wrap(string members) => Header + "sealed class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task While_loop_with_a_local_buffer_becomes_CopyTo(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void M(Stream input, Stream output)
                 {
                     var buffer = new byte[81920];
                     int read;
                     [|while|] ((read = input.Read(buffer, 0, buffer.Length)) > 0)
                     {
                         output.Write(buffer, 0, read);
                     }
                 }
             """),
        Wrap("""
                 void M(Stream input, Stream output)
                 {
                     input.CopyTo(output, 81920);
                 }
             """)));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Break_forms_become_CopyTo(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void M(Stream a, FileStream b, MemoryStream c, byte[] buffer, int size)
                 {
                     [|for|] (;;)
                     {
                         int n = a.Read(buffer, 0, buffer.Length);
                         if (n == 0) break;
                         b.Write(buffer, 0, n);
                     }

                     [|while|] (true)
                     {
                         var n = b.Read(buffer, 0, buffer.Length);
                         if (n <= 0)
                         {
                             break;
                         }
                         c.Write(buffer, 0, n);
                     }

                     byte[] chunk = new byte[size];
                     int count;
                     [|do|]
                     {
                         count = c.Read(chunk, 0, size);
                         if (0 == count) break;
                         a.Write(chunk, 0, count);
                     }
                     while (true);
                 }
             """),
        Wrap("""
                 void M(Stream a, FileStream b, MemoryStream c, byte[] buffer, int size)
                 {
                     a.CopyTo(b, buffer.Length);

                     b.CopyTo(c, buffer.Length);
                     c.CopyTo(a, size);
                 }
             """)));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Async_loops_become_CopyToAsync_with_the_token_and_ConfigureAwait(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 async Task M(Stream source, Stream destination, CancellationToken token)
                 {
                     var buffer = new byte[4096];
                     int read;
                     [|while|] ((read = await source.ReadAsync(buffer, 0, buffer.Length, token).ConfigureAwait(false)) != 0)
                         await destination.WriteAsync(buffer, 0, read, token).ConfigureAwait(false);
                 }

                 async Task N(Stream source, Stream destination)
                 {
                     byte[] buffer = new byte[4096];
                     int read;
                     [|while|] ((read = await source.ReadAsync(buffer, 0, buffer.Length)) > 0)
                     {
                         await destination.WriteAsync(buffer, 0, read);
                     }
                 }
             """),
        Wrap("""
                 async Task M(Stream source, Stream destination, CancellationToken token)
                 {
                     await source.CopyToAsync(destination, 4096, token).ConfigureAwait(false);
                 }

                 async Task N(Stream source, Stream destination)
                 {
                     await source.CopyToAsync(destination, 4096);
                 }
             """)));

    /// <summary>.NET Core 2.1+'s span and memory overloads: the same loops.</summary>
    [Fact]
    public Task Span_and_memory_overloads_are_flagged() => Verify(
        Wrap("""
                 void M(Stream input, Stream output)
                 {
                     var buffer = new byte[16384];
                     int n;
                     [|while|] ((n = input.Read(buffer)) > 0) output.Write(buffer.AsSpan(0, n));
                 }

                 async Task N(Stream input, Stream output, CancellationToken ct)
                 {
                     var buffer = new byte[16384];
                     while (true)
                     {
                         int n = await input.ReadAsync(buffer.AsMemory(), ct);
                         if (n == 0) break;
                         await output.WriteAsync(buffer.AsMemory(0, n), ct);
                     }
                 }
             """).Replace("while (true)", "[|while|] (true)"),
        Wrap("""
                 void M(Stream input, Stream output)
                 {
                     input.CopyTo(output, 16384);
                 }

                 async Task N(Stream input, Stream output, CancellationToken ct)
                 {
                     await input.CopyToAsync(output, 16384, ct);
                 }
             """),
        TestReferences.Net100);

    /// <summary>A buffer read after the loop (here: reused) stays; only the loop is replaced.</summary>
    [Fact]
    public Task A_buffer_used_elsewhere_is_kept() => Verify(
        Wrap("""
                 Stream log = Stream.Null;

                 void M(Stream first, Stream second, Stream output)
                 {
                     var buffer = new byte[1024];
                     int read;
                     [|while|] ((read = first.Read(buffer, 0, buffer.Length)) > 0) output.Write(buffer, 0, read);
                     log.Write(buffer, 0, 1);
                 }
             """),
        Wrap("""
                 Stream log = Stream.Null;

                 void M(Stream first, Stream second, Stream output)
                 {
                     var buffer = new byte[1024];
                     first.CopyTo(output, buffer.Length);
                     log.Write(buffer, 0, 1);
                 }
             """));

    [Fact]
    public Task Top_level_statements_lose_the_declarations_too()
    {
        var test = Test(
            Header + """
                var input = Stream.Null;
                var output = new MemoryStream();
                var buffer = new byte[512];
                int read;
                [|while|] ((read = input.Read(buffer, 0, buffer.Length)) > 0) output.Write(buffer, 0, read);
                Console.WriteLine(output.Length);
                """,
            Header + """
                var input = Stream.Null;
                var output = new MemoryStream();
                input.CopyTo(output, 512);
                Console.WriteLine(output.Length);
                """);
        test.OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication;
        return test.RunAsync();
    }

    [Fact]
    public Task Message_names_the_streams_and_the_call()
    {
        var test = Test(
            Wrap("""
                     void M(Stream input, Stream output, byte[] buffer)
                     {
                         int read;
                         {|#0:while|} ((read = input.Read(buffer, 0, buffer.Length)) > 0) output.Write(buffer, 0, read);
                     }
                 """),
            Wrap("""
                     void M(Stream input, Stream output, byte[] buffer)
                     {
                         input.CopyTo(output, buffer.Length);
                     }
                 """));
        test.ExpectedDiagnostics.Add(RuleTest<PERF024CopyStreamsWithCopyToAnalyzer, PERF024CopyStreamsWithCopyToCodeFix>.Diagnostic()
            .WithLocation(0).WithMessage("This loop copies 'input' into 'output' through a buffer; use 'input.CopyTo(output, buffer.Length)' instead"));
        return test.RunAsync();
    }

    // ---- Target frameworks ----

    private const string OldTargetSource = """
                 async Task M(Stream input, Stream output, CancellationToken token)
                 {
                     var buffer = new byte[4096];
                     int n;
                     while ((n = await input.ReadAsync(buffer, 0, buffer.Length, token)) > 0) await output.WriteAsync(buffer, 0, n, token);
                     byte[] other = new byte[4096];
                     int m;
                     while ((m = input.Read(other, 0, other.Length)) > 0) output.Write(other, 0, m);
                 }
             """;

    /// <summary>.NET Standard 2.0 has CopyTo(Stream, int) and CopyToAsync(Stream, int, CancellationToken), and the library runs on modern runtimes.</summary>
    [Fact]
    public Task NetStandard_fires() => Verify(
        Wrap(OldTargetSource.Replace("while (", "[|while|] (")),
        Wrap("""
                 async Task M(Stream input, Stream output, CancellationToken token)
                 {
                     await input.CopyToAsync(output, 4096, token);
                     input.CopyTo(output, 4096);
                 }
             """),
        TestReferences.NetStandard20);

    /// <summary>On .NET Framework CopyTo is the same loop over a buffer it allocates: silent.</summary>
    [Fact]
    public Task Net_framework_is_silent() => Verify(Wrap(OldTargetSource), references: TestReferences.Net472);

    /// <summary>The target from the build properties: .NET Framework and .NET Core 2.0 silent, .NET Core 2.1 reported.</summary>
    [Theory]
    [InlineData("net48", false)]
    [InlineData("netcoreapp2.0", false)]
    [InlineData("netcoreapp2.1", true)]
    [InlineData("net10.0", true)]
    public Task Target_framework_decides(string moniker, bool fires)
    {
        var source = "    void M(Stream i, Stream o, byte[] b) { int n; " + (fires ? "[|while|]" : "while") + " ((n = i.Read(b, 0, b.Length)) > 0) o.Write(b, 0, n); }";
        var test = Test(Wrap(source), fires ? Wrap("    void M(Stream i, Stream o, byte[] b) { i.CopyTo(o, b.Length); }") : null);
        return test.WithTargetFramework(moniker).RunAsync();
    }

    [Fact]
    public Task Multi_targeted_project_gets_a_plain_fix() => Test(
            Wrap("""
                     void M(Stream input, Stream output)
                     {
                         var buffer = new byte[4096];
                         int n;
                         [|while|] ((n = input.Read(buffer, 0, buffer.Length)) > 0) output.Write(buffer, 0, n);
                     }
                 """),
            Wrap("""
                     void M(Stream input, Stream output)
                     {
                         input.CopyTo(output, 4096);
                     }
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    /// <summary>A project that also targets .NET Framework 3.5 (no Stream.CopyTo there): silent on every leg.</summary>
    [Fact]
    public Task A_net35_leg_silences_the_rule()
    {
        var test = Test(Wrap("    void M(Stream i, Stream o, byte[] b) { int n; while ((n = i.Read(b, 0, b.Length)) > 0) o.Write(b, 0, n); }"), references: TestReferences.NetStandard20)
            .WithTargetFramework("netstandard2.0");
        test.BuildProperties[PerfAnalyzers.Infrastructure.BuildProperties.TargetFrameworks] = "net35,netstandard2.0";
        return test.RunAsync();
    }

    // ---- Same behaviour ----

    /// <summary>Before and after copy the same bytes, for empty, small, chunk-sized and multi-chunk sources.</summary>
    [Fact]
    public void The_fixed_code_copies_the_same_bytes()
    {
        using var code = LoadedCode.Compile(Header + """
            public static class P
            {
                public static byte[] Before(byte[] data)
                {
                    var input = new MemoryStream(data);
                    var output = new MemoryStream();
                    var buffer = new byte[7];
                    int read;
                    while ((read = input.Read(buffer, 0, buffer.Length)) > 0) output.Write(buffer, 0, read);
                    var chained = new MemoryStream();
                    output.Position = 0;
                    for (;;)
                    {
                        var n = output.ReadAsync(buffer, 0, buffer.Length).Result;
                        if (n == 0) break;
                        chained.Write(buffer, 0, n);
                    }
                    return chained.ToArray();
                }

                public static byte[] After(byte[] data)
                {
                    var input = new MemoryStream(data);
                    var output = new MemoryStream();
                    input.CopyTo(output, 7);
                    var chained = new MemoryStream();
                    output.Position = 0;
                    output.CopyToAsync(chained, 7).Wait();
                    return chained.ToArray();
                }
            }
            """);
        foreach (var length in new[] { 0, 1, 6, 7, 8, 14, 1000 })
        {
            var data = new byte[length];
            new Random(length).NextBytes(data);
            Assert.Equal(data, (byte[])code.Invoke("Before", data)!);
            Assert.Equal(data, (byte[])code.Invoke("After", data)!);
        }

    }

    // ---- Must not flag ----

    [Fact]
    public Task Loops_doing_more_than_copying_are_not_flagged() => Verify(Wrap("""
            long total;
            void Progress(long done) { }

            void M(Stream input, Stream output, System.Security.Cryptography.HashAlgorithm hash, long limit)
            {
                var buffer = new byte[4096];
                int n;
                while ((n = input.Read(buffer, 0, buffer.Length)) > 0) { output.Write(buffer, 0, n); total += n; }            // counting
                while ((n = input.Read(buffer, 0, buffer.Length)) > 0) { output.Write(buffer, 0, n); Progress(total); }       // progress
                while ((n = input.Read(buffer, 0, buffer.Length)) > 0) { hash.TransformBlock(buffer, 0, n, null, 0); output.Write(buffer, 0, n); } // hashing
                while ((n = input.Read(buffer, 0, buffer.Length)) > 0) { output.Write(buffer, 0, n); System.Threading.Thread.Sleep(1); } // throttling
                while (total < limit && (n = input.Read(buffer, 0, buffer.Length)) > 0) output.Write(buffer, 0, n);            // a length limit
                for (;;)
                {
                    int r = input.Read(buffer, 0, buffer.Length);
                    if (r == 0) break;
                    output.Write(buffer, 0, r);
                    output.Flush();
                }
            }
            """));

    [Fact]
    public Task Other_reads_and_writes_are_not_flagged() => Verify(Wrap("""
            void M(Stream input, Stream output, byte[] other, int size)
            {
                var buffer = new byte[4096];
                int n;
                while ((n = input.Read(buffer, 0, 1024)) > 0) output.Write(buffer, 0, n);               // a smaller read than the buffer
                while ((n = input.Read(buffer, 0, buffer.Length - 1)) > 0) output.Write(buffer, 0, n);
                while ((n = input.Read(buffer, 0, size)) > 0) output.Write(buffer, 0, n);               // not the buffer's size
                while ((n = input.Read(buffer, 1, buffer.Length - 1)) > 0) output.Write(buffer, 1, n);  // an offset
                while ((n = input.Read(buffer, 0, buffer.Length)) > 0) output.Write(buffer, 0, buffer.Length); // not the count read
                while ((n = input.Read(buffer, 0, buffer.Length)) > 0) output.Write(other, 0, n);       // another buffer
                while ((n = input.Read(buffer, 0, buffer.Length)) > 0) input.Write(buffer, 0, n);       // the same stream
                while ((n = input.Read(buffer, 0, buffer.Length)) > 1) output.Write(buffer, 0, n);      // another test
                while ((n = input.Read(buffer, 0, buffer.Length)) >= 0) output.Write(buffer, 0, n);
                do { n = input.Read(buffer, 0, buffer.Length); output.Write(buffer, 0, n); } while (n > 0); // writes the last 0 too
                for (;;) { int r = input.Read(buffer, 0, buffer.Length); if (r < 0) break; output.Write(buffer, 0, r); }
                for (;;) { int r = input.Read(buffer, 0, buffer.Length); if (r == 0) return; output.Write(buffer, 0, r); }
                var size2 = 10;
                var sized = new byte[size2];
                size2 = 20;
                while ((n = input.Read(sized, 0, size2)) > 0) output.Write(sized, 0, n);                // the size changed
            }

            int Last(Stream input, Stream output)
            {
                var buffer = new byte[4096];
                int n = 0, total = 0;
                while ((n = input.Read(buffer, 0, buffer.Length)) > 0) output.Write(buffer, 0, n);
                return n;                                                                                // the count read after
            }
            """));

    [Fact]
    public Task Async_lookalikes_are_not_flagged() => Verify(Wrap("""
            async Task M(Stream input, Stream output, CancellationToken a, CancellationToken b)
            {
                var buffer = new byte[4096];
                int n;
                while ((n = await input.ReadAsync(buffer, 0, buffer.Length, a)) > 0) await output.WriteAsync(buffer, 0, n, b);  // two tokens
                while ((n = await input.ReadAsync(buffer, 0, buffer.Length, a)) > 0) await output.WriteAsync(buffer, 0, n);     // one token
                while ((n = await input.ReadAsync(buffer, 0, buffer.Length, a).ConfigureAwait(false)) > 0) await output.WriteAsync(buffer, 0, n, a); // ConfigureAwait on one
                while ((n = await input.ReadAsync(buffer, 0, buffer.Length, a).ConfigureAwait(false)) > 0) await output.WriteAsync(buffer, 0, n, a).ConfigureAwait(true);
                while ((n = input.Read(buffer, 0, buffer.Length)) > 0) await output.WriteAsync(buffer, 0, n, a);                 // sync read, async write
                while ((n = await input.ReadAsync(buffer, 0, buffer.Length, a)) > 0) output.Write(buffer, 0, n);
                while ((n = await input.ReadAsync(buffer, 0, buffer.Length, CancellationToken.None)) > 0) await output.WriteAsync(buffer, 0, n, CancellationToken.None);
            }
            """));

    [Fact]
    public Task Non_streams_and_unstable_receivers_are_not_flagged() => Verify(Header + """
        sealed class Pipe
        {
            public int Read(byte[] buffer, int offset, int count) => 0;
            public void Write(byte[] buffer, int offset, int count) { }
        }

        sealed class Hiding : MemoryStream
        {
            public new int Read(byte[] buffer, int offset, int count) => 0;
        }

        sealed class C
        {
            Stream Open() => Stream.Null;
            Stream Output { get; } = Stream.Null;

            void M(Pipe pipe, Stream output, Hiding hiding, Stream[] streams)
            {
                var buffer = new byte[4096];
                int n;
                while ((n = pipe.Read(buffer, 0, buffer.Length)) > 0) pipe.Write(buffer, 0, n);         // not streams
                while ((n = hiding.Read(buffer, 0, buffer.Length)) > 0) output.Write(buffer, 0, n);     // a 'new' Read
                while ((n = Open().Read(buffer, 0, buffer.Length)) > 0) output.Write(buffer, 0, n);     // a call per chunk
                while ((n = output.Read(buffer, 0, buffer.Length)) > 0) Output.Write(buffer, 0, n);     // a property per chunk
                while ((n = streams[0].Read(buffer, 0, buffer.Length)) > 0) output.Write(buffer, 0, n);
            }
        }
        """);

    [Fact]
    public Task Cold_code_is_not_flagged() => Verify(Wrap("""
            void M(Stream input, Stream output)
            {
                try
                {
                }
                catch (IOException)
                {
                    var buffer = new byte[4096];
                    int n;
                    while ((n = input.Read(buffer, 0, buffer.Length)) > 0) output.Write(buffer, 0, n);
                    throw;
                }
            }
            """));

    // ---- Broken code ----

    [Theory]
    [InlineData("void M(Stream i, Stream o) { var b = new byte[10]; int n; [|while|] ((n = i.Read(b, 0, b.Length)) > 0) o.Write(b, 0, n }")]
    [InlineData("void M(Stream i, Stream o) { var b = new byte[10]; int n; while ((n = i.Read(b, 0, )) > 0) o.Write(b, 0, n); }")]
    [InlineData("void M(Missing i, Stream o) { var b = new byte[10]; int n; while ((n = i.Read(b, 0, b.Length)) > 0) o.Write(b, 0, n); }")]
    [InlineData("void M(Stream i, Stream o) { var b = new byte[x]; int n; [|while|] ((n = i.Read(b, 0, b.Length)) > 0) o.Write(b, 0, n); }")]
    [InlineData("void M(Stream i, Stream o) { for (;;) { int n = i.Read(b, 0, b.Length); if (n == 0) break; o.Write(b, 0, n); } }")]
    [InlineData("void M(Stream i, Stream o) { while (true) { int n = i.Read(); if (n == 0) break; o.Write(); } }")]
    [InlineData("async void M(Stream i, Stream o) { var b = new byte[10]; int n; while ((n = await i.ReadAsync(b, 0, b.Length, t)) > 0) await o.WriteAsync(b, 0, n, t); }")]
    public Task Broken_code_does_not_crash(string member) => new RuleTest<PERF024CopyStreamsWithCopyToAnalyzer>()
    {
        Sources = { Wrap("    " + member) },
        AllowCompilerErrors = true,
    }.RunAsync();
}
