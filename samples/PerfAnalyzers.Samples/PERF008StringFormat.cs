namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF008: string.Format with a constant format parses it and boxes the int on every call; on .NET 6+ with C# 10+
/// an interpolated string builds the same text with the format parsed at compile time.
/// </summary>
public static class PERF008StringFormat
{
    public static string Describe(string name, int count, double total) =>
        string.Format("{0}: {1,4} items, {2:N2} in total", name, count, total);
}
