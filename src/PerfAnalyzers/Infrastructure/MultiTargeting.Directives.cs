using System;
using System.Collections.Generic;
using System.Text;
using Microsoft.CodeAnalysis.Text;

namespace PerfAnalyzers.Infrastructure;

public static partial class MultiTargeting
{
    /// <summary>
    /// The inactive text of one file read from its characters, line by line, as the compiler's preprocessor reads it:
    /// each line that starts with <c>#</c> (after blanks) is a directive, <c>#if</c>/<c>#elif</c> conditions are evaluated
    /// against <paramref name="defined"/> (not changed: copied when the file has its own) and the file's own <c>#define</c>/<c>#undef</c>, and the lines between
    /// directives in a branch not taken are appended to <paramref name="into"/> (directive lines are not, as the syntax
    /// tree keeps them apart from the disabled text). It reads the file's own string (no copy where the text holds one) and searches it for <c>#</c>,
    /// where the syntax walk (<see cref="DisabledText"/>) descends through every node that holds a <c>#region</c> (NLog's
    /// 215 files with directives, inside PERF004: 1.3-1.8 ms, against 1.9-2.7 ms for the walk and 0.6 ms for the <c>#if</c>
    /// test before it; 2026-11-27, docs/rules/PERF004.md). Until 2026-11-28 it copied each file's characters into a
    /// buffer first: the whole check over NLog's trees, alone in a loop (median of 200 runs, two runs each), read 1.09
    /// and 1.34 ms with the copy, 0.93 and 1.07 ms without.
    /// <para>
    /// False, with nothing appended, wherever the characters cannot answer for the compiler and the caller walks the tree
    /// instead: a block comment, a verbatim or raw string (a line inside one that starts with <c>#</c> is no directive),
    /// a condition this reader does not parse, an <c>#elif</c>, <c>#else</c> or <c>#endif</c> without its <c>#if</c>, an
    /// <c>#if</c> without its <c>#endif</c>.
    /// </para>
    /// </summary>
    internal static bool TryCollectInactiveLines(SourceText text, HashSet<string> defined, StringBuilder into)
    {
        // The file's own string where the text holds one (a file read from disk or a string: no copy), else one copy.
        var chars = text.ToString();
        var length = chars.Length;
        if (HasMultiLineToken(chars))
        {
            return false;
        }

        var start = into.Length;
        var symbols = defined;
        var frames = new Stack<Frame>();
        var active = true;
        var segment = 0;
        for (var at = chars.IndexOf('#'); at >= 0; at = at + 1 < length ? chars.IndexOf('#', at + 1) : -1)
        {
            if (!StartsLine(chars, at))
            {
                continue;
            }

            var lineStart = at;
            while (lineStart > 0 && chars[lineStart - 1] is ' ' or '\t')
            {
                lineStart--;
            }

            var lineEnd = at;
            while (lineEnd < length && chars[lineEnd] is not ('\r' or '\n'))
            {
                lineEnd++;
            }

            if (!active)
            {
                into.Append(chars, segment, lineStart - segment).Append('\n');
            }

            segment = lineEnd;
            var word = at + 1;
            while (word < lineEnd && chars[word] is ' ' or '\t')
            {
                word++;
            }

            var wordEnd = word;
            while (wordEnd < lineEnd && char.IsLetter(chars[wordEnd]))
            {
                wordEnd++;
            }

            var keyword = chars.Substring(word, wordEnd - word);
            var condition = new Condition(chars, wordEnd, lineEnd);
            if (keyword is "elif" or "else" or "endif" && frames.Count == 0)
            {
                return Undo(into, start);
            }

            switch (keyword)
            {
                case "if":
                    // A condition is evaluated only where the compiler would take its branch (not inside one not taken).
                    if ((active ? Evaluate(ref condition, symbols) : false) is not { } value)
                    {
                        return Undo(into, start);
                    }

                    frames.Push(new Frame(active, value));
                    active = value;
                    break;
                case "elif":
                    var chain = frames.Pop();
                    if ((chain.ParentActive && !chain.Taken ? Evaluate(ref condition, symbols) : false) is not { } taken)
                    {
                        return Undo(into, start);
                    }

                    frames.Push(new Frame(chain.ParentActive, chain.Taken || taken));
                    active = taken;
                    break;
                case "else":
                    var branches = frames.Pop();
                    frames.Push(new Frame(branches.ParentActive, taken: true));
                    active = branches.ParentActive && !branches.Taken;
                    break;
                case "endif":
                    active = frames.Pop().ParentActive;
                    break;
                case "define" or "undef" when active:
                    if (condition.Identifier() is not { } symbol)
                    {
                        return Undo(into, start);
                    }

                    if (ReferenceEquals(symbols, defined))
                    {
                        symbols = new HashSet<string>(defined, defined.Comparer);
                    }

                    if (keyword == "define")
                    {
                        symbols.Add(symbol);
                    }
                    else
                    {
                        symbols.Remove(symbol);
                    }

                    break;
            }
        }

        if (frames.Count != 0)
        {
            return Undo(into, start);
        }

        return true;
    }

    private static bool Undo(StringBuilder into, int start)
    {
        into.Length = start;
        return false;
    }

    /// <summary>Whether only blanks stand between the line's start (or the file's) and <paramref name="at"/>.</summary>
    private static bool StartsLine(string chars, int at)
    {
        for (var i = at - 1; i >= 0; i--)
        {
            switch (chars[i])
            {
                case ' ' or '\t':
                    continue;
                case '\r' or '\n':
                    return true;
                default:
                    return false;
            }
        }

        return true;
    }

    /// <summary>A block comment, verbatim string (<c>@"</c>, <c>$@"</c>, <c>@$"</c>) or raw string (<c>"""</c>): a token that may span lines.</summary>
    private static bool HasMultiLineToken(string chars)
    {
        // Two searches (vectorized where the runtime has them): '@' and '*' are rare enough to check one by one, and one
        // substring search finds '"""'; a loop over each '"' cost more than the rest of the reader.
        var length = chars.Length;
        for (var at = chars.IndexOfAny(MultiLineStarts); at >= 0; at = at + 1 < length ? chars.IndexOfAny(MultiLineStarts, at + 1) : -1)
        {
            if (chars[at] == '*' ? at > 0 && chars[at - 1] == '/' : NextIsQuote(chars, at + 1) || (at + 1 < length && chars[at + 1] == '$' && NextIsQuote(chars, at + 2)))
            {
                return true;
            }
        }

        return chars.IndexOf("\"\"\"", StringComparison.Ordinal) >= 0;
    }

    private static readonly char[] MultiLineStarts = { '@', '*' };

    private static bool NextIsQuote(string chars, int at) => at < chars.Length && chars[at] == '"';

    private readonly struct Frame(bool parentActive, bool taken)
    {
        /// <summary>Whether the code around the <c>#if</c> is compiled.</summary>
        public bool ParentActive { get; } = parentActive;

        /// <summary>Whether a branch of this <c>#if</c> chain has been taken (the rest are not).</summary>
        public bool Taken { get; } = taken;
    }

    /// <summary>
    /// A directive's condition: <c>||</c>, <c>&amp;&amp;</c>, <c>==</c>, <c>!=</c>, <c>!</c>, parentheses, <c>true</c>,
    /// <c>false</c> and symbols, then an optional <c>//</c> comment. Anything else is not parsed (the caller walks the tree).
    /// </summary>
    /// <returns>The condition's value, or null where it is not parsed.</returns>
    private static bool? Evaluate(ref Condition condition, HashSet<string> symbols)
    {
        var ok = true;
        var value = condition.Or(symbols, ref ok);
        return ok && condition.AtEnd() ? value : null;
    }

    private struct Condition(string chars, int position, int end)
    {
        private int position = position;

        public bool Or(HashSet<string> symbols, ref bool ok)
        {
            var value = And(symbols, ref ok);
            while (ok && Take("||"))
            {
                value |= And(symbols, ref ok);
            }

            return value;
        }

        private bool And(HashSet<string> symbols, ref bool ok)
        {
            var value = Equality(symbols, ref ok);
            while (ok && Take("&&"))
            {
                value &= Equality(symbols, ref ok);
            }

            return value;
        }

        private bool Equality(HashSet<string> symbols, ref bool ok)
        {
            var value = Unary(symbols, ref ok);
            while (ok)
            {
                if (Take("=="))
                {
                    value = value == Unary(symbols, ref ok);
                }
                else if (Take("!="))
                {
                    value = value != Unary(symbols, ref ok);
                }
                else
                {
                    break;
                }
            }

            return value;
        }

        private bool Unary(HashSet<string> symbols, ref bool ok)
        {
            if (Take("!"))
            {
                return !Unary(symbols, ref ok);
            }

            if (Take("("))
            {
                var value = Or(symbols, ref ok);
                ok &= Take(")");
                return value;
            }

            switch (Identifier())
            {
                case null:
                    ok = false;
                    return false;
                case "true":
                    return true;
                case "false":
                    return false;
                case { } symbol:
                    return symbols.Contains(symbol);
            }
        }

        /// <summary>The next identifier (letters, digits, underscores, not starting with a digit), or null.</summary>
        public string? Identifier()
        {
            SkipBlanks();
            var first = position;
            while (position < end && (char.IsLetterOrDigit(chars[position]) || chars[position] == '_'))
            {
                position++;
            }

            return position == first || char.IsDigit(chars[first]) ? null : chars.Substring(first, position - first);
        }

        /// <summary>Only blanks, or a <c>//</c> comment, are left.</summary>
        public bool AtEnd()
        {
            SkipBlanks();
            return position == end || (position + 1 < end && chars[position] == '/' && chars[position + 1] == '/');
        }

        private bool Take(string token)
        {
            SkipBlanks();
            if (position + token.Length > end)
            {
                return false;
            }

            for (var i = 0; i < token.Length; i++)
            {
                if (chars[position + i] != token[i])
                {
                    return false;
                }
            }

            // '!' is not the start of '!=' (handled by Equality before Unary is asked again).
            if (token == "!" && position + 1 < end && chars[position + 1] == '=')
            {
                return false;
            }

            position += token.Length;
            return true;
        }

        private void SkipBlanks()
        {
            while (position < end && chars[position] is ' ' or '\t')
            {
                position++;
            }
        }
    }
}
