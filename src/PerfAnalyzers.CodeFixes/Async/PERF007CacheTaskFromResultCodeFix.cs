using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using Microsoft.CodeAnalysis.Formatting;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Simplification;
using PerfAnalyzers.Async;
using PerfAnalyzers.CodeFixes.Infrastructure;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Async;

/// <summary>
/// PERF007 fix: <c>Task.FromResult(true)</c> → a <c>private static readonly Task&lt;bool&gt;</c> field of the containing
/// type, created once (<c>TrueTask</c>/<c>FalseTask</c>, or a suffixed name when that would clash), or an existing
/// static readonly field already initialised with the same value; where a plain <c>Task</c> is expected,
/// <c>Task.CompletedTask</c>. Fix All is custom: it plans the fields for every diagnostic of the scope together, so
/// each type gets one field per value, even across partial declarations in several documents.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF007CacheTaskFromResultCodeFix)), Shared]
public sealed class PERF007CacheTaskFromResultCodeFix() : SolutionFix(Rules.PERF007.Info, "Use a cached task")
{
    protected override Task<Solution> FixAsync(Solution solution, IReadOnlyList<Diagnostic> diagnostics, CancellationToken cancellationToken) =>
        FixCoreAsync(solution, diagnostics, cancellationToken);

    /// <summary>One fixed call.</summary>
    private sealed class Use
    {
        public Use(Document document, SemanticModel model, InvocationExpressionSyntax call, bool value)
        {
            Document = document;
            Model = model;
            Call = call;
            Value = value;
        }

        public Document Document { get; }

        public SemanticModel Model { get; }

        public InvocationExpressionSyntax Call { get; }

        public bool Value { get; }

        public TypeDeclarationSyntax? Declaration { get; set; }

        public INamedTypeSymbol? Type { get; set; }
    }

    private static async Task<Solution> FixCoreAsync(Solution solution, IReadOnlyList<Diagnostic> diagnostics, CancellationToken cancellationToken)
    {
        var replacements = new Dictionary<DocumentId, List<(SyntaxNode Node, SyntaxNode Replacement)>>();
        var newFields = new Dictionary<DocumentId, List<(TypeDeclarationSyntax Declaration, FieldDeclarationSyntax Field)>>();
        var uses = new List<Use>();
        var constLocals = new Dictionary<DocumentId, HashSet<SyntaxNode>>();

        foreach (var diagnostic in diagnostics.OrderBy(d => d.Location.SourceTree?.FilePath, StringComparer.Ordinal).ThenBy(d => d.Location.SourceSpan.Start))
        {
            var use = await FindUseAsync(solution, diagnostic, cancellationToken).ConfigureAwait(false);
            if (use is null)
            {
                continue;
            }

            // Every replacement drops the argument: a const local read only there ('const bool done = true; ...
            // Task.FromResult(done)') goes too (else CS0219); one still read elsewhere, or a call left alone, keeps it.
            foreach (var declaration in ConstLocals.ReadIn(use.Model, use.Call, cancellationToken))
            {
                Add(constLocals, use.Document.Id, declaration);
            }

            var generator = SyntaxGenerator.GetGenerator(use.Document);
            if (CompletedTaskReplacement(use, generator) is { } completed)
            {
                Add(replacements, use.Document.Id, (use.Call, completed));
                continue;
            }

            // 'await Task.FromResult(true)' in a function that awaits something else too: the value itself.
            if (DiagnosticProperties.ShapeOf(diagnostic) == PERF007CacheTaskFromResultAnalyzer.ShapeAwait &&
                use.Call.Parent is AwaitExpressionSyntax awaited)
            {
                var literal = SyntaxFactory.LiteralExpression(use.Value ? SyntaxKind.TrueLiteralExpression : SyntaxKind.FalseLiteralExpression);
                Add(replacements, use.Document.Id, (awaited, literal.WithTriviaFrom(awaited)));
                continue;
            }

            use.Declaration = use.Call.FirstAncestorOrSelf<TypeDeclarationSyntax>(d => d is ClassDeclarationSyntax or StructDeclarationSyntax or RecordDeclarationSyntax);
            use.Type = use.Declaration is null ? null : use.Model.GetDeclaredSymbol(use.Declaration, cancellationToken);
            if (use.Type is not null)
            {
                uses.Add(use);
            }
        }

        // One field per (type, value): an existing suitable one, or a new one in the declaration of the first use.
        var reserved = new Dictionary<INamedTypeSymbol, HashSet<string>>(SymbolEqualityComparer.Default);
        foreach (var group in uses.GroupBy(u => (Type: u.Type!, u.Value), TypeAndValueComparer.Instance))
        {
            var (type, value) = group.Key;
            var first = group.First();
            var taskOfBool = TaskOfBool(first.Model.Compilation);
            if (taskOfBool is null)
            {
                continue;
            }

            var name = await FindExistingFieldAsync(solution, type, taskOfBool, value, cancellationToken).ConfigureAwait(false);
            var isNew = name is null;
            if (name is null)
            {
                if (!reserved.TryGetValue(type, out var taken))
                {
                    reserved[type] = taken = new HashSet<string>(StringComparer.Ordinal);
                }

                var host = await FindHostDeclarationAsync(solution, type, cancellationToken).ConfigureAwait(false);
                if (host is null)
                {
                    continue;
                }

                var style = await FieldNaming.ForAsync(host.Value.Document, type, cancellationToken).ConfigureAwait(false);
                name = ChooseName(type, style.Apply(value ? "TrueTask" : "FalseTask"), group, taken, reserved, await IdentifiersInAsync(type, cancellationToken).ConfigureAwait(false));
                taken.Add(name);
                var generator = SyntaxGenerator.GetGenerator(host.Value.Document);
                Add(newFields, host.Value.Document.Id, (host.Value.Declaration, CreateField(generator, taskOfBool, name, value)));
            }

            foreach (var use in group)
            {
                var generator = SyntaxGenerator.GetGenerator(use.Document);

                // The call is inside the field's type, so the field's simple name is enough where it binds to the field:
                // a new field's name appears nowhere in the type; an existing one is looked up at the call. Otherwise the
                // qualified form, which the simplifier reduces (Roslyn 4.5's does not inside a generic type).
                var simple = isNew || use.Model.LookupSymbols(use.Call.SpanStart, name: name) is { Length: 1 } found && found[0] is IFieldSymbol field &&
                             SymbolEqualityComparer.Default.Equals(field.ContainingType, type);
                var reference = (simple
                        ? generator.IdentifierName(name)
                        : generator.MemberAccessExpression(DocumentFix.TypeExpression(type), generator.IdentifierName(name)))
                    .WithTriviaFrom(use.Call)
                    .WithAdditionalAnnotations(Simplifier.Annotation, Formatter.Annotation);
                Add(replacements, use.Document.Id, (use.Call, reference));
            }
        }

        foreach (var documentId in replacements.Keys.Concat(newFields.Keys).Distinct().ToList())
        {
            var document = solution.GetDocument(documentId)!;
            var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
            if (root is null)
            {
                continue;
            }

            var editor = new SyntaxEditor(root, solution.Workspace.Services);
            if (replacements.TryGetValue(documentId, out var documentReplacements))
            {
                foreach (var (node, replacement) in documentReplacements)
                {
                    editor.ReplaceNode(node, replacement);
                }
            }

            if (newFields.TryGetValue(documentId, out var documentFields))
            {
                var newLine = (await document.GetTextAsync(cancellationToken).ConfigureAwait(false)).ToString().Contains("\r\n") ? "\r\n" : "\n";
                foreach (var declarationFields in documentFields.GroupBy(f => f.Declaration))
                {
                    var fields = declarationFields.Select(f => f.Field).ToList();
                    editor.ReplaceNode(declarationFields.Key, (current, _) => InsertFields((TypeDeclarationSyntax)current, fields, newLine));
                }
            }

            if (constLocals.TryGetValue(documentId, out var declarations))
            {
                foreach (var declaration in declarations)
                {
                    editor.ReplaceNode(declaration, (current, _) => current.WithAdditionalAnnotations(ConstLocals.Annotation));
                }
            }

            var changed = document.WithSyntaxRoot(ConstLocals.RemoveUnused(editor.GetChangedRoot()));
            changed = await Simplifier.ReduceAsync(changed, Simplifier.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
            changed = await Formatter.FormatAsync(changed, Formatter.Annotation, cancellationToken: cancellationToken).ConfigureAwait(false);
            solution = changed.Project.Solution;
        }

        return solution;
    }

    private static void Add(Dictionary<DocumentId, HashSet<SyntaxNode>> map, DocumentId id, SyntaxNode node)
    {
        if (!map.TryGetValue(id, out var set))
        {
            map[id] = set = new HashSet<SyntaxNode>();
        }

        set.Add(node);
    }

    private static async Task<Use?> FindUseAsync(Solution solution, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        if (solution.GetDocument(diagnostic.Location.SourceTree) is not { } document ||
            !diagnostic.Properties.TryGetValue(PERF007CacheTaskFromResultAnalyzer.ValueKey, out var text) ||
            !bool.TryParse(text, out var value))
        {
            return null;
        }

        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        var call = root?.FindToken(diagnostic.Location.SourceSpan.Start).Parent?.FirstAncestorOrSelf<InvocationExpressionSyntax>();
        if (model is null || call is null || model.GetOperation(call, cancellationToken) is not IInvocationOperation { TargetMethod.Name: "FromResult" })
        {
            return null;
        }

        return new Use(document, model, call, value);
    }

    /// <summary><c>Task.CompletedTask</c> when the call is converted to a plain <c>Task</c> and that property exists.</summary>
    private static SyntaxNode? CompletedTaskReplacement(Use use, SyntaxGenerator generator)
    {
        var task = WellKnownTypes.For(use.Model.Compilation).Get(WellKnownTypes.Task);
        if (task is null ||
            use.Model.GetOperation(use.Call)?.Parent is not IConversionOperation { IsImplicit: true } conversion ||
            !SymbolEqualityComparer.Default.Equals(conversion.Type, task) ||
            !task.GetMembers("CompletedTask").OfType<IPropertySymbol>().Any(p => p.IsStatic && p.DeclaredAccessibility == Accessibility.Public))
        {
            return null;
        }

        return generator.MemberAccessExpression(DocumentFix.TypeExpression(task), generator.IdentifierName("CompletedTask"))
            .WithTriviaFrom(use.Call)
            .WithAdditionalAnnotations(Simplifier.Annotation, Formatter.Annotation);
    }

    private static INamedTypeSymbol? TaskOfBool(Compilation compilation) =>
        WellKnownTypes.For(compilation).Get(WellKnownTypes.TaskOfT)?.Construct(compilation.GetSpecialType(SpecialType.System_Boolean));

    /// <summary>A static readonly <c>Task&lt;bool&gt;</c> field of the type initialised with <c>Task.FromResult(value)</c>.</summary>
    private static async Task<string?> FindExistingFieldAsync(Solution solution, INamedTypeSymbol type, INamedTypeSymbol taskOfBool, bool value, CancellationToken cancellationToken)
    {
        foreach (var field in type.GetMembers().OfType<IFieldSymbol>())
        {
            if (!field.IsStatic || !field.IsReadOnly || !SymbolEqualityComparer.Default.Equals(field.Type, taskOfBool))
            {
                continue;
            }

            foreach (var reference in field.DeclaringSyntaxReferences)
            {
                if (await reference.GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is not VariableDeclaratorSyntax { Initializer.Value: { } initializer } ||
                    solution.GetDocument(reference.SyntaxTree) is not { } document ||
                    await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is not { } model)
                {
                    continue;
                }

                if (model.GetOperation(initializer, cancellationToken) is IInvocationOperation { TargetMethod.Name: "FromResult", Arguments.Length: 1 } call &&
                    SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType, taskOfBool.BaseType) &&
                    call.Arguments[0].Value.ConstantValue is { HasValue: true, Value: bool initial } &&
                    initial == value)
                {
                    return field.Name;
                }
            }
        }

        return null;
    }

    /// <summary>
    /// The type's first declaration (by file path, then position), so that the field lands in the same place whichever
    /// use is fixed first.
    /// </summary>
    private static async Task<(Document Document, TypeDeclarationSyntax Declaration)?> FindHostDeclarationAsync(Solution solution, INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        foreach (var reference in type.DeclaringSyntaxReferences.OrderBy(r => r.SyntaxTree.FilePath, StringComparer.Ordinal).ThenBy(r => r.Span.Start))
        {
            if (solution.GetDocument(reference.SyntaxTree) is { } document &&
                await reference.GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is TypeDeclarationSyntax declaration and (ClassDeclarationSyntax or StructDeclarationSyntax or RecordDeclarationSyntax))
            {
                return (document, declaration);
            }
        }

        return null;
    }

    /// <summary>
    /// TrueTask / FalseTask in the file's naming style (<see cref="FieldNaming"/>: s_trueTask, _trueTask ...), or with 1,
    /// 2 ... appended: a name that no member of the type or its bases has and that
    /// binds to nothing else at any fixed call (a local, a parameter, an outer type's member, a using static), nor to a
    /// field this fix adds to an outer type.
    /// </summary>
    private static string ChooseName(INamedTypeSymbol type, string baseName, IEnumerable<Use> uses, HashSet<string> taken, Dictionary<INamedTypeSymbol, HashSet<string>> reserved, HashSet<string> identifiers)
    {
        for (var i = 0; ; i++)
        {
            var candidate = i == 0 ? baseName : baseName + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
            if (!taken.Contains(candidate) &&
                !identifiers.Contains(candidate) &&
                !ReservedInContainingTypes(type, candidate, reserved) &&
                candidate != type.Name &&
                !type.TypeParameters.Any(p => p.Name == candidate) &&
                !HasMember(type, candidate) &&
                uses.All(u => u.Model.LookupSymbols(u.Call.SpanStart, name: candidate).IsEmpty))
            {
                return candidate;
            }
        }
    }

    /// <summary>
    /// Every identifier written in the type's declarations: a name used by no local, parameter or member there cannot
    /// be shadowed at any use, whichever uses are fixed first.
    /// </summary>
    private static async Task<HashSet<string>> IdentifiersInAsync(INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        var identifiers = new HashSet<string>(StringComparer.Ordinal);
        foreach (var reference in type.DeclaringSyntaxReferences)
        {
            var declaration = await reference.GetSyntaxAsync(cancellationToken).ConfigureAwait(false);
            foreach (var token in declaration.DescendantTokens())
            {
                if (token.IsKind(SyntaxKind.IdentifierToken))
                {
                    identifiers.Add(token.ValueText);
                }
            }
        }

        return identifiers;
    }

    private static bool ReservedInContainingTypes(INamedTypeSymbol type, string name, Dictionary<INamedTypeSymbol, HashSet<string>> reserved)
    {
        for (var outer = type.ContainingType; outer is not null; outer = outer.ContainingType)
        {
            if (reserved.TryGetValue(outer, out var names) && names.Contains(name))
            {
                return true;
            }
        }

        return false;
    }

    private static bool HasMember(INamedTypeSymbol type, string name)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (!current.GetMembers(name).IsEmpty)
            {
                return true;
            }
        }

        return false;
    }

    private static FieldDeclarationSyntax CreateField(SyntaxGenerator generator, INamedTypeSymbol taskOfBool, string name, bool value)
    {
        var initializer = generator.InvocationExpression(
            generator.MemberAccessExpression(DocumentFix.TypeExpression(taskOfBool.BaseType!), generator.IdentifierName("FromResult")),
            generator.LiteralExpression(value));
        return ((FieldDeclarationSyntax)generator.FieldDeclaration(
                name,
                generator.TypeExpression(taskOfBool),
                Accessibility.Private,
                DeclarationModifiers.Static | DeclarationModifiers.ReadOnly,
                initializer))
            .WithAdditionalAnnotations(Simplifier.Annotation, Formatter.Annotation);
    }

    /// <summary>
    /// The new fields go first (after any cached-task fields already there), so that they are initialised before the
    /// other static initializers of this declaration run; a blank line separates them from what follows unless that is
    /// a field too.
    /// </summary>
    private static TypeDeclarationSyntax InsertFields(TypeDeclarationSyntax declaration, List<FieldDeclarationSyntax> fields, string newLine)
    {
        var members = declaration.Members;
        var index = 0;
        while (index < members.Count && IsCachedTaskField(members[index]))
        {
            index++;
        }

        var last = fields.Count - 1;
        if (index > 0 && members[index - 1].GetTrailingTrivia().All(t => t.IsKind(SyntaxKind.EndOfLineTrivia) || t.IsKind(SyntaxKind.WhitespaceTrivia)))
        {
            // Inserted after the existing cached fields: they keep a single line break, the last new field takes their spacing.
            fields[last] = fields[last].WithTrailingTrivia(members[index - 1].GetTrailingTrivia());
            members = members.Replace(members[index - 1], members[index - 1].WithTrailingTrivia(SyntaxFactory.EndOfLine(newLine)));
        }
        else if (index < members.Count && members[index] is not FieldDeclarationSyntax)
        {
            fields[last] = fields[last].WithTrailingTrivia(SyntaxFactory.EndOfLine(newLine), SyntaxFactory.EndOfLine(newLine));
        }

        return declaration.WithMembers(members.InsertRange(index, fields));
    }

    /// <summary><c>static readonly ... = Task.FromResult(...)</c>: a field this fix wrote, or one like it.</summary>
    private static bool IsCachedTaskField(MemberDeclarationSyntax member) =>
        member is FieldDeclarationSyntax field &&
        field.Modifiers.Any(SyntaxKind.StaticKeyword) &&
        field.Modifiers.Any(SyntaxKind.ReadOnlyKeyword) &&
        field.Declaration.Variables.Count == 1 &&
        field.Declaration.Variables[0].Initializer?.Value is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "FromResult" } };

    private static void Add<TKey, TValue>(Dictionary<TKey, List<TValue>> map, TKey key, TValue value)
        where TKey : notnull
    {
        if (!map.TryGetValue(key, out var list))
        {
            map[key] = list = new List<TValue>();
        }

        list.Add(value);
    }

    private sealed class TypeAndValueComparer : IEqualityComparer<(INamedTypeSymbol Type, bool Value)>
    {
        public static readonly TypeAndValueComparer Instance = new();

        public bool Equals((INamedTypeSymbol Type, bool Value) x, (INamedTypeSymbol Type, bool Value) y) =>
            x.Value == y.Value && SymbolEqualityComparer.Default.Equals(x.Type, y.Type);

        public int GetHashCode((INamedTypeSymbol Type, bool Value) obj) =>
            SymbolEqualityComparer.Default.GetHashCode(obj.Type) * 2 + (obj.Value ? 1 : 0);
    }
}
