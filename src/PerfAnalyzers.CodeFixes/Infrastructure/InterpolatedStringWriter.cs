using System.Collections.Generic;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace PerfAnalyzers.CodeFixes.Infrastructure;

/// <summary>
/// Builds a regular interpolated string <c>$"..."</c> with SyntaxFactory: literal text (escaped as a C# string literal
/// is, braces doubled) and holes with an optional alignment and format string. Shared by the fixes that write one
/// (PERF002, PERF008).
/// </summary>
public sealed class InterpolatedStringWriter
{
    private readonly List<InterpolatedStringContentSyntax> _contents = new();
    private readonly StringBuilder _text = new();

    public bool HasHoles { get; private set; }

    public void AppendText(string value) => _text.Append(value);

    /// <summary>A hole <c>{expression[,alignment][:format]}</c>; the format string goes in verbatim (escaped).</summary>
    public void AppendHole(ExpressionSyntax expression, int alignment = 0, string? format = null)
    {
        FlushText();
        var interpolation = SyntaxFactory.Interpolation(Hole(expression.WithoutTrivia()));
        if (alignment != 0)
        {
            ExpressionSyntax width = SyntaxFactory.LiteralExpression(
                SyntaxKind.NumericLiteralExpression,
                SyntaxFactory.Literal(System.Math.Abs(alignment)));
            if (alignment < 0)
            {
                width = SyntaxFactory.PrefixUnaryExpression(SyntaxKind.UnaryMinusExpression, width);
            }

            interpolation = interpolation.WithAlignmentClause(SyntaxFactory.InterpolationAlignmentClause(SyntaxFactory.Token(SyntaxKind.CommaToken), width));
        }

        if (format is { Length: > 0 })
        {
            interpolation = interpolation.WithFormatClause(SyntaxFactory.InterpolationFormatClause(
                SyntaxFactory.Token(SyntaxKind.ColonToken),
                SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.InterpolatedStringTextToken, Escape(format, doubleBraces: false), format, SyntaxTriviaList.Empty)));
        }

        _contents.Add(interpolation);
        HasHoles = true;
    }

    public InterpolatedStringExpressionSyntax ToExpression()
    {
        FlushText();
        return SyntaxFactory.InterpolatedStringExpression(
            SyntaxFactory.Token(SyntaxKind.InterpolatedStringStartToken),
            SyntaxFactory.List(_contents),
            SyntaxFactory.Token(SyntaxKind.InterpolatedStringEndToken));
    }

    /// <summary>A hole's expression: a ':' (conditional, alias) would start a format string, so it gets parentheses.</summary>
    public static ExpressionSyntax Hole(ExpressionSyntax expression) =>
        expression.DescendantTokens().Any(t => t.IsKind(SyntaxKind.ColonToken) || t.IsKind(SyntaxKind.ColonColonToken))
            ? SyntaxFactory.ParenthesizedExpression(expression)
            : expression;

    /// <summary>The text as it appears between the quotes of a regular string literal (and with braces doubled).</summary>
    public static string Escape(string value, bool doubleBraces)
    {
        var quoted = SyntaxFactory.Literal(value).Text;
        var escaped = quoted.Substring(1, quoted.Length - 2);
        return doubleBraces ? escaped.Replace("{", "{{").Replace("}", "}}") : escaped;
    }

    private void FlushText()
    {
        if (_text.Length == 0)
        {
            return;
        }

        // The token's value is what the parser gives for the same text: escape sequences resolved, braces still doubled.
        var value = _text.ToString();
        _contents.Add(SyntaxFactory.InterpolatedStringText(
            SyntaxFactory.Token(SyntaxTriviaList.Empty, SyntaxKind.InterpolatedStringTextToken, Escape(value, doubleBraces: true), value.Replace("{", "{{").Replace("}", "}}"), SyntaxTriviaList.Empty)));
        _text.Clear();
    }
}
