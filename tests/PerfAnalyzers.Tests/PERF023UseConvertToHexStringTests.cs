using System;
using System.Reflection;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Strings;
using PerfAnalyzers.Strings;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF023UseConvertToHexStringTests : RuleTests<PERF023UseConvertToHexStringAnalyzer, PERF023UseConvertToHexStringCodeFix>
{
    private const string Header = "using System;\nusing System.Globalization;\nusing System.Linq;\nusing System.Text;\n\n";

    private static string Wrap(string members) => Header + "sealed class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Loops_become_one_call(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 StringBuilder field = new StringBuilder();

                 string M(byte[] bytes, Span<byte> span, ReadOnlySpan<byte> readOnly, int start, int count)
                 {
                     var sb = new StringBuilder();
                     [|foreach (var b in bytes)|]
                     {
                         sb.Append(b.ToString("X2"));
                     }

                     [|for (int i = 0; i < bytes.Length; i++)|]
                         sb.Append(bytes[i].ToString("X2"));
                     [|foreach (byte b in span)|] sb.AppendFormat("{0:X2}", b);
                     [|for (var i = 0; i < readOnly.Length; ++i)|] { sb.Append($"{readOnly[i]:X2}"); }
                     [|foreach (var b in bytes.AsSpan(start, count))|]
                         sb.Append(b.ToString("X2", CultureInfo.InvariantCulture));
                     [|foreach (var b in bytes)|]
                         field.Append(b.ToString("X2"));
                     var s = "";
                     [|foreach (var b in bytes)|]
                         s += b.ToString("X2");
                     [|for (int i = 0; bytes.Length > i; i += 1)|]
                         s += $"{bytes[i]:X2}";
                     return sb.ToString() + s;
                 }
             """),
        Wrap("""
                 StringBuilder field = new StringBuilder();

                 string M(byte[] bytes, Span<byte> span, ReadOnlySpan<byte> readOnly, int start, int count)
                 {
                     var sb = new StringBuilder();
                     sb.Append(Convert.ToHexString(bytes));

                     sb.Append(Convert.ToHexString(bytes));
                     sb.Append(Convert.ToHexString(span));
                     sb.Append(Convert.ToHexString(readOnly));
                     sb.Append(Convert.ToHexString(bytes.AsSpan(start, count)));
                     field.Append(Convert.ToHexString(bytes));
                     var s = "";
                     s += Convert.ToHexString(bytes);
                     s += Convert.ToHexString(bytes);
                     return sb.ToString() + s;
                 }
             """)));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Concat_and_join_of_a_select_become_one_call(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 string M(byte[] bytes, byte[] key)
                 {
                     var a = [|string.Concat(bytes.Select(b => b.ToString("X2")))|];
                     var b2 = [|string.Join("", bytes.Select(x => x.ToString("X2")))|];
                     var c = [|string.Join(string.Empty, bytes.Select(x => x.ToString("X2")).ToArray())|];
                     var d = [|string.Concat(Enumerable.Select(key, (byte x) => { return $"{x:X2}"; }))|];
                     return a + b2 + c + d;
                 }
             """),
        Wrap("""
                 string M(byte[] bytes, byte[] key)
                 {
                     var a = Convert.ToHexString(bytes);
                     var b2 = Convert.ToHexString(bytes);
                     var c = Convert.ToHexString(bytes);
                     var d = Convert.ToHexString(key);
                     return a + b2 + c + d;
                 }
             """)));

    /// <summary>#34: const formats (a field, a local), named and reordered arguments, a block-bodied Select lambda, a local function.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Const_formats_named_arguments_and_local_functions(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 const string Hex = "X2";
                 string M(byte[] bytes, StringBuilder sb)
                 {
                     const string lower = "x2";
                     [|foreach (var b in bytes)|]
                         sb.Append(b.ToString(Hex));
                     [|foreach (var b in bytes)|]
                         sb.Append(value: b.ToString(format: "X2"));
                     [|foreach (var b in bytes)|]
                         sb.AppendFormat(arg0: b, format: "{0:X2}");
                     [|for (int i = 0; i < bytes.Length; i++)|]
                         sb.Append(bytes[i].ToString(lower, provider: CultureInfo.InvariantCulture));
                     string Local(byte[] data) => [|string.Concat(data.Select(b => { return b.ToString(Hex); }))|];
                     return sb.ToString() + Local(bytes);
                 }
             """),
        Wrap("""
                 const string Hex = "X2";
                 string M(byte[] bytes, StringBuilder sb)
                 {
                     sb.Append(Convert.ToHexString(bytes));
                     sb.Append(Convert.ToHexString(bytes));
                     sb.Append(Convert.ToHexString(bytes));
                     sb.Append(Convert.ToHexString(bytes).ToLowerInvariant());
                     string Local(byte[] data) => Convert.ToHexString(data);
                     return sb.ToString() + Local(bytes);
                 }
             """)));

    /// <summary>#34: a const format local still read after the rewrite stays.</summary>
    [Fact]
    public Task Const_format_local_read_elsewhere_stays() => Verify(
        Wrap("""
                 string M(byte[] bytes, StringBuilder sb, byte last)
                 {
                     const string hex = "X2";
                     [|foreach (var b in bytes)|]
                         sb.Append(b.ToString(hex));
                     return sb.ToString() + last.ToString(hex);
                 }
             """),
        Wrap("""
                 string M(byte[] bytes, StringBuilder sb, byte last)
                 {
                     const string hex = "X2";
                     sb.Append(Convert.ToHexString(bytes));
                     return sb.ToString() + last.ToString(hex);
                 }
             """));

    /// <summary>.NET 5-8: lowercase digits become ToHexString(...).ToLowerInvariant() (measured faster than the loop).</summary>
    [Fact]
    public Task Lowercase_before_net9_uses_ToLowerInvariant() => Verify(
        Wrap("""
                 string M(byte[] bytes, StringBuilder sb)
                 {
                     [|foreach (var b in bytes)|]
                         sb.Append(b.ToString("x2"));
                     return [|string.Concat(bytes.Select(b => $"{b:x2}"))|];
                 }
             """),
        Wrap("""
                 string M(byte[] bytes, StringBuilder sb)
                 {
                     sb.Append(Convert.ToHexString(bytes).ToLowerInvariant());
                     return Convert.ToHexString(bytes).ToLowerInvariant();
                 }
             """));

    /// <summary>.NET 9+: Convert.ToHexStringLower.</summary>
    [Fact]
    public Task Lowercase_on_net10_uses_ToHexStringLower() => Verify(
        Wrap("""
                 string M(byte[] bytes, StringBuilder sb)
                 {
                     [|for (int i = 0; i < bytes.Length; i++)|]
                         sb.Append(bytes[i].ToString("x2"));
                     [|foreach (var b in bytes)|]
                         sb.Append(b.ToString("X2"));
                     return [|string.Join("", bytes.Select(b => b.ToString("x2")))|];
                 }
             """),
        Wrap("""
                 string M(byte[] bytes, StringBuilder sb)
                 {
                     sb.Append(Convert.ToHexStringLower(bytes));
                     sb.Append(Convert.ToHexString(bytes));
                     return Convert.ToHexStringLower(bytes);
                 }
             """),
        TestReferences.Net100);

    [Fact]
    public Task Message_names_the_loop_and_the_call()
    {
        var test = Test(Wrap("""
                void M(byte[] hash, StringBuilder sb)
                {
                    {|#0:foreach (var b in hash)|}
                        sb.Append(b.ToString("X2"));
                }
            """),
            Wrap("""
                void M(byte[] hash, StringBuilder sb)
                {
                    sb.Append(Convert.ToHexString(hash));
                }
            """));
        test.ExpectedDiagnostics.Add(RuleTest<PERF023UseConvertToHexStringAnalyzer, PERF023UseConvertToHexStringCodeFix>.Diagnostic()
            .WithLocation(0).WithMessage("'foreach (var b in hash)' formats the bytes as hex one at a time; use 'sb.Append(Convert.ToHexString(hash))' instead"));
        return test.RunAsync();
    }

    /// <summary>The builder held nothing else: it goes too (#34), the comments move above the statement that stays.</summary>
    [Fact]
    public Task Fix_keeps_comments_around_the_loop_and_adds_the_using() => Verify(
        "using System.Text;\n\nsealed class C\n{\n" + """
                string M(byte[] hash)
                {
                    var sb = new StringBuilder();
                    // the digest
                    [|foreach (var b in hash)|]
                        sb.Append(b.ToString("X2")); // two digits
                    return sb.ToString();
                }
            """ + "\n}\n",
        "using System;\nusing System.Text;\n\nsealed class C\n{\n" + """
                string M(byte[] hash)
                {
                    // the digest
                    // two digits
                    return Convert.ToHexString(hash);
                }
            """ + "\n}\n");

    // ---- Target frameworks ----

    /// <summary>No Convert.ToHexString before .NET 5: silent on .NET Framework and .NET Standard.</summary>
    [Theory]
    [InlineData(TestReferences.Net472)]
    [InlineData(TestReferences.NetStandard20)]
    public Task Older_targets_are_silent(TestReferences references) => Verify(
        Wrap("""
                 string M(byte[] bytes)
                 {
                     var sb = new StringBuilder();
                     foreach (var b in bytes)
                         sb.Append(b.ToString("X2"));
                     return sb + string.Concat(bytes.Select(b => b.ToString("x2")));
                 }
             """),
        references: references);

    /// <summary>A .NET Standard leg keeps the loop behind #if.</summary>
    [Fact]
    public Task Multi_targeted_project_guards_the_call() => Test(
            Wrap("""
                     void M(byte[] bytes, StringBuilder sb)
                     {
                         [|foreach (var b in bytes)|]
                             sb.Append(b.ToString("x2"));
                     }
                 """),
            Wrap("""
                     void M(byte[] bytes, StringBuilder sb)
                     {
                 #if NET5_0_OR_GREATER
                         sb.Append(Convert.ToHexStringLower(bytes));
                 #else
                         foreach (var b in bytes)
                             sb.Append(b.ToString("x2"));
                 #endif
                     }
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    /// <summary>A .NET 8 leg beside .NET 10: both legs write ToLowerInvariant(), which .NET 8 has.</summary>
    [Fact]
    public Task Multi_targeted_net8_and_net10_write_the_net5_form() => Test(
            Wrap("    string M(byte[] bytes) => [|string.Concat(bytes.Select(b => b.ToString(\"x2\")))|];"),
            Wrap("    string M(byte[] bytes) => Convert.ToHexString(bytes).ToLowerInvariant();"),
            TestReferences.Net100)
        .WithTargetFrameworks("net8.0;net10.0", current: "net10.0")
        .RunAsync();

    [Fact]
    public Task All_legs_option_is_silent_where_a_leg_lacks_the_call()
    {
        var test = Test(
                Wrap("    string M(byte[] bytes) => string.Concat(bytes.Select(b => b.ToString(\"X2\")));"),
                references: TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0");
        test.Options["perf_analyzers.PERF023.multi_targeting"] = "all_legs";
        return test.RunAsync();
    }

    // ---- Same behaviour ----

    /// <summary>Before and after give the same text for empty, short and long buffers, in any culture.</summary>
    [Fact]
    public void The_fixed_code_formats_the_same_text()
    {
        using var code = LoadedCode.Compile(Header + """
            public static class P
            {
                public static string Before(byte[] bytes)
                {
                    var sb = new StringBuilder();
                    foreach (var b in bytes) sb.Append(b.ToString("X2"));
                    for (int i = 0; i < bytes.Length; i++) sb.AppendFormat("{0:x2}", bytes[i]);
                    var s = "";
                    foreach (var b in bytes) s += $"{b:x2}";
                    return sb + "|" + s + "|" + string.Concat(bytes.Select(b => b.ToString("X2", CultureInfo.CurrentCulture))) + "|" + string.Join("", bytes.Select(b => b.ToString("x2")));
                }

                public static string After(byte[] bytes)
                {
                    var sb = new StringBuilder();
                    sb.Append(Convert.ToHexString(bytes));
                    sb.Append(Convert.ToHexString(bytes).ToLowerInvariant());
                    var s = "";
                    s += Convert.ToHexString(bytes).ToLowerInvariant();
                    return sb + "|" + s + "|" + Convert.ToHexString(bytes) + "|" + Convert.ToHexString(bytes).ToLowerInvariant();
                }
            }
            """);
        var all = new byte[256];
        for (var i = 0; i < all.Length; i++)
        {
            all[i] = (byte)i;
        }

        using (new CultureScope("tr-TR"))
        {
            foreach (var sample in new[] { Array.Empty<byte>(), new byte[] { 0 }, new byte[] { 0xAB, 0x0F, 0xF0 }, all })
            {
                Assert.Equal(code.Invoke("Before", sample), code.Invoke("After", sample));
                Assert.Equal(Convert.ToHexString(sample).ToLowerInvariant(), Convert.ToHexStringLower(sample));
            }
        }

        // A null array: Select and ToHexString both throw ArgumentNullException.
        Assert.IsType<ArgumentNullException>(Assert.Throws<TargetInvocationException>(() => code.Invoke("After", (object?)null)).InnerException);
    }

    // ---- Must not flag ----

    [Fact]
    public Task Lookalikes_are_not_flagged() => Verify(Wrap("""
            StringBuilder Builder() => new StringBuilder();
            string text = "";

            string M(byte[] bytes, byte[] other, sbyte[] signed, System.Collections.Generic.List<byte> list, System.Collections.Generic.IEnumerable<byte> lazy,
                     StringBuilder[] builders, int n, byte key)
            {
                var sb = new StringBuilder();
                var s = "";
                foreach (var b in bytes) { sb.Append(b.ToString("X2")); sb.Append('-'); }    // a separator
                foreach (var b in bytes) sb.Append(b.ToString("X2")).Append(' ');            // a separator in the chain
                foreach (var b in bytes) sb.Append("0x" + b.ToString("X2"));                  // a prefix
                foreach (var b in bytes) sb.Append($"{b:X2} ");                               // a separator in the hole's string
                foreach (var b in bytes) sb.Append($"{b,3:X2}");                              // an alignment
                foreach (var b in bytes) sb.Append(b.ToString("X"));                          // another width
                foreach (var b in bytes) sb.Append(b.ToString("x4"));
                foreach (var b in bytes) sb.Append(b.ToString());
                foreach (var b in bytes) sb.AppendFormat("{0:X2}-", b);
                foreach (var b in bytes) sb.AppendFormat("{0:X2}{1:x2}", b, b);               // mixed case
                foreach (var b in bytes) sb.AppendFormat(CultureInfo.InvariantCulture, "{0:X2}", b);
                foreach (var b in bytes) { sb.Append(b.ToString("X2")); sb.Append(b.ToString("x2")); }
                foreach (int b in bytes) sb.Append(b.ToString("X2"));                         // formats an int
                foreach (var b in signed) sb.Append(b.ToString("X2"));
                foreach (var b in list) sb.Append(b.ToString("X2"));                          // not an array or a span
                foreach (var b in lazy) sb.Append(b.ToString("X2"));
                foreach (var b in bytes) sb.Append(key.ToString("X2"));                       // not the element
                foreach (var b in bytes) builders[b].Append(b.ToString("X2"));                // the builder depends on the byte
                foreach (var b in bytes) Builder().Append(b.ToString("X2"));                  // a builder from a call
                foreach (var b in bytes) text += b.ToString("X2");                            // a field
                foreach (var b in bytes) s = s + b.ToString("X2");
                for (int i = 1; i < bytes.Length; i++) sb.Append(bytes[i].ToString("X2"));  // a slice
                for (int i = 0; i < n; i++) sb.Append(bytes[i].ToString("X2"));
                for (int i = 0; i < bytes.Length - 1; i++) sb.Append(bytes[i].ToString("X2"));
                for (int i = 0; i < bytes.Length; i += 2) sb.Append(bytes[i].ToString("X2"));
                for (int i = bytes.Length - 1; i >= 0; i--) sb.Append(bytes[i].ToString("X2"));
                for (int i = 0; i < bytes.Length; i++) sb.Append(other[i].ToString("X2"));  // another array
                for (int i = 0; i < bytes.Length; i++) sb.Append(bytes[i + 1].ToString("X2"));
                var c = BitConverter.ToString(bytes).Replace("-", "");                       // CA1872's shape
                var d = string.Join("-", bytes.Select(b => b.ToString("X2")));                // a separator
                var e = string.Concat(bytes.Select((b, i) => b.ToString("X2")));
                var f = string.Concat(list.Select(b => b.ToString("X2")));
                var g = string.Concat(bytes.Select(b => b.ToString("X4")));
                var h = string.Concat(bytes?.Select(b => b.ToString("X2")) ?? Enumerable.Empty<string>());
                var i2 = string.Concat(bytes.Select(b => key.ToString("X2")));
                var j = string.Concat(bytes.Select(b => { var t = b.ToString("X2"); return t; }));
                var k = string.Concat(bytes.Select(b => b.ToString("X2")).Reverse());
                var l = string.Join(",", bytes.Select(b => b.ToString("X2")).ToArray());
                return sb + s + c + d + e + f + g + h + i2 + j + k + l;
            }
            """));

    [Fact]
    public Task Other_selects_and_joins_are_not_flagged() => Verify(Header + """
        static class Text
        {
            public static string Concat(System.Collections.Generic.IEnumerable<string> values) => string.Concat(values);
            public static System.Collections.Generic.IEnumerable<string> Select(this byte[] bytes, Func<byte, string> f) => Enumerable.Select(bytes, f);
        }

        sealed class C
        {
            string M(byte[] bytes) => Text.Concat(Enumerable.Select(bytes, b => b.ToString("X2"))) + string.Concat(Text.Select(bytes, b => b.ToString("X2")));
        }
        """);

    [Fact]
    public Task Cold_code_is_not_flagged() => Verify(Wrap("""
            void Check(byte[] expected, byte[] actual)
            {
                if (expected.Length != actual.Length)
                {
                    throw new ArgumentException("expected " + string.Concat(expected.Select(b => b.ToString("X2"))));
                }
            }
            """));

    [Fact]
    public Task Expression_trees_are_not_flagged() => Verify(Wrap("""
            System.Linq.Expressions.Expression<Func<byte[], string>> E = bytes => string.Concat(bytes.Select(b => b.ToString("X2")));
            """));

    // ---- Broken code ----

    [Theory]
    [InlineData("string M(byte[] b) => string.Concat(b.Select(x => x.ToString(\"X2\"), ));")]
    [InlineData("string M(byte[] b) => string.Concat(b.Select(x => x.ToString(\"X2\")), missing);")]
    [InlineData("string M(byte[] b) => string.Join(b.Select(x => x.ToString(\"X2\")));")]
    [InlineData("string M(Missing b) => string.Concat(b.Select(x => x.ToString(\"X2\")));")]
    [InlineData("void M(byte[] b, StringBuilder sb) { [|foreach (var x in b)|] sb.Append(x.ToString(\"X2\")) }")]
    [InlineData("void M(byte[] b, StringBuilder sb) { foreach (var x in ) sb.Append(x.ToString(\"X2\")); }")]
    [InlineData("void M(byte[] b, StringBuilder sb) { for (int i = 0; i < b.Length; i++) sb.Append(b[i].ToString(\"X2\", )); }")]
    [InlineData("void M(byte[] b, Missing sb) { foreach (var x in b) sb.Append(x.ToString(\"X2\")); }")]
    [InlineData("void M(byte[] b, StringBuilder sb) { for (int i = 0; i < b.Length; i++) sb.Append(b[i].ToString(\"X2\"), 1); }")]
    public Task Broken_code_does_not_crash(string member) => new RuleTest<PERF023UseConvertToHexStringAnalyzer>()
    {
        Sources = { Wrap("    " + member) },
        AllowCompilerErrors = true,
    }.RunAsync();
}
