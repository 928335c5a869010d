using System;
using System.Linq;
using System.Text;

namespace Cases
{
    public static class PERF023Cases
    {
        // A loop formatting each byte into a builder: Convert.ToHexString from .NET 5 (net10.0 only; netstandard2.0 lacks it).
        // The builder held nothing else: the fix makes the whole method `return Convert.ToHexStringLower(hash);`.
        // PERF021 leaves the ToString("x2") inside to this rule (one line, one diagnostic).
        public static string Digest(byte[] hash)
        {
            var sb = new StringBuilder(hash.Length * 2);
            foreach (var b in hash) //~ PERF023[net10.0]
            {
                sb.Append(b.ToString("x2"));
            }

            return sb.ToString();
        }

        // A discarded append is the same loop; the builder is a parameter, so it stays.
        public static void Discarded(byte[] hash, StringBuilder sb)
        {
            foreach (var b in hash) //~ PERF023[net10.0]
                _ = sb.Append(b.ToString("X2"));
        }

        // Must not flag: a separator in the loop; PERF021 still reports the ToString("x2") there.
        public static string Separated(byte[] hash)
        {
            var sb = new StringBuilder();
            foreach (var b in hash)
            {
                sb.Append(b.ToString("x2")); //~ PERF021[net10.0]
                sb.Append('-');
            }

            return sb.ToString();
        }

        // string.Concat of a Select: one call.
        public static string Key(byte[] key) => string.Concat(key.Select(b => b.ToString("X2"))); //~ PERF023[net10.0]
        public static string Named(byte[] key) { const string hex = "X2"; return string.Concat(key.Select(b => b.ToString(format: hex))); } //~ PERF023[net10.0]
        public static string Reordered(byte[] key) => string.Join(values: Enumerable.Select(selector: b => b.ToString("X2"), source: key), separator: ""); //~ PERF023[net10.0]

        // Must not flag: a separator, another width, the BitConverter chain (CA1872's).
        public static string Dashed(byte[] bytes) => string.Join("-", bytes.Select(b => b.ToString("X2")));
        public static string Wide(byte[] bytes) => string.Concat(bytes.Select(b => b.ToString("X4")));
        public static string Chain(byte[] bytes) => BitConverter.ToString(bytes).Replace("-", "");
    }
}
