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
using PerfAnalyzers.CodeFixes.Strings;
using PerfAnalyzers.CodeFixes.Types;
using PerfAnalyzers.Strings;
using PerfAnalyzers.Types;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// Fix All over a solution that loads a multi-targeted project once per leg, as <c>dotnet format</c> and the IDE do: the
/// legs' copies of a file are linked documents, each fixed with its leg's findings, and Roslyn merges the copies a fix
/// changed. Here the newer legs guard three rewrites with <c>#if</c> around lines that every leg fixes (PERF001's case
/// file): when the copies came out different, the merge wrote conflict markers into the file in some load orders (a
/// failing end-to-end <c>dotnet format</c> run under load). Whatever order the legs are loaded in, every copy must come
/// out as the legs with spans fix it.
/// </summary>
public class LinkedFileFixAllTests
{
    private const string Source = """
        using System;
        using System.Text;

        public static class Cases
        {
            public static int Number(string s) => int.Parse(s.Substring(1, 3));
            public static bool Starts(string s) => s.Substring(0, 3) == "abc";

            // StringBuilder.Append(string, int, int) exists everywhere.
            public static void Add(StringBuilder sb, string s) => sb.Append(s.Substring(1, 2));

            // Named arguments.
            public static int Named(string s) => int.Parse(s.Substring(length: 3, startIndex: 1));
            public static void AddNamed(StringBuilder sb, string s) => sb.Append(s.Substring(length: 2, startIndex: 1));
        }
        """;

    private const string Fixed = """
        using System;
        using System.Text;

        public static class Cases
        {
        #if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER
            public static int Number(string s) => int.Parse(s.AsSpan(1, 3));
        #else
            public static int Number(string s) => int.Parse(s.Substring(1, 3));
        #endif
        #if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER
            public static bool Starts(string s) => s.AsSpan(0, 3).SequenceEqual("abc");
        #else
            public static bool Starts(string s) => s.Substring(0, 3) == "abc";
        #endif

            // StringBuilder.Append(string, int, int) exists everywhere.
            public static void Add(StringBuilder sb, string s) => sb.Append(s, 1, 2);

            // Named arguments.
        #if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER
            public static int Named(string s) => int.Parse(s.AsSpan(length: 3, start: 1));
        #else
            public static int Named(string s) => int.Parse(s.Substring(length: 3, startIndex: 1));
        #endif
            public static void AddNamed(StringBuilder sb, string s) => sb.Append(s, count: 2, startIndex: 1);
        }
        """;

    /// <summary>The legs in the order the solution loads them (a build host may load them in any order).</summary>
    [Theory]
    [InlineData("net10.0;netstandard2.0")]
    [InlineData("netstandard2.0;net10.0")]
    [InlineData("netstandard2.0;net472;net8.0;net10.0")]
    [InlineData("net10.0;net8.0;net472;netstandard2.0")]
    [InlineData("net8.0;netstandard2.0;net10.0;net472")]
    public async Task Fix_all_in_the_solution_writes_every_linked_copy_the_same_way(string loadOrder)
    {
        var (solution, findings) = await LoadAsync(loadOrder.Split(';'));

        // The legs with spans rewrite all five calls (the three span rewrites behind #if); the others the two Append calls.
        foreach (var project in solution.Projects)
        {
            Assert.Equal(project.Name is "Library(net10.0)" or "Library(net8.0)" ? 5 : 2, findings[project.DocumentIds.Single()].Length);
        }

        var applied = await FixAllAsync(solution, solution.Projects.First(), FixAllScope.Solution, findings);

        // Every copy is fixed, and each is written to the one file (as dotnet format and the IDE write a changed document):
        // they must agree, with no conflict marker, and the file must be what the legs with spans write.
        var written = new List<string>();
        foreach (var id in findings.Keys)
        {
            var text = (await applied.GetDocument(id)!.GetTextAsync()).ToString();
            if (text != Source)
            {
                written.Add(text.ReplaceLineEndings("\n"));
            }
        }

        Assert.Equal(findings.Count, written.Count);
        Assert.All(written, text => Assert.DoesNotContain("<<<<<<<", text));
        Assert.All(written, text => Assert.Equal(Fixed.ReplaceLineEndings("\n"), text));
    }

    /// <summary>
    /// Fix All in one project (the IDE's project context of a multi-targeted file) fixes that copy's own findings only:
    /// the other legs' copies are not being fixed, and their findings are not this leg's.
    /// </summary>
    [Fact]
    public async Task Fix_all_in_one_project_fixes_its_own_copy()
    {
        var (solution, findings) = await LoadAsync(new[] { "net10.0", "netstandard2.0" });
        var older = solution.Projects.Single(p => p.Name == "Library(netstandard2.0)");
        var applied = await FixAllAsync(solution, older, FixAllScope.Project, findings);

        var text = (await applied.GetDocument(older.DocumentIds.Single())!.GetTextAsync()).ToString();
        Assert.Contains("sb.Append(s, 1, 2)", text);
        Assert.Contains("sb.Append(s, count: 2, startIndex: 1)", text);
        Assert.Contains("int.Parse(s.Substring(1, 3))", text);
        var newest = solution.Projects.Single(p => p.Name == "Library(net10.0)").DocumentIds.Single();
        Assert.Equal(Source, (await applied.GetDocument(newest)!.GetTextAsync()).ToString());
    }

    /// <summary>
    /// The fixes whose rewrite spans documents (PERF004, PERF007: <c>SolutionFixAll</c>) fix each leg's copy with that
    /// leg's findings, and Roslyn merges the copies. Sealing changes a class's own line, the same way on every leg that
    /// reports the class, so the merge has no two different edits of one line to reconcile: here the newer legs seal
    /// a class the older ones keep open (its virtual call is compiled on the newer legs only), on the line under a class
    /// every leg seals, and every copy must come out with both sealed, whatever the load order.
    /// </summary>
    [Theory]
    [InlineData("net10.0;netstandard2.0")]
    [InlineData("netstandard2.0;net10.0")]
    [InlineData("net8.0;netstandard2.0;net10.0;net472")]
    public async Task Fix_all_in_the_solution_seals_on_every_copy_what_any_leg_seals(string loadOrder)
    {
        const string source = """
            internal class Always { public virtual int M() => 1; }
            internal class Newer { public virtual int M() => 2; }

            public static class Use
            {
                public static int Run()
                {
                    var always = new Always();
                    var newer = new Newer();
            #if NET8_0_OR_GREATER
                    return always.M() + newer.M();
            #else
                    return always.M();
            #endif
                }
            }
            """;
        var (solution, findings) = await LoadAsync(loadOrder.Split(';'), source, new PERF004SealInternalTypesAnalyzer());
        foreach (var project in solution.Projects)
        {
            Assert.Equal(project.Name is "Library(net10.0)" or "Library(net8.0)" ? 2 : 1, findings[project.DocumentIds.Single()].Length);
        }

        var applied = await FixAllAsync(solution, solution.Projects.First(), FixAllScope.Solution, findings, new PERF004SealInternalTypesCodeFix(), "PERF004");
        foreach (var id in findings.Keys)
        {
            var text = (await applied.GetDocument(id)!.GetTextAsync()).ToString().ReplaceLineEndings("\n");
            Assert.DoesNotContain("<<<<<<<", text);
            // A sealed class's new virtual member would not compile (CS0549): the fix drops 'virtual' with it.
            Assert.Equal(source.ReplaceLineEndings("\n").Replace("internal class", "internal sealed class").Replace("public virtual", "public"), text);
        }
    }

    /// <summary>
    /// A class only the newer legs compile is sealed in their copies; the older legs' copy holds it as inactive text, which
    /// the fix cannot edit there, so every copy takes the text the fix changed most.
    /// </summary>
    [Theory]
    [InlineData("net10.0;netstandard2.0")]
    [InlineData("netstandard2.0;net10.0")]
    public async Task Fix_all_in_the_solution_seals_a_class_only_newer_legs_compile_in_every_copy(string loadOrder)
    {
        const string source = """
            #if NET8_0_OR_GREATER
            internal class Newer { public virtual int M() => 2; }

            public static class Use
            {
                public static int Run() => new Newer().M();
            }
            #endif
            """;
        var (solution, findings) = await LoadAsync(loadOrder.Split(';'), source, new PERF004SealInternalTypesAnalyzer());
        foreach (var project in solution.Projects)
        {
            Assert.Equal(project.Name == "Library(net10.0)" ? 1 : 0, findings[project.DocumentIds.Single()].Length);
        }

        var newest = solution.Projects.Single(p => p.Name == "Library(net10.0)");
        var applied = await FixAllAsync(solution, newest, FixAllScope.Solution, findings, new PERF004SealInternalTypesCodeFix(), "PERF004");
        foreach (var id in findings.Keys)
        {
            var text = (await applied.GetDocument(id)!.GetTextAsync()).ToString().ReplaceLineEndings("\n");
            Assert.Equal(source.ReplaceLineEndings("\n").Replace("internal class", "internal sealed class").Replace("public virtual", "public"), text);
        }
    }

    /// <summary>One project per leg, each with its copy of the file at the same path, and each leg's findings as its build reports them.</summary>
    private static Task<(Solution Solution, Dictionary<DocumentId, ImmutableArray<Diagnostic>> Findings)> LoadAsync(string[] legs) =>
        LoadAsync(legs, Source, new PERF001UseAsSpanInsteadOfSubstringAnalyzer());

    private static async Task<(Solution Solution, Dictionary<DocumentId, ImmutableArray<Diagnostic>> Findings)> LoadAsync(string[] legs, string source, DiagnosticAnalyzer analyzer)
    {
        using var workspace = new AdhocWorkspace();
        var solution = workspace.CurrentSolution;
        foreach (var leg in legs)
        {
            var id = ProjectId.CreateNewId();
            var (references, languageVersion) = TargetFrameworks.Leg(leg);
            var symbols = PerfAnalyzers.Infrastructure.TargetFramework.FromMoniker(leg).PreprocessorSymbols();
            solution = solution
                .AddProject(ProjectInfo.Create(id, VersionStamp.Default, $"Library({leg})", "Library", LanguageNames.CSharp, filePath: "/src/Library.csproj",
                    compilationOptions: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary),
                    parseOptions: new CSharpParseOptions(languageVersion, preprocessorSymbols: symbols),
                    metadataReferences: TestCompilations.References(references)))
                .AddDocument(DocumentId.CreateNewId(id), "Cases.cs", SourceText.From(source, Encoding.UTF8), filePath: "/src/Cases.cs");
        }

        var findings = new Dictionary<DocumentId, ImmutableArray<Diagnostic>>();
        foreach (var project in solution.Projects)
        {
            var leg = project.Name.Substring("Library(".Length).TrimEnd(')');
            var options = new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, new TestConfig(new Dictionary<string, string>
            {
                [PerfAnalyzers.Infrastructure.BuildProperties.Key(PerfAnalyzers.Infrastructure.BuildProperties.TargetFramework)] = leg,
                [PerfAnalyzers.Infrastructure.BuildProperties.Key(PerfAnalyzers.Infrastructure.BuildProperties.TargetFrameworks)] = string.Join(",", legs),
            }));
            var compilation = (await project.GetCompilationAsync())!;
            findings[project.DocumentIds.Single()] = await compilation.WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(analyzer), options).GetAnalyzerDiagnosticsAsync();
        }

        return (solution, findings);
    }

    /// <summary>PERF001's Fix All, asked from the copy in <paramref name="project"/>, with the legs' findings; the solution it makes.</summary>
    private static Task<Solution> FixAllAsync(Solution solution, Project project, FixAllScope scope, Dictionary<DocumentId, ImmutableArray<Diagnostic>> findings) =>
        FixAllAsync(solution, project, scope, findings, new PERF001UseAsSpanInsteadOfSubstringCodeFix(), "PERF001");

    private static async Task<Solution> FixAllAsync(Solution solution, Project project, FixAllScope scope, Dictionary<DocumentId, ImmutableArray<Diagnostic>> findings, CodeFixProvider fix, string id)
    {
        var document = solution.GetDocument(project.DocumentIds.Single())!;
        var actions = new List<CodeAction>();
        await fix.RegisterCodeFixesAsync(new CodeFixContext(document, findings[document.Id][0], (a, _) => actions.Add(a), CancellationToken.None));
        var context = new FixAllContext(document, fix, scope, actions[0].EquivalenceKey, new[] { id }, new LegDiagnostics(findings), CancellationToken.None);
        var action = await fix.GetFixAllProvider()!.GetFixAsync(context);
        return (await action!.GetOperationsAsync(CancellationToken.None)).OfType<ApplyChangesOperation>().Single().ChangedSolution;
    }

    /// <summary>The findings of each leg's copy, as <c>dotnet format</c> hands a Fix All the diagnostics it computed per project.</summary>
    private sealed class LegDiagnostics(Dictionary<DocumentId, ImmutableArray<Diagnostic>> findings) : FixAllContext.DiagnosticProvider
    {
        public override Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken) =>
            Task.FromResult<IEnumerable<Diagnostic>>(findings.TryGetValue(document.Id, out var own) ? own : ImmutableArray<Diagnostic>.Empty);

        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken) =>
            Task.FromResult(Enumerable.Empty<Diagnostic>());

        public override Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken) =>
            Task.FromResult<IEnumerable<Diagnostic>>(project.DocumentIds.SelectMany(id => findings.TryGetValue(id, out var own) ? own : ImmutableArray<Diagnostic>.Empty).ToList());
    }
}
