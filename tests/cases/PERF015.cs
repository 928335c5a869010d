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

        // A range (issue #34): the call goes under the loop's first test, where the loop does nothing.
        public static void ZeroRange(int[] a, int start, int count)
        {
            for (int i = start; i < start + count; i++) //~ PERF015
            {
                a[i] = 0;
            }
        }

        public static void ZeroBetween(long[] a, int first, int last)
        {
            for (int i = first; i <= last; i++) //~ PERF015
            {
                a[i] = 0;
            }
        }

        // From the second element to the end: a.AsSpan(1).Fill(-1) under 'if (a.Length > 1)', .NET 6+ like every filling loop.
        public static void FillTail(int[] a)
        {
            for (int i = 1; i < a.Length; i++) //~ PERF015[net10.0]
            {
                a[i] = -1;
            }
        }

        // Going down to index 1: the range [1, Length), under 'if (a.Length > 1)'.
        public static void ZeroTailBackwards(int[] a)
        {
            for (int i = a.Length - 1; i > 0; i--) //~ PERF015
            {
                a[i] = 0;
            }
        }

        // A while loop over an index declared right before it and not read after it.
        public static void ZeroPrefix(byte[] a, int n)
        {
            int i = 0;
            while (i < n) //~ PERF015
            {
                a[i] = 0;
                i++;
            }
        }

        // Must not flag: the index's final value is read after the while loop.
        public static int ZeroCounted(byte[] a, int n)
        {
            int i = 0;
            while (i < n)
            {
                a[i] = 0;
                i++;
            }

            return i;
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
