using System.Collections.Generic;

namespace Cases
{
    public static class PERF018Cases
    {
        // The JIT devirtualizes EqualityComparer<T>.Default.Equals only when called on the property (.NET Core 2.1+).
        public static int IndexOf<T>(T[] items, T value)
        {
            var comparer = EqualityComparer<T>.Default; //~ PERF018[net10.0]
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
