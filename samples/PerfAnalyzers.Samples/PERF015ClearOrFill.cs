namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF015: a loop storing one value into every element writes one element at a time; Array.Fill (and Array.Clear,
/// Span.Fill, Span.Clear) do it vectorized.
/// </summary>
public static class PERF015ClearOrFill
{
    public static int[] Ones(int length)
    {
        var ones = new int[length];
        for (int i = 0; i < ones.Length; i++)
        {
            ones[i] = 1;
        }

        return ones;
    }
}
