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
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Types;

namespace PerfAnalyzers.CodeFixes.Types;

/// <summary>
/// PERF009 fix: <c>Enum.IsDefined(typeof(E), v)</c> → <c>Enum.IsDefined(v)</c>; <c>(E[])Enum.GetValues(typeof(E))</c>
/// → <c>Enum.GetValues&lt;E&gt;()</c>; <c>(E)Enum.Parse(typeof(E), s)</c> → <c>Enum.Parse&lt;E&gt;(s)</c>.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF009UseGenericEnumApisCodeFix)), Shared]
public sealed class PERF009UseGenericEnumApisCodeFix() : DocumentFix(Rules.PERF009.Info, "Use the generic Enum API")
{
    protected override void AddEdits(FixInput input, Diagnostic diagnostic, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        var root = input.Root;
        if (!diagnostic.Properties.TryGetValue(DiagnosticProperties.Shape, out var shape) ||
            root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not SimpleNameSyntax name ||
            Invocation(name) is not { ArgumentList.Arguments.Count: > 0 } invocation ||
            PERF009UseGenericEnumApisAnalyzer.TypeArgumentIndex(invocation) is not (>= 0 and var index) ||
            invocation.ArgumentList.Arguments[index].Expression is not TypeOfExpressionSyntax)
        {
            return;
        }

        switch (shape)
        {
            case PERF009UseGenericEnumApisAnalyzer.ShapeDropType:
                edits.Add((invocation, current => DropTypeArgument((InvocationExpressionSyntax)current)));
                break;
            case PERF009UseGenericEnumApisAnalyzer.ShapeReplaceCall:
                edits.Add((invocation, current => Generic((InvocationExpressionSyntax)current).WithTriviaFrom(current)));
                break;
            case PERF009UseGenericEnumApisAnalyzer.ShapeReplaceCast when OutermostCast(invocation) is { } cast:
                edits.Add((cast, current => Generic(InnerInvocation(current)).WithTriviaFrom(current)));
                break;
        }
    }

    private static InvocationExpressionSyntax? Invocation(SimpleNameSyntax name) => name.Parent switch
    {
        MemberAccessExpressionSyntax access when access.Name == name => access.Parent as InvocationExpressionSyntax,
        InvocationExpressionSyntax call when call.Expression == name => call,
        _ => null,
    };

    /// <summary>The cast around the call, with any parentheses around the cast (an invocation needs none).</summary>
    private static ExpressionSyntax? OutermostCast(InvocationExpressionSyntax invocation)
    {
        SyntaxNode current = invocation;
        while (current.Parent is ParenthesizedExpressionSyntax)
        {
            current = current.Parent;
        }

        if (current.Parent is not CastExpressionSyntax cast)
        {
            return null;
        }

        ExpressionSyntax outer = cast;
        while (outer.Parent is ParenthesizedExpressionSyntax parenthesized)
        {
            outer = parenthesized;
        }

        return outer;
    }

    private static InvocationExpressionSyntax InnerInvocation(SyntaxNode node)
    {
        while (true)
        {
            switch (node)
            {
                case ParenthesizedExpressionSyntax parenthesized:
                    node = parenthesized.Expression;
                    break;
                case CastExpressionSyntax cast:
                    node = cast.Expression;
                    break;
                default:
                    return (InvocationExpressionSyntax)node;
            }
        }
    }

    /// <summary>Drops the <c>typeof(E)</c> argument, wherever it is written, and keeps the rest as written.</summary>
    private static InvocationExpressionSyntax DropTypeArgument(InvocationExpressionSyntax invocation)
    {
        var arguments = invocation.ArgumentList.Arguments;
        var index = PERF009UseGenericEnumApisAnalyzer.TypeArgumentIndex(invocation);
        var kept = arguments.Where((_, i) => i != index).Select((a, i) => i == 0 ? a.WithLeadingTrivia(arguments[0].GetLeadingTrivia()) : a).ToList();
        var separators = arguments.GetSeparators().Take(Math.Max(0, kept.Count - 1));
        return invocation.WithArgumentList(invocation.ArgumentList.WithArguments(SyntaxFactory.SeparatedList(kept, separators)));
    }

    /// <summary><c>Enum.M(typeof(E), rest)</c> → <c>Enum.M&lt;E&gt;(rest)</c>, keeping how the receiver was written.</summary>
    private static InvocationExpressionSyntax Generic(InvocationExpressionSyntax invocation)
    {
        var type = ((TypeOfExpressionSyntax)invocation.ArgumentList.Arguments[PERF009UseGenericEnumApisAnalyzer.TypeArgumentIndex(invocation)].Expression).Type.WithoutTrivia();
        ExpressionSyntax callee = invocation.Expression switch
        {
            MemberAccessExpressionSyntax access => access.WithName(GenericName(access.Name, type)),
            SimpleNameSyntax simple => GenericName(simple, type),
            _ => invocation.Expression,
        };
        return DropTypeArgument(invocation).WithExpression(callee);
    }

    private static GenericNameSyntax GenericName(SimpleNameSyntax name, TypeSyntax type) =>
        SyntaxFactory.GenericName(name.Identifier, SyntaxFactory.TypeArgumentList(SyntaxFactory.SingletonSeparatedList(type)));
}
