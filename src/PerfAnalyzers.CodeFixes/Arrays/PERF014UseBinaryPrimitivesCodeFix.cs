using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Globalization;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Arrays;

/// <summary>
/// PERF014 fix, by shape: a read tree → <c>BinaryPrimitives.ReadInt32BigEndian(b.AsSpan(i))</c> (<c>Slice</c> for
/// spans); the byte-by-byte stores → one <c>BinaryPrimitives.WriteInt32BigEndian(b.AsSpan(i), v);</c>; a hand-written
/// swap or the BitConverter round trip → <c>BinaryPrimitives.ReverseEndianness(x)</c>. Adds
/// <c>using System.Buffers.Binary;</c> (and <c>using System;</c> for <c>AsSpan</c>).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF014UseBinaryPrimitivesCodeFix)), Shared]
public sealed class PERF014UseBinaryPrimitivesCodeFix() : DocumentFix(Rules.PERF014.Info, "Use BinaryPrimitives")
{
    protected override async Task<Document?> FixDocumentAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        if (root is null)
        {
            return null;
        }

        var edits = new List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)>();
        var removed = new List<SyntaxNode>();
        int? needsSystem = null;
        foreach (var diagnostic in diagnostics)
        {
            if (!diagnostic.Properties.TryGetValue(PERF014UseBinaryPrimitivesAnalyzer.MethodKey, out var method) || method is null)
            {
                continue;
            }

            diagnostic.Properties.TryGetValue(DiagnosticProperties.Shape, out var shape);
            switch (shape ?? PERF014UseBinaryPrimitivesAnalyzer.ShapeRead)
            {
                case PERF014UseBinaryPrimitivesAnalyzer.ShapeRead:
                    if (root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is ExpressionSyntax tree &&
                        Slice(root, diagnostic, ref needsSystem) is { } readSlice)
                    {
                        var call = Call(method, readSlice);
                        // A call needs no parentheses; (ushort)((b[0] << 8) | b[1]) reads ReadUInt16BigEndian, whose own type
                        // makes the cast an identity conversion: it goes too. A cast to another type stays.
                        SyntaxNode replaced = tree;
                        if (tree.Parent is ParenthesizedExpressionSyntax parenthesized)
                        {
                            replaced = parenthesized.Parent is CastExpressionSyntax cast && IsCastToReturnType(cast, method) ? cast : parenthesized;
                        }

                        edits.Add((replaced, current => call.WithTriviaFrom(current).WithAdditionalAnnotations(Formatter.Annotation)));
                    }

                    break;

                case PERF014UseBinaryPrimitivesAnalyzer.ShapeWrite:
                    if (Value(root, diagnostic) is { } written && Slice(root, diagnostic, ref needsSystem) is { } writeSlice &&
                        root.FindNode(diagnostic.Location.SourceSpan) is { } container)
                    {
                        var statements = container.DescendantNodesAndSelf().OfType<ExpressionStatementSyntax>()
                            .Where(s => diagnostic.Location.SourceSpan.Contains(s.Span)).ToList();
                        if (statements.Count < 2)
                        {
                            break;
                        }

                        var statement = SyntaxFactory.ExpressionStatement(Call(method, writeSlice, written.WithoutTrivia()));
                        edits.Add((statements[0], current => statement.WithTriviaFrom(current).WithAdditionalAnnotations(Formatter.Annotation)));
                        removed.AddRange(statements.Skip(1));
                    }

                    break;

                case PERF014UseBinaryPrimitivesAnalyzer.ShapeSwap:
                    if (root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is ExpressionSyntax swap && Value(root, diagnostic) is { } swapped)
                    {
                        var call = Call(method, swapped.WithoutTrivia());
                        edits.Add((swap, current => call.WithTriviaFrom(current).WithAdditionalAnnotations(Formatter.Annotation)));
                    }

                    break;

                case PERF014UseBinaryPrimitivesAnalyzer.ShapeBitConverter:
                    if (Value(root, diagnostic) is { } reversed && diagnostic.AdditionalLocations.Count == 2 &&
                        root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true).FirstAncestorOrSelf<LocalDeclarationStatementSyntax>() is { } declaration &&
                        root.FindNode(diagnostic.AdditionalLocations[0].SourceSpan, getInnermostNodeForTie: true).FirstAncestorOrSelf<StatementSyntax>() is { } reverse &&
                        root.FindNode(diagnostic.AdditionalLocations[1].SourceSpan, getInnermostNodeForTie: true) is { } readNode &&
                        readNode.FirstAncestorOrSelf<InvocationExpressionSyntax>() is { } read)
                    {
                        // The reverse may sit under 'if (BitConverter.IsLittleEndian)': remove that whole statement.
                        var conditional = diagnostic.Properties.TryGetValue(PERF014UseBinaryPrimitivesAnalyzer.ConditionalKey, out var flag) && flag == "true";
                        if (conditional && reverse.FirstAncestorOrSelf<IfStatementSyntax>() is { } ifStatement)
                        {
                            reverse = ifStatement;
                        }

                        ExpressionSyntax replacement = Call(method, reversed.WithoutTrivia());
                        if (conditional)
                        {
                            replacement = SyntaxFactory.ParenthesizedExpression(SyntaxFactory.ConditionalExpression(
                                    SyntaxFactory.ParseExpression("global::System.BitConverter.IsLittleEndian").WithAdditionalAnnotations(Simplifier.Annotation),
                                    replacement,
                                    reversed.WithoutTrivia()))
                                .WithAdditionalAnnotations(Simplifier.Annotation);
                        }

                        edits.Add((read, current => replacement.WithTriviaFrom(current).WithAdditionalAnnotations(Formatter.Annotation)));

                        // The statement after the removed ones takes over the declaration's leading trivia (comments).
                        var leading = declaration.GetLeadingTrivia();
                        var next = read.FirstAncestorOrSelf<StatementSyntax>()!;
                        edits.Add((next, current => current.WithLeadingTrivia(leading)));
                        removed.Add(declaration);
                        removed.Add(reverse);
                    }

                    break;
            }
        }

        if (edits.Count == 0)
        {
            return null;
        }

        var fixedRoot = ApplyEdits(root, document.Project.Solution.Workspace.Services, edits, removed);
        if (needsSystem is { } position && await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is { } model)
        {
            fixedRoot = EnsureSystemImport(fixedRoot, model, position);
        }

        return await CleanupAsync(document.WithSyntaxRoot(fixedRoot), cancellationToken).ConfigureAwait(false);
    }

    private static SyntaxNode ApplyEdits(SyntaxNode root, Microsoft.CodeAnalysis.Host.HostWorkspaceServices services, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits, List<SyntaxNode> removed)
    {
        var editor = new SyntaxEditor(root, services);
        foreach (var (node, replace) in edits.OrderBy(e => e.Node.Span.Length).ThenByDescending(e => e.Node.SpanStart))
        {
            editor.ReplaceNode(node, (current, _) => replace(current));
        }

        foreach (var node in removed)
        {
            editor.RemoveNode(node, SyntaxRemoveOptions.KeepUnbalancedDirectives);
        }

        return editor.GetChangedRoot();
    }

    /// <summary><c>b.AsSpan(i)</c> or <c>s.Slice(i)</c> from the element access with the lowest index.</summary>
    private static ExpressionSyntax? Slice(SyntaxNode root, Diagnostic diagnostic, ref int? needsSystem)
    {
        if (!diagnostic.Properties.TryGetValue(PERF014UseBinaryPrimitivesAnalyzer.SourceKey, out var source) ||
            !diagnostic.Properties.TryGetValue(PERF014UseBinaryPrimitivesAnalyzer.FirstKey, out var firstText) ||
            !int.TryParse(firstText, NumberStyles.Integer, CultureInfo.InvariantCulture, out var first) ||
            root.FindToken(first).Parent?.FirstAncestorOrSelf<ElementAccessExpressionSyntax>() is not { ArgumentList.Arguments.Count: 1 } element)
        {
            return null;
        }

        var start = element.ArgumentList.Arguments[0].Expression.WithoutTrivia();

        // bytes[startIndex + 0] (code that lines up its offsets): the start is startIndex.
        while (start is BinaryExpressionSyntax { RawKind: (int)SyntaxKind.AddExpression, Right: LiteralExpressionSyntax { Token.ValueText: "0" } } plusZero)
        {
            start = plusZero.Left.WithoutTrivia();
        }

        if (start is LiteralExpressionSyntax { Token.ValueText: "0" })
        {
            // From index 0 the buffer itself is the argument: an array converts to a span implicitly.
            return element.Expression.WithoutTrivia();
        }

        if (source == "Array")
        {
            // AsSpan is an extension method of System.MemoryExtensions: it needs System in scope.
            needsSystem ??= element.SpanStart;
        }

        return SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, element.Expression.WithoutTrivia(), SyntaxFactory.IdentifierName(source == "Array" ? "AsSpan" : "Slice")),
            SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(start))));
    }

    /// <summary>The value's expression from the "start:length" property.</summary>
    private static ExpressionSyntax? Value(SyntaxNode root, Diagnostic diagnostic)
    {
        if (!diagnostic.Properties.TryGetValue(PERF014UseBinaryPrimitivesAnalyzer.ValueKey, out var text) || text is null ||
            text.Split(':') is not { Length: 2 } parts ||
            !int.TryParse(parts[0], NumberStyles.Integer, CultureInfo.InvariantCulture, out var start) ||
            !int.TryParse(parts[1], NumberStyles.Integer, CultureInfo.InvariantCulture, out var length) ||
            start < 0 || length <= 0 || start + length > root.FullSpan.End)
        {
            return null;
        }

        return root.FindNode(new TextSpan(start, length), getInnermostNodeForTie: true) as ExpressionSyntax;
    }

    /// <summary><c>BinaryPrimitives.Method(arguments)</c>, with the namespace imported.</summary>
    private static InvocationExpressionSyntax Call(string method, params ExpressionSyntax[] arguments) =>
        SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(
                SyntaxKind.SimpleMemberAccessExpression,
                SyntaxFactory.ParseName("global::System.Buffers.Binary.BinaryPrimitives").WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation),
                SyntaxFactory.IdentifierName(method)),
            SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(arguments.Select(SyntaxFactory.Argument))));

    /// <summary>Whether <paramref name="cast"/> converts to the type the BinaryPrimitives method returns (an identity conversion then).</summary>
    private static bool IsCastToReturnType(CastExpressionSyntax cast, string method)
    {
        var keyword = method.Contains("UInt16") ? SyntaxKind.UShortKeyword
            : method.Contains("Int16") ? SyntaxKind.ShortKeyword
            : method.Contains("UInt32") ? SyntaxKind.UIntKeyword
            : method.Contains("Int32") ? SyntaxKind.IntKeyword
            : method.Contains("UInt64") ? SyntaxKind.ULongKeyword
            : method.Contains("Int64") ? SyntaxKind.LongKeyword
            : SyntaxKind.None;
        return keyword != SyntaxKind.None && cast.Type is PredefinedTypeSyntax predefined && predefined.Keyword.IsKind(keyword);
    }
}
