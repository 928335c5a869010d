using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;
using Xunit;

namespace PerfAnalyzers.Tests.Infrastructure;

/// <summary>What <see cref="TargetFrameworks.WithTargetFramework{T}"/> needs of a test.</summary>
public interface IRuleTest
{
    /// <summary>MSBuild properties passed as <c>build_property.*</c> (what the package's props make compiler-visible).</summary>
    Dictionary<string, string> BuildProperties { get; }

    /// <summary>The preprocessor symbols the SDK defines for the target framework.</summary>
    List<string> PreprocessorSymbols { get; }

    /// <summary>The other legs of a multi-targeted project: the sources and the fixed sources must compile on each.</summary>
    List<(TestReferences References, string Moniker, LanguageVersion LanguageVersion)> OtherLegs { get; }
}

/// <summary>
/// A rule test on Microsoft.CodeAnalysis.Testing's <see cref="CSharpCodeFixTest{TAnalyzer, TCodeFix, TVerifier}"/>: "this
/// source, these diagnostics (markup <c>[|...|]</c> or <c>{|PERF001:...|}</c>), this fixed source". The library checks
/// the exact diagnostics (and that no analyzer throws: AD0001 is an unexpected diagnostic), that the sources compile, the
/// fix applied one diagnostic at a time, Fix All in document, project and solution, and that <c>#pragma</c> suppresses.
/// This class adds what the library leaves to the caller: real reference assemblies offline, MSBuild properties as a
/// <c>.globalconfig</c> (as the SDK writes it), rule options as an <c>.editorconfig</c>, the language version, and a
/// check that the fixed code has no compiler warning the original did not have.
/// </summary>
public class RuleTest<TAnalyzer, TFix> : CSharpCodeFixTest<TAnalyzer, TFix, DefaultVerifier>, IRuleTest
    where TAnalyzer : DiagnosticAnalyzer, new()
    where TFix : CodeFixProvider, new()
{
    public RuleTest()
    {
        // No reference package to resolve (nothing is downloaded): the references are TestState.AdditionalReferences.
        ReferenceAssemblies = new ReferenceAssemblies("offline");
    }

    /// <summary>Sources with markup for the expected diagnostics.</summary>
    public List<string> Sources { get; } = new();

    /// <summary>Expected sources after the fix (markup marks diagnostics that remain). Empty: the fix is not checked.</summary>
    public List<string> FixedSources { get; } = new();

    /// <summary>Expected sources after Fix All, when they differ from <see cref="FixedSources"/>.</summary>
    public List<string>? FixAllSources { get; set; }

    /// <summary>File names of <see cref="Sources"/> by position (e.g. <c>Types.g.cs</c> for generated code); the default is the library's <c>TestN.cs</c>.</summary>
    public List<string> FileNames { get; } = new();

    public TestReferences References { get; set; } = TestReferences.Net80;

    public Dictionary<string, string> BuildProperties { get; } = new();

    public List<string> PreprocessorSymbols { get; } = new();

    public List<(TestReferences References, string Moniker, LanguageVersion LanguageVersion)> OtherLegs { get; } = new();

    /// <summary>Rule options, written to an <c>.editorconfig</c> section for C# files.</summary>
    public Dictionary<string, string> Options { get; } = new();

    /// <summary>The language version; the default is the hosting compiler's newest (C# 14 in Roslyn 5.x).</summary>
    public LanguageVersion LanguageVersion { get; set; } = LanguageVersion.Latest;

    public NullableContextOptions Nullable { get; set; } = NullableContextOptions.Enable;

    public OutputKind OutputKind { get; set; } = OutputKind.DynamicallyLinkedLibrary;

    /// <summary>Broken-code tests: compiler errors in the input are expected; the analyzer must still not throw.</summary>
    public bool AllowCompilerErrors
    {
        get => CompilerDiagnostics == CompilerDiagnostics.None;
        set => CompilerDiagnostics = value ? CompilerDiagnostics.None : CompilerDiagnostics.Errors;
    }

    /// <summary>The common shape of a rule test: one source, optionally its fixed form, compiled against <paramref name="references"/>.</summary>
    public static RuleTest<TAnalyzer, TFix> Create(string source, string? fixedSource = null, TestReferences references = TestReferences.Net80)
    {
        var test = new RuleTest<TAnalyzer, TFix> { Sources = { source }, References = references };
        if (fixedSource is not null)
        {
            test.FixedSources.Add(fixedSource);
        }

        return test;
    }

    /// <summary>An expected diagnostic of the rule under test, for <c>ExpectedDiagnostics</c> with <c>{|#0:...|}</c> locations and messages.</summary>
    public static DiagnosticResult Diagnostic() => new(new TAnalyzer().SupportedDiagnostics.Single());

    // Nullable contexts start at C# 8 (a C# 7.3 project does not enable them: the compiler would report CS8630).
    protected override CompilationOptions CreateCompilationOptions() =>
        new CSharpCompilationOptions(OutputKind, nullableContextOptions: LanguageVersion.MapSpecifiedToEffectiveVersion() < LanguageVersion.CSharp8 ? NullableContextOptions.Disable : Nullable, allowUnsafe: true);

    protected override ParseOptions CreateParseOptions() => new CSharpParseOptions(LanguageVersion, preprocessorSymbols: PreprocessorSymbols);

    protected override async Task RunImplAsync(CancellationToken cancellationToken)
    {
        if (LanguageVersion == LanguageVersion.Latest && Languages.Override is { } version)
        {
            LanguageVersion = version;
        }

        Assert.True(Languages.IsSupported(LanguageVersion), $"Roslyn {Languages.Host} does not know {LanguageVersion}; skip the test there (CSharpFact).");
        AddStates();
        await base.RunImplAsync(cancellationToken).ConfigureAwait(false);
        if (!AllowCompilerErrors && FixedSources.Count > 0)
        {
            AssertNoNewCompilerWarnings(FixedSources, "fix applied one by one");
            AssertNoNewCompilerWarnings(FixAllSources ?? FixedSources, "Fix All");
        }

        foreach (var (references, moniker, languageVersion) in OtherLegs)
        {
            AssertCompilesOn(Sources, references, moniker, languageVersion, "the original code");
            if (FixedSources.Count > 0)
            {
                AssertCompilesOn(FixAllSources ?? FixedSources, references, moniker, languageVersion, "the fixed code");
            }
        }
    }

    /// <summary>Sources compile with no error on another leg: its reference assemblies, preprocessor symbols and language version.</summary>
    private void AssertCompilesOn(IReadOnlyList<string> markupSources, TestReferences references, string moniker, LanguageVersion languageVersion, string what)
    {
        var parseOptions = new CSharpParseOptions(languageVersion, preprocessorSymbols: PerfAnalyzers.Infrastructure.TargetFramework.FromMoniker(moniker).PreprocessorSymbols());
        var trees = markupSources.Select((source, i) =>
        {
            TestFileMarkupParser.GetSpans(source, out var text, out ImmutableDictionary<string, ImmutableArray<Microsoft.CodeAnalysis.Text.TextSpan>> _);
            return CSharpSyntaxTree.ParseText(text, parseOptions, FilePath(i), Encoding.UTF8);
        });
        var options = new CSharpCompilationOptions(OutputKind, nullableContextOptions: languageVersion < LanguageVersion.CSharp8 ? NullableContextOptions.Disable : Nullable, allowUnsafe: true);
        var errors = CSharpCompilation.Create("OtherLeg", trees, TestCompilations.References(references), options)
            .GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        Assert.True(errors.Count == 0, $"{what} does not compile on {moniker}:\n" + string.Join("\n", errors));
    }

    private string FilePath(int index) => DefaultFilePathPrefix + (index < FileNames.Count ? FileNames[index][..^3] : index.ToString(System.Globalization.CultureInfo.InvariantCulture)) + ".cs";

    private void AddStates()
    {
        if (TestState.Sources.Count > 0)
        {
            return; // RunAsync called twice: the states are already filled.
        }

        for (var i = 0; i < Sources.Count; i++)
        {
            TestState.Sources.Add((FilePath(i), Sources[i]));
        }

        // Markup in the expected output marks the diagnostics that remain (the library's default ignores it for
        // diagnostics the fix can handle).
        if (FixedSources.Count > 0)
        {
            FixedState.MarkupHandling = MarkupMode.Allow;
        }

        if (FixAllSources is not null)
        {
            BatchFixedState.MarkupHandling = MarkupMode.Allow;
        }

        for (var i = 0; i < FixedSources.Count; i++)
        {
            FixedState.Sources.Add((FilePath(i), FixedSources[i]));
        }

        for (var i = 0; i < (FixAllSources?.Count ?? 0); i++)
        {
            BatchFixedState.Sources.Add((FilePath(i), FixAllSources![i]));
        }

        TestState.OutputKind = OutputKind;
        TestState.AdditionalReferences.AddRange(TestCompilations.References(References));

        // Compilation-end rules (PERF004, PERF012) report where the whole compilation is known, as the IDE does with
        // full-solution analysis: their fixes are for diagnostics the library calls non-local.
        if (new TAnalyzer().SupportedDiagnostics.Any(d => d.CustomTags.Contains(WellKnownDiagnosticTags.CompilationEnd)))
        {
            CodeFixTestBehaviors |= CodeFixTestBehaviors.SkipLocalDiagnosticCheck;
        }
        if (BuildProperties.Count > 0)
        {
            TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\n" + string.Concat(BuildProperties.Select(p => $"build_property.{p.Key} = {p.Value}\n"))));
        }

        if (Options.Count > 0)
        {
            TestState.AnalyzerConfigFiles.Add(("/.editorconfig", "root = true\n\n[*.cs]\n" + string.Concat(Options.Select(p => $"{p.Key} = {p.Value}\n"))));
        }
    }

    /// <summary>The fixed sources compile with no compiler warning (by id) more often than the original sources.</summary>
    private void AssertNoNewCompilerWarnings(IReadOnlyList<string> fixedSources, string how)
    {
        var before = Warnings(Sources);
        var after = Warnings(fixedSources);
        foreach (var (id, diagnostics) in after)
        {
            Assert.True(diagnostics.Count <= (before.TryGetValue(id, out var old) ? old.Count : 0),
                $"The fix added compiler warning {id} ({how}):\n" + string.Join("\n", diagnostics));
        }
    }

    private Dictionary<string, List<Diagnostic>> Warnings(IReadOnlyList<string> markupSources)
    {
        var parseOptions = (CSharpParseOptions)CreateParseOptions();
        var trees = markupSources.Select((source, i) =>
        {
            TestFileMarkupParser.GetSpans(source, out var text, out ImmutableDictionary<string, ImmutableArray<Microsoft.CodeAnalysis.Text.TextSpan>> _);
            return CSharpSyntaxTree.ParseText(text, parseOptions, FilePath(i), Encoding.UTF8);
        });
        var compilation = CSharpCompilation.Create("TestProject", trees, TestCompilations.References(References), (CSharpCompilationOptions)CreateCompilationOptions());
        return compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Warning)
            .GroupBy(d => d.Id).ToDictionary(g => g.Key, g => g.ToList());
    }
}

/// <summary>An analyzer-only rule test (no code fix is checked).</summary>
public class RuleTest<TAnalyzer> : RuleTest<TAnalyzer, EmptyCodeFixProvider>
    where TAnalyzer : DiagnosticAnalyzer, new()
{
}
