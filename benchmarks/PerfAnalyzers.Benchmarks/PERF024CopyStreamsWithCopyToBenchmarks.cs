using System.IO;
using System.IO.Compression;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF024: 1 MB copied from a <c>MemoryStream</c> into a <c>MemoryStream</c>, and 1 MB of text decompressed from a
/// <c>DeflateStream</c> into a <c>MemoryStream</c>, with a 4 KB and an 80 KB buffer. Each Before is the hand-written
/// read/write loop with its own <c>new byte[size]</c> (the flagged code), each After the fix's output,
/// <c>src.CopyTo(dst, size)</c>. Each returns the bytes written and a checksum of them.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory, BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class PERF024CopyStreamsWithCopyToBenchmarks
{
    private const int Length = 1024 * 1024;

    private byte[] _data = System.Array.Empty<byte>();
    private byte[] _compressed = System.Array.Empty<byte>();
    private MemoryStream _destination = new();

    [Params(4096, 81920)]
    public int BufferSize { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        // Text-like bytes (compressible, as a response body would be).
        _data = new byte[Length];
        var random = new System.Random(42);
        for (var i = 0; i < _data.Length; i++)
        {
            _data[i] = (byte)('a' + random.Next(16));
        }

        using (var packed = new MemoryStream())
        {
            using (var deflate = new DeflateStream(packed, CompressionLevel.Optimal, leaveOpen: true))
            {
                deflate.Write(_data, 0, _data.Length);
            }

            _compressed = packed.ToArray();
        }

        _destination = new MemoryStream(Length);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("MemoryStream -> MemoryStream")]
    public long MemoryBefore()
    {
        var source = new MemoryStream(_data, writable: false);
        var destination = Reset();
        var buffer = new byte[BufferSize];
        int read;
        while ((read = source.Read(buffer, 0, buffer.Length)) > 0)
        {
            destination.Write(buffer, 0, read);
        }

        return Result(destination);
    }

    [Benchmark, BenchmarkCategory("MemoryStream -> MemoryStream")]
    public long MemoryAfter()
    {
        var source = new MemoryStream(_data, writable: false);
        var destination = Reset();
        source.CopyTo(destination, BufferSize);
        return Result(destination);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("DeflateStream -> MemoryStream")]
    public long DeflateBefore()
    {
        var destination = Reset();
        using var source = new DeflateStream(new MemoryStream(_compressed, writable: false), CompressionMode.Decompress);
        var buffer = new byte[BufferSize];
        int read;
        while ((read = source.Read(buffer, 0, buffer.Length)) > 0)
        {
            destination.Write(buffer, 0, read);
        }

        return Result(destination);
    }

    [Benchmark, BenchmarkCategory("DeflateStream -> MemoryStream")]
    public long DeflateAfter()
    {
        var destination = Reset();
        using var source = new DeflateStream(new MemoryStream(_compressed, writable: false), CompressionMode.Decompress);
        source.CopyTo(destination, BufferSize);
        return Result(destination);
    }

    /// <summary>The destination, emptied (its 1 MB capacity kept, so that the copies measure no growth).</summary>
    private MemoryStream Reset()
    {
        _destination.Position = 0;
        _destination.SetLength(0);
        return _destination;
    }

    private static long Result(MemoryStream destination)
    {
        var bytes = destination.GetBuffer();
        long sum = destination.Length;
        for (var i = 0; i < destination.Length; i += 4093)
        {
            sum = (sum * 31) + bytes[i];
        }

        return sum;
    }
}
