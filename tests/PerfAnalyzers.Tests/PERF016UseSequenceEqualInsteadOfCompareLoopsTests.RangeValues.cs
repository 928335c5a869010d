using System;
using System.Reflection;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>PERF016's constant-start and range fixes run against the loops they replace (issue #34).</summary>
public partial class PERF016UseSequenceEqualInsteadOfCompareLoopsTests
{
    // ---- The fixed code computes the same ----

    /// <summary>
    /// The flagged ranges and their fixes, with their checks, on random arrays and on starts and counts around every edge
    /// (negative, zero, past the end, near int.MaxValue where <c>start + count</c> wraps): the same answer or the same exception.
    /// </summary>
    [Fact]
    public void The_fixed_ranges_give_the_same_answer()
    {
        using var code = LoadedCode.Compile(Header + """
            public static class P
            {
                public static bool Range(byte[] a, byte[] b, int start, int count) { if (start < 0 || a.Length - start < count || b.Length - start < count) return false; for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; }
                public static bool RangeFixed(byte[] a, byte[] b, int start, int count) { if (start < 0 || a.Length - start < count || b.Length - start < count) return false; return count <= 0 || a.AsSpan(start, count).SequenceEqual(b.AsSpan(start, count)); }
                public static bool At(byte[] a, int offsetA, byte[] b, int offsetB, int count) { if (offsetA < 0 || offsetB < 0) throw new ArgumentOutOfRangeException(nameof(offsetA)); if (offsetA > a.Length - count || count > b.Length - offsetB) throw new ArgumentException("range"); for (int i = 0; i < count; i++) if (a[offsetA + i] != b[i + offsetB]) return false; return true; }
                public static bool AtFixed(byte[] a, int offsetA, byte[] b, int offsetB, int count) { if (offsetA < 0 || offsetB < 0) throw new ArgumentOutOfRangeException(nameof(offsetA)); if (offsetA > a.Length - count || count > b.Length - offsetB) throw new ArgumentException("range"); return count <= 0 || a.AsSpan(offsetA, count).SequenceEqual(b.AsSpan(offsetB, count)); }
                public static bool Prefix(byte[] a, byte[] b, int count) { if (a.Length < count || count > b.Length) return false; bool equal = true; for (int i = 0; i < count; i++) { if (a[i] != b[i]) { equal = false; break; } } return equal; }
                public static bool PrefixFixed(byte[] a, byte[] b, int count) { if (a.Length < count || count > b.Length) return false; return count <= 0 || a.AsSpan(0, count).SequenceEqual(b.AsSpan(0, count)); }
                public static bool Inside(byte[] a, byte[] b, int start, int count) { if (start >= 0 && count >= 0 && a.Length - start >= count && count <= b.Length - start) { for (int i = start; i < start + count; i++) if (a[i] != b[i]) return false; return true; } return false; }
                public static bool InsideFixed(byte[] a, byte[] b, int start, int count) { if (start >= 0 && count >= 0 && a.Length - start >= count && count <= b.Length - start) { return a.AsSpan(start, count).SequenceEqual(b.AsSpan(start, count)); } return false; }
                public static bool From(byte[] a, byte[] b, int offset) { if (offset < 0) throw new ArgumentOutOfRangeException(nameof(offset)); if (a.Length != b.Length) return false; for (int i = offset; i < a.Length; i++) if (a[i] != b[i]) return false; return true; }
                public static bool FromFixed(byte[] a, byte[] b, int offset) { if (offset < 0) throw new ArgumentOutOfRangeException(nameof(offset)); if (a.Length != b.Length) return false; return a.Length <= offset || a.AsSpan(offset).SequenceEqual(b.AsSpan(offset)); }
                public static bool Tail(byte[] a, byte[] b) { if (a.Length != b.Length) return false; for (int i = 1; i < a.Length; i++) if (a[i] != b[i]) return false; return true; }
                public static bool TailFixed(byte[] a, byte[] b) { if (a.Length != b.Length) return false; return a.Length <= 1 || a.AsSpan(1).SequenceEqual(b.AsSpan(1)); }
            }
            """);
        int[] edges = { int.MinValue, int.MinValue + 1, -7, -1, 0, 1, 2, 3, 5, 8, 13, int.MaxValue - 1, int.MaxValue };
        var random = new Random(34);
        var calls = 0;
        for (var run = 0; run < 400; run++)
        {
            // Small values, so that equal ranges are common; sometimes a null array.
            var a = Bytes(random, random.Next(0, 14));
            var b = run % 4 == 0 ? (byte[])a.Clone() : Bytes(random, random.Next(0, 14));
            if (run % 3 == 0 && b.Length > 0)
            {
                b[random.Next(b.Length)] ^= 1;
            }

            if (run % 97 == 5)
            {
                b = null!;
            }

            Same(code, "Tail", a, b);
            foreach (var count in edges)
            {
                var first = random.Next(2) == 0 ? edges[random.Next(edges.Length)] : random.Next(-2, 16);
                var second = random.Next(2) == 0 ? edges[random.Next(edges.Length)] : random.Next(-2, 16);
                Same(code, "Range", a, b, first, count);
                Same(code, "At", a, first, b, second, count);
                Same(code, "Prefix", a, b, count);
                Same(code, "Inside", a, b, first, count);
                Same(code, "From", a, b, count);
                calls += 5;
            }
        }

        Assert.True(calls > 10_000);
    }

    private static byte[] Bytes(Random random, int length)
    {
        var bytes = new byte[length];
        for (var i = 0; i < length; i++)
        {
            bytes[i] = (byte)random.Next(0, 2);
        }

        return bytes;
    }

    private static void Same(LoadedCode code, string method, params object?[] arguments) =>
        Assert.Equal(Outcome(code, method, arguments), Outcome(code, method + "Fixed", arguments));

    private static string Outcome(LoadedCode code, string method, object?[] arguments)
    {
        try
        {
            return code.Invoke(method, arguments)!.ToString()!;
        }
        catch (TargetInvocationException e) when (e.InnerException is { } inner)
        {
            return inner.GetType().Name;
        }
    }
}
