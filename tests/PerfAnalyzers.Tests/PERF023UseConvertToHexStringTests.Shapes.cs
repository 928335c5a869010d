using System;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Strings;
using PerfAnalyzers.Strings;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>#34: the builder folded into the call (the catalog's "when it held nothing else"), and where it stays.</summary>
public partial class PERF023UseConvertToHexStringTests
{
    /// <summary>
    /// #34 (the catalog's "the whole builder becomes the call when it held nothing else"): a builder created right before
    /// the loop, read by nothing but the loop and one ToString() right after it (returned, stored, passed), goes too.
    /// </summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Builder_that_held_nothing_else_becomes_the_call(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 string Return(byte[] data, int n)
                 {
                     var sb = new StringBuilder(n);
                     [|foreach (var b in data)|] sb.Append(b.ToString("x2"));
                     return sb.ToString();
                 }

                 string Store(byte[] data)
                 {
                     // the digest
                     StringBuilder sb = new StringBuilder(data.Length * 2); // two per byte
                     [|for (int i = 0; i < data.Length; i++)|]
                     {
                         _ = sb.Append(data[i].ToString("X2")); // upper
                     }
                     var text = sb.ToString();
                     return text;
                 }

                 void Pass(byte[] data, System.Collections.Generic.List<string> sink)
                 {
                     var sb = new StringBuilder();
                     [|foreach (var b in data)|]
                         sb.AppendFormat("{0:X2}", b);
                     sink.Add(sb.ToString());
                 }

                 string Assign(ReadOnlySpan<byte> span, string s)
                 {
                     var sb = new StringBuilder(16);
                     [|foreach (var b in span)|] sb.Append($"{b:X2}");
                     s = sb.ToString();
                     return s;
                 }

                 void Slice(byte[] data, int start, int count)
                 {
                     var sb = new StringBuilder(count * 2);
                     [|foreach (var b in data.AsSpan(start, count))|] sb.Append(b.ToString("X2"));
                     Console.WriteLine(sb.ToString());
                 }

                 string Kept(byte[] data, StringBuilder sb)
                 {
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     return sb.ToString();
                 }
             """),
        Wrap("""
                 string Return(byte[] data, int n)
                 {
                     return Convert.ToHexString(data).ToLowerInvariant();
                 }

                 string Store(byte[] data)
                 {
                     // the digest
                     // two per byte
                     // upper
                     var text = Convert.ToHexString(data);
                     return text;
                 }

                 void Pass(byte[] data, System.Collections.Generic.List<string> sink)
                 {
                     sink.Add(Convert.ToHexString(data));
                 }

                 string Assign(ReadOnlySpan<byte> span, string s)
                 {
                     s = Convert.ToHexString(span);
                     return s;
                 }

                 void Slice(byte[] data, int start, int count)
                 {
                     Console.WriteLine(Convert.ToHexString(data.AsSpan(start, count)));
                 }

                 string Kept(byte[] data, StringBuilder sb)
                 {
                     sb.Append(Convert.ToHexString(data));
                     return sb.ToString();
                 }
             """)));

    /// <summary>#34: .NET 9+ folds to Convert.ToHexStringLower; the message names the call.</summary>
    [Fact]
    public Task Folded_builder_on_net10_uses_ToHexStringLower()
    {
        var test = Test(
            Wrap("""
                     string M(byte[] data)
                     {
                         var sb = new StringBuilder(data.Length * 2);
                         {|#0:foreach (var b in data)|}
                             sb.Append(b.ToString("x2"));
                         return sb.ToString();
                     }
                 """),
            Wrap("""
                     string M(byte[] data)
                     {
                         return Convert.ToHexStringLower(data);
                     }
                 """),
            TestReferences.Net100);
        test.ExpectedDiagnostics.Add(RuleTest<PERF023UseConvertToHexStringAnalyzer, PERF023UseConvertToHexStringCodeFix>.Diagnostic()
            .WithLocation(0).WithMessage("'foreach (var b in data)' formats the bytes as hex one at a time; use 'Convert.ToHexStringLower(data)' instead"));
        return test.RunAsync();
    }

    /// <summary>#34: a builder that holds or does anything else keeps today's fix (the loop becomes one append).</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Builder_used_otherwise_stays(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 int Capacity() => 16;
                 void Log() { }
                 void Keep(StringBuilder sb) { }
                 string Two(string a, string b) => a + b;

                 string Prefixed(byte[] data)
                 {
                     var sb = new StringBuilder("0x");                         // holds a prefix
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     return sb.ToString();
                 }

                 string AppendedAfter(byte[] data)
                 {
                     var sb = new StringBuilder();
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     sb.Append('!');
                     return sb.ToString();
                 }

                 string NotRightBefore(byte[] data)
                 {
                     var sb = new StringBuilder();
                     Log();
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     return sb.ToString();
                 }

                 string NotRightAfter(byte[] data)
                 {
                     var sb = new StringBuilder();
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     Log();
                     return sb.ToString();
                 }

                 string CapacityFromACall(byte[] data)
                 {
                     var sb = new StringBuilder(Capacity());
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     return sb.ToString();
                 }

                 string CheckedCapacity(byte[] data)
                 {
                     var sb = new StringBuilder(checked(data.Length * 2));
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     return sb.ToString();
                 }

                 string MaxCapacity(byte[] data)
                 {
                     var sb = new StringBuilder(16, 64);
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     return sb.ToString();
                 }

                 string InALargerExpression(byte[] data)
                 {
                     var sb = new StringBuilder();
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     return "0x" + sb.ToString();
                 }

                 string AfterACall(byte[] data)
                 {
                     var sb = new StringBuilder();
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     return Two(Capacity().ToString(), sb.ToString());
                 }

                 string Captured(byte[] data)
                 {
                     var sb = new StringBuilder();
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     var text = sb.ToString();
                     Func<int> length = () => sb.Length;
                     return text + length();
                 }

                 string PassedElsewhere(byte[] data)
                 {
                     var sb = new StringBuilder();
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     var text = sb.ToString();
                     Keep(sb);
                     return text;
                 }

                 void IntoAnElement(byte[] data, string[] texts, int at)
                 {
                     var sb = new StringBuilder();
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     texts[at] = sb.ToString();
                 }

                 string TwoDeclarators(byte[] data)
                 {
                     StringBuilder sb = new StringBuilder(), other = new StringBuilder();
                     [|foreach (var b in data)|] sb.Append(b.ToString("X2"));
                     return sb.ToString() + other;
                 }

                 void ComputedBufferAfterAnotherOperand(byte[] data, System.Collections.Generic.List<string> sink, int start, int count)
                 {
                     var sb = new StringBuilder();
                     [|foreach (var b in data.AsSpan(start, count))|] sb.Append(b.ToString("X2"));
                     sink.Add(sb.ToString());
                 }
             """),
        Wrap("""
                 int Capacity() => 16;
                 void Log() { }
                 void Keep(StringBuilder sb) { }
                 string Two(string a, string b) => a + b;

                 string Prefixed(byte[] data)
                 {
                     var sb = new StringBuilder("0x");                         // holds a prefix
                     sb.Append(Convert.ToHexString(data));
                     return sb.ToString();
                 }

                 string AppendedAfter(byte[] data)
                 {
                     var sb = new StringBuilder();
                     sb.Append(Convert.ToHexString(data));
                     sb.Append('!');
                     return sb.ToString();
                 }

                 string NotRightBefore(byte[] data)
                 {
                     var sb = new StringBuilder();
                     Log();
                     sb.Append(Convert.ToHexString(data));
                     return sb.ToString();
                 }

                 string NotRightAfter(byte[] data)
                 {
                     var sb = new StringBuilder();
                     sb.Append(Convert.ToHexString(data));
                     Log();
                     return sb.ToString();
                 }

                 string CapacityFromACall(byte[] data)
                 {
                     var sb = new StringBuilder(Capacity());
                     sb.Append(Convert.ToHexString(data));
                     return sb.ToString();
                 }

                 string CheckedCapacity(byte[] data)
                 {
                     var sb = new StringBuilder(checked(data.Length * 2));
                     sb.Append(Convert.ToHexString(data));
                     return sb.ToString();
                 }

                 string MaxCapacity(byte[] data)
                 {
                     var sb = new StringBuilder(16, 64);
                     sb.Append(Convert.ToHexString(data));
                     return sb.ToString();
                 }

                 string InALargerExpression(byte[] data)
                 {
                     var sb = new StringBuilder();
                     sb.Append(Convert.ToHexString(data));
                     return "0x" + sb.ToString();
                 }

                 string AfterACall(byte[] data)
                 {
                     var sb = new StringBuilder();
                     sb.Append(Convert.ToHexString(data));
                     return Two(Capacity().ToString(), sb.ToString());
                 }

                 string Captured(byte[] data)
                 {
                     var sb = new StringBuilder();
                     sb.Append(Convert.ToHexString(data));
                     var text = sb.ToString();
                     Func<int> length = () => sb.Length;
                     return text + length();
                 }

                 string PassedElsewhere(byte[] data)
                 {
                     var sb = new StringBuilder();
                     sb.Append(Convert.ToHexString(data));
                     var text = sb.ToString();
                     Keep(sb);
                     return text;
                 }

                 void IntoAnElement(byte[] data, string[] texts, int at)
                 {
                     var sb = new StringBuilder();
                     sb.Append(Convert.ToHexString(data));
                     texts[at] = sb.ToString();
                 }

                 string TwoDeclarators(byte[] data)
                 {
                     StringBuilder sb = new StringBuilder(), other = new StringBuilder();
                     sb.Append(Convert.ToHexString(data));
                     return sb.ToString() + other;
                 }

                 void ComputedBufferAfterAnotherOperand(byte[] data, System.Collections.Generic.List<string> sink, int start, int count)
                 {
                     var sb = new StringBuilder();
                     sb.Append(Convert.ToHexString(data.AsSpan(start, count)));
                     sink.Add(sb.ToString());
                 }
             """)));

    /// <summary>#34: a multi-targeted project whose fix writes #if keeps the builder (the #else leg still needs it).</summary>
    [Fact]
    public Task Guarded_fix_keeps_the_builder() => Test(
            Wrap("""
                     string M(byte[] bytes)
                     {
                         var sb = new StringBuilder();
                         [|foreach (var b in bytes)|]
                             sb.Append(b.ToString("x2"));
                         return sb.ToString();
                     }
                 """),
            Wrap("""
                     string M(byte[] bytes)
                     {
                         var sb = new StringBuilder();
                 #if NET5_0_OR_GREATER
                         sb.Append(Convert.ToHexStringLower(bytes));
                 #else
                         foreach (var b in bytes)
                             sb.Append(b.ToString("x2"));
                 #endif
                         return sb.ToString();
                     }
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    /// <summary>#34: the folded builder and the discarded append give the same text as the loop.</summary>
    [Fact]
    public void The_folded_builder_formats_the_same_text()
    {
        using var code = LoadedCode.Compile(Header + """
            public static class P
            {
                public static string Before(byte[] bytes)
                {
                    var sb = new StringBuilder(bytes.Length * 2);
                    foreach (var b in bytes) _ = sb.Append(b.ToString("x2"));
                    return sb.ToString();
                }

                public static string After(byte[] bytes)
                {
                    return Convert.ToHexString(bytes).ToLowerInvariant();
                }
            }
            """);
        var random = new Random(23);
        using (new CultureScope("tr-TR"))
        {
            foreach (var length in new[] { 0, 1, 2, 15, 16, 17, 255, 256 })
            {
                var sample = new byte[length];
                random.NextBytes(sample);
                Assert.Equal(code.Invoke("Before", sample), code.Invoke("After", sample));
            }
        }
    }

    [Theory]
    [InlineData("string M(byte[] b) { var sb = new StringBuilder(; {|#0:foreach (var x in b)|} sb.Append(x.ToString(\"X2\")); return sb.ToString(); }")]
    [InlineData("string M(byte[] b) { var sb = new StringBuilder(); {|#0:foreach (var x in b)|} _ = sb.Append(x.ToString(\"X2\")); return sb.ToString(; }")]
    [InlineData("string M(byte[] b) { var sb = new Missing(); foreach (var x in b) _ = sb.Append(x.ToString(\"X2\")); return sb.ToString(); }")]
    [InlineData("string M(byte[] b) { var sb = new StringBuilder(); [|foreach (var x in b)|] _ = sb.Append(x.ToString(\"X2\")); return sb.ToString(missing); }")]
    [InlineData("string M(byte[] b) => string.Join(values: b.Select(selector: x => x.ToString(\"X2\")), separator: );")]
    public Task Broken_folds_and_named_arguments_do_not_crash(string member)
    {
        var test = new RuleTest<PERF023UseConvertToHexStringAnalyzer>
        {
            Sources = { Wrap("    " + member) },
            AllowCompilerErrors = true,
        };

        // Broken code around the loop: the loop is still reported, the builder stays (the message names the append).
        if (member.Contains("{|#0:"))
        {
            test.ExpectedDiagnostics.Add(RuleTest<PERF023UseConvertToHexStringAnalyzer, PERF023UseConvertToHexStringCodeFix>.Diagnostic().WithLocation(0)
                .WithArguments("foreach (var x in b)", "sb.Append(Convert.ToHexString(b))"));
        }

        return test.RunAsync();
    }
}
