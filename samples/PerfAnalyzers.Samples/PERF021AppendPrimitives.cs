using System.Text;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF021: Append(count.ToString()) formats the number into a temporary string that the builder copies and drops;
/// Append(count) formats it straight into the builder's buffer (.NET Core 2.1+).
/// </summary>
public static class PERF021AppendPrimitives
{
    public static void AppendRow(StringBuilder report, string name, int count) =>
        report.Append(name).Append(": ").Append(count.ToString()).AppendLine();
}
