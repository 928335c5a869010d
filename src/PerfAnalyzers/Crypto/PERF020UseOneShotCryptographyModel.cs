using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace PerfAnalyzers.Crypto;

/// <summary>
/// The syntax of PERF020's stream pipeline, read the same way by the analyzer (which then proves it with operations) and
/// by the fix (which rewrites it): from the pipeline's first statement to the end of its block, descending into the
/// bodies of <c>using (...)</c> statements, two or three declarations (the <c>MemoryStream</c>, optionally the
/// transform, the <c>CryptoStream</c>) followed by exactly <c>cs.Write(...);</c>, <c>cs.FlushFinalBlock();</c> and
/// <c>return ms.ToArray();</c>.
/// </summary>
public sealed class PERF020StreamPipeline
{
    private PERF020StreamPipeline(List<StatementSyntax> declarations, List<VariableDeclaratorSyntax> declarators, ExpressionStatementSyntax write, ExpressionStatementSyntax flush, ReturnStatementSyntax result)
    {
        Declarations = declarations;
        Declarators = declarators;
        Write = write;
        Flush = flush;
        Return = result;
    }

    /// <summary>The declaring statements, outermost first: <c>using var x = ...;</c>, <c>var x = ...;</c> or <c>using (var x = ...)</c>.</summary>
    public List<StatementSyntax> Declarations { get; }

    /// <summary>The declared variables, in the order of <see cref="Declarations"/>.</summary>
    public List<VariableDeclaratorSyntax> Declarators { get; }

    /// <summary><c>cs.Write(data, 0, data.Length);</c> or <c>cs.Write(data);</c>.</summary>
    public ExpressionStatementSyntax Write { get; }

    /// <summary><c>cs.FlushFinalBlock();</c>.</summary>
    public ExpressionStatementSyntax Flush { get; }

    /// <summary><c>return ms.ToArray();</c>.</summary>
    public ReturnStatementSyntax Return { get; }

    /// <summary>The invocation of <see cref="Write"/>.</summary>
    public InvocationExpressionSyntax WriteCall => (InvocationExpressionSyntax)Write.Expression;

    /// <summary>The pipeline that starts at <paramref name="start"/>, or null when the statements are not that shape.</summary>
    public static PERF020StreamPipeline? From(StatementSyntax start)
    {
        var statements = new List<StatementSyntax>();
        IReadOnlyList<StatementSyntax> list = start.Parent is BlockSyntax block ? block.Statements : new[] { start };
        var index = IndexOf(list, start);
        if (index < 0 || !Flatten(list, index, statements) || statements.Count is < 5 or > 6)
        {
            return null;
        }

        var declarations = new List<StatementSyntax>();
        var declarators = new List<VariableDeclaratorSyntax>();
        for (var i = 0; i < statements.Count - 3; i++)
        {
            if (Declarator(statements[i]) is not { Initializer: not null } declarator)
            {
                return null;
            }

            declarations.Add(statements[i]);
            declarators.Add(declarator);
        }

        var n = statements.Count;
        return statements[n - 3] is ExpressionStatementSyntax { Expression: InvocationExpressionSyntax } write &&
               statements[n - 2] is ExpressionStatementSyntax { Expression: InvocationExpressionSyntax } flush &&
               statements[n - 1] is ReturnStatementSyntax { Expression: InvocationExpressionSyntax } result
            ? new PERF020StreamPipeline(declarations, declarators, write, flush, result)
            : null;
    }

    /// <summary>The only variable of <c>[using] var x = ...;</c> or <c>using (var x = ...)</c>; null for any other statement.</summary>
    public static VariableDeclaratorSyntax? Declarator(StatementSyntax statement) => statement switch
    {
        LocalDeclarationStatementSyntax { Declaration.Variables: { Count: 1 } variables } => variables[0],
        UsingStatementSyntax { Declaration.Variables: { Count: 1 } variables, Expression: null } => variables[0],
        _ => null,
    };

    /// <summary>
    /// The statements from <paramref name="index"/> to the end of <paramref name="list"/>, a <c>using (...)</c> statement
    /// followed by its body's statements; a <c>using (...)</c> statement must be the last of its list, or followed only
    /// by a <c>return</c>.
    /// </summary>
    private static bool Flatten(IReadOnlyList<StatementSyntax> list, int index, List<StatementSyntax> statements)
    {
        for (var i = index; i < list.Count; i++)
        {
            if (statements.Count == 6)
            {
                return false;
            }

            var statement = list[i];
            statements.Add(statement);
            if (statement is UsingStatementSyntax { Declaration: not null, Expression: null } usingStatement)
            {
                // Its body's statements follow it; after it, at most one statement (the return of
                // 'using (var cs = ...) { cs.Write(...); cs.FlushFinalBlock(); } return ms.ToArray();').
                if (i < list.Count - 2)
                {
                    return false;
                }

                IReadOnlyList<StatementSyntax> body = usingStatement.Statement is BlockSyntax block ? block.Statements : new[] { usingStatement.Statement };
                if (!Flatten(body, 0, statements))
                {
                    return false;
                }

                if (i == list.Count - 2)
                {
                    if (statements.Count == 6 || list[i + 1] is not ReturnStatementSyntax after)
                    {
                        return false;
                    }

                    statements.Add(after);
                }

                return true;
            }

            if (statement is UsingStatementSyntax or BlockSyntax)
            {
                return false;
            }
        }

        return true;
    }

    private static int IndexOf(IReadOnlyList<StatementSyntax> list, StatementSyntax statement)
    {
        for (var i = 0; i < list.Count; i++)
        {
            if (list[i] == statement)
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>
    /// The statement of the block (or the embedded statement) <paramref name="scope"/> lists that is or contains
    /// <paramref name="node"/>, and its position; null when the node is outside.
    /// </summary>
    public static (StatementSyntax Statement, int Index)? TopStatement(IReadOnlyList<StatementSyntax> scope, SyntaxNode node)
    {
        for (var i = 0; i < scope.Count; i++)
        {
            if (scope[i].Span.Contains(node.Span))
            {
                return (scope[i], i);
            }
        }

        return null;
    }
}
