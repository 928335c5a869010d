using System;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// Infrastructure/IdentifierSearch.cs finds a name's identifier tokens by reading the scope's text a chunk at a time
/// (4096 characters). These tests check it against a walk of every token: in long generated types where the name falls
/// on every offset around the chunk boundaries, next to lookalikes (longer names that contain it, the name in strings
/// and comments, <c>@name</c>), in text held whole (StringText) and in chunks as the compiler reads a large file
/// (LargeText), and the Unicode escape check across a boundary.
/// </summary>
public class IdentifierSearchTests
{
    private const string Name = "target";

    [Theory]
    [InlineData(1, false)]
    [InlineData(2, false)]
    [InlineData(3, false)]
    [InlineData(4, true)]
    [InlineData(5, true)]
    public void FindsTheSameTokensAsAWalk(int seed, bool largeText)
    {
        var random = new Random(seed);
        var code = new StringBuilder("using System;\n\nclass Before { int target; }\n\nclass C\n{\n");
        var lookalikes = new[] { "targets", "xtarget", "_target", "target1", "Target", "\"target\"", "/* target */", "// target\n", "@target", "target", "target" };
        for (var method = 0; code.Length < (largeText ? 120_000 : 30_000); method++)
        {
            code.Append("    int M").Append(method).Append("(int target)\n    {\n        var x = 0;\n");
            for (var line = 0; line < 8; line++)
            {
                // Padding of every length from 0 to 12 moves the names across the chunk boundaries.
                code.Append("        x += ").Append(new string(' ', random.Next(13)));
                var word = lookalikes[random.Next(lookalikes.Length)];
                code.Append(word switch
                {
                    "\"target\"" => "\"target\".Length",
                    "/* target */" => "/* target */ 1",
                    "// target\n" => "1; // target\n        x += 1",
                    "targets" or "xtarget" or "_target" or "target1" or "Target" => "F(" + word + ": 1)",
                    _ => word,
                });
                code.Append(";\n");
            }

            code.Append("        return x;\n    }\n\n");
        }

        code.Append("    static int F(int targets = 0, int xtarget = 0, int _target = 0, int target1 = 0, int Target = 0) => 0;\n}\n\nclass After { int target; }\n");
        var source = code.ToString();
        var text = largeText ? SourceText.From(new MemoryStream(Encoding.UTF8.GetBytes(source)), Encoding.UTF8) : SourceText.From(source);
        Assert.Equal(largeText, text.GetType().Name == "LargeText");
        var tree = CSharpSyntaxTree.ParseText(text);
        var type = tree.GetRoot().DescendantNodes().OfType<ClassDeclarationSyntax>().Single(c => c.Identifier.ValueText == "C");

        var expected = type.DescendantTokens().Where(t => t.IsKind(SyntaxKind.IdentifierToken) && t.ValueText == Name).Select(t => t.SpanStart).ToList();
        var found = IdentifierSearch.TokensNamed(type, Name, out var escapes, CancellationToken.None).Select(t => t.SpanStart).ToList();

        Assert.True(expected.Count > 100, $"only {expected.Count} uses generated");
        Assert.Equal(expected, found);
        Assert.Equal(expected, IdentifierSearch.TokensNamed(type, Name, CancellationToken.None).Select(t => t.SpanStart).ToList());
        Assert.False(escapes);
        // The types around it hold the name too; a scope's search stays inside the scope.
        Assert.DoesNotContain(found, start => !type.Span.Contains(start));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(4094)]
    [InlineData(4095)]
    [InlineData(4096)]
    [InlineData(8191)]
    public void SeesAUnicodeEscapeWhereverItFalls(int offset)
    {
        // The backslash lands `offset` characters into the class: the last character of a chunk, the first of the next.
        const string opening = "class C { int x = ";
        var escapeAt = Math.Max(offset, opening.Length + 8);
        var body = new StringBuilder(opening).Append("0; /*");
        body.Append('.', escapeAt - body.Length).Append("\\u0041 */ int y; }");
        var tree = CSharpSyntaxTree.ParseText(body.ToString());
        var type = tree.GetRoot().DescendantNodes().OfType<ClassDeclarationSyntax>().Single();

        IdentifierSearch.TokensNamed(type, "y", out var escapes, CancellationToken.None);

        Assert.True(escapes);
        var plain = CSharpSyntaxTree.ParseText(body.ToString().Replace("\\u0041", "\\x0041")).GetRoot().DescendantNodes().OfType<ClassDeclarationSyntax>().Single();
        Assert.Single(IdentifierSearch.TokensNamed(plain, "y", out var none, CancellationToken.None));
        Assert.False(none);
    }

    [Fact]
    public void AScopeShorterThanTheNameHasNone()
    {
        var tree = CSharpSyntaxTree.ParseText("class C { int a; }");
        var field = tree.GetRoot().DescendantNodes().OfType<VariableDeclaratorSyntax>().Single();

        Assert.Empty(IdentifierSearch.TokensNamed(field, "abc", CancellationToken.None));
        Assert.Single(IdentifierSearch.TokensNamed(field, "a", CancellationToken.None));
    }
}
