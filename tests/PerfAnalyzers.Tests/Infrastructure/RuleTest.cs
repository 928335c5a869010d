using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace PerfAnalyzers.Tests.Infrastructure;

/// <summary>The reference assemblies a test compiles against (real ones, from Basic.Reference.Assemblies).</summary>
public enum TestReferences
{
    Net80,
    NetStandard20,
    Net472,

    /// <summary>No references: the test source declares its own core types, so the target framework is unknown.</summary>
    None,
}

public static class TestCompilations
{
    public static IEnumerable<MetadataReference> References(TestReferences references) => references switch
    {
        TestReferences.NetStandard20 => Basic.Reference.Assemblies.ReferenceAssemblies.NetStandard20,
        TestReferences.Net472 => Basic.Reference.Assemblies.ReferenceAssemblies.Net472,
        TestReferences.None => Array.Empty<MetadataReference>(),
        _ => Basic.Reference.Assemblies.ReferenceAssemblies.Net80,
    };
}

/// <summary>
/// A small analyzer / code-fix verifier in the style of Microsoft.CodeAnalysis.Testing (which the registry copy here
/// does not serve): "this source, these diagnostics (markup), this fixed source". It checks the exact diagnostics,
/// that no analyzer throws, the single fix applied repeatedly, Fix All in document and project scope, and that the
/// fixed code compiles with no new compiler warnings.
/// </summary>
public sealed class RuleTest
{
    public RuleTest(DiagnosticAnalyzer analyzer, CodeFixProvider? fix = null)
    {
        Analyzer = analyzer;
        Fix = fix;
    }

    public DiagnosticAnalyzer Analyzer { get; }

    public CodeFixProvider? Fix { get; }

    /// <summary>Sources with markup for the expected diagnostics.</summary>
    public List<string> Sources { get; } = new();

    /// <summary>Expected sources after the fix (markup marks diagnostics that remain). Empty: the fix is not checked.</summary>
    public List<string> FixedSources { get; } = new();

    /// <summary>Expected sources after Fix All, when they differ from <see cref="FixedSources"/>.</summary>
    public List<string>? FixAllSources { get; set; }

    public TestReferences References { get; set; } = TestReferences.Net80;

    /// <summary>File names of <see cref="Sources"/> by position (e.g. <c>Types.g.cs</c> for generated code); the default is <c>TestN.cs</c>.</summary>
    public List<string> FileNames { get; } = new();

    private string FileName(int index) => index < FileNames.Count ? FileNames[index] : "Test" + index + ".cs";

    /// <summary>The project's documents in the order of <see cref="Sources"/>.</summary>
    private List<Document> OrderedDocuments(Project project)
    {
        var names = Enumerable.Range(0, Sources.Count).Select(FileName).ToList();
        return project.Documents.OrderBy(d => names.IndexOf(d.Name)).ThenBy(d => d.Name, StringComparer.Ordinal).ToList();
    }

    /// <summary>MSBuild properties passed as <c>build_property.*</c> (what the package's props do).</summary>
    public Dictionary<string, string> BuildProperties { get; } = new();

    /// <summary>Other .editorconfig keys (rule options).</summary>
    public Dictionary<string, string> Options { get; } = new();

    public LanguageVersion LanguageVersion { get; set; } = LanguageVersion.Latest;

    public NullableContextOptions Nullable { get; set; } = NullableContextOptions.Enable;

    public OutputKind OutputKind { get; set; } = OutputKind.DynamicallyLinkedLibrary;

    /// <summary>Broken-code tests: compiler errors in the input are expected; the analyzer must still not throw.</summary>
    public bool AllowCompilerErrors { get; set; }

    /// <summary>Equivalence key of the code action to apply; null takes the first.</summary>
    public string? CodeActionEquivalenceKey { get; set; }

    public static Task VerifyAsync(DiagnosticAnalyzer analyzer, string source) =>
        new RuleTest(analyzer) { Sources = { source } }.RunAsync();

    /// <summary>The common shape of a rule test: one source, optionally its fixed form, compiled against <paramref name="references"/>.</summary>
    public static RuleTest Create(DiagnosticAnalyzer analyzer, CodeFixProvider? fix, string source, string? fixedSource, TestReferences references)
    {
        var test = new RuleTest(analyzer, fix) { Sources = { source }, References = references };
        if (fixedSource is not null)
        {
            test.FixedSources.Add(fixedSource);
        }

        return test;
    }

    public async Task RunAsync()
    {
        var expected = Sources.Select(Markup.Parse).ToList();
        var workspace = new AdhocWorkspace();
        var project = CreateProject(workspace, expected.Select(e => e.Source).ToList());

        var compilation = (await project.GetCompilationAsync().ConfigureAwait(false))!;
        var compilerErrors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        if (!AllowCompilerErrors)
        {
            Assert.True(compilerErrors.Count == 0, "The test source does not compile:\n" + Format(compilerErrors));
        }

        var actual = await GetAnalyzerDiagnosticsAsync(project).ConfigureAwait(false);
        AssertDiagnostics(project, expected, actual);

        if (Fix is null || FixedSources.Count == 0)
        {
            return;
        }

        var originalWarnings = CountCompilerWarnings(compilation);
        var fixedExpected = FixedSources.Select(Markup.Parse).ToList();
        var iterated = await ApplyFixesOneByOneAsync(project).ConfigureAwait(false);
        await AssertFixedAsync(iterated, fixedExpected, originalWarnings, "fix applied one by one").ConfigureAwait(false);

        var fixAllExpected = (FixAllSources ?? FixedSources).Select(Markup.Parse).ToList();
        foreach (var scope in new[] { FixAllScope.Document, FixAllScope.Project, FixAllScope.Solution })
        {
            var fixedAll = await ApplyFixAllAsync(project, scope).ConfigureAwait(false);
            await AssertFixedAsync(fixedAll, fixAllExpected, originalWarnings, "Fix All in " + scope).ConfigureAwait(false);
        }
    }

    private Project CreateProject(AdhocWorkspace workspace, IReadOnlyList<string> sources)
    {
        var references = TestCompilations.References(References);
        var projectInfo = ProjectInfo.Create(
            ProjectId.CreateNewId(),
            VersionStamp.Default,
            "TestProject",
            "TestProject",
            LanguageNames.CSharp,
            compilationOptions: new CSharpCompilationOptions(OutputKind, nullableContextOptions: Nullable, allowUnsafe: true),
            parseOptions: new CSharpParseOptions(LanguageVersion),
            metadataReferences: references);
        var project = workspace.AddProject(projectInfo);
        for (var i = 0; i < sources.Count; i++)
        {
            project = project.AddDocument(FileName(i), SourceText.From(sources[i], Encoding.UTF8), filePath: "/src/" + FileName(i)).Project;
        }

        return project;
    }

    private AnalyzerOptions CreateAnalyzerOptions()
    {
        var values = new Dictionary<string, string>(TestConfig.KeyComparer);
        foreach (var (key, value) in BuildProperties)
        {
            values["build_property." + key] = value;
        }

        foreach (var (key, value) in Options)
        {
            values[key] = value;
        }

        return new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, new TestConfig(values));
    }

    /// <summary>The analyzer's diagnostics; fails the test on any analyzer exception (AD0001).</summary>
    public async Task<ImmutableArray<Diagnostic>> GetAnalyzerDiagnosticsAsync(Project project)
    {
        var compilation = (await project.GetCompilationAsync().ConfigureAwait(false))!;
        var exceptions = new List<string>();
        var options = new CompilationWithAnalyzersOptions(
            CreateAnalyzerOptions(),
            onAnalyzerException: (e, analyzer, diagnostic) => { lock (exceptions) { exceptions.Add(analyzer + ": " + e); } },
            concurrentAnalysis: true,
            logAnalyzerExecutionTime: false);
        var withAnalyzers = compilation.WithAnalyzers(ImmutableArray.Create(Analyzer), options);
        var diagnostics = await withAnalyzers.GetAnalyzerDiagnosticsAsync(CancellationToken.None).ConfigureAwait(false);
        Assert.True(exceptions.Count == 0, "The analyzer threw:\n" + string.Join("\n", exceptions));
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
        return diagnostics;
    }

    private void AssertDiagnostics(Project project, IReadOnlyList<(string Source, List<Markup.Span> Spans)> expected, ImmutableArray<Diagnostic> actual)
    {
        var defaultId = Analyzer.SupportedDiagnostics.Length == 1 ? Analyzer.SupportedDiagnostics[0].Id : null;
        var documents = OrderedDocuments(project);
        var want = new List<string>();
        for (var i = 0; i < expected.Count; i++)
        {
            foreach (var span in expected[i].Spans)
            {
                want.Add(Describe(documents[i].FilePath!, span.Id ?? defaultId ?? "?", span.TextSpan, expected[i].Source));
            }
        }

        var got = actual
            .Select(d => Describe(d.Location.SourceTree?.FilePath ?? "<no file>", d.Id, d.Location.SourceSpan, d.Location.SourceTree?.ToString() ?? string.Empty))
            .ToList();
        want.Sort(StringComparer.Ordinal);
        got.Sort(StringComparer.Ordinal);
        Assert.True(want.SequenceEqual(got), "Diagnostics differ.\nExpected:\n  " + string.Join("\n  ", want) + "\nActual:\n  " + string.Join("\n  ", got) +
                                           "\nMessages:\n  " + string.Join("\n  ", actual.Select(d => d.ToString())));
    }

    private static string Describe(string file, string id, TextSpan span, string source)
    {
        var text = span.End <= source.Length ? source.Substring(span.Start, span.Length) : "?";
        return $"{file} {id} [{span.Start}..{span.End}) '{text}'";
    }

    private async Task<Project> ApplyFixesOneByOneAsync(Project project)
    {
        for (var iteration = 0; iteration < 50; iteration++)
        {
            var diagnostics = await GetAnalyzerDiagnosticsAsync(project).ConfigureAwait(false);
            var fixable = diagnostics.Where(d => Fix!.FixableDiagnosticIds.Contains(d.Id)).OrderBy(d => d.Location.SourceSpan.Start).ToList();
            CodeAction? action = null;
            foreach (var diagnostic in fixable)
            {
                var document = project.GetDocument(diagnostic.Location.SourceTree)!;
                var actions = new List<CodeAction>();
                var context = new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), CancellationToken.None);
                await Fix!.RegisterCodeFixesAsync(context).ConfigureAwait(false);
                action = actions.FirstOrDefault(a => CodeActionEquivalenceKey is null || a.EquivalenceKey == CodeActionEquivalenceKey);
                if (action is not null)
                {
                    break;
                }
            }

            if (action is null)
            {
                return project;
            }

            var next = (await ApplyAsync(action).ConfigureAwait(false)).GetProject(project.Id)!;
            if (await SameTextAsync(project, next).ConfigureAwait(false))
            {
                // The action declined at apply time (e.g. DocumentFix's check that a rewrite adds no compiler error).
                return project;
            }

            project = next;
        }

        throw new InvalidOperationException("The code fix did not converge after 50 iterations.");
    }

    private static async Task<bool> SameTextAsync(Project before, Project after)
    {
        foreach (var document in before.Documents)
        {
            var other = after.GetDocument(document.Id);
            if (other is null || !(await document.GetTextAsync().ConfigureAwait(false)).ContentEquals(await other.GetTextAsync().ConfigureAwait(false)))
            {
                return false;
            }
        }

        return true;
    }

    private async Task<Project> ApplyFixAllAsync(Project project, FixAllScope scope)
    {
        var fixAll = Fix!.GetFixAllProvider();
        Assert.NotNull(fixAll);
        var provider = new TestDiagnosticProvider(this);
        foreach (var document in project.Documents.ToList())
        {
            var diagnostics = await provider.GetDocumentDiagnosticsAsync(project.GetDocument(document.Id)!, CancellationToken.None).ConfigureAwait(false);
            var first = diagnostics.FirstOrDefault(d => Fix.FixableDiagnosticIds.Contains(d.Id));
            if (first is null)
            {
                continue;
            }

            var actions = new List<CodeAction>();
            await Fix.RegisterCodeFixesAsync(new CodeFixContext(project.GetDocument(document.Id)!, first, (a, _) => actions.Add(a), CancellationToken.None)).ConfigureAwait(false);
            var key = actions.FirstOrDefault(a => CodeActionEquivalenceKey is null || a.EquivalenceKey == CodeActionEquivalenceKey)?.EquivalenceKey;
            if (key is null)
            {
                continue;
            }

            var context = new FixAllContext(project.GetDocument(document.Id)!, Fix, scope, key, Fix.FixableDiagnosticIds, provider, CancellationToken.None);
            var action = await fixAll!.GetFixAsync(context).ConfigureAwait(false);
            if (action is null)
            {
                continue;
            }

            project = (await ApplyAsync(action).ConfigureAwait(false)).GetProject(project.Id)!;
            if (scope != FixAllScope.Document)
            {
                break;
            }
        }

        return project;
    }

    private static async Task<Solution> ApplyAsync(CodeAction action)
    {
        var operations = await action.GetOperationsAsync(CancellationToken.None).ConfigureAwait(false);
        return operations.OfType<ApplyChangesOperation>().Single().ChangedSolution;
    }

    private async Task AssertFixedAsync(Project project, IReadOnlyList<(string Source, List<Markup.Span> Spans)> expected, Dictionary<string, int> originalWarnings, string how)
    {
        var documents = OrderedDocuments(project);
        for (var i = 0; i < expected.Count; i++)
        {
            var text = (await documents[i].GetTextAsync().ConfigureAwait(false)).ToString();
            Assert.True(Normalize(expected[i].Source) == Normalize(text), $"Fixed source differs ({how}), document {i}.\nExpected:\n{expected[i].Source}\nActual:\n{text}");
        }

        var compilation = (await project.GetCompilationAsync().ConfigureAwait(false))!;
        var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        Assert.True(AllowCompilerErrors || errors.Count == 0, $"The fixed code does not compile ({how}):\n" + Format(errors));
        if (!AllowCompilerErrors)
        {
            foreach (var (id, count) in CountCompilerWarnings(compilation))
            {
                Assert.True(count <= originalWarnings.GetValueOrDefault(id), $"The fix added compiler warning {id} ({how}):\n" +
                    Format(compilation.GetDiagnostics().Where(d => d.Id == id)));
            }
        }

        var remaining = await GetAnalyzerDiagnosticsAsync(project).ConfigureAwait(false);
        AssertDiagnostics(project, expected, remaining);

    }

    private static Dictionary<string, int> CountCompilerWarnings(Compilation compilation) =>
        compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Warning).GroupBy(d => d.Id).ToDictionary(g => g.Key, g => g.Count());

    private static string Normalize(string text) => text.Replace("\r\n", "\n");

    private static string Format(IEnumerable<Diagnostic> diagnostics) => string.Join("\n", diagnostics.Select(d => d.ToString()));

    private sealed class TestDiagnosticProvider(RuleTest test) : FixAllContext.DiagnosticProvider
    {
        public override async Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken)
        {
            var tree = await document.GetSyntaxTreeAsync(cancellationToken).ConfigureAwait(false);
            return (await test.GetAnalyzerDiagnosticsAsync(document.Project).ConfigureAwait(false)).Where(d => d.Location.SourceTree == tree);
        }

        public override async Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken) =>
            await test.GetAnalyzerDiagnosticsAsync(project).ConfigureAwait(false);

        public override async Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken) =>
            (await test.GetAnalyzerDiagnosticsAsync(project).ConfigureAwait(false)).Where(d => !d.Location.IsInSource);
    }
}
