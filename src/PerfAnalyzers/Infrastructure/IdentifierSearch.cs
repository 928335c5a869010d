using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// The identifier tokens that spell a name in a piece of syntax, found by searching its text: a walk of every token (or
/// of every operation) would build the syntax of the whole scope, which costs more than the rules' own checks (a type's
/// private method callers for <see cref="ColdPath"/>, a local's uses in a long method for PERF027).
/// </summary>
internal static class IdentifierSearch
{
    /// <summary>
    /// Every identifier token in <paramref name="scope"/> whose value is <paramref name="name"/>, written plainly or
    /// with <c>@</c>. <paramref name="escapes"/>: the scope's text holds a Unicode escape (<c>\u</c>, <c>\U</c>), with
    /// which an identifier can spell the name without its letters; then only a walk is sure to find every one (a caller
    /// that must see every use walks instead; one that only looks for uses may go on).
    /// </summary>
    public static List<SyntaxToken> TokensNamed(SyntaxNode scope, string name, out bool escapes, CancellationToken cancellationToken)
    {
        var text = scope.SyntaxTree.GetText(cancellationToken);
        escapes = HasUnicodeEscape(text, scope.Span, cancellationToken);
        return TokensNamed(scope, text, name, cancellationToken);
    }

    /// <summary>
    /// The same tokens, for a caller that goes on whether or not a Unicode escape may hide one (<see cref="ColdPath"/>):
    /// the scope's text is not searched for escapes, two searches of a whole type for each private method it asks about.
    /// Measured 2026-11-28 (every private method of SharpZipLib looked up in its type, 241 searches, median of 40 passes;
    /// two runs with the files' text as strings, two read from the files as the compiler reads them): 11.7, 10.7, 11.7
    /// and 11.7 ms with the searches, 9.4, 8.7, 11.0 and 10.0 ms without.
    /// </summary>
    public static List<SyntaxToken> TokensNamed(SyntaxNode scope, string name, CancellationToken cancellationToken) =>
        TokensNamed(scope, scope.SyntaxTree.GetText(cancellationToken), name, cancellationToken);

    /// <summary>
    /// The text is read a chunk at a time into one small buffer. A copy of the whole scope, as this search made before,
    /// is a string as long as the type: SharpZipLib's <c>ZipFile</c> is 141 KB of text, and every string over 85 KB goes
    /// to the large object heap, whose allocations the runtime zeroes and counts toward a full collection. A build's
    /// sampled stacks (the compiler server, 2026-11-28) had those copies in 22 of the 166 samples taken inside the PERF
    /// analyzers on SharpZipLib; docs/performance.md has the figures.
    /// </summary>
    private static List<SyntaxToken> TokensNamed(SyntaxNode scope, SourceText text, string name, CancellationToken cancellationToken)
    {
        var found = new List<SyntaxToken>();
        var span = scope.Span;
        var root = scope.SyntaxTree.GetRoot(cancellationToken);
        foreach (var position in Occurrences(text, span, name, cancellationToken))
        {
            if ((position > span.Start && IsIdentifierChar(text[position - 1])) ||
                (position + name.Length < span.End && IsIdentifierChar(text[position + name.Length])))
            {
                continue;
            }

            var token = root.FindToken(position);
            if (token.IsKind(SyntaxKind.IdentifierToken) && token.ValueText == name &&
                (token.SpanStart == position || (token.SpanStart == position - 1 && token.Text[0] == '@')))
            {
                found.Add(token);
            }
        }

        return found;
    }

    /// <summary>Whether the span holds <c>\u</c> or <c>\U</c>.</summary>
    private static bool HasUnicodeEscape(SourceText text, TextSpan span, CancellationToken cancellationToken) =>
        Occurrences(text, span, "\\u", cancellationToken).Any() || Occurrences(text, span, "\\U", cancellationToken).Any();

    /// <summary>
    /// Where <paramref name="pattern"/> starts in the span, in order. The text is copied a chunk at a time into one
    /// buffer; a chunk is searched for every occurrence that starts and ends in it, and the next chunk starts at the first
    /// position where one could start and not end in this one, so each is found once.
    /// </summary>
    private static IEnumerable<int> Occurrences(SourceText text, TextSpan span, string pattern, CancellationToken cancellationToken)
    {
        if (pattern.Length == 0 || span.Length < pattern.Length)
        {
            yield break;
        }

        var buffer = new char[Math.Min(Math.Max(ChunkLength, 2 * pattern.Length), span.Length)];
        for (var start = span.Start; start <= span.End - pattern.Length;)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var count = Math.Min(buffer.Length, span.End - start);
            text.CopyTo(start, buffer, 0, count);
            var last = count - pattern.Length;
            for (var at = Array.IndexOf(buffer, pattern[0], 0, last + 1); at >= 0; at = at < last ? Array.IndexOf(buffer, pattern[0], at + 1, last - at) : -1)
            {
                if (Spells(buffer, at, pattern))
                {
                    yield return start + at;
                }
            }

            start += last + 1;
        }
    }

    private static bool Spells(char[] buffer, int at, string pattern)
    {
        for (var i = 1; i < pattern.Length; i++)
        {
            if (buffer[at + i] != pattern[i])
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Characters read per copy: 8 KB, far below the large object heap's 85 KB.</summary>
    private const int ChunkLength = 4096;

    private static bool IsIdentifierChar(char c) => char.IsLetterOrDigit(c) || c == '_';
}
