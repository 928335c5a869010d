using System.Threading.Tasks;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF019UpdateDictionaryWithOneLookupTests
{
    /// <summary>A type of the same name is not the BCL's dictionary (the rule compares names first, then the type).</summary>
    [Fact]
    public Task A_dictionary_of_another_namespace_is_not_flagged() => Verify("""
        namespace Mine
        {
            sealed class Dictionary<TKey, TValue>
            {
                public bool ContainsKey(TKey key) => false;
                public TValue this[TKey key] { get => default!; set { } }
            }

            sealed class C
            {
                void F(Dictionary<string, int> d, string k) { if (d.ContainsKey(k)) d[k] += 2; else d[k] = 2; }
            }
        }
        """);

    // ---- Must not flag ----

    [Fact]
    public Task Lookalikes_are_not_flagged() => Verify(
        "using System;\nusing System.Collections.Concurrent;\n" + Wrap("""
                Dictionary<string, int> Prop { get; } = new Dictionary<string, int>();
                int Next() => 1;
                string Key() => "k";

                void Concurrent(ConcurrentDictionary<string, int> d, string k) { if (d.ContainsKey(k)) d[k] += 1; else d[k] = 1; }
                void Interface(IDictionary<string, int> d, string k) { if (d.ContainsKey(k)) d[k] += 1; else d[k] = 1; }
                void Property(string k) { if (Prop.ContainsKey(k)) Prop[k] += 1; else Prop[k] = 1; }
                void KeyCall(Dictionary<string, int> d) { if (d.ContainsKey(Key())) d[Key()] += 1; else d[Key()] = 1; }
                void OtherKey(Dictionary<string, int> d, string k, string j) { if (d.ContainsKey(k)) d[j] += 1; else d[k] = 1; }
                void OtherDictionary(Dictionary<string, int> d, Dictionary<string, int> e, string k) { if (d.ContainsKey(k)) e[k] += 1; else d[k] = 1; }
                void UserCode(Dictionary<string, int> d, string k) { if (d.ContainsKey(k)) d[k] += Next(); else d[k] = 1; }
                void MayMutate(Dictionary<string, int> d, string k) { d[k] = d.TryGetValue(k, out var v) ? v + Grow(d) : 1; }
                int Grow(Dictionary<string, int> d) { d["x"] = 1; return 1; }
                void MayThrow(Dictionary<string, int> d, string k, int n) { d[k] = d.TryGetValue(k, out var v) ? v / n : 1; }
                void Checked(Dictionary<string, int> d, string k) { checked { if (d.ContainsKey(k)) d[k] += 1; else d[k] = 1; } }
                void Decimal(Dictionary<string, decimal> d, string k, decimal m) { if (d.ContainsKey(k)) d[k] += m; else d[k] = m; }
                void NoElse(Dictionary<string, int> d, string k) { if (d.ContainsKey(k)) d[k] += 1; }
                int ReadOnly(Dictionary<string, int> d, string k) { if (d.ContainsKey(k)) return d[k]; return 0; }
                void OneLookupWhenPresent(Dictionary<string, List<int>> d, string k, int x)
                {
                    if (!d.TryGetValue(k, out var list)) { list = new List<int>(); d[k] = list; }
                    list.Add(x);
                }
                int UsedAfter(Dictionary<string, int> d, string k) { d[k] = d.TryGetValue(k, out var v) ? v + 1 : 1; return v; }
                void MissingBranchReads(Dictionary<string, int> d, string k) { if (!d.ContainsKey(k)) d[k] = d[k] + 1; else d[k] = 0; }
                void MissingBranchCompound(Dictionary<string, int> d, string k) { if (d.ContainsKey(k)) d[k] = 1; else d[k] += 1; }
                void StructCall(Dictionary<string, Counter> d, string k) { if (!d.ContainsKey(k)) d[k] = new Counter(); d[k].Add(); }
                void Between(Dictionary<string, int> d, string k) { d.TryGetValue(k, out var v); Console.WriteLine(); d[k] = v + 1; }
                void AnotherOutLocal(Dictionary<string, int> d, string k, int v) { d.TryGetValue(k, out v); d[k] = v + 1; }
                void WithArgument(Dictionary<string, List<int>> d, string k) { if (!d.ContainsKey(k)) d[k] = new List<int>(Next()); d[k].Add(1); }
                void UserType(Dictionary<string, Box> d, string k) { if (!d.ContainsKey(k)) d[k] = new Box(); d[k].Add(); }
            }

            struct Counter { public int N; public void Add() => N++; }

            sealed class Box { public void Add() { }
            """));

    [Fact]
    public Task Cold_code_is_not_flagged_unless_asked() => Verify(Wrap("""
            static readonly Dictionary<string, int> s_counts = new Dictionary<string, int>();

            static C()
            {
                if (s_counts.ContainsKey("a")) s_counts["a"] += 1; else s_counts["a"] = 1;
            }

            void F(string k)
            {
                try { }
                catch (System.Exception)
                {
                    if (s_counts.ContainsKey(k)) s_counts[k] += 1; else s_counts[k] = 1;
                }
            }
        """));
}
