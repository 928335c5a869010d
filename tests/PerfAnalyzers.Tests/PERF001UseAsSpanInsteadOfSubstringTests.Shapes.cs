using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>#34: named and reordered arguments, constants, lambdas and local functions.</summary>
public partial class PERF001UseAsSpanInsteadOfSubstringTests
{
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_substring_arguments_become_asspan_names(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 int A(string s) => int.Parse(s.[|Substring|](startIndex: 1, length: 3));
                 int B(string s) => int.Parse(s.[|Substring|](length: 3, startIndex: 1));
                 int D(string s) => int.Parse(s.[|Substring|](startIndex: 2));
                 int E(string s) => int.Parse(s: s.[|Substring|](1, length: 2));
                 bool F(string s) => s.[|Substring|](length: 2, startIndex: 1) == "ab";
                 bool G(string s) => string.Equals(s.[|Substring|](startIndex: 1, length: 2), "ab");
             """),
        Wrap("""
                 int A(string s) => int.Parse(s.AsSpan(start: 1, length: 3));
                 int B(string s) => int.Parse(s.AsSpan(length: 3, start: 1));
                 int D(string s) => int.Parse(s.AsSpan(start: 2));
                 int E(string s) => int.Parse(s: s.AsSpan(1, length: 2));
                 bool F(string s) => s.AsSpan(length: 2, start: 1).SequenceEqual("ab");
                 bool G(string s) => s.AsSpan(start: 1, length: 2).SequenceEqual("ab");
             """)));

    /// <summary>The comparison read by parameter: StartsWith(comparisonType: ..., value: t) lists it first.</summary>
    [Fact]
    public Task Reordered_ordinal_starts_with() => Verify(
        Wrap("""
                 bool A(string s) => s.[|Substring|](1).StartsWith(comparisonType: StringComparison.Ordinal, value: "ab");
                 bool B(string s) => s.[|Substring|](1).EndsWith(value: "ab", comparisonType: StringComparison.OrdinalIgnoreCase);
                 bool D(string s) => s.Substring(1).StartsWith(comparisonType: StringComparison.CurrentCulture, value: "ab");
             """),
        Wrap("""
                 bool A(string s) => s.AsSpan(1).StartsWith(comparisonType: StringComparison.Ordinal, value: "ab");
                 bool B(string s) => s.AsSpan(1).EndsWith(value: "ab", comparisonType: StringComparison.OrdinalIgnoreCase);
                 bool D(string s) => s.Substring(1).StartsWith(comparisonType: StringComparison.CurrentCulture, value: "ab");
             """));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_substring_arguments_in_append(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void A(StringBuilder sb, string s) => sb.Append(s.[|Substring|](startIndex: 1, length: 2));
                 void B(StringBuilder sb, string s) => sb.Append(value: s.[|Substring|](1, 2));
                 void D(StringBuilder sb, string s) => sb.Append(s.[|Substring|](length: 2, startIndex: 1));
                 void E(StringBuilder sb, string s) => sb.Append(s.[|Substring|](startIndex: 1));
             """),
        Wrap("""
                 void A(StringBuilder sb, string s) => sb.Append(s, 1, 2);
                 void B(StringBuilder sb, string s) => sb.Append(s, 1, 2);
                 void D(StringBuilder sb, string s) => sb.Append(s, count: 2, startIndex: 1);
                 void E(StringBuilder sb, string s) => sb.Append(s, 1, s.Length - 1);
             """)));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Constants_lambdas_and_local_functions(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 const int Start = 1;
                 int A(string s)
                 {
                     const int length = 2;
                     System.Func<string, int> f = x => int.Parse(x.[|Substring|](Start, length));
                     int Local(string y) => int.Parse(y.[|Substring|](Start));
                     return f(s) + Local(s);
                 }
             """),
        Wrap("""
                 const int Start = 1;
                 int A(string s)
                 {
                     const int length = 2;
                     System.Func<string, int> f = x => int.Parse(x.AsSpan(Start, length));
                     int Local(string y) => int.Parse(y.AsSpan(Start));
                     return f(s) + Local(s);
                 }
             """)));
}
