using System.Collections.Generic;

namespace Cases
{
    public static class PERF018Cases
    {
        // Flagged on .NET Core 2.1 to .NET 6 only: silent on both legs of the cross-check (net10.0 measured equal,
        // netstandard2.0 may run on .NET Framework, where the hoisted local is faster). The unit tests cover net6.0.
        public static int IndexOf<T>(T[] items, T value)
        {
            var comparer = EqualityComparer<T>.Default;
            for (int i = 0; i < items.Length; i++)
            {
                if (comparer.Equals(items[i], value))
                {
                    return i;
                }
            }

            return -1;
        }

        // Must not flag: a comparer that may be the caller's.
        public static bool Same<T>(T a, T b, IEqualityComparer<T> given)
        {
            var comparer = given ?? EqualityComparer<T>.Default;
            return comparer.Equals(a, b);
        }
    }
}
