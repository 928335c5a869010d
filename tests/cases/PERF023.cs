using System;
using System.Linq;
using System.Text;

namespace Cases
{
    public static class PERF023Cases
    {
        // A loop formatting each byte into a builder: Convert.ToHexString from .NET 5 (net10.0 only; netstandard2.0 lacks it).
        // PERF021 also reports the ToString("x2") inside (its fix, Append($"{b:x2}"), is still this rule's loop).
        public static string Digest(byte[] hash)
        {
            var sb = new StringBuilder();
            foreach (var b in hash) //~ PERF023[net10.0]
            {
                sb.Append(b.ToString("x2")); //~ PERF021[net10.0]
            }

            return sb.ToString();
        }

        // string.Concat of a Select: one call.
        public static string Key(byte[] key) => string.Concat(key.Select(b => b.ToString("X2"))); //~ PERF023[net10.0]
        public static string Named(byte[] key) { const string hex = "X2"; return string.Concat(key.Select(b => b.ToString(format: hex))); } //~ PERF023[net10.0]

        // Must not flag: a separator, another width, the BitConverter chain (CA1872's).
        public static string Dashed(byte[] bytes) => string.Join("-", bytes.Select(b => b.ToString("X2")));
        public static string Wide(byte[] bytes) => string.Concat(bytes.Select(b => b.ToString("X4")));
        public static string Chain(byte[] bytes) => BitConverter.ToString(bytes).Replace("-", "");
    }
}
