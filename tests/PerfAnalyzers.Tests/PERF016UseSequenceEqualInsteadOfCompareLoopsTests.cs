using System;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF016UseSequenceEqualInsteadOfCompareLoopsTests : RuleTests<PERF016UseSequenceEqualInsteadOfCompareLoopsAnalyzer, PERF016UseSequenceEqualInsteadOfCompareLoopsCodeFix>
{
    private const string Header = "using System;\n\n";

    private static string Wrap(string members) => Header + "sealed class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    /// <summary>The bound written first (<c>x.Length &gt; i</c>) and the step <c>i += 1</c> (issue #34).</summary>
    [Fact]
    public Task Bound_written_first_is_the_same_loop() => Verify(
        Wrap("""
                 bool SameInts(int[] x, int[] y)
                 {
                     if (y.Length != x.Length) return false;
                     [|for (int i = 0; x.Length > i; i += 1)|] if (x[i] != y[i]) return false;
                     return true;
                 }
             """),
        Wrap("""
                 bool SameInts(int[] x, int[] y)
                 {
                     return x.AsSpan().SequenceEqual(y);
                 }
             """));

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Compare_loops_become_SequenceEqual(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 bool Same(byte[] a, byte[] b)
                 {
                     // lengths first
                     if (a.Length != b.Length)
                     {
                         return false;
                     }

                     [|for (int i = 0; i < a.Length; i++)|]
                     {
                         if (a[i] != b[i])
                         {
                             return false;
                         }
                     }

                     return true;
                 }

                 bool SameInts(int[] x, int[] y)
                 {
                     if (y.Length != x.Length) return false;
                     [|for (int i = 0; i < y.Length; i++)|] if (x[i] != y[i]) return false;
                     return true;
                 }

                 bool SameSpans(ReadOnlySpan<char> x, ReadOnlySpan<char> y)
                 {
                     if (x.Length != y.Length) return false;
                     [|for (int i = 0; i < x.Length; i++)|] if (x[i] != y[i]) return false;
                     return true;
                 }
             """),
        Wrap("""
                 bool Same(byte[] a, byte[] b)
                 {
                     // lengths first
                     return a.AsSpan().SequenceEqual(b);
                 }

                 bool SameInts(int[] x, int[] y)
                 {
                     return x.AsSpan().SequenceEqual(y);
                 }

                 bool SameSpans(ReadOnlySpan<char> x, ReadOnlySpan<char> y)
                 {
                     return x.SequenceEqual(y);
                 }
             """)));

    /// <summary>The flag-and-break form (issue #34): a flag declared true, cleared with a break, returned after the loop.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task The_flag_and_break_form_becomes_SequenceEqual(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 bool Same(int[] a, int[] b)
                 {
                     if (a.Length != b.Length) return false;
                     bool equal = true;
                     [|for (int i = 0; i < a.Length; i++)|]
                     {
                         if (a[i] != b[i])
                         {
                             equal = false;
                             break;
                         }
                     }

                     return equal;
                 }
             """),
        Wrap("""
                 bool Same(int[] a, int[] b)
                 {
                     return a.AsSpan().SequenceEqual(b);
                 }
             """)));

    /// <summary>A flag read elsewhere, declared apart from the loop, set without leaving, started false or set true, or without the length check: left alone.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Flag_lookalikes_are_not_flagged(LanguageVersion version) => Languages.At(version, () => Verify(Wrap("""
            bool _last;

            bool ReadAgain(int[] a, int[] b)
            {
                if (a.Length != b.Length) return false;
                bool equal = true;
                for (int i = 0; i < a.Length; i++) { if (a[i] != b[i]) { equal = false; break; } }
                _last = equal;
                return equal;
            }

            bool NoBreak(int[] a, int[] b)
            {
                if (a.Length != b.Length) return false;
                bool equal = true;
                for (int i = 0; i < a.Length; i++) { if (a[i] != b[i]) { equal = false; } }
                return equal;
            }

            bool StartsFalse(int[] a, int[] b)
            {
                if (a.Length != b.Length) return false;
                bool equal = false;
                for (int i = 0; i < a.Length; i++) { if (a[i] != b[i]) { equal = false; break; } }
                return equal;
            }

            bool SetsTrue(int[] a, int[] b)
            {
                if (a.Length != b.Length) return false;
                bool equal = true;
                for (int i = 0; i < a.Length; i++) { if (a[i] != b[i]) { equal = true; break; } }
                return equal;
            }

            bool DeclaredApart(int[] a, int[] b)
            {
                bool equal = true;
                if (a.Length != b.Length) return false;
                _last = false;
                for (int i = 0; i < a.Length; i++) { if (a[i] != b[i]) { equal = false; break; } }
                return equal;
            }

            bool NoLengthCheck(int[] a, int[] b)
            {
                bool equal = true;
                for (int i = 0; i < a.Length; i++) { if (a[i] != b[i]) { equal = false; break; } }
                return equal;
            }

            bool ReturnsNegated(int[] a, int[] b)
            {
                if (a.Length != b.Length) return false;
                bool differ = true;
                for (int i = 0; i < a.Length; i++) { if (a[i] != b[i]) { differ = false; break; } }
                return !differ;
            }

            bool Doubles(double[] a, double[] b)
            {
                if (a.Length != b.Length) return false;
                bool equal = true;
                for (int i = 0; i < a.Length; i++) { if (a[i] != b[i]) { equal = false; break; } }
                return equal;
            }
        """)));

    [Fact]
    public Task Without_a_using_the_fix_adds_it() => Verify(
        "sealed class C\n{\n    bool Same(byte[] a, byte[] b)\n    {\n        if (a.Length != b.Length) return false;\n        [|for (int i = 0; i < a.Length; i++)|] if (a[i] != b[i]) return false;\n        return true;\n    }\n}\n",
        "using System;\n\nsealed class C\n{\n    bool Same(byte[] a, byte[] b)\n    {\n        return a.AsSpan().SequenceEqual(b);\n    }\n}\n");

    /// <summary>Before and after answer the same on random inputs: equal, different lengths, one element changed.</summary>
    [Fact]
    public void The_fixed_code_gives_the_same_answer()
    {
        using var code = LoadedCode.Compile(Header + """
            public static class P
            {
                public static bool Before(byte[] a, byte[] b) { if (a.Length != b.Length) return false; for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false; return true; }
                public static bool After(byte[] a, byte[] b) => a.AsSpan().SequenceEqual(b);
                public static bool Flag(byte[] a, byte[] b) { if (a.Length != b.Length) return false; bool equal = true; for (int i = 0; i < a.Length; i++) { if (a[i] != b[i]) { equal = false; break; } } return equal; }
            }
            """);
        var random = new Random(16);
        for (var run = 0; run < 300; run++)
        {
            var a = new byte[random.Next(0, 80)];
            random.NextBytes(a);
            var b = (byte[])a.Clone();
            switch (run % 3)
            {
                case 1 when b.Length > 0: b[random.Next(b.Length)] ^= (byte)random.Next(1, 256); break;
                case 2: Array.Resize(ref b, b.Length + 1); break;
            }

            Assert.Equal(code.Invoke("Before", a, b), code.Invoke("After", a, b));
            Assert.Equal(code.Invoke("Flag", a, b), code.Invoke("After", a, b));
        }
    }

    [Fact]
    public Task Multi_targeted_project_keeps_the_loop_for_other_legs() => Test(
            Wrap("""
                     bool Same(int[] a, int[] b)
                     {
                         if (a.Length != b.Length) return false;
                         [|for (int i = 0; i < a.Length; i++)|] if (a[i] != b[i]) return false;
                         return true;
                     }
                 """),
            Wrap("""
                 #if NETCOREAPP3_0_OR_GREATER
                     bool Same(int[] a, int[] b)
                     {
                         return a.AsSpan().SequenceEqual(b);
                     }
                 #else
                     bool Same(int[] a, int[] b)
                     {
                         if (a.Length != b.Length) return false;
                         for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false;
                         return true;
                     }
                 #endif
                 """),
            TestReferences.Net100)
        .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
        .RunAsync();

    // ---- Must not flag ----

    [Fact]
    public Task Lookalikes_are_not_flagged() => Verify(Wrap("""
            int _count;
            bool A(double[] a, double[] b) { if (a.Length != b.Length) return false; for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false; return true; }
            bool B(int[] a, int[] b) { for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false; return true; }
            int Cx(int[] a, int[] b) { if (a.Length != b.Length) return -1; for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return i; return -1; }
            bool D(int[] a, int[] b) { if (a.Length != b.Length) return false; for (int i = 0; i < a.Length; i++) { _count++; if (a[i] != b[i]) return false; } return true; }
            bool E(int[] a, int[] b, int s) { if (a.Length != b.Length) return false; for (int i = s; i < a.Length; i++) if (a[i] != b[i]) return false; return true; }
            bool E2(int[] a, int[] b) { if (a.Length != b.Length) return false; for (int i = -1; i < a.Length; i++) if (a[i] != b[i]) return false; return true; }
            bool E3(int[] a, int[] b) { for (int i = 1; i < a.Length; i++) if (a[i] != b[i]) return false; return true; }
            bool F(int[] a, int[] b, int[] c) { if (a.Length != c.Length) return false; for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false; return true; }
            bool G(int[] a, long[] b) { if (a.Length != b.Length) return false; for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false; return true; }
            bool H(decimal[] a, decimal[] b) { if (a.Length != b.Length) return false; for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false; return true; }
            bool I(int[] a, int[] b) { if (a.Length != b.Length) return false; for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false; return false; }
            """));

    [Theory]
    [InlineData(TestReferences.Net472)]
    [InlineData(TestReferences.NetStandard20)]
    public Task Silent_where_nothing_was_measured(TestReferences references) => Verify(
        Wrap("    bool Same(int[] a, int[] b) { if (a.Length != b.Length) return false; for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false; return true; }"),
        references: references);
}
