using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Async;

/// <summary>
/// The syntax of a PERF026 finding, read the same way by the analyzer (which then checks the symbols) and the fix:
/// <c>if (await Task.WhenAny(t, Task.Delay(d)) != t) throw ...;</c> followed in the same block by <c>await t</c> or
/// <c>t.Result</c>, or <c>if (await Task.WhenAny(t, Task.Delay(d)) == t) { ... await t ... } else throw ...;</c>, or that
/// <c>== t</c> form without <c>else</c> whose then-branch always leaves (ends in <c>return</c> or <c>throw</c>), followed by
/// <c>throw ...;</c> (<c>if (t == await Task.WhenAny(...)) return await t; throw new TimeoutException();</c>).
/// Either task may come first; the <c>WhenAny</c> may be awaited through <c>ConfigureAwait(x)</c>, and its result may be
/// kept in a local first that the <c>if</c> right after it compares and nothing else reads
/// (<c>var done = await Task.WhenAny(t, Task.Delay(d)); if (done != t) throw ...;</c>).
/// </summary>
public sealed class PERF026UseWaitAsyncForTimeoutsModel
{
    private PERF026UseWaitAsyncForTimeoutsModel(IfStatementSyntax ifStatement, InvocationExpressionSyntax whenAny, InvocationExpressionSyntax delay, IdentifierNameSyntax taskArgument, IdentifierNameSyntax compared)
    {
        If = ifStatement;
        WhenAny = whenAny;
        Delay = delay;
        TaskArgument = taskArgument;
        Compared = compared;
    }

    /// <summary>The statement the fix replaces.</summary>
    public IfStatementSyntax If { get; }

    /// <summary>The declaration of the local that keeps the <c>WhenAny</c>'s result before <see cref="If"/>, which the fix removes; null when the <c>if</c> awaits it itself.</summary>
    public LocalDeclarationStatementSyntax? Declaration { get; private set; }

    /// <summary>What the fix's first statement starts with: the trivia before the declaration, or before the <c>if</c>.</summary>
    public SyntaxTriviaList LeadingTrivia => (Declaration ?? (SyntaxNode)If).GetLeadingTrivia();

    public InvocationExpressionSyntax WhenAny { get; }

    /// <summary>The <c>Task.Delay(d[, ct])</c> argument of <see cref="WhenAny"/>.</summary>
    public InvocationExpressionSyntax Delay { get; }

    /// <summary><c>t</c> as passed to <see cref="WhenAny"/>.</summary>
    public IdentifierNameSyntax TaskArgument { get; }

    /// <summary><c>t</c> in the comparison with the task <c>WhenAny</c> returns.</summary>
    public IdentifierNameSyntax Compared { get; }

    /// <summary>The argument of <c>ConfigureAwait</c> on the awaited <c>WhenAny</c>, or null.</summary>
    public ExpressionSyntax? ConfigureAwait { get; private set; }

    /// <summary>The <c>== t</c> form: the wait's continuation is the then-branch and the timeout throws in <c>else</c>.</summary>
    public bool IsEqualsForm { get; private set; }

    /// <summary>What runs on timeout: a <c>throw</c> of an exception (not a rethrow).</summary>
    public ThrowStatementSyntax Throw { get; private set; } = null!;

    /// <summary>
    /// In the <c>== t</c> form without <c>else</c>: the statement after the <c>if</c> that holds <see cref="Throw"/>, reached
    /// only on timeout since the then-branch always leaves; the fix removes it with the <c>if</c>. Null otherwise.
    /// </summary>
    public StatementSyntax? TrailingThrow { get; private set; }

    /// <summary>What runs after the task won: the statements after the <c>if</c> (<c>!=</c>), or the then-branch's (<c>==</c>).</summary>
    public IReadOnlyList<StatementSyntax> Continuation { get; private set; } = System.Array.Empty<StatementSyntax>();

    /// <summary>The first use of <c>t</c> in <see cref="Continuation"/>: <c>await t</c>, <c>await t.ConfigureAwait(x)</c> or <c>t.Result</c>.</summary>
    public ExpressionSyntax FollowUp { get; private set; } = null!;

    /// <summary>The <c>t</c> of <see cref="FollowUp"/>.</summary>
    public IdentifierNameSyntax FollowUpTask { get; private set; } = null!;

    /// <summary>Whether <see cref="FollowUp"/> is <c>t.Result</c> (which throws an AggregateException, where an await throws the task's own exception).</summary>
    public bool FollowUpIsResult { get; private set; }

    /// <summary>
    /// Whether <see cref="FollowUp"/> is the whole value of the first statement of <see cref="Continuation"/>, so that
    /// nothing runs between the wait and the await of <c>t</c>, and <c>t</c> is observed on every path: what the fix
    /// needs (a statement in between could throw or leave first, and then the original never observed a failure of
    /// <c>t</c> that an awaited <c>WaitAsync</c> throws).
    /// </summary>
    public bool FollowUpIsFirst { get; private set; }

    /// <summary>
    /// The first statement of <see cref="Continuation"/> when its whole value is the awaited <see cref="FollowUp"/>
    /// (<c>await t;</c>, <c>return await t;</c>, <c>var x = await t;</c>, <c>x = await t;</c>): the fix awaits
    /// <c>t.WaitAsync(d)</c> there instead. Null otherwise.
    /// </summary>
    public StatementSyntax? MergeStatement { get; private set; }

    /// <summary>The shape around <paramref name="whenAny"/>, or null when it is not one.</summary>
    public static PERF026UseWaitAsyncForTimeoutsModel? Match(InvocationExpressionSyntax whenAny)
    {
        if (whenAny.CalledName() is not { Identifier.ValueText: "WhenAny" } || Elements(whenAny.ArgumentList) is not { Count: 2 } elements)
        {
            return null;
        }

        InvocationExpressionSyntax? delay = null;
        IdentifierNameSyntax? task = null;
        foreach (var element in elements)
        {
            switch (element)
            {
                case InvocationExpressionSyntax call when call.CalledName() is { Identifier.ValueText: "Delay" }:
                    delay = call;
                    break;
                case IdentifierNameSyntax name:
                    task = name;
                    break;
            }
        }

        if (delay is null || task is null || delay.ArgumentList.Arguments.Count is not (1 or 2))
        {
            return null;
        }

        // await Task.WhenAny(...) or await Task.WhenAny(...).ConfigureAwait(x), in parentheses or not.
        SyntaxNode awaited = whenAny;
        ExpressionSyntax? configureAwait = null;
        if (whenAny.Parent is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ConfigureAwait" } access && access.Expression == whenAny &&
            access.Parent is InvocationExpressionSyntax { ArgumentList.Arguments.Count: 1 } configured)
        {
            configureAwait = configured.ArgumentList.Arguments[0].Expression;
            awaited = configured;
        }

        if (Unparenthesized(awaited) is not AwaitExpressionSyntax awaitExpression)
        {
            return null;
        }

        // The awaited WhenAny itself in the comparison, or the local that keeps it, declared right before the if.
        ExpressionSyntax winner = awaitExpression;
        var declaration = KeptIn(awaitExpression, out var kept);
        if (declaration is not null)
        {
            winner = kept!;
        }

        if (Unparenthesized(winner) is not BinaryExpressionSyntax comparison ||
            !comparison.IsKind(SyntaxKind.EqualsExpression) && !comparison.IsKind(SyntaxKind.NotEqualsExpression) ||
            Unparenthesized(comparison) is not IfStatementSyntax ifStatement || ifStatement.Parent is not BlockSyntax block)
        {
            return null;
        }

        var other = Strip(comparison.Left) == winner ? Strip(comparison.Right) : Strip(comparison.Right) == winner ? Strip(comparison.Left) : null;
        if (other is not IdentifierNameSyntax compared || compared.Identifier.ValueText != task.Identifier.ValueText)
        {
            return null;
        }

        var model = new PERF026UseWaitAsyncForTimeoutsModel(ifStatement, whenAny, delay, task, compared) { ConfigureAwait = configureAwait, Declaration = declaration };
        model.IsEqualsForm = comparison.IsKind(SyntaxKind.EqualsExpression);
        ThrowStatementSyntax? thrown;
        if (model.IsEqualsForm)
        {
            if (ifStatement.Else is { } otherwise)
            {
                thrown = OnlyThrow(otherwise.Statement);
            }
            else if (AlwaysLeaves(ifStatement.Statement) && block.Statements.IndexOf(ifStatement) is var at && at + 1 < block.Statements.Count &&
                     OnlyThrow(block.Statements[at + 1]) is { } after)
            {
                // Without else: the next statement runs only when the then-branch did not, i.e. on timeout.
                thrown = after;
                model.TrailingThrow = block.Statements[at + 1];
            }
            else
            {
                thrown = null;
            }

            model.Continuation = ifStatement.Statement is BlockSyntax then ? then.Statements : new[] { ifStatement.Statement };
        }
        else
        {
            thrown = ifStatement.Else is null ? OnlyThrow(ifStatement.Statement) : null;
            model.Continuation = block.Statements.SkipWhile(s => s != ifStatement).Skip(1).ToList();
        }

        if (thrown is null || !model.FindFollowUp())
        {
            return null;
        }

        model.Throw = thrown;
        return model;
    }

    /// <summary>
    /// The tasks passed to <c>WhenAny</c>: its arguments, or the elements of an array written in place. Named arguments
    /// (<c>task1:</c>, <c>task2:</c>, <c>tasks:</c>) in any order too: the rewrite evaluates neither task twice, and which
    /// one is the delay is read from the calls, not from the position.
    /// </summary>
    private static IReadOnlyList<ExpressionSyntax>? Elements(ArgumentListSyntax arguments)
    {
        if (arguments.Arguments.Any(a => a.RefKindKeyword.RawKind != 0 ||
                                          a.NameColon is { } name && name.Name.Identifier.ValueText is not ("task1" or "task2" or "tasks")))
        {
            return null;
        }

        if (arguments.Arguments.Count == 1)
        {
            return arguments.Arguments[0].Expression switch
            {
                ImplicitArrayCreationExpressionSyntax array => array.Initializer.Expressions,
                ArrayCreationExpressionSyntax { Initializer: { } initializer } => initializer.Expressions,
                _ => null,
            };
        }

        return arguments.Arguments.Select(a => a.Expression).ToList();
    }

    /// <summary>The throw of <paramref name="statement"/> when it is nothing else (<c>throw x;</c> or <c>{ throw x; }</c>).</summary>
    private static ThrowStatementSyntax? OnlyThrow(StatementSyntax statement) => statement switch
    {
        ThrowStatementSyntax { Expression: not null } thrown => thrown,
        BlockSyntax { Statements.Count: 1 } block => OnlyThrow(block.Statements[0]),
        _ => null,
    };

    /// <summary>
    /// <c>var done = await Task.WhenAny(...);</c> (one local, with or without <c>var</c>) directly followed by an <c>if</c>
    /// whose condition compares <c>done</c>, in a block where no other identifier has its name (nothing else reads it, and
    /// the fix can drop it) and with nothing but blanks before that <c>if</c> (a comment there would go with the
    /// statements). The declaration, and <paramref name="kept"/> the name in the comparison; null otherwise.
    /// </summary>
    private static LocalDeclarationStatementSyntax? KeptIn(AwaitExpressionSyntax awaitExpression, out IdentifierNameSyntax? kept)
    {
        kept = null;
        if (Unparenthesized(awaitExpression) is not EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax declarator } ||
            declarator.Parent is not VariableDeclarationSyntax { Variables.Count: 1, Parent: LocalDeclarationStatementSyntax { UsingKeyword.RawKind: 0, AwaitKeyword.RawKind: 0, IsConst: false } statement } ||
            statement.Parent is not BlockSyntax block)
        {
            return null;
        }

        var at = block.Statements.IndexOf(statement);
        if (at + 1 >= block.Statements.Count || block.Statements[at + 1] is not IfStatementSyntax next ||
            next.GetLeadingTrivia().Any(t => !t.IsKind(SyntaxKind.WhitespaceTrivia) && !t.IsKind(SyntaxKind.EndOfLineTrivia)))
        {
            return null;
        }

        var name = declarator.Identifier.ValueText;
        foreach (var node in block.DescendantNodes())
        {
            if (node is IdentifierNameSyntax identifier && identifier.Identifier.ValueText == name)
            {
                if (kept is not null || !next.Condition.Span.Contains(identifier.Span))
                {
                    return null; // read twice, or anywhere but the if's condition
                }

                kept = identifier;
            }
        }

        return kept is null ? null : statement;
    }

    /// <summary>
    /// Whether the end of <paramref name="statement"/> cannot be reached: it is, or its block ends with, a <c>return</c> or
    /// <c>throw</c> (every path through it leaves there or earlier, by a jump of its own).
    /// </summary>
    private static bool AlwaysLeaves(StatementSyntax statement) => statement switch
    {
        ReturnStatementSyntax or ThrowStatementSyntax => true,
        BlockSyntax { Statements.Count: > 0 } block => AlwaysLeaves(block.Statements[block.Statements.Count - 1]),
        _ => false,
    };

    /// <summary>The first use of <c>t</c> after the wait: it must observe the task (<c>await t</c>, <c>t.Result</c>).</summary>
    private bool FindFollowUp()
    {
        var name = TaskArgument.Identifier.ValueText;
        foreach (var statement in Continuation)
        {
            foreach (var node in statement.DescendantNodesAndSelf())
            {
                if (node is not IdentifierNameSyntax identifier || identifier.Identifier.ValueText != name ||
                    identifier.Parent is MemberAccessExpressionSyntax { Name: var member } && member == identifier ||
                    identifier.Parent is NameColonSyntax)
                {
                    continue;
                }

                // Captured by a lambda or local function: it runs who knows when.
                if (identifier.Ancestors().TakeWhile(a => a != statement.Parent).Any(a => a is AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax))
                {
                    return false;
                }

                FollowUpTask = identifier;
                if (identifier.Parent is AwaitExpressionSyntax awaitTask)
                {
                    FollowUp = awaitTask;
                }
                else if (identifier.Parent is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ConfigureAwait", Parent: InvocationExpressionSyntax { ArgumentList.Arguments.Count: 1, Parent: AwaitExpressionSyntax awaitConfigured } })
                {
                    FollowUp = awaitConfigured;
                }
                else if (identifier.Parent is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Result" } result && !(result.Parent is AssignmentExpressionSyntax assignment && assignment.Left == result))
                {
                    FollowUp = result;
                    FollowUpIsResult = true;
                    return true;
                }
                else
                {
                    return false;
                }

                var first = Continuation[0];
                var value = first switch
                {
                    ExpressionStatementSyntax { Expression: AssignmentExpressionSyntax { Left: IdentifierNameSyntax } assignment } when assignment.IsKind(SyntaxKind.SimpleAssignmentExpression) => assignment.Right,
                    ExpressionStatementSyntax expression => expression.Expression,
                    ReturnStatementSyntax returned => returned.Expression,
                    LocalDeclarationStatementSyntax { Declaration.Variables: { Count: 1 } variables } => variables[0].Initializer?.Value,
                    _ => null,
                };

                FollowUpIsFirst = value == FollowUp;

                // A comment before that statement would be lost with its line: the fix then keeps the statement as it is.
                if (FollowUpIsFirst && !first.GetLeadingTrivia().Any(t => !t.IsKind(SyntaxKind.WhitespaceTrivia) && !t.IsKind(SyntaxKind.EndOfLineTrivia)))
                {
                    MergeStatement = first;
                }

                return true;
            }
        }

        return false;
    }

    private static ExpressionSyntax Strip(ExpressionSyntax expression)
    {
        while (expression is ParenthesizedExpressionSyntax parenthesized)
        {
            expression = parenthesized.Expression;
        }

        return expression;
    }

    /// <summary>The parent of <paramref name="node"/> above any parentheses around it.</summary>
    private static SyntaxNode? Unparenthesized(SyntaxNode node)
    {
        var parent = node.Parent;
        while (parent is ParenthesizedExpressionSyntax)
        {
            parent = parent.Parent;
        }

        return parent;
    }
}
