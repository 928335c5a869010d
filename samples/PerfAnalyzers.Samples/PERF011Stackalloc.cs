using System.IO;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF011: a small temporary array that never leaves the method allocates on the heap each call; a stackalloc'ed
/// span does not, and Stream.Read has a span overload.
/// </summary>
public static class PERF011Stackalloc
{
    public static int ReadHeader(Stream stream)
    {
        var header = new byte[8];
        var read = stream.Read(header, 0, header.Length);
        return read == 8 ? header[0] ^ header[7] : -1;
    }
}
