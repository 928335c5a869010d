using System;
using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF011: Before allocates a temporary byte array and hands it to a consumer taking (array, offset, count); After is
/// the fix's output: <c>Span&lt;byte&gt; buffer = stackalloc byte[N]</c> handed to the consumer's span overload through
/// <c>Slice</c>, the shape of <c>stream.Read(buffer, 0, n)</c>. The consumers are not inlined (like a virtual
/// <c>Stream.Read</c>), fill the buffer from a seed and sum it back. 16 and 256 bytes. The "local uses" pair keeps
/// every use of the buffer in the method: there the .NET 10 JIT stack-allocates the array itself, which is why the
/// rule needs a call that the buffer escapes into on .NET 10 and later.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PERF011UseStackallocForSmallBuffersBenchmarks
{
    private int _seed = 7;

    [Benchmark(Baseline = true), BenchmarkCategory("16 bytes")]
    public int Small16Before()
    {
        var buffer = new byte[16];
        return Consume(buffer, 0, buffer.Length, _seed);
    }

    [Benchmark, BenchmarkCategory("16 bytes")]
    public int Small16After()
    {
        Span<byte> buffer = stackalloc byte[16];
        return Consume(buffer.Slice(0, buffer.Length), _seed);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("256 bytes")]
    public int Large256Before()
    {
        var buffer = new byte[256];
        return Consume(buffer, 0, buffer.Length, _seed);
    }

    [Benchmark, BenchmarkCategory("256 bytes")]
    public int Large256After()
    {
        Span<byte> buffer = stackalloc byte[256];
        return Consume(buffer.Slice(0, buffer.Length), _seed);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("16 bytes, local uses")]
    public int LocalBefore()
    {
        var buffer = new byte[16];
        for (var i = 0; i < buffer.Length; i++)
        {
            buffer[i] = (byte)(_seed * i);
        }

        var sum = 0;
        foreach (var b in buffer)
        {
            sum += b;
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory("16 bytes, local uses")]
    public int LocalAfter()
    {
        Span<byte> buffer = stackalloc byte[16];
        for (var i = 0; i < buffer.Length; i++)
        {
            buffer[i] = (byte)(_seed * i);
        }

        var sum = 0;
        foreach (var b in buffer)
        {
            sum += b;
        }

        return sum;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int Consume(byte[] buffer, int offset, int count, int seed) => Consume(buffer.AsSpan(offset, count), seed);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int Consume(Span<byte> buffer, int seed)
    {
        for (var i = 0; i < buffer.Length; i++)
        {
            buffer[i] = (byte)(seed * i);
        }

        var sum = 0;
        foreach (var b in buffer)
        {
            sum += b;
        }

        return sum;
    }
}
