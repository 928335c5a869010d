using System.Collections.Generic;
using System.Text;
using Microsoft.CodeAnalysis.Text;

namespace PerfAnalyzers.Tests.Infrastructure;

/// <summary>
/// Test markup: <c>[|text|]</c> marks a diagnostic of the rule under test; <c>{|PERF001:text|}</c> one of a given id.
/// Markers nest.
/// </summary>
public static class Markup
{
    public readonly record struct Span(string? Id, TextSpan TextSpan);

    public static (string Source, List<Span> Spans) Parse(string markup)
    {
        var text = new StringBuilder(markup.Length);
        var spans = new List<Span>();
        var open = new Stack<(string? Id, int Start)>();
        for (var i = 0; i < markup.Length; i++)
        {
            if (Starts(markup, i, "[|"))
            {
                open.Push((null, text.Length));
                i++;
            }
            else if (Starts(markup, i, "{|") && TryReadId(markup, i + 2, out var id, out var next))
            {
                open.Push((id, text.Length));
                i = next - 1;
            }
            else if (Starts(markup, i, "|]") || Starts(markup, i, "|}"))
            {
                var (spanId, start) = open.Pop();
                spans.Add(new Span(spanId, TextSpan.FromBounds(start, text.Length)));
                i++;
            }
            else
            {
                text.Append(markup[i]);
            }
        }

        if (open.Count != 0)
        {
            throw new System.ArgumentException("Unclosed markup span in test source.");
        }

        return (text.ToString(), spans);
    }

    private static bool Starts(string s, int i, string token) => string.CompareOrdinal(s, i, token, 0, token.Length) == 0;

    private static bool TryReadId(string s, int start, out string id, out int next)
    {
        var colon = s.IndexOf(':', start);
        id = colon > start ? s.Substring(start, colon - start) : string.Empty;
        next = colon + 1;
        if (id.Length == 0)
        {
            return false;
        }

        foreach (var c in id)
        {
            if (!char.IsLetterOrDigit(c))
            {
                return false;
            }
        }

        return true;
    }
}
