using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Crypto;

/// <summary>PERF020, (b): <c>new Rfc2898DeriveBytes(...)</c> read for one <c>GetBytes(n)</c> → <c>Rfc2898DeriveBytes.Pbkdf2</c>.</summary>
public sealed partial class PERF020UseOneShotCryptographyAnalyzer
{
    // ---- (b) PBKDF2 ----

    private static void AnalyzePbkdf2(OperationAnalysisContext context, PerfCompilation compilation, Symbols symbols)
    {
        var creation = (IObjectCreationOperation)context.Operation;
        var cancellationToken = context.CancellationToken;

        // new Rfc2898DeriveBytes(password, salt[, iterations[, hash]]) with a byte[] salt (not a salt size), arguments in
        // order (the one-shot call evaluates them in parameter order), a local of its own.
        if (!SymbolEqualityComparer.Default.Equals(creation.Type, symbols.Rfc2898DeriveBytes) ||
            creation.Constructor is not { Parameters.Length: >= 2 and <= 4 } constructor || creation.Initializer is not null ||
            constructor.Parameters[1].Type is not IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Byte } ||
            constructor.Parameters[0].Type.SpecialType != SpecialType.System_String && constructor.Parameters[0].Type is not IArrayTypeSymbol ||
            (constructor.Parameters.Length >= 3 && constructor.Parameters[2].Type.SpecialType != SpecialType.System_Int32) ||
            (constructor.Parameters.Length == 4 && !SymbolEqualityComparer.Default.Equals(constructor.Parameters[3].Type, symbols.HashAlgorithmName)) ||
            creation.Syntax is not BaseObjectCreationExpressionSyntax { ArgumentList.Arguments: var arguments } ||
            arguments.Count != constructor.Parameters.Length ||
            DeclaredBy(creation) is not { } kdf ||
            DeclaringStatement(kdf, cancellationToken) is not { } declaration ||
            creation.SemanticModel is not { } model)
        {
            return;
        }

        // Named arguments may come in any order: order[p] is the written argument of parameter p. Reordered, they are
        // evaluated in parameter order by the one-shot call, so each must be free of side effects.
        var order = new int[arguments.Count];
        for (var p = 0; p < order.Length; p++)
        {
            order[p] = -1;
        }

        for (var i = 0; i < arguments.Count; i++)
        {
            var argument = arguments[i];
            var p = argument.NameColon is null ? i : IndexOfParameter(constructor, argument.NameColon.Name.Identifier.ValueText);
            if (argument.RefKindKeyword.RawKind != 0 || p < 0 || order[p] >= 0)
            {
                return;
            }

            order[p] = i;
        }

        var reordered = false;
        for (var p = 0; p < order.Length; p++)
        {
            reordered |= order[p] != p;
        }

        if (reordered)
        {
            foreach (var argument in creation.Arguments)
            {
                // HashAlgorithmName.SHA256 and its kin are static properties that only make a name.
                if (!argument.Value.IsSideEffectFree() &&
                    !(argument.Value is IPropertyReferenceOperation { Instance: null, Property.ContainingType: var owner } &&
                      SymbolEqualityComparer.Default.Equals(owner, symbols.HashAlgorithmName)))
                {
                    return;
                }
            }
        }

        // The one use: kdf.GetBytes(n) as the whole value of the next statement (return, a declaration, an assignment).
        if (NextStatement(declaration) is not { } next ||
            GetBytesCall(next, kdf.Name) is not { } getBytesSyntax ||
            model.GetOperation(getBytesSyntax, cancellationToken) is not IInvocationOperation { TargetMethod: { Name: "GetBytes", Parameters.Length: 1 } } getBytes ||
            getBytes.Instance is not ILocalReferenceOperation { Local: var receiver } ||
            !SymbolEqualityComparer.Default.Equals(receiver, kdf) ||
            getBytes.Arguments.Length != 1 || !getBytes.Arguments[0].Value.IsSideEffectFree() ||
            Uses(creation.GetRoot(), kdf, creation.EnclosingFunction()) != 1 ||
            (declaration is UsingStatementSyntax && next is LocalDeclarationStatementSyntax) ||
            creation.IsInsideExpressionTree(symbols.Types) ||
            MultiTargeting.MentionedInInactiveCode(MultiTargeting.Scope(creation.Syntax), kdf.Name))
        {
            return;
        }

        // The constructor turns a string password into bytes with Encoding.UTF8, which replaces a lone surrogate; the
        // one-shot string overload throws for it. A constant without one keeps the string; any other string is converted
        // as the constructor did.
        var properties = ImmutableDictionary<string, string?>.Empty.Add(DiagnosticProperties.Shape, ShapePbkdf2);
        var spelled = new List<string>();
        foreach (var index in order)
        {
            spelled.Add(arguments[index].Expression.OneLine());
        }

        if (reordered)
        {
            properties = properties.Add(OrderKey, string.Join(",", order));
        }

        if (constructor.Parameters[0].Type.SpecialType == SpecialType.System_String &&
            !(Argument(creation.Arguments, 0)?.ConstantValue is { HasValue: true, Value: string password } && IsWellFormed(password)))
        {
            properties = properties.Add(Utf8Key, "true");
            spelled[0] = "Encoding.UTF8.GetBytes(" + spelled[0] + ")";
        }

        if (spelled.Count == 2)
        {
            spelled.Add("1000");
        }

        if (spelled.Count == 3)
        {
            spelled.Add("HashAlgorithmName.SHA1");
        }

        spelled.Add(getBytes.Arguments[0].Syntax.OneLine());
        Report(context, compilation, creation.Syntax, properties, creation.Syntax.OneLine(), "Rfc2898DeriveBytes.Pbkdf2(" + string.Join(", ", spelled) + ")", null);
    }

    /// <summary>The position of the constructor's parameter named <paramref name="name"/>; -1 when none is.</summary>
    private static int IndexOfParameter(IMethodSymbol method, string name)
    {
        for (var i = 0; i < method.Parameters.Length; i++)
        {
            if (method.Parameters[i].Name == name)
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>Whether a string has no lone surrogate (UTF-8 encodes it without a replacement).</summary>
    private static bool IsWellFormed(string text)
    {
        for (var i = 0; i < text.Length; i++)
        {
            if (char.IsHighSurrogate(text[i]) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                i++;
            }
            else if (char.IsSurrogate(text[i]))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The statement after a declaration: the next one of its block, or the only one of a <c>using (...)</c> statement's body.</summary>
    public static StatementSyntax? NextStatement(StatementSyntax declaration) => declaration switch
    {
        UsingStatementSyntax { Statement: BlockSyntax { Statements: { Count: 1 } statements } } => statements[0],
        UsingStatementSyntax { Statement: not BlockSyntax and var statement } => statement,
        LocalDeclarationStatementSyntax { Parent: BlockSyntax block } when block.Statements.IndexOf(declaration) is var i && i + 1 < block.Statements.Count =>
            block.Statements[i + 1],
        _ => null,
    };

    /// <summary><c>kdf.GetBytes(n)</c> as the value of <c>return ...;</c>, <c>var x = ...;</c> or <c>x = ...;</c>.</summary>
    public static InvocationExpressionSyntax? GetBytesCall(StatementSyntax statement, string local)
    {
        var value = statement switch
        {
            ReturnStatementSyntax { Expression: var returned } => returned,
            LocalDeclarationStatementSyntax { UsingKeyword.RawKind: 0, Declaration.Variables: { Count: 1 } variables } => variables[0].Initializer?.Value,
            ExpressionStatementSyntax { Expression: AssignmentExpressionSyntax { RawKind: (int)Microsoft.CodeAnalysis.CSharp.SyntaxKind.SimpleAssignmentExpression, Left: IdentifierNameSyntax or MemberAccessExpressionSyntax { Expression: ThisExpressionSyntax } } assignment } => assignment.Right,
            _ => null,
        };
        return value is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Expression: IdentifierNameSyntax receiver, Name.Identifier.ValueText: "GetBytes" } } call &&
               receiver.Identifier.ValueText == local
            ? call
            : null;
    }
}
