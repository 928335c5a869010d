using System;

namespace Cases
{
    public static class PERF027Cases
    {
        // DateTime.Now converts to local time on every read: flagged on every target.
        public static double Now(Action work)
        {
            var start = DateTime.Now; //~ PERF027
            work();
            return (DateTime.Now - start).TotalMilliseconds;
        }

        // DateTime.UtcNow costs 50-60 ns before .NET 6: flagged on netstandard2.0 only.
        public static TimeSpan UtcNow(Action work)
        {
            var start = DateTime.UtcNow; //~ PERF027[netstandard2.0]
            work();
            return DateTime.UtcNow - start;
        }

        // Must not flag: the start is also a date (logged, returned), or two stored times are subtracted.
        public static DateTime Logged(Action work)
        {
            var start = DateTime.Now;
            work();
            Console.WriteLine(DateTime.Now - start);
            return start;
        }

        public static TimeSpan Stored(Action work)
        {
            var start = DateTime.Now;
            work();
            var end = DateTime.Now;
            return end - start;
        }
    }
}
