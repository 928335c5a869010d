using System;

namespace Cases
{
    public static class PERF010Cases
    {
        // Random.Shared exists on .NET 6+.
        public static int Roll() => new Random().Next(1, 7); //~ PERF010[net10.0]

        // Must not flag: a seeded generator, or one kept in a field.
        private static readonly Random Kept = new Random();
        public static int Seeded(int seed) => new Random(seed).Next();
        public static int Field() => Kept.Next();
    }
}
