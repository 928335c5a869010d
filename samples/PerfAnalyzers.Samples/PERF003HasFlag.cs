using System.IO;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF003: Enum.HasFlag boxes before .NET Core 2.1. Flagged when this file is built for netstandard2.0
/// (samples/PerfAnalyzers.Samples.Legacy); silent in the net10.0 sample, where HasFlag is a JIT intrinsic.
/// </summary>
public static class PERF003HasFlag
{
    public static bool CanRead(FileAccess access) => access.HasFlag(FileAccess.Read);
}
