using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Globalization;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.Arrays;
using PerfAnalyzers.CodeFixes.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Arrays;

/// <summary>
/// PERF014 fix: the shift/or tree → <c>BinaryPrimitives.ReadInt32BigEndian(b.AsSpan(i))</c> (or the method the analyzer
/// chose; <c>Slice</c> for spans), adding <c>using System.Buffers.Binary;</c>.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF014UseBinaryPrimitivesCodeFix)), Shared]
public sealed class PERF014UseBinaryPrimitivesCodeFix : DocumentFix
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(Rules.PERF014UseBinaryPrimitives.Id);

    protected override string Title => "Use BinaryPrimitives";

    protected override string EquivalenceKey => "PERF014_UseBinaryPrimitives";

    protected override async Task<Document?> FixDocumentAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        if (root is null)
        {
            return null;
        }

        var edits = new List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)>();
        int? needsSystem = null;
        foreach (var diagnostic in diagnostics)
        {
            if (!diagnostic.Properties.TryGetValue(PERF014UseBinaryPrimitivesAnalyzer.MethodKey, out var method) || method is null ||
                !diagnostic.Properties.TryGetValue(PERF014UseBinaryPrimitivesAnalyzer.SourceKey, out var source) ||
                !diagnostic.Properties.TryGetValue(PERF014UseBinaryPrimitivesAnalyzer.FirstKey, out var firstText) ||
                !int.TryParse(firstText, NumberStyles.Integer, CultureInfo.InvariantCulture, out var first) ||
                root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not ExpressionSyntax tree ||
                root.FindToken(first).Parent?.FirstAncestorOrSelf<ElementAccessExpressionSyntax>() is not { ArgumentList.Arguments.Count: 1 } element)
            {
                continue;
            }

            if (source == "Array")
            {
                // AsSpan is an extension method of System.MemoryExtensions: it needs System in scope.
                needsSystem ??= tree.SpanStart;
            }

            var receiver = element.Expression.WithoutTrivia();
            var start = element.ArgumentList.Arguments[0].Expression.WithoutTrivia();
            var slice = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, SyntaxFactory.IdentifierName(source == "Array" ? "AsSpan" : "Slice")),
                SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(start))));
            var call = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(
                    SyntaxKind.SimpleMemberAccessExpression,
                    SyntaxFactory.ParseName("global::System.Buffers.Binary.BinaryPrimitives").WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation),
                    SyntaxFactory.IdentifierName(method)),
                SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(slice))));
            edits.Add((tree, current => call.WithTriviaFrom(current).WithAdditionalAnnotations(Formatter.Annotation)));
        }

        if (edits.Count == 0)
        {
            return null;
        }

        var fixedRoot = ApplyEdits(root, document.Project.Solution.Workspace.Services, edits);
        if (needsSystem is { } position && await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is { } model)
        {
            fixedRoot = EnsureSystemImport(fixedRoot, model, position);
        }

        var withImports = await ImportAdder.AddImportsAsync(document.WithSyntaxRoot(fixedRoot), Simplifier.AddImportsAnnotation, cancellationToken: cancellationToken).ConfigureAwait(false);
        return await CleanupAsync(withImports, cancellationToken).ConfigureAwait(false);
    }
}
