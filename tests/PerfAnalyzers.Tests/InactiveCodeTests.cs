using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// The disabled text of <c>#if</c> branches a build does not compile, which rules that decide from every use in the
/// compilation read for names (Infrastructure/MultiTargeting.cs). It is found from the file's '#' characters; these tests
/// hold that to the walk of every token carrying a directive, on the shapes that could tell them apart.
/// </summary>
public class InactiveCodeTests
{
    private const string Source = """
        using System;
        #region Types
        sealed class C
        {
            const string Hash = "#if NOT_A_DIRECTIVE"; // and a comment with # in it
        #if DEBUG
            int DebugOnly() => 1;
        #elif NETSTANDARD2_0
            int Standard() => "#".Length;
        #   else
            int Other() => 2;
        #endif
        #if OUTER
            int Outer() => 3;
        #if INNER
            int Inner() => 4;
        #endif
            #region Nested region in disabled code
            int AfterNested() => 5;
        #endif
        #pragma warning disable CS0168
        #if !OUTER
            int Active() => 6;
        #else
            int Else() => 7; #
        #endif
        }
        #endregion
        #if TRAILING
        sealed class AtTheEnd { }
        #endif
        """;

    [Theory]
    [InlineData("")]
    [InlineData("DEBUG")]
    [InlineData("NETSTANDARD2_0;OUTER")]
    [InlineData("OUTER;INNER;TRAILING")]
    public void Found_from_the_hash_signs_as_by_the_walk(string symbols)
    {
        var defined = symbols.Split(';', System.StringSplitOptions.RemoveEmptyEntries);
        var tree = CSharpSyntaxTree.ParseText(Source, new CSharpParseOptions(preprocessorSymbols: defined));
        var root = tree.GetRoot();

        var expected = MultiTargeting.DisabledText(root).Select(t => t.Span).OrderBy(s => s.Start).ToList(); // the walk goes last child first
        // A small buffer, so that '#' signs fall on both sides of chunk boundaries.
        var actual = MultiTargeting.InactiveRegions(tree, root, new char[7], default).Select(t => t.Span).ToList();

        Assert.NotEmpty(expected);
        Assert.Equal(expected, actual);
    }

    [Fact]
    public void A_tree_without_text_is_walked()
    {
        var parsed = CSharpSyntaxTree.ParseText(Source);
        var tree = CSharpSyntaxTree.Create((Microsoft.CodeAnalysis.CSharp.CSharpSyntaxNode)parsed.GetRoot());
        Assert.False(tree.TryGetText(out _));

        var root = tree.GetRoot();
        Assert.Equal(
            MultiTargeting.DisabledText(root).Select(t => t.Span).OrderBy(s => s.Start),
            MultiTargeting.InactiveRegions(tree, root, new char[64], default).Select(t => t.Span).OrderBy(s => s.Start));
    }
}
