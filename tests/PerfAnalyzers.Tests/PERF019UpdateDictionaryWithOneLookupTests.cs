using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Collections;
using PerfAnalyzers.Collections;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF019UpdateDictionaryWithOneLookupTests
{
    private const string Header = "using System.Collections.Generic;\n\n";

    private const string FixedHeader = "using System.Collections.Generic;\nusing System.Runtime.InteropServices;\n\n";

    private static RuleTest<PERF019UpdateDictionaryWithOneLookupAnalyzer, PERF019UpdateDictionaryWithOneLookupCodeFix> Test(string source, string? fixedSource = null, TestReferences references = TestReferences.Net80) =>
        RuleTest<PERF019UpdateDictionaryWithOneLookupAnalyzer, PERF019UpdateDictionaryWithOneLookupCodeFix>.Create(source, fixedSource, references);

    private static Task Verify(string source, string? fixedSource = null, TestReferences references = TestReferences.Net80) =>
        Test(source, fixedSource, references).RunAsync();

    private static string Wrap(string members, string header = Header) => header + "sealed class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Counters_become_one_increment(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 readonly Dictionary<string, int> _counts = new Dictionary<string, int>();

                 void Ternary(string word)
                 {
                     _counts[word] = _counts.[|TryGetValue|](word, out var count) ? count + 1 : 1;
                 }

                 void IfElse(Dictionary<string, long> totals, string key, long amount)
                 {
                     if (totals.[|ContainsKey|](key))
                     {
                         totals[key] += amount;
                     }
                     else
                     {
                         totals[key] = amount;
                     }
                 }

                 void Negated(Dictionary<int, int> d, int k)
                 {
                     if (!d.[|ContainsKey|](k)) d.Add(k, 1);
                     else d[k]++;
                 }

                 void ThenSet(Dictionary<char, int> d, char c, int n)
                 {
                     d.[|TryGetValue|](c, out var old);
                     d[c] = old + n;
                 }

                 void AddThenUse(Dictionary<string, int> d, string k)
                 {
                     if (!d.[|ContainsKey|](k)) d[k] = 0;
                     d[k] += 2;
                 }
             """),
        Wrap("""
                 readonly Dictionary<string, int> _counts = new Dictionary<string, int>();

                 void Ternary(string word)
                 {
                     CollectionsMarshal.GetValueRefOrAddDefault(_counts, word, out _)++;
                 }

                 void IfElse(Dictionary<string, long> totals, string key, long amount)
                 {
                     CollectionsMarshal.GetValueRefOrAddDefault(totals, key, out _) += amount;
                 }

                 void Negated(Dictionary<int, int> d, int k)
                 {
                     CollectionsMarshal.GetValueRefOrAddDefault(d, k, out _)++;
                 }

                 void ThenSet(Dictionary<char, int> d, char c, int n)
                 {
                     CollectionsMarshal.GetValueRefOrAddDefault(d, c, out _) += n;
                 }

                 void AddThenUse(Dictionary<string, int> d, string k)
                 {
                     CollectionsMarshal.GetValueRefOrAddDefault(d, k, out _) += 2;
                 }
             """, FixedHeader)));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Other_updates_go_through_a_ref_local(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 void Ternary(Dictionary<string, double> d, string k, double x)
                 {
                     d[k] = d.[|TryGetValue|](k, out var v) ? v * x : x;
                 }

                 void IfElse(Dictionary<string, string> d, string k, string s)
                 {
                     if (d.[|ContainsKey|](k))
                         d[k] = d[k] + "," + s;
                     else
                         d[k] = s;
                 }

                 void TryIfElse(Dictionary<int, int> d, int k)
                 {
                     if (d.[|TryGetValue|](k, out int old)) { d[k] = old * 2; } else { d[k] = -1; }
                 }

                 void AddThenUse(Dictionary<string, List<int>> d, string k, int x)
                 {
                     if (!d.[|ContainsKey|](k))
                     {
                         d[k] = new List<int>();
                     }

                     d[k].Add(x);
                 }
             """),
        Wrap("""
                 void Ternary(Dictionary<string, double> d, string k, double x)
                 {
                     ref var v = ref CollectionsMarshal.GetValueRefOrAddDefault(d, k, out bool exists);
                     v = exists ? v * x : x;
                 }

                 void IfElse(Dictionary<string, string> d, string k, string s)
                 {
                     ref var value = ref CollectionsMarshal.GetValueRefOrAddDefault(d, k, out bool exists);
                     if (exists)
                         value = value + "," + s;
                     else
                         value = s;
                 }

                 void TryIfElse(Dictionary<int, int> d, int k)
                 {
                     ref int old = ref CollectionsMarshal.GetValueRefOrAddDefault(d, k, out bool exists);
                     if (exists) { old = old * 2; } else { old = -1; }
                 }

                 void AddThenUse(Dictionary<string, List<int>> d, string k, int x)
                 {
                     if (!d.TryGetValue(k, out var value))
                     {
                         value = new List<int>();
                         d[k] = value;
                     }

                     value.Add(x);
                 }
             """, FixedHeader)));
}
