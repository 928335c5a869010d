namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF017: a loop that returns the index of the first match, and -1 after it, is exactly IndexOf, which compares
/// a vector of characters per instruction from .NET Core 3.0.
/// </summary>
public static class PERF017SearchLoop
{
    public static int FindSeparator(string line)
    {
        for (int i = 0; i < line.Length; i++)
        {
            if (line[i] == ';')
            {
                return i;
            }
        }

        return -1;
    }
}
