using System.Linq;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF025: string.Join(",", fields.ToArray()) copies an array that string.Join could read as it is: the copy is
/// allocated, filled and dropped on every call. string.Join(",", fields) binds to the same overload without it.
/// </summary>
public static class PERF025StringJoin
{
    public static string Normalize(string line)
    {
        string[] fields = line.Split(';');
        return string.Join(",", fields.ToArray());
    }
}
