using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Cli;

/// <summary><c>--fix</c>: Fix All per rule and leg, the files written back, every leg recompiled.</summary>
public sealed partial class Scanner
{
    /// <summary>
    /// Fix All per rule and leg, written back to the files; then every leg is recompiled against its own references and
    /// its new compiler errors are reported. The rules know every leg of a multi-targeted project, so a fix keeps what a
    /// leg cannot compile behind <c>#if</c>; a file that several legs compile gets each leg's fixes in turn.
    /// </summary>
    private async Task FixAsync(Loader.Loaded loaded, ScanResult result, CancellationToken cancellationToken)
    {
        var ids = (options.Fix!.Count > 0 ? options.Fix : RuleCatalog.Descriptors.Select(d => d.Id).Where(id => RuleCatalog.FixFor(id) is not null))
            .Where(id => options.Rules is null || options.Rules.Contains(id)).ToList();
        var solution = loaded.Solution;
        var errorsBefore = new Dictionary<ProjectId, HashSet<string>>();
        foreach (var projectId in loaded.Projects)
        {
            errorsBefore[projectId] = await ErrorsAsync(solution.GetProject(projectId)!, cancellationToken).ConfigureAwait(false);
        }

        foreach (var id in ids)
        {
            var fix = RuleCatalog.FixFor(id);
            if (fix is null)
            {
                result.Notes.Add($"{id} has no code fix");
                continue;
            }

            foreach (var projectId in loaded.Projects)
            {
                var project = solution.GetProject(projectId)!;
                var diagnostics = await DiagnosticsAsync(project, id, cancellationToken).ConfigureAwait(false);
                if (diagnostics.IsEmpty)
                {
                    continue;
                }

                progress($"fixing {diagnostics.Length} {id} in {project.Name}");
                var first = diagnostics[0];
                var document = project.GetDocument(first.Location.SourceTree);
                if (document is null)
                {
                    continue;
                }

                var actions = new List<CodeAction>();
                await fix.RegisterCodeFixesAsync(new CodeFixContext(document, first, (a, _) => actions.Add(a), cancellationToken)).ConfigureAwait(false);
                var key = actions.FirstOrDefault()?.EquivalenceKey;
                var fixAll = fix.GetFixAllProvider();
                if (key is null || fixAll is null)
                {
                    continue;
                }

                var context = new FixAllContext(document, fix, FixAllScope.Project, key, new[] { id }, new Provider(this, id), cancellationToken);
                var action = await fixAll.GetFixAsync(context).ConfigureAwait(false);
                if (action is null)
                {
                    continue;
                }

                var operations = await action.GetOperationsAsync(cancellationToken).ConfigureAwait(false);
                var changed = operations.OfType<ApplyChangesOperation>().FirstOrDefault()?.ChangedSolution;
                if (changed is null)
                {
                    continue;
                }

                solution = await WithLinkedFilesAlikeAsync(solution, changed, cancellationToken).ConfigureAwait(false);
                var remaining = await DiagnosticsAsync(solution.GetProject(projectId)!, id, cancellationToken).ConfigureAwait(false);
                result.Fixed[id] = result.Fixed.GetValueOrDefault(id) + diagnostics.Length - remaining.Length;
            }
        }

        await WriteAsync(loaded, solution, cancellationToken).ConfigureAwait(false);
        foreach (var projectId in loaded.Projects)
        {
            var project = solution.GetProject(projectId)!;
            var leg = loaded.Legs.GetValueOrDefault(projectId, "");
            foreach (var error in (await ErrorsAsync(project, cancellationToken).ConfigureAwait(false)).Except(errorsBefore[projectId]))
            {
                result.NewErrors.Add(leg.Length > 0 ? $"[{leg}] {error}" : error);
            }
        }
    }

    /// <summary>
    /// The changed solution with every file's new text also given to the other legs' copies of that file (a leg's
    /// project holds its own document for each file it compiles), so that the next leg fixes and compiles the new text.
    /// </summary>
    private static async Task<Solution> WithLinkedFilesAlikeAsync(Solution before, Solution changed, CancellationToken cancellationToken)
    {
        var result = changed;
        foreach (var projectChanges in changed.GetChanges(before).GetProjectChanges())
        {
            foreach (var documentId in projectChanges.GetChangedDocuments())
            {
                var document = changed.GetDocument(documentId)!;
                if (document.FilePath is not { } path)
                {
                    continue;
                }

                var text = await document.GetTextAsync(cancellationToken).ConfigureAwait(false);
                foreach (var linked in changed.GetDocumentIdsWithFilePath(path).Where(other => other != documentId))
                {
                    result = result.WithDocumentText(linked, text);
                }
            }
        }

        return result;
    }

    private static async Task WriteAsync(Loader.Loaded loaded, Solution solution, CancellationToken cancellationToken)
    {
        var written = new HashSet<string>(StringComparer.Ordinal);
        foreach (var projectChanges in solution.GetChanges(loaded.Solution).GetProjectChanges())
        {
            foreach (var documentId in projectChanges.GetChangedDocuments())
            {
                var document = solution.GetDocument(documentId)!;
                if (document.FilePath is { } path && written.Add(path))
                {
                    var text = await document.GetTextAsync(cancellationToken).ConfigureAwait(false);
                    await File.WriteAllTextAsync(path, text.ToString(), text.Encoding ?? new System.Text.UTF8Encoding(false), cancellationToken).ConfigureAwait(false);
                }
            }
        }
    }

    private static async Task<HashSet<string>> ErrorsAsync(Project project, CancellationToken cancellationToken)
    {
        var compilation = await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false);
        return compilation is null
            ? new HashSet<string>()
            : compilation.GetDiagnostics(cancellationToken).Where(d => d.Severity == DiagnosticSeverity.Error)
                .Select(d => $"{d.Location.GetLineSpan().Path}: {d.Id}: {d.GetMessage(System.Globalization.CultureInfo.InvariantCulture)}").ToHashSet();
    }

    private async Task<ImmutableArray<Diagnostic>> DiagnosticsAsync(Project project, string id, CancellationToken cancellationToken)
    {
        var compilation = await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false);
        if (compilation is null)
        {
            return ImmutableArray<Diagnostic>.Empty;
        }

        var analyzers = ImmutableArray.Create<DiagnosticAnalyzer>(RuleCatalog.RuleAnalyzer(id));
        var diagnostics = await compilation.WithAnalyzers(analyzers, project.AnalyzerOptions).GetAnalyzerDiagnosticsAsync(cancellationToken).ConfigureAwait(false);
        return diagnostics.Where(d => d.Id == id && d.Location.IsInSource).OrderBy(d => d.Location.SourceTree!.FilePath, StringComparer.Ordinal).ThenBy(d => d.Location.SourceSpan.Start).ToImmutableArray();
    }

    private sealed class Provider(Scanner scanner, string id) : FixAllContext.DiagnosticProvider
    {
        public override async Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken)
        {
            var tree = await document.GetSyntaxTreeAsync(cancellationToken).ConfigureAwait(false);
            return (await scanner.DiagnosticsAsync(document.Project, id, cancellationToken).ConfigureAwait(false)).Where(d => d.Location.SourceTree == tree);
        }

        public override async Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken) =>
            (await scanner.DiagnosticsAsync(project, id, cancellationToken).ConfigureAwait(false)).Where(d => !d.Location.IsInSource);

        public override async Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken) =>
            await scanner.DiagnosticsAsync(project, id, cancellationToken).ConfigureAwait(false);
    }
}
