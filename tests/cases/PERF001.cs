using System;
using System.Text;

namespace Cases
{
    public static class PERF001Cases
    {
        // Flagged where the span overload exists.
        public static int Number(string s) => int.Parse(s.Substring(1, 3)); //~ PERF001[net10.0]
        public static bool Starts(string s) => s.Substring(0, 3) == "abc"; //~ PERF001[net10.0]

        // StringBuilder.Append(string, int, int) exists everywhere.
        public static void Add(StringBuilder sb, string s) => sb.Append(s.Substring(1, 2)); //~ PERF001

        // Named arguments, reordered: AsSpan's 'start', Append's 'count'.
        public static int Named(string s) => int.Parse(s.Substring(length: 3, startIndex: 1)); //~ PERF001[net10.0]
        public static void AddNamed(StringBuilder sb, string s) => sb.Append(s.Substring(length: 2, startIndex: 1)); //~ PERF001

        // Must not flag: the substring is kept, returned, or compared culture-sensitively.
        public static string Kept(string s) => s.Substring(1);
        public static string Stored(string s) { var part = s.Substring(2); return part + part; }
        public static bool Culture(string s) => s.Substring(1).StartsWith("x", StringComparison.CurrentCulture);
    }
}
