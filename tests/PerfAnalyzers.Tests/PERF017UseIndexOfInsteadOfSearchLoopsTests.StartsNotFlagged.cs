using System.Threading.Tasks;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Arrays;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>PERF017 from a start other than 0: the starts left alone, and broken code.</summary>
public partial class PERF017UseIndexOfInsteadOfSearchLoopsTests
{
    /// <summary>
    /// Starts the rewrite cannot take exactly: a negative constant; a backward loop down to a variable bound (a negative
    /// bound: the loop returns a match found before it reaches -1, the call throws) or from a variable start; a start
    /// read with side effects or that may change (a call, a property, a ref local, checked arithmetic, two variables),
    /// or that reads the searched value or the stored result.
    /// </summary>
    [Fact]
    public Task Start_lookalikes_are_not_flagged() => Verify(Wrap("""
            int Next() => 1;
            int Start { get; set; }
            int Negative(string s) { for (int i = -1; i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int NegativeBound(string s) { for (int i = s.Length - 1; i >= -1; i--) if (s[i] == ',') return i; return -1; }
            int DownToVariable(string s, int start) { for (int i = s.Length - 1; i >= start; i--) if (s[i] == ',') return i; return -1; }
            bool HasDownToVariable(string s, int start) { for (int i = s.Length - 1; i >= start; i--) if (s[i] == ',') return true; return false; }
            int LiteralDownToOne(string s) { for (int i = 15; i >= 1; i--) if (s[i] == ',') return i; return -1; }
            int LiteralBelowBound(string s) { for (int i = 1; i >= 2; i--) if (s[i] == ',') return i; return -1; }
            int BackFromProperty(string s) { for (int i = Start; i >= 0; i--) if (s[i] == ',') return i; return -1; }
            int BackFromOtherLength(string s, string t) { for (int i = t.Length - 2; i >= 0; i--) if (s[i] == ',') return i; return -1; }
            int FromOtherLength(string s, string t) { for (int i = t.Length - 2; i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int FromCall(string s) { for (int i = Next(); i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int FromProperty(string s) { for (int i = Start; i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int FromRef(string s, ref int start) { for (int i = start; i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int Checked(string s, int pos) { for (int i = checked(pos + 1); i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int TwoVariables(string s, int pos, int skip) { for (int i = pos + skip; i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int FromLength(string s) { for (int i = s.Length / 2; i < s.Length; i++) if (s[i] == ',') return i; return -1; }
            int FromElement(int[] a) { for (int i = a[0]; i < a.Length; i++) if (a[i] == 7) return i; return -1; }
            int FromResult(string s) { int found = -1; for (int i = found + 1; i < s.Length; i++) if (s[i] == ',') { found = i; break; } return found; }
            int OtherBound(string s, string t, int start) { for (int i = start; i < t.Length; i++) if (s[i] == ',') return i; return -1; }
            int Floats(float[] f, int start) { for (int i = start; i < f.Length; i++) if (f[i] == 1f) return i; return -1; }
            int Step2(string s, int start) { for (int i = start; i < s.Length; i += 2) if (s[i] == ',') return i; return -1; }
        """));

    [Fact]
    public Task Broken_start_loops_do_not_crash() => new RuleTest<PERF017UseIndexOfInsteadOfSearchLoopsAnalyzer, PERF017UseIndexOfInsteadOfSearchLoopsCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     int A(string s, int start)
                     {
                         for (int i = start; i < s.Length; i++) if (s[i] == ) return i;
                         for (int i = missing; i < s.Length; i++) if (s[i] == ',') return i;
                         for (int i = start + ; i < s.Length; i++) if (s[i] == ',' || s[i] == ';') return i;
                         for (int i = s.Length - 1; i >= ; i--) if (s[i] == ',') return i;
                         return -1;
                     }
             """),
        },
        References = TestReferences.Net80,
        AllowCompilerErrors = true,
    }.RunAsync();
}
