using System;

namespace Cases
{
    public static class PERF005Cases
    {
        // The three-argument Array.Copy asks for lower bounds before .NET 5: flagged on netstandard2.0 only.
        public static int[] Grow(int[] items)
        {
            var bigger = new int[items.Length * 2];
            Array.Copy(items, bigger, items.Length); //~ PERF005[netstandard2.0]
            return bigger;
        }

        // A name in place before a positional argument, and a const length: named throughout by the fix.
        public static void Named(int[] a, int[] b) { const int n = 2; Array.Copy(sourceArray: a, b, n); } //~ PERF005[netstandard2.0]

        // Must not flag: explicit bounds, or a multi-dimensional array.
        public static void Explicit(int[] a, int[] b) => Array.Copy(a, 0, b, 0, a.Length);
        public static void Matrix(int[,] a, int[,] b) => Array.Copy(a, b, a.Length);
    }
}
