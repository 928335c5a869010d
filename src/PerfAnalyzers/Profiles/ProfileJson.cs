using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace PerfAnalyzers.Profiles;

/// <summary>
/// A small JSON reader for the profile file (<c>perf-profile.json</c>): the analyzers ship with nothing but Roslyn, so
/// they cannot use System.Text.Json. Objects become <see cref="Dictionary{TKey, TValue}"/>, arrays
/// <see cref="List{T}"/>, numbers <see cref="double"/>; anything malformed throws <see cref="FormatException"/>
/// with the offset.
/// </summary>
internal sealed class ProfileJson
{
    private readonly string _text;
    private int _position;

    private ProfileJson(string text) => _text = text;

    public static object? Parse(string text)
    {
        var reader = new ProfileJson(text);
        var value = reader.Value(0);
        reader.SkipWhitespace();
        if (reader._position != text.Length)
        {
            throw reader.Error("text after the end of the document");
        }

        return value;
    }

    private object? Value(int depth)
    {
        if (depth > 64)
        {
            throw Error("nested too deeply");
        }

        SkipWhitespace();
        if (_position >= _text.Length)
        {
            throw Error("unexpected end of the document");
        }

        switch (_text[_position])
        {
            case '{':
                return Object(depth);
            case '[':
                return Array(depth);
            case '"':
                return String();
            case 't':
                return Word("true", true);
            case 'f':
                return Word("false", false);
            case 'n':
                return Word("null", null);
            default:
                return Number();
        }
    }

    private Dictionary<string, object?> Object(int depth)
    {
        var result = new Dictionary<string, object?>(StringComparer.Ordinal);
        _position++;
        SkipWhitespace();
        if (Peek() == '}')
        {
            _position++;
            return result;
        }

        while (true)
        {
            SkipWhitespace();
            if (Peek() != '"')
            {
                throw Error("expected a property name");
            }

            var name = String();
            SkipWhitespace();
            Expect(':');
            result[name] = Value(depth + 1);
            SkipWhitespace();
            if (Peek() == ',')
            {
                _position++;
                continue;
            }

            Expect('}');
            return result;
        }
    }

    private List<object?> Array(int depth)
    {
        var result = new List<object?>();
        _position++;
        SkipWhitespace();
        if (Peek() == ']')
        {
            _position++;
            return result;
        }

        while (true)
        {
            result.Add(Value(depth + 1));
            SkipWhitespace();
            if (Peek() == ',')
            {
                _position++;
                continue;
            }

            Expect(']');
            return result;
        }
    }

    private string String()
    {
        _position++; // the opening quote
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

    private double Number()
    {
        var start = _position;
        while (_position < _text.Length && "+-0123456789.eE".IndexOf(_text[_position]) >= 0)
        {
            _position++;
        }

        if (start == _position || !double.TryParse(_text.Substring(start, _position - start), NumberStyles.Float, CultureInfo.InvariantCulture, out var value))
        {
            throw Error("expected a value");
        }

        return value;
    }

    private object? Word(string word, object? value)
    {
        if (string.CompareOrdinal(_text, _position, word, 0, word.Length) != 0)
        {
            throw Error("expected a value");
        }

        _position += word.Length;
        return value;
    }

    private void Expect(char c)
    {
        if (Peek() != c)
        {
            throw Error($"expected '{c}'");
        }

        _position++;
    }

    private char Peek() => _position < _text.Length ? _text[_position] : '\0';

    private void SkipWhitespace()
    {
        while (_position < _text.Length && char.IsWhiteSpace(_text[_position]))
        {
            _position++;
        }
    }

    private FormatException Error(string what) => new($"not valid JSON at offset {_position}: {what}");
}
