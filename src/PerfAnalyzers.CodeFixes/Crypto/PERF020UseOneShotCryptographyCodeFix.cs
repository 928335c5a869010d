using System.Collections.Generic;
using System.Composition;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Crypto;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Crypto;

/// <summary>
/// PERF020 fix: the stream pipeline (from its first declaration to <c>return ms.ToArray();</c>) becomes
/// <c>return aes.EncryptCbc(data, aes.IV, PaddingMode.PKCS7);</c> (or the mode's and direction's one-shot method, with
/// <c>aes.FeedbackSize</c> for CFB); <c>aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length)</c> the same call;
/// a <c>Rfc2898DeriveBytes</c> local used for one <c>GetBytes(n)</c> becomes <c>Rfc2898DeriveBytes.Pbkdf2(password,
/// salt, iterations, hash, n)</c>, the constructor's defaults (1000 iterations, SHA-1) written out.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF020UseOneShotCryptographyCodeFix)), Shared]
public sealed class PERF020UseOneShotCryptographyCodeFix() : DocumentFix(Rules.PERF020.Info, "Use the one-shot cryptography API")
{
    protected override bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic) => DiagnosticProperties.ShapeOf(diagnostic) switch
    {
        PERF020UseOneShotCryptographyAnalyzer.ShapeStream => EditStream(input, editor, diagnostic),
        PERF020UseOneShotCryptographyAnalyzer.ShapeTransform => EditTransform(input, editor, diagnostic),
        PERF020UseOneShotCryptographyAnalyzer.ShapePbkdf2 => EditPbkdf2(input, editor, diagnostic),
        _ => false,
    };

    private static bool EditStream(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        if (diagnostic.AdditionalLocations.Count != 1 ||
            Statement(input.Root, diagnostic.AdditionalLocations[0]) is not { } start ||
            PERF020StreamPipeline.From(start) is not { } pipeline ||
            input.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not BaseObjectCreationExpressionSyntax { ArgumentList.Arguments: { Count: 3 } arguments } ||
            pipeline.WriteCall.ArgumentList.Arguments.FirstOrDefault()?.Expression is not { } data)
        {
            return false;
        }

        // The transform: alg.CreateEncryptor() in place, or the initializer of the transform local.
        var transform = arguments[1].Expression;
        if (transform is IdentifierNameSyntax name)
        {
            transform = pipeline.Declarators.FirstOrDefault(d => d.Identifier.ValueText == name.Identifier.ValueText)?.Initializer?.Value;
        }

        if (OneShotCall(transform, data, diagnostic) is not { } call)
        {
            return false;
        }

        // The pipeline's statements go from the first to the end of its block; the first becomes the return.
        var statements = start.Parent is BlockSyntax block ? block.Statements.SkipWhile(s => s != start).ToList() : new List<StatementSyntax> { start };
        var replacement = SyntaxFactory.ReturnStatement(call)
            .WithLeadingTrivia(start.GetLeadingTrivia())
            .WithTrailingTrivia(statements[statements.Count - 1].GetTrailingTrivia())
            .WithAdditionalAnnotations(Formatter.Annotation);
        editor.ReplaceNode(start, replacement);
        foreach (var statement in statements.Skip(1))
        {
            editor.RemoveNode(statement, SyntaxRemoveOptions.KeepNoTrivia);
        }

        return true;
    }

    private static bool EditTransform(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        if (input.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not InvocationExpressionSyntax
            {
                Expression: MemberAccessExpressionSyntax { Expression: var transform },
                ArgumentList.Arguments: { Count: 3 } arguments,
            } invocation)
        {
            return false;
        }

        // A transform local declared by the statement before: its initializer is the transform, and its declaration goes.
        StatementSyntax? declaration = null;
        if (diagnostic.AdditionalLocations.Count == 1)
        {
            if (Statement(input.Root, diagnostic.AdditionalLocations[0]) is not LocalDeclarationStatementSyntax { Declaration.Variables: { Count: 1 } variables } declaring ||
                transform is not IdentifierNameSyntax name || variables[0].Identifier.ValueText != name.Identifier.ValueText)
            {
                return false;
            }

            declaration = declaring;
            transform = variables[0].Initializer?.Value;
        }

        if (OneShotCall(transform, arguments[0].Expression, diagnostic) is not { } call)
        {
            return false;
        }

        editor.ReplaceNode(invocation, call.WithTriviaFrom(invocation));
        if (declaration is not null)
        {
            editor.RemoveNode(declaration, SyntaxRemoveOptions.KeepNoTrivia);
        }

        return true;
    }

    private static bool EditPbkdf2(FixInput input, SyntaxEditor editor, Diagnostic diagnostic)
    {
        if (input.Root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is not BaseObjectCreationExpressionSyntax
            {
                ArgumentList.Arguments: { Count: >= 2 and <= 4 } arguments,
                Parent: EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent.Parent: StatementSyntax declaration } declarator },
            } ||
            PERF020UseOneShotCryptographyAnalyzer.NextStatement(declaration) is not { } next ||
            PERF020UseOneShotCryptographyAnalyzer.GetBytesCall(next, declarator.Identifier.ValueText) is not { ArgumentList.Arguments: { Count: 1 } length } getBytes)
        {
            return false;
        }

        // Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, hash, n): the constructor's defaults written out.
        var values = arguments.Select(a => SyntaxFactory.Argument(a.Expression.WithoutTrivia())).ToList();
        if (diagnostic.Properties.TryGetValue(PERF020UseOneShotCryptographyAnalyzer.OrderKey, out var order) && order is not null)
        {
            // Named arguments out of order: positional, in the parameters' order (the analyzer proved them free of side effects).
            var indices = order.Split(',').Select(i => int.Parse(i, System.Globalization.CultureInfo.InvariantCulture)).ToList();
            if (indices.Count != values.Count || indices.Any(i => i < 0 || i >= values.Count))
            {
                return false;
            }

            values = indices.Select(i => values[i]).ToList();
        }
        if (diagnostic.Properties.TryGetValue(PERF020UseOneShotCryptographyAnalyzer.Utf8Key, out var utf8) && utf8 == "true")
        {
            // Encoding.UTF8.GetBytes(password): the constructor's conversion (a lone surrogate becomes U+FFFD, where the
            // one-shot string overload would throw).
            values[0] = SyntaxFactory.Argument(SyntaxFactory.InvocationExpression(
                Member(Member(Type("global::System.Text.Encoding"), "UTF8"), "GetBytes"),
                SyntaxFactory.ArgumentList(SyntaxFactory.SingletonSeparatedList(values[0]))));
        }
        if (values.Count == 2)
        {
            values.Add(SyntaxFactory.Argument(SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(1000))));
        }

        if (values.Count == 3)
        {
            values.Add(SyntaxFactory.Argument(Member(Type("global::System.Security.Cryptography.HashAlgorithmName"), "SHA1")));
        }

        values.Add(SyntaxFactory.Argument(length[0].Expression.WithoutTrivia()));
        var call = SyntaxFactory.InvocationExpression(
            Member(Type("global::System.Security.Cryptography.Rfc2898DeriveBytes"), "Pbkdf2"),
            SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(values)));
        editor.ReplaceNode(getBytes, call.WithTriviaFrom(getBytes));
        if (declaration is UsingStatementSyntax usingStatement)
        {
            // using (var kdf = ...) { return kdf.GetBytes(n); } → return Rfc2898DeriveBytes.Pbkdf2(...);
            editor.ReplaceNode(usingStatement, (current, _) =>
            {
                var body = ((UsingStatementSyntax)current).Statement;
                var only = body is BlockSyntax block ? block.Statements[0] : body;
                return only.WithLeadingTrivia(usingStatement.GetLeadingTrivia())
                    .WithTrailingTrivia(usingStatement.GetTrailingTrivia())
                    .WithAdditionalAnnotations(Formatter.Annotation);
            });
            return true;
        }

        // The declaration goes; the statement after it takes over its leading trivia.
        var leading = declaration.GetLeadingTrivia();
        editor.ReplaceNode(next, (current, _) => current.WithLeadingTrivia(leading));
        editor.RemoveNode(declaration, SyntaxRemoveOptions.KeepNoTrivia);
        return true;
    }

    /// <summary>
    /// <c>alg.EncryptCbc(data, alg.IV, PaddingMode.X)</c>, <c>alg.EncryptEcb(data, PaddingMode.X)</c> or
    /// <c>alg.EncryptCfb(data, alg.IV, PaddingMode.X, alg.FeedbackSize)</c> (or Decrypt) for the transform
    /// <c>alg.CreateEncryptor()</c>, with the method and padding the analyzer proved.
    /// </summary>
    private static ExpressionSyntax? OneShotCall(ExpressionSyntax? transform, ExpressionSyntax data, Diagnostic diagnostic)
    {
        if (transform is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Expression: var receiver }, ArgumentList.Arguments.Count: 0 } ||
            !diagnostic.Properties.TryGetValue(PERF020UseOneShotCryptographyAnalyzer.MethodKey, out var method) || method is null ||
            !diagnostic.Properties.TryGetValue(PERF020UseOneShotCryptographyAnalyzer.PaddingKey, out var padding) || padding is null)
        {
            return null;
        }

        var algorithm = receiver.WithoutTrivia();
        var values = new List<ExpressionSyntax> { data.WithoutTrivia() };
        if (!method.EndsWith("Ecb", System.StringComparison.Ordinal))
        {
            values.Add(Member(algorithm, "IV"));
        }

        values.Add(Member(Type("global::System.Security.Cryptography.PaddingMode"), padding));
        if (method.EndsWith("Cfb", System.StringComparison.Ordinal))
        {
            values.Add(Member(algorithm, "FeedbackSize"));
        }

        var call = SyntaxFactory.InvocationExpression(
            Member(algorithm, method),
            SyntaxFactory.ArgumentList(SyntaxFactory.SeparatedList(values.Select(SyntaxFactory.Argument))));

        // An empty ciphertext under a padding that decryption removes: the stream and TransformFinalBlock return an empty
        // array, the one-shot method throws. The fix keeps that answer: data.Length == 0 ? Array.Empty<byte>() : call.
        if (!method.StartsWith("Decrypt", System.StringComparison.Ordinal) || padding is not ("PKCS7" or "ANSIX923" or "ISO10126"))
        {
            return call;
        }

        var empty = SyntaxFactory.InvocationExpression(SyntaxFactory.MemberAccessExpression(
            SyntaxKind.SimpleMemberAccessExpression,
            Type("global::System.Array"),
            SyntaxFactory.GenericName(SyntaxFactory.Identifier("Empty"), SyntaxFactory.TypeArgumentList(SyntaxFactory.SingletonSeparatedList<TypeSyntax>(SyntaxFactory.PredefinedType(SyntaxFactory.Token(SyntaxKind.ByteKeyword)))))));
        var isEmpty = SyntaxFactory.BinaryExpression(SyntaxKind.EqualsExpression, Member(data.WithoutTrivia(), "Length"), SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(0)));
        return SyntaxFactory.ParenthesizedExpression(SyntaxFactory.ConditionalExpression(isEmpty, empty, call)).WithAdditionalAnnotations(Simplifier.Annotation);
    }

    /// <summary>A type as the receiver of a static member, reduced by the simplifier (and imported when the file lacks the namespace).</summary>
    private static NameSyntax Type(string fullyQualifiedName) =>
        SyntaxFactory.ParseName(fullyQualifiedName).WithAdditionalAnnotations(Simplifier.Annotation, Simplifier.AddImportsAnnotation);

    private static MemberAccessExpressionSyntax Member(ExpressionSyntax receiver, string name) =>
        SyntaxFactory.MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, receiver, SyntaxFactory.IdentifierName(name));

    private static StatementSyntax? Statement(SyntaxNode root, Location location) =>
        root.FindNode(location.SourceSpan, getInnermostNodeForTie: true).AncestorsAndSelf().OfType<StatementSyntax>().FirstOrDefault(s => s.Span == location.SourceSpan);
}
