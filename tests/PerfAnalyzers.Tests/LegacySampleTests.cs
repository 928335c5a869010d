using System.IO;
using System.Linq;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// samples/PerfAnalyzers.Samples.Legacy (netstandard2.0;net472) shows the target-gated rules on the same code that the
/// net10.0 sample compiles silently: its files must stay exact copies of the modern sample's.
/// </summary>
public class LegacySampleTests
{
    [Fact]
    public void Legacy_sample_files_are_copies_of_the_modern_ones()
    {
        var legacy = Directory.GetFiles(Repository.Path("samples", "PerfAnalyzers.Samples.Legacy"), "PERF*.cs");
        Assert.NotEmpty(legacy);
        foreach (var file in legacy)
        {
            var modern = Repository.Path("samples", "PerfAnalyzers.Samples", Path.GetFileName(file));
            Assert.True(File.Exists(modern), modern + " is missing: the modern sample must compile the same code");
            Assert.Equal(File.ReadAllText(modern), File.ReadAllText(file));
        }

        Assert.Equal(new[] { "PERF003", "PERF005", "PERF007", "PERF012", "PERF013" }, legacy.Select(f => Path.GetFileName(f)[..7]).OrderBy(x => x));
    }
}
