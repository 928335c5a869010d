namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF014: assembling a big-endian integer byte by byte; BinaryPrimitives reads it with one load and a byte swap.
/// </summary>
public static class PERF014BinaryPrimitives
{
    public static int ReadLength(byte[] frame, int offset) =>
        (frame[offset] << 24) | (frame[offset + 1] << 16) | (frame[offset + 2] << 8) | frame[offset + 3];
}
