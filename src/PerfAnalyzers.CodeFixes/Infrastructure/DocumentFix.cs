using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Host;
using Microsoft.CodeAnalysis.Simplification;
using Microsoft.CodeAnalysis.Text;

using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Infrastructure;

/// <summary>
/// Base of code fixes that rewrite a document for a set of diagnostics at once: the single fix and Fix All
/// (document, project, solution) share <see cref="FixDocumentAsync"/>, so fixes that touch the same node (two
/// diagnostics in one expression) are applied together, once.
/// </summary>
public abstract class DocumentFix : RuleFix
{
    /// <summary>Raised when a fix fails on unexpected code (observed by the robustness tests).</summary>
    internal static event Action<Exception>? FixFailed;

    /// <summary>For fixes that do not derive from this class (solution-wide ones): report a failure the same way.</summary>
    internal static void ReportFailure(Exception exception) => FixFailed?.Invoke(exception);

    protected DocumentFix(RuleInfo rule, string title)
        : base(rule, title)
    {
    }

    public sealed override FixAllProvider GetFixAllProvider() => new LinkedCopiesFixAll(this);

    /// <summary>
    /// Roslyn's document-based Fix All, told whether the user asked for the whole solution (Roslyn hands the document
    /// callback one project at a time, with a project scope, either way), and then making every copy of a linked file
    /// the same (<see cref="FixLinkedCopiesAsync"/>).
    /// </summary>
    private sealed class LinkedCopiesFixAll(DocumentFix fix) : FixAllProvider
    {
        public override Task<CodeAction?> GetFixAsync(FixAllContext context)
        {
            if (context.Scope != FixAllScope.Solution)
            {
                return Create((each, document, diagnostics) => fix.FixDocumentOrNullAsync(document, diagnostics, each.CancellationToken)).GetFixAsync(context);
            }

            // One fixed text per file, computed by the first copy that asks and taken by every copy.
            var texts = new System.Collections.Concurrent.ConcurrentDictionary<DocumentId, Lazy<Task<SourceText?>>>();
            return Create(async (each, document, diagnostics) =>
                await fix.FixLinkedCopiesAsync(each, document, diagnostics, texts).ConfigureAwait(false) ??
                await fix.FixDocumentOrNullAsync(document, diagnostics, each.CancellationToken).ConfigureAwait(false)).GetFixAsync(context);
        }
    }

    /// <summary>
    /// A Fix All over the solution (dotnet format runs one per rule) fixes each leg's copy of a multi-targeted project's
    /// file (linked documents) with that leg's findings, and the copies it changed differently are merged, by a line diff
    /// of each against the original, into the one file. Where two legs fixed nearby lines differently (a guarded rewrite
    /// on the newer legs next to a line every leg fixes: PERF001's case file), the diffs' hunks could overlap and conflict
    /// markers were written into the file, depending on the order the legs were loaded in (an end-to-end dotnet format
    /// run failed so under load). So every copy of a file takes one text: the copy with the most findings (then by
    /// project name) fixes the findings of every copy whose text is the same, each as the copy first by project name
    /// reports it, and each copy becomes that text. Null (each copy then fixes its own findings, as before) for a file
    /// with no other copy, or when that fix declines.
    /// </summary>
    private async Task<Document?> FixLinkedCopiesAsync(FixAllContext context, Document document, ImmutableArray<Diagnostic> diagnostics,
        System.Collections.Concurrent.ConcurrentDictionary<DocumentId, Lazy<Task<SourceText?>>> texts)
    {
        var linked = document.GetLinkedDocumentIds();
        if (linked.IsEmpty)
        {
            return null;
        }

        var text = await document.GetTextAsync(context.CancellationToken).ConfigureAwait(false);
        var copies = new List<(Document Copy, ImmutableArray<Diagnostic> Findings)> { (document, diagnostics) };
        foreach (var id in linked)
        {
            if (context.Solution.GetDocument(id) is { } copy && (await copy.GetTextAsync(context.CancellationToken).ConfigureAwait(false)).ContentEquals(text))
            {
                copies.Add((copy, await context.GetDocumentDiagnosticsAsync(copy).ConfigureAwait(false)));
            }
        }

        if (copies.Count == 1)
        {
            return null;
        }

        // Every copy orders the same copies the same way, so all of them choose the same one.
        copies.Sort((a, b) => b.Findings.Length != a.Findings.Length ? b.Findings.Length.CompareTo(a.Findings.Length) : string.CompareOrdinal(a.Copy.Project.Name, b.Copy.Project.Name));
        var chosen = copies[0].Copy;
        var fixedText = await texts.GetOrAdd(chosen.Id, _ => new Lazy<Task<SourceText?>>(() => FixTextAsync(chosen, copies, context.CancellationToken))).Value.ConfigureAwait(false);
        return fixedText is null ? null : document.WithText(fixedText);
    }

    /// <summary>The chosen copy fixed with every copy's findings (each once, as the copy first by project name reports it), placed in its own tree.</summary>
    private async Task<SourceText?> FixTextAsync(Document chosen, List<(Document Copy, ImmutableArray<Diagnostic> Findings)> copies, CancellationToken cancellationToken)
    {
        if (await chosen.GetSyntaxTreeAsync(cancellationToken).ConfigureAwait(false) is not { } tree)
        {
            return null;
        }

        var findings = new Dictionary<(string, TextSpan), (string Project, Diagnostic Finding)>();
        foreach (var (copy, own) in copies)
        {
            foreach (var finding in own)
            {
                var key = (finding.Id, finding.Location.SourceSpan);
                if (finding.Location.IsInSource && (!findings.TryGetValue(key, out var held) || string.CompareOrdinal(copy.Project.Name, held.Project) < 0))
                {
                    findings[key] = (copy.Project.Name, finding);
                }
            }
        }

        var all = findings.Values
            .Select(f => InCopy(f.Finding, tree))
            .OrderBy(d => d.Location.SourceSpan.Start).ThenBy(d => d.Id, StringComparer.Ordinal)
            .ToImmutableArray();
        return await FixDocumentOrNullAsync(chosen, all, cancellationToken).ConfigureAwait(false) is { } fixedDocument
            ? await fixedDocument.GetTextAsync(cancellationToken).ConfigureAwait(false)
            : null;
    }

    /// <summary>
    /// A finding placed in a linked copy's tree (the same text, another leg's compilation): its location, and its additional
    /// locations in the same file, at the same spans there. Shared with <see cref="SolutionFixAll"/>.
    /// </summary>
    internal static Diagnostic InCopy(Diagnostic finding, SyntaxTree copy)
    {
        var source = finding.Location.SourceTree;
        return source == copy ? finding : Diagnostic.Create(
            finding.Descriptor,
            Location.Create(copy, finding.Location.SourceSpan),
            finding.AdditionalLocations.Select(l => l.IsInSource && l.SourceTree == source ? Location.Create(copy, l.SourceSpan) : l),
            finding.Properties);
    }

    public sealed override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics)
        {
            var root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
            if (root is null || !CanFix(root, diagnostic))
            {
                continue;
            }

            // Computed now, not when the action is invoked: a rewrite that is declined (it would add a compiler error, or
            // the code is not what the fix expects) is never offered as a lightbulb that does nothing.
            var fixedDocument = await FixDocumentOrNullAsync(context.Document, ImmutableArray.Create(diagnostic), context.CancellationToken).ConfigureAwait(false);
            if (fixedDocument is null)
            {
                continue;
            }

            context.RegisterCodeFix(CodeAction.Create(Title, _ => Task.FromResult(fixedDocument), EquivalenceKey), diagnostic);
        }
    }

    private async Task<Document?> FixDocumentOrNullAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        try
        {
            var fixedDocument = await FixDocumentAsync(document, diagnostics, cancellationToken).ConfigureAwait(false);
            if (fixedDocument is null || await AddsCompilerErrorsAsync(document, fixedDocument, cancellationToken).ConfigureAwait(false))
            {
                return null;
            }

            // Settled as the code action's own clean-up would (simplified and formatted where annotated), so that the
            // text-level steps below see the final text: an unformatted token still has zero-width elastic trivia.
            fixedDocument = await CleanupAsync(fixedDocument, cancellationToken).ConfigureAwait(false);
            fixedDocument = await KeepLineEndingsAsync(document, fixedDocument, cancellationToken).ConfigureAwait(false);

            // In a multi-targeted project, the legs that lack what the fix writes keep the old code behind #if.
            fixedDocument = await MultiTargetGuard.ApplyAsync(document, fixedDocument, diagnostics, cancellationToken).ConfigureAwait(false);
            return fixedDocument is null ? null : await AsLineChangesAsync(document, fixedDocument, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            // Broken or unexpected code: leave the document as it is rather than fail the IDE's code action.
            // The robustness tests observe this to prove that it never happens on their inputs.
            FixFailed?.Invoke(e);
            return null;
        }
    }

    /// <summary>
    /// The same rewrite, expressed as changes of whole lines of the original text. In a multi-targeted project each leg
    /// fixes its own copy of the file (a linked document) and Roslyn merges the copies' changes, keeping a change once
    /// when two legs made exactly the same one and writing conflict markers where changes overlap but differ. A syntax
    /// diff of a document with several fixes cuts one fix's change differently depending on the other fixes, which
    /// differ between legs (a .NET-only rule fires on one leg only); whole-line changes of one finding's lines are the
    /// same on every leg that makes them.
    /// </summary>
    internal static async Task<Document> AsLineChangesAsync(Document original, Document fixedDocument, CancellationToken cancellationToken)
    {
        var text = await original.GetTextAsync(cancellationToken).ConfigureAwait(false);
        var changes = (await fixedDocument.GetTextChangesAsync(original, cancellationToken).ConfigureAwait(false)).OrderBy(c => c.Span.Start).ToList();
        if (changes.Count == 0)
        {
            return fixedDocument;
        }

        var lines = new List<TextChange>();
        var replacement = new StringBuilder();
        int start = -1, end = -1, copied = 0;
        foreach (var change in changes)
        {
            var lineStart = text.Lines.GetLineFromPosition(change.Span.Start).Start;
            var lineEnd = text.Lines.GetLineFromPosition(change.Span.End).End;
            if (start >= 0 && lineStart < end)
            {
                // On a line of the current group: keep the text between the two changes.
                replacement.Append(text.ToString(TextSpan.FromBounds(copied, change.Span.Start)));
            }
            else
            {
                if (start >= 0)
                {
                    replacement.Append(text.ToString(TextSpan.FromBounds(copied, end)));
                    lines.Add(LineChange(text, start, end, replacement.ToString()));
                    replacement.Clear();
                }

                start = lineStart;
                replacement.Append(text.ToString(TextSpan.FromBounds(lineStart, change.Span.Start)));
            }

            replacement.Append(change.NewText);
            copied = change.Span.End;
            end = Math.Max(end, Math.Max(lineEnd, copied));
        }

        replacement.Append(text.ToString(TextSpan.FromBounds(copied, end)));
        lines.Add(LineChange(text, start, end, replacement.ToString()));
        return original.WithText(text.WithChanges(lines));
    }

    /// <summary>A change of whole lines, without the last line break when old and new text both end with it (so that a change never touches the next line's).</summary>
    private static TextChange LineChange(SourceText text, int start, int end, string replacement)
    {
        foreach (var lineBreak in new[] { "\r\n", "\n" })
        {
            if (end - start >= lineBreak.Length && text.ToString(TextSpan.FromBounds(end - lineBreak.Length, end)) == lineBreak &&
                replacement.EndsWith(lineBreak, StringComparison.Ordinal))
            {
                return new TextChange(TextSpan.FromBounds(start, end - lineBreak.Length), replacement.Substring(0, replacement.Length - lineBreak.Length));
            }
        }

        return new TextChange(TextSpan.FromBounds(start, end), replacement);
    }

    /// <summary>
    /// The last safety net: a rewrite that leaves the document with more compiler errors than it had is not applied.
    /// Every fix is designed and tested to compile, but an added <c>using</c> can change how unrelated code in the file
    /// binds (e.g. <c>using System;</c> bringing <c>MemoryExtensions</c> into an array's <c>Contains</c> call under C# 14).
    /// </summary>
    private static async Task<bool> AddsCompilerErrorsAsync(Document original, Document fixedDocument, CancellationToken cancellationToken)
    {
        var before = await original.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        var after = await fixedDocument.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (before is null || after is null)
        {
            return false;
        }

        // Compared by id and message (locations move with the rewrite): any error the original did not have counts,
        // even when the rewrite also removes others (an added using can resolve names in code that was already broken).
        var existing = Errors(before, cancellationToken).GroupBy(e => e).ToDictionary(g => g.Key, g => g.Count());
        foreach (var error in Errors(after, cancellationToken))
        {
            if (!existing.TryGetValue(error, out var count) || count == 0)
            {
                return true;
            }

            existing[error] = count - 1;
        }

        return false;

        static IEnumerable<string> Errors(SemanticModel model, CancellationToken cancellationToken) =>
            model.GetDiagnostics(cancellationToken: cancellationToken)
                .Where(d => d.Severity == DiagnosticSeverity.Error)
                .Select(d => d.Id + ": " + d.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
    }

    /// <summary>
    /// Line breaks the rewrite added (an added <c>using</c>, the formatter) follow the file's own line endings. Which ones
    /// Roslyn's helpers write depends on the host: Roslyn 4.5's import adder writes CRLF into an LF file.
    /// </summary>
    private static async Task<Document> KeepLineEndingsAsync(Document original, Document fixedDocument, CancellationToken cancellationToken)
    {
        var text = await original.GetTextAsync(cancellationToken).ConfigureAwait(false);
        if (text.Lines.Count < 2)
        {
            return fixedDocument;
        }

        var newLine = NewLine(text);
        var changes = (await fixedDocument.GetTextChangesAsync(original, cancellationToken).ConfigureAwait(false)).ToList();
        var normalized = changes.Select(c => new TextChange(c.Span, Normalize(c.NewText ?? string.Empty, newLine))).ToList();
        return normalized.Select(c => c.NewText).SequenceEqual(changes.Select(c => c.NewText))
            ? fixedDocument
            : fixedDocument.WithText(text.WithChanges(normalized));

        static string Normalize(string value, string newLine)
        {
            var lf = value.Replace("\r\n", "\n").Replace("\r", "\n");
            return newLine == "\n" ? lf : lf.Replace("\n", newLine);
        }
    }

    /// <summary>The file's line break: its first line's, "\n" for a file of one line.</summary>
    internal static string NewLine(SourceText text)
    {
        if (text.Lines.Count < 2)
        {
            return "\n";
        }

        var first = text.Lines[0];
        return text.ToString(TextSpan.FromBounds(first.End, first.EndIncludingLineBreak));
    }

    /// <summary>
    /// Cheap syntactic check that a fix can be offered for this diagnostic. By default: unless the analyzer said it is
    /// not fixable (<see cref="DiagnosticProperties.Fixable"/>).
    /// </summary>
    protected virtual bool CanFix(SyntaxNode root, Diagnostic diagnostic) =>
        !diagnostic.Properties.ContainsKey(DiagnosticProperties.Fixable) || DiagnosticProperties.IsFixable(diagnostic);

    /// <summary>
    /// Returns the fixed document, or null when nothing could be fixed. The common shape: the syntax root (and the
    /// semantic model when <see cref="NeedsSemanticModel"/>), each diagnostic's replacements from <see cref="AddEdits"/>,
    /// applied inner-first, <see cref="Complete"/> (e.g. a using directive), then simplified and formatted. A fix whose
    /// shape differs overrides this method instead.
    /// </summary>
    protected virtual async Task<Document?> FixDocumentAsync(Document document, ImmutableArray<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = NeedsSemanticModel ? await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) : null;
        if (root is null || (NeedsSemanticModel && model is null))
        {
            return null;
        }

        var input = new FixInput(document, root, model, cancellationToken);
        var edits = new List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)>();
        var editor = new SyntaxEditor(root, document.Project.Solution.Workspace.Services);
        var edited = false;
        foreach (var diagnostic in diagnostics)
        {
            cancellationToken.ThrowIfCancellationRequested();
            AddEdits(input, diagnostic, edits);
            edited |= Edit(input, editor, diagnostic);
        }

        if (edits.Count == 0 && !edited)
        {
            return null;
        }

        if (edited)
        {
            // A fix that both edits and replaces (Fix All over shapes of both kinds): the replacements go through the
            // editor too, which composes them with its removals.
            foreach (var (node, replace) in edits)
            {
                editor.ReplaceNode(node, (current, _) => replace(current));
            }
        }

        var fixedRoot = Complete(input, edited ? editor.GetChangedRoot() : ApplyEdits(root, document.Project.Solution.Workspace.Services, edits));
        if (fixedRoot is not null && input.SystemImportAt is { } at && model is not null)
        {
            fixedRoot = EnsureSystemImport(fixedRoot, model, at);
        }

        return fixedRoot is null ? null : await CleanupAsync(document.WithSyntaxRoot(fixedRoot), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Whether <see cref="AddEdits"/> reads <see cref="FixInput.Model"/>.</summary>
    protected virtual bool NeedsSemanticModel => false;

    /// <summary>The replacements that fix one diagnostic (none when the code is not what the fix expects).</summary>
    protected virtual void AddEdits(FixInput input, Diagnostic diagnostic, List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
    }

    /// <summary>Sets the replacement of <paramref name="node"/>, replacing an earlier one for the same node.</summary>
    protected static void SetEdit(List<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits, SyntaxNode node, Func<SyntaxNode, SyntaxNode> replace)
    {
        edits.RemoveAll(e => e.Node == node);
        edits.Add((node, replace));
    }

    /// <summary>
    /// For rewrites that replace and remove nodes across a member (statements go, the next one takes their trivia): edit
    /// <paramref name="editor"/> for one diagnostic and say whether anything changed. A fix uses this or <see cref="AddEdits"/>.
    /// </summary>
    protected virtual bool Edit(FixInput input, SyntaxEditor editor, Diagnostic diagnostic) => false;

    /// <summary>
    /// Replaces every use of <paramref name="local"/> in its scope (the block, or the whole file for top-level
    /// statements) with <paramref name="replacement"/> and removes <paramref name="statement"/>, its declaration; the next
    /// statement takes over the removed one's leading trivia (indentation, comments, blank lines).
    /// </summary>
    protected static bool InlineLocal(SyntaxEditor editor, SemanticModel model, LocalDeclarationStatementSyntax statement, ILocalSymbol local, Func<IdentifierNameSyntax, SyntaxNode> replacement, CancellationToken cancellationToken)
    {
        SyntaxNode removed = statement.Parent is GlobalStatementSyntax global ? global : statement;
        if (removed.Parent is not { } scope)
        {
            return false;
        }

        foreach (var use in scope.DescendantNodes().OfType<IdentifierNameSyntax>())
        {
            if (use.Identifier.ValueText == local.Name &&
                SymbolEqualityComparer.Default.Equals(model.GetSymbolInfo(use, cancellationToken).Symbol, local))
            {
                editor.ReplaceNode(use, replacement(use).WithTriviaFrom(use));
            }
        }

        var next = scope.ChildNodes().SkipWhile(n => n != removed).Skip(1).FirstOrDefault();
        if (next is not null)
        {
            var leading = removed.GetLeadingTrivia();
            editor.ReplaceNode(next, (current, _) => current.WithLeadingTrivia(leading));
        }

        editor.RemoveNode(removed, SyntaxRemoveOptions.KeepNoTrivia);
        return true;
    }

    /// <summary>A last step on the rewritten root (a using directive the new code needs); null declines the whole fix.</summary>
    protected virtual SyntaxNode? Complete(FixInput input, SyntaxNode fixedRoot) => fixedRoot;

    /// <summary>What <see cref="AddEdits"/> reads: the document, its syntax root, its semantic model when asked for.</summary>
    protected sealed class FixInput
    {
        public FixInput(Document document, SyntaxNode root, SemanticModel? model, CancellationToken cancellationToken)
        {
            Document = document;
            Root = root;
            Model = model;
            CancellationToken = cancellationToken;
        }

        public Document Document { get; }

        public SyntaxNode Root { get; }

        /// <summary>Null unless the fix sets <see cref="NeedsSemanticModel"/>.</summary>
        public SemanticModel? Model { get; }

        /// <summary>Set by an edit that writes <c>AsSpan</c> or another <c>MemoryExtensions</c> call: where <c>using System;</c> must be in scope.</summary>
        public int? SystemImportAt { get; set; }

        public CancellationToken CancellationToken { get; }
    }

    /// <summary>Adds <c>using System;</c> when <c>System.MemoryExtensions</c> is not in scope at <paramref name="position"/>.</summary>
    protected static SyntaxNode EnsureSystemImport(SyntaxNode root, SemanticModel originalModel, int position)
    {
        if (originalModel.LookupNamespacesAndTypes(position, name: "MemoryExtensions").Any() || root is not CompilationUnitSyntax unit)
        {
            return root;
        }

        // "System" sorts first among usings by the common convention, so it goes first; it takes over any header trivia.
        var directive = SyntaxFactory.UsingDirective(SyntaxFactory.IdentifierName("System"))
            .WithTrailingTrivia(SyntaxFactory.EndOfLine("\n"))
            .WithAdditionalAnnotations(Formatter.Annotation);
        var usings = unit.Usings;
        if (usings.Count == 0)
        {
            var separated = directive.WithLeadingTrivia(unit.GetLeadingTrivia()).WithTrailingTrivia(SyntaxFactory.EndOfLine("\n"), SyntaxFactory.EndOfLine("\n"));
            return unit.WithoutLeadingTrivia().WithUsings(usings.Add(separated));
        }

        var first = usings[0];
        usings = usings.Replace(first, first.WithLeadingTrivia());
        return unit.WithUsings(usings.Insert(0, directive.WithLeadingTrivia(first.GetLeadingTrivia())));
    }

    /// <summary>
    /// A type as an expression (the receiver of a static member), fully qualified and annotated for the simplifier.
    /// Parsed rather than built, so that its tree is the one the parser gives for the same text (a member access, not a
    /// qualified name in expression position).
    /// </summary>
    internal static ExpressionSyntax TypeExpression(string fullyQualifiedName) =>
        SyntaxFactory.ParseExpression(fullyQualifiedName).WithAdditionalAnnotations(Simplifier.Annotation);

    /// <inheritdoc cref="TypeExpression(string)"/>
    internal static ExpressionSyntax TypeExpression(ITypeSymbol type) =>
        TypeExpression(type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat));

    /// <summary>Simplifies and formats what the fix annotated, and the elastic trivia of the nodes it built (as a code action's own clean-up does).</summary>
    protected static async Task<Document> CleanupAsync(Document document, CancellationToken cancellationToken)
    {
        document = await ImportAdder.AddImportsAsync(document, Simplifier.AddImportsAnnotation, cancellationToken: cancellationToken).ConfigureAwait(false);
        document = await Simplifier.ReduceAsync(document, Simplifier.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
        document = await Formatter.FormatAsync(document, Formatter.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
        return await Formatter.FormatAsync(document, SyntaxAnnotation.ElasticAnnotation, cancellationToken: cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Applies replacements inner-first (shorter spans first), each computed from the current node so that nested
    /// edits compose.
    /// </summary>
    protected static SyntaxNode ApplyEdits(SyntaxNode root, HostWorkspaceServices services, IEnumerable<(SyntaxNode Node, Func<SyntaxNode, SyntaxNode> Replace)> edits)
    {
        var editor = new SyntaxEditor(root, services);
        foreach (var (node, replace) in edits.OrderBy(e => e.Node.Span.Length).ThenByDescending(e => e.Node.SpanStart))
        {
            editor.ReplaceNode(node, (current, _) => replace(current));
        }

        return editor.GetChangedRoot();
    }
}
