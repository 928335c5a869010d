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
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
using static PerfAnalyzers.Strings.PERF001UseAsSpanInsteadOfSubstringAnalyzer;

namespace PerfAnalyzers.CodeFixes.Strings;

/// <summary>
/// PERF001 fix: <c>Substring</c> → <c>AsSpan</c> (with <c>string.Concat</c>, <c>SequenceEqual</c> or a
/// <c>ReadOnlySpan&lt;char&gt;</c> local where the shape needs it), or <c>sb.Append(s, start, count)</c>.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF001UseAsSpanInsteadOfSubstringCodeFix)), Shared]
public sealed class PERF001UseAsSpanInsteadOfSubstringCodeFix() : DocumentFix(Rules.PERF001.Info, "Use AsSpan instead of Substring")
{
    protected override async Task<Document?> FixDocumentAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || model is null)
        {
            return null;
        }

        var edits = new Dictionary<SyntaxNode, Func<SyntaxNode, SyntaxNode>>();
        var needsSystem = -1;
        foreach (var diagnostic in diagnostics)
        {
            if (root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not SimpleNameSyntax name ||
                name.Parent is not MemberAccessExpressionSyntax { Parent: InvocationExpressionSyntax substring } ||
                !diagnostic.Properties.TryGetValue(DiagnosticProperties.Shape, out var shape))
            {
                continue;
            }

            switch (shape)
            {
                case ShapeAppend:
                    AddAppendEdit(edits, substring);
                    continue;
                case ShapeArgument:
                    AddRename(edits, substring);
                    break;
                case ShapeLocal:
                    AddRename(edits, substring);
                    AddLocalTypeEdit(edits, substring);
                    break;
                case ShapeComparison:
                    AddRename(edits, substring);
                    AddComparisonEdit(edits, substring);
                    break;
                case ShapeConcat:
                    AddConcatEdits(edits, substring, model, cancellationToken);
                    break;
                default:
                    continue;
            }

            needsSystem = substring.SpanStart;
        }

        if (edits.Count == 0)
        {
            return null;
        }

        var newRoot = ApplyEdits(root, document.Project.Solution.Workspace.Services, edits.Select(e => (e.Key, e.Value)));
        if (needsSystem >= 0)
        {
            newRoot = EnsureSystemImport(newRoot, model, needsSystem);
        }

        return await CleanupAsync(document.WithSyntaxRoot(newRoot), cancellationToken).ConfigureAwait(false);
    }

    /// <summary><c>s.Substring(a, n)</c> → <c>s.AsSpan(a, n)</c>.</summary>
    private static void AddRename(Dictionary<SyntaxNode, Func<SyntaxNode, SyntaxNode>> edits, InvocationExpressionSyntax substring)
    {
        var access = (MemberAccessExpressionSyntax)substring.Expression;
        edits[access.Name] = current => SyntaxFactory.IdentifierName("AsSpan").WithTriviaFrom(current);

        // Named arguments keep their place (so their evaluation order): Substring's startIndex is AsSpan's start.
        foreach (var argument in substring.ArgumentList.Arguments)
        {
            if (argument.NameColon is { } nameColon && nameColon.Name.Identifier.ValueText == "startIndex")
            {
                edits[nameColon.Name] = current => SyntaxFactory.IdentifierName("start").WithTriviaFrom(current);
            }
        }
    }

    /// <summary>
    /// Substring's arguments for <c>Append(string value, int startIndex, int count)</c>: by position when they were written in
    /// order (names dropped), else named in their written order, <c>length</c> becoming <c>count</c>.
    /// </summary>
    private static IEnumerable<ArgumentSyntax> AppendArguments(SeparatedSyntaxList<ArgumentSyntax> arguments)
    {
        var inOrder = arguments.Count < 2 || arguments[0].NameColon is null || arguments[0].NameColon!.Name.Identifier.ValueText == "startIndex";
        foreach (var argument in arguments)
        {
            var plain = argument.WithoutTrivia();
            if (inOrder || plain.NameColon is null)
            {
                yield return plain.WithNameColon(null);
            }
            else
            {
                var name = plain.NameColon.Name.Identifier.ValueText == "length" ? "count" : plain.NameColon.Name.Identifier.ValueText;
                yield return plain.WithNameColon(SyntaxFactory.NameColon(name));
            }
        }
    }

    /// <summary><c>sb.Append(s.Substring(a, n))</c> → <c>sb.Append(s, a, n)</c>; <c>Substring(a)</c> → <c>Append(s, a, s.Length - a)</c>.</summary>
    private static void AddAppendEdit(Dictionary<SyntaxNode, Func<SyntaxNode, SyntaxNode>> edits, InvocationExpressionSyntax substring)
    {
        if (substring.Parent is not ArgumentSyntax { Parent: ArgumentListSyntax appendArguments })
        {
            return;
        }

        edits[appendArguments] = current =>
        {
            var list = (ArgumentListSyntax)current;
            if (list.Arguments.Count != 1 ||
                list.Arguments[0].Expression is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } call)
            {
                return current;
            }

            var text = access.Expression.WithoutTrivia();
            var arguments = new List<ArgumentSyntax> { SyntaxFactory.Argument(text) };
            arguments.AddRange(AppendArguments(call.ArgumentList.Arguments));
            if (arguments.Count == 2)
            {
                var start = Parenthesize(arguments[1].Expression);
                var length = SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, text, SyntaxFactory.IdentifierName("Length"));
                arguments.Add(SyntaxFactory.Argument(SyntaxFactory.BinaryExpression(SyntaxKind.SubtractExpression, length, start)));
            }

            return list.WithArguments(SyntaxFactory.SeparatedList(arguments)).WithAdditionalAnnotations(Formatter.Annotation);
        };
    }

    /// <summary><c>var part = ...</c> → <c>ReadOnlySpan&lt;char&gt; part = ...</c>.</summary>
    private static void AddLocalTypeEdit(Dictionary<SyntaxNode, Func<SyntaxNode, SyntaxNode>> edits, InvocationExpressionSyntax substring)
    {
        if (substring.Parent is EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax declaration } })
        {
            edits[declaration.Type] = current => SpanOfCharType().WithTriviaFrom(current);
        }
    }

    /// <summary><c>x == t</c>, <c>x != t</c>, <c>string.Equals(x, t)</c>, <c>x.Equals(t)</c> → <c>x.SequenceEqual(t)</c>.</summary>
    private static void AddComparisonEdit(Dictionary<SyntaxNode, Func<SyntaxNode, SyntaxNode>> edits, InvocationExpressionSyntax substring)
    {
        switch (substring.Parent)
        {
            case BinaryExpressionSyntax binary when binary.IsKind(SyntaxKind.EqualsExpression) || binary.IsKind(SyntaxKind.NotEqualsExpression):
                var spanOnLeft = binary.Left == substring;
                edits[binary] = current =>
                {
                    var b = (BinaryExpressionSyntax)current;
                    var (span, other) = spanOnLeft ? (b.Left, b.Right) : (b.Right, b.Left);
                    ExpressionSyntax result = SequenceEqual(span.WithoutTrivia(), other.WithoutTrivia());
                    if (b.IsKind(SyntaxKind.NotEqualsExpression))
                    {
                        result = SyntaxFactory.PrefixUnaryExpression(SyntaxKind.LogicalNotExpression, result);
                    }

                    return result.WithTriviaFrom(b);
                };
                break;

            case ArgumentSyntax { Parent: ArgumentListSyntax { Parent: InvocationExpressionSyntax equals } list }:
                var index = list.Arguments.IndexOf((ArgumentSyntax)substring.Parent);
                edits[equals] = current =>
                {
                    var call = (InvocationExpressionSyntax)current;
                    var span = call.ArgumentList.Arguments[index].Expression;
                    var other = call.ArgumentList.Arguments[1 - index].Expression;
                    return SequenceEqual(span.WithoutTrivia(), other.WithoutTrivia()).WithTriviaFrom(call);
                };
                break;

            case MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Equals" } access:
                edits[access.Name] = current => SyntaxFactory.IdentifierName("SequenceEqual").WithTriviaFrom(current);
                break;

            // StartsWith/EndsWith(t, StringComparison.Ordinal): MemoryExtensions has the same signature; the rename suffices.
        }
    }

    private static InvocationExpressionSyntax SequenceEqual(ExpressionSyntax span, ExpressionSyntax other) =>
        SyntaxFactory.InvocationExpression(
            SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, span, SyntaxFactory.IdentifierName("SequenceEqual")),
            SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Argument(other))));

    /// <summary>
    /// Every Substring operand of the concatenation becomes AsSpan; a <c>+</c> chain becomes one
    /// <c>string.Concat(...)</c> call (an explicit <c>string.Concat</c> call keeps its shape).
    /// </summary>
    private static void AddConcatEdits(Dictionary<SyntaxNode, Func<SyntaxNode, SyntaxNode>> edits, InvocationExpressionSyntax substring, SemanticModel model, CancellationToken cancellationToken)
    {
        if (model.GetOperation(substring, cancellationToken) is not IInvocationOperation operation)
        {
            return;
        }

        if (operation.Parent is IArgumentOperation { Parent: IInvocationOperation concatCall })
        {
            foreach (var argument in concatCall.Arguments)
            {
                RenameIfSubstring(edits, argument.Value);
            }

            return;
        }

        IOperation root = operation;
        while (root.Parent is IBinaryOperation { OperatorKind: BinaryOperatorKind.Add } parent && parent.Type?.SpecialType == SpecialType.System_String)
        {
            root = parent;
        }

        var operands = new List<IOperation>();
        FlattenConcatenation(root, operands);
        foreach (var operand in operands)
        {
            RenameIfSubstring(edits, operand);
        }

        var rootSyntax = root.Syntax;
        edits[rootSyntax] = current =>
        {
            var parts = new List<ExpressionSyntax>();
            FlattenSyntax((ExpressionSyntax)current, parts);
            var concat = SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(
                    SyntaxKind.SimpleMemberAccessExpression,
                    SyntaxFactory.PredefinedType(SyntaxFactory.Token(SyntaxKind.StringKeyword)),
                    SyntaxFactory.IdentifierName("Concat")),
                SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(parts.Select(p => SyntaxFactory.Argument(p.WithoutTrivia())))));
            return concat.WithTriviaFrom(current).WithAdditionalAnnotations(Formatter.Annotation);
        };
    }

    private static void RenameIfSubstring(Dictionary<SyntaxNode, Func<SyntaxNode, SyntaxNode>> edits, IOperation operand)
    {
        if (operand is IInvocationOperation { TargetMethod: { Name: "Substring", IsStatic: false } method, Syntax: InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax } call } &&
            method.ContainingType.SpecialType == SpecialType.System_String)
        {
            AddRename(edits, call);
        }
    }

    private static void FlattenSyntax(ExpressionSyntax expression, List<ExpressionSyntax> parts)
    {
        switch (expression)
        {
            case BinaryExpressionSyntax binary when binary.IsKind(SyntaxKind.AddExpression):
                FlattenSyntax(binary.Left, parts);
                FlattenSyntax(binary.Right, parts);
                break;
            case ParenthesizedExpressionSyntax { Expression: BinaryExpressionSyntax inner } when inner.IsKind(SyntaxKind.AddExpression):
                FlattenSyntax(inner, parts);
                break;
            case ParenthesizedExpressionSyntax parenthesized:
                parts.Add(parenthesized.Expression);
                break;
            default:
                parts.Add(expression);
                break;
        }
    }

    private static ExpressionSyntax Parenthesize(ExpressionSyntax expression) =>
        expression is IdentifierNameSyntax or LiteralExpressionSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax or ElementAccessExpressionSyntax or ParenthesizedExpressionSyntax
            ? expression
            : SyntaxFactory.ParenthesizedExpression(expression);

    private static TypeSyntax SpanOfCharType() =>
        SyntaxFactory.QualifiedName(
                SyntaxFactory.IdentifierName("System"),
                SyntaxFactory.GenericName("ReadOnlySpan").WithTypeArgumentList(
                    SyntaxFactory.TypeArgumentList(SyntaxFactory.SingletonSeparatedList<TypeSyntax>(SyntaxFactory.PredefinedType(SyntaxFactory.Token(SyntaxKind.CharKeyword))))))
            .WithAdditionalAnnotations(Simplifier.Annotation);
}
