using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF022UseSpanSequenceEqualForArraysTests
{
    // ---- Must not flag: an array that may be null (Enumerable throws, the span compares it as empty) ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Arrays_not_proven_non_null_without_nullable_analysis(LanguageVersion version) => Languages.At(version, () => VerifyCore31WithoutNullable(
        Wrap("""
                 byte[] _field = new byte[4];
                 byte[] Load() => new byte[4];
                 bool A(byte[] a, byte[] b) => a.SequenceEqual(b);
                 bool B(byte[] a) => _field.Length == a.Length && _field.SequenceEqual(a);
                 bool D(byte[] a) => a.Length == 4 && Load().SequenceEqual(a);
                 bool E(byte[] a, byte[] b) => a != null && a.SequenceEqual(b);
                 bool F(byte[] a, byte[] b) => a == null && b != null && a.SequenceEqual(b);
             """)));

    [Fact]
    public Task Checks_that_do_not_run_before_the_call_on_every_path() => VerifyCore31WithoutNullable(
        Wrap("""
                 static void Log() { }
                 bool A(int[] a, int[] b)
                 {
                     if (a != null && b != null) Log();
                     return a.SequenceEqual(b);
                 }
                 bool B(int[] a, int[] b)
                 {
                     var same = a.SequenceEqual(b);
                     if (a == null || b == null) return false;
                     return same;
                 }
                 bool D(int[] a, int[] b) => a?.Length == b?.Length && a.SequenceEqual(b);
                 bool E(int[] a, int[] b) => (a != null || b != null) && a.SequenceEqual(b);
                 bool F(int[] a, int[] b)
                 {
                     if (a == null || b == null) System.Console.WriteLine("null");
                     return a.SequenceEqual(b);
                 }
                 bool G(int[] a, int[] b)
                 {
                     if (a == null || b == null) return false;
                     a = Next();
                     return a.SequenceEqual(b);
                 }
                 bool H(int[] b)
                 {
                     int[] a = null;
                     if (b == null) return false;
                     return a.SequenceEqual(b);
                 }
                 int[] Next() => null;
                 bool I(int[] a, int[] b)
                 {
                     bool Local() => a.SequenceEqual(b);
                     var early = Local();
                     if (a == null || b == null) return false;
                     return early;
                 }
                 bool J(int[] a, int[] b, bool flag) => (flag ? a.Length : 0) == b.Length && a.SequenceEqual(b);
                 bool K(int[] a, int[] b, bool flag)
                 {
                     if (flag) goto compare;
                     if (a == null || b == null) return false;
                 compare:
                     return a.SequenceEqual(b);
                 }
             """));

    /// <summary>A nullable array stays unproven, also when the code suppresses the warning with <c>!</c> (an assertion, not a proof).</summary>
    [Fact]
    public Task Maybe_null_arrays_under_nullable_analysis() => VerifyCore31(
        Wrap("""
                 byte[]? _cache;
                 bool A(byte[]? a, byte[] b) => Enumerable.SequenceEqual(a!, b);
                 bool B(byte[]? a, byte[] b) => b.SequenceEqual(a!);
                 bool D(byte[] b) => _cache!.SequenceEqual(b);
             """));

    // ---- Must not flag: not two arrays of one bitwise-comparable primitive ----

    [Fact]
    public Task Lists_sequences_and_mixed_operands() => VerifyCore31(
        Wrap("""
                 bool A(System.Collections.Generic.List<int> a, System.Collections.Generic.List<int> b) => a.SequenceEqual(b);
                 bool B(System.Collections.Generic.IEnumerable<int> a, int[] b) => a.SequenceEqual(b);
                 bool D(int[] a, System.Collections.Generic.IEnumerable<int> b) => a.SequenceEqual(b);
                 bool E(int[] a, System.Collections.Generic.IList<int> b) => Enumerable.SequenceEqual(a, b);
                 bool F(System.ArraySegment<byte> a, byte[] b) => a.SequenceEqual(b);
                 bool G(int[] a) => a.SequenceEqual(Enumerable.Range(0, 3));
             """));

    [Fact]
    public Task Comparer_argument_is_not_flagged() => VerifyCore31(
        Wrap("""
                 bool A(int[] a, int[] b) => a.SequenceEqual(b, System.Collections.Generic.EqualityComparer<int>.Default);
                 bool B(int[] a, int[] b) => Enumerable.SequenceEqual(a, b, null);
             """));

    [Fact]
    public Task Other_element_types_are_not_flagged() => VerifyCore31(
        Wrap("""
                 enum Color { Red, Green }
                 bool A(float[] a, float[] b) => a.SequenceEqual(b);
                 bool B(double[] a, double[] b) => a.SequenceEqual(b);
                 bool D(decimal[] a, decimal[] b) => a.SequenceEqual(b);
                 bool E(Color[] a, Color[] b) => a.SequenceEqual(b);
                 bool F(string[] a, string[] b) => a.SequenceEqual(b);
                 bool G(object[] a, object[] b) => a.SequenceEqual(b);
                 bool H(byte[][] a, byte[][] b) => a.SequenceEqual(b);
                 bool I(System.IntPtr[] a, System.IntPtr[] b) => a.SequenceEqual(b);
                 bool J(System.Guid[] a, System.Guid[] b) => a.SequenceEqual(b);
                 bool K(int?[] a, int?[] b) => a.SequenceEqual(b);
             """));

    // ---- Must not flag: secrets (an early-exit comparison leaks timing: CryptographicOperations.FixedTimeEquals) ----

    [Fact]
    public Task Values_named_as_secrets_are_not_flagged() => VerifyCore31(
        Wrap("""
                 byte[] ComputeHash(byte[] data) => data;
                 bool A(byte[] expectedHash, byte[] actual) => expectedHash.SequenceEqual(actual);
                 bool B(byte[] data, byte[] mac) => data.SequenceEqual(mac);
                 bool D(byte[] a, byte[] HMACValue) => a.SequenceEqual(HMACValue);
                 bool E(byte[] signature, byte[] b) => Enumerable.SequenceEqual(signature, b);
                 bool F(byte[] data, byte[] b) => ComputeHash(data).SequenceEqual(b);
                 bool G(char[] password, char[] typed) => password.SequenceEqual(typed);
                 bool H(byte[] a, byte[] b_digest) => a.SequenceEqual(b_digest);
                 bool I(byte[] tokenBytes, byte[] b) => tokenBytes.SequenceEqual(b);
                 bool VerifySignature(byte[] expected, byte[] actual) => expected.SequenceEqual(actual);
                 bool CheckToken(byte[] expected, byte[] actual)
                 {
                     System.Func<bool> check = () => expected.SequenceEqual(actual);
                     return check();
                 }
             """));

    /// <summary>Words that only contain a secret's name are not secrets: the rule still fires.</summary>
    [Fact]
    public Task Lookalike_names_are_not_secrets() => VerifyCore31(
        Wrap("""
                 bool A(byte[] machine, byte[] macro) => machine.[|SequenceEqual|](macro);
                 bool B(byte[] tokenizer, byte[] hashtag) => tokenizer.[|SequenceEqual|](hashtag);
             """),
        Wrap("""
                 bool A(byte[] machine, byte[] macro) => machine.AsSpan().SequenceEqual(macro);
                 bool B(byte[] tokenizer, byte[] hashtag) => tokenizer.AsSpan().SequenceEqual(hashtag);
             """, SystemAndLinq));

    // ---- Must not flag: where the span form cannot go, or is already there ----

    [Fact]
    public Task Expression_trees_and_awaits_are_not_flagged() => VerifyCore31(
        Wrap("""
                 System.Linq.Expressions.Expression<System.Func<int[], int[], bool>> A() => (a, b) => a.SequenceEqual(b);
                 async System.Threading.Tasks.Task<bool> B(int[] a) => a.SequenceEqual(await System.Threading.Tasks.Task.FromResult(new int[1]));
             """));

    [Fact]
    public Task Named_arguments_with_side_effects_keep_their_order() => VerifyCore31(
        Wrap("""
                 int[] Next() => new int[1];
                 bool A(int[] a) => Enumerable.SequenceEqual(second: Next(), first: a);
             """));

    [Fact]
    public Task Conditional_access_and_own_methods_are_not_flagged() => VerifyCore31(
        Wrap("""
                 bool A(int[]? a, int[] b) => a?.SequenceEqual(b) == true;
                 static bool SequenceEqual(int[] a, int[] b) => a.Length == b.Length;
                 bool B(int[] a, int[] b) => SequenceEqual(a, b);
             """));

    /// <summary>C# 14 with <c>using System;</c>: the call binds to the span overload already (first-class spans).</summary>
    [CSharpFact(14)]
    public Task Span_bound_call_under_csharp_14_is_not_flagged() => Languages.At(Languages.CSharp14, () => VerifyCore31(
        Wrap("    bool Same(byte[] a, byte[] b) => a.SequenceEqual(b);", SystemAndLinq)));

    [Fact]
    public Task Cold_code_is_not_flagged() => VerifyCore31(
        Wrap("""
                 static readonly bool Same = new[] { 1 }.SequenceEqual(new[] { 1 });
                 void Check(int[] a, int[] b)
                 {
                     if (a.Length == b.Length) throw new System.InvalidOperationException(a.SequenceEqual(b).ToString());
                 }
             """));
}
