// A rough cross-check of PERF003, PERF005, PERF007 and PERF013 on Mono (Debian's mono-runtime), which BenchmarkDotNet's
// project-based toolchains cannot target here: a Stopwatch loop, best of 5 rounds, and GC counts as the allocation
// signal. Build and run with benchmarks/mono/run.sh. Not a substitute for the BenchmarkDotNet tables in docs/rules.
#pragma warning disable CS0414 // the sinks only keep results alive
using System;
using System.Diagnostics;
using System.IO;
using System.Threading.Tasks;

static class OldRuntimeCheck
{
    static readonly Task<bool> TrueTask = Task.FromResult(true);
    static FileAccess _access = FileAccess.ReadWrite;
    static int _sink;
    static object _keep;

    static void Main()
    {
        Console.WriteLine("runtime: " + Environment.Version + " " + (Type.GetType("Mono.Runtime") != null ? "(Mono)" : ""));
        const int n = 20000000;
        Report("PERF003 HasFlag", n, () => { var c = 0; for (var i = 0; i < n; i++) if (_access.HasFlag(FileAccess.Read)) c++; _sink = c; });
        Report("PERF003 bitwise", n, () => { var c = 0; for (var i = 0; i < n; i++) if ((_access & FileAccess.Read) == FileAccess.Read) c++; _sink = c; });
        foreach (var size in new[] { 16, 4096 })
        {
            var src = new int[size];
            var dst = new int[size];
            var m = size == 16 ? 10000000 : 200000;
            Report("PERF005 Array.Copy 3-arg, " + size, m, () => { for (var i = 0; i < m; i++) Array.Copy(src, dst, size); });
            Report("PERF005 Array.Copy 5-arg, " + size, m, () => { for (var i = 0; i < m; i++) Array.Copy(src, 0, dst, 0, size); });
        }

        Report("PERF007 Task.FromResult(true)", n, () => { for (var i = 0; i < n; i++) _keep = Task.FromResult(true); });
        Report("PERF007 cached field", n, () => { for (var i = 0; i < n; i++) _keep = TrueTask; });

        // Each loop is its own method, compiled before its type is initialized (the types are first touched inside).
        Report("PERF013 explicit static constructor", n, () => _sink = SumWithStaticConstructor(n));
        Report("PERF013 field initializers", n, () => _sink = SumWithInitializers(n));
    }

    static int SumWithStaticConstructor(int n)
    {
        var sum = 0;
        for (var i = 0; i < n; i++) sum += WithStaticConstructor.Scale(i);
        return sum;
    }

    static int SumWithInitializers(int n)
    {
        var sum = 0;
        for (var i = 0; i < n; i++) sum += WithInitializers.Scale(i);
        return sum;
    }

    static void Report(string name, int iterations, Action body)
    {
        body(); // warm up (JIT)
        var best = double.MaxValue;
        var gen0 = GC.CollectionCount(0);
        for (var round = 0; round < 5; round++)
        {
            var watch = Stopwatch.StartNew();
            body();
            best = Math.Min(best, watch.Elapsed.TotalMilliseconds * 1000000.0 / iterations);
        }

        Console.WriteLine("{0,-36} {1,10:F3} ns/op   gen0 collections: {2}", name, best, GC.CollectionCount(0) - gen0);
    }
}

static class WithStaticConstructor
{
    static readonly int Factor;
    static readonly int Offset;

    static WithStaticConstructor()
    {
        Factor = 3;
        Offset = 7;
    }

    public static int Scale(int value) { return value * Factor + Offset; }
}

static class WithInitializers
{
    static readonly int Factor = 3;
    static readonly int Offset = 7;

    public static int Scale(int value) { return value * Factor + Offset; }
}
