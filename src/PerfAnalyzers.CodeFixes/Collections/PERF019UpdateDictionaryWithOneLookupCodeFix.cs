using System.Collections.Generic;
using System.Composition;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
using Model = PerfAnalyzers.Collections.PERF019UpdateDictionaryWithOneLookupModel;

namespace PerfAnalyzers.CodeFixes.Collections;

/// <summary>
/// PERF019 fix. Counters become <c>CollectionsMarshal.GetValueRefOrAddDefault(d, k, out _) += x;</c>; other updates
/// start with <c>ref var value = ref CollectionsMarshal.GetValueRefOrAddDefault(d, k, out bool exists);</c> and keep
/// their statements with <c>exists</c> for the lookup and <c>value</c> for <c>d[k]</c> (the out local's own name when
/// there was one). Where that cannot be written: <c>ContainsKey</c> becomes <c>TryGetValue(k, out var value)</c> and
/// the read of <c>d[k]</c> becomes <c>value</c>.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF019UpdateDictionaryWithOneLookupCodeFix)), Shared]
public sealed class PERF019UpdateDictionaryWithOneLookupCodeFix() : DocumentFix(Rules.PERF019.Info, "Update with one lookup")
{
    protected override bool NeedsSemanticModel => true;

    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        var model = input.Model!;
        if (input.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true).FirstAncestorOrSelf<InvocationExpressionSyntax>() is not { } invocation ||
            model.GetOperation(invocation, input.CancellationToken) is not IInvocationOperation lookup ||
            !new WellKnownTypes(model.Compilation).Is(lookup.TargetMethod.ContainingType, WellKnownTypes.DictionaryOfTKeyTValue) ||
            Model.Match(lookup, lookup.TargetMethod.ContainingType.OriginalDefinition, input.CancellationToken) is not { } update ||
            !diagnostic.Properties.TryGetValue(Model.FormKey, out var form))
        {
            return false;
        }

        var rewrite = new Rewrite(update, model, input.CancellationToken);
        if (update.Arrow is { } arrow)
        {
            // => d[k] = … becomes => CollectionsMarshal.GetValueRefOrAddDefault(d, k, out _)++ in place.
            if (form != Model.FormIncrement || rewrite.Increment()[0] is not ExpressionStatementSyntax { Expression: { } increment })
            {
                return false;
            }

            editor.ReplaceNode(arrow, increment.WithTriviaFrom(arrow));
            return true;
        }

        var statements = form switch
        {
            Model.FormIncrement => rewrite.Increment(),
            Model.FormRef => rewrite.Ref(),
            Model.FormTryGetValue => rewrite.TryGetValue(),
            _ => null,
        };
        if (statements is null || statements.Count == 0)
        {
            return false;
        }

        var first = update.Statements[0];
        var last = update.Statements[update.Statements.Length - 1];
        var indentation = first.GetLeadingTrivia().Where(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).LastOrDefault();
        for (var i = 0; i < statements.Count; i++)
        {
            var statement = statements[i].WithAdditionalAnnotations(Formatter.Annotation);
            // The first takes the first original's trivia; one rewritten from a later original keeps that one's.
            var leading = statement.GetLeadingTrivia();
            statement = i == 0 ? statement.WithLeadingTrivia(first.GetLeadingTrivia())
                : leading.Count == 0 || leading.ToFullString() == first.GetLeadingTrivia().ToFullString() ? statement.WithLeadingTrivia(indentation)
                : statement;
            statement = i == statements.Count - 1 ? statement.WithTrailingTrivia(last.GetTrailingTrivia()) : statement.WithTrailingTrivia(SyntaxFactory.EndOfLine("\n"));
            statements[i] = statement;
        }

        editor.InsertBefore(first, statements);
        foreach (var original in update.Statements)
        {
            editor.RemoveNode(original, SyntaxRemoveOptions.KeepNoTrivia);
        }

        return true;
    }

    /// <summary>The rewritten statements of one update.</summary>
    private sealed class Rewrite(Model update, SemanticModel model, CancellationToken cancellationToken)
    {
        private readonly HashSet<string> _taken = Taken(update, model);

        /// <summary><c>CollectionsMarshal.GetValueRefOrAddDefault(d, k, out _) += x;</c> (<c>++</c> for 1).</summary>
        public List<StatementSyntax> Increment()
        {
            var call = Call(discard: true);
            ExpressionSyntax update1 = update.Increment is LiteralExpressionSyntax { Token.Value: 1 }
                ? SyntaxFactory.PostfixUnaryExpression(SyntaxKind.PostIncrementExpression, call)
                : SyntaxFactory.AssignmentExpression(SyntaxKind.AddAssignmentExpression, call, update.Increment!.WithoutTrivia());
            return [SyntaxFactory.ExpressionStatement(update1)];
        }

        /// <summary><c>ref var value = ref …(out bool exists);</c>, then the statements with <c>exists</c> and <c>value</c>.</summary>
        public List<StatementSyntax>? Ref()
        {
            var (name, type) = update.OutLocal is { } local
                ? (local.Name, ((DeclarationExpressionSyntax)update.Lookup.Arguments[1].Value.Syntax).Type.WithoutTrivia())
                : (Fresh("value"), (TypeSyntax)SyntaxFactory.IdentifierName("var"));
            var testsPresence = update.Shape != Model.ShapeThenSet && !(update.Shape == Model.ShapeAddThenUse && update.AddsDefault);
            var exists = testsPresence ? Fresh("exists") : null;
            var head = SyntaxFactory.LocalDeclarationStatement(
                SyntaxFactory.VariableDeclaration(
                    SyntaxFactory.RefType(type),
                    SyntaxFactory.SingletonSeparatedList(
                        SyntaxFactory.VariableDeclarator(SyntaxFactory.Identifier(name))
                            .WithInitializer(SyntaxFactory.EqualsValueClause(SyntaxFactory.RefExpression(Call(discard: !testsPresence, exists)))))));
            var statements = new List<StatementSyntax> { head };
            foreach (var statement in update.Statements)
            {
                // The TryGetValue statement is the new declaration; an add of default adds nothing GetValueRefOrAddDefault has not.
                if ((update.Shape == Model.ShapeThenSet && statement == update.Statements[0]) ||
                    (update.Shape == Model.ShapeAddThenUse && update.AddsDefault && statement == update.Statements[0]))
                {
                    continue;
                }

                statements.Add(Replace(statement, name, exists));
            }

            return statements;
        }

        /// <summary>
        /// <c>if (d.TryGetValue(k, out var value)) d[k] = value + x; else d[k] = x;</c>, and
        /// <c>if (!d.TryGetValue(k, out var value)) { value = new(); d[k] = value; } value.Add(x);</c>.
        /// </summary>
        public List<StatementSyntax>? TryGetValue()
        {
            if (update.Lookup.Syntax is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } call)
            {
                return null;
            }

            var name = Fresh("value");
            var tryGetValue = call
                .WithExpression(access.WithName(SyntaxFactory.IdentifierName("TryGetValue")))
                .AddArgumentListArguments(SyntaxFactory.Argument(
                    null,
                    SyntaxFactory.Token(SyntaxKind.OutKeyword),
                    SyntaxFactory.DeclarationExpression(SyntaxFactory.IdentifierName("var"), SyntaxFactory.SingleVariableDesignation(SyntaxFactory.Identifier(name)))));
            var ifStatement = (IfStatementSyntax)update.Statements[0];
            var replacements = new Dictionary<SyntaxNode, SyntaxNode> { [call] = tryGetValue };
            if (update.Shape == Model.ShapeIfElse)
            {
                // In the branch where the key is present, reads of d[k] become the value TryGetValue gave.
                foreach (var node in update.Present!.DescendantNodesAndSelf())
                {
                    switch (model.GetOperation(node, cancellationToken))
                    {
                        case ICompoundAssignmentOperation { Target: { } target } compound when update.IsEntry(target) && node is AssignmentExpressionSyntax assignment:
                            replacements[node] = SyntaxFactory.AssignmentExpression(
                                SyntaxKind.SimpleAssignmentExpression,
                                assignment.Left.WithoutTrivia(),
                                SyntaxFactory.BinaryExpression(BinaryKind(assignment.Kind()), SyntaxFactory.IdentifierName(name), Parenthesized(assignment.Right.WithoutTrivia())));
                            break;
                        case IIncrementOrDecrementOperation { Target: { } target } step when update.IsEntry(target):
                            replacements[node] = SyntaxFactory.AssignmentExpression(
                                SyntaxKind.SimpleAssignmentExpression,
                                ((ExpressionSyntax)target.Syntax).WithoutTrivia(),
                                SyntaxFactory.BinaryExpression(
                                    step.Kind == OperationKind.Increment ? SyntaxKind.AddExpression : SyntaxKind.SubtractExpression,
                                    SyntaxFactory.IdentifierName(name),
                                    SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(1))));
                            break;
                        case IPropertyReferenceOperation entry when update.IsEntry(entry) && !IsWritten(node) && !replacements.Keys.Any(k => k.Span.Contains(node.Span)):
                            replacements[node] = SyntaxFactory.IdentifierName(name);
                            break;
                    }
                }

                return [ifStatement.ReplaceNodes(replacements.Keys, (original, _) => replacements[original])];
            }

            // Add then use: the missing branch stores the new value in the local too; the use reads the local.
            if (update.Missing is not ExpressionStatementSyntax { Expression: { } add } ||
                model.GetOperation(add, cancellationToken) is not { } addOperation)
            {
                return null;
            }

            var stored = addOperation switch
            {
                ISimpleAssignmentOperation assignment => (ExpressionSyntax)assignment.Value.Syntax,
                IInvocationOperation invocation => (ExpressionSyntax)invocation.Arguments[1].Value.Syntax,
                _ => null,
            };
            if (stored is null)
            {
                return null;
            }

            var block = SyntaxFactory.Block(
                SyntaxFactory.ExpressionStatement(SyntaxFactory.AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, SyntaxFactory.IdentifierName(name), stored.WithoutTrivia())),
                update.Missing.ReplaceNode(stored, SyntaxFactory.IdentifierName(name)).WithoutTrivia()).WithAdditionalAnnotations(Formatter.Annotation);
            replacements[ifStatement.Statement] = block;
            return
            [
                ifStatement.ReplaceNodes(replacements.Keys, (original, _) => replacements[original]),
                Replace(update.Statements[1], name, exists: null),
            ];
        }

        /// <summary><paramref name="statement"/> with the lookup as <paramref name="exists"/>, <c>d[k]</c> as <paramref name="name"/>, <c>d.Add(k, x)</c> as <c>name = x</c>.</summary>
        private StatementSyntax Replace(StatementSyntax statement, string name, string? exists)
        {
            var replacements = new Dictionary<SyntaxNode, SyntaxNode>();
            foreach (var node in statement.DescendantNodesAndSelf().OfType<ExpressionSyntax>())
            {
                if (node == update.Lookup.Syntax && exists is not null)
                {
                    replacements[node] = SyntaxFactory.IdentifierName(exists);
                    continue;
                }

                switch (model.GetOperation(node, cancellationToken))
                {
                    case IPropertyReferenceOperation entry when node is ElementAccessExpressionSyntax && update.IsEntry(entry):
                        replacements[node] = SyntaxFactory.IdentifierName(name);
                        break;
                    case IInvocationOperation add when update.IsAdd(add):
                        replacements[node] = SyntaxFactory.AssignmentExpression(SyntaxKind.SimpleAssignmentExpression, SyntaxFactory.IdentifierName(name), ((ExpressionSyntax)add.Arguments[1].Value.Syntax).WithoutTrivia());
                        break;
                }
            }

            // The leading trivia stays: a statement after the first keeps its blank lines and comments.
            return statement.ReplaceNodes(replacements.Keys, (original, rewritten) => replacements[original].WithTriviaFrom(original)).WithTrailingTrivia();
        }

        /// <summary><c>CollectionsMarshal.GetValueRefOrAddDefault(d, k, out bool exists)</c> (<c>out _</c>), with the namespace imported.</summary>
        private InvocationExpressionSyntax Call(bool discard, string? exists = null)
        {
            ExpressionSyntax outTarget = discard
                ? SyntaxFactory.IdentifierName(SyntaxFactory.Identifier(default, SyntaxKind.UnderscoreToken, "_", "_", default))
                : SyntaxFactory.DeclarationExpression(SyntaxFactory.PredefinedType(SyntaxFactory.Token(SyntaxKind.BoolKeyword)), SyntaxFactory.SingleVariableDesignation(SyntaxFactory.Identifier(exists!)));
            return SyntaxFactory.InvocationExpression(
                SyntaxFactory.MemberAccessExpression(
                    SyntaxKind.SimpleMemberAccessExpression,
                    SyntaxFactory.ParseName("global::System.Runtime.InteropServices.CollectionsMarshal").WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation),
                    SyntaxFactory.IdentifierName("GetValueRefOrAddDefault")),
                SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(new[]
                {
                    SyntaxFactory.Argument(((ExpressionSyntax)update.Dictionary.Syntax).WithoutTrivia()),
                    SyntaxFactory.Argument(((ExpressionSyntax)update.Key.Syntax).WithoutTrivia()),
                    SyntaxFactory.Argument(null, SyntaxFactory.Token(SyntaxKind.OutKeyword), outTarget),
                })));
        }

        /// <summary>A name no identifier of the member uses and no symbol in scope has: <paramref name="preferred"/>, else with a number.</summary>
        private string Fresh(string preferred)
        {
            var name = preferred;
            for (var i = 2; _taken.Contains(name); i++)
            {
                name = preferred + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
            }

            _taken.Add(name);
            return name;
        }

        private static HashSet<string> Taken(Model update, SemanticModel model)
        {
            var taken = new HashSet<string>(System.StringComparer.Ordinal);
            foreach (var token in MultiTargeting.Scope(update.Lookup.Syntax).DescendantTokens())
            {
                if (token.IsKind(SyntaxKind.IdentifierToken))
                {
                    taken.Add(token.ValueText);
                }
            }

            foreach (var symbol in model.LookupSymbols(update.Lookup.Syntax.SpanStart))
            {
                taken.Add(symbol.Name);
            }

            return taken;
        }

        private static bool IsWritten(SyntaxNode node) =>
            node.Parent is AssignmentExpressionSyntax assignment && assignment.Left == node;

        private static ExpressionSyntax Parenthesized(ExpressionSyntax expression) =>
            expression is IdentifierNameSyntax or LiteralExpressionSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax or ElementAccessExpressionSyntax
                ? expression
                : SyntaxFactory.ParenthesizedExpression(expression).WithAdditionalAnnotations(Simplifier.Annotation);

        private static SyntaxKind BinaryKind(SyntaxKind compound) => compound switch
        {
            SyntaxKind.AddAssignmentExpression => SyntaxKind.AddExpression,
            SyntaxKind.SubtractAssignmentExpression => SyntaxKind.SubtractExpression,
            SyntaxKind.MultiplyAssignmentExpression => SyntaxKind.MultiplyExpression,
            SyntaxKind.DivideAssignmentExpression => SyntaxKind.DivideExpression,
            SyntaxKind.ModuloAssignmentExpression => SyntaxKind.ModuloExpression,
            SyntaxKind.AndAssignmentExpression => SyntaxKind.BitwiseAndExpression,
            SyntaxKind.OrAssignmentExpression => SyntaxKind.BitwiseOrExpression,
            SyntaxKind.ExclusiveOrAssignmentExpression => SyntaxKind.ExclusiveOrExpression,
            SyntaxKind.LeftShiftAssignmentExpression => SyntaxKind.LeftShiftExpression,
            SyntaxKind.RightShiftAssignmentExpression => SyntaxKind.RightShiftExpression,
            _ => SyntaxKind.CoalesceExpression,
        };
    }
}
