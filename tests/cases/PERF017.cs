namespace Cases
{
    public static class PERF017Cases
    {
        // IndexOf is vectorized from .NET Core 3.0: flagged on net10.0.
        public static int Colon(string s)
        {
            for (int i = 0; i < s.Length; i++) //~ PERF017[net10.0]
            {
                if (s[i] == ':')
                {
                    return i;
                }
            }

            return -1;
        }

        // A foreach that answers found / not found: Contains.
        public static bool HasColon(string s)
        {
            foreach (var c in s) //~ PERF017[net10.0]
            {
                if (c == ':')
                {
                    return true;
                }
            }

            return false;
        }

        // Two values from a variable start: the slice AsSpan(start).IndexOfAny(...) plus the start (#34).
        public static int NextSeparator(string s, int start)
        {
            for (int i = start; i < s.Length; i++) //~ PERF017[net10.0]
            {
                if (s[i] == ',' || s[i] == ';')
                {
                    return i;
                }
            }

            return -1;
        }

        // Backward from a start: AsSpan(0, pos).LastIndexOf(c) behind pos - 1 >= 0 (#34).
        public static int LastSlashBefore(string s, int pos)
        {
            for (int i = pos - 1; i >= 0; i--) //~ PERF017[net10.0]
            {
                if (s[i] == '/')
                {
                    return i;
                }
            }

            return -1;
        }

        // Must not flag: a backward loop down to a variable bound (a negative bound: the loop returns a match it finds
        // before reaching -1, where the call would throw).
        public static int LastSlashDownTo(string s, int bound)
        {
            for (int i = s.Length - 1; i >= bound; i--)
            {
                if (s[i] == '/')
                {
                    return i;
                }
            }

            return -1;
        }
#if NET
        // A span from a constant start: Slice(1).IndexOf(v), the index plus 1 (#34).
        public static int AfterFirst(System.ReadOnlySpan<byte> data)
        {
            for (int i = 1; i < data.Length; i++) //~ PERF017[net10.0]
            {
                if (data[i] == 0)
                {
                    return i;
                }
            }

            return -1;
        }
#endif

        // Must not flag: another "not found" value.
        public static int OrLength(int[] values, int value)
        {
            for (int i = 0; i < values.Length; i++)
            {
                if (values[i] == value)
                {
                    return i;
                }
            }

            return values.Length;
        }
    }
}
