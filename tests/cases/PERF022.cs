using System.Linq;

namespace Cases
{
    public static class PERF022Cases
    {
        // Fires only before .NET 6 where the span SequenceEqual exists (.NET Core 2.1-5, .NET Standard 2.1, System.Memory):
        // silent on both legs of the cross-check (net10.0 measured, netstandard2.0 without System.Memory has no span API).
        public static bool SameHeader(byte[] header, byte[] expected)
        {
            if (header == null || expected == null || header.Length != expected.Length)
            {
                return false;
            }

            return Enumerable.SequenceEqual(header, expected);
        }
    }
}
