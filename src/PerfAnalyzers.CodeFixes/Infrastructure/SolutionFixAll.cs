using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Text;

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
        if (context.Scope == FixAllScope.Solution)
        {
            // Each leg's copy of a multi-targeted project's file (linked documents) takes every copy's findings, so the
            // copies come out the same (see LinkedCopiesAsync).
            return CodeAction.Create(_title, token => FixLinkedCopiesAsync(solution, diagnostics, token), _equivalenceKey);
        }

        return CodeAction.Create(_title, token => _fix(solution, diagnostics, token), _equivalenceKey);
    }

    private async Task<Solution> FixLinkedCopiesAsync(Solution solution, List<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        List<Diagnostic> all;
        try
        {
            all = await WithLinkedCopiesAsync(solution, diagnostics, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            // Unexpected: each copy is fixed with its own findings, as before.
            DocumentFix.ReportFailure(e);
            return await _fix(solution, diagnostics, cancellationToken).ConfigureAwait(false);
        }

        var fixedSolution = await _fix(solution, all, cancellationToken).ConfigureAwait(false);
        try
        {
            return await LinkedCopiesAsync(solution, fixedSolution, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            DocumentFix.ReportFailure(e);
            return fixedSolution;
        }
    }

    /// <summary>
    /// The findings with each one also placed in every linked copy of its document whose text is the same. A Fix All over
    /// the solution (dotnet format runs one per rule) loads a multi-targeted project once per leg, and the legs need not
    /// report the same findings (a class sealing helps on the newer legs only); fixed with its own leg's findings, each
    /// copy came out different, and the copies, written to one file, were merged by line diffs, which write conflict
    /// markers where two legs changed neighbouring lines differently (as DocumentFix's Fix All found for PERF001). The
    /// file holds one text for every leg: a finding any leg reports is fixed in it.
    /// </summary>
    private static async Task<List<Diagnostic>> WithLinkedCopiesAsync(Solution solution, List<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var all = new List<Diagnostic>(diagnostics);
        var held = new HashSet<(DocumentId, string, TextSpan)>();
        foreach (var diagnostic in diagnostics)
        {
            if (solution.GetDocument(diagnostic.Location.SourceTree) is { } document)
            {
                held.Add((document.Id, diagnostic.Id, diagnostic.Location.SourceSpan));
            }
        }

        foreach (var diagnostic in diagnostics)
        {
            if (solution.GetDocument(diagnostic.Location.SourceTree) is not { } document)
            {
                continue;
            }

            var text = await document.GetTextAsync(cancellationToken).ConfigureAwait(false);
            foreach (var id in document.GetLinkedDocumentIds())
            {
                if (solution.GetDocument(id) is not { } copy || !held.Add((id, diagnostic.Id, diagnostic.Location.SourceSpan)) ||
                    !(await copy.GetTextAsync(cancellationToken).ConfigureAwait(false)).ContentEquals(text) ||
                    await copy.GetSyntaxTreeAsync(cancellationToken).ConfigureAwait(false) is not { } tree)
                {
                    continue;
                }

                all.Add(DocumentFix.InCopy(diagnostic, tree));
            }
        }

        return all;
    }

    /// <summary>
    /// Where a copy still came out different from its linked copies (a finding one leg could not fix in its copy: code it
    /// does not compile), every copy takes the text of the one the fix changed most (then by project name), so that no
    /// merge of differing copies is left to write conflict markers.
    /// </summary>
    private static async Task<Solution> LinkedCopiesAsync(Solution original, Solution fixedSolution, CancellationToken cancellationToken)
    {
        var done = new HashSet<DocumentId>();
        var result = fixedSolution;
        foreach (var projectChanges in fixedSolution.GetChanges(original).GetProjectChanges())
        {
            foreach (var id in projectChanges.GetChangedDocuments(onlyGetDocumentsWithTextChanges: true))
            {
                if (!done.Add(id) || fixedSolution.GetDocument(id) is not { } document || document.GetLinkedDocumentIds() is { IsEmpty: true } linked)
                {
                    continue;
                }

                var copies = new List<(Document Copy, SourceText Text, int Changes)>();
                foreach (var copyId in linked.Add(id))
                {
                    done.Add(copyId);
                    if (fixedSolution.GetDocument(copyId) is { } copy && original.GetDocument(copyId) is { } before)
                    {
                        // Roslyn's diff of the copy against its original: how much the fix changed (a new text's
                        // GetTextChanges would read one change for any rewrite).
                        var changes = await copy.GetTextChangesAsync(before, cancellationToken).ConfigureAwait(false);
                        copies.Add((copy, await copy.GetTextAsync(cancellationToken).ConfigureAwait(false), changes.Count()));
                    }
                }

                if (copies.Count < 2 || copies.TrueForAll(c => c.Text.ContentEquals(copies[0].Text)))
                {
                    continue;
                }

                copies.Sort((a, b) => a.Changes != b.Changes ? b.Changes.CompareTo(a.Changes) : string.CompareOrdinal(a.Copy.Project.Name, b.Copy.Project.Name));
                foreach (var (copy, _, _) in copies)
                {
                    result = result.WithDocumentText(copy.Id, copies[0].Text);
                }
            }
        }

        return result;
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
