using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using PerfAnalyzers.CodeFixes.Strings;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Strings;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF008UseInterpolationInsteadOfStringFormatTests
{
    // ---- The fix's output computes the same string as string.Format (under a comma-decimal culture) ----

    public static TheoryData<string> Calls => new()
    {
        "string.Format(\"{0}.{1}.{2}.{3}\", i, j, i, j)",
        "string.Format(\"{0,8:N2}|{1,-10:yyyy-MM-dd}|{2:C}\", d, t, m)",
        "string.Format(\"{0,6}|{0,-6}|{0,-0}|{0:X4}|{0:x}\", i)",
        "string.Format(\"{{{0}}} {{1}} }}{{\", d)",
        "string.Format(\"{2}{1}{0}{1}\", s, i, d)",
        "string.Format(\"[{0}][{1,4}][{2}]\", n, o, s)",
        "string.Format(\"{0:0.###E+0} {0:P1} {0:R}\", d)",
        "string.Format(\"{0} {1:HH:mm:ss} {1:ddd}\", f, t)",
        "string.Format(\"{0}/{1}\", s, s2)",
        "string.Format(\"<{0}>\", n)",
        "string.Format(\"{0,5}|{1:D}|{2}\", b, e, c)",
        "string.Format(\"\\\"{0}\\\" \\\\ \\t {1:'q'0}\", s, i)",
        "string.Format(System.Globalization.CultureInfo.GetCultureInfo(\"fr-FR\"), \"{0:N2} {1:d}\", d, t)",
        "string.Format(null, \"{0:N2} {1}\", d, m)",
        "new System.Text.StringBuilder(\"x\").Append(string.Format(\"{0,6:N1}|{1}|{2,-3}\", d, n, b)).ToString()",
        "new System.Text.StringBuilder().Append(string.Format(System.Globalization.CultureInfo.InvariantCulture, \"{0:N1}\", d)).ToString()",
        "string.Format(arg1: i, format: \"{0}|{1:X}\", arg0: d)",
        "string.Format(provider: System.Globalization.CultureInfo.GetCultureInfo(\"de-DE\"), format: \"{0:N2} {1}\", arg0: d, arg1: s)",
    };

    [Theory]
    [MemberData(nameof(Calls))]
    public async Task The_fix_writes_code_that_produces_the_same_text(string call)
    {
        var source = "using System;\n\npublic static class P\n{\n" +
                     "    static string s = \"ab\";\n    static string s2 = \"cd\";\n    static string? n = null;\n    static object? o = null;\n" +
                     "    static int i = -42;\n    static int j = 1234567;\n    static double d = -1234.5678;\n    static decimal m = 3.25m;\n" +
                     "    static DateTime t = new DateTime(2021, 8, 17, 13, 5, 9);\n    static float f = 0.1f;\n    static bool b = true;\n" +
                     "    static DayOfWeek e = DayOfWeek.Friday;\n    static char c = ',';\n" +
                     $"    public static string Before() => {call};\n" +
                     $"    public static string After() => {call};\n}}\n";

        // Run the code fix on After's call only.
        var project = new AdhocWorkspace().AddProject(ProjectInfo.Create(
            ProjectId.CreateNewId(), VersionStamp.Default, "Values", "Values", LanguageNames.CSharp,
            compilationOptions: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable),
            parseOptions: new CSharpParseOptions(LanguageVersion.Latest),
            metadataReferences: TestCompilations.References(TestReferences.Net80)));
        var document = project.AddDocument("P.cs", source);
        var diagnostics = await (await document.Project.GetCompilationAsync())!
            .WithAnalyzers(System.Collections.Immutable.ImmutableArray.Create<Microsoft.CodeAnalysis.Diagnostics.DiagnosticAnalyzer>(new PERF008UseInterpolationInsteadOfStringFormatAnalyzer()))
            .GetAnalyzerDiagnosticsAsync();
        var after = source.IndexOf("After()", StringComparison.Ordinal);
        var diagnostic = Assert.Single(diagnostics, d => d.Location.SourceSpan.Start > after);
        var fix = new PERF008UseInterpolationInsteadOfStringFormatCodeFix();
        var actions = new System.Collections.Generic.List<Microsoft.CodeAnalysis.CodeActions.CodeAction>();
        await fix.RegisterCodeFixesAsync(new Microsoft.CodeAnalysis.CodeFixes.CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), default));
        var operations = await Assert.Single(actions).GetOperationsAsync(default);
        var changed = operations.OfType<Microsoft.CodeAnalysis.CodeActions.ApplyChangesOperation>().Single().ChangedSolution.GetDocument(document.Id)!;
        var fixedSource = (await changed.GetTextAsync()).ToString();
        Assert.DoesNotContain("After() => string.Format(", fixedSource, StringComparison.Ordinal);

        using var code = LoadedCode.Load((await changed.Project.GetCompilationAsync())!, context: fixedSource);
        using var culture = new CultureScope("de-DE");
        var expected = (string)code.Invoke("Before")!;
        if (call.Contains("{0,8:N2}", StringComparison.Ordinal))
        {
            Assert.Contains("-1.234,57", expected); // the culture really is in play
        }

        Assert.Equal(expected, (string)code.Invoke("After")!);
    }
}
