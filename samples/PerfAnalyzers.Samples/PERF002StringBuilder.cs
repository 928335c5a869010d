using System.Text;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF002: a StringBuilder created to join three pieces once; an interpolated string builds the same text without
/// the builder and its buffer.
/// </summary>
public static class PERF002StringBuilder
{
    public static string Endpoint(string host, int port)
    {
        var sb = new StringBuilder();
        sb.Append(host);
        sb.Append(':');
        sb.Append(port);
        return sb.ToString();
    }
}
