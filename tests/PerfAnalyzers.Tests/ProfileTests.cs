using System;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Testing;
using PerfAnalyzers.Async;
using PerfAnalyzers.Profiles;
using PerfAnalyzers.Strings;
using PerfAnalyzers.Tests.Infrastructure;
using PerfAnalyzers.Types;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// A profile of a real run handed to the analyzers (Profiles/ProfileGate.cs): the file the <c>PerfAnalyzersProfile</c>
/// property names, as an additional file; <c>rank</c> says in each message what the profile says of the finding's method,
/// <c>hot_only</c> leaves out findings in cold methods; a method the profile does not know is never cold; PERF006 is not
/// ranked. The profile here lists the test project's methods as <c>perfanalyzers profile</c> would.
/// </summary>
public class ProfileTests
{
    private const string Source = """
        using System;
        using System.Threading.Tasks;

        sealed class C
        {
            public string Hot(int a) => {|#0:string.Format("{0}-{1}", a, a)|};

            public string Cold(int a) => {|#1:string.Format("{0}+{1}", a, a)|};

            public string Lambda(int a)
            {
                Func<int, string> f = x => {|#2:string.Format("{0}*{1}", x, a)|};
                return f(a);
            }

            public string New(int a) => {|#3:string.Format("{0}/{1}", a, a)|};

            public async Task<int> Blocks(Task<int> t) => t.{|#4:Result|} + await t;
        }
        """;

    private static string ProfileJson(string assembly = "TestProject") => $$"""
        {
          "format": "perfanalyzers-profile",
          "version": 1,
          "samples": 1000,
          "attributedSamples": 900,
          "allocatedBytes": 2097152,
          "inliningDisabled": true,
          "sources": [ { "name": "run.nettrace", "samples": 1000, "attributedSamples": 900 } ],
          "assemblies": [ "{{assembly}}" ],
          "methods": [
            { "id": "M:C.Hot(System.Int32)", "inclusiveSamples": 400, "exclusiveSamples": 250, "allocatedBytes": 2097152 },
            { "id": "M:C.Lambda(System.Int32)", "inclusiveSamples": 30, "exclusiveSamples": 30, "allocatedBytes": 0 },
            { "id": "M:C.Cold(System.Int32)", "inclusiveSamples": 0, "exclusiveSamples": 0, "allocatedBytes": 0 },
            { "id": "M:C.Blocks(System.Threading.Tasks.Task{System.Int32})", "inclusiveSamples": 0, "exclusiveSamples": 0, "allocatedBytes": 0 }
          ]
        }
        """;

    private static RuleTest<TAnalyzer, EmptyCodeFixProvider> Test<TAnalyzer>(string profile, string? mode = null, string? threshold = null)
        where TAnalyzer : Microsoft.CodeAnalysis.Diagnostics.DiagnosticAnalyzer, new()
    {
        var test = RuleTest<TAnalyzer>.Create(Source);
        test.BuildProperties[ProfileGate.FileProperty] = "/0/perf-profile.json";
        test.TestState.AdditionalFiles.Add(("/0/perf-profile.json", profile));
        if (mode is not null)
        {
            test.Options["perf_analyzers.profile_mode"] = mode;
        }

        if (threshold is not null)
        {
            test.Options["perf_analyzers.profile_threshold"] = threshold;
        }

        return test;
    }

    private static DiagnosticResult Format(int location, string call, string label) =>
        RuleTest<PERF008UseInterpolationInsteadOfStringFormatAnalyzer>.Diagnostic().WithLocation(location)
            .WithMessage($"'string.Format({call}, ...)' parses its format on every call; use an interpolated string instead (profile: {label})");

    [Fact]
    public Task Rank_says_in_each_message_what_the_profile_says_of_its_method()
    {
        var test = Test<PERF008UseInterpolationInsteadOfStringFormatAnalyzer>(ProfileJson());
        test.ExpectedDiagnostics.Add(Format(0, "\"{0}-{1}\"", "hot: 25.0% of samples, 2 MB allocated"));
        test.ExpectedDiagnostics.Add(Format(1, "\"{0}+{1}\"", "cold: not sampled"));
        test.ExpectedDiagnostics.Add(Format(2, "\"{0}*{1}\"", "hot: 3.0% of samples")); // the lambda counts for Lambda
        test.ExpectedDiagnostics.Add(Format(3, "\"{0}/{1}\"", "unknown: not in the profile")); // new code
        return test.RunAsync();
    }

    [Fact]
    public Task Hot_only_leaves_out_cold_methods_and_keeps_unknown_ones()
    {
        var test = Test<PERF008UseInterpolationInsteadOfStringFormatAnalyzer>(ProfileJson(), mode: "hot_only");
        test.ExpectedDiagnostics.Add(Format(0, "\"{0}-{1}\"", "hot: 25.0% of samples, 2 MB allocated"));
        test.ExpectedDiagnostics.Add(Format(2, "\"{0}*{1}\"", "hot: 3.0% of samples"));
        test.ExpectedDiagnostics.Add(Format(3, "\"{0}/{1}\"", "unknown: not in the profile"));
        return test.RunAsync();
    }

    [Fact]
    public Task The_threshold_decides_what_is_hot()
    {
        var test = Test<PERF008UseInterpolationInsteadOfStringFormatAnalyzer>(ProfileJson(), mode: "hot_only", threshold: "5");
        test.ExpectedDiagnostics.Add(Format(0, "\"{0}-{1}\"", "hot: 25.0% of samples, 2 MB allocated"));
        test.ExpectedDiagnostics.Add(Format(3, "\"{0}/{1}\"", "unknown: not in the profile"));
        return test.RunAsync();
    }

    [Fact]
    public Task The_msbuild_properties_decide_over_the_editorconfig()
    {
        var test = Test<PERF008UseInterpolationInsteadOfStringFormatAnalyzer>(ProfileJson(), mode: "rank", threshold: "0");
        test.BuildProperties[ProfileGate.ModeProperty] = "hot_only";
        test.BuildProperties[ProfileGate.ThresholdProperty] = "5";
        test.ExpectedDiagnostics.Add(Format(0, "\"{0}-{1}\"", "hot: 25.0% of samples, 2 MB allocated"));
        test.ExpectedDiagnostics.Add(Format(3, "\"{0}/{1}\"", "unknown: not in the profile"));
        return test.RunAsync();
    }

    [Fact]
    public Task A_profile_of_another_assembly_calls_nothing_cold()
    {
        var test = Test<PERF008UseInterpolationInsteadOfStringFormatAnalyzer>(ProfileJson("OtherProgram"), mode: "hot_only");
        foreach (var (location, call) in new[] { (0, "\"{0}-{1}\""), (1, "\"{0}+{1}\""), (2, "\"{0}*{1}\""), (3, "\"{0}/{1}\"") })
        {
            test.ExpectedDiagnostics.Add(Format(location, call, "unknown: not in the profile"));
        }

        return test.RunAsync();
    }

    [Theory]
    [InlineData("")]
    [InlineData("{ \"format\": \"something-else\" }")]
    [InlineData("{ \"format\": \"perfanalyzers-profile\", \"version\": 99 }")]
    [InlineData("{ not json")]
    public Task A_broken_or_foreign_profile_counts_as_none(string profile)
    {
        var test = Test<PERF008UseInterpolationInsteadOfStringFormatAnalyzer>(profile, mode: "hot_only");
        foreach (var (location, call) in new[] { (0, "\"{0}-{1}\""), (1, "\"{0}+{1}\""), (2, "\"{0}*{1}\""), (3, "\"{0}/{1}\"") })
        {
            test.ExpectedDiagnostics.Add(RuleTest<PERF008UseInterpolationInsteadOfStringFormatAnalyzer>.Diagnostic().WithLocation(location)
                .WithMessage($"'string.Format({call}, ...)' parses its format on every call; use an interpolated string instead"));
        }

        return test.RunAsync();
    }

    [Fact]
    public Task Blocking_is_reported_in_cold_methods_too_and_not_ranked()
    {
        var test = Test<PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer>(ProfileJson(), mode: "hot_only");
        test.ExpectedDiagnostics.Add(RuleTest<PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer>.Diagnostic().WithLocation(4)
            .WithMessage("'t.Result' blocks a thread in async code; use 'await t' instead"));
        return test.RunAsync();
    }

    [Fact]
    public Task A_type_level_rule_is_ranked_by_the_types_hottest_method()
    {
        var test = RuleTest<PERF004SealInternalTypesAnalyzer>.Create("""
            class {|#0:C|}
            {
                public int Hot(int a) => a + 1;
            }

            class {|#1:D|}
            {
                public int Cold(int a) => a - 1;
            }
            """);
        test.BuildProperties[ProfileGate.FileProperty] = "/0/perf-profile.json";
        test.TestState.AdditionalFiles.Add(("/0/perf-profile.json", """
            { "format": "perfanalyzers-profile", "version": 1, "samples": 200, "assemblies": [ "TestProject" ],
              "methods": [ { "id": "M:C.Hot(System.Int32)", "inclusiveSamples": 20, "exclusiveSamples": 20 },
                           { "id": "M:D.Cold(System.Int32)", "inclusiveSamples": 0, "exclusiveSamples": 0 } ] }
            """));
        test.Options["perf_analyzers.profile_mode"] = "hot_only";
        test.Options["perf_analyzers.PERF004.impact"] = "all";
        test.ExpectedDiagnostics.Add(RuleTest<PERF004SealInternalTypesAnalyzer>.Diagnostic().WithLocation(0)
            .WithMessage("'C' is not visible outside the assembly and nothing derives from it; seal it (profile: hot: 10.0% of samples)"));
        return test.RunAsync();
    }

    [Fact]
    public void Lambdas_local_functions_and_initializers_count_for_their_member()
    {
        var tree = CSharpSyntaxTree.ParseText("""
            using System;
            class C
            {
                int _field = Compute(() => 1);
                C() { }
                C(int a) { }
                static int Compute(Func<int> f) => f();
                int M(int a)
                {
                    Func<int, int> f = x => x + 1;
                    int Local(int y) => y * 2;
                    return f(a) + Local(a);
                }
            }
            """);
        var compilation = CSharpCompilation.Create("TestProject", new[] { tree }, TestCompilations.References(TestReferences.Net80));
        var model = compilation.GetSemanticModel(tree);
        var text = tree.ToString();
        string? At(string marker) => ProfileMembers.At(model, text.IndexOf(marker, StringComparison.Ordinal), default)?.GetDocumentationCommentId();

        Assert.Equal("M:C.M(System.Int32)", At("x + 1"));
        Assert.Equal("M:C.M(System.Int32)", At("y * 2"));
        Assert.Equal("F:C._field", At("() => 1"));
        var field = ProfileMembers.At(model, text.IndexOf("() => 1", StringComparison.Ordinal), default)!;
        Assert.Equal(new[] { "M:C.#ctor", "M:C.#ctor(System.Int32)" }, System.Linq.Enumerable.OrderBy(System.Linq.Enumerable.Select(ProfileMembers.Methods(field), m => m.GetDocumentationCommentId()), s => s, StringComparer.Ordinal));
    }

    [Fact]
    public void Profile_parse_reads_the_schema_and_rejects_what_is_not_a_profile()
    {
        var profile = Profile.Parse(ProfileJson());
        Assert.Equal(1000, profile.Samples);
        Assert.Equal(900, profile.AttributedSamples);
        Assert.True(profile.InliningDisabled);
        Assert.Equal(new[] { "TestProject" }, profile.Assemblies);
        Assert.Single(profile.Sources);

        Assert.Contains("not a PerfAnalyzers profile", Assert.Throws<FormatException>(() => Profile.Parse("{}")).Message);
        Assert.Contains("version 2", Assert.Throws<FormatException>(() => Profile.Parse("{\"format\":\"perfanalyzers-profile\",\"version\":2}")).Message);
        Assert.Contains("not valid JSON", Assert.Throws<FormatException>(() => Profile.Parse("{\"format\": ")).Message);
        Assert.Contains("without an \"id\"", Assert.Throws<FormatException>(() => Profile.Parse("{\"format\":\"perfanalyzers-profile\",\"version\":1,\"methods\":[{}]}")).Message);
    }

    [Fact]
    public void Name_only_entries_count_for_every_overload_of_the_name()
    {
        var profile = Profile.Parse("""
            { "format": "perfanalyzers-profile", "version": 1, "samples": 100, "assemblies": [ "TestProject" ],
              "methods": [ { "id": "M:C.M", "nameOnly": true, "inclusiveSamples": 10, "exclusiveSamples": 10 },
                           { "id": "M:C.M(System.Int32)", "inclusiveSamples": 5, "exclusiveSamples": 5 },
                           { "id": "M:C.M(System.String)", "inclusiveSamples": 0, "exclusiveSamples": 0 } ] }
            """);
        var compilation = CSharpCompilation.Create("TestProject", new[] { CSharpSyntaxTree.ParseText("class C { void M(int a) { } void M(string s) { } void M() { } }") }, TestCompilations.References(TestReferences.Net80));
        var methods = compilation.GetTypeByMetadataName("C")!.GetMembers("M");
        var verdicts = System.Linq.Enumerable.ToDictionary(methods, m => m.GetDocumentationCommentId()!, m => profile.Lookup(m, 0.1));
        Assert.Equal(15, verdicts["M:C.M(System.Int32)"].SharePercent);
        Assert.Equal(10, verdicts["M:C.M(System.String)"].SharePercent);
        Assert.Equal(ProfileHeat.Hot, verdicts["M:C.M"].Heat); // the parameterless overload's id is the name itself
    }
}
