using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Strings;
using PerfAnalyzers.Strings;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF021AppendPrimitivesWithoutToStringTests : RuleTests<PERF021AppendPrimitivesWithoutToStringAnalyzer, PERF021AppendPrimitivesWithoutToStringCodeFix>
{
    private const string Header = "using System;\nusing System.Globalization;\nusing System.Text;\n\n";

    private static string Wrap(string members) => Header + "sealed class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    /// <summary>#34: named arguments, in order or reordered, in a lambda or a local function.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_and_reordered_arguments_keep_their_names(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void Add(StringBuilder sb, int i, long l)
                 {
                     sb.Append(value: [|i.ToString()|]);
                     sb.Insert(index: 0, value: [|l.ToString()|]);
                     sb.Insert(value: [|i.ToString()|], index: 1);
                     Action<int> f = x => sb.Append([|x.ToString()|]);
                     void Local(double d) => sb.Insert(value: [|d.ToString()|], index: 0);
                     f(i);
                     Local(1.5);
                 }
             """),
        Wrap("""
                 void Add(StringBuilder sb, int i, long l)
                 {
                     sb.Append(value: i);
                     sb.Insert(index: 0, value: l);
                     sb.Insert(value: i, index: 1);
                     Action<int> f = x => sb.Append(x);
                     void Local(double d) => sb.Insert(value: d, index: 0);
                     f(i);
                     Local(1.5);
                 }
             """)));

    /// <summary>#34: a named or reordered format and provider, and a const field format (.NET 6+, C# 10+).</summary>
    [Fact]
    public Task Named_format_and_provider_and_const_field_format() => Verify(
        Wrap("""
                 const string Money = "F2";
                 void Add(StringBuilder sb, double d)
                 {
                     sb.Append([|d.ToString(format: "F2")|]);
                     sb.Append(value: [|d.ToString(Money)|]);
                     sb.Append([|d.ToString(provider: CultureInfo.InvariantCulture, format: "N1")|]);
                 }
             """),
        Wrap("""
                 const string Money = "F2";
                 void Add(StringBuilder sb, double d)
                 {
                     sb.Append($"{d:F2}");
                     sb.Append(value: $"{d:F2}");
                     sb.Append(CultureInfo.InvariantCulture, $"{d:N1}");
                 }
             """));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Primitives_go_to_their_typed_overloads(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void Add(StringBuilder sb, int i, long l, double d, float f, decimal m, bool b, char c, byte u, ushort s, ulong q)
                 {
                     sb.Append([|i.ToString()|]);
                     sb.Append([|l.ToString()|]).Append(',').Append([|d.ToString()|]);
                     sb.Append([|f.ToString()|]).Append([|m.ToString()|]).Append([|b.ToString()|]);
                     sb.Append([|c.ToString()|]).Append([|u.ToString()|]).Append([|s.ToString()|]).Append([|q.ToString()|]);
                     sb.Insert(0, [|i.ToString()|]);
                     sb.Append([|(i + 1).ToString()|]);
                     sb.Append([|42.ToString()|]);
                 }
             """),
        Wrap("""
                 void Add(StringBuilder sb, int i, long l, double d, float f, decimal m, bool b, char c, byte u, ushort s, ulong q)
                 {
                     sb.Append(i);
                     sb.Append(l).Append(',').Append(d);
                     sb.Append(f).Append(m).Append(b);
                     sb.Append(c).Append(u).Append(s).Append(q);
                     sb.Insert(0, i);
                     sb.Append(i + 1);
                     sb.Append(42);
                 }
             """)));

    [Fact]
    public Task Format_strings_become_the_builders_interpolation_on_net6() => Verify(
        Wrap("""
                 void Add(StringBuilder sb, double d, int i, bool flag)
                 {
                     sb.Append([|d.ToString("F2")|]);
                     sb.Append([|i.ToString("X8")|]).Append(' ');
                     sb.Append([|d.ToString("0.00", CultureInfo.InvariantCulture)|]);
                     sb.Append([|(flag ? d : -d).ToString("N1")|]);
                     sb.Append([|d.ToString(format: "E3")|]);
                 }
             """),
        Wrap("""
                 void Add(StringBuilder sb, double d, int i, bool flag)
                 {
                     sb.Append($"{d:F2}");
                     sb.Append($"{i:X8}").Append(' ');
                     sb.Append(CultureInfo.InvariantCulture, $"{d:0.00}");
                     sb.Append($"{(flag ? d : -d):N1}");
                     sb.Append($"{d:E3}");
                 }
             """));

    /// <summary>
    /// A format held in a const field or a const local, or a constant expression, is as constant as a literal: its value
    /// goes into the hole (issue #34). A const local still read elsewhere stays; one read only by the fixed call goes (CS0219).
    /// </summary>
    [Fact]
    public Task Const_formats_are_constant_too() => Verify(
        Wrap("""
                 const string Money = "F2";

                 void Add(StringBuilder sb, double d, int i, string notConstant)
                 {
                     const string Hex = "X8";
                     const string Only = "N0";
                     sb.Append([|d.ToString(Money)|]);
                     sb.Append([|i.ToString("X" + "4")|]);
                     sb.Append([|i.ToString(Hex)|]);
                     sb.Append([|i.ToString(Only)|]);
                     sb.Insert(0, i.ToString(Hex));
                     sb.Append([|d.ToString(Money, CultureInfo.InvariantCulture)|]);
                     sb.Append(d.ToString(notConstant));
                 }
             """),
        Wrap("""
                 const string Money = "F2";

                 void Add(StringBuilder sb, double d, int i, string notConstant)
                 {
                     const string Hex = "X8";
                     sb.Append($"{d:F2}");
                     sb.Append($"{i:X4}");
                     sb.Append($"{i:X8}");
                     sb.Append($"{i:N0}");
                     sb.Insert(0, i.ToString(Hex));
                     sb.Append(CultureInfo.InvariantCulture, $"{d:F2}");
                     sb.Append(d.ToString(notConstant));
                 }
             """));

    /// <summary>Before C# 10 or .NET 6 an interpolated string is string.Format: only the typed overloads are suggested.</summary>
    [Theory]
    [InlineData(TestReferences.Net80, LanguageVersion.CSharp9)]
    [InlineData(TestReferences.NetStandard20, LanguageVersion.CSharp10)]
    public Task Format_strings_need_the_net6_handler_and_csharp10(TestReferences references, LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void Add(StringBuilder sb, double d) => sb.Append(d.ToString("F2")).Append([|d.ToString()|]);
             """),
        Wrap("""
                 void Add(StringBuilder sb, double d) => sb.Append(d.ToString("F2")).Append(d);
             """),
        references));

    [Fact]
    public Task Message_names_what_the_fix_writes()
    {
        var test = Test(Wrap("    void Add(StringBuilder sb, int count) => sb.Append({|#0:count.ToString()|});"),
            Wrap("    void Add(StringBuilder sb, int count) => sb.Append(count);"));
        test.ExpectedDiagnostics.Add(RuleTest<PERF021AppendPrimitivesWithoutToStringAnalyzer, PERF021AppendPrimitivesWithoutToStringCodeFix>.Diagnostic()
            .WithLocation(0).WithMessage("'count.ToString()' formats the value into a temporary string first; use 'sb.Append(count)' instead"));
        return test.RunAsync();
    }

    [Fact]
    public Task Fix_all_fixes_every_append() => Verify(
        Wrap("""
                 string Row(int a, int b, double c) => new StringBuilder().Append([|a.ToString()|]).Append(';').Append([|b.ToString()|]).Append(';').Append([|c.ToString("F1")|]).ToString();
             """),
        Wrap("""
                 string Row(int a, int b, double c) => new StringBuilder().Append(a).Append(';').Append(b).Append(';').Append($"{c:F1}").ToString();
             """));

    /// <summary>In a multi-targeted project the typed overloads exist on every leg: a plain fix.</summary>
    [Fact]
    public Task Multi_targeted_project_gets_the_plain_typed_overload() => Test(
            Wrap("    void Add(StringBuilder sb, double d) => sb.Append([|d.ToString()|]);"),
            Wrap("    void Add(StringBuilder sb, double d) => sb.Append(d);"),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    /// <summary>The interpolated form needs the .NET 6 handler: the other legs keep the old call behind #if.</summary>
    [Fact]
    public Task Multi_targeted_project_guards_the_interpolation() => Test(
            Wrap("""
                     void Add(StringBuilder sb, double d)
                     {
                         sb.Append([|d.ToString("F2")|]);
                     }
                 """),
            Wrap("""
                     void Add(StringBuilder sb, double d)
                     {
                 #if NET6_0_OR_GREATER
                         sb.Append($"{d:F2}");
                 #else
                         sb.Append(d.ToString("F2"));
                 #endif
                     }
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    [Fact]
    public Task All_legs_option_reports_the_interpolation_only_where_every_leg_has_the_handler()
    {
        var test = Test(
                Wrap("    void Add(StringBuilder sb, double d) => sb.Append(d.ToString(\"F2\")).Append([|d.ToString()|]);"),
                Wrap("    void Add(StringBuilder sb, double d) => sb.Append(d.ToString(\"F2\")).Append(d);"),
                TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0");
        test.Options["perf_analyzers.PERF021.multi_targeting"] = "all_legs";
        return test.RunAsync();
    }

    /// <summary>Before and after give the same text, in a culture with a decimal comma.</summary>
    [Fact]
    public void The_fixed_code_builds_the_same_text()
    {
        using var culture = new CultureScope("de-DE");
        using var code = LoadedCode.Compile(Header + """
            public static class P
            {
                public static string Before(int i, double d, decimal m, bool b, char c, float f) => new StringBuilder("x")
                    .Append(i.ToString()).Append(d.ToString()).Append(m.ToString()).Append(b.ToString()).Append(c.ToString()).Append(f.ToString())
                    .Append(d.ToString("F2")).Append(i.ToString("X8")).Append(d.ToString("N3", CultureInfo.InvariantCulture))
                    .Insert(1, i.ToString()).ToString();

                public static string After(int i, double d, decimal m, bool b, char c, float f) => new StringBuilder("x")
                    .Append(i).Append(d).Append(m).Append(b).Append(c).Append(f)
                    .Append($"{d:F2}").Append($"{i:X8}").Append(CultureInfo.InvariantCulture, $"{d:N3}")
                    .Insert(1, i).ToString();
            }
            """);
        foreach (var (i, d) in new[] { (0, 0.0), (-17, 1234.5678), (int.MaxValue, double.NaN), (42, -0.0), (7, double.NegativeInfinity), (-1, 1e-300) })
        {
            object[] arguments = { i, d, (decimal)i / 3, i % 2 == 0, (char)('a' + (i & 7)), (float)d };
            Assert.Equal(code.Invoke("Before", arguments), code.Invoke("After", arguments));
        }
    }

    // ---- Must not flag ----

    [Fact]
    public Task Lookalikes_are_not_flagged() => Verify(Wrap("""
            enum Color { Red }
            sealed class Money { public override string ToString() => "1 EUR"; }
            void Add(StringBuilder sb, int? maybe, Color color, Money money, object o, string s, double d, IFormatProvider custom, nint n, string format)
            {
                sb.Append(maybe.ToString());          // Append(int?) would bind to Append(object)
                sb.Append(color.ToString());          // an enum: Append(object) boxes and calls ToString anyway
                sb.Append(money.ToString());          // a user type: no typed overload
                sb.Append(o.ToString());
                sb.Append(s.ToString());
                sb.Append(n.ToString());              // no Append(nint)
                sb.Append(d.ToString(CultureInfo.InvariantCulture));
                sb.Append(d.ToString("F2", custom));  // a provider that may bring a custom formatter
                sb.Append(d.ToString(format));        // a format that is not a literal
                sb.Append(d.ToString("{0}"));         // braces have no place in a hole
                sb.Append(d.ToString("N2 "));         // trailing white space (CS8088)
                sb.Append(d.ToString(), 0, 2);
                sb.Insert(0, d.ToString("F2"));       // Insert has no interpolation handler
                var text = d.ToString() + "!";
            }
            """));

    [Fact]
    public Task Net_framework_is_silent() => Verify(
        Wrap("    void Add(StringBuilder sb, int i) => sb.Append(i.ToString());"),
        references: TestReferences.Net472);

    [Fact]
    public Task Cold_code_is_not_flagged() => Verify(Wrap("""
            void Check(int i)
            {
                if (i < 0)
                {
                    throw new ArgumentException(new StringBuilder("negative: ").Append(i.ToString()).ToString());
                }
            }
            """));

    [Fact]
    public Task Expression_trees_are_not_flagged() => Verify(Wrap("""
            System.Linq.Expressions.Expression<Func<StringBuilder, int, StringBuilder>> E = (sb, i) => sb.Append(i.ToString());
            """));

    /// <summary>C# 10 (the builder's interpolation handler, the Format shape's lowest) and C# 14.</summary>
    public static System.Collections.Generic.IEnumerable<object[]> InterpolationLanguageVersions => Languages.Rows(LanguageVersion.CSharp10, Languages.CSharp14);

    /// <summary>
    /// #34: an append of b.ToString("x2") that is the only statement of a loop over a byte array or span is PERF023's
    /// finding (the loop becomes Convert.ToHexString): this rule stays silent there, so that one line does not get two
    /// diagnostics whose fixes conflict. A loop PERF023 does not report (a separator, another width, a list) keeps it.
    /// </summary>
    [Theory]
    [MemberData(nameof(InterpolationLanguageVersions))]
    public Task Byte_hex_loops_are_left_to_PERF023(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void Add(StringBuilder sb, byte[] bytes, ReadOnlySpan<byte> span, System.Collections.Generic.List<byte> list)
                 {
                     foreach (var b in bytes) sb.Append(b.ToString("x2"));
                     foreach (var b in span) { _ = sb.Append(b.ToString("X2")); }
                     for (int i = 0; i < bytes.Length; i++) sb.Append(bytes[i].ToString("x2", CultureInfo.InvariantCulture));
                     foreach (var b in bytes) { sb.Append([|b.ToString("x2")|]); sb.Append('-'); }
                     foreach (var b in bytes) sb.Append([|b.ToString("x2")|]).Append(' ');
                     foreach (var b in bytes) sb.Append([|b.ToString("x4")|]);
                     foreach (var b in list) sb.Append([|b.ToString("x2")|]);
                     for (int i = 1; i < bytes.Length; i++) sb.Append([|bytes[i].ToString("x2")|]);
                     sb.Append([|bytes[0].ToString("x2")|]);
                 }
             """),
        Wrap("""
                 void Add(StringBuilder sb, byte[] bytes, ReadOnlySpan<byte> span, System.Collections.Generic.List<byte> list)
                 {
                     foreach (var b in bytes) sb.Append(b.ToString("x2"));
                     foreach (var b in span) { _ = sb.Append(b.ToString("X2")); }
                     for (int i = 0; i < bytes.Length; i++) sb.Append(bytes[i].ToString("x2", CultureInfo.InvariantCulture));
                     foreach (var b in bytes) { sb.Append($"{b:x2}"); sb.Append('-'); }
                     foreach (var b in bytes) sb.Append($"{b:x2}").Append(' ');
                     foreach (var b in bytes) sb.Append($"{b:x4}");
                     foreach (var b in list) sb.Append($"{b:x2}");
                     for (int i = 1; i < bytes.Length; i++) sb.Append($"{bytes[i]:x2}");
                     sb.Append($"{bytes[0]:x2}");
                 }
             """)));
}
