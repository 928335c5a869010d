using System;
using System.Threading;
using Microsoft.CodeAnalysis.Text;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// A cheap first filter for rules keyed on a name: does the file's text contain it at all? Scans the text in chunks
/// without materialising it as one string.
/// </summary>
public static class SourceTextSearch
{
    public static bool Contains(SourceText text, string needle, CancellationToken cancellationToken)
    {
        const int ChunkSize = 8192;
        var buffer = new char[ChunkSize + needle.Length];
        for (var start = 0; start < text.Length; start += ChunkSize)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var count = Math.Min(buffer.Length, text.Length - start);
            text.CopyTo(start, buffer, 0, count);
            for (var i = 0; i + needle.Length <= count; i++)
            {
                var j = 0;
                while (j < needle.Length && buffer[i + j] == needle[j])
                {
                    j++;
                }

                if (j == needle.Length)
                {
                    return true;
                }
            }
        }

        return false;
    }
}
