using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Types;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// The shipped <see cref="PerfDispatcher"/>: a rule that is off in every file receives no callback, a rule receives
/// only the calls it names, and together the rules report exactly what each reports alone.
/// </summary>
public class DispatchTests
{
    // PERF008 (string.Format) and PERF010 (new Random()) fire on .NET 10; the other calls are what a rule must not receive.
    private const string Code = """
        using System;

        class C
        {
            string F(int x) => string.Format("{0}!", x);
            int G() => new Random().Next();
            int H(string s) => s.Trim().Length + Math.Abs(-1) + Format();
            static int Format() => 1;
        }
        """;

    private static async Task<(ImmutableArray<Diagnostic> Diagnostics, RuleClock Clock, PerfDispatcher Dispatcher)> RunAsync(
        string? editorConfig, string? globalConfig = null, ReportDiagnostic? nowarn = null, (string Name, string Text)[]? files = null, DiagnosticAnalyzer? analyzer = null)
    {
        using var workspace = new AdhocWorkspace();
        var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary);
        if (nowarn is { } report)
        {
            options = options.WithSpecificDiagnosticOptions(ImmutableDictionary<string, ReportDiagnostic>.Empty.Add(Rules.PERF008.Id, report));
        }

        var project = workspace.AddProject(ProjectInfo.Create(ProjectId.CreateNewId(), VersionStamp.Default, "D", "D", LanguageNames.CSharp,
            compilationOptions: options, parseOptions: new CSharpParseOptions(LanguageVersion.Latest),
            metadataReferences: TestCompilations.References(TestReferences.Net100)));
        foreach (var (name, text) in files ?? new[] { ("A.cs", Code) })
        {
            project = project.AddDocument(name, SourceText.From(text, Encoding.UTF8), filePath: "/src/" + name).Project;
        }

        if (editorConfig is not null)
        {
            project = project.AddAnalyzerConfigDocument(".editorconfig", SourceText.From("root = true\n" + editorConfig), filePath: "/src/.editorconfig").Project;
        }

        if (globalConfig is not null)
        {
            project = project.AddAnalyzerConfigDocument(".globalconfig", SourceText.From("is_global = true\n" + globalConfig), filePath: "/src/.globalconfig").Project;
        }

        var compilation = (await project.GetCompilationAsync())!;
        var clock = new RuleClock(PerfDispatcher.CreateRules().Length);
        var dispatcher = new PerfDispatcher(clock);
        var diagnostics = await compilation.WithAnalyzers(ImmutableArray.Create(analyzer ?? dispatcher), project.AnalyzerOptions).GetAnalyzerDiagnosticsAsync();
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
        return (diagnostics, clock, dispatcher);
    }

    private static long Calls(RuleClock clock, PerfDispatcher dispatcher, string id) =>
        clock.Calls(dispatcher.Rules.IndexOf(dispatcher.Rules.Single(r => r.SupportedDiagnostics.Any(d => d.Id == id))));

    [Fact]
    public async Task Both_rules_on_receive_callbacks_and_report()
    {
        var (diagnostics, clock, dispatcher) = await RunAsync(editorConfig: null);
        Assert.Contains(diagnostics, d => d.Id == Rules.PERF008.Id);
        Assert.Contains(diagnostics, d => d.Id == Rules.PERF010.Id);
        // PERF008 names "Format": it receives string.Format and C.Format, none of Trim, Abs or Next.
        Assert.Equal(2, Calls(clock, dispatcher, Rules.PERF008.Id));
        Assert.Equal(1, Calls(clock, dispatcher, Rules.PERF010.Id));
    }

    /// <summary>
    /// The clock times each rule's hand-over of its findings to Roslyn apart (the CLI's "of which reporting them"), for
    /// the rule whose callback reports: one report each for PERF008 and PERF010, none for a rule that found nothing, and
    /// the reporting is part of the rule's own time.
    /// </summary>
    [Fact]
    public async Task The_clock_times_each_rules_reports_apart()
    {
        var (diagnostics, clock, dispatcher) = await RunAsync(editorConfig: null);
        foreach (var id in new[] { Rules.PERF008.Id, Rules.PERF010.Id, Rules.PERF001.Id })
        {
            var rule = dispatcher.Rules.IndexOf(dispatcher.Rules.Single(r => r.SupportedDiagnostics.Any(d => d.Id == id)));
            Assert.Equal(diagnostics.Count(d => d.Id == id), clock.Reports(rule));
            Assert.True(clock.Reporting(rule) <= clock.Time(rule));
            Assert.Equal(clock.Reports(rule) > 0, clock.Reporting(rule) > TimeSpan.Zero);
        }

        Assert.Equal(1, diagnostics.Count(d => d.Id == Rules.PERF008.Id));
    }

    [Theory]
    [InlineData("[*.cs]\ndotnet_diagnostic.PERF008.severity = none\n", null, null)]
    [InlineData(null, "dotnet_diagnostic.PERF008.severity = none\n", null)]
    [InlineData(null, null, ReportDiagnostic.Suppress)]
    [InlineData("[*.cs]\ndotnet_analyzer_diagnostic.category-Performance.severity = none\ndotnet_diagnostic.PERF010.severity = warning\n", null, null)]
    public async Task A_rule_off_in_every_file_receives_no_callback(string? editorConfig, string? globalConfig, ReportDiagnostic? nowarn)
    {
        var (diagnostics, clock, dispatcher) = await RunAsync(editorConfig, globalConfig, nowarn);
        Assert.DoesNotContain(diagnostics, d => d.Id == Rules.PERF008.Id);
        Assert.Equal(0, Calls(clock, dispatcher, Rules.PERF008.Id));
        Assert.Equal(TimeSpan.Zero, clock.Time(dispatcher.Rules.IndexOf(dispatcher.Rules.Single(r => r.SupportedDiagnostics[0].Id == Rules.PERF008.Id))));

        // The rule beside it is untouched.
        Assert.Contains(diagnostics, d => d.Id == Rules.PERF010.Id);
        Assert.Equal(1, Calls(clock, dispatcher, Rules.PERF010.Id));
    }

    /// <summary>Property references are dispatched by name too: PERF027 receives the clocks' reads and no other property.</summary>
    [Fact]
    public async Task PERF027_receives_only_the_clock_properties_it_names()
    {
        const string code = """
            using System;

            public static class Clock
            {
                public static double Elapsed(string s)
                {
                    var start = DateTime.Now;
                    var length = s.Length + DateTime.Today.Day + Environment.ProcessorCount;
                    return (DateTime.Now - start).TotalMilliseconds + length + DateTime.UtcNow.Ticks;
                }
            }
            """;
        var (diagnostics, clock, dispatcher) = await RunAsync(editorConfig: null, files: new[] { ("A.cs", code) });
        Assert.Contains(diagnostics, d => d.Id == Rules.PERF027.Id);
        // Now twice and UtcNow once; not Length, Today, Day, ProcessorCount, TotalMilliseconds or Ticks.
        Assert.Equal(3, Calls(clock, dispatcher, Rules.PERF027.Id));
    }

    /// <summary>
    /// No rule reads anything of the compilation at its start: in a build Roslyn runs that action while the compiler is
    /// still binding the references and declaring the types, and whatever it asks first it pays for (docs/performance.md:
    /// PERF004's table of virtual names, 62-77 ms of NLog's build; the first type resolved, 6-20 ms). Types are resolved at
    /// a rule's first callback (PerfCompilation.Later), PERF004's and PERF012's candidates where the compiler declares them.
    /// Here the references count their reads: the whole dispatcher's start reads none, on targets that start the old-target
    /// rules and the new ones, where one question about a type does.
    /// </summary>
    [Theory]
    [InlineData("net7.0")]
    [InlineData("net10.0")]
    [InlineData("netstandard2.0")]
    [InlineData("net472")]
    public void No_rule_reads_the_compilation_at_its_start(string targetFramework)
    {
        var references = TestCompilations.References(TestReferences.Net80).Select(r => new CountingReference((PortableExecutableReference)r)).ToArray();
        var compilation = CSharpCompilation.Create(
            "D",
            new[] { CSharpSyntaxTree.ParseText("class C { public virtual int M() => Table[0]; static readonly byte[] Table = { 1 }; } static class P { static int Run() => new C().M(); }", path: "/src/A.cs") },
            references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        var options = new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, new TestConfig(new Dictionary<string, string> { ["build_property.TargetFramework"] = targetFramework }));
        var start = new RecordingStart(compilation, options);
        var rules = new PerfDispatcher().Rules;

        Dispatcher.Start(start, rules, clock: null, analyzesGenerated: true);

        Assert.Contains(OperationKind.Invocation, start.OperationKinds);
        Assert.Equal(0, references.Sum(r => r.Reads));
        _ = compilation.GetTypeByMetadataName("C");
        Assert.True(references.Sum(r => r.Reads) > 0, "asking for a type read no reference: the test cannot see reads");
    }

    /// <summary>
    /// A rule's names read later (PERF004's virtual members of the classes it may seal): asked once, at the first call,
    /// not at compilation start; then only calls with one of those names reach the rule. C's virtual M and object's
    /// ToString reach it, Trim and the non-virtual N do not.
    /// </summary>
    [Fact]
    public async Task PERF004_hears_only_calls_named_like_a_virtual_member_of_a_class_it_may_seal()
    {
        const string code = """
            class C
            {
                public virtual int M() => 1;
                public int N() => 2;
            }

            public static class Program
            {
                public static int Run(string s) => new C().M() + new C().N() + s.Trim().Length + new C().ToString().Length;
            }
            """;
        var (_, clock, dispatcher) = await RunAsync(editorConfig: null, files: new[] { ("A.cs", code) });
        var all = Calls(clock, dispatcher, Rules.PERF004.Id);
        var (_, without, withoutDispatcher) = await RunAsync(editorConfig: null, files: new[] { ("A.cs", code.Replace("new C().M() + ", "").Replace(" + new C().ToString().Length", "")) });
        // The two calls removed (M, ToString) and their two creations of C, which reach the rule by C's name; N and Trim are
        // in both compilations.
        Assert.Equal(4, all - Calls(without, withoutDispatcher, Rules.PERF004.Id));
    }

    /// <summary>
    /// PERF012 finds its candidates where the compiler declares each field and property: the table is flagged, and its
    /// lookalikes (not static, not constant data) are not, whether references to them come first in the file or last.
    /// </summary>
    [Theory]
    [InlineData("private static readonly byte[] Table = { 1, 2, 3 };", true)]
    [InlineData("private static byte[] Table { get; } = new byte[] { 1, 2, 3 };", true)]
    [InlineData("private static readonly byte[] Table = new byte[3];", false)]
    [InlineData("private readonly byte[] Table = { 1, 2, 3 };", false)]
    public async Task PERF012_reads_its_candidates_as_the_compiler_declares_them(string declaration, bool flagged)
    {
        var code = """
            public class User
            {
                public int First => Data.Peek();
            }

            public class Data
            {
                DECLARATION

                public static int Peek() => new Data().Size();

                public int Size() => Table[0] + Table.Length;
            }
            """.Replace("DECLARATION", declaration);
        var (diagnostics, _, _) = await RunAsync(editorConfig: null, globalConfig: "build_property.TargetFramework = net7.0\n", files: new[] { ("A.cs", code) });
        Assert.Equal(flagged, diagnostics.Any(d => d.Id == Rules.PERF012.Id));
    }

    [Fact]
    public async Task A_rule_off_in_one_file_still_runs_for_the_others()
    {
        var (diagnostics, clock, dispatcher) = await RunAsync(
            "[A.cs]\ndotnet_diagnostic.PERF008.severity = none\n",
            files: new[] { ("A.cs", Code), ("B.cs", Code.Replace("class C", "class D")) });
        var perf008 = diagnostics.Where(d => d.Id == Rules.PERF008.Id).ToList();
        Assert.Single(perf008);
        Assert.EndsWith("B.cs", perf008[0].Location.SourceTree!.FilePath);
        Assert.Equal(4, Calls(clock, dispatcher, Rules.PERF008.Id));
    }

    [Fact]
    public async Task NoWarn_wins_over_a_file_section_in_the_compiler_and_in_the_dispatcher()
    {
        // /nowarn-style suppression in the options, and one file's .editorconfig section that turns the rule back on.
        var files = new[] { ("A.cs", Code), ("B.cs", Code.Replace("class C", "class D")) };
        var (diagnostics, clock, dispatcher) = await RunAsync("[B.cs]\ndotnet_diagnostic.PERF008.severity = warning\n", nowarn: ReportDiagnostic.Suppress, files: files);
        Assert.DoesNotContain(diagnostics, d => d.Id == Rules.PERF008.Id);
        Assert.Equal(0, Calls(clock, dispatcher, Rules.PERF008.Id));

        // The compiler's own precedence, which the dispatcher relies on: an analyzer that reports PERF008 at every call
        // named Format has all of them filtered out.
        var (reported, _, _) = await RunAsync("[B.cs]\ndotnet_diagnostic.PERF008.severity = warning\n", nowarn: ReportDiagnostic.Suppress, files: files, analyzer: new EveryFormatCall());
        Assert.Empty(reported);
        var (control, _, _) = await RunAsync(null, files: files, analyzer: new EveryFormatCall());
        Assert.Equal(4, control.Length);
    }

    /// <summary>Reports PERF008 at every call named Format, through no dispatcher: what the compiler keeps of it is its own filtering.</summary>
#pragma warning disable RS1001 // a test's own analyzer, handed to the compilation directly (RS1038/RS1041 forbid the attribute here)
    /// <summary>A reference that counts how often the compiler reads its metadata (it does when it binds the references).</summary>
    private sealed class CountingReference(PortableExecutableReference inner) : PortableExecutableReference(inner.Properties, inner.FilePath)
    {
        private int reads;

        public int Reads => System.Threading.Volatile.Read(ref reads);

        protected override DocumentationProvider CreateDocumentationProvider() => DocumentationProvider.Default;

        protected override Metadata GetMetadataImpl()
        {
            System.Threading.Interlocked.Increment(ref reads);
            return inner.GetMetadata();
        }

        protected override PortableExecutableReference WithPropertiesImpl(MetadataReferenceProperties properties) =>
            new CountingReference((PortableExecutableReference)inner.WithProperties(properties));
    }

    /// <summary>A compilation-start context that only records which operation kinds are registered.</summary>
    private sealed class RecordingStart(Compilation compilation, AnalyzerOptions options) : CompilationStartAnalysisContext(compilation, options, default)
    {
        public List<OperationKind> OperationKinds { get; } = new();

        public override void RegisterOperationAction(Action<OperationAnalysisContext> action, ImmutableArray<OperationKind> operationKinds) => OperationKinds.AddRange(operationKinds);

        public override void RegisterOperationBlockAction(Action<OperationBlockAnalysisContext> action)
        {
        }

        public override void RegisterOperationBlockStartAction(Action<OperationBlockStartAnalysisContext> action)
        {
        }

        public override void RegisterSymbolStartAction(Action<SymbolStartAnalysisContext> action, SymbolKind symbolKind)
        {
        }

        public override void RegisterCompilationEndAction(Action<CompilationAnalysisContext> action)
        {
        }

        public override void RegisterSemanticModelAction(Action<SemanticModelAnalysisContext> action)
        {
        }

        public override void RegisterSymbolAction(Action<SymbolAnalysisContext> action, ImmutableArray<SymbolKind> symbolKinds)
        {
        }

        public override void RegisterCodeBlockStartAction<TLanguageKindEnum>(Action<CodeBlockStartAnalysisContext<TLanguageKindEnum>> action)
        {
        }

        public override void RegisterCodeBlockAction(Action<CodeBlockAnalysisContext> action)
        {
        }

        public override void RegisterSyntaxTreeAction(Action<SyntaxTreeAnalysisContext> action)
        {
        }

        public override void RegisterSyntaxNodeAction<TLanguageKindEnum>(Action<SyntaxNodeAnalysisContext> action, ImmutableArray<TLanguageKindEnum> syntaxKinds)
        {
        }
    }

    private sealed class EveryFormatCall : DiagnosticAnalyzer
#pragma warning restore RS1001
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Rules.PERF008.Descriptor);

        public override void Initialize(AnalysisContext context)
        {
            context.EnableConcurrentExecution();
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.RegisterOperationAction(
                c =>
                {
                    if (((Microsoft.CodeAnalysis.Operations.IInvocationOperation)c.Operation).TargetMethod.Name == "Format")
                    {
                        c.ReportDiagnostic(Diagnostic.Create(Rules.PERF008.Descriptor, c.Operation.Syntax.GetLocation(), "a", "b"));
                    }
                },
                OperationKind.Invocation);
        }
    }

    /// <summary>
    /// PERF004 reads generated code, so generated files reach the dispatcher's callbacks: every other rule skips them
    /// (no PERF008 in the generated file, no callback reaching it there), and PERF004 still sees a class derived there.
    /// </summary>
    [Fact]
    public async Task Generated_code_reaches_only_the_rule_that_reads_it()
    {
        const string generated = "// <auto-generated/>\nclass G : Base { string F(int x) => string.Format(\"{0}!\", x); }\n";
        const string code = "class Base { public virtual int V() => 1; }\nsealed class User { int U(Base b) => b.V(); object N() => new Base(); }\n";
        var (diagnostics, clock, dispatcher) = await RunAsync(null, files: new[] { ("A.cs", code), ("G.g.cs", generated) });
        Assert.DoesNotContain(diagnostics, d => d.Id == Rules.PERF008.Id);
        Assert.Equal(0, Calls(clock, dispatcher, Rules.PERF008.Id));

        // Base is created and called virtually, but G derives from it in generated code: not sealable.
        Assert.DoesNotContain(diagnostics, d => d.Id == Rules.PERF004.Id);
        var (alone, _, _) = await RunAsync(null, files: new[] { ("A.cs", code) });
        Assert.Contains(alone, d => d.Id == Rules.PERF004.Id);
    }

    [Fact]
    public async Task Together_the_rules_report_exactly_what_each_reports_alone()
    {
        var folder = Repository.Path("tests", "cases");
        var parse = new CSharpParseOptions(Languages.OrNewest(Languages.CSharp14), preprocessorSymbols: PerfAnalyzers.Infrastructure.TargetFramework.FromMoniker("net10.0").PreprocessorSymbols());
        var trees = CaseFiles.Files(folder).Select(f => CSharpSyntaxTree.ParseText(File.ReadAllText(f), parse, f, Encoding.UTF8));
        var compilation = CSharpCompilation.Create("Cases", trees, TestCompilations.References(TestReferences.Net100), new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        var options = new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, new TestConfig(new Dictionary<string, string>()));

        static IEnumerable<string> Describe(IEnumerable<Diagnostic> diagnostics) =>
            diagnostics.Select(d => $"{d.Id} {Path.GetFileName(d.Location.SourceTree?.FilePath)} {d.Location.SourceSpan} {d.GetMessage()}").OrderBy(s => s, StringComparer.Ordinal);

        var together = await compilation.WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new PerfDispatcher()), options).GetAnalyzerDiagnosticsAsync();
        var alone = new List<Diagnostic>();
        foreach (var rule in PerfDispatcher.CreateRules())
        {
            alone.AddRange(await compilation.WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(rule), options).GetAnalyzerDiagnosticsAsync());
        }

        Assert.NotEmpty(together);
        Assert.Equal(Describe(alone), Describe(together));
    }
}
