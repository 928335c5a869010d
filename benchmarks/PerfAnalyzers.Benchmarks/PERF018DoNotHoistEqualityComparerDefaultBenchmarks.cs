using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF018: a generic linear search over 1,000 elements (the value is not there, so every element is compared), as
/// the .NET Core 2.1 post's Dictionary.ContainsValue: Before hoists <c>EqualityComparer&lt;T&gt;.Default</c> into a local,
/// After (the fix) calls it on the property. For <c>int</c> and for a struct implementing <c>IEquatable&lt;T&gt;</c>.
/// </summary>
[MemoryDiagnoser]
public class PERF018DoNotHoistEqualityComparerDefaultBenchmarks
{
    private const int Count = 1_000;
    private readonly int[] _ints = new int[Count];
    private readonly Key[] _keys = new Key[Count];

    public PERF018DoNotHoistEqualityComparerDefaultBenchmarks()
    {
        for (var i = 0; i < Count; i++)
        {
            _ints[i] = i;
            _keys[i] = new Key(i, i * 3);
        }
    }

    [Benchmark(Baseline = true)]
    public int IntBefore() => IndexOfHoisted(_ints, -1);

    [Benchmark]
    public int IntAfter() => IndexOfDirect(_ints, -1);

    [Benchmark]
    public int StructBefore() => IndexOfHoisted(_keys, new Key(-1, 0));

    [Benchmark]
    public int StructAfter() => IndexOfDirect(_keys, new Key(-1, 0));

    private static int IndexOfHoisted<T>(T[] items, T value)
    {
        var comparer = EqualityComparer<T>.Default;
        for (var i = 0; i < items.Length; i++)
        {
            if (comparer.Equals(items[i], value))
            {
                return i;
            }
        }

        return -1;
    }

    private static int IndexOfDirect<T>(T[] items, T value)
    {
        for (var i = 0; i < items.Length; i++)
        {
            if (EqualityComparer<T>.Default.Equals(items[i], value))
            {
                return i;
            }
        }

        return -1;
    }

    public readonly struct Key : IEquatable<Key>
    {
        public Key(int id, int version) => (Id, Version) = (id, version);

        public int Id { get; }

        public int Version { get; }

        public bool Equals(Key other) => Id == other.Id && Version == other.Version;

        public override bool Equals(object? obj) => obj is Key other && Equals(other);

        public override int GetHashCode() => HashCode.Combine(Id, Version);
    }
}
