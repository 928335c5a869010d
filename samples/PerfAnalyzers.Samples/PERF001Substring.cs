namespace PerfAnalyzers.Samples;

/// <summary>PERF001: the substring is only parsed, so a span slice would do.</summary>
public static class PERF001Substring
{
    public static int ParseStatusCode(string line) => int.Parse(line.Substring(line.Length - 3, 3));
}
