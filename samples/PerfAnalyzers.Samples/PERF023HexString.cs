using System.Security.Cryptography;
using System.Text;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF023: the loop formats each byte of the hash into its own two-character string and copies it into the builder.
/// Convert.ToHexStringLower (.NET 9+) writes the whole hash as hex into one string of the exact length.
/// </summary>
public static class PERF023HexString
{
    public static string Fingerprint(string text)
    {
        byte[] hash = SHA256.HashData(Encoding.UTF8.GetBytes(text));
        var sb = new StringBuilder(hash.Length * 2);
        foreach (var b in hash)
        {
            sb.Append($"{b:x2}");
        }

        return sb.ToString();
    }
}
