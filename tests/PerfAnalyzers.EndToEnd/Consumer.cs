using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;

namespace PerfAnalyzers.EndToEnd;

/// <summary>Runs a command and returns its exit code and combined output; never hangs past the timeout.</summary>
public static class Shell
{
    /// <summary>A process with its output redirected and the quiet, English, no-node-reuse environment every test runs in.</summary>
    public static ProcessStartInfo StartInfo(string fileName, string arguments, string workingDirectory)
    {
        var info = new ProcessStartInfo(fileName, arguments)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        info.Environment["DOTNET_NOLOGO"] = "1";
        info.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        info.Environment["DOTNET_CLI_UI_LANGUAGE"] = "en";
        return info;
    }

    public static (int ExitCode, string Output) Run(string fileName, string arguments, string workingDirectory, int timeoutSeconds = 300)
    {
        using var process = Process.Start(StartInfo(fileName, arguments, workingDirectory))!;
        var output = new StringBuilder();
        process.OutputDataReceived += (_, e) => { if (e.Data is not null) { lock (output) { output.AppendLine(e.Data); } } };
        process.ErrorDataReceived += (_, e) => { if (e.Data is not null) { lock (output) { output.AppendLine(e.Data); } } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        if (!process.WaitForExit(timeoutSeconds * 1000))
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"'{fileName} {arguments}' did not finish in {timeoutSeconds} s:\n{output}");
        }

        process.WaitForExit();
        lock (output)
        {
            return (process.ExitCode, output.ToString());
        }
    }

    public static (int ExitCode, string Output) Dotnet(string arguments, string workingDirectory, int timeoutSeconds = 300) =>
        Run("dotnet", arguments, workingDirectory, timeoutSeconds);
}

/// <summary>One diagnostic line of a build's output.</summary>
public sealed record BuildDiagnostic(string File, int Line, int Column, string Severity, string Id, string Message)
{
    private static readonly Regex Pattern = new(@"^\s*(?<file>[^\s(][^(]*)\((?<line>\d+),(?<col>\d+)\): (?<sev>warning|error|info) (?<id>[A-Z]+\d+): (?<msg>.*?)(?: \[(?<project>[^\]]+)\])?$", RegexOptions.Multiline);
    private static readonly Regex TargetFramework = new(@"::TargetFramework=(?<tfm>[^\]\s;]+)");

    /// <summary>The target framework of a multi-targeted build's line (<c>[Lib.csproj::TargetFramework=net10.0]</c>); null for a single target.</summary>
    public string? Leg { get; init; }

    public static List<BuildDiagnostic> Parse(string output) =>
        Pattern.Matches(output)
            .Select(m => new BuildDiagnostic(Path.GetFileName(m.Groups["file"].Value.Trim()), int.Parse(m.Groups["line"].Value), int.Parse(m.Groups["col"].Value),
                m.Groups["sev"].Value, m.Groups["id"].Value, m.Groups["msg"].Value)
            {
                Leg = TargetFramework.Match(m.Groups["project"].Value) is { Success: true } leg ? leg.Groups["tfm"].Value : null,
            })
            .Distinct()
            .ToList();
}

/// <summary>A temporary consumer project that installs the packed package from a local feed.</summary>
public sealed class Consumer
{
    public Consumer(string directory, string targetFramework)
    {
        Directory = directory;
        TargetFramework = targetFramework;
    }

    public string Directory { get; }

    public string TargetFramework { get; }

    public string ProjectPath => Path.Combine(Directory, "Consumer.csproj");

    /// <summary>
    /// Writes a consumer project. <paramref name="targetFramework"/> may list several legs (<c>netstandard2.0;net10.0</c>:
    /// a multi-targeted project); <paramref name="langVersion"/> null leaves each leg at the SDK's default language version
    /// (then <paramref name="nullable"/> must be <c>disable</c> for a C# 7.3 leg).
    /// </summary>
    public static Consumer Create(string directory, string feed, string version, string targetFramework, IEnumerable<string> sourceFiles, string editorConfig, string? langVersion = "latest", string nullable = "enable")
    {
        var frameworks = targetFramework.Contains(';') ? $"<TargetFrameworks>{targetFramework}</TargetFrameworks>" : $"<TargetFramework>{targetFramework}</TargetFramework>";
        var language = langVersion is null ? "" : $"<LangVersion>{langVersion}</LangVersion>";
        System.IO.Directory.CreateDirectory(directory);
        File.WriteAllText(Path.Combine(directory, "NuGet.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <clear />
                <add key="local" value="{feed}" />
                <add key="nuget.org" value="https://api.nuget.org/v3/index.json" />
              </packageSources>
            </configuration>
            """);
        File.WriteAllText(Path.Combine(directory, "Consumer.csproj"), $"""
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                {frameworks}
                {language}
                <Nullable>{nullable}</Nullable>
                <ImplicitUsings>disable</ImplicitUsings>
                <TreatWarningsAsErrors>false</TreatWarningsAsErrors>
              </PropertyGroup>
              <ItemGroup>
                <PackageReference Include="PerfAnalyzers" Version="{version}" PrivateAssets="all" />
              </ItemGroup>
            </Project>
            """);
        // Stop the repository's Directory.Build.props / Directory.Packages.props from applying (the consumer may live anywhere).
        File.WriteAllText(Path.Combine(directory, "Directory.Build.props"), "<Project />");
        File.WriteAllText(Path.Combine(directory, "Directory.Build.targets"), "<Project />");
        File.WriteAllText(Path.Combine(directory, "Directory.Packages.props"), "<Project />");
        File.WriteAllText(Path.Combine(directory, ".editorconfig"), editorConfig);
        foreach (var file in sourceFiles)
        {
            File.Copy(file, Path.Combine(directory, Path.GetFileName(file)), overwrite: true);
        }

        return new Consumer(directory, targetFramework);
    }

    public Consumer CopyTo(string directory)
    {
        CopyDirectory(Directory, directory);
        return new Consumer(directory, TargetFramework);
    }

    public (int ExitCode, string Output) Restore() => Shell.Dotnet("restore --nologo", Directory);

    /// <summary>
    /// Builds the consumer. By default the compiler always runs (<c>--no-incremental</c>): MSBuild replays no warnings
    /// for an up-to-date project. <paramref name="incremental"/> builds as a developer's second build does.
    /// </summary>
    public (int ExitCode, string Output, List<BuildDiagnostic> Diagnostics) Build(string extraArguments = "", bool incremental = false)
    {
        var (code, output) = Shell.Dotnet("build --no-restore --nologo -clp:NoSummary " + (incremental ? "" : "--no-incremental ") + extraArguments, Directory);
        return (code, output, BuildDiagnostic.Parse(output));
    }

    public string ReadFile(string name) => File.ReadAllText(Path.Combine(Directory, name));

    public void WriteFile(string name, string text) => File.WriteAllText(Path.Combine(Directory, name), text);

    /// <summary>Marks a file as changed, so that an incremental build compiles again.</summary>
    public void Touch(string name) => File.SetLastWriteTimeUtc(Path.Combine(Directory, name), DateTime.UtcNow);

    public void DeleteFile(string name) => File.Delete(Path.Combine(Directory, name));

    private static void CopyDirectory(string from, string to)
    {
        System.IO.Directory.CreateDirectory(to);
        foreach (var file in System.IO.Directory.GetFiles(from))
        {
            File.Copy(file, Path.Combine(to, Path.GetFileName(file)), overwrite: true);
        }

        foreach (var dir in System.IO.Directory.GetDirectories(from))
        {
            var name = Path.GetFileName(dir);
            if (name is not ("bin" or "obj"))
            {
                CopyDirectory(dir, Path.Combine(to, name));
            }
        }
    }
}
