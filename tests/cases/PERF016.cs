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
