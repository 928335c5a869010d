using System;
using System.Collections.Generic;
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
