using System;
using System.Collections.Concurrent;
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
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;
using Xunit.Abstractions;

namespace PerfAnalyzers.Tests;

/// <summary>
/// Broken code must never crash an analyzer or a fix: the samples and the rule tests' snippets, mutated by a seeded
/// generator (tokens deleted, duplicated, swapped; files truncated; braces unbalanced; semicolons dropped) into
/// thousands of variants, each analyzed by every analyzer, and every reported diagnostic fixed (single fix and Fix All).
/// Also: the same input analyzed many times concurrently gives the same diagnostics.
/// </summary>
public class RobustnessTests(ITestOutputHelper output)
{
    private const int Variants = 2000;
    private const int Seed = 20261122;

    private static readonly ImmutableArray<DiagnosticAnalyzer> Analyzers = MetaTests.Analyzers.ToImmutableArray();
    private static readonly IReadOnlyList<MetadataReference> References = TestCompilations.References(TestReferences.Net80).ToList();

    [Fact]
    public async Task Mutated_sources_never_crash_an_analyzer_or_a_fix()
    {
        var corpus = TestCorpus.Sources;
        Assert.True(corpus.Count >= 10, "the corpus is too small: " + corpus.Count);
        var random = new Random(Seed);
        var variants = Enumerable.Range(0, Variants).Select(i =>
        {
            var (name, source) = corpus[random.Next(corpus.Count)];
            var (mutation, text) = Mutate(source, random);
            return (Name: $"variant {i} ({name}, {mutation})", Text: text);
        }).ToList();

        var failures = new ConcurrentBag<string>();
        var fixFailures = new ConcurrentBag<string>();
        var diagnosticsSeen = 0;
        var fixesRun = 0;
        void OnFixFailed(Exception e) => fixFailures.Add(e.ToString());
        DocumentFix.FixFailed += OnFixFailed;
        try
        {
            await Parallel.ForEachAsync(variants, new ParallelOptions { MaxDegreeOfParallelism = Environment.ProcessorCount }, async (variant, token) =>
            {
                try
                {
                    var (diagnostics, fixes) = await AnalyzeAndFixAsync(variant.Text, failures, variant.Name).ConfigureAwait(false);
                    Interlocked.Add(ref diagnosticsSeen, diagnostics);
                    Interlocked.Add(ref fixesRun, fixes);
                }
                catch (Exception e)
                {
                    failures.Add($"{variant.Name}: {e}");
                }
            });
        }
        finally
        {
            DocumentFix.FixFailed -= OnFixFailed;
        }

        output.WriteLine($"{variants.Count} variants from {corpus.Count} sources: {diagnosticsSeen} diagnostics, {fixesRun} fixes run");
        Assert.True(failures.IsEmpty, "Crashes:\n" + string.Join("\n\n", failures.Take(5)));
        Assert.True(fixFailures.IsEmpty, "Fix exceptions:\n" + string.Join("\n\n", fixFailures.Take(5)));
        Assert.True(diagnosticsSeen > 0 && fixesRun > 0, "the mutated corpus exercised no diagnostic or fix");
    }

    [Fact]
    public async Task The_same_input_gives_the_same_diagnostics_every_time()
    {
        foreach (var (name, source) in TestCorpus.Sources)
        {
            var compilation = Compile(source);
            var runs = await Task.WhenAll(Enumerable.Range(0, 20).Select(_ => Task.Run(async () =>
            {
                var diagnostics = await compilation.WithAnalyzers(Analyzers, new CompilationWithAnalyzersOptions(EmptyOptions, null, concurrentAnalysis: true, logAnalyzerExecutionTime: false))
                    .GetAnalyzerDiagnosticsAsync().ConfigureAwait(false);
                return string.Join("\n", diagnostics.Select(d => $"{d.Id} {d.Location.SourceSpan} {d.GetMessage()}").OrderBy(x => x, StringComparer.Ordinal));
            })));
            Assert.True(runs.Distinct().Count() == 1, $"{name}: diagnostics differ between runs:\n" + string.Join("\n---\n", runs.Distinct()));
        }
    }

    private static readonly AnalyzerOptions EmptyOptions = new(ImmutableArray<AdditionalText>.Empty, new TestConfig(new Dictionary<string, string>()));

    private static CSharpCompilation Compile(string source) => CSharpCompilation.Create(
        "Robustness",
        new[] { CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest), path: "/src/Test.cs") },
        References,
        new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable, allowUnsafe: true));

    private static async Task<(int Diagnostics, int Fixes)> AnalyzeAndFixAsync(string text, ConcurrentBag<string> failures, string name)
    {
        using var workspace = new AdhocWorkspace();
        var project = workspace.AddProject(ProjectInfo.Create(ProjectId.CreateNewId(), VersionStamp.Default, "R", "R", LanguageNames.CSharp,
            compilationOptions: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable, allowUnsafe: true),
            parseOptions: new CSharpParseOptions(LanguageVersion.Latest),
            metadataReferences: References));
        var document = project.AddDocument("Test.cs", SourceText.From(text, Encoding.UTF8), filePath: "/src/Test.cs");
        var compilation = (await document.Project.GetCompilationAsync().ConfigureAwait(false))!;
        var options = new CompilationWithAnalyzersOptions(EmptyOptions,
            onAnalyzerException: (e, analyzer, _) => failures.Add($"{name}: {analyzer} threw {e}"),
            concurrentAnalysis: false, logAnalyzerExecutionTime: false);
        var diagnostics = await compilation.WithAnalyzers(Analyzers, options).GetAnalyzerDiagnosticsAsync().ConfigureAwait(false);
        foreach (var ad0001 in diagnostics.Where(d => d.Id == "AD0001"))
        {
            failures.Add($"{name}: {ad0001}");
        }

        var fixes = 0;
        foreach (var diagnostic in diagnostics.Where(d => d.Location.IsInSource).Take(4))
        {
            foreach (var fix in MetaTests.Fixes.Where(f => f.FixableDiagnosticIds.Contains(diagnostic.Id)))
            {
                var actions = new List<CodeAction>();
                await fix.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), CancellationToken.None)).ConfigureAwait(false);
                foreach (var action in actions)
                {
                    await action.GetOperationsAsync(CancellationToken.None).ConfigureAwait(false);
                    fixes++;
                }

                if (actions.Count > 0 && fix.GetFixAllProvider() is { } fixAll)
                {
                    var context = new FixAllContext(document, fix, FixAllScope.Document, actions[0].EquivalenceKey, new[] { diagnostic.Id },
                        new FixedDiagnostics(diagnostics), CancellationToken.None);
                    if (await fixAll.GetFixAsync(context).ConfigureAwait(false) is { } all)
                    {
                        await all.GetOperationsAsync(CancellationToken.None).ConfigureAwait(false);
                        fixes++;
                    }
                }
            }
        }

        return (diagnostics.Length, fixes);
    }

    /// <summary>One mutation of the source, chosen by the seeded generator.</summary>
    private static (string Mutation, string Text) Mutate(string source, Random random)
    {
        var tokens = CSharpSyntaxTree.ParseText(source).GetRoot().DescendantTokens().Select(t => t.ToFullString()).ToList();
        if (tokens.Count < 3)
        {
            return ("unchanged", source);
        }

        var at = random.Next(tokens.Count - 1);
        switch (random.Next(7))
        {
            case 0:
                tokens.RemoveAt(at);
                return ("delete token " + at, string.Concat(tokens));
            case 1:
                tokens.Insert(at, tokens[at]);
                return ("duplicate token " + at, string.Concat(tokens));
            case 2:
                (tokens[at], tokens[at + 1]) = (tokens[at + 1], tokens[at]);
                return ("swap tokens " + at, string.Concat(tokens));
            case 3:
                var cut = random.Next(source.Length);
                return ("truncate at " + cut, source.Substring(0, cut));
            case 4:
                tokens.Insert(at, random.Next(2) == 0 ? "{" : "}");
                return ("unbalanced brace at " + at, string.Concat(tokens));
            case 5:
                var semicolons = tokens.Select((t, i) => (t, i)).Where(x => x.t.TrimEnd().EndsWith(';')).Select(x => x.i).ToList();
                if (semicolons.Count == 0)
                {
                    goto case 0;
                }

                var which = semicolons[random.Next(semicolons.Count)];
                tokens[which] = tokens[which].Replace(";", string.Empty);
                return ("missing semicolon at " + which, string.Concat(tokens));
            default:
                var count = 1 + random.Next(Math.Min(5, tokens.Count - at - 1));
                tokens.RemoveRange(at, count);
                return ($"delete {count} tokens at {at}", string.Concat(tokens));
        }
    }

    private sealed class FixedDiagnostics(ImmutableArray<Diagnostic> diagnostics) : FixAllContext.DiagnosticProvider
    {
        public override Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken) =>
            Task.FromResult<IEnumerable<Diagnostic>>(diagnostics.Where(d => d.Location.IsInSource));

        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken) =>
            Task.FromResult(Enumerable.Empty<Diagnostic>());

        public override Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken) =>
            Task.FromResult<IEnumerable<Diagnostic>>(diagnostics);
    }
}
