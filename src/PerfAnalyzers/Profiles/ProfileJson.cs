using System;
using System.Globalization;
using System.Text;

namespace PerfAnalyzers.Profiles;

/// <summary>
/// A pull reader for the profile file (<c>perf-profile.json</c>): the analyzers ship with nothing but Roslyn, so they
/// cannot use System.Text.Json, and the file is read once per compilation, so reading it must cost next to nothing.
/// It reads values straight into the caller's fields: property names are matched in place against the names the caller
/// knows (no string made for them), whole numbers are read without a substring, and values the caller does not ask for
/// are skipped. Anything malformed throws <see cref="FormatException"/> with the offset.
/// </summary>
internal sealed class ProfileJson
{
    private readonly string _text;
    private int _position;

    public ProfileJson(string text) => _text = text;

    /// <summary>Moves into an object (<c>{</c>).</summary>
    public void BeginObject() => Expect('{');

    /// <summary>
    /// The next property of the current object, as one of <paramref name="known"/> (the same string instance), "" for
    /// a name not among them, or null at the object's end. Consumes the name and its colon.
    /// </summary>
    public string? NextProperty(string[] known)
    {
        SkipWhitespace();
        if (Peek() == ',')
        {
            _position++;
            SkipWhitespace();
        }

        if (Peek() == '}')
        {
            _position++;
            return null;
        }

        if (Peek() != '"')
        {
            throw Error("expected a property name");
        }

        var start = _position + 1;
        var end = _text.IndexOf('"', start);
        if (end < 0)
        {
            throw Error("a string without its closing quote");
        }

        string? match = null;
        if (_text.IndexOf('\\', start, end - start) >= 0)
        {
            var name = String();
            match = Array.Find(known, k => k == name) ?? string.Empty;
        }
        else
        {
            _position = end + 1;
            foreach (var name in known)
            {
                if (name.Length == end - start && string.CompareOrdinal(_text, start, name, 0, name.Length) == 0)
                {
                    match = name;
                    break;
                }
            }
        }

        SkipWhitespace();
        Expect(':');
        return match ?? string.Empty;
    }

    /// <summary>Moves into an array (<c>[</c>).</summary>
    public void BeginArray() => Expect('[');

    /// <summary>Whether the current array has another item (consumes the comma before it, or the closing bracket).</summary>
    public bool NextItem()
    {
        SkipWhitespace();
        if (Peek() == ',')
        {
            _position++;
            SkipWhitespace();
        }

        if (Peek() == ']')
        {
            _position++;
            return false;
        }

        return true;
    }

    public char PeekValue()
    {
        SkipWhitespace();
        return Peek();
    }

    public string ReadString()
    {
        SkipWhitespace();
        if (Peek() != '"')
        {
            throw Error("expected a string");
        }

        return String();
    }

    /// <summary>Reads a string and returns its length, with its <see cref="Hash"/> and without making it (when it has no escape).</summary>
    public int ReadStringHash(out ulong hash)
    {
        SkipWhitespace();
        if (Peek() != '"')
        {
            throw Error("expected a string");
        }

        var start = _position + 1;
        var end = _text.IndexOf('"', start);
        if (end >= 0 && _text.IndexOf('\\', start, end - start) < 0)
        {
            _position = end + 1;
            hash = Hash(_text, start, end - start);
            return end - start;
        }

        var text = String();
        hash = Hash(text, 0, text.Length);
        return text.Length;
    }

    /// <summary>FNV-1a, 64 bits, over the characters of <paramref name="text"/> from <paramref name="start"/>.</summary>
    public static ulong Hash(string text, int start, int length)
    {
        var hash = 14695981039346656037UL;
        for (var i = start; i < start + length; i++)
        {
            hash = (hash ^ text[i]) * 1099511628211UL;
        }

        return hash;
    }

    public double ReadNumber()
    {
        SkipWhitespace();
        var start = _position;
        long whole = 0;
        var negative = Peek() == '-';
        if (negative)
        {
            _position++;
        }

        var digits = 0;
        while (_position < _text.Length && _text[_position] is >= '0' and <= '9' && digits < 18)
        {
            whole = (whole * 10) + (_text[_position++] - '0');
            digits++;
        }

        if (digits > 0 && (_position >= _text.Length || "+-.eE0123456789".IndexOf(_text[_position]) < 0))
        {
            return negative ? -whole : whole;
        }

        // A fraction, an exponent or a long number: the general parse.
        while (_position < _text.Length && "+-0123456789.eE".IndexOf(_text[_position]) >= 0)
        {
            _position++;
        }

        if (start == _position || !double.TryParse(_text.Substring(start, _position - start), NumberStyles.Float, CultureInfo.InvariantCulture, out var value))
        {
            throw Error("expected a number");
        }

        return value;
    }

    public bool ReadBool()
    {
        SkipWhitespace();
        if (Word("true"))
        {
            return true;
        }

        if (Word("false"))
        {
            return false;
        }

        throw Error("expected true or false");
    }

    /// <summary>Skips one value of any kind.</summary>
    public void Skip(int depth = 0)
    {
        if (depth > 64)
        {
            throw Error("nested too deeply");
        }

        switch (PeekValue())
        {
            case '{':
                BeginObject();
                while (NextProperty(Array.Empty<string>()) is not null)
                {
                    Skip(depth + 1);
                }

                break;
            case '[':
                BeginArray();
                while (NextItem())
                {
                    Skip(depth + 1);
                }

                break;
            case '"':
                String();
                break;
            case 't' or 'f':
                ReadBool();
                break;
            case 'n' when Word("null"):
                break;
            default:
                ReadNumber();
                break;
        }
    }

    /// <summary>The document has nothing after its value but white space.</summary>
    public void End()
    {
        SkipWhitespace();
        if (_position != _text.Length)
        {
            throw Error("text after the end of the document");
        }
    }

    private string String()
    {
        _position++; // the opening quote
        var end = _text.IndexOf('"', _position);
        var escape = end < 0 ? -1 : _text.IndexOf('\\', _position, end - _position);
        if (end >= 0 && escape < 0)
        {
            var plain = _text.Substring(_position, end - _position);
            _position = end + 1;
            return plain;
        }

        var text = new StringBuilder();
        while (_position < _text.Length)
        {
            var c = _text[_position++];
            if (c == '"')
            {
                return text.ToString();
            }

            if (c != '\\')
            {
                text.Append(c);
                continue;
            }

            if (_position >= _text.Length)
            {
                break;
            }

            var escaped = _text[_position++];
            switch (escaped)
            {
                case '"' or '\\' or '/':
                    text.Append(escaped);
                    break;
                case 'b':
                    text.Append('\b');
                    break;
                case 'f':
                    text.Append('\f');
                    break;
                case 'n':
                    text.Append('\n');
                    break;
                case 'r':
                    text.Append('\r');
                    break;
                case 't':
                    text.Append('\t');
                    break;
                case 'u' when _position + 4 <= _text.Length && int.TryParse(_text.Substring(_position, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out var code):
                    text.Append((char)code);
                    _position += 4;
                    break;
                default:
                    throw Error("a bad escape in a string");
            }
        }

        throw Error("a string without its closing quote");
    }

    private bool Word(string word)
    {
        if (string.CompareOrdinal(_text, _position, word, 0, word.Length) != 0)
        {
            return false;
        }

        _position += word.Length;
        return true;
    }

    private void Expect(char c)
    {
        SkipWhitespace();
        if (Peek() != c)
        {
            throw Error($"expected '{c}'");
        }

        _position++;
    }

    private char Peek() => _position < _text.Length ? _text[_position] : '\0';

    private void SkipWhitespace()
    {
        while (_position < _text.Length && _text[_position] is ' ' or '\n' or '\r' or '\t')
        {
            _position++;
        }
    }

    private FormatException Error(string what) => new($"not valid JSON at offset {_position}: {what}");
}
