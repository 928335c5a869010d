using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Collections;
using PerfAnalyzers.Collections;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF019UpdateDictionaryWithOneLookupTests : RuleTests<PERF019UpdateDictionaryWithOneLookupAnalyzer, PERF019UpdateDictionaryWithOneLookupCodeFix>
{
    private const string Header = "using System.Collections.Generic;\n\n";

    private const string FixedHeader = "using System.Collections.Generic;\nusing System.Runtime.InteropServices;\n\n";

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

    /// <summary>Before .NET 6 (and where a ref local cannot be written) only three lookups are worth a change: TryGetValue and one write.</summary>
    [Theory]
    [InlineData(TestReferences.Net472)]
    [InlineData(TestReferences.NetStandard20)]
    public Task Old_targets_get_TryGetValue_and_one_write(TestReferences references) => Verify(
        Wrap("""
                 void Counter(Dictionary<string, int> d, string k)
                 {
                     if (d.[|ContainsKey|](k)) d[k] += 1; else d[k] = 1;
                 }

                 void Read(Dictionary<string, string> d, string k, string s)
                 {
                     if (d.[|ContainsKey|](k))
                     {
                         d[k] = d[k] + s;
                     }
                     else
                     {
                         d.Add(k, s);
                     }
                 }

                 void AddThenUse(Dictionary<int, List<string>> d, int k, string s)
                 {
                     if (!d.[|ContainsKey|](k)) d.Add(k, new List<string>());
                     d[k].Add(s);
                 }

                 void TwoLookups(Dictionary<string, int> d, string k)
                 {
                     d[k] = d.TryGetValue(k, out var n) ? n + 1 : 1;
                     if (d.TryGetValue(k, out var m)) d[k] = m * 2; else d[k] = 0;
                 }
             """),
        Wrap("""
                 void Counter(Dictionary<string, int> d, string k)
                 {
                     if (d.TryGetValue(k, out var value)) d[k] = value + 1; else d[k] = 1;
                 }

                 void Read(Dictionary<string, string> d, string k, string s)
                 {
                     if (d.TryGetValue(k, out var value))
                     {
                         d[k] = value + s;
                     }
                     else
                     {
                         d.Add(k, s);
                     }
                 }

                 void AddThenUse(Dictionary<int, List<string>> d, int k, string s)
                 {
                     if (!d.TryGetValue(k, out var value))
                     {
                         value = new List<string>();
                         d.Add(k, value);
                     }
                     value.Add(s);
                 }

                 void TwoLookups(Dictionary<string, int> d, string k)
                 {
                     d[k] = d.TryGetValue(k, out var n) ? n + 1 : 1;
                     if (d.TryGetValue(k, out var m)) d[k] = m * 2; else d[k] = 0;
                 }
             """),
        references);

    /// <summary>A ref local cannot be declared in an async method before C# 13, nor live across an await after: a counter needs none.</summary>
    [CSharpFact(12)]
    public Task Async_methods_before_CSharp_13_get_the_increment_or_TryGetValue()
    {
        var test = Test(
            Header + """
                using System.Threading.Tasks;

                sealed class C
                {
                    async Task F(Dictionary<string, int> counts, Dictionary<string, double> d, string k)
                    {
                        await Task.Yield();
                        counts[k] = counts.[|TryGetValue|](k, out var n) ? n + 1 : 1;
                        d[k] = d.TryGetValue(k, out var v) ? v * 2 : 1;
                        if (d.[|ContainsKey|](k)) d[k] *= 3; else d[k] = 1;
                    }
                }
                """,
            """
                using System.Collections.Generic;
                using System.Runtime.InteropServices;
                using System.Threading.Tasks;

                sealed class C
                {
                    async Task F(Dictionary<string, int> counts, Dictionary<string, double> d, string k)
                    {
                        await Task.Yield();
                        CollectionsMarshal.GetValueRefOrAddDefault(counts, k, out _)++;
                        d[k] = d.TryGetValue(k, out var v) ? v * 2 : 1;
                        if (d.TryGetValue(k, out var value)) d[k] = value * 3; else d[k] = 1;
                    }
                }
                """);
        test.LanguageVersion = Languages.CSharp12;
        return test.RunAsync();
    }

    /// <summary>From C# 13 an async method may declare a ref local that no await crosses: the update has none.</summary>
    [CSharpFact(13)]
    public Task Async_methods_from_CSharp_13_get_the_ref_local()
    {
        var test = Test(
            Header + """
                using System.Threading.Tasks;

                sealed class C
                {
                    async Task F(Dictionary<string, double> d, string k)
                    {
                        await Task.Yield();
                        d[k] = d.[|TryGetValue|](k, out var v) ? v * 2 : 1;
                        await Task.Yield();
                    }
                }
                """,
            """
                using System.Collections.Generic;
                using System.Runtime.InteropServices;
                using System.Threading.Tasks;

                sealed class C
                {
                    async Task F(Dictionary<string, double> d, string k)
                    {
                        await Task.Yield();
                        ref var v = ref CollectionsMarshal.GetValueRefOrAddDefault(d, k, out bool exists);
                        v = exists ? v * 2 : 1;
                        await Task.Yield();
                    }
                }
                """);
        test.LanguageVersion = Languages.CSharp13;
        return test.RunAsync();
    }

    [Fact]
    public Task Message_names_what_the_fix_writes()
    {
        var test = Test(Wrap("    void F(Dictionary<string, int> d, string k) { if (d.{|#0:ContainsKey|}(k)) d[k] += 2; else d[k] = 2; }"),
            Wrap("    void F(Dictionary<string, int> d, string k) { CollectionsMarshal.GetValueRefOrAddDefault(d, k, out _) += 2; }", FixedHeader));
        test.ExpectedDiagnostics.Add(RuleTest<PERF019UpdateDictionaryWithOneLookupAnalyzer, PERF019UpdateDictionaryWithOneLookupCodeFix>.Diagnostic()
            .WithLocation(0).WithMessage("Updating 'd[k]' looks the key up 3 times; 'CollectionsMarshal.GetValueRefOrAddDefault' finds or adds the entry with one"));
        return test.RunAsync();
    }

    /// <summary>On a leg without CollectionsMarshal the update stays behind #if; that leg reports nothing of its own.</summary>
    [Fact]
    public Task Multi_targeted_project_keeps_the_old_update_for_other_legs() => Test(
            Wrap("""
                     void F(Dictionary<string, int> d, string k)
                     {
                         if (d.[|ContainsKey|](k)) d[k]++; else d[k] = 1;
                     }
                 """),
            Wrap("""
                     void F(Dictionary<string, int> d, string k)
                     {
                 #if NET6_0_OR_GREATER
                         CollectionsMarshal.GetValueRefOrAddDefault(d, k, out _)++;
                 #else
                         if (d.ContainsKey(k)) d[k]++; else d[k] = 1;
                 #endif
                     }
                 """, "using System.Collections.Generic;\n#if NET6_0_OR_GREATER\nusing System.Runtime.InteropServices;\n#endif\n\n"),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    [Fact]
    public Task The_old_leg_of_a_multi_targeted_project_leaves_the_finding_to_the_new_one() => Test(
            Wrap("    void F(Dictionary<string, int> d, string k) { if (d.ContainsKey(k)) d[k]++; else d[k] = 1; }"),
            references: TestReferences.NetStandard20)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "netstandard2.0")
        .RunAsync();

    /// <summary>Before and after leave the same dictionary, for counters, ref updates and the TryGetValue form.</summary>
    [Fact]
    public void The_fixed_code_leaves_the_same_dictionary()
    {
        using var code = LoadedCode.Compile("""
            using System.Collections.Generic;
            using System.Runtime.InteropServices;

            public static class P
            {
                public static Dictionary<int, int> Before(int[] keys, int x)
                {
                    var d = new Dictionary<int, int>();
                    foreach (var k in keys)
                    {
                        d[k] = d.TryGetValue(k, out var v) ? v + x : x;
                        if (d.ContainsKey(k + 1)) d[k + 1] -= 1; else d[k + 1] = 7;
                        int j = k * 3;
                        if (!d.ContainsKey(j)) d[j] = 0;
                        d[j] ^= x;
                    }

                    return d;
                }

                public static Dictionary<int, int> After(int[] keys, int x)
                {
                    var d = new Dictionary<int, int>();
                    foreach (var k in keys)
                    {
                        CollectionsMarshal.GetValueRefOrAddDefault(d, k, out _) += x;
                        int k1 = k + 1;
                        ref var value = ref CollectionsMarshal.GetValueRefOrAddDefault(d, k1, out bool exists);
                        if (exists) value -= 1; else value = 7;
                        int j = k * 3;
                        ref var value2 = ref CollectionsMarshal.GetValueRefOrAddDefault(d, j, out _);
                        value2 ^= x;
                    }

                    return d;
                }

                public static Dictionary<int, int> AfterOld(int[] keys, int x)
                {
                    var d = new Dictionary<int, int>();
                    foreach (var k in keys)
                    {
                        d[k] = d.TryGetValue(k, out var v) ? v + x : x;
                        if (d.TryGetValue(k + 1, out var value)) d[k + 1] = value - 1; else d[k + 1] = 7;
                        int j = k * 3;
                        if (!d.ContainsKey(j)) d[j] = 0;
                        d[j] ^= x;
                    }

                    return d;
                }
            }
            """);
        var random = new Random(19);
        for (var run = 0; run < 200; run++)
        {
            var keys = new int[random.Next(0, 60)];
            for (var i = 0; i < keys.Length; i++)
            {
                keys[i] = random.Next(-20, 20);
            }

            var x = random.Next(-5, 6);
            var before = (Dictionary<int, int>)code.Invoke("Before", keys, x)!;
            Assert.Equal(before, (Dictionary<int, int>)code.Invoke("After", keys, x)!);
            Assert.Equal(before, (Dictionary<int, int>)code.Invoke("AfterOld", keys, x)!);
        }
    }
}
