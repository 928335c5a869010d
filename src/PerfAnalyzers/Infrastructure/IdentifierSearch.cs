using System;
using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

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
        var text = scope.SyntaxTree.GetText(cancellationToken).ToString(scope.Span);
        escapes = text.IndexOf("\\u", StringComparison.Ordinal) >= 0 || text.IndexOf("\\U", StringComparison.Ordinal) >= 0;
        return TokensNamed(scope, text, name, cancellationToken);
    }

    /// <summary>
    /// The same tokens, for a caller that goes on whether or not a Unicode escape may hide one (<see cref="ColdPath"/>):
    /// the scope's text is not searched for escapes, two searches of a whole type for each private method it asks about.
    /// Measured 2026-11-28 (every private method of SharpZipLib looked up in its type, 241 searches, median of 40 passes;
    /// two runs with the files' text as strings, two read from the files as the compiler reads them): 11.7, 10.7, 11.7
    /// and 11.7 ms with the searches, 9.4, 8.7, 11.0 and 10.0 ms without. Searching
    /// the file's own string between the scope's bounds instead of a copy of the scope was measured too and kept out:
    /// 10.1 and 10.5 ms, no better, since a large file's text (the compiler reads it as chunks) is copied whole.
    /// </summary>
    public static List<SyntaxToken> TokensNamed(SyntaxNode scope, string name, CancellationToken cancellationToken) =>
        TokensNamed(scope, scope.SyntaxTree.GetText(cancellationToken).ToString(scope.Span), name, cancellationToken);

    private static List<SyntaxToken> TokensNamed(SyntaxNode scope, string text, string name, CancellationToken cancellationToken)
    {
        var root = scope.SyntaxTree.GetRoot(cancellationToken);
        var found = new List<SyntaxToken>();
        for (var at = text.IndexOf(name, StringComparison.Ordinal); at >= 0; at = text.IndexOf(name, at + name.Length, StringComparison.Ordinal))
        {
            if ((at > 0 && IsIdentifierChar(text[at - 1])) || (at + name.Length < text.Length && IsIdentifierChar(text[at + name.Length])))
            {
                continue;
            }

            var position = scope.Span.Start + at;
            var token = root.FindToken(position);
            if (token.IsKind(SyntaxKind.IdentifierToken) && token.ValueText == name &&
                (token.SpanStart == position || (token.SpanStart == position - 1 && token.Text[0] == '@')))
            {
                found.Add(token);
            }
        }

        return found;
    }

    private static bool IsIdentifierChar(char c) => char.IsLetterOrDigit(c) || c == '_';
}
