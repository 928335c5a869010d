using System.Collections.Generic;
using System.Linq;

namespace Cases
{
    public static class PERF025Cases
    {
        // A string[] copied before the join: waste on every target.
        public static string Csv(string[] parts) => string.Join(",", parts.ToArray()); //~ PERF025
        public static string Glue(string[] parts) => string.Concat(parts.ToList()); //~ PERF025

        // A list's ToList(): the same overload without the copy, on every target.
        public static string Names(List<string> names) => string.Join(", ", names.ToList()); //~ PERF025

        // Named arguments, reordered too: only the copy goes.
        public static string Named(string[] parts) => string.Join(value: parts.ToArray(), separator: ","); //~ PERF025

        // Must not flag: a list's ToArray() (the array overload measured as fast or faster), a lazy sequence, a field,
        // object elements.
        private static readonly List<string> Shared = new List<string>();
        public static string Columns(List<string> names) => string.Join(", ", names.ToArray());
        public static string Concat(List<string> names) => string.Concat(names.ToArray());
        public static string Lazy(IEnumerable<string> names) => string.Join(", ", names.ToArray());
        public static string Field() => string.Join(", ", Shared.ToList());
        public static string Objects(List<object> values) => string.Join(", ", values.ToArray());
    }
}
