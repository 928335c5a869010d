using System.Collections.Generic;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF018: on .NET Core 2.1+ the JIT devirtualizes and inlines EqualityComparer&lt;T&gt;.Default.Equals only when it
/// is called on the property; hoisted into a local, every comparison is a virtual call up to .NET 6. Shown on the
/// legacy sample's net6.0 leg (silent on net10.0, where the two forms measure the same, and on netstandard2.0/net472).
/// </summary>
public static class PERF018HoistedComparer
{
    public static int Count<T>(T[] items, T value)
    {
        var comparer = EqualityComparer<T>.Default;
        var count = 0;
        foreach (var item in items)
        {
            if (comparer.Equals(item, value))
            {
                count++;
            }
        }

        return count;
    }
}
