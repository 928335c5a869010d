namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF013: an explicit static constructor that only sets static fields keeps the type from being beforefieldinit,
/// so code compiled before the type is initialized keeps a class-initialization check at each access. Flagged when
/// this file is built for netstandard2.0 or net472 (samples/PerfAnalyzers.Samples.Legacy); silent in the net10.0 sample.
/// </summary>
public static class PERF013StaticConstructor
{
    private static readonly int Factor;
    private static readonly int Offset;

    static PERF013StaticConstructor()
    {
        Factor = 3;
        Offset = 7;
    }

    public static int Scale(int value) => value * Factor + Offset;
}
