using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Crypto;

/// <summary>PERF020, (a): which one-shot call an algorithm local takes — its mode and padding, proven from the statements that set them.</summary>
public sealed partial class PERF020UseOneShotCryptographyAnalyzer
{
    private sealed class OneShotCall
    {
        public OneShotCall(string method, string padding, int mode) => (Method, Padding, Mode) = (method, padding, mode);

        public string Method { get; }

        public string Padding { get; }

        public int Mode { get; }
    }

    /// <summary>
    /// <c>Aes</c>, <c>TripleDES</c>, <c>DES</c> or <c>RC2</c> of System.Security.Cryptography: their <c>Create()</c>
    /// returns the platform implementation, which has the one-shot methods (CBC, ECB and CFB) from .NET 6. Not
    /// <c>Rijndael</c> (obsolete; its implementation wraps an Aes) nor a class's own constructor (<c>new AesManaged()</c>).
    /// </summary>
    private static bool IsOneShotFactory(INamedTypeSymbol type, Symbols symbols) =>
        type is { Name: "Aes" or "TripleDES" or "DES" or "RC2", ContainingNamespace: { Name: "Cryptography", ContainingNamespace: { Name: "Security", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } } } &&
        IsSymmetricAlgorithm(type, symbols);

    /// <summary>
    /// The one-shot call for <paramref name="algorithm"/> at <paramref name="use"/>: the local is created by
    /// <c>Aes.Create()</c> (or <c>TripleDES</c>, <c>DES</c>, <c>RC2</c>) in a block (or a <c>using (...)</c> statement) of the same function, is only ever the receiver
    /// of its own members, and its <c>Mode</c> and <c>Padding</c> are the defaults or constants assigned by statements of
    /// that block before the one that holds <paramref name="use"/> — and written nowhere else. Null otherwise.
    /// </summary>
    private static OneShotCall? OneShot(ILocalSymbol algorithm, string direction, IOperation root, SyntaxNode use, Symbols symbols, CancellationToken cancellationToken)
    {
        if (Initializer(algorithm, root)?.WithoutImplicitConversion() is not IInvocationOperation { TargetMethod: { Name: "Create", IsStatic: true, Parameters.Length: 0 } factory } ||
            !IsOneShotFactory(factory.ContainingType, symbols) ||
            algorithm.DeclaringSyntaxReferences.Length != 1 ||
            algorithm.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is not VariableDeclaratorSyntax declarator)
        {
            return null;
        }

        // The statements after the declaration that run before the pipeline.
        IReadOnlyList<StatementSyntax> scope;
        int from;
        switch (declarator.Parent?.Parent)
        {
            case LocalDeclarationStatementSyntax { Parent: BlockSyntax block } statement:
                scope = block.Statements;
                from = block.Statements.IndexOf(statement) + 1;
                break;
            case UsingStatementSyntax { Statement: var body }:
                scope = body is BlockSyntax bodyBlock ? bodyBlock.Statements : new[] { body };
                from = 0;
                break;
            default:
                return null;
        }

        if (PERF020StreamPipeline.TopStatement(scope, use) is not { } top || top.Index < from)
        {
            return null;
        }

        var function = FunctionOfDeclaration(algorithm, root);
        int mode = CipherModeCbc, padding = PaddingModePkcs7;
        int modeAt = -1, paddingAt = -1;
        foreach (var operation in root.Descendants())
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (operation is not ILocalReferenceOperation reference || !SymbolEqualityComparer.Default.Equals(reference.Local, algorithm))
            {
                continue;
            }

            if (reference.EnclosingFunction() != function)
            {
                return null;
            }

            switch (reference.Parent)
            {
                case IInvocationOperation invocation when invocation.Instance == reference:
                    continue;
                case IPropertyReferenceOperation property when property.Instance == reference:
                    if (property.Property.Name is not ("Mode" or "Padding"))
                    {
                        continue;
                    }

                    if (property.Parent is ISimpleAssignmentOperation assignment && assignment.Target == property)
                    {
                        // aes.Mode = CipherMode.X; as a statement of the scope, before the pipeline.
                        if (assignment.Value.ConstantValue is not { HasValue: true, Value: int value } ||
                            assignment.Parent is not IExpressionStatementOperation { Syntax: StatementSyntax statement } ||
                            PERF020StreamPipeline.TopStatement(scope, statement) is not { } at ||
                            at.Statement != statement || at.Index < from || at.Index >= top.Index)
                        {
                            return null;
                        }

                        if (property.Property.Name == "Mode" && at.Index > modeAt)
                        {
                            (mode, modeAt) = (value, at.Index);
                        }
                        else if (property.Property.Name == "Padding" && at.Index > paddingAt)
                        {
                            (padding, paddingAt) = (value, at.Index);
                        }

                        continue;
                    }

                    if (property.Parent is IAssignmentOperation or IIncrementOrDecrementOperation or ITupleOperation)
                    {
                        return null; // a compound assignment, ++, or a deconstruction
                    }

                    continue;
                default:
                    return null; // passed, assigned, captured: something else may change it
            }
        }

        var suffix = mode switch
        {
            CipherModeCbc => "Cbc",
            CipherModeEcb => "Ecb",
            CipherModeCfb => "Cfb",
            _ => null,
        };
        // Without padding, a plaintext that is not a whole number of blocks makes the stream throw CryptographicException
        // and EncryptCbc/EncryptEcb ArgumentException: a different exception, so no rewrite (CFB8 takes any length).
        if (direction == "Encrypt" && padding == PaddingModeNone && mode is CipherModeCbc or CipherModeEcb)
        {
            return null;
        }

        var paddingName = PaddingName(symbols.PaddingMode, padding);
        return suffix is null || paddingName is null ? null : new OneShotCall(direction + suffix, paddingName, mode);
    }

    private static string? PaddingName(INamedTypeSymbol? paddingMode, int value)
    {
        if (paddingMode is null)
        {
            return null;
        }

        foreach (var member in paddingMode.GetMembers())
        {
            if (member is IFieldSymbol { HasConstantValue: true, ConstantValue: int constant } field && constant == value)
            {
                return field.Name;
            }
        }

        return null;
    }

    private static string Suggestion(string algorithm, SyntaxNode data, OneShotCall oneShot) => oneShot.Mode switch
    {
        CipherModeEcb => $"{algorithm}.{oneShot.Method}({data.OneLine()}, PaddingMode.{oneShot.Padding})",
        CipherModeCfb => $"{algorithm}.{oneShot.Method}({data.OneLine()}, {algorithm}.IV, PaddingMode.{oneShot.Padding}, {algorithm}.FeedbackSize)",
        _ => $"{algorithm}.{oneShot.Method}({data.OneLine()}, {algorithm}.IV, PaddingMode.{oneShot.Padding})",
    };
}
