using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Xunit;

namespace PerfAnalyzers.EndToEnd;

/// <summary>
/// Packs the package once (with a unique prerelease version, so NuGet's cache never serves an older build), and
/// restores one net10.0 consumer and, when the legacy samples exist, one netstandard2.0 consumer. Shared by every
/// end-to-end test; the tests run one after another.
/// </summary>
public sealed class PackageFixture : IDisposable
{
    public PackageFixture()
    {
        Root = FindRoot();
        WorkDirectory = Path.Combine(Path.GetTempPath(), "perfanalyzers-e2e-" + Guid.NewGuid().ToString("N")[..8]);
        Feed = Path.Combine(WorkDirectory, "feed");
        Directory.CreateDirectory(Feed);
        Version = "0.1.0-e2e" + DateTime.UtcNow.Ticks;

#if DEBUG
        const string configuration = "Debug";
#else
        const string configuration = "Release";
#endif
        var (code, output) = Shell.Dotnet($"pack src/PerfAnalyzers.Package -c {configuration} --no-build -o \"{Feed}\" -p:PackageVersion={Version}", Root);
        if (code != 0)
        {
            // Not built yet in this configuration (e.g. only this test project was built): pack with a build.
            (code, output) = Shell.Dotnet($"pack src/PerfAnalyzers.Package -c {configuration} -o \"{Feed}\" -p:PackageVersion={Version}", Root);
        }

        Assert.True(code == 0, "dotnet pack failed:\n" + output);
        Package = Directory.GetFiles(Feed, "*.nupkg").Single();

        var editorConfig = File.ReadAllText(Path.Combine(Root, "samples", ".editorconfig"));
        Modern = Consumer.Create(Path.Combine(WorkDirectory, "modern"), Feed, Version, "net10.0", SampleFiles("PerfAnalyzers.Samples"), editorConfig);
        Check(Modern.Restore(), "restore of the net10.0 consumer");

        var legacyFiles = SampleFiles("PerfAnalyzers.Samples.Legacy").ToList();
        if (legacyFiles.Count > 0)
        {
            Legacy = Consumer.Create(Path.Combine(WorkDirectory, "legacy"), Feed, Version, "netstandard2.0", legacyFiles, editorConfig);
            Check(Legacy.Restore(), "restore of the netstandard2.0 consumer");
        }
    }

    public string Root { get; }

    public string WorkDirectory { get; }

    public string Feed { get; }

    public string Version { get; }

    public string Package { get; }

    public Consumer Modern { get; }

#if DEBUG
    private const string Configuration = "Debug";
#else
    private const string Configuration = "Release";
#endif

    /// <summary>The perfanalyzers CLI as built beside the tests, run as a process, as users run it.</summary>
    public string Cli => Path.Combine(Root, "src", "PerfAnalyzers.Cli", "bin", Configuration, "net10.0", "PerfAnalyzers.Cli.dll");

    public (int ExitCode, string Output) RunCli(string arguments, string? directory = null) =>
        Shell.Dotnet($"\"{Cli}\" {arguments}", directory ?? Root);

    /// <summary>Null until samples/PerfAnalyzers.Samples.Legacy exists.</summary>
    public Consumer? Legacy { get; }

    private int _copies;

    /// <summary>A restored copy of a consumer, for tests that change its sources.</summary>
    public Consumer Copy(Consumer consumer)
    {
        var copy = consumer.CopyTo(Path.Combine(WorkDirectory, "copy" + System.Threading.Interlocked.Increment(ref _copies)));
        Check(copy.Restore(), "restore of a consumer copy");
        return copy;
    }

    /// <summary>A sample project's own .cs files and the ones it links (<c>&lt;Compile Include="..." Link="..." /&gt;</c>), Program.cs aside.</summary>
    private IEnumerable<string> SampleFiles(string project)
    {
        var dir = Path.Combine(Root, "samples", project);
        if (!Directory.Exists(dir))
        {
            return Enumerable.Empty<string>();
        }

        var linked = Directory.GetFiles(dir, "*.csproj")
            .SelectMany(p => System.Xml.Linq.XDocument.Load(p).Descendants("Compile"))
            .Select(c => (string?)c.Attribute("Include"))
            .Where(i => i is not null)
            .Select(i => Path.GetFullPath(Path.Combine(dir, i!.Replace('\\', Path.DirectorySeparatorChar))));
        return Directory.GetFiles(dir, "*.cs").Concat(linked).Where(f => Path.GetFileName(f) != "Program.cs").ToList();
    }

    private static void Check((int ExitCode, string Output) result, string what) =>
        Assert.True(result.ExitCode == 0, what + " failed:\n" + result.Output);

    private static string FindRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "PerfAnalyzers.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException("Cannot find PerfAnalyzers.sln above " + AppContext.BaseDirectory);
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(WorkDirectory, recursive: true);
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }
    }
}

[CollectionDefinition(Name)]
public sealed class PackageCollection : ICollectionFixture<PackageFixture>
{
    public const string Name = "package";
}
