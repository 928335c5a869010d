using System;
using System.IO;
using System.Linq;
using System.Text.Json;
using Xunit;

namespace PerfAnalyzers.EndToEnd;

public sealed partial class CliTests
{
    [Fact]
    public void Tfm_sets_the_target_framework_the_rules_see()
    {
        var (code, output) = Run("scan samples/PerfAnalyzers.Samples --quiet --tfm net472");
        Assert.True(code == 0, output);
        Assert.Contains("(target: .NET Framework 4.7.2)", output);
    }

    [Theory]
    [InlineData("<ImplicitUsings>enable</ImplicitUsings>", "", false, true)]
    [InlineData("", "<Project><PropertyGroup><ImplicitUsings>true</ImplicitUsings></PropertyGroup></Project>", false, true)]
    [InlineData("<ImplicitUsings>disable</ImplicitUsings>", "", false, false)]
    [InlineData("", "", false, false)]
    [InlineData("<ImplicitUsings>enable</ImplicitUsings>", "", true, false)]
    public void A_folder_whose_projects_enable_implicit_usings_gets_them(string property, string buildProps, bool otherProjectWithout, bool expected)
    {
        var folder = Path.Combine(fixture.WorkDirectory, "cli-usings-" + Guid.NewGuid().ToString("N")[..6]);
        Directory.CreateDirectory(Path.Combine(folder, "src"));
        File.WriteAllText(Path.Combine(folder, "src", "App.csproj"), $"<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup>{property}</PropertyGroup></Project>");
        if (otherProjectWithout)
        {
            // A second project in the folder that does not enable them: the usings could clash there, so none are added.
            Directory.CreateDirectory(Path.Combine(folder, "tools"));
            File.WriteAllText(Path.Combine(folder, "tools", "Tool.csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup></PropertyGroup></Project>");
        }
        if (buildProps.Length > 0)
        {
            File.WriteAllText(Path.Combine(folder, "Directory.Build.props"), buildProps);
        }

        // Random and Task bind only through the implicit 'using System;' and 'using System.Threading.Tasks;'.
        File.WriteAllText(Path.Combine(folder, "src", "Dice.cs"), """
            public static class Dice
            {
                public static int Roll() => new Random().Next(6);
                public static Task<int> RollAsync() => Task.FromResult(Roll());
            }
            """);

        var (code, output) = Run($"scan \"{folder}\" --quiet");
        Assert.True(code == 0, output);
        Assert.Contains("in 1 files", output);
        if (expected)
        {
            Assert.Contains("Dice.cs(3,", output);
            Assert.Contains("PERF010", output);
        }
        else
        {
            Assert.DoesNotContain("PERF010", output);
        }
    }

    [Fact]
    public void A_folder_gets_the_preprocessor_symbols_of_its_target_framework()
    {
        var folder = Path.Combine(fixture.WorkDirectory, "cli-ifdef-" + Guid.NewGuid().ToString("N")[..6]);
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "Code.cs"), """
            public static class Code
            {
            #if NET10_0_OR_GREATER && NETCOREAPP3_1_OR_GREATER
                public static int Modern(string s) => int.Parse(s.Substring(1));
            #endif
            #if NETSTANDARD2_0 || !NET
                public static bool Legacy(System.IO.FileAccess a) => a.HasFlag(System.IO.FileAccess.Read);
            #endif
            }
            """);

        // A C# 14 extension block (the SDK's compiler, which the CLI loads, knows them) is not a class to seal.
        File.WriteAllText(Path.Combine(folder, "Extensions.cs"), """
            internal static class Extensions
            {
                extension(string text)
                {
                    internal bool IsBlank() => text.Trim().Length == 0;
                }

                extension<T>(T?[] array) where T : class
                {
                    internal bool AnyNull() => System.Array.IndexOf(array, null) >= 0;
                }
            }
            """);

        var (code, output) = Run($"scan \"{folder}\" --quiet");
        Assert.True(code == 0, output);
        Assert.DoesNotContain("Extensions.cs", output);
        Assert.DoesNotContain("Compiler errors:", output); // C# 14 parses: the CLI runs the newest compiler
        Assert.Contains("Code.cs(4,", output);
        Assert.DoesNotContain("Code.cs(7,", output);

        // netstandard2.0 compiles at its default C# 7.3, where the extension blocks are errors: said, with the first few.
        (code, output) = Run($"scan \"{folder}\" --quiet --tfm netstandard2.0");
        Assert.True(code == 0, output);
        Assert.DoesNotContain("Code.cs(4,", output);
        Assert.Contains("Code.cs(7,", output);
        Assert.Matches(@"Compiler errors: \S+ \(netstandard2\.0\) has \d+ of its own before any fix", output);
        Assert.Contains("  Extensions.cs(3,", output);
    }

    /// <summary>Four lines whose advice differs by target (the issue's example), and one that only the old targets need.</summary>
    private const string TargetDependentCode = """
        using System;
        using System.IO;

        public static class Code
        {
            public static int Roll() => new Random().Next(6);
            public static void Reset(int[] a) => Array.Clear(a, 0, a.Length);
            public static bool Starts(string s) => s.Substring(0, 3) == "abc";
            public static string Key(int a, int b) => string.Format("{0}-{1}", a, b);
            public static bool CanRead(FileAccess access) => access.HasFlag(FileAccess.Read);
        }
        """;

    /// <summary>APIs that netstandard2.0 and net472 do not have: no finding on those legs may suggest one.</summary>
    private static readonly string[] ApisOnlyModernTargetsHave = ["Random.Shared", "AsSpan", "Array.Clear(a)", "string.Create", "Array.Fill", "BinaryPrimitives", "Enum.Parse<", "stackalloc"];

    private static void AssertNoSuggestionOutsideItsLegs(JsonElement finding)
    {
        var legs = finding.GetProperty("legs").EnumerateArray().Select(l => l.GetString()).ToList();
        if (legs.Contains("netstandard2.0") || legs.Contains("net472"))
        {
            var message = finding.GetProperty("message").GetString()!;
            Assert.DoesNotContain(ApisOnlyModernTargetsHave, api => message.Contains(api, StringComparison.Ordinal));
        }
    }

    [Fact]
    public void A_folder_scanned_for_netstandard2_0_compiles_against_its_reference_assemblies()
    {
        var folder = Path.Combine(fixture.WorkDirectory, "cli-ns20-" + Guid.NewGuid().ToString("N")[..6]);
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "Code.cs"), TargetDependentCode);

        var (code, output) = Run($"scan \"{folder}\" --format json --tfm netstandard2.0");
        Assert.True(code == 0, output);
        Assert.Contains("against netstandard2.0 reference assemblies", output);
        var json = output[output.IndexOf('{')..];
        using var document = JsonDocument.Parse(json);
        var findings = document.RootElement.GetProperty("findings").EnumerateArray().ToList();
        Assert.Equal(["PERF003"], findings.Select(f => f.GetProperty("id").GetString()!).ToArray());
        Assert.All(findings, AssertNoSuggestionOutsideItsLegs);
        Assert.Empty(document.RootElement.GetProperty("compilerErrors").EnumerateArray());

        // The same folder for .NET 10 gets the modern advice; a target whose reference assemblies are not here is refused.
        (code, output) = Run($"scan \"{folder}\" --quiet --tfm net10.0");
        Assert.True(code == 0, output);
        Assert.Contains("Random.Shared", output);
        Assert.DoesNotContain("PERF003", output);

        (code, output) = Run($"scan \"{folder}\" --quiet --tfm net7.0");
        Assert.Equal(2, code);
        Assert.Contains("perfanalyzers: error: no reference assemblies for 'net7.0' here", output);
    }

    private Consumer MultiTargetedLibrary(string name) =>
        Consumer.Create(Path.Combine(fixture.WorkDirectory, name + "-" + Guid.NewGuid().ToString("N")[..6]), fixture.Feed, fixture.Version,
            "netstandard2.0;net472;net8.0;net10.0", [], "root = true\n") is var consumer && WriteCode(consumer) && consumer.Restore() is (0, _)
            ? consumer
            : throw new InvalidOperationException("the multi-targeted library did not restore");

    private static bool WriteCode(Consumer consumer)
    {
        consumer.WriteFile("Code.cs", TargetDependentCode);
        return true;
    }

    [Fact]
    public void A_multi_targeted_project_is_analyzed_per_leg_and_each_finding_names_its_legs()
    {
        var library = MultiTargetedLibrary("cli-legs");
        var (code, output) = Run($"scan \"{library.ProjectPath}\" --quiet --format json");
        Assert.True(code == 0, output);
        using (var document = JsonDocument.Parse(output))
        {
            var findings = document.RootElement.GetProperty("findings").EnumerateArray().ToList();
            string[] LegsOf(string id) => findings.Single(f => f.GetProperty("id").GetString() == id).GetProperty("legs").EnumerateArray().Select(l => l.GetString()!).ToArray();
            Assert.Equal(["net8.0", "net10.0"], LegsOf("PERF010"));
            Assert.Equal(["net8.0", "net10.0"], LegsOf("PERF001"));
            Assert.Equal(["netstandard2.0", "net472"], LegsOf("PERF003"));
            Assert.All(findings, AssertNoSuggestionOutsideItsLegs);
            Assert.Equal(["netstandard2.0", "net472", "net8.0", "net10.0"], document.RootElement.GetProperty("summary").GetProperty("legs").EnumerateArray().Select(l => l.GetString()!).ToArray());
            Assert.Equal(1, document.RootElement.GetProperty("summary").GetProperty("files").GetInt32());
        }

        // --tfm selects a leg of the project (it does not relabel another leg's compilation).
        (code, output) = Run($"scan \"{library.ProjectPath}\" --quiet --tfm net472");
        Assert.True(code == 0, output);
        Assert.Contains("PERF003", output);
        Assert.DoesNotContain("PERF010", output);
        Assert.Contains("(target: .NET Framework 4.7.2)", output);

        (code, output) = Run($"scan \"{library.ProjectPath}\" --quiet --tfm net6.0");
        Assert.Equal(2, code);
        Assert.Contains("perfanalyzers: error: Consumer.csproj does not target net6.0 (its target frameworks: net10.0, net472, net8.0, netstandard2.0)", output);
    }

    [Fact]
    public void Fix_of_a_multi_targeted_project_keeps_every_leg_building()
    {
        var library = MultiTargetedLibrary("cli-fix-legs");
        var (code, output) = Run($"scan \"{library.ProjectPath}\" --quiet --fix");
        Assert.True(code == 0, output);
        Assert.Contains("Recompiled after fixing (every leg: netstandard2.0, net472, net8.0, net10.0): no new compiler errors", output);
        var fixedCode = library.ReadFile("Code.cs");
        Assert.Contains("#if NET6_0_OR_GREATER", fixedCode);
        Assert.Contains("Random.Shared", fixedCode);
        Assert.Contains("(access & FileAccess.Read) == FileAccess.Read", fixedCode);

        // The real multi-target build agrees: every leg compiles, and no PERF finding is left.
        var (buildCode, build, diagnostics) = library.Build();
        Assert.True(buildCode == 0, build + "\n" + fixedCode);
        Assert.DoesNotContain(diagnostics, d => d.Severity == "error");
        Assert.DoesNotContain(diagnostics, d => d.Id.StartsWith("PERF", StringComparison.Ordinal));
    }

    [Fact]
    public void A_global_json_pinning_a_missing_sdk_gets_one_clear_line()
    {
        var folder = Path.Combine(fixture.WorkDirectory, "cli-pinned-" + Guid.NewGuid().ToString("N")[..6]);
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "global.json"), """{ "sdk": { "version": "99.0.100" } }""");
        File.WriteAllText(Path.Combine(folder, "Pinned.csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\"><PropertyGroup><TargetFramework>net10.0</TargetFramework></PropertyGroup></Project>");
        File.WriteAllText(Path.Combine(folder, "Code.cs"), TargetDependentCode);

        var (code, output) = Run($"scan \"{Path.Combine(folder, "Pinned.csproj")}\" --quiet");
        Assert.Equal(2, code);
        Assert.Contains("perfanalyzers: error: cannot load", output);
        Assert.Contains("pins .NET SDK 99.0.100 (rollForward: patch), which no installed SDK satisfies", output);
        Assert.DoesNotContain("   at ", output);
        Assert.DoesNotContain("Exception", output);
        Assert.Single(output.Split('\n', StringSplitOptions.RemoveEmptyEntries));

        // A pin that the installed SDK satisfies by rolling forward (Serilog's global.json) loads as the SDK would load it.
        File.WriteAllText(Path.Combine(folder, "global.json"), """{ "sdk": { "version": "10.0.100", "rollForward": "latestFeature" } }""");
        Assert.Equal(0, Shell.Dotnet("restore --nologo", folder).ExitCode);
        (code, output) = Run($"scan \"{Path.Combine(folder, "Pinned.csproj")}\" --quiet");
        Assert.True(code == 0, output);
        Assert.Contains("PERF010", output);
    }

    [Fact]
    public void A_project_that_was_not_restored_stops_the_scan_unless_allowed()
    {
        var folder = Path.Combine(fixture.WorkDirectory, "cli-unrestored-" + Guid.NewGuid().ToString("N")[..6]);
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "Directory.Build.props"), "<Project />");
        File.WriteAllText(Path.Combine(folder, "Directory.Packages.props"), "<Project />");
        File.WriteAllText(Path.Combine(folder, "Unrestored.csproj"), """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup><TargetFramework>net10.0</TargetFramework></PropertyGroup>
              <ItemGroup><PackageReference Include="Newtonsoft.Json" Version="13.0.3" /></ItemGroup>
            </Project>
            """);
        File.WriteAllText(Path.Combine(folder, "Code.cs"), TargetDependentCode);
        File.WriteAllText(Path.Combine(folder, "Json.cs"), "public static class Json { public static string Write(object o) => Newtonsoft.Json.JsonConvert.SerializeObject(o); }\n");

        var (code, output) = Run($"scan \"{Path.Combine(folder, "Unrestored.csproj")}\" --quiet");
        Assert.Equal(2, code);
        Assert.Contains("perfanalyzers: error: Unrestored: it was not restored", output);
        Assert.Contains("--allow-missing-references", output);
        Assert.DoesNotContain("   at ", output);

        // Asked to go on: the findings, the compilation's own errors (count and first ones) in every format, and a note.
        (code, output) = Run($"scan \"{Path.Combine(folder, "Unrestored.csproj")}\" --quiet --allow-missing-references --format json");
        Assert.True(code == 0, output);
        using (var document = JsonDocument.Parse(output))
        {
            var errors = document.RootElement.GetProperty("compilerErrors")[0];
            Assert.True(errors.GetProperty("count").GetInt32() >= 1, output);
            Assert.Contains("CS0103", errors.GetProperty("first")[0].GetString());
            Assert.Contains(document.RootElement.GetProperty("notes").EnumerateArray(), n => n.GetString()!.Contains("not restored", StringComparison.Ordinal));
        }

        (code, output) = Run($"scan \"{Path.Combine(folder, "Unrestored.csproj")}\" --quiet --allow-missing-references --format sarif");
        Assert.True(code == 0, output);
        using var sarif = JsonDocument.Parse(output);
        var notification = sarif.RootElement.GetProperty("runs")[0].GetProperty("invocations")[0].GetProperty("toolExecutionNotifications")[0];
        Assert.Contains("compiler errors of its own", notification.GetProperty("message").GetProperty("text").GetString());
    }

    [Fact]
    public void Scan_of_a_project_loads_it_through_msbuild()
    {
        var (code, output) = Run($"scan \"{fixture.Modern.ProjectPath}\" --format json");
        Assert.True(code == 0, output);
        Assert.Contains("loading", output);
        Assert.Contains("\"id\": \"PERF001\"", output);
    }
}
