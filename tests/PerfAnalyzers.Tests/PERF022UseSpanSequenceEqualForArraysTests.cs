using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// PERF022. The rule fires before .NET 6 where the span SequenceEqual exists: most tests compile against the .NET 8
/// reference assemblies (which have it) with the build properties of .NET Core 3.1. The sources name no
/// <c>using System;</c> unless a test says so: under C# 14 that using binds <c>a.SequenceEqual(b)</c> to the span overload
/// already (first-class spans), which is a test of its own.
/// </summary>
public partial class PERF022UseSpanSequenceEqualForArraysTests : RuleTests<PERF022UseSpanSequenceEqualForArraysAnalyzer, PERF022UseSpanSequenceEqualForArraysCodeFix>
{
    private const string Linq = "using System.Linq;\n";
    private const string SystemAndLinq = "using System;\nusing System.Linq;\n";

    private static string Wrap(string members, string usings = Linq) => usings + "\nsealed class C\n{\n" + members + "\n}\n";

    /// <summary>
    /// The rule's test on .NET Core 3.1 (the .NET 8 reference assemblies, the 3.1 build properties), at C# 12 unless
    /// <see cref="Languages.At"/> says otherwise: before C# 14 the fix imports System (from C# 14 it names MemoryExtensions).
    /// </summary>
    private static RuleTest<PERF022UseSpanSequenceEqualForArraysAnalyzer, PERF022UseSpanSequenceEqualForArraysCodeFix> Core31(string source, string? fixedSource = null)
    {
        var test = Test(source, fixedSource).WithTargetFramework("netcoreapp3.1");
        test.LanguageVersion = Languages.Override ?? Languages.OrNewest(Languages.CSharp12);
        return test;
    }

    /// <summary>The fix's call at <paramref name="version"/>: <c>a.AsSpan().SequenceEqual(b)</c>, or from C# 14 the named form.</summary>
    private static string Span(LanguageVersion version, string first, string second) => version >= Languages.CSharp14
        ? $"System.MemoryExtensions.SequenceEqual(System.MemoryExtensions.AsSpan({first}), {second})"
        : (first.StartsWith("new ", System.StringComparison.Ordinal) ? "(" + first + ")" : first) + $".AsSpan().SequenceEqual({second})";

    /// <summary>The fixed file's usings at <paramref name="version"/>: System added before C# 14.</summary>
    private static string FixedUsings(LanguageVersion version) => version >= Languages.CSharp14 ? Linq : SystemAndLinq;

    private static Task VerifyCore31(string source, string? fixedSource = null) => Core31(source, fixedSource).RunAsync();

    /// <summary>Nullable analysis off (a project that never enabled it), whatever the language version.</summary>
    private static Task VerifyCore31WithoutNullable(string source, string? fixedSource = null)
    {
        var test = Core31(source, fixedSource);
        test.Nullable = NullableContextOptions.Disable;
        return test.RunAsync();
    }

    // ---- Flagged shapes and the fix (proofs written in the code: they hold at C# 7.3, without nullable analysis) ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Extension_call_after_a_length_check(LanguageVersion version) => Languages.At(version, () => VerifyCore31(
        Wrap("""
                 bool Same(byte[] a, byte[] b)
                 {
                     if (a.Length != b.Length) return false;
                     return a.[|SequenceEqual|](b);
                 }
             """),
        Wrap($$"""
                 bool Same(byte[] a, byte[] b)
                 {
                     if (a.Length != b.Length) return false;
                     return {{Span(version, "a", "b")}};
                 }
             """, FixedUsings(version))));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Static_call_after_lengths_compared_in_the_same_condition(LanguageVersion version) => Languages.At(version, () => VerifyCore31(
        Wrap("    bool Same(int[] a, int[] b) => a.Length == b.Length && Enumerable.[|SequenceEqual|](a, b);"),
        Wrap($"    bool Same(int[] a, int[] b) => a.Length == b.Length && {Span(version, "a", "b")};", FixedUsings(version))));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Null_checks_prove_both_arrays(LanguageVersion version) => Languages.At(version, () => VerifyCore31WithoutNullable(
        Wrap("""
                 bool A(char[] a, char[] b) => a != null && b != null && a.[|SequenceEqual|](b);
                 bool B(char[] a, char[] b)
                 {
                     if (a == null || b == null) return false;
                     return a.[|SequenceEqual|](b);
                 }
                 bool D(char[] a, char[] b)
                 {
                     if (a is null) throw new System.ArgumentNullException(nameof(a));
                     if (!(b != null)) { return false; }
                     return Enumerable.[|SequenceEqual|](a, b);
                 }
                 bool E(char[] a, char[] b) => a == null || b == null ? false : a.[|SequenceEqual|](b);
                 bool F(char[] a, char[] b)
                 {
                     if (a != null && b != null)
                     {
                         return a.[|SequenceEqual|](b);
                     }

                     return false;
                 }
             """),
        Wrap($$"""
                 bool A(char[] a, char[] b) => a != null && b != null && {{Span(version, "a", "b")}};
                 bool B(char[] a, char[] b)
                 {
                     if (a == null || b == null) return false;
                     return {{Span(version, "a", "b")}};
                 }
                 bool D(char[] a, char[] b)
                 {
                     if (a is null) throw new System.ArgumentNullException(nameof(a));
                     if (!(b != null)) { return false; }
                     return {{Span(version, "a", "b")}};
                 }
                 bool E(char[] a, char[] b) => a == null || b == null ? false : {{Span(version, "a", "b")}};
                 bool F(char[] a, char[] b)
                 {
                     if (a != null && b != null)
                     {
                         return {{Span(version, "a", "b")}};
                     }

                     return false;
                 }
             """, FixedUsings(version))));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Created_arrays_and_a_dereference_before(LanguageVersion version) => Languages.At(version, () => VerifyCore31WithoutNullable(
        Wrap("""
                 bool A(byte[] header)
                 {
                     var magic = new byte[] { 0x50, 0x4B };
                     var n = header.Length;
                     return n == 2 && magic.[|SequenceEqual|](header);
                 }
                 bool B(byte[] header) => header.Length == 2 && Enumerable.[|SequenceEqual|](new byte[] { 0x50, 0x4B }, header);
             """),
        Wrap($$"""
                 bool A(byte[] header)
                 {
                     var magic = new byte[] { 0x50, 0x4B };
                     var n = header.Length;
                     return n == 2 && {{Span(version, "magic", "header")}};
                 }
                 bool B(byte[] header) => header.Length == 2 && {{Span(version, "new byte[] { 0x50, 0x4B }", "header")}};
             """, FixedUsings(version))));

    [Fact]
    public Task Every_bitwise_comparable_element_type() => VerifyCore31WithoutNullable(
        Wrap("""
                 bool A(sbyte[] a, sbyte[] b) => a.Length == b.Length && a.[|SequenceEqual|](b);
                 bool B(short[] a, short[] b) => a.Length == b.Length && a.[|SequenceEqual|](b);
                 bool D(ushort[] a, ushort[] b) => a.Length == b.Length && a.[|SequenceEqual|](b);
                 bool E(uint[] a, uint[] b) => a.Length == b.Length && a.[|SequenceEqual|](b);
                 bool F(long[] a, long[] b) => a.Length == b.Length && a.[|SequenceEqual|](b);
                 bool G(ulong[] a, ulong[] b) => a.Length == b.Length && a.[|SequenceEqual|](b);
                 bool H(bool[] a, bool[] b) => a.Length == b.Length && a.[|SequenceEqual|](b);
             """),
        Wrap("""
                 bool A(sbyte[] a, sbyte[] b) => a.Length == b.Length && a.AsSpan().SequenceEqual(b);
                 bool B(short[] a, short[] b) => a.Length == b.Length && a.AsSpan().SequenceEqual(b);
                 bool D(ushort[] a, ushort[] b) => a.Length == b.Length && a.AsSpan().SequenceEqual(b);
                 bool E(uint[] a, uint[] b) => a.Length == b.Length && a.AsSpan().SequenceEqual(b);
                 bool F(long[] a, long[] b) => a.Length == b.Length && a.AsSpan().SequenceEqual(b);
                 bool G(ulong[] a, ulong[] b) => a.Length == b.Length && a.AsSpan().SequenceEqual(b);
                 bool H(bool[] a, bool[] b) => a.Length == b.Length && a.AsSpan().SequenceEqual(b);
             """, SystemAndLinq));

    [Fact]
    public Task Qualified_calls_and_an_existing_using_system() => VerifyCore31WithoutNullable(
        Wrap("""
                 bool A(int[] a, int[] b) => a.Length == b.Length && Enumerable.[|SequenceEqual|](a, b);
                 bool B(int[] a, int[] b) => a.Length == b.Length && System.Linq.Enumerable.[|SequenceEqual|](a, b);
             """, SystemAndLinq),
        Wrap("""
                 bool A(int[] a, int[] b) => a.Length == b.Length && a.AsSpan().SequenceEqual(b);
                 bool B(int[] a, int[] b) => a.Length == b.Length && a.AsSpan().SequenceEqual(b);
             """, SystemAndLinq));

    [Fact]
    public Task Foreach_variable_and_lambda_after_the_check() => VerifyCore31WithoutNullable(
        Wrap("""
                 int Count(byte[][] rows, byte[] key)
                 {
                     if (key == null) return 0;
                     var n = 0;
                     foreach (var row in rows)
                     {
                         if (row.Length != key.Length) continue;
                         if (row.[|SequenceEqual|](key)) n++;
                     }

                     return n;
                 }
                 System.Func<byte[], bool> Matcher(byte[] key)
                 {
                     if (key == null) throw new System.ArgumentNullException(nameof(key));
                     return x => x != null && x.[|SequenceEqual|](key);
                 }
             """),
        Wrap("""
                 int Count(byte[][] rows, byte[] key)
                 {
                     if (key == null) return 0;
                     var n = 0;
                     foreach (var row in rows)
                     {
                         if (row.Length != key.Length) continue;
                         if (row.AsSpan().SequenceEqual(key)) n++;
                     }

                     return n;
                 }
                 System.Func<byte[], bool> Matcher(byte[] key)
                 {
                     if (key == null) throw new System.ArgumentNullException(nameof(key));
                     return x => x != null && x.AsSpan().SequenceEqual(key);
                 }
             """, SystemAndLinq));

    /// <summary>With nullable analysis on, a non-nullable parameter or field is known non-null (the contract says so).</summary>
    [Fact]
    public Task Nullable_analysis_proves_non_nullable_arrays() => VerifyCore31(
        Wrap("""
                 private readonly byte[] _expected = new byte[4];
                 bool A(byte[] a, byte[] b) => a.[|SequenceEqual|](b);
                 bool B(byte[] actual) => _expected.[|SequenceEqual|](actual);
                 bool D(byte[]? a, byte[] b) => a is not null && a.[|SequenceEqual|](b);
                 bool E(bool flag, int[] a, int[] b, int[] c) => Enumerable.[|SequenceEqual|](flag ? a : b, c);
             """),
        Wrap("""
                 private readonly byte[] _expected = new byte[4];
                 bool A(byte[] a, byte[] b) => a.AsSpan().SequenceEqual(b);
                 bool B(byte[] actual) => _expected.AsSpan().SequenceEqual(actual);
                 bool D(byte[]? a, byte[] b) => a is not null && a.AsSpan().SequenceEqual(b);
                 bool E(bool flag, int[] a, int[] b, int[] c) => (flag ? a : b).AsSpan().SequenceEqual(c);
             """, SystemAndLinq));

    [Fact]
    public Task Named_arguments_without_side_effects_are_rewritten_in_parameter_order() => VerifyCore31(
        Wrap("    bool Same(int[] a, int[] b) => Enumerable.[|SequenceEqual|](second: b, first: a);"),
        Wrap("    bool Same(int[] a, int[] b) => a.AsSpan().SequenceEqual(b);", SystemAndLinq));

    [Fact]
    public Task Fix_all_rewrites_every_call_and_adds_one_using() => VerifyCore31(
        Wrap("""
                 bool A(int[] a, int[] b) => a.[|SequenceEqual|](b);
                 bool B(long[] a, long[] b) => /* keep */ Enumerable.[|SequenceEqual|](a, b) /* too */;
             """),
        Wrap("""
                 bool A(int[] a, int[] b) => a.AsSpan().SequenceEqual(b);
                 bool B(long[] a, long[] b) => /* keep */ a.AsSpan().SequenceEqual(b) /* too */;
             """, SystemAndLinq));

    /// <summary>
    /// From C# 14 a 'using System;' would rebind the file's other array.SequenceEqual calls to the span overload (null
    /// compared as empty): the fix names MemoryExtensions instead, and the unproven call keeps Enumerable's null check.
    /// </summary>
    [CSharpFact(14)]
    public Task Csharp_14_fix_names_memory_extensions_so_other_calls_keep_their_binding() => Languages.At(Languages.CSharp14, () => VerifyCore31WithoutNullable(
        Wrap("""
                 bool A(int[] a, int[] b) => a.Length == b.Length && a.[|SequenceEqual|](b);
                 bool B(int[] x, int[] y) => x.SequenceEqual(y);
             """),
        Wrap("""
                 bool A(int[] a, int[] b) => a.Length == b.Length && System.MemoryExtensions.SequenceEqual(System.MemoryExtensions.AsSpan(a), b);
                 bool B(int[] x, int[] y) => x.SequenceEqual(y);
             """)));

    [Fact]
    public Task Message_names_the_call_the_target_and_the_rewrite()
    {
        var test = Core31(Wrap("    bool Same(byte[] a, byte[] b) => a.{|#0:SequenceEqual|}(b);"));
        test.ExpectedDiagnostics.Add(RuleTest<PERF022UseSpanSequenceEqualForArraysAnalyzer, PERF022UseSpanSequenceEqualForArraysCodeFix>.Diagnostic()
            .WithLocation(0)
            .WithMessage("'a.SequenceEqual(b)' compares the arrays through their enumerators on .NET Core 3.1; use 'a.AsSpan().SequenceEqual(b)' instead"));
        return test.RunAsync();
    }

    [CSharpFact(14)]
    public Task Message_names_the_named_form_under_csharp_14() => Languages.At(Languages.CSharp14, () =>
    {
        var test = Core31(Wrap("    bool Same(byte[] a, byte[] b) => a.{|#0:SequenceEqual|}(b);"));
        test.ExpectedDiagnostics.Add(RuleTest<PERF022UseSpanSequenceEqualForArraysAnalyzer, PERF022UseSpanSequenceEqualForArraysCodeFix>.Diagnostic()
            .WithLocation(0)
            .WithMessage("'a.SequenceEqual(b)' compares the arrays through their enumerators on .NET Core 3.1; use 'System.MemoryExtensions.SequenceEqual(System.MemoryExtensions.AsSpan(a), b)' instead"));
        return test.RunAsync();
    });

    // ---- Target frameworks: both sides of .NET 6, and where the span SequenceEqual is missing ----

    [Theory]
    [InlineData("netcoreapp2.1", true)]
    [InlineData("netcoreapp3.0", true)]
    [InlineData("netcoreapp3.1", true)]
    [InlineData("net5.0", true)]
    [InlineData("netstandard2.1", true)]
    [InlineData("netstandard2.0", true)] // with System.Memory: the API is in the compilation
    [InlineData("net472", true)] // with System.Memory
    [InlineData("net6.0", false)]
    [InlineData("net8.0", false)]
    [InlineData("net10.0", false)]
    public Task Fires_only_before_net_6(string moniker, bool fires) =>
        Test(Wrap(fires ? "    bool Same(int[] a, int[] b) => a.[|SequenceEqual|](b);" : "    bool Same(int[] a, int[] b) => a.SequenceEqual(b);"))
            .WithTargetFramework(moniker)
            .RunAsync();

    [Fact]
    public Task Real_net_8_references_are_silent() => Verify(Wrap("    bool Same(int[] a, int[] b) => a.SequenceEqual(b);"));

    [Fact]
    public Task Real_net_10_references_are_silent() => Verify(Wrap("    bool Same(int[] a, int[] b) => Enumerable.SequenceEqual(a, b);"), references: TestReferences.Net100);

    [Fact]
    public Task Net_standard_2_0_without_system_memory_is_silent() => Verify(
        Wrap("    bool Same(int[] a, int[] b) => a.Length == b.Length && a.SequenceEqual(b);"),
        references: TestReferences.NetStandard20);

    [Fact]
    public Task Net_framework_without_system_memory_is_silent() => Verify(
        Wrap("    bool Same(int[] a, int[] b) => a.Length == b.Length && a.SequenceEqual(b);"),
        references: TestReferences.Net472);

    /// <summary>The System.Memory package on .NET Standard 2.0: its span types and MemoryExtensions, declared here in their shape.</summary>
    [Fact]
    public Task Net_standard_2_0_with_system_memory_fires()
    {
        var test = Test(
            Wrap("    bool Same(int[] a, int[] b) => a.Length == b.Length && a.[|SequenceEqual|](b);") + SystemMemory,
            Wrap("    bool Same(int[] a, int[] b) => a.Length == b.Length && a.AsSpan().SequenceEqual(b);", SystemAndLinq) + SystemMemory,
            TestReferences.NetStandard20);
        test.LanguageVersion = LanguageVersion.CSharp7_3; // netstandard2.0's default
        return test.RunAsync();
    }

    private const string SystemMemory = """

        namespace System
        {
            public readonly ref struct ReadOnlySpan<T>
            {
                public static implicit operator ReadOnlySpan<T>(T[] array) => default;
            }

            public readonly ref struct Span<T>
            {
            }

            public static class MemoryExtensions
            {
                public static Span<T> AsSpan<T>(this T[] array) => default;
                public static bool SequenceEqual<T>(this Span<T> span, ReadOnlySpan<T> other) where T : IEquatable<T> => true;
                public static bool SequenceEqual<T>(this ReadOnlySpan<T> span, ReadOnlySpan<T> other) where T : IEquatable<T> => true;
            }
        }

        """;

    [Fact]
    public Task Multi_targeted_project_keeps_the_enumerable_call_for_a_leg_without_spans()
    {
        var test = Test(
                Wrap("    bool Same(int[] a, int[] b) => a.[|SequenceEqual|](b);", SystemAndLinq),
                Wrap("""
                     #if NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER
                         bool Same(int[] a, int[] b) => a.AsSpan().SequenceEqual(b);
                     #else
                         bool Same(int[] a, int[] b) => a.SequenceEqual(b);
                     #endif
                     """, SystemAndLinq))
            .WithTargetFrameworks("netstandard2.0;net5.0", current: "net5.0");
        test.LanguageVersion = LanguageVersion.CSharp9; // net5.0's default: 'using System;' leaves the call on Enumerable
        return test.RunAsync();
    }

    [Fact]
    public Task Multi_targeted_project_where_every_leg_has_spans_gets_the_plain_fix()
    {
        var test = Test(
                Wrap("    bool Same(int[] a, int[] b) => a.[|SequenceEqual|](b);", SystemAndLinq),
                Wrap("    bool Same(int[] a, int[] b) => a.AsSpan().SequenceEqual(b);", SystemAndLinq))
            .WithTargetFrameworks("net5.0;net8.0", current: "net5.0");
        test.LanguageVersion = LanguageVersion.CSharp9;
        return test.RunAsync();
    }

    [Fact]
    public Task Multi_targeted_project_with_all_legs_is_silent_where_a_leg_lacks_spans()
    {
        var test = Test(Wrap("    bool Same(int[] a, int[] b) => a.SequenceEqual(b);")).WithTargetFrameworks("netstandard2.0;net5.0", current: "net5.0");
        test.Options["perf_analyzers.multi_targeting"] = "all_legs";
        return test.RunAsync();
    }

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF022UseSpanSequenceEqualForArraysAnalyzer, PERF022UseSpanSequenceEqualForArraysCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     bool A(int[] a, int[] b) => a.SequenceEqual();
                     bool B(int[] a, Missing b) => a.SequenceEqual(b);
                     bool D(int[] a, int[] b) => Enumerable.SequenceEqual(a, b, missing);
                     bool E(int[] a, int[] b) => a.Length == b.Length && a.SequenceEqual(b
                     bool F(int[] a) => a.SequenceEqual(
             """),
        },
        References = TestReferences.Net80,
        AllowCompilerErrors = true,
    }.WithTargetFramework("netcoreapp3.1").RunAsync();
}
