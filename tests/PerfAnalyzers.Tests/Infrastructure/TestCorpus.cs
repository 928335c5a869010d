using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace PerfAnalyzers.Tests.Infrastructure;

/// <summary>
/// Real C# for robustness and determinism tests: the sample files, and every C# snippet embedded in the rule tests
/// (string literals that declare a type), with their markup removed.
/// </summary>
public static class TestCorpus
{
    private static readonly Lazy<IReadOnlyList<(string Name, string Source)>> All = new(Load);

    public static IReadOnlyList<(string Name, string Source)> Sources => All.Value;

    private static IReadOnlyList<(string Name, string Source)> Load()
    {
        var sources = new List<(string, string)>();
        foreach (var file in Directory.GetFiles(Repository.Path("samples"), "*.cs", SearchOption.AllDirectories).Where(f => !f.Contains("/obj/") && !f.Contains("/bin/")).OrderBy(f => f, StringComparer.Ordinal))
        {
            sources.Add((Path.GetFileName(file), File.ReadAllText(file)));
        }

        foreach (var file in Directory.GetFiles(Repository.Path("tests", "PerfAnalyzers.Tests"), "PERF*Tests.cs").OrderBy(f => f, StringComparer.Ordinal))
        {
            var tree = CSharpSyntaxTree.ParseText(File.ReadAllText(file));
            var index = 0;
            foreach (var token in tree.GetRoot().DescendantTokens())
            {
                if (token.IsKind(SyntaxKind.StringLiteralToken) || token.IsKind(SyntaxKind.MultiLineRawStringLiteralToken) || token.IsKind(SyntaxKind.SingleLineRawStringLiteralToken))
                {
                    var text = token.ValueText;
                    var declaresType = text.Contains("class ", StringComparison.Ordinal) || text.Contains("struct ", StringComparison.Ordinal);
                    if (!declaresType && text.Length > 20 && (text.Contains("=>", StringComparison.Ordinal) || text.Contains(';', StringComparison.Ordinal)))
                    {
                        // A snippet of members: wrap it the way the rule tests do.
                        text = "using System;\nusing System.IO;\nusing System.Text;\nusing System.Threading.Tasks;\n\nclass C\n{\n" + text + "\n}\n";
                        declaresType = true;
                    }

                    if (declaresType)
                    {
                        try
                        {
                            Microsoft.CodeAnalysis.Testing.TestFileMarkupParser.GetSpans(text, out var plain, out System.Collections.Immutable.ImmutableDictionary<string, System.Collections.Immutable.ImmutableArray<Microsoft.CodeAnalysis.Text.TextSpan>> _);
                            sources.Add((Path.GetFileNameWithoutExtension(file) + "#" + index++, plain));
                        }
                        catch (ArgumentException)
                        {
                            // Not markup after all (an unbalanced "|]" in a string): skip.
                        }
                        catch (InvalidOperationException)
                        {
                        }
                    }
                }
            }
        }

        return sources;
    }
}
