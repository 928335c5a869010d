using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>Issue #34: tuple values and C# 12's <c>[]</c> as the created value are as inert as a literal or <c>new List&lt;T&gt;()</c>.</summary>
public partial class PERF019UpdateDictionaryWithOneLookupTests
{
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Tuple_values_go_through_a_ref_local(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 readonly Dictionary<string, (int Count, long Sum)> _stats = new Dictionary<string, (int Count, long Sum)>();

                 void Add(string w, long v)
                 {
                     _stats[w] = _stats.[|TryGetValue|](w, out var s) ? (s.Count + 1, s.Sum + v) : (1, v);
                 }

                 void Both(Dictionary<string, (int, long)> d, string w, long v)
                 {
                     if (d.[|TryGetValue|](w, out var s)) d[w] = (s.Item1 + 1, s.Item2 + v); else d[w] = (1, v);
                 }
             """),
        Wrap("""
                 readonly Dictionary<string, (int Count, long Sum)> _stats = new Dictionary<string, (int Count, long Sum)>();

                 void Add(string w, long v)
                 {
                     ref var s = ref CollectionsMarshal.GetValueRefOrAddDefault(_stats, w, out bool exists);
                     s = exists ? (s.Count + 1, s.Sum + v) : (1, v);
                 }

                 void Both(Dictionary<string, (int, long)> d, string w, long v)
                 {
                     ref var s = ref CollectionsMarshal.GetValueRefOrAddDefault(d, w, out bool exists);
                     if (exists) s = (s.Item1 + 1, s.Item2 + v); else s = (1, v);
                 }
             """, FixedHeader)));

    /// <summary>
    /// An element that could run code or throw keeps the tuple out: a call, a field of a class held in a local (null),
    /// checked arithmetic.
    /// </summary>
    [Fact]
    public Task Tuples_with_an_element_that_could_run_code_are_not_flagged() => Verify(
        Wrap("""
                 sealed class Box { public int N; }
                 int Next() => 1;

                 void Call(Dictionary<string, (int, int)> d, string w)
                 {
                     d[w] = d.TryGetValue(w, out var s) ? (s.Item1 + Next(), 0) : (1, 0);
                 }

                 void ClassField(Dictionary<string, (int, int)> d, string w, Box box)
                 {
                     d[w] = d.TryGetValue(w, out var s) ? (s.Item1 + box.N, 0) : (1, 0);
                 }

                 void Checked(Dictionary<string, (int, int)> d, string w, int x)
                 {
                     d[w] = d.TryGetValue(w, out var s) ? (checked(s.Item1 + x), 0) : (1, 0);
                 }
             """));

    [CSharpFact(12)]
    public Task An_empty_collection_expression_is_created_like_new() => Languages.At(Languages.CSharp12, () => Verify(
        Wrap("""
                 readonly Dictionary<string, List<int>> _lists = new();

                 void Add(string w, int x)
                 {
                     if (!_lists.[|ContainsKey|](w)) _lists[w] = [];
                     _lists[w].Add(x);
                 }
             """),
        Wrap("""
                 readonly Dictionary<string, List<int>> _lists = new();

                 void Add(string w, int x)
                 {
                     if (!_lists.TryGetValue(w, out var value))
                     {
                         value = [];
                         _lists[w] = value;
                     }
                     value.Add(x);
                 }
             """)));

    /// <summary>A collection of the user's own runs the user's constructor and Add; a non-empty [x] evaluates x.</summary>
    [CSharpFact(12)]
    public Task Collection_expressions_that_could_run_user_code_are_not_flagged() => Languages.At(Languages.CSharp12, () => Verify(
        Wrap("""
                 sealed class Bag : System.Collections.Generic.IEnumerable<int>
                 {
                     public void Add(int x) { }
                     public System.Collections.Generic.IEnumerator<int> GetEnumerator() => null!;
                     System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => null!;
                     public void Put(int x) { }
                 }

                 int Next() => 1;

                 void Own(Dictionary<string, Bag> d, string w, int x)
                 {
                     if (!d.ContainsKey(w)) d[w] = [];
                     d[w].Put(x);
                 }

                 void Elements(Dictionary<string, List<int>> d, string w, int x)
                 {
                     if (!d.ContainsKey(w)) d[w] = [Next()];
                     d[w].Add(x);
                 }
             """)));

    /// <summary>Issue #34: a counter written as the expression body of a member that returns nothing is rewritten in place.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Expression_bodied_counters_are_rewritten_in_place(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 readonly Dictionary<string, int> _counts = new Dictionary<string, int>();

                 public void Add(string w) => _counts[w] = _counts.[|TryGetValue|](w, out var c) ? c + 1 : 1;

                 public void AddMany(string w, int x) => _counts[w] = _counts.[|TryGetValue|](w, out var c) ? c + x : x;

                 public string Last { set => _counts[value] = _counts.[|TryGetValue|](value, out var c) ? c + 1 : 1; }
             """),
        Wrap("""
                 readonly Dictionary<string, int> _counts = new Dictionary<string, int>();

                 public void Add(string w) => CollectionsMarshal.GetValueRefOrAddDefault(_counts, w, out _)++;

                 public void AddMany(string w, int x) => CollectionsMarshal.GetValueRefOrAddDefault(_counts, w, out _) += x;

                 public string Last { set => CollectionsMarshal.GetValueRefOrAddDefault(_counts, value, out _)++; }
             """, FixedHeader)));

    /// <summary>
    /// A member that returns the assignment's value (the new count; the increment's would be the old one), and an update
    /// that needs a ref local (no block to declare it in), are not flagged in an expression body.
    /// </summary>
    [Fact]
    public Task Expression_bodies_that_return_the_value_or_need_a_local_are_not_flagged() => Verify(
        Wrap("""
                 readonly Dictionary<string, int> _counts = new Dictionary<string, int>();

                 public int Add(string w) => _counts[w] = _counts.TryGetValue(w, out var c) ? c + 1 : 1;

                 public void Scale(string w, int x) => _counts[w] = _counts.TryGetValue(w, out var c) ? c * x : x;
             """));
}
