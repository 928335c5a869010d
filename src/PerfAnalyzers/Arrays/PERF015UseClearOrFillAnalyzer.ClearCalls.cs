using System;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Arrays;

/// <summary>PERF015's search for <c>Array.Clear(a, 0, a.Length)</c>: a text search of each file, then only the calls found are bound.</summary>
public sealed partial class PERF015UseClearOrFillAnalyzer
{
    /// <summary>
    /// Every <c>Clear(x, y, z)</c> call in the file, found by its name in the file's text (an ordinal search; the text of a
    /// file read from disk is not copied unless it is large) and a syntactic check of the call's shape, is bound and analyzed; nothing else is bound.
    /// </summary>
    private static void FindClearCalls(SemanticModelAnalysisContext context, Symbols apis)
    {
        const string Name = "Clear";
        var tree = context.SemanticModel.SyntaxTree;
        var text = tree.GetText(context.CancellationToken).ToString();
        SyntaxNode? root = null;
        for (var at = text.IndexOf(Name, StringComparison.Ordinal); at >= 0; at = text.IndexOf(Name, at + Name.Length, StringComparison.Ordinal))
        {
            context.CancellationToken.ThrowIfCancellationRequested();
            if (!MayBeCallWithArguments(text, at, Name.Length))
            {
                continue;
            }

            root ??= tree.GetRoot(context.CancellationToken);

            // The identifier itself (not part of a longer name, a comment, a string or disabled text; @Clear too), called directly
            // (using static System.Array) or as a member, with three positional arguments.
            var token = root.FindToken(at);
            if (token.Span.End != at + Name.Length || !token.IsKind(SyntaxKind.IdentifierToken) || token.ValueText != Name ||
                token.Parent is not IdentifierNameSyntax name)
            {
                continue;
            }

            var callee = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access : (ExpressionSyntax)name;
            if (callee.Parent is not InvocationExpressionSyntax { ArgumentList.Arguments.Count: 3 } call || call.Expression != callee ||
                call.ArgumentList.Arguments[0].NameColon is not null ||
                call.ArgumentList.Arguments[1].NameColon is not null ||
                call.ArgumentList.Arguments[2].NameColon is not null ||
                context.SemanticModel.GetOperation(call, context.CancellationToken) is not IInvocationOperation invocation)
            {
                continue;
            }

            // Roslyn skips generated files for this scan, not a [GeneratedCode] type in a hand-written one.
            var model = context.SemanticModel;
            AnalyzeInvocation(invocation, call, apis, context.Options, d =>
            {
                if (!GeneratedCode.IsMarked(model.GetEnclosingSymbol(call.SpanStart, context.CancellationToken)))
                {
                    ProfileGate.Report(context.ReportDiagnostic, d, model, context.Options, context.CancellationToken);
                }
            });
        }
    }

    /// <summary>
    /// Whether the name at <paramref name="at"/> may be a call with arguments, read from the text alone: not part of a
    /// longer identifier, and not <c>Clear()</c> (whitespace allowed). Anything else (a comment, a generic argument list)
    /// goes to the syntax check. Finding the token of each hit cost most of this scan on NLog, whose 117 hits are nearly all
    /// <c>list.Clear()</c> and longer names (docs/rules/PERF015.md).
    /// </summary>
    private static bool MayBeCallWithArguments(string text, int at, int length)
    {
        if (at > 0 && SyntaxFacts.IsIdentifierPartCharacter(text[at - 1]))
        {
            return false;
        }

        var next = SkipWhitespace(text, at + length);
        if (next < text.Length && SyntaxFacts.IsIdentifierPartCharacter(text[next]))
        {
            return false;
        }

        if (next < text.Length && text[next] == '(')
        {
            var first = SkipWhitespace(text, next + 1);
            return first < text.Length && text[first] != ')';
        }

        return true;
    }

    private static int SkipWhitespace(string text, int at)
    {
        while (at < text.Length && char.IsWhiteSpace(text[at]))
        {
            at++;
        }

        return at;
    }

    /// <summary><c>Array.Clear(a, 0, a.Length)</c> → <c>Array.Clear(a)</c>, where that overload exists.</summary>
    private static void AnalyzeInvocation(IInvocationOperation invocation, InvocationExpressionSyntax syntax, Symbols apis, AnalyzerOptions options, Action<Diagnostic> report)
    {
        if (!SymbolEqualityComparer.Default.Equals(invocation.TargetMethod, apis.ClearRange))
        {
            return;
        }

        var array = OperationHelpers.WithoutImplicitConversion(invocation.Arguments[0].Value);
        if (array.Type is not IArrayTypeSymbol { IsSZArray: true } ||
            !LoopShape.IsStableReference(array) ||
            invocation.Arguments[1].Value.ConstantValue is not { HasValue: true, Value: 0 } ||
            !LoopShape.IsLengthOf(invocation.Arguments[2].Value, array))
        {
            return;
        }

        Report(report, options, apis, invocation.SemanticModel, syntax.GetLocation(), "'" + syntax + "'", $"{syntax.Expression}({array.Syntax})", ShapeDropRange, null);
    }
}
