namespace Cases
{
    public static class PERF016Cases
    {
        // SequenceEqual is vectorized from .NET Core 3.0: flagged on net10.0.
        public static bool Same(byte[] a, byte[] b)
        {
            if (a.Length != b.Length)
            {
                return false;
            }

            for (int i = 0; i < a.Length; i++) //~ PERF016[net10.0]
            {
                if (a[i] != b[i])
                {
                    return false;
                }
            }

            return true;
        }

        // The flag-and-break form.
        public static bool SameFlag(int[] a, int[] b)
        {
            if (a.Length != b.Length) return false;
            bool equal = true;
            for (int i = 0; i < a.Length; i++) //~ PERF016[net10.0]
            {
                if (a[i] != b[i])
                {
                    equal = false;
                    break;
                }
            }

            return equal;
        }

        // A constant start after the length check: a.Length <= 1 || a.AsSpan(1).SequenceEqual(b.AsSpan(1)).
        public static bool SameTail(byte[] a, byte[] b)
        {
            if (a.Length != b.Length) return false;
            for (int i = 1; i < a.Length; i++) //~ PERF016[net10.0]
            {
                if (a[i] != b[i]) return false;
            }

            return true;
        }

        // A range the checks before the loop prove inside both arrays.
        public static bool SameRange(byte[] a, byte[] b, int start, int count)
        {
            if (start < 0 || a.Length - start < count || b.Length - start < count) return false;
            for (int i = start; i < start + count; i++) //~ PERF016[net10.0]
            {
                if (a[i] != b[i]) return false;
            }

            return true;
        }

        // Two offsets, the count checked too: no guard in the fix.
        public static bool SameAt(int[] a, int offsetA, int[] b, int offsetB, int count)
        {
            if (offsetA < 0 || offsetB < 0 || count < 0 || a.Length - offsetA < count || b.Length - offsetB < count)
            {
                throw new System.ArgumentOutOfRangeException(nameof(count));
            }

            for (int i = 0; i < count; i++) //~ PERF016[net10.0]
            {
                if (a[offsetA + i] != b[offsetB + i]) return false;
            }

            return true;
        }

        // Must not flag: a range nothing proves inside both arrays (the loop may return false before it reaches the end of
        // an array, where AsSpan throws), or proven with a sum that can wrap past int.MaxValue.
        public static bool RangeUnchecked(byte[] a, byte[] b, int start, int count)
        {
            for (int i = start; i < start + count; i++)
            {
                if (a[i] != b[i]) return false;
            }

            return true;
        }

        public static bool RangeSumChecked(byte[] a, byte[] b, int start, int count)
        {
            if (start < 0 || count < 0 || start + count > a.Length || start + count > b.Length) return false;
            for (int i = start; i < start + count; i++)
            {
                if (a[i] != b[i]) return false;
            }

            return true;
        }

        // Must not flag: a flag without the length check.
        public static bool FlagNoCheck(int[] a, int[] b)
        {
            bool equal = true;
            for (int i = 0; i < a.Length; i++)
            {
                if (a[i] != b[i])
                {
                    equal = false;
                    break;
                }
            }

            return equal;
        }

        // Must not flag: no length check (the loop throws where SequenceEqual returns false).
        public static bool NoCheck(byte[] a, byte[] b)
        {
            for (int i = 0; i < a.Length; i++)
            {
                if (a[i] != b[i])
                {
                    return false;
                }
            }

            return true;
        }
    }
}
