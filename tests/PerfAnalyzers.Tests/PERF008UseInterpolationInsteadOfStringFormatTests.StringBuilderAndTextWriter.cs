using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF008UseInterpolationInsteadOfStringFormatTests
{
    // ---- StringBuilder.Append and TextWriter ----

    [Fact]
    public Task StringBuilder_Append_gets_the_builder_handler_on_net6() => Verify(
        Wrap("""
                 void Add(StringBuilder sb, string s, int n, IFormatProvider p)
                 {
                     sb.Append([|string.Format("{0}={1,4}", s, n)|]);
                     sb.Append([|string.Format("{0}/{1}", s, s)|]).Append('!');
                     sb.Append([|string.Format(p, "{0:N1}", n)|]);
                     sb.AppendLine([|string.Format("{0}", n)|]);
                 }
             """),
        Wrap("""
                 void Add(StringBuilder sb, string s, int n, IFormatProvider p)
                 {
                     sb.Append($"{s}={n,4}");
                     sb.Append($"{s}/{s}").Append('!');
                     sb.Append(p, $"{n:N1}");
                     sb.AppendLine($"{n}");
                 }
             """));

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task StringBuilder_Append_becomes_AppendFormat_before_net6(TestReferences references) => Verify(
        Wrap("""
                 void Add(StringBuilder sb, string s, int n, IFormatProvider p)
                 {
                     sb.Append([|string.Format("{0}={1,4}", s, n)|]);
                     sb?.Append([|string.Format("{1}{0}", s, n)|]);
                     sb.Append([|string.Format(p, "{0:N1}", n)|]).Append('!');
                     sb.AppendLine(string.Format("{0}", n));
                     sb.AppendLine([|string.Format("{0}", s)|]);
                 }
             """),
        Wrap("""
                 void Add(StringBuilder sb, string s, int n, IFormatProvider p)
                 {
                     sb.AppendFormat("{0}={1,4}", s, n);
                     sb?.AppendFormat("{1}{0}", s, n);
                     sb.AppendFormat(p, "{0:N1}", n).Append('!');
                     sb.AppendLine(string.Format("{0}", n));
                     sb.AppendLine(s ?? "");
                 }
             """),
        references);

    [Fact]
    public Task TextWriter_Write_and_WriteLine_get_the_plain_rewrite() => Verify(
        Wrap("""
                 void Log(TextWriter w, string s, int n)
                 {
                     w.Write([|string.Format("{0}: {1}", s, n)|]);
                     w.WriteLine([|string.Format("{0}: {1}", s, s)|]);
                     Console.WriteLine([|string.Format("{0:X}", n)|]);
                 }
             """),
        Wrap("""
                 void Log(TextWriter w, string s, int n)
                 {
                     w.Write($"{s}: {n}");
                     w.WriteLine(string.Concat(s, ": ", s));
                     Console.WriteLine($"{n:X}");
                 }
             """));

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task TextWriter_before_net6_only_strings(TestReferences references) => Verify(
        Wrap("""
                 void Log(TextWriter w, string s, int n)
                 {
                     w.Write(string.Format("{0}: {1}", s, n));
                     w.WriteLine([|string.Format("{0}: {1}", s, s)|]);
                 }
             """),
        Wrap("""
                 void Log(TextWriter w, string s, int n)
                 {
                     w.Write(string.Format("{0}: {1}", s, n));
                     w.WriteLine(string.Concat(s, ": ", s));
                 }
             """),
        references);

    [Fact]
    public Task An_argument_of_a_method_with_handler_overloads_is_reported_without_a_fix()
    {
        var source = Wrap("""
                 void Check(bool ok, int n)
                 {
                     System.Diagnostics.Debug.Assert(ok, [|string.Format("n = {0}", n)|]);
                 }
             """);
        return Verify(source, source);
    }

    [Fact]
    public Task A_hole_spanning_lines_needs_csharp11()
    {
        var source = Wrap("""
                 string M(int a) => [|string.Format("{0}", Math.Max(a,
                     1))|];
             """);
        var test = Test(source, source);
        test.LanguageVersion = LanguageVersion.CSharp10;
        return test.RunAsync();
    }

    [Fact]
    public Task Nested_calls_are_all_fixed() => Verify(
        Wrap("""
                 string M(string s, int n) => [|string.Format("[{0}] {1}", [|string.Format("{0}/{1}", s, s)|], n)|];
             """),
        Wrap("""
                 string M(string s, int n) => $"[{string.Concat(s, "/", s)}] {n}";
             """));

    [Fact]
    public Task Fix_all_fixes_every_call() => Verify(
        Wrap("""
                 string A(string x, string y) => [|string.Format("{0}{1}", x, y)|];
                 string B(string x, int y) => [|string.Format("{0}:{1}", x, y)|];
                 void D(StringBuilder sb, int y) => sb.Append([|string.Format("<{0}>", y)|]);
             """),
        Wrap("""
                 string A(string x, string y) => string.Concat(x, y);
                 string B(string x, int y) => $"{x}:{y}";
                 void D(StringBuilder sb, int y) => sb.Append($"<{y}>");
             """));

    [Fact]
    public Task Top_level_statements_are_fixed()
    {
        var test = Test(
            "var n = 3;\nSystem.Console.WriteLine([|string.Format(\"{0} items\", n)|]);\n",
            "var n = 3;\nSystem.Console.WriteLine($\"{n} items\");\n");
        test.OutputKind = OutputKind.ConsoleApplication;
        return test.RunAsync();
    }
}
