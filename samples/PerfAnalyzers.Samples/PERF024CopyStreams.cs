using System.IO;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF024: a loop that reads a chunk from one stream and writes it to another, and nothing else, is what
/// Stream.CopyTo does: input.CopyTo(output, 4096) rents its buffer from the pool, and a stream that overrides CopyTo
/// (MemoryStream, FileStream, DeflateStream) copies without the generic chunks.
/// </summary>
public static class PERF024CopyStreams
{
    public static void Save(Stream input, Stream output)
    {
        var buffer = new byte[4096];
        int read;
        while ((read = input.Read(buffer, 0, buffer.Length)) > 0)
        {
            output.Write(buffer, 0, read);
        }
    }
}
