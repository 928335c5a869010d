using System.Runtime.CompilerServices;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF013: a hot loop calling a static method that reads a static field. Before, the type has an explicit static
/// constructor (not beforefieldinit); After, the same field has an initializer, as the fix writes it. The loop methods
/// are compiled once, fully optimized and never re-jitted (AggressiveOptimization), as code is on .NET Framework and
/// as ReadyToRun code runs until tiering replaces it: the JIT must then keep the class-initialization check for the
/// explicit static constructor, while it may initialize a beforefieldinit type early and drop the check. On .NET 10
/// both measure the same, which is why the rule is silent from .NET Core 3.0 (see docs/rules/PERF013.md for Mono).
/// </summary>
[MemoryDiagnoser]
public class PERF013InitializeStaticFieldsInlineBenchmarks
{
    [Benchmark(Baseline = true)]
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public int ReadStaticBefore()
    {
        var sum = 0;
        for (var i = 0; i < 1024; i++)
        {
            sum += WithStaticConstructor.Scale(i);
        }

        return sum;
    }

    [Benchmark]
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public int ReadStaticAfter()
    {
        var sum = 0;
        for (var i = 0; i < 1024; i++)
        {
            sum += WithInitializers.Scale(i);
        }

        return sum;
    }

    private static class WithStaticConstructor
    {
        private static readonly int Factor;
        private static readonly int Offset;

        static WithStaticConstructor()
        {
            Factor = 3;
            Offset = 7;
        }

        [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
        public static int Scale(int value) => value * Factor + Offset;
    }

    private static class WithInitializers
    {
        private static readonly int Factor = 3;
        private static readonly int Offset = 7;

        [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
        public static int Scale(int value) => value * Factor + Offset;
    }
}
