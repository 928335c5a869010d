using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using System.Xml.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.MSBuild;
using Microsoft.CodeAnalysis.Text;

namespace PerfAnalyzers.Cli;

/// <summary>Opens what the user named: a solution or project through MSBuild, or a folder of .cs files ad hoc.</summary>
public static class Loader
{
    public sealed record Loaded(Workspace Workspace, Solution Solution, IReadOnlyList<ProjectId> Projects, bool IsAdHoc);

    public static async Task<Loaded> LoadAsync(ScanOptions options, Action<string> progress, CancellationToken cancellationToken)
    {
        var path = System.IO.Path.GetFullPath(options.Path);
        Loaded loaded;
        if (Directory.Exists(path))
        {
            loaded = LoadFolder(path, progress);
        }
        else if (File.Exists(path))
        {
            var extension = System.IO.Path.GetExtension(path).ToLowerInvariant();
            if (extension is not (".sln" or ".slnx" or ".csproj"))
            {
                throw new UsageException($"cannot scan '{options.Path}': expected a .sln, .slnx or .csproj file, or a folder");
            }

            loaded = await LoadMSBuildAsync(path, extension, progress, cancellationToken).ConfigureAwait(false);
        }
        else
        {
            throw new UsageException($"path not found: {options.Path}");
        }

        return options.TargetFramework is { } tfm ? WithTargetFramework(loaded, tfm) : loaded;
    }

    /// <summary>Every .cs file under the folder (bin/obj excluded), compiled against the running .NET's reference assemblies.</summary>
    private static Loaded LoadFolder(string folder, Action<string> progress)
    {
        var files = Directory.EnumerateFiles(folder, "*.cs", SearchOption.AllDirectories)
            .Where(f => !IsBuildOutput(folder, f))
            .OrderBy(f => f, StringComparer.Ordinal)
            .ToList();
        if (files.Count == 0)
        {
            throw new UsageException($"no .cs files found in {folder}");
        }

        progress($"compiling {files.Count} files from {folder} against .NET {Environment.Version}");
        var workspace = new AdhocWorkspace();
        var projectId = ProjectId.CreateNewId();
        var info = ProjectInfo.Create(
            projectId,
            VersionStamp.Create(),
            System.IO.Path.GetFileName(folder.TrimEnd(System.IO.Path.DirectorySeparatorChar)),
            "Scanned",
            LanguageNames.CSharp,
            filePath: System.IO.Path.Combine(folder, "scanned.csproj"),
            compilationOptions: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable, allowUnsafe: true, concurrentBuild: true),
            parseOptions: new CSharpParseOptions(LanguageVersion.Latest, preprocessorSymbols: PreprocessorSymbols($"net{Environment.Version.Major}.{Environment.Version.Minor}")),
            metadataReferences: ReferenceAssemblies().Select(p => MetadataReference.CreateFromFile(p)),
            documents: files.Select(f => DocumentInfo.Create(
                DocumentId.CreateNewId(projectId),
                System.IO.Path.GetFileName(f),
                loader: TextLoader.From(TextAndVersion.Create(ReadSource(f), VersionStamp.Create(), f)),
                filePath: f)));
        if (ProjectsUseImplicitUsings(folder))
        {
            // Code written for ImplicitUsings does not bind without them: add the SDK's global usings as a build does
            // (a generated file, so no analyzer reports in it and no fix writes it).
            progress("every project in the folder enables ImplicitUsings: adding the SDK's global usings");
            var usings = string.Concat(SdkImplicitUsings.Select(u => $"global using global::{u};\n"));
            info = info.WithDocuments(info.Documents.Append(DocumentInfo.Create(
                DocumentId.CreateNewId(projectId),
                ImplicitUsingsFileName,
                loader: TextLoader.From(TextAndVersion.Create(SourceText.From(usings, Encoding.UTF8), VersionStamp.Create())),
                filePath: System.IO.Path.Combine(folder, "obj", ImplicitUsingsFileName))));
        }

        var solution = workspace.CurrentSolution.AddProject(info);
        var editorConfig = System.IO.Path.Combine(folder, ".editorconfig");
        if (File.Exists(editorConfig))
        {
            solution = solution.AddAnalyzerConfigDocument(DocumentId.CreateNewId(projectId), ".editorconfig", SourceText.From(File.ReadAllText(editorConfig)), filePath: editorConfig);
        }

        return new Loaded(workspace, solution, new[] { projectId }, IsAdHoc: true);
    }

    /// <summary>The preprocessor symbols the .NET SDK defines for a target framework moniker (see <see cref="PerfAnalyzers.Infrastructure.TargetFramework.PreprocessorSymbols"/>).</summary>
    public static IReadOnlyList<string> PreprocessorSymbols(string moniker) =>
        PerfAnalyzers.Infrastructure.TargetFramework.FromMoniker(moniker).PreprocessorSymbols();

    /// <summary>
    /// A source file as the compiler reads it: in the encoding its byte order mark names, else strict UTF-8, else (bytes
    /// that are not UTF-8) Latin-1, remembered so that <c>--fix</c> writes the file back as it was: no byte order mark
    /// added, no character replaced.
    /// </summary>
    private static SourceText ReadSource(string path)
    {
        try
        {
            using var reader = new StreamReader(path, new UTF8Encoding(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true), detectEncodingFromByteOrderMarks: true);
            var content = reader.ReadToEnd();
            return SourceText.From(content, reader.CurrentEncoding);
        }
        catch (DecoderFallbackException)
        {
            return SourceText.From(File.ReadAllText(path, Encoding.Latin1), Encoding.Latin1);
        }
    }

    /// <summary>The global usings Microsoft.NET.Sdk adds to a C# project that sets <c>ImplicitUsings</c>.</summary>
    public static readonly IReadOnlyList<string> SdkImplicitUsings =
        new[] { "System", "System.Collections.Generic", "System.IO", "System.Linq", "System.Net.Http", "System.Threading", "System.Threading.Tasks" };

    /// <summary>The name of the document holding those usings in a folder scan (not one of the scanned files).</summary>
    public const string ImplicitUsingsFileName = "PerfAnalyzers.GlobalUsings.g.cs";

    /// <summary>
    /// Whether the folder holds C# project files (bin/obj excluded) and every one of them enables <c>ImplicitUsings</c>,
    /// in the project file or in a Directory.Build.props between it and the folder. Not when only some do: adding the
    /// usings to every file could make names ambiguous (CS0104) in the projects that do not.
    /// </summary>
    private static bool ProjectsUseImplicitUsings(string folder)
    {
        var projects = Directory.EnumerateFiles(folder, "*.csproj", SearchOption.AllDirectories).Where(f => !IsBuildOutput(folder, f)).ToList();
        return projects.Count > 0 && projects.All(project => ImplicitUsingsOf(project, folder) is { } value &&
            (value.Equals("enable", StringComparison.OrdinalIgnoreCase) || value.Equals("true", StringComparison.OrdinalIgnoreCase)));
    }

    /// <summary>The project's <c>ImplicitUsings</c> value: its own, else the nearest Directory.Build.props's up to the folder.</summary>
    private static string? ImplicitUsingsOf(string project, string folder)
    {
        if (ReadProperty(project, "ImplicitUsings") is { } own)
        {
            return own;
        }

        var root = System.IO.Path.GetFullPath(folder).TrimEnd(System.IO.Path.DirectorySeparatorChar);
        for (var directory = System.IO.Path.GetDirectoryName(System.IO.Path.GetFullPath(project)); directory is not null && directory.Length >= root.Length; directory = System.IO.Path.GetDirectoryName(directory))
        {
            var props = System.IO.Path.Combine(directory, "Directory.Build.props");
            if (File.Exists(props))
            {
                return ReadProperty(props, "ImplicitUsings");
            }
        }

        return null;
    }

    /// <summary>The last value of an MSBuild property set in the file, or null (also when the file is not readable XML).</summary>
    private static string? ReadProperty(string file, string name)
    {
        try
        {
            return XDocument.Load(file).Descendants().LastOrDefault(e => e.Name.LocalName == name)?.Value.Trim();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or System.Xml.XmlException)
        {
            return null;
        }
    }

    private static bool IsBuildOutput(string root, string file)
    {
        var relative = System.IO.Path.GetRelativePath(root, file).Replace('\\', '/');
        return relative.StartsWith("bin/", StringComparison.Ordinal) || relative.StartsWith("obj/", StringComparison.Ordinal) ||
               relative.Contains("/bin/", StringComparison.Ordinal) || relative.Contains("/obj/", StringComparison.Ordinal);
    }

    /// <summary>The reference pack of the running .NET (packs/Microsoft.NETCore.App.Ref), else its implementation assemblies.</summary>
    public static IReadOnlyList<string> ReferenceAssemblies()
    {
        var runtimeDirectory = System.IO.Path.GetDirectoryName(typeof(object).Assembly.Location)!;
        var dotnetRoot = System.IO.Path.GetFullPath(System.IO.Path.Combine(runtimeDirectory, "..", "..", ".."));
        var version = Environment.Version;
        var packs = System.IO.Path.Combine(dotnetRoot, "packs", "Microsoft.NETCore.App.Ref");
        if (Directory.Exists(packs))
        {
            var best = Directory.GetDirectories(packs)
                .Select(d => (Dir: d, Version: Version.TryParse(System.IO.Path.GetFileName(d), out var v) ? v : null))
                .Where(d => d.Version is not null && d.Version.Major == version.Major)
                .OrderByDescending(d => d.Version)
                .FirstOrDefault();
            var refDirectory = best.Dir is null ? null : System.IO.Path.Combine(best.Dir, "ref", $"net{version.Major}.{version.Minor}");
            if (refDirectory is not null && Directory.Exists(refDirectory))
            {
                return Directory.GetFiles(refDirectory, "*.dll");
            }
        }

        return Directory.GetFiles(runtimeDirectory, "*.dll")
            .Where(f => System.IO.Path.GetFileName(f) is var n && (n.StartsWith("System.", StringComparison.Ordinal) || n is "mscorlib.dll" or "netstandard.dll" || n.StartsWith("Microsoft.Win32", StringComparison.Ordinal) || n == "Microsoft.CSharp.dll"))
            .ToList();
    }

    private static async Task<Loaded> LoadMSBuildAsync(string path, string extension, Action<string> progress, CancellationToken cancellationToken)
    {
        MSBuildSetup.EnsureRegistered();
        var workspace = MSBuildWorkspace.Create();
        var failures = new List<string>();
        workspace.WorkspaceFailed += (_, e) =>
        {
            if (e.Diagnostic.Kind == WorkspaceDiagnosticKind.Failure)
            {
                lock (failures)
                {
                    failures.Add(e.Diagnostic.Message);
                }
            }
        };

        progress($"loading {path} with MSBuild");
        ProjectId? opened = null;
        try
        {
            switch (extension)
            {
                case ".sln":
                    await workspace.OpenSolutionAsync(path, cancellationToken: cancellationToken).ConfigureAwait(false);
                    break;
                case ".slnx":
                    // Read the project list of the XML solution format and open each project.
                    foreach (var project in XDocument.Load(path).Descendants("Project").Select(p => (string?)p.Attribute("Path")).Where(p => p is not null && p.EndsWith(".csproj", StringComparison.OrdinalIgnoreCase)))
                    {
                        var projectPath = System.IO.Path.GetFullPath(System.IO.Path.Combine(System.IO.Path.GetDirectoryName(path)!, project!.Replace('\\', '/')));
                        if (!workspace.CurrentSolution.Projects.Any(p => string.Equals(p.FilePath, projectPath, StringComparison.Ordinal)))
                        {
                            await workspace.OpenProjectAsync(projectPath, cancellationToken: cancellationToken).ConfigureAwait(false);
                        }
                    }

                    break;
                default:
                    // Referenced projects are loaded too (for their symbols), but only the named project is scanned.
                    opened = (await workspace.OpenProjectAsync(path, cancellationToken: cancellationToken).ConfigureAwait(false)).Id;
                    break;
            }
        }
        catch (Exception e) when (e is InvalidOperationException or IOException or System.Xml.XmlException or ArgumentException)
        {
            throw new UsageException($"cannot load {path}: {FirstLine(e.Message)}");
        }

        var projects = workspace.CurrentSolution.Projects
            .Where(p => p.Language == LanguageNames.CSharp && (opened is null || p.Id == opened))
            .Select(p => p.Id).ToList();
        if (failures.Count > 0 && projects.All(id => workspace.CurrentSolution.GetProject(id)!.DocumentIds.Count == 0))
        {
            projects.Clear();
        }

        if (projects.Count == 0)
        {
            throw new UsageException($"cannot load {path}: " + (failures.Count > 0 ? FirstLine(failures[0]) : "it has no C# project"));
        }

        foreach (var failure in failures.Take(3))
        {
            progress("warning: " + FirstLine(failure));
        }

        return new Loaded(workspace, workspace.CurrentSolution, projects, IsAdHoc: false);
    }

    /// <summary>Makes the rules see <paramref name="moniker"/> as the target framework (a global analyzer config).</summary>
    private static Loaded WithTargetFramework(Loaded loaded, string moniker)
    {
        if (PerfAnalyzers.Infrastructure.TargetFramework.FromMoniker(moniker).IsUnknown)
        {
            throw new UsageException($"unknown target framework '{moniker}' (e.g. net472, netstandard2.0, netcoreapp3.1, net8.0)");
        }

        var solution = loaded.Solution;
        foreach (var id in loaded.Projects)
        {
            var project = solution.GetProject(id)!;
            var folder = System.IO.Path.GetDirectoryName(project.FilePath) ?? System.IO.Path.GetTempPath();
            var text = "is_global = true\nglobal_level = 1000\n" +
                       $"build_property.TargetFramework = {moniker}\nbuild_property.TargetFrameworkIdentifier = \nbuild_property.TargetFrameworkVersion = \n";
            solution = solution.AddAnalyzerConfigDocument(DocumentId.CreateNewId(id), "perfanalyzers-tfm.globalconfig", SourceText.From(text), filePath: System.IO.Path.Combine(folder, "perfanalyzers-tfm.globalconfig"));
            if (loaded.IsAdHoc && solution.GetProject(id)!.ParseOptions is CSharpParseOptions parseOptions)
            {
                // A folder has no project to define them: #if NET / #if NETSTANDARD2_0 follow the chosen target, as in a build.
                solution = solution.WithProjectParseOptions(id, parseOptions.WithPreprocessorSymbols(PreprocessorSymbols(moniker)));
            }
        }

        return loaded with { Solution = solution };
    }

    private static string FirstLine(string text) => text.Split('\n')[0].Trim();
}

/// <summary>Finds the installed .NET SDK's MSBuild once, before any MSBuild type is touched.</summary>
public static class MSBuildSetup
{
    private static readonly object Gate = new();

    public static string? SdkDirectory { get; private set; }

    public static void EnsureRegistered()
    {
        lock (Gate)
        {
            if (Microsoft.Build.Locator.MSBuildLocator.IsRegistered)
            {
                return;
            }

            var instance = Microsoft.Build.Locator.MSBuildLocator.QueryVisualStudioInstances().OrderByDescending(i => i.Version).FirstOrDefault()
                ?? throw new UsageException("no .NET SDK with MSBuild was found; install the .NET SDK to scan projects");
            SdkDirectory = instance.MSBuildPath;
            Microsoft.Build.Locator.MSBuildLocator.RegisterInstance(instance);
        }
    }

    /// <summary>The SDK folder (…/sdk/&lt;version&gt;), for loading its analyzers.</summary>
    public static string? FindSdkDirectory()
    {
        EnsureRegistered();
        return SdkDirectory;
    }
}
