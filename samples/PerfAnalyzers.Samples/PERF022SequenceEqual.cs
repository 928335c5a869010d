using System.Linq;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF022: Enumerable.SequenceEqual over two byte arrays walks both through their enumerators before .NET 6; the span
/// SequenceEqual compares memory. Flagged when this file is built for netstandard2.0 with System.Memory
/// (samples/PerfAnalyzers.Samples.Legacy); silent on net10.0, where Enumerable.SequenceEqual takes the span path itself,
/// and on net472 and net6.0 there.
/// </summary>
public static class PERF022SequenceEqual
{
    public static bool SameRecord(byte[] stored, byte[] incoming)
    {
        if (stored == null || incoming == null || stored.Length != incoming.Length)
        {
            return false;
        }

        return stored.SequenceEqual(incoming);
    }
}
