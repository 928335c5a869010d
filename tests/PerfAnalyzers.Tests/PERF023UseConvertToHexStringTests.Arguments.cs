using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>#34: a discarded append, named arguments to Select, Join and Concat in any order.</summary>
public partial class PERF023UseConvertToHexStringTests
{
    /// <summary>#34: a discarded append (<c>_ = sb.Append(...)</c>, IDE0058's style) is the same shape; the discard stays.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Discarded_appends_are_the_same_shape(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 string M(byte[] bytes, StringBuilder sb)
                 {
                     [|foreach (var b in bytes)|]
                         _ = sb.Append(b.ToString("X2"));
                     [|for (int i = 0; i < bytes.Length; i++)|] { _ = sb.AppendFormat("{0:X2}", bytes[i]); }
                     foreach (var b in bytes) _ = sb.Append(b.ToString("X2")).Append('-');   // a separator
                     foreach (var b in bytes) _ = sb.Append(b.ToString("X4"));               // another width
                     return sb.ToString();
                 }
             """),
        Wrap("""
                 string M(byte[] bytes, StringBuilder sb)
                 {
                     _ = sb.Append(Convert.ToHexString(bytes));
                     _ = sb.Append(Convert.ToHexString(bytes));
                     foreach (var b in bytes) _ = sb.Append(b.ToString("X2")).Append('-');   // a separator
                     foreach (var b in bytes) _ = sb.Append(b.ToString("X4"));               // another width
                     return sb.ToString();
                 }
             """)));

    /// <summary>#34: named arguments to Select (selector:, source:), Join and Concat (separator:, values:), in any order.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_arguments_in_any_order_are_the_same_call(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 string M(byte[] bytes, byte[] key)
                 {
                     var a = [|string.Concat(values: bytes.Select(selector: b => b.ToString("X2")))|];
                     var b2 = [|string.Join(values: bytes.Select(b => b.ToString("X2")), separator: "")|];
                     var c = [|string.Join(separator: string.Empty, values: Enumerable.Select(selector: (byte x) => x.ToString("X2"), source: key))|];
                     var d = [|string.Concat(Enumerable.Select(source: key, selector: x => x.ToString("X2")))|];
                     var e = [|string.Concat(values: Enumerable.Select(selector: x => $"{x:X2}", source: bytes).ToArray())|];
                     var f = string.Join(values: bytes.Select(b => b.ToString("X2")), separator: "-");             // a separator
                     var g = string.Concat(values: Enumerable.Select(selector: (byte x, int i) => x.ToString("X2"), source: key)); // with the index
                     return a + b2 + c + d + e + f + g;
                 }
             """),
        Wrap("""
                 string M(byte[] bytes, byte[] key)
                 {
                     var a = Convert.ToHexString(bytes);
                     var b2 = Convert.ToHexString(bytes);
                     var c = Convert.ToHexString(key);
                     var d = Convert.ToHexString(key);
                     var e = Convert.ToHexString(bytes);
                     var f = string.Join(values: bytes.Select(b => b.ToString("X2")), separator: "-");             // a separator
                     var g = string.Concat(values: Enumerable.Select(selector: (byte x, int i) => x.ToString("X2"), source: key)); // with the index
                     return a + b2 + c + d + e + f + g;
                 }
             """)));
}
