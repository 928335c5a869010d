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
