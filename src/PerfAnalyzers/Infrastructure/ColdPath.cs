using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// Code that runs once or only on failure, where a rule whose gain is an allocation or a few nanoseconds is noise:
/// a <c>throw</c> statement or expression, an argument of an exception's constructor, a <c>catch</c> block or filter, a
/// static constructor, a static field or property initializer. On three real libraries 24 of 36 PERF008 findings were
/// exception messages (docs/real-code.md). Option <c>perf_analyzers.cold_paths</c> (or
/// <c>perf_analyzers.PERFnnn.cold_paths</c>): <c>skip</c> (default) or <c>report</c>. Rules about blocking or
/// correctness (PERF006) do not ask.
/// </summary>
public static class ColdPath
{
    public static readonly EnumOption<Mode> Option = new(
        null,
        "cold_paths",
        Mode.Skip,
        "`skip` or `report`: findings in code that runs once, only on failure or only when printed (`throw` and blocks ending in one, exception constructor arguments, `catch`, failure branches, static constructors and initializers, `ToString` overrides, `[DebuggerDisplay]` members, private methods only cold code calls)");

    public enum Mode
    {
        Skip,
        Report,
    }

    /// <summary>
    /// Whether a finding at <paramref name="node"/> should be reported: not in cold code, or cold code asked for, or the
    /// rule's entry does not list <see cref="Option"/> (the entry decides which rules the check applies to; it is applied
    /// again to every finding of a listing rule when it is reported, <see cref="Profiles.ProfileGate.Report(System.Action{Diagnostic}, Diagnostic, ISymbol?, Compilation, AnalyzerOptions)"/>).
    /// </summary>
    public static bool Allows(AnalyzerOptions options, SyntaxNode node, SemanticModel? model, string ruleId, CancellationToken cancellationToken)
    {
        var allows = Rules.Find(ruleId) is { } rule && !rule.Honours(Option) ||
            !IsCold(node, model, cancellationToken) || Option.Read(options, node.SyntaxTree, ruleId) == Mode.Report;
        if (allows)
        {
            lastAllowed = new Allowed(node.SyntaxTree, node.Span, ruleId);
        }

        return allows;
    }

    /// <summary>
    /// Whether the last check on this thread allowed <paramref name="ruleId"/> at exactly <paramref name="location"/>: the
    /// rule's own check of the node it then reports, which <see cref="Profiles.ProfileGate"/> need not repeat (the check
    /// with a model covers the syntax-only one the gate would make). Callbacks run on one thread from check to report.
    /// </summary>
    internal static bool AllowedJustNow(Location location, string ruleId) =>
        lastAllowed is { } last && last.Tree == location.SourceTree && last.Span == location.SourceSpan && last.RuleId == ruleId;

    [System.ThreadStatic]
    private static Allowed? lastAllowed;

    private sealed class Allowed(SyntaxTree tree, Microsoft.CodeAnalysis.Text.TextSpan span, string ruleId)
    {
        public SyntaxTree Tree { get; } = tree;

        public Microsoft.CodeAnalysis.Text.TextSpan Span { get; } = span;

        public string RuleId { get; } = ruleId;
    }

    /// <summary>
    /// Whether <paramref name="node"/> lies in cold code. Walks the ancestors up to the enclosing member; the semantic
    /// questions (is this object an exception? which calls reach this private method?) are asked only with a model.
    /// </summary>
    public static bool IsCold(SyntaxNode node, SemanticModel? model, CancellationToken cancellationToken) =>
        IsCold(node, model, depth: 0, cancellationToken);

    /// <summary>How many private methods deep a cold caller is followed (a helper of a helper of a static initializer).</summary>
    private const int MaxCallerDepth = 3;

    private static bool IsCold(SyntaxNode node, SemanticModel? model, int depth, CancellationToken cancellationToken)
    {
        SyntaxNode? previous = null;
        for (var current = node; current is not null; previous = current, current = current.Parent)
        {
            switch (current)
            {
                case ThrowStatementSyntax or ThrowExpressionSyntax:
                case CatchClauseSyntax:
                    return true;
                case ArgumentListSyntax { Parent: BaseObjectCreationExpressionSyntax creation } when model is not null && IsException(model.GetTypeInfo(creation, cancellationToken).Type):
                    return true;
                case BlockSyntax block when previous is StatementSyntax statement && (LeadsOnlyToThrow(block, statement) || IsFailureBranch(block, statement, node)):
                    return true;
                case ConstructorDeclarationSyntax constructor:
                    return constructor.Modifiers.Any(SyntaxKind.StaticKeyword);
                case EqualsValueClauseSyntax { Parent: VariableDeclaratorSyntax { Parent: VariableDeclarationSyntax { Parent: FieldDeclarationSyntax field } } }:
                    return field.Modifiers.Any(SyntaxKind.StaticKeyword) || field.Modifiers.Any(SyntaxKind.ConstKeyword);
                case EqualsValueClauseSyntax { Parent: PropertyDeclarationSyntax property }:
                    return property.Modifiers.Any(SyntaxKind.StaticKeyword);
                case AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax:
                    return false; // its body runs whenever it is called, not where it is written (a static field's lambda)
                case MemberDeclarationSyntax member:
                    return IsColdMember(member, model, depth, cancellationToken);
            }
        }

        return false;
    }

    /// <summary>
    /// <c>override ToString()</c> and the members a type's <c>[DebuggerDisplay]</c> names (text formatted only when
    /// printed or inspected), and a private method whose every call in its type is in cold code.
    /// </summary>
    private static bool IsColdMember(MemberDeclarationSyntax member, SemanticModel? model, int depth, CancellationToken cancellationToken)
    {
        if (member is MethodDeclarationSyntax { Identifier.ValueText: "ToString", ParameterList.Parameters.Count: 0, TypeParameterList: null } toString &&
            toString.Modifiers.Any(SyntaxKind.OverrideKeyword))
        {
            return true;
        }

        var name = member switch
        {
            MethodDeclarationSyntax method => method.Identifier.ValueText,
            PropertyDeclarationSyntax property => property.Identifier.ValueText,
            _ => null,
        };
        if (name is null || member.Parent is not TypeDeclarationSyntax type)
        {
            return false;
        }

        if (NamedByDebuggerDisplay(type, name))
        {
            return true;
        }

        if (member is not MethodDeclarationSyntax { ExplicitInterfaceSpecifier: null } candidate || model is null || depth >= MaxCallerDepth ||
            !IsPrivate(candidate.Modifiers) || type.Modifiers.Any(SyntaxKind.PartialKeyword))
        {
            return false;
        }

        // A method's answer (at a depth of the caller chain) is the same for every finding in it and every helper that
        // calls it: kept per compilation, so that helpers calling each other (a number-to-words converter's) are read once.
        var answers = ColdMethods.GetValue(model.Compilation, _ => new ConcurrentDictionary<(MethodDeclarationSyntax, int), bool>());
        if (!answers.TryGetValue((candidate, depth), out var cold))
        {
            cold = OnlyColdCallers(candidate, type, model, depth, cancellationToken);
            answers.TryAdd((candidate, depth), cold);
        }

        return cold;
    }

    private static readonly ConditionalWeakTable<Compilation, ConcurrentDictionary<(MethodDeclarationSyntax, int), bool>> ColdMethods = new();

    /// <summary>Whether a <c>[DebuggerDisplay("...{Name...}...")]</c> on the type names the member.</summary>
    private static bool NamedByDebuggerDisplay(TypeDeclarationSyntax type, string name)
    {
        foreach (var list in type.AttributeLists)
        {
            foreach (var attribute in list.Attributes)
            {
                var attributeName = attribute.Name is QualifiedNameSyntax qualified ? qualified.Right.Identifier.ValueText : (attribute.Name as SimpleNameSyntax)?.Identifier.ValueText;
                if ((attributeName is "DebuggerDisplay" or "DebuggerDisplayAttribute") && attribute.ArgumentList is { Arguments.Count: > 0 } arguments &&
                    arguments.Arguments[0].Expression is LiteralExpressionSyntax { Token.ValueText: var text })
                {
                    for (var at = text.IndexOf('{'); at >= 0; at = text.IndexOf('{', at + 1))
                    {
                        if (string.CompareOrdinal(text, at + 1, name, 0, name.Length) == 0 &&
                            (at + 1 + name.Length == text.Length || !IsIdentifierChar(text[at + 1 + name.Length])))
                        {
                            return true;
                        }
                    }
                }
            }
        }

        return false;
    }

    private static bool IsIdentifierChar(char c) => char.IsLetterOrDigit(c) || c == '_';

    private static bool IsPrivate(SyntaxTokenList modifiers)
    {
        foreach (var modifier in modifiers)
        {
            switch (modifier.Kind())
            {
                case SyntaxKind.PublicKeyword:
                case SyntaxKind.InternalKeyword:
                case SyntaxKind.ProtectedKeyword:
                case SyntaxKind.OverrideKeyword:
                case SyntaxKind.VirtualKeyword:
                case SyntaxKind.AbstractKeyword:
                case SyntaxKind.ExternKeyword:
                case SyntaxKind.PartialKeyword:
                    return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Whether the private method is called (or named) at least once in its type, and every such place is cold. A
    /// private method is visible only in its type, so the type's one declaration holds every caller; a reference inside
    /// the method itself (recursion) does not decide.
    /// </summary>
    private static bool OnlyColdCallers(MethodDeclarationSyntax method, TypeDeclarationSyntax type, SemanticModel model, int depth, CancellationToken cancellationToken)
    {
        if (method.SyntaxTree != model.SyntaxTree)
        {
            return false;
        }

        // Every use of the name in the type is checked by syntax first: one outside cold code, whatever it binds to, makes
        // the answer "not cold" at once. Only when all of them are cold is one bound, to know that the method is called at
        // all (binding a caller means binding the body around it, which the rule would pay for).
        var name = method.Identifier.ValueText;
        var uses = new List<SimpleNameSyntax>();
        // A call spelled with a Unicode escape is not found (then the method may be called cold wrongly: a finding less).
        foreach (var token in IdentifierSearch.TokensNamed(type, name, cancellationToken))
        {
            if (token.Parent is not SimpleNameSyntax reference || method.Span.Contains(token.Span) || IsNameOfArgument(reference))
            {
                continue; // a declaration, a call inside the method itself (recursion does not decide), or nameof(M)
            }

            cancellationToken.ThrowIfCancellationRequested();
            if (!IsCold(reference, model, depth + 1, cancellationToken))
            {
                return false;
            }

            uses.Add(reference);
        }

        if (uses.Count == 0 || model.GetDeclaredSymbol(method, cancellationToken) is not { } symbol)
        {
            return false;
        }

        foreach (var reference in uses)
        {
            var info = model.GetSymbolInfo(reference, cancellationToken);
            var bound = info.Symbol ?? (info.CandidateSymbols.Length > 0 ? info.CandidateSymbols[0] : null);
            if (SymbolEqualityComparer.Default.Equals(bound?.OriginalDefinition, symbol))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsNameOfArgument(SimpleNameSyntax reference) =>
        reference.Parent is ArgumentSyntax { Parent.Parent: InvocationExpressionSyntax { Expression: IdentifierNameSyntax { Identifier.ValueText: "nameof" } } };

    /// <summary>
    /// Whether every path from <paramref name="statement"/> ends at the <c>throw</c> that closes its block: nothing in the
    /// statement or after it returns, breaks, continues, jumps or ends an iterator (<c>var text = Format(...); throw new
    /// X(text);</c>).
    /// </summary>
    private static bool LeadsOnlyToThrow(BlockSyntax block, StatementSyntax statement)
    {
        var statements = block.Statements;
        if (statements.Count < 2 || statements[statements.Count - 1] is not ThrowStatementSyntax)
        {
            return false;
        }

        var index = statements.IndexOf(statement);
        if (index < 0)
        {
            return false;
        }

        for (var i = index; i < statements.Count - 1; i++)
        {
            if (MayLeave(statements[i]))
            {
                return false;
            }
        }

        return true;
    }

    private static bool MayLeave(StatementSyntax statement)
    {
        foreach (var node in statement.DescendantNodesAndSelf(n => n is not (AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax)))
        {
            if (node is ReturnStatementSyntax or BreakStatementSyntax or ContinueStatementSyntax or GotoStatementSyntax or LabeledStatementSyntax ||
                node is YieldStatementSyntax yield && yield.IsKind(SyntaxKind.YieldBreakStatement))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// A failure branch that does not throw: the finding is the value assigned to a member or local named for an error
    /// message (<c>*Message</c>, <c>*Error*</c>), in a block that also sets a state to a failure value (a member named
    /// <c>Error</c>, <c>Failed</c>, <c>Bad</c>, <c>Invalid</c>, <c>Corrupt</c>...) and ends by leaving
    /// (<c>return</c>, <c>break</c>, <c>goto</c>, <c>continue</c>). Names decide, so both are required.
    /// </summary>
    private static bool IsFailureBranch(BlockSyntax block, StatementSyntax statement, SyntaxNode node)
    {
        if (statement is not ExpressionStatementSyntax { Expression: AssignmentExpressionSyntax assignment } ||
            !assignment.Right.Span.Contains(node.Span) || !NamesAnError(AssignedName(assignment.Left), message: true))
        {
            return false;
        }

        var statements = block.Statements;
        if (statements.Count < 3 || statements[statements.Count - 1] is not (ReturnStatementSyntax or BreakStatementSyntax or GotoStatementSyntax or ContinueStatementSyntax))
        {
            return false;
        }

        foreach (var other in statements)
        {
            if (other != statement && other is ExpressionStatementSyntax { Expression: AssignmentExpressionSyntax { Right: MemberAccessExpressionSyntax value } } &&
                NamesAnError(value.Name.Identifier.ValueText, message: false))
            {
                return true;
            }
        }

        return false;
    }

    private static string? AssignedName(ExpressionSyntax target) => target switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        MemberAccessExpressionSyntax access => access.Name.Identifier.ValueText,
        _ => null,
    };

    private static readonly string[] FailureWords = { "error", "fail", "fault", "bad", "invalid", "corrupt" };

    private static bool NamesAnError(string? name, bool message)
    {
        if (name is null)
        {
            return false;
        }

        if (message)
        {
            return name.EndsWith("Message", StringComparison.OrdinalIgnoreCase) || name.IndexOf("error", StringComparison.OrdinalIgnoreCase) >= 0;
        }

        foreach (var word in FailureWords)
        {
            if (name.StartsWith(word, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsException(ITypeSymbol? type)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (current is { Name: "Exception", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } })
            {
                return true;
            }
        }

        return false;
    }
}
