using System;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF009: the Type-taking Enum APIs box and look the enum up through reflection; on .NET 6+ the generic overloads
/// do not. Flagged in the net10.0 sample; silent on netstandard2.0, which has no generic overloads.
/// </summary>
public static class PERF009GenericEnum
{
    public static bool IsKnown(DayOfWeek day) => Enum.IsDefined(typeof(DayOfWeek), day);
}
