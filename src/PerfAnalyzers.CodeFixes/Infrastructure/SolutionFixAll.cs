using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;

namespace PerfAnalyzers.CodeFixes.Infrastructure;

/// <summary>
/// Fix All in a document, project or solution as one solution change: every diagnostic of the rule in the scope goes to
/// one function, so that decisions that span files (a field shared by several uses, a type sealed only when no file
/// derives from it) are made once. Used by the fixes whose rewrite is not a per-document edit (PERF004, PERF007).
/// </summary>
internal sealed class SolutionFixAll : FixAllProvider
{
    private readonly string _ruleId;
    private readonly string _title;
    private readonly string _equivalenceKey;
    private readonly Func<Solution, IReadOnlyList<Diagnostic>, CancellationToken, Task<Solution>> _fix;

    public SolutionFixAll(string ruleId, string title, string equivalenceKey, Func<Solution, IReadOnlyList<Diagnostic>, CancellationToken, Task<Solution>> fix)
    {
        _ruleId = ruleId;
        _title = title;
        _equivalenceKey = equivalenceKey;
        _fix = fix;
    }

    public override IEnumerable<FixAllScope> GetSupportedFixAllScopes() =>
        new[] { FixAllScope.Document, FixAllScope.Project, FixAllScope.Solution };

    public override async Task<CodeAction?> GetFixAsync(FixAllContext context)
    {
        if (context.CodeActionEquivalenceKey is { } key && key != _equivalenceKey)
        {
            return null;
        }

        var found = new List<Diagnostic>();
        switch (context.Scope)
        {
            case FixAllScope.Document when context.Document is not null:
                found.AddRange(await context.GetDocumentDiagnosticsAsync(context.Document).ConfigureAwait(false));
                break;
            case FixAllScope.Project:
                found.AddRange(await context.GetAllDiagnosticsAsync(context.Project).ConfigureAwait(false));
                break;
            case FixAllScope.Solution:
                foreach (var project in context.Solution.Projects)
                {
                    found.AddRange(await context.GetAllDiagnosticsAsync(project).ConfigureAwait(false));
                }

                break;
        }

        var diagnostics = found.FindAll(d => d.Id == _ruleId && d.Location.IsInSource);
        if (diagnostics.Count == 0)
        {
            return null;
        }

        var solution = context.Solution;
        return CodeAction.Create(_title, token => _fix(solution, diagnostics, token), _equivalenceKey);
    }
}

/// <summary>
/// Base of the fixes whose rewrite spans documents (PERF004, PERF007): the single fix and Fix All (document, project,
/// solution, through <see cref="SolutionFixAll"/>) both hand their diagnostics to <see cref="FixAsync"/>; a failure on
/// unexpected code leaves the solution unchanged and is reported like <see cref="DocumentFix"/>'s.
/// </summary>
public abstract class SolutionFix : RuleFix
{
    protected SolutionFix(RuleInfo rule, string title)
        : base(rule, title)
    {
    }

    public sealed override FixAllProvider GetFixAllProvider() => new SolutionFixAll(Rule.Id, Title, EquivalenceKey, FixOrKeepAsync);

    public sealed override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics)
        {
            try
            {
                if (!await CanFixAsync(context.Document, diagnostic, context.CancellationToken).ConfigureAwait(false))
                {
                    continue;
                }
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                DocumentFix.ReportFailure(e);
                continue;
            }

            var solution = context.Document.Project.Solution;
            context.RegisterCodeFix(CodeAction.Create(Title, token => FixOrKeepAsync(solution, new[] { diagnostic }, token), EquivalenceKey), diagnostic);
        }
    }

    /// <summary>Whether to offer the fix for one diagnostic (the code is what the fix expects).</summary>
    protected virtual Task<bool> CanFixAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken) => Task.FromResult(true);

    /// <summary>Fixes every diagnostic together, so that decisions spanning documents are made once.</summary>
    protected abstract Task<Solution> FixAsync(Solution solution, IReadOnlyList<Diagnostic> diagnostics, CancellationToken cancellationToken);

    private async Task<Solution> FixOrKeepAsync(Solution solution, IReadOnlyList<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        try
        {
            return await FixAsync(solution, diagnostics, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            DocumentFix.ReportFailure(e);
            return solution;
        }
    }
}
