using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF004: the same class unsealed (what the rule flags: <see cref="Square"/>, which nothing derives from) and sealed
/// (what the fix writes: <see cref="SealedSquare"/>). Each pair works on arrays of instances typed as the class, as code
/// that holds such objects in a list or field does: a virtual call (an override of the base's method), an <c>is</c>
/// check and a cast from <c>object</c>, and an array store (the covariance check). Instances live in fields so that
/// nothing is constant-folded; the JIT may still devirtualize the unsealed call with a guarded check (dynamic PGO).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class PERF004SealInternalTypesBenchmarks
{
    private const int Count = 1024;

    private readonly Square[] _squares = new Square[Count];
    private readonly SealedSquare[] _sealedSquares = new SealedSquare[Count];
    private readonly object[] _mixed = new object[Count];
    private readonly object[] _sealedMixed = new object[Count];
    private readonly Square[] _squareTargets = new Square[Count];
    private readonly SealedSquare[] _sealedSquareTargets = new SealedSquare[Count];

    public PERF004SealInternalTypesBenchmarks()
    {
        for (var i = 0; i < Count; i++)
        {
            _squares[i] = new Square(i % 7);
            _sealedSquares[i] = new SealedSquare(i % 7);

            // Two objects in three are squares, the rest are other shapes or strings, so 'is' fails now and then.
            _mixed[i] = (i % 3) switch { 0 => new Square(i % 5), 1 => new Circle(), _ => "text" };
            _sealedMixed[i] = (i % 3) switch { 0 => new SealedSquare(i % 5), 1 => new Circle(), _ => "text" };
        }
    }

    [Benchmark(Baseline = true), BenchmarkCategory("VirtualCall")]
    public int VirtualCallBefore()
    {
        var sum = 0;
        foreach (var square in _squares)
        {
            sum += square.Area();
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory("VirtualCall")]
    public int VirtualCallAfter()
    {
        var sum = 0;
        foreach (var square in _sealedSquares)
        {
            sum += square.Area();
        }

        return sum;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("IsCheck")]
    public int IsCheckBefore()
    {
        var count = 0;
        foreach (var item in _mixed)
        {
            if (item is Square)
            {
                count++;
            }
        }

        return count;
    }

    [Benchmark, BenchmarkCategory("IsCheck")]
    public int IsCheckAfter()
    {
        var count = 0;
        foreach (var item in _sealedMixed)
        {
            if (item is SealedSquare)
            {
                count++;
            }
        }

        return count;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Cast")]
    public int CastBefore()
    {
        var sum = 0;
        var items = _mixed;
        for (var i = 0; i < items.Length; i += 3)
        {
            sum += ((Square)items[i]).Side;
        }

        return sum;
    }

    [Benchmark, BenchmarkCategory("Cast")]
    public int CastAfter()
    {
        var sum = 0;
        var items = _sealedMixed;
        for (var i = 0; i < items.Length; i += 3)
        {
            sum += ((SealedSquare)items[i]).Side;
        }

        return sum;
    }

    [Benchmark(Baseline = true), BenchmarkCategory("ArrayStore")]
    public int ArrayStoreBefore()
    {
        var source = _squares;
        var target = _squareTargets;
        for (var i = 0; i < source.Length && i < target.Length; i++)
        {
            target[i] = source[i];
        }

        return target[Count - 1].Side;
    }

    [Benchmark, BenchmarkCategory("ArrayStore")]
    public int ArrayStoreAfter()
    {
        var source = _sealedSquares;
        var target = _sealedSquareTargets;
        for (var i = 0; i < source.Length && i < target.Length; i++)
        {
            target[i] = source[i];
        }

        return target[Count - 1].Side;
    }
}

/// <summary>The base the shapes override.</summary>
internal abstract class Shape
{
    public abstract int Area();
}

/// <summary>Flagged by PERF004: internal, and nothing derives from it.</summary>
internal class Square : Shape
{
    public Square(int side) => Side = side;

    public int Side { get; }

    public override int Area() => Side * Side;
}

/// <summary>What the fix writes: the same class, sealed.</summary>
internal sealed class SealedSquare : Shape
{
    public SealedSquare(int side) => Side = side;

    public int Side { get; }

    public override int Area() => Side * Side;
}

/// <summary>Another shape, so that type checks against the squares fail now and then.</summary>
internal sealed class Circle : Shape
{
    public override int Area() => 3;
}
