using System.Text;

namespace Cases
{
    public static class PERF002Cases
    {
        public static string Two(string a, string b) => new StringBuilder().Append(a).Append(b).ToString(); //~ PERF002
        public static string Named(string a, string b) => new StringBuilder(capacity: 16, value: a).Append(value: b).ToString(); //~ PERF002
        public static string Pair(string name, int count) => new StringBuilder().Append(name).Append('=').Append(count).ToString(); //~ PERF002

        // Must not flag: appends in a loop, a builder that escapes, more pieces than max_appends.
        public static string Loop(string[] parts)
        {
            var sb = new StringBuilder();
            foreach (var part in parts)
            {
                sb.Append(part);
            }

            return sb.ToString();
        }

        public static StringBuilder Escapes(string a) => new StringBuilder().Append(a).Append(a);
        public static string Many(string a) => new StringBuilder().Append(a).Append(a).Append(a).Append(a).Append(a).ToString();
    }
}
