namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF016: a length check and a loop that returns false at the first difference are exactly SequenceEqual, which
/// compares a vector of bytes per instruction from .NET Core 3.0.
/// </summary>
public static class PERF016CompareLoop
{
    public static bool SameHash(byte[] expected, byte[] actual)
    {
        if (expected.Length != actual.Length)
        {
            return false;
        }

        for (int i = 0; i < expected.Length; i++)
        {
            if (expected[i] != actual[i])
            {
                return false;
            }
        }

        return true;
    }
}
