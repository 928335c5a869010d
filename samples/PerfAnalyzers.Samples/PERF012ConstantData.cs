namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF012: a private static readonly byte array of constants, only read: as a static ReadOnlySpan&lt;byte&gt; property
/// the compiler embeds the bytes in the assembly and nothing is allocated. Flagged when this file is built for
/// net6.0 (samples/PerfAnalyzers.Samples.Legacy); silent on net10.0, where the benchmark shows no difference, and on
/// netstandard2.0 and net472, which have only the slower portable span.
/// </summary>
public static class PERF012ConstantData
{
    private static readonly byte[] Signature = { 0x89, 0x50, 0x4E, 0x47 };

    public static bool StartsLikePng(byte[] file) => file.Length >= Signature.Length && file[0] == Signature[0] && file[1] == Signature[1];
}
