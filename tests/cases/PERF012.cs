namespace Cases
{
    public static class PERF012Cases
    {
        // Fires only on .NET Core 2.1 to .NET 7: silent on both legs of the cross-check (net10.0 measured equal).
        private static readonly byte[] Table = new byte[] { 1, 2, 3, 4 };

        public static int Get(int i) => Table[i & 3];
    }
}
