using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Infrastructure;

/// <summary>
/// Keeps a fix from breaking the other legs of a multi-targeted project (see <see cref="MultiTargeting"/>): each changed
/// region — the narrowest statement, member or <c>using</c> directive around a change, the whole member when it holds
/// several — becomes <c>#if CONDITION</c> new lines <c>#else</c> old lines <c>#endif</c>, with the condition the
/// analyzer put on the diagnostic. The directives go on lines of their own, so each branch is the file as it was with
/// either version of those lines: both compile wherever the original did.
/// </summary>
internal static class MultiTargetGuard
{
    /// <summary>The guarded document; the fixed one when no diagnostic asks for a guard; null when no guard can be placed.</summary>
    public static async Task<Document?> ApplyAsync(Document original, Document fixedDocument, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var guards = diagnostics.Select(Guard).ToList();
        if (guards.All(g => g is null))
        {
            return fixedDocument;
        }

        var root = await original.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var text = await original.GetTextAsync(cancellationToken).ConfigureAwait(false);
        if (root is null)
        {
            return null;
        }

        // Roslyn's syntax diff may report two edits far apart in a method as one change: split into the lines that differ.
        var changes = LineChanges(text, await fixedDocument.GetTextChangesAsync(original, cancellationToken).ConfigureAwait(false));
        var regions = Merge(changes.Select(c => Region(root, text, c)).ToList(), root, text, r => Condition(r, diagnostics, guards));
        var fixedText = await fixedDocument.GetTextAsync(cancellationToken).ConfigureAwait(false);
        var newLine = DocumentFix.NewLine(text);
        var edits = new List<TextChange>();
        foreach (var region in regions)
        {
            if (Splits(root, region.Start) || Splits(root, region.End))
            {
                return null; // inside a multi-line token (a verbatim or raw string): no directive can go there
            }

            // Every change lies wholly inside one region, so the region's new text is the same range of the fixed text.
            var oldText = text.ToString(region);
            var newText = fixedText.ToString(TextSpan.FromBounds(
                region.Start + Delta(changes.Where(c => c.Span.End <= region.Start && !(c.Span.IsEmpty && c.Span.Start == region.Start))),
                region.End + Delta(changes.Where(c => c.Span.End <= region.End))));
            var condition = Condition(region, diagnostics, guards);
            edits.Add(new TextChange(region, condition is null
                ? newText
                : "#if " + condition + newLine + EndLine(newText, newLine) + (oldText.Length > 0 ? "#else" + newLine + EndLine(oldText, newLine) : string.Empty) + "#endif" + newLine));
        }

        return original.WithText(text.WithChanges(edits));
    }

    /// <summary>
    /// The changes as runs of whole lines that differ: the lines from the first change to the last, old and new, are
    /// compared (longest common subsequence), so that two edits far apart in a method, which Roslyn's syntax diff may
    /// report as one change running over the lines between them (and a second one removing them again), each get the
    /// narrowest guard. Changes over too many lines to compare stay as they were.
    /// </summary>
    internal static List<TextChange> LineChanges(SourceText text, IEnumerable<TextChange> changes)
    {
        var ordered = changes.OrderBy(c => c.Span.Start).ToList();
        if (ordered.Count == 0)
        {
            return ordered;
        }

        var start = text.Lines.GetLineFromPosition(ordered[0].Span.Start).Start;
        var endChange = ordered.OrderBy(c => c.Span.End).Last();
        var last = text.Lines.GetLineFromPosition(endChange.Span.End);
        var end = endChange.Span.Length > 0 && endChange.Span.End == last.Start ? last.Start : last.EndIncludingLineBreak;
        var newText = new System.Text.StringBuilder();
        var at = start;
        foreach (var change in ordered)
        {
            if (change.Span.Start < at)
            {
                return ordered; // overlapping changes: not a diff this method reads
            }

            newText.Append(text.ToString(TextSpan.FromBounds(at, change.Span.Start))).Append(change.NewText);
            at = change.Span.End;
        }

        newText.Append(text.ToString(TextSpan.FromBounds(at, end)));
        var oldLines = SplitLines(text.ToString(TextSpan.FromBounds(start, end)));
        var newLines = SplitLines(newText.ToString());
        return (long)oldLines.Count * newLines.Count > 4_000_000 ? ordered : DiffLines(start, oldLines, newLines);
    }

    /// <summary>The runs of lines that differ between <paramref name="oldLines"/> (starting at <paramref name="start"/>) and <paramref name="newLines"/>.</summary>
    private static List<TextChange> DiffLines(int start, List<string> oldLines, List<string> newLines)
    {
        // Longest common subsequence of lines, from the end.
        var common = new int[oldLines.Count + 1, newLines.Count + 1];
        for (var i = oldLines.Count - 1; i >= 0; i--)
        {
            for (var j = newLines.Count - 1; j >= 0; j--)
            {
                common[i, j] = oldLines[i] == newLines[j] ? common[i + 1, j + 1] + 1 : Math.Max(common[i + 1, j], common[i, j + 1]);
            }
        }

        var result = new List<TextChange>();
        int oi = 0, ni = 0, position = start;
        while (oi < oldLines.Count || ni < newLines.Count)
        {
            if (oi < oldLines.Count && ni < newLines.Count && oldLines[oi] == newLines[ni])
            {
                position += oldLines[oi].Length;
                oi++;
                ni++;
                continue;
            }

            // A run of lines that differ: old lines removed, new lines added, until the two agree again. As many lines
            // out as in: line by line (neighbouring one-line members keep their own guards).
            var runStart = position;
            var removed = new List<string>();
            var added = new List<string>();
            while (oi < oldLines.Count || ni < newLines.Count)
            {
                if (oi < oldLines.Count && ni < newLines.Count && oldLines[oi] == newLines[ni])
                {
                    break;
                }

                if (ni < newLines.Count && (oi == oldLines.Count || common[oi, ni + 1] >= common[oi + 1, ni]))
                {
                    added.Add(newLines[ni++]);
                }
                else
                {
                    removed.Add(oldLines[oi]);
                    position += oldLines[oi++].Length;
                }
            }

            if (removed.Count == added.Count)
            {
                var at = runStart;
                for (var k = 0; k < removed.Count; k++)
                {
                    result.Add(new TextChange(new TextSpan(at, removed[k].Length), added[k]));
                    at += removed[k].Length;
                }
            }
            else
            {
                result.Add(new TextChange(TextSpan.FromBounds(runStart, position), string.Concat(added)));
            }
        }

        return result;
    }

    private static List<string> SplitLines(string value)
    {
        var lines = new List<string>();
        var start = 0;
        for (var i = 0; i < value.Length; i++)
        {
            if (value[i] == '\n')
            {
                lines.Add(value.Substring(start, i + 1 - start));
                start = i + 1;
            }
        }

        if (start < value.Length)
        {
            lines.Add(value.Substring(start));
        }

        return lines;
    }

    private static int Delta(IEnumerable<TextChange> changes) => changes.Sum(c => (c.NewText?.Length ?? 0) - c.Span.Length);

    private static string? Guard(Diagnostic diagnostic) =>
        diagnostic.Properties.TryGetValue(MultiTargeting.GuardKey, out var guard) && !string.IsNullOrEmpty(guard) ? guard : null;

    /// <summary>
    /// The condition of a region: those of the diagnostics in it, all at once; for a region with none (an added
    /// <c>using</c>), any of the batch's conditions when every diagnostic has one (the using is there wherever some
    /// guarded change that may need it is), else none (the unguarded code may need it).
    /// </summary>
    private static string? Condition(TextSpan region, ImmutableArray<Diagnostic> diagnostics, List<string?> guards)
    {
        var inRegion = Enumerable.Range(0, diagnostics.Length).Where(i => region.IntersectsWith(diagnostics[i].Location.SourceSpan)).ToList();
        var conditions = inRegion.Count > 0
            ? inRegion.Select(i => guards[i]).Where(g => g is not null).Distinct().ToList()
            : guards.All(g => g is not null) ? guards.Distinct().ToList() : new List<string?>();
        return conditions.Count switch
        {
            0 => null,
            1 => conditions[0],
            // The region's new code needs every API its diagnostics need: all their conditions at once. A region without
            // diagnostics (a using) is needed wherever any of them holds.
            _ => string.Join(inRegion.Count > 0 ? " && " : " || ", conditions.Select(c => "(" + c + ")")),
        };
    }

    /// <summary>Whole lines around the change's statement, member or using directive; an inserted block of whole lines stays an insertion.</summary>
    private static TextSpan Region(SyntaxNode root, SourceText text, TextChange change)
    {
        if (change.Span.IsEmpty && text.Lines.GetLineFromPosition(change.Span.Start).Start == change.Span.Start &&
            change.NewText is { Length: > 0 } inserted && inserted.EndsWith("\n", System.StringComparison.Ordinal))
        {
            return change.Span;
        }

        var span = change.Span;
        if (Node(root, span) is { } node)
        {
            span = TextSpan.FromBounds(System.Math.Min(span.Start, node.Span.Start), System.Math.Max(span.End, node.Span.End));
        }

        return WholeLines(text, span);
    }

    private static TextSpan WholeLines(SourceText text, TextSpan span)
    {
        var first = text.Lines.GetLineFromPosition(span.Start);
        var last = text.Lines.GetLineFromPosition(span.IsEmpty ? span.Start : span.End - 1);
        return TextSpan.FromBounds(first.Start, last.EndIncludingLineBreak);
    }

    /// <summary>The narrowest statement (in a block), member or using directive around the span.</summary>
    private static SyntaxNode? Node(SyntaxNode root, TextSpan span)
    {
        for (SyntaxNode? current = root.FindNode(span, getInnermostNodeForTie: true); current is not null; current = current.Parent)
        {
            switch (current)
            {
                case UsingDirectiveSyntax:
                    return current;
                case StatementSyntax when current.Parent is GlobalStatementSyntax:
                    return current.Parent;
                case StatementSyntax when current.Parent is BlockSyntax or SwitchSectionSyntax:
                    return current;
                case MemberDeclarationSyntax and not BaseNamespaceDeclarationSyntax and not BaseTypeDeclarationSyntax:
                    return current;
            }
        }

        return null;
    }

    /// <summary>The member (method, property, field, ...) around a position, for merging several regions into one.</summary>
    private static SyntaxNode? Member(SyntaxNode root, int position)
    {
        for (SyntaxNode? current = root.FindToken(position).Parent; current is not null; current = current.Parent)
        {
            if (current is MemberDeclarationSyntax and not BaseNamespaceDeclarationSyntax and not BaseTypeDeclarationSyntax)
            {
                return current;
            }
        }

        return null;
    }

    /// <summary>
    /// Overlapping regions become one (under all their conditions). Several regions of one member keep their own small
    /// guards (two buffers in a 100-line method, two uses in a 12-line one), which every leg reads consistently: each
    /// region holds whole diagnostics' changes and compiles under its own condition, whatever the others' are. Only
    /// when one condition covers half of the member's lines or more does the member become one guard, which then copies
    /// at most twice the lines that differ (a 467-line parser method was copied whole for two changes under two
    /// conditions before).
    /// </summary>
    private static List<TextSpan> Merge(List<TextSpan> regions, SyntaxNode root, SourceText text, Func<TextSpan, string?> condition)
    {
        var merged = MergeOverlapping(regions);
        var byMember = merged.Where(r => !r.IsEmpty).GroupBy(r => Member(root, r.Start)).Where(g => g.Key is not null && g.Count() > 1).ToList();
        foreach (var group in byMember)
        {
            var member = WholeLines(text, group.Key!.Span);
            var memberLines = Lines(text, member);
            var changedLines = group.Sum(r => Lines(text, r));
            var conditions = group.Select(condition).Distinct().ToList();
            if (conditions.Count != 1 || conditions[0] is null || changedLines * 2 < memberLines)
            {
                continue;
            }

            merged.Add(member);
        }

        return MergeOverlapping(merged);
    }

    private static int Lines(SourceText text, TextSpan span) =>
        span.IsEmpty ? 0 : text.Lines.GetLineFromPosition(Math.Max(span.Start, span.End - 1)).LineNumber - text.Lines.GetLineFromPosition(span.Start).LineNumber + 1;

    private static List<TextSpan> MergeOverlapping(List<TextSpan> regions)
    {
        var result = new List<TextSpan>();
        foreach (var region in regions.OrderBy(r => r.Start).ThenByDescending(r => r.End))
        {
            if (result.Count > 0 && !region.IsEmpty && !result[result.Count - 1].IsEmpty && region.Start < result[result.Count - 1].End)
            {
                var last = result[result.Count - 1];
                result[result.Count - 1] = TextSpan.FromBounds(last.Start, Math.Max(last.End, region.End));
            }
            else if (!result.Contains(region))
            {
                result.Add(region);
            }
        }

        return result;
    }

    /// <summary>A position strictly inside a token or a comment that spans lines.</summary>
    private static bool Splits(SyntaxNode root, int position)
    {
        if (position >= root.FullSpan.End)
        {
            return false;
        }

        var token = root.FindToken(position, findInsideTrivia: false);
        if (token.Span.Start < position && position < token.Span.End)
        {
            return true;
        }

        var trivia = root.FindTrivia(position);
        return trivia.Span.Start < position && position < trivia.Span.End && !trivia.IsKind(SyntaxKind.WhitespaceTrivia) && !trivia.IsKind(SyntaxKind.EndOfLineTrivia);
    }

    private static string EndLine(string value, string newLine) =>
        value.EndsWith("\n", System.StringComparison.Ordinal) ? value : value + newLine;
}
