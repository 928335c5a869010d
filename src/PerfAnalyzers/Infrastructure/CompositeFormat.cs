using System.Collections.Immutable;
using System.Text;

namespace PerfAnalyzers.Infrastructure;

/// <summary>One piece of a parsed composite format: literal text, or a placeholder (hole).</summary>
public sealed class FormatPart
{
    private FormatPart(string? text, int index, int alignment, string? format)
    {
        Text = text;
        Index = index;
        Alignment = alignment;
        Format = format;
    }

    /// <summary>The literal text with escapes resolved (<c>{{</c> is <c>{</c>), or null for a placeholder.</summary>
    public string? Text { get; }

    /// <summary>The argument index of a placeholder (-1 for text).</summary>
    public int Index { get; }

    /// <summary>The alignment (negative: left-justified), 0 when absent.</summary>
    public int Alignment { get; }

    /// <summary>The format string after ':' verbatim, or null when there is no ':'.</summary>
    public string? Format { get; }

    public bool IsText => Text is not null;

    /// <summary>A placeholder with neither alignment nor format string: <c>{n}</c>.</summary>
    public bool IsPlain => Text is null && Alignment == 0 && Format is null;

    public static FormatPart Literal(string text) => new(text, -1, 0, null);

    public static FormatPart Hole(int index, int alignment, string? format) => new(null, index, alignment, format);

    public override string ToString() =>
        IsText ? "text:" + Text : "{" + Index + (Alignment != 0 ? "," + Alignment : string.Empty) + (Format is not null ? ":" + Format : string.Empty) + "}";
}

/// <summary>
/// Parses a composite format string (<c>string.Format</c>'s grammar) at analysis time:
/// literal text with <c>{{</c> and <c>}}</c> escapes, and holes <c>{index[,alignment][:formatString]}</c> where the
/// index is ASCII digits (no leading space), spaces may follow the index, the comma and the width, the alignment is an
/// optional '-' and digits, and the format string runs to the next '}'. Anything that .NET would reject, or that
/// .NET Framework and .NET (Core) would read differently, is rejected: an index not below the argument count, a '{'
/// inside a format string (an error on .NET, an escape on .NET Framework), a hole with a format string whose closing
/// brace is followed by another '}' (.NET Framework reads <c>}}</c> as part of the format string), a width of a
/// million or more, a lone '}' in text, an unclosed hole.
/// </summary>
public static class CompositeFormat
{
    /// <summary>.NET rejects indexes and widths at or beyond this (IndexLimit / WidthLimit in the runtime).</summary>
    private const int Limit = 1_000_000;

    public static bool TryParse(string format, int argumentCount, out ImmutableArray<FormatPart> parts)
    {
        parts = default;
        if (format is null)
        {
            return false;
        }

        var builder = ImmutableArray.CreateBuilder<FormatPart>();
        var text = new StringBuilder();
        var pos = 0;
        var length = format.Length;
        while (pos < length)
        {
            var ch = format[pos++];
            if (ch == '}')
            {
                if (pos < length && format[pos] == '}')
                {
                    text.Append('}');
                    pos++;
                    continue;
                }

                return false; // a lone '}'
            }

            if (ch != '{')
            {
                text.Append(ch);
                continue;
            }

            if (pos < length && format[pos] == '{')
            {
                text.Append('{');
                pos++;
                continue;
            }

            // A hole: index.
            if (pos >= length || !IsDigit(format[pos]))
            {
                return false;
            }

            var index = 0;
            while (pos < length && IsDigit(format[pos]))
            {
                index = (index * 10) + (format[pos++] - '0');
                if (index >= Limit)
                {
                    return false;
                }
            }

            if (index >= argumentCount)
            {
                return false;
            }

            SkipSpaces(format, ref pos);
            var alignment = 0;
            if (pos < length && format[pos] == ',')
            {
                pos++;
                SkipSpaces(format, ref pos);
                var left = false;
                if (pos < length && format[pos] == '-')
                {
                    left = true;
                    pos++;
                }

                if (pos >= length || !IsDigit(format[pos]))
                {
                    return false;
                }

                var width = 0;
                while (pos < length && IsDigit(format[pos]))
                {
                    width = (width * 10) + (format[pos++] - '0');
                    if (width >= Limit)
                    {
                        return false;
                    }
                }

                SkipSpaces(format, ref pos);
                alignment = left ? -width : width;
            }

            if (pos >= length)
            {
                return false;
            }

            string? itemFormat = null;
            if (format[pos] == ':')
            {
                var start = ++pos;
                while (pos < length && format[pos] != '}')
                {
                    if (format[pos] == '{')
                    {
                        return false;
                    }

                    pos++;
                }

                if (pos >= length)
                {
                    return false;
                }

                itemFormat = format.Substring(start, pos - start);
                if (pos + 1 < length && format[pos + 1] == '}')
                {
                    return false; // ".NET Framework" would take "}}" as an escaped brace of the format string
                }
            }
            else if (format[pos] != '}')
            {
                return false;
            }

            pos++; // the closing '}'
            if (text.Length > 0)
            {
                builder.Add(FormatPart.Literal(text.ToString()));
                text.Clear();
            }

            builder.Add(FormatPart.Hole(index, alignment, itemFormat));
        }

        if (text.Length > 0)
        {
            builder.Add(FormatPart.Literal(text.ToString()));
        }

        parts = builder.ToImmutable();
        return true;
    }

    private static bool IsDigit(char c) => c >= '0' && c <= '9';

    private static void SkipSpaces(string format, ref int pos)
    {
        while (pos < format.Length && format[pos] == ' ')
        {
            pos++;
        }
    }
}
