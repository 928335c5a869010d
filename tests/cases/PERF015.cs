using System;

namespace Cases
{
    public static class PERF015Cases
    {
        // A clearing loop: every target has Array.Clear(array, 0, length).
        public static void Zero(int[] a)
        {
            for (int i = 0; i < a.Length; i++) //~ PERF015
            {
                a[i] = 0;
            }
        }

        // The bound written first and the step written i += 1: the same loop.
        public static void ZeroReversed(long[] a)
        {
            for (int i = 0; a.Length > i; i += 1) //~ PERF015
            {
                a[i] = 0;
            }
        }

        // A filling loop: Array.Fill is vectorized from .NET 6.
        public static void Ones(int[] a)
        {
            for (int i = 0; i < a.Length; i++) //~ PERF015[net10.0]
            {
                a[i] = 1;
            }
        }

        // Must not flag: a loop that does more than store one value; and Array.Clear(a, 0, a.Length), because the
        // netstandard2.0 leg of this project lacks Array.Clear(array) and dropping the range is not worth an #if.
        public static void Squares(int[] a)
        {
            for (int i = 0; i < a.Length; i++)
            {
                a[i] = i * i;
            }
        }

        public static void Reset(int[] a) => Array.Clear(a, 0, a.Length);
    }
}
