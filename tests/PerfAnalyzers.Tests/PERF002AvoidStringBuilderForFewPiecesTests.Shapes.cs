using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>#34: named and reordered arguments, const values, loop variants, lambdas and local functions.</summary>
public partial class PERF002AvoidStringBuilderForFewPiecesTests
{
    /// <summary>#34: named and reordered arguments (Append(value: x), new StringBuilder(capacity: n, value: s)), a lambda, a local function.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_arguments_lambdas_and_local_functions(LanguageVersion version) => Languages.At(version, () => Verify(
            Wrap("""
                     string Two(string a, string b) => [|new StringBuilder()|].Append(value: a).AppendLine(value: b).ToString();
                     string Three(string a, string b)
                     {
                         Func<string, string> f = x => [|new StringBuilder(capacity: 8, value: x)|].Append(value: b).ToString();
                         string Local(string y)
                         {
                             var sb = [|new StringBuilder(value: y, capacity: 16)|];
                             sb.Append(value: a);
                             return sb.ToString();
                         }

                         return f(a) + Local(b);
                     }
                 """),
            Wrap("""
                     string Two(string a, string b) => string.Concat(a, b, Environment.NewLine);
                     string Three(string a, string b)
                     {
                         Func<string, string> f = x => string.Concat(x, b);
                         string Local(string y)
                         {
                             return string.Concat(y, a);
                         }

                         return f(a) + Local(b);
                     }
                 """)));
}
