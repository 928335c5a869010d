using System.Linq;
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

/// <summary>
/// <see cref="MultiTargeting.TryCollectInactiveLines"/>: the inactive text read line by line from a file's characters
/// holds the same words as the disabled text of its syntax tree, or the reader declines (and the tree is walked).
/// </summary>
public class InactiveLinesTests
{
    public static TheoryData<string, string> Sources() => new()
    {
        { "#if DEBUG\nclass Debugged : Base { }\n#endif\nclass A { }\n", "" },
        { "#if DEBUG\nclass Debugged : Base { }\n#endif\nclass A { }\n", "DEBUG" },
        { "#if NET8_0 || NETSTANDARD2_0\nclass One { }\n#elif NET6_0\nclass Two { }\n#else\nclass Three { }\n#endif\n", "NET6_0" },
        { "#if NET8_0 || NETSTANDARD2_0\nclass One { }\n#elif NET6_0\nclass Two { }\n#else\nclass Three { }\n#endif\n", "NETSTANDARD2_0" },
        { "#if NET8_0 || NETSTANDARD2_0\nclass One { }\n#elif NET6_0\nclass Two { }\n#else\nclass Three { }\n#endif\n", "" },
        { "#if !(A && B) == true // a comment\nclass Neg { }\n#else\nclass Pos { }\n#endif\n", "A;B" },
        { "#if A != B\nclass Diff { }\n#endif\n", "A" },
        { "#if false\nclass Outer { }\n#if true\nclass Inner { }\n#endif\nclass After { }\n#region R\nclass InRegion { }\n#endregion\n#endif\n", "" },
        { "#define LOCAL\n#undef DEBUG\nusing System;\n#if LOCAL && !DEBUG\nclass Local { }\n#else\nclass NotLocal { }\n#endif\n", "DEBUG" },
        { "namespace N\n{\n    #region Members\n    class C\n    {\n        #if X\n        void M() { Old(); }\n        #else\n        void M() { New(); }\n        #endif\n    }\n    #endregion\n}\n", "" },
        { "class C\n{\n  void M()\n  {\n    var a = 1;\n\t#if X\n    Call(a);\n\t#elif Y\n    Other(a);\n\t#endif\n  }\n}\n", "Y" },
        { "#if X\r\nclass Crlf { }\r\n#endif\r\nclass Kept { }\r\n", "" },
        { "#if X\nclass Unterminated { }\n", "" },
        { "#if X\nclass A { }\n#endif\n#endif\n", "" },
        { "#if X +\nclass Odd { }\n#endif\n", "" },
        { "class V { string s = @\"\n#if X\n\"; }\n#if Y\nclass InY { }\n#endif\n", "" },
        { "/* \n#if X\n*/\n#if Y\nclass InY { }\n#endif\n", "" },
        { "class R { string s = \"\"\"\n#endif\n\"\"\"; }\n#if Y\nclass InY { }\n#endif\n", "" },
        { "class H { char c = '#'; string s = \"#if X\"; }\n#if Z\nclass InZ { }\n#endif\n", "" },
    };

    [Theory]
    [MemberData(nameof(Sources))]
    public void The_words_match_the_syntax_trees_disabled_text_or_the_reader_declines(string source, string symbols)
    {
        var options = new Microsoft.CodeAnalysis.CSharp.CSharpParseOptions(
            Microsoft.CodeAnalysis.CSharp.LanguageVersion.Latest,
            preprocessorSymbols: symbols.Split(new[] { ';' }, System.StringSplitOptions.RemoveEmptyEntries));
        var tree = Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText(source, options);
        var fromTree = Words(MultiTargeting.DisabledTextOf(tree.GetRoot()));
        var lines = new System.Text.StringBuilder("kept ");
        if (MultiTargeting.TryCollectInactiveLines(SourceText.From(source), new System.Collections.Generic.HashSet<string>(options.PreprocessorSymbolNames), lines))
        {
            Assert.Equal(fromTree, Words(lines.ToString().Substring("kept ".Length)));
        }
        else
        {
            // Declined: nothing appended, and only where the characters cannot answer (a multi-line token, an odd condition,
            // unbalanced directives).
            Assert.Equal("kept ", lines.ToString());
            Assert.True(source.Contains("@\"") || source.Contains("/*") || source.Contains("\"\"\"") || source.Contains("X +") || source.Contains("Unterminated") || source.EndsWith("#endif\n#endif\n"), source);
        }
    }

    /// <summary>The reader answers for the common files: conditions, nesting, #region, #define, CRLF.</summary>
    [Theory]
    [InlineData("#if A\nclass X { }\n#endif\n")]
    [InlineData("#region R\n#if !A && (B || C)\nclass X { }\n#elif D\n#else\n#endif\n#endregion\n")]
    [InlineData("#define A\r\n#if A\r\nclass X { }\r\n#endif\r\n")]
    public void The_reader_answers_for_plain_files(string source)
    {
        var text = new System.Text.StringBuilder();
        Assert.True(MultiTargeting.TryCollectInactiveLines(SourceText.From(source), new System.Collections.Generic.HashSet<string>(), text));
    }

    private static System.Collections.Generic.SortedSet<string> Words(string text) =>
        new(System.Text.RegularExpressions.Regex.Matches(text, @"\w+").Cast<System.Text.RegularExpressions.Match>().Select(m => m.Value), System.StringComparer.Ordinal);
}
