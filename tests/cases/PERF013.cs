namespace Cases
{
    public static class PERF013Cases
    {
        private static readonly int Limit;
        private static readonly string Name;

        // An explicit static constructor that only initializes static fields: flagged before .NET Core 3.0.
        static PERF013Cases() //~ PERF013[netstandard2.0]
        {
            Limit = 10;
            Name = "cases";
        }

        public static int Use() => Limit + Name.Length;
    }

    public static class PERF013Kept
    {
        private static readonly int Limit;

        // Must not flag: the constructor does more than initialize fields.
        static PERF013Kept()
        {
            Limit = 10;
            System.Console.WriteLine(Limit);
        }

        public static int Use() => Limit;
    }
}
