using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// <see cref="MultiTargeting.MayHaveIf"/>: the character test that spares rules the walk of files without <c>#if</c>. It may
/// answer yes for a file without one, never no for a file with one, wherever the chunks it reads the text in are cut.
/// </summary>
public class InactiveCodeTests
{
    [Theory]
    [InlineData("#if DEBUG\nclass A { }\n#endif\n", true)]
    [InlineData("class A\n{\n  #  if NET8_0\n  int x;\n  #endif\n}\n", true)]
    [InlineData("class A\n{\n\t#\tif X\n}\n", true)]
    [InlineData("#region Fields\nclass A { }\n#endregion\n", false)]
    [InlineData("class A { string s = \"#\"; }\n", false)]
    [InlineData("class A { }\n", false)]
    [InlineData("", false)]
    [InlineData("class A { } // #", false)]
    [InlineData("class A { } // #if in a comment is a maybe", true)]
    public void Tells_files_with_if_from_files_without(string source, bool expected) =>
        Assert.Equal(expected, MultiTargeting.MayHaveIf(SourceText.From(source), new char[8192]));

    /// <summary>A directive cut by a chunk's end is seen whole in the next chunk, for every place of the cut.</summary>
    [Fact]
    public void A_directive_across_a_chunk_boundary_is_found()
    {
        for (var padding = 0; padding < 300; padding++)
        {
            var source = new string('x', padding) + "\n#    if DEBUG\n#endif\n";
            Assert.True(MultiTargeting.MayHaveIf(SourceText.From(source), new char[100]), $"padding {padding}");
            var without = new string('x', padding) + "\n#    region A\n#endregion\n";
            Assert.False(MultiTargeting.MayHaveIf(SourceText.From(without), new char[100]), $"padding {padding}");
        }
    }
}
