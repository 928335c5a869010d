using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.CodeFixes.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Arrays;

/// <summary>
/// PERF012 fix: <c>private static readonly byte[] Name = { ... };</c> (or a get-only static auto-property) →
/// <c>private static ReadOnlySpan&lt;byte&gt; Name =&gt; new byte[] { ... };</c> with the same name, accessibility and elements.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF012UseReadOnlySpanForConstantDataCodeFix)), Shared]
public sealed class PERF012UseReadOnlySpanForConstantDataCodeFix() : DocumentFix(Rules.PERF012.Info, "Make it a static ReadOnlySpan property")
{
    protected override void AddEdits(FixInput input, Diagnostic diagnostic, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        var root = input.Root;
        var node = root.FindToken(diagnostic.Location.SourceSpan.Start).Parent;
        switch (node)
        {
            case VariableDeclaratorSyntax { Initializer: { } initializer, Parent: VariableDeclarationSyntax { Type: ArrayTypeSyntax arrayType, Parent: FieldDeclarationSyntax field } } declarator:
                edits.Add((field, current => Property(field.AttributeLists, field.Modifiers, arrayType, declarator.Identifier, initializer.Value).WithTriviaFrom(current)));
                break;
            case PropertyDeclarationSyntax { Type: ArrayTypeSyntax arrayType, Initializer: { } initializer } property:
                edits.Add((property, current => Property(property.AttributeLists, property.Modifiers, arrayType, property.Identifier, initializer.Value).WithTriviaFrom(current)));
                break;
        }
    }

    private static PropertyDeclarationSyntax Property(SyntaxList<AttributeListSyntax> attributes, SyntaxTokenList modifiers, ArrayTypeSyntax arrayType, SyntaxToken identifier, ExpressionSyntax value)
    {
        var elementType = arrayType.ElementType.WithoutTrivia();
        var spanType = SyntaxFactory.QualifiedName(
                SyntaxFactory.AliasQualifiedName(SyntaxFactory.IdentifierName(SyntaxFactory.Token(SyntaxKind.GlobalKeyword)), SyntaxFactory.IdentifierName("System")),
                SyntaxFactory.GenericName(SyntaxFactory.Identifier("ReadOnlySpan"), SyntaxFactory.TypeArgumentList(SyntaxFactory.SingletonSeparatedList(elementType))))
            .WithAdditionalAnnotations(Simplifier.Annotation);

        // { 1, 2 } alone is only valid as an initializer: the property returns new T[] { 1, 2 }.
        var body = value is InitializerExpressionSyntax list
            ? SyntaxFactory.ArrayCreationExpression(arrayType.WithoutTrivia(), list.WithoutTrivia())
            : value.WithoutTrivia();
        var kept = SyntaxFactory.TokenList(modifiers.Where(m => !m.IsKind(SyntaxKind.ReadOnlyKeyword)).Select(m => m.WithoutTrivia().WithTrailingTrivia(SyntaxFactory.Space)));
        return SyntaxFactory.PropertyDeclaration(spanType.WithTrailingTrivia(SyntaxFactory.Space), identifier.WithoutTrivia())
            .WithAttributeLists(attributes)
            .WithModifiers(kept)
            .WithExpressionBody(SyntaxFactory.ArrowExpressionClause(body))
            .WithSemicolonToken(SyntaxFactory.Token(SyntaxKind.SemicolonToken))
            .WithAdditionalAnnotations(Formatter.Annotation);
    }
}
