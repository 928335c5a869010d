using System;
using System.Collections.Generic;
using System.Globalization;
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
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Cli;

/// <summary>Opens what the user named: a solution or project through MSBuild, or a folder of .cs files ad hoc.</summary>
public static partial class Loader
{
    /// <summary>
    /// What was opened. <see cref="Projects"/> are the compilations to analyze: one per target framework of each project
    /// (MSBuildWorkspace opens a multi-targeted project as one project per leg), each with that leg's references and
    /// preprocessor symbols. <see cref="Legs"/> holds each one's target framework moniker ("" when unknown).
    /// </summary>
    public sealed record Loaded(
        Workspace Workspace,
        Solution Solution,
        IReadOnlyList<ProjectId> Projects,
        bool IsAdHoc,
        IReadOnlyDictionary<ProjectId, string> Legs,
        IReadOnlyList<string> WorkspaceFailures);

    public static async Task<Loaded> LoadAsync(ScanOptions options, Action<string> progress, CancellationToken cancellationToken)
    {
        if (options.TargetFramework is { } tfm && PerfAnalyzers.Infrastructure.TargetFramework.FromMoniker(tfm).IsUnknown)
        {
            throw new UsageException($"unknown target framework '{tfm}' (e.g. net472, netstandard2.0, netcoreapp3.1, net8.0)");
        }

        var path = System.IO.Path.GetFullPath(options.Path);
        if (Directory.Exists(path))
        {
            return LoadFolder(path, options.TargetFramework ?? ReferenceSets.RunningMoniker, progress);
        }

        if (!File.Exists(path))
        {
            throw new UsageException($"path not found: {options.Path}");
        }

        var extension = System.IO.Path.GetExtension(path).ToLowerInvariant();
        if (extension is not (".sln" or ".slnx" or ".csproj"))
        {
            throw new UsageException($"cannot scan '{options.Path}': expected a .sln, .slnx or .csproj file, or a folder");
        }

        var loaded = await LoadMSBuildAsync(path, extension, options.Properties, progress, cancellationToken).ConfigureAwait(false);
        return SelectLeg(WithLegs(loaded), options.TargetFramework, path, progress);
    }

    /// <summary>
    /// Every .cs file under the folder (bin/obj excluded) as one compilation for <paramref name="moniker"/>: that target's
    /// reference assemblies (<see cref="ReferenceSets"/>), preprocessor symbols and default language version (or the
    /// <c>LangVersion</c> every project in the folder sets), as a build of that target would compile them.
    /// </summary>
    private static Loaded LoadFolder(string folder, string moniker, Action<string> progress)
    {
        var files = Directory.EnumerateFiles(folder, "*.cs", SearchOption.AllDirectories)
            .Where(f => !IsBuildOutput(folder, f))
            .OrderBy(f => f, StringComparer.Ordinal)
            .ToList();
        if (files.Count == 0)
        {
            throw new UsageException($"no .cs files found in {folder}");
        }

        var references = ReferenceSets.For(moniker);
        var languageVersion = LanguageVersionOf(folder, moniker);
        progress($"compiling {files.Count} files from {folder} as {moniker} (C# {languageVersion.ToDisplayString()}) against {references.Source}");
        if (references.Note is { } note)
        {
            progress("note: " + note);
        }

        var workspace = new AdhocWorkspace();
        var projectId = ProjectId.CreateNewId();
        var info = ProjectInfo.Create(
            projectId,
            VersionStamp.Create(),
            System.IO.Path.GetFileName(folder.TrimEnd(System.IO.Path.DirectorySeparatorChar)),
            "Scanned",
            LanguageNames.CSharp,
            filePath: System.IO.Path.Combine(folder, "scanned.csproj"),
            compilationOptions: new CSharpCompilationOptions(
                OutputKind.DynamicallyLinkedLibrary,
                // Nullable annotations need C# 8: at 7.3 the option itself is an error (CS8630).
                nullableContextOptions: languageVersion >= LanguageVersion.CSharp8 ? NullableContextOptions.Enable : NullableContextOptions.Disable,
                allowUnsafe: true,
                concurrentBuild: true),
            parseOptions: new CSharpParseOptions(languageVersion, preprocessorSymbols: PreprocessorSymbols(moniker)),
            metadataReferences: references.References,
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

        // Top-level statements make a program, as a project with them is (OutputType Exe); else CS8805 for each.
        if (solution.GetProject(projectId)!.Documents.Any(d => d.GetSyntaxRootAsync().GetAwaiter().GetResult() is Microsoft.CodeAnalysis.CSharp.Syntax.CompilationUnitSyntax unit &&
                                                                unit.Members.OfType<Microsoft.CodeAnalysis.CSharp.Syntax.GlobalStatementSyntax>().Any()))
        {
            solution = solution.WithProjectCompilationOptions(projectId, solution.GetProject(projectId)!.CompilationOptions!.WithOutputKind(OutputKind.ConsoleApplication));
        }

        solution = WithBuildProperties(solution, projectId, moniker, Array.Empty<string>());
        return new Loaded(workspace, solution, new[] { projectId }, IsAdHoc: true, new Dictionary<ProjectId, string> { [projectId] = moniker }, Array.Empty<string>());
    }

    /// <summary>
    /// The language version a build of the folder would use: the <c>LangVersion</c> every project in it sets (when they
    /// agree), else the SDK's default for the target (C# 7.3 for .NET Framework and .NET Standard 2.0, 8 for .NET Standard
    /// 2.1 and .NET Core 3.x, then one version per .NET release up to C# 14 for .NET 10).
    /// </summary>
    private static LanguageVersion LanguageVersionOf(string folder, string moniker)
    {
        var values = Directory.EnumerateFiles(folder, "*.csproj", SearchOption.AllDirectories).Where(f => !IsBuildOutput(folder, f))
            .Select(project => ReadProperty(project, "LangVersion") ?? PropertyFromBuildProps(project, folder, "LangVersion"))
            .Distinct(StringComparer.OrdinalIgnoreCase).ToList();
        if (values.Count == 1 && values[0] is { } text && LanguageVersionFacts.TryParse(text, out var declared))
        {
            return declared;
        }

        var framework = PerfAnalyzers.Infrastructure.TargetFramework.FromMoniker(moniker);
        return framework.Kind switch
        {
            PerfAnalyzers.Infrastructure.TargetFrameworkKind.NetCore when framework.Version!.Major >= 10 => LanguageVersion.CSharp14,
            PerfAnalyzers.Infrastructure.TargetFrameworkKind.NetCore when framework.Version!.Major == 9 => LanguageVersion.CSharp13,
            PerfAnalyzers.Infrastructure.TargetFrameworkKind.NetCore when framework.Version!.Major == 8 => LanguageVersion.CSharp12,
            PerfAnalyzers.Infrastructure.TargetFrameworkKind.NetCore when framework.Version!.Major == 7 => LanguageVersion.CSharp11,
            PerfAnalyzers.Infrastructure.TargetFrameworkKind.NetCore when framework.Version!.Major == 6 => LanguageVersion.CSharp10,
            PerfAnalyzers.Infrastructure.TargetFrameworkKind.NetCore when framework.Version!.Major == 5 => LanguageVersion.CSharp9,
            PerfAnalyzers.Infrastructure.TargetFrameworkKind.NetCore when framework.Version!.Major == 3 => LanguageVersion.CSharp8,
            PerfAnalyzers.Infrastructure.TargetFrameworkKind.NetStandard when framework.Version! >= new Version(2, 1) => LanguageVersion.CSharp8,
            _ => LanguageVersion.CSharp7_3,
        };
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
    private static string? ImplicitUsingsOf(string project, string folder) =>
        ReadProperty(project, "ImplicitUsings") ?? PropertyFromBuildProps(project, folder, "ImplicitUsings");

    /// <summary>The property as the nearest Directory.Build.props between the project and the folder sets it, or null.</summary>
    private static string? PropertyFromBuildProps(string project, string folder, string name)
    {
        var root = System.IO.Path.GetFullPath(folder).TrimEnd(System.IO.Path.DirectorySeparatorChar);
        for (var directory = System.IO.Path.GetDirectoryName(System.IO.Path.GetFullPath(project)); directory is not null && directory.Length >= root.Length; directory = System.IO.Path.GetDirectoryName(directory))
        {
            var props = System.IO.Path.Combine(directory, "Directory.Build.props");
            if (File.Exists(props))
            {
                return ReadProperty(props, name);
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

    /// <summary>
    /// Null when the project was restored, else why not: an SDK-style project has a project.assets.json beside its
    /// intermediate output (obj/, or the artifacts layout's obj/&lt;project&gt;/) once restored. Without one, MSBuild
    /// still loads the project but leaves out every package reference, so the scan would see a different program.
    /// </summary>
    public static string? RestoreProblem(Project project)
    {
        if (project.FilePath is not { } file || !File.Exists(file) || !IsSdkStyle(file))
        {
            return null;
        }

        var intermediate = project.CompilationOutputInfo.AssemblyPath ?? project.OutputFilePath;
        var directory = intermediate is null ? null : System.IO.Path.GetDirectoryName(intermediate);
        for (var level = 0; directory is not null && level < 4; level++, directory = System.IO.Path.GetDirectoryName(directory))
        {
            if (File.Exists(System.IO.Path.Combine(directory, "project.assets.json")))
            {
                return null;
            }
        }

        return File.Exists(System.IO.Path.Combine(System.IO.Path.GetDirectoryName(file)!, "obj", "project.assets.json"))
            ? null
            : "it was not restored (no obj/project.assets.json), so its package references are missing";
    }

    private static bool IsSdkStyle(string projectFile)
    {
        try
        {
            var root = XDocument.Load(projectFile).Root;
            return root is not null && (root.Attribute("Sdk") is not null || root.Elements().Any(e => e.Name.LocalName == "Sdk") ||
                                        root.Elements().Any(e => e.Name.LocalName == "Import" && ((string?)e.Attribute("Sdk"))?.Length > 0));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or System.Xml.XmlException)
        {
            return false;
        }
    }

    /// <summary>A file the build writes (under an obj/ folder: assembly info, global usings), not one the user wrote.</summary>
    public static bool IsGenerated(string? path) =>
        path is not null && (path.Contains("/obj/", StringComparison.Ordinal) || path.Contains("\\obj\\", StringComparison.Ordinal));

    private static bool IsBuildOutput(string root, string file)
    {
        var relative = System.IO.Path.GetRelativePath(root, file).Replace('\\', '/');
        return relative.StartsWith("bin/", StringComparison.Ordinal) || relative.StartsWith("obj/", StringComparison.Ordinal) ||
               relative.Contains("/bin/", StringComparison.Ordinal) || relative.Contains("/obj/", StringComparison.Ordinal);
    }

    private static async Task<Loaded> LoadMSBuildAsync(string path, string extension, IReadOnlyDictionary<string, string> properties, Action<string> progress, CancellationToken cancellationToken)
    {
        MSBuildSetup.EnsureRegistered();
        var workspace = MSBuildWorkspace.Create(properties.ToDictionary(p => p.Key, p => p.Value));
        var failures = new List<string>();
        using var failureHandler = workspace.RegisterWorkspaceFailedHandler(e =>
        {
            if (e.Diagnostic.Kind == WorkspaceDiagnosticKind.Failure)
            {
                lock (failures)
                {
                    failures.Add(e.Diagnostic.Message);
                }
            }
        });

        progress($"loading {path} with MSBuild");
        string? opened = null;
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
                    // Referenced projects are loaded too (for their symbols), but only the named project is scanned: every
                    // leg of it (a multi-targeted project opens as one project per target framework).
                    opened = (await workspace.OpenProjectAsync(path, cancellationToken: cancellationToken).ConfigureAwait(false)).FilePath;
                    break;
            }
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            // MSBuild runs out of process: an SDK that global.json pins but is not installed, a broken project file or a
            // failed evaluation all end here (as a RemoteInvocationException, among others). One line, never a trace.
            throw new UsageException($"cannot load {path}: {SdkPinProblem(path) ?? FirstLine(e.Message)}");
        }

        var projects = workspace.CurrentSolution.Projects
            .Where(p => p.Language == LanguageNames.CSharp && (opened is null || string.Equals(p.FilePath, opened, StringComparison.Ordinal)))
            .Select(p => p.Id).ToList();
        // A leg MSBuild could not evaluate comes back empty (e.g. an empty entry in TargetFrameworks: "Project does not
        // contain 'Compile' target"); it is no compilation of the project when other legs of the same file loaded.
        projects.RemoveAll(id => workspace.CurrentSolution.GetProject(id) is { DocumentIds.Count: 0 } empty &&
                                 projects.Any(other => other != id && workspace.CurrentSolution.GetProject(other) is { } sibling &&
                                                       sibling.FilePath == empty.FilePath && sibling.DocumentIds.Count > 0));
        if (failures.Count > 0 && projects.All(id => workspace.CurrentSolution.GetProject(id)!.DocumentIds.Count == 0))
        {
            projects.Clear();
        }

        if (projects.Count == 0)
        {
            throw new UsageException($"cannot load {path}: " + (SdkPinProblem(path) ?? (failures.Count > 0 ? FirstLine(failures[0]) : "it has no C# project")));
        }

        foreach (var failure in failures.Take(3))
        {
            progress("warning: " + FirstLine(failure));
        }

        return new Loaded(workspace, workspace.CurrentSolution, projects, IsAdHoc: false, new Dictionary<ProjectId, string>(), failures);
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
