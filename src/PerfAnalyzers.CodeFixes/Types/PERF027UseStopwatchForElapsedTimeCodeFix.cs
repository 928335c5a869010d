using System.Collections.Generic;
using System.Composition;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Types;

namespace PerfAnalyzers.CodeFixes.Types;

/// <summary>
/// PERF027 fix: the variable becomes a <c>long</c> timestamp (<c>Stopwatch.GetTimestamp()</c>, read as
/// <c>Stopwatch.GetElapsedTime(start)</c>) or a <c>Stopwatch</c> (<c>Stopwatch.StartNew()</c>, read as
/// <c>start.Elapsed</c>, a later write <c>start.Restart()</c>); its name stays.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF027UseStopwatchForElapsedTimeCodeFix)), Shared]
public sealed class PERF027UseStopwatchForElapsedTimeCodeFix() : DocumentFix(Rules.PERF027.Info, "Measure elapsed time with Stopwatch")
{
    protected override bool NeedsSemanticModel => true;

    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        var model = input.Model!;
        var cancellationToken = input.CancellationToken;
        var shape = DiagnosticProperties.ShapeOf(diagnostic);
        if (shape is not (PERF027UseStopwatchForElapsedTimeAnalyzer.ShapeTimestamp or PERF027UseStopwatchForElapsedTimeAnalyzer.ShapeStartNew) ||
            input.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not ExpressionSyntax reported ||
            Variable(reported, model, cancellationToken) is not { } variable ||
            variable.DeclaringSyntaxReferences.Length != 1 ||
            variable.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax declaration } declarator ||
            declarator.SyntaxTree != input.Root.SyntaxTree)
        {
            return false;
        }

        var timestamp = shape == PERF027UseStopwatchForElapsedTimeAnalyzer.ShapeTimestamp;

        // A Stopwatch field with no initializer would be null until its first write (a DateTime was a date): no fix there.
        if (!timestamp && variable is IFieldSymbol && declarator.Initializer is null)
        {
            return false;
        }

        // A later write restarts the watch the initializer created; without an initializer each write creates one.
        var restart = declarator.Initializer is not null &&
                      diagnostic.Properties.TryGetValue(PERF027UseStopwatchForElapsedTimeAnalyzer.HasRestartKey, out var hasRestart) && hasRestart == "true";

        // A local's block (or the file, for top-level statements); a field's class.
        var scope = declaration.Parent?.Parent is GlobalStatementSyntax global ? global.Parent : declaration.Parent?.Parent;
        if (scope is null)
        {
            return false;
        }

        var uses = new List<ExpressionSyntax>();
        foreach (var identifier in scope.DescendantNodes().OfType<IdentifierNameSyntax>())
        {
            if (identifier.Identifier.ValueText == variable.Name &&
                SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(identifier, cancellationToken).Symbol, variable))
            {
                uses.Add(identifier.Parent is MemberAccessExpressionSyntax access && access.Name == identifier ? access : identifier);
            }
        }

        // Every use must be one the analyzer proved: a write of the clock, or the right operand of its subtraction.
        var edits = new List<(SyntaxNode Node, SyntaxNode Replacement)>();
        foreach (var use in uses)
        {
            switch (use.Parent)
            {
                // A statement, an arrow body or a for loop's step: the analyzer proved the assignment's value is not used.
                case AssignmentExpressionSyntax assignment when assignment.Left == use && assignment.IsKind(SyntaxKind.SimpleAssignmentExpression):
                    edits.Add(timestamp || !restart
                        ? (assignment.Right, Call(timestamp ? "GetTimestamp" : "StartNew").WithTriviaFrom(assignment.Right))
                        : (assignment, SyntaxFactory.InvocationExpression(Member(use.WithoutTrivia(), "Restart")).WithTriviaFrom(assignment)));
                    break;
                case BinaryExpressionSyntax binary when binary.IsKind(SyntaxKind.SubtractExpression) && binary.Right == use:
                    edits.Add(Elapsed(OutermostParentheses(binary), use, timestamp));
                    break;
                case ArgumentSyntax { Parent: ArgumentListSyntax { Parent: InvocationExpressionSyntax invocation } }:
                    edits.Add(Elapsed(OutermostParentheses(invocation), use, timestamp));
                    break;
                default:
                    return false;
            }
        }

        if (declarator.Initializer is { } initializer)
        {
            editor.ReplaceNode(initializer.Value, Call(timestamp ? "GetTimestamp" : "StartNew").WithTriviaFrom(initializer.Value));
        }

        if (!declaration.Type.IsVar)
        {
            TypeSyntax type = timestamp ? SyntaxFactory.PredefinedType(SyntaxFactory.Token(SyntaxKind.LongKeyword)) : StopwatchType();
            editor.ReplaceNode(declaration.Type, type.WithTriviaFrom(declaration.Type));
        }

        foreach (var (node, replacement) in edits)
        {
            editor.ReplaceNode(node, replacement);
        }

        return true;
    }

    /// <summary>The variable a reported expression is about: the target of the clock's write, or the operand of a subtraction.</summary>
    private static ISymbol? Variable(ExpressionSyntax reported, SemanticModel model, System.Threading.CancellationToken cancellationToken)
    {
        SyntaxNode? node = reported switch
        {
            { Parent: EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax declarator } } => declarator,
            { Parent: AssignmentExpressionSyntax assignment } when assignment.Right == reported => assignment.Left,
            BinaryExpressionSyntax binary => binary.Right,
            InvocationExpressionSyntax { ArgumentList.Arguments.Count: 1 } invocation => invocation.ArgumentList.Arguments[0].Expression,
            _ => null,
        };

        var symbol = node switch
        {
            VariableDeclaratorSyntax declarator => model.GetDeclaredSymbol(declarator, cancellationToken),
            ExpressionSyntax expression => model.GetSymbolInfo(expression, cancellationToken).Symbol,
            _ => null,
        };
        return symbol is ILocalSymbol or IFieldSymbol ? symbol : null;
    }

    private static SyntaxNode OutermostParentheses(ExpressionSyntax expression)
    {
        SyntaxNode node = expression;
        while (node.Parent is ParenthesizedExpressionSyntax parenthesized)
        {
            node = parenthesized;
        }

        return node;
    }

    /// <summary><paramref name="replaced"/> becomes <c>Stopwatch.GetElapsedTime(start)</c> or <c>start.Elapsed</c>, with its trivia.</summary>
    private static (SyntaxNode Node, SyntaxNode Replacement) Elapsed(SyntaxNode replaced, ExpressionSyntax use, bool timestamp)
    {
        var operand = use.WithoutTrivia();
        ExpressionSyntax elapsed = timestamp
            ? Call("GetElapsedTime", operand)
            : Member(operand, "Elapsed");
        return (replaced, elapsed.WithTriviaFrom(replaced));
    }

    private static MemberAccessExpressionSyntax Member(ExpressionSyntax receiver, string name) =>
        SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, SyntaxFactory.IdentifierName(name));

    /// <summary><c>Stopwatch.Method(arguments)</c>, with System.Diagnostics imported.</summary>
    private static InvocationExpressionSyntax Call(string method, params ExpressionSyntax[] arguments) =>
        SyntaxFactory.InvocationExpression(
            Member(StopwatchType(), method),
            SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(arguments.Select(SyntaxFactory.Argument))));

    private static NameSyntax StopwatchType() =>
        SyntaxFactory.ParseName("global::System.Diagnostics.Stopwatch").WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);
}
