using System;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF012: a private static readonly byte array of constants, only read: as a static ReadOnlySpan&lt;byte&gt; property
/// the compiler embeds the bytes in the assembly and nothing is allocated.
/// </summary>
public static class PERF012ConstantData
{
    private static readonly byte[] Signature = { 0x89, 0x50, 0x4E, 0x47 };

    public static bool IsPng(ReadOnlySpan<byte> file) => file.Length >= Signature.Length && file.StartsWith(Signature);
}
