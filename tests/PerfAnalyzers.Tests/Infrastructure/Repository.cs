using System;
using System.IO;

namespace PerfAnalyzers.Tests.Infrastructure;

/// <summary>Paths in the repository the tests run from.</summary>
public static class Repository
{
    public static string Root { get; } = FindRoot();

    public static string Path(params string[] parts) => System.IO.Path.Combine([Root, .. parts]);

    public static string Read(params string[] parts) => File.ReadAllText(Path(parts));

    private static string FindRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(System.IO.Path.Combine(dir.FullName, "PerfAnalyzers.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException("Cannot find PerfAnalyzers.sln above " + AppContext.BaseDirectory);
    }
}
