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
