using System.Collections.Generic;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF011UseStackallocForSmallBuffersTests : RuleTests<PERF011UseStackallocForSmallBuffersAnalyzer, PERF011UseStackallocForSmallBuffersCodeFix>
{
    private const string Header = "using System;\nusing System.Collections.Generic;\nusing System.IO;\nusing System.Text;\nusing System.Threading.Tasks;\n\n";

    // ---- .NET 10: only buffers passed to a call (the JIT stack-allocates the others itself) ----

    private const string LocalOnly = "    static int A() { var b = MARK; b[0] = 1; return b[0] + b.Length; }";

    private const string Passed = "    static int A(System.IO.Stream s) { var b = MARK; return s.Read(b, 0, b.Length); }";

    [Theory]
    [InlineData("net8.0", true, true)]
    [InlineData("net9.0", true, true)]
    [InlineData("net10.0", false, true)]
    public Task On_net_10_only_buffers_passed_to_calls(string moniker, bool localFires, bool passedFires) =>
        new RuleTest<PERF011UseStackallocForSmallBuffersAnalyzer>()
        {
            Sources =
            {
                Wrap(LocalOnly.Replace("MARK", localFires ? "[|new byte[4]|]" : "new byte[4]")),
                Wrap(Passed.Replace("MARK", passedFires ? "[|new byte[4]|]" : "new byte[4]")).Replace("static class C", "static class D"),
            },
        }.WithTargetFramework(moniker).RunAsync();

    private static string Wrap(string members) => Header + "static class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Buffer_written_read_and_measured(LanguageVersion version) => Languages.At(version, () => Verify(
            Wrap("""
                     static int Sum(int seed)
                     {
                         var buffer = [|new byte[16]|];
                         for (var i = 0; i < buffer.Length; i++) buffer[i] = (byte)(seed + i);
                         buffer[0]++;
                         var sum = 0;
                         foreach (var b in buffer) sum += b;
                         return sum;
                     }
                 """),
            Wrap("""
                     static int Sum(int seed)
                     {
                         Span<byte> buffer = stackalloc byte[16];
                         for (var i = 0; i < buffer.Length; i++) buffer[i] = (byte)(seed + i);
                         buffer[0]++;
                         var sum = 0;
                         foreach (var b in buffer) sum += b;
                         return sum;
                     }
                 """)));

    [Fact]
    public Task Span_arguments_and_span_overloads_with_slices() => Verify(
        Wrap("""
                 static string Hex(Stream stream, int value)
                 {
                     char[] chars = [|new char[8]|];
                     value.TryFormat(chars, out var written, "X8");
                     return new string(chars, 0, written);
                 }

                 static int Copy(Stream source, Stream destination)
                 {
                     var buffer = [|new byte[64]|];
                     var read = source.Read(buffer, 0, buffer.Length);
                     destination.Write(buffer, 0, read);
                     return read + Encoding.UTF8.GetString(buffer, 0, read).Length;
                 }
             """),
        Wrap("""
                 static string Hex(Stream stream, int value)
                 {
                     Span<char> chars = stackalloc char[8];
                     value.TryFormat(chars, out var written, "X8");
                     return new string(chars.Slice(0, written));
                 }

                 static int Copy(Stream source, Stream destination)
                 {
                     Span<byte> buffer = stackalloc byte[64];
                     var read = source.Read(buffer);
                     destination.Write(buffer.Slice(0, read));
                     return read + Encoding.UTF8.GetString(buffer.Slice(0, read)).Length;
                 }
             """));

    [Fact]
    public Task Initialized_buffers_and_wider_elements() => Verify(
        Wrap("""
                 static int A()
                 {
                     int[] weights = [|new int[] { 3, 1, 4, 1 }|];
                     return weights[0] + weights[3];
                 }

                 static long B()
                 {
                     var values = [|new long[32]|];
                     values[31] = 1;
                     return values[31];
                 }
             """),
        Wrap("""
                 static int A()
                 {
                     Span<int> weights = stackalloc int[] { 3, 1, 4, 1 };
                     return weights[0] + weights[3];
                 }

                 static long B()
                 {
                     Span<long> values = stackalloc long[32];
                     values[31] = 1;
                     return values[31];
                 }
             """));

    /// <summary>
    /// The default max_bytes (256) is "up to": a buffer of exactly 256 bytes is flagged, one element more is not; bool (1 byte)
    /// and char (2 bytes) buffers are counted by their element size (issue #34).
    /// </summary>
    [Fact]
    public Task Max_bytes_is_inclusive_and_counts_bool_and_char_by_their_size() => Verify(
        Wrap("""
                 static int Bytes() { var a = [|new byte[256]|]; var b = new byte[257]; a[0] = 1; b[0] = 1; return a[0] + b[0] + a.Length + b.Length; }
                 static int Ints() { var a = [|new int[64]|]; var b = new int[65]; a[0] = 1; b[0] = 1; return a[0] + b[0] + a.Length + b.Length; }
                 static int Flags(int n) { var seen = [|new bool[256]|]; var more = new bool[257]; seen[n & 255] = true; more[n & 255] = true; return (seen[3] ? 1 : 0) + (more[3] ? 1 : 0) + seen.Length + more.Length; }
                 static int Chars() { var a = [|new char[128]|]; var b = new char[129]; a[0] = 'x'; b[0] = 'y'; return a[0] + b[0] + a.Length + b.Length; }
             """),
        Wrap("""
                 static int Bytes() { Span<byte> a = stackalloc byte[256]; var b = new byte[257]; a[0] = 1; b[0] = 1; return a[0] + b[0] + a.Length + b.Length; }
                 static int Ints() { Span<int> a = stackalloc int[64]; var b = new int[65]; a[0] = 1; b[0] = 1; return a[0] + b[0] + a.Length + b.Length; }
                 static int Flags(int n) { Span<bool> seen = stackalloc bool[256]; var more = new bool[257]; seen[n & 255] = true; more[n & 255] = true; return (seen[3] ? 1 : 0) + (more[3] ? 1 : 0) + seen.Length + more.Length; }
                 static int Chars() { Span<char> a = stackalloc char[128]; var b = new char[129]; a[0] = 'x'; b[0] = 'y'; return a[0] + b[0] + a.Length + b.Length; }
             """));

    [Fact]
    public Task Max_bytes_option()
    {
        var test = Test(
            Wrap("    static int A() { var a = new byte[64]; var b = [|new byte[32]|]; return a[0] + b[0] + a.Length + b.Length; }"),
            Wrap("    static int A() { var a = new byte[64]; Span<byte> b = stackalloc byte[32]; return a[0] + b[0] + a.Length + b.Length; }"));
        test.Options["perf_analyzers.PERF011.max_bytes"] = "32";
        return test.RunAsync();
    }


    // ---- C# 14: an array passed where a span is expected is a built-in span conversion (first-class spans), no longer
    //      a call of the span's op_Implicit. The same eight buffers are found at C# 13 and at C# 14, on .NET 10. ----

    private const string EightBuffers = """
        using System;
        using System.Buffers.Binary;
        using System.Globalization;
        using System.Security.Cryptography;
        using System.Text;

        static class C
        {
            static string Key() { var bytes = MARK(new byte[16]); RandomNumberGenerator.Fill(bytes); return Convert.ToHexString(bytes); }
            static int Scratch(int v) { var scratch = MARK(new byte[4]); BinaryPrimitives.WriteInt32BigEndian(scratch, v); return BinaryPrimitives.ReadInt32LittleEndian(scratch); }
            static string Id(int id) { var chars = MARK(new char[16]); id.TryFormat(chars, out var n); return new string(chars, 0, n); }
            static int Utf8(char c) { var utf8 = MARK(new byte[4]); var written = new Rune(c).EncodeToUtf8(utf8); return utf8[0] + written; }
            static byte Guid(Guid guid) { var bytes = MARK(new byte[16]); guid.TryWriteBytes(bytes); return bytes[0]; }
            static byte Hash(byte[] data) { var hash = MARK(new byte[32]); SHA256.HashData(data, hash); return hash[0]; }
            static string Date(DateTime value) { var digits = MARK(new char[32]); value.TryFormat(digits, out var w, "O", CultureInfo.InvariantCulture); return new string(digits, 0, w); }
            static byte Long(long value) { var buffer = MARK(new byte[8]); BitConverter.TryWriteBytes(buffer, value); return buffer[7]; }
        }
        """;

    public static IEnumerable<object[]> SpanConversionLanguageVersions => Languages.Rows(LanguageVersion.CSharp7_3, Languages.CSharp13, Languages.CSharp14);

    [Theory]
    [MemberData(nameof(SpanConversionLanguageVersions))]
    public Task Eight_buffers_passed_to_span_apis_at_each_language_version(LanguageVersion version) => new RuleTest<PERF011UseStackallocForSmallBuffersAnalyzer, PERF011UseStackallocForSmallBuffersCodeFix>
    {
        Sources = { System.Text.RegularExpressions.Regex.Replace(EightBuffers, @"MARK\((new \w+\[\d+\])\)", "[|$1|]") },
        FixedSources =
        {
            System.Text.RegularExpressions.Regex.Replace(EightBuffers, @"var (\w+) = MARK\(new (\w+)\[(\d+)\]\)", "Span<$2> $1 = stackalloc $2[$3]")
                .Replace("new string(chars, 0, n)", "new string(chars.Slice(0, n))")
                .Replace("new string(digits, 0, w)", "new string(digits.Slice(0, w))"),
        },
        References = TestReferences.Net100,
        LanguageVersion = version,
    }.WithTargetFramework("net10.0").RunAsync();

    /// <summary>
    /// A slice that is the whole buffer (from 0, its constant size or Length) passes the span itself; Length - offset
    /// elements from offset is Slice(offset) (SharpZipLib's header reads).
    /// </summary>
    [Fact]
    public Task Whole_buffer_and_tail_slices_are_written_simply() => Verify(
        Wrap("""
                static int Header(Stream s)
                {
                    var head = [|new byte[2]|];
                    return s.Read(head, 0, 2) + head[0];
                }

                static int Tail(Stream s, int o)
                {
                    var b = [|new byte[8]|];
                    return s.Read(b, o, b.Length - o);
                }
            """),
        Wrap("""
                static int Header(Stream s)
                {
                    Span<byte> head = stackalloc byte[2];
                    return s.Read(head) + head[0];
                }

                static int Tail(Stream s, int o)
                {
                    Span<byte> b = stackalloc byte[8];
                    return s.Read(b.Slice(o));
                }
            """));

    private const string StreamBase = """

        abstract class Base : Stream
        {
            public override bool CanRead => true;
            public override bool CanSeek => false;
            public override bool CanWrite => false;
            public override long Length => 0;
            public override long Position { get => 0; set { } }
            public override void Flush() { }
            public override long Seek(long offset, SeekOrigin origin) => 0;
            public override void SetLength(long value) { }
            public override void Write(byte[] buffer, int offset, int count) { }
        }

        sealed class ArrayOnly : Base
        {
            public override int Read(byte[] buffer, int offset, int count) => 0;
        }

        sealed class Both : Base
        {
            public override int Read(byte[] buffer, int offset, int count) => 0;
            public override int Read(Span<byte> buffer) => 0;
        }

        """;

    /// <summary>
    /// A Stream subclass that overrides only Read(byte[], int, int) would run Stream's Read(Span&lt;byte&gt;), which rents
    /// an array and copies: slower than the array it replaces. Silent there; reported for a subclass that overrides
    /// both, and for a receiver typed Stream (runtime type unknown, see the page).
    /// </summary>
    [Fact]
    public Task A_stream_that_overrides_only_the_array_overload_keeps_its_array() => Verify(Wrap("""
            static int OnlyArray(ArrayOnly s)
            {
                var b = new byte[16];
                return s.Read(b, 0, b.Length);
            }

            static int Overrides(Both s)
            {
                var b = [|new byte[16]|];
                return s.Read(b, 0, b.Length);
            }

            static int AnyStream(Stream s)
            {
                var b = [|new byte[16]|];
                return s.Read(b, 0, b.Length);
            }
        """) + StreamBase, Wrap("""
            static int OnlyArray(ArrayOnly s)
            {
                var b = new byte[16];
                return s.Read(b, 0, b.Length);
            }

            static int Overrides(Both s)
            {
                Span<byte> b = stackalloc byte[16];
                return s.Read(b);
            }

            static int AnyStream(Stream s)
            {
                Span<byte> b = stackalloc byte[16];
                return s.Read(b);
            }
        """) + StreamBase);

    /// <summary>A buffer read through AsSpan (SharpZipLib's buffer.AsSpan(4, 4)) becomes the span itself or its Slice.</summary>
    [Fact]
    public Task AsSpan_of_the_buffer_becomes_the_span_or_its_slice() => Verify(
        Wrap("""
                static int Read(Stream s)
                {
                    var b = [|new byte[16]|];
                    var n = s.Read(b, 0, b.Length);
                    return System.Buffers.Binary.BinaryPrimitives.ReadInt32LittleEndian(b.AsSpan(4, 4)) + b.AsSpan(8).Length + b.AsSpan().Length + n;
                }
            """),
        Wrap("""
                static int Read(Stream s)
                {
                    Span<byte> b = stackalloc byte[16];
                    var n = s.Read(b);
                    return System.Buffers.Binary.BinaryPrimitives.ReadInt32LittleEndian(b.Slice(4, 4)) + b.Slice(8).Length + b.Length + n;
                }
            """));

    /// <summary>An initializer written over several lines is quoted on one line (SharpZipLib's PkzipClassic keys).</summary>
    [Fact]
    public Task The_message_quotes_the_buffer_on_one_line()
    {
        var test = Test(Wrap("""
                static uint Mix(uint seed)
                {
                    var keys = {|#0:new uint[]
                    {
                        0x12345678,
                        0x23456789,
                    }|};
                    keys[0] ^= seed;
                    return keys[0] + keys[1];
                }
            """));
        test.ExpectedDiagnostics.Add(RuleTest<PERF011UseStackallocForSmallBuffersAnalyzer, PERF011UseStackallocForSmallBuffersCodeFix>.Diagnostic().WithLocation(0)
            .WithMessage("'keys' is a small temporary buffer that never leaves the method; use 'Span<uint> keys = stackalloc' instead of 'new uint[] { 0x12345678, 0x23456789, }'"));
        return test.RunAsync();
    }

    // ---- Must not flag ----

    [Fact]
    public Task Buffers_that_escape_or_need_an_array_are_not_flagged() => Verify(Wrap("""
            static byte[]? s_field;
            static void Take(byte[] a) { }
            static byte[] Returned() { var b = new byte[4]; return b; }
            static void Stored() { var b = new byte[4]; s_field = b; }
            static void Passed() { var b = new byte[4]; Take(b); }
            static Func<int> Captured() { var b = new byte[4]; return () => b[0]; }
            static int LocalFunction() { var b = new byte[4]; return Read(); int Read() => b[0]; }
            static void Locked() { var b = new byte[4]; lock (b) { } }
            static bool Compared(byte[] other) { var b = new byte[4]; return b == other; }
            static object Boxed() { var b = new byte[4]; object o = b; return o; }
            static void Reassigned() { var b = new byte[4]; b = new byte[8]; b[0] = 1; }
            static void Sorted() { var b = new byte[4]; Array.Sort(b); }
            static void Cleared() { var b = new byte[4]; Array.Clear(b, 0, 4); }
            static IEnumerable<byte> Enumerable() { var b = new byte[4]; return b; }
            static int Cloned() { var b = new byte[4]; return ((byte[])b.Clone()).Length; }
            static void Ref() { var b = new byte[4]; ref byte r = ref b[0]; r = 1; }
            static int Unused() { var b = new byte[4]; return 0; }
        """));

    [Fact]
    public Task Loops_handlers_async_iterators_sizes_and_types_are_not_flagged() => Verify(Wrap("""
            static int Loop() { var s = 0; for (var i = 0; i < 3; i++) { var b = new byte[4]; s += b[0]; } return s; }
            static int Catch() { try { return 0; } catch { var b = new byte[4]; return b[0]; } }
            static int Finally() { var s = 0; try { s = 1; } finally { var b = new byte[4]; s += b[0]; } return s; }
            static async Task<int> Async() { var b = new byte[4]; await Task.Yield(); return b[0]; }
            static IEnumerable<int> Iterator() { var b = new byte[4]; yield return b[0]; }
            static int Large() { var b = new byte[512]; return b[0]; }
            static int Variable(int n) { var b = new byte[n]; return b[0]; }
            static int Strings() { var b = new string[4]; return b.Length; }
            static int Decimals() { var b = new decimal[4]; return b.Length; }
            static int Jagged() { var b = new byte[4][]; return b.Length; }
            static int Multi() { var b = new byte[2, 2]; return b.Length; }
            static int Pair() { byte[] a = new byte[4], b = new byte[4]; return a[0] + b[0]; }
            static int Field() => s_buffer[0];
            static readonly byte[] s_buffer = new byte[4];
        """));

    [Fact]
    public Task Skip_locals_init_is_not_flagged() => Verify(
        "using System.Runtime.CompilerServices;\n\n[module: SkipLocalsInit]\n\nstatic class C\n{\n    static int A(System.IO.Stream s) { var b = new byte[16]; return s.Read(b, 0, b.Length) + b[0]; }\n}\n");

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task Targets_without_spans_are_silent(TestReferences references) => Verify(
        Wrap("    static int A() { var b = new byte[16]; b[0] = 1; return b[0] + b.Length; }"), references: references);

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF011UseStackallocForSmallBuffersAnalyzer, PERF011UseStackallocForSmallBuffersCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     static int A() { var b = new byte[; return b[0]; }
                     static int B() { var b = new Missing[4]; return b.Length; }
                     static int D() { var b = new byte[4]; return b.Missing(); }
                     static void E(Stream s) { var b = new byte[4]; s.Write(b, 0); }
             """),
        },
        AllowCompilerErrors = true,
    }.RunAsync();
}
