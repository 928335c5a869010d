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
using PerfAnalyzers.CodeFixes.Infrastructure;

namespace PerfAnalyzers.CodeFixes.Types;

/// <summary>
/// PERF004 fix: adds <c>sealed</c> to the reported declaration, and, in every partial declaration of the type, makes the
/// members a sealed type may not (or should not) declare compile unchanged: new <c>virtual</c> members lose
/// <c>virtual</c> (CS0549), <c>protected</c> becomes <c>private</c>, <c>protected internal</c> becomes <c>internal</c> and
/// <c>private protected</c> becomes <c>private</c> (CS0628). <c>override</c> members stay as they are. The partial
/// declarations may be in other documents, so the fix changes the solution; no fix is offered when one of them is in a
/// source-generated document, or when a protected field or event would become an unused private one (a new compiler
/// warning). Fix All gathers every diagnostic of its scope and edits each document once.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PERF004SealInternalTypesCodeFix)), Shared]
public sealed class PERF004SealInternalTypesCodeFix() : SolutionFix(Rules.PERF004.Info, "Seal the type")
{
    protected override async Task<bool> CanFixAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken) =>
        await FindAsync(document, diagnostic, cancellationToken).ConfigureAwait(false) is not null;

    protected override Task<Solution> FixAsync(Solution solution, IReadOnlyList<Diagnostic> diagnostics, CancellationToken cancellationToken) =>
        SealAsync(
            solution,
            diagnostics.Select(d => (Document: solution.GetDocument(d.Location.SourceTree), Diagnostic: d))
                .Where(d => d.Document is not null)
                .Select(d => (d.Document!, d.Diagnostic)),
            cancellationToken);

    /// <summary>The reported declaration and its type, when every declaration of the type is in a regular document.</summary>
    private static async Task<(TypeDeclarationSyntax Declaration, INamedTypeSymbol Type)?> FindAsync(Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        if (root is null || !diagnostic.Location.IsInSource || diagnostic.Location.SourceTree != root.SyntaxTree ||
            root.FindToken(diagnostic.Location.SourceSpan.Start).Parent is not TypeDeclarationSyntax declaration ||
            declaration.Identifier.Span != diagnostic.Location.SourceSpan ||
            declaration.Modifiers.Any(SyntaxKind.SealedKeyword) || declaration.Modifiers.Any(SyntaxKind.StaticKeyword) || declaration.Modifiers.Any(SyntaxKind.AbstractKeyword))
        {
            return null;
        }

        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        if (model?.GetDeclaredSymbol(declaration, cancellationToken) is not INamedTypeSymbol { TypeKind: TypeKind.Class, IsSealed: false } type)
        {
            return null;
        }

        var solution = document.Project.Solution;
        foreach (var reference in type.DeclaringSyntaxReferences)
        {
            if (solution.GetDocument(reference.SyntaxTree) is null or SourceGeneratedDocument)
            {
                // A declaration in a source-generated document (or outside the solution) cannot be edited.
                return null;
            }
        }

        return await FieldsStayUsedAsync(solution, type, cancellationToken).ConfigureAwait(false) ? (declaration, type) : null;
    }

    /// <summary>
    /// A <c>protected</c> field (or field-like event) that the fix makes <c>private</c> or <c>internal</c> gets the
    /// compiler's unused-field warnings (CS0169, CS0414, CS0649, CS0067) when the type never reads or never assigns it;
    /// protected members are exempt because a derived type might. The fix is not offered then (it would add a warning).
    /// Only the type's own declarations are searched: without derived types, nothing else can use a protected member.
    /// </summary>
    private static async Task<bool> FieldsStayUsedAsync(Solution solution, INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        var members = new List<ISymbol>();
        foreach (var member in type.GetMembers())
        {
            if (member.DeclaredAccessibility is Accessibility.Protected or Accessibility.ProtectedOrInternal or Accessibility.ProtectedAndInternal &&
                (member is IFieldSymbol { IsConst: false, IsImplicitlyDeclared: false } ||
                 member is IEventSymbol && member.DeclaringSyntaxReferences.Any(r => r.GetSyntax(cancellationToken) is VariableDeclaratorSyntax)))
            {
                members.Add(member);
            }
        }

        if (members.Count == 0)
        {
            return true;
        }

        var read = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
        var written = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
        foreach (var member in members)
        {
            if (member is IEventSymbol || member.DeclaringSyntaxReferences.Any(r => r.GetSyntax(cancellationToken) is VariableDeclaratorSyntax { Initializer: not null }))
            {
                written.Add(member);
            }
        }

        var names = new HashSet<string>(members.Select(m => m.Name), StringComparer.Ordinal);
        foreach (var reference in type.DeclaringSyntaxReferences)
        {
            var node = await reference.GetSyntaxAsync(cancellationToken).ConfigureAwait(false);
            var model = solution.GetDocument(reference.SyntaxTree) is { } document ? await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) : null;
            if (model is null)
            {
                return false;
            }

            foreach (var identifier in node.DescendantNodes().OfType<IdentifierNameSyntax>())
            {
                if (!names.Contains(identifier.Identifier.ValueText) ||
                    model.GetSymbolInfo(identifier, cancellationToken).Symbol?.OriginalDefinition is not { } symbol ||
                    !members.Contains(symbol, SymbolEqualityComparer.Default))
                {
                    continue;
                }

                var (isRead, isWritten) = Classify(identifier, symbol is IEventSymbol);
                if (isRead)
                {
                    read.Add(symbol);
                }

                if (isWritten)
                {
                    written.Add(symbol);
                }
            }
        }

        return members.All(m => read.Contains(m) && written.Contains(m));
    }

    /// <summary>Whether a reference reads and/or writes the field (conservatively: unknown uses are reads only).</summary>
    private static (bool Read, bool Written) Classify(IdentifierNameSyntax identifier, bool isEvent)
    {
        ExpressionSyntax expression = identifier;
        if (expression.Parent is MemberAccessExpressionSyntax access && access.Name == identifier)
        {
            expression = access;
        }

        switch (expression.Parent)
        {
            case AssignmentExpressionSyntax assignment when assignment.Left == expression:
                if (isEvent)
                {
                    // += and -= on an event call its accessors: not a use of the event's field.
                    return (false, assignment.IsKind(SyntaxKind.SimpleAssignmentExpression));
                }

                return (!assignment.IsKind(SyntaxKind.SimpleAssignmentExpression), true);
            case PrefixUnaryExpressionSyntax prefix when prefix.IsKind(SyntaxKind.PreIncrementExpression) || prefix.IsKind(SyntaxKind.PreDecrementExpression):
            case PostfixUnaryExpressionSyntax postfix when postfix.IsKind(SyntaxKind.PostIncrementExpression) || postfix.IsKind(SyntaxKind.PostDecrementExpression):
                return (true, true);
            case ArgumentSyntax argument when argument.RefKindKeyword.IsKind(SyntaxKind.OutKeyword):
                return (false, true);
            case ArgumentSyntax argument when argument.RefKindKeyword.IsKind(SyntaxKind.RefKeyword):
                return (true, true);
            default:
                return (true, false);
        }
    }

    /// <summary>Seals the type of every diagnostic; each changed document is rewritten once.</summary>
    private static async Task<Solution> SealAsync(Solution solution, IEnumerable<(Document Document, Diagnostic Diagnostic)> diagnostics, CancellationToken cancellationToken)
    {
        var editors = new Dictionary<DocumentId, SyntaxEditor>();
        var sealedTypes = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var (document, diagnostic) in diagnostics)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (await FindAsync(document, diagnostic, cancellationToken).ConfigureAwait(false) is not { } found || !sealedTypes.Add(found.Type))
            {
                continue;
            }

            var declarations = new List<(DocumentId Id, TypeDeclarationSyntax Declaration)>();
            foreach (var reference in found.Type.DeclaringSyntaxReferences)
            {
                if (solution.GetDocument(reference.SyntaxTree) is not { } declaringDocument || declaringDocument is SourceGeneratedDocument ||
                    await reference.GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is not TypeDeclarationSyntax declaration)
                {
                    declarations.Clear();
                    break;
                }

                declarations.Add((declaringDocument.Id, declaration));
            }

            foreach (var (id, declaration) in declarations)
            {
                if (!editors.TryGetValue(id, out var editor))
                {
                    var root = await solution.GetDocument(id)!.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
                    editor = new SyntaxEditor(root!, solution.Workspace.Services);
                    editors.Add(id, editor);
                }

                if (declaration == found.Declaration)
                {
                    editor.ReplaceNode(declaration, (current, _) => Seal((TypeDeclarationSyntax)current));
                }

                foreach (var member in declaration.Members)
                {
                    if (NeedsRewrite(member))
                    {
                        editor.ReplaceNode(member, (current, _) => RewriteMember((MemberDeclarationSyntax)current));
                    }
                }
            }
        }

        foreach (var pair in editors)
        {
            solution = solution.WithDocumentSyntaxRoot(pair.Key, pair.Value.GetChangedRoot());
        }

        return solution;
    }

    /// <summary>
    /// Adds <c>sealed</c> after the accessibility (and <c>new</c>/<c>file</c>) modifiers, before any other, leaving the
    /// existing modifiers in their order. (SyntaxGenerator.WithModifiers rewrites them, and older Roslyn versions write
    /// <c>protected internal</c> as <c>internal protected</c>.)
    /// </summary>
    private static TypeDeclarationSyntax Seal(TypeDeclarationSyntax declaration)
    {
        var token = SyntaxFactory.Token(SyntaxKind.SealedKeyword).WithTrailingTrivia(SyntaxFactory.Space);
        var modifiers = declaration.Modifiers;
        if (modifiers.Count == 0)
        {
            return declaration
                .WithKeyword(declaration.Keyword.WithLeadingTrivia())
                .WithModifiers(SyntaxFactory.TokenList(token.WithLeadingTrivia(declaration.Keyword.LeadingTrivia)));
        }

        var index = 0;
        while (index < modifiers.Count && modifiers[index].Kind() is SyntaxKind.PublicKeyword or SyntaxKind.PrivateKeyword or SyntaxKind.ProtectedKeyword
                   or SyntaxKind.InternalKeyword or SyntaxKind.NewKeyword or SyntaxKind.FileKeyword)
        {
            index++;
        }

        if (index > 0)
        {
            return declaration.WithModifiers(modifiers.Insert(index, token));
        }

        var first = modifiers[0];
        return declaration.WithModifiers(modifiers.Replace(first, first.WithLeadingTrivia()).Insert(0, token.WithLeadingTrivia(first.LeadingTrivia)));
    }

    private static SyntaxTokenList Modifiers(MemberDeclarationSyntax member) => member.Modifiers;

    private static bool IsProtected(SyntaxTokenList modifiers) => modifiers.Any(SyntaxKind.ProtectedKeyword);

    /// <summary>A new virtual member, or a protected one (or one with a protected accessor), that is not an override.</summary>
    private static bool NeedsRewrite(MemberDeclarationSyntax member)
    {
        var modifiers = Modifiers(member);
        if (modifiers.Any(SyntaxKind.OverrideKeyword))
        {
            return false;
        }

        if (modifiers.Any(SyntaxKind.VirtualKeyword) || IsProtected(modifiers))
        {
            return true;
        }

        return member is BasePropertyDeclarationSyntax { AccessorList: { } accessors } && accessors.Accessors.Any(a => IsProtected(a.Modifiers));
    }

    /// <summary>
    /// Rewrites the member's modifier tokens in place (the user's order and trivia stay): <c>virtual</c> goes, the
    /// accessibility is mapped, and accessor modifiers that would no longer be more restrictive than the member go. Token
    /// edits rather than <see cref="SyntaxGenerator.WithAccessibility"/>, which leaves partial methods unchanged and
    /// drops <c>partial</c> from properties.
    /// </summary>
    private static SyntaxNode RewriteMember(MemberDeclarationSyntax member)
    {
        var before = AccessibilityOf(member.Modifiers);
        var after = Map(before);
        var result = member.WithModifiers(Rewrite(member.Modifiers, after, removeVirtual: true));
        if (result is BasePropertyDeclarationSyntax { AccessorList: { } accessorList } property)
        {
            var memberAccessibility = after == Accessibility.NotApplicable ? Accessibility.Private : after;
            var accessors = accessorList.Accessors;
            for (var i = 0; i < accessors.Count; i++)
            {
                var own = AccessibilityOf(accessors[i].Modifiers);
                if (own == Accessibility.NotApplicable)
                {
                    continue;
                }

                // An accessor's own modifier must stay strictly more restrictive than the member's accessibility.
                var mapped = Map(own);
                var target = Rank(mapped) < Rank(memberAccessibility) ? mapped : Accessibility.NotApplicable;
                if (target != own)
                {
                    var accessor = accessors[i];
                    var modifiers = Rewrite(accessor.Modifiers, target, removeVirtual: false);
                    var rewritten = modifiers.Count == 0
                        ? accessor.WithModifiers(modifiers).WithKeyword(accessor.Keyword.WithLeadingTrivia(accessor.Modifiers[0].LeadingTrivia))
                        : accessor.WithModifiers(modifiers);
                    accessors = accessors.Replace(accessor, rewritten);
                }
            }

            result = property.WithAccessorList(accessorList.WithAccessors(accessors));
        }

        return result;
    }

    /// <summary>
    /// The modifiers with the accessibility keywords replaced by <paramref name="accessibility"/>'s (none for
    /// NotApplicable) at the place of the first one, and <c>virtual</c> removed; the first token's leading trivia stays first.
    /// </summary>
    private static SyntaxTokenList Rewrite(SyntaxTokenList modifiers, Accessibility accessibility, bool removeVirtual)
    {
        var replacement = accessibility switch
        {
            Accessibility.Private => new[] { SyntaxKind.PrivateKeyword },
            Accessibility.Internal => new[] { SyntaxKind.InternalKeyword },
            Accessibility.Public => new[] { SyntaxKind.PublicKeyword },
            Accessibility.Protected => new[] { SyntaxKind.ProtectedKeyword },
            Accessibility.ProtectedOrInternal => new[] { SyntaxKind.ProtectedKeyword, SyntaxKind.InternalKeyword },
            Accessibility.ProtectedAndInternal => new[] { SyntaxKind.PrivateKeyword, SyntaxKind.ProtectedKeyword },
            _ => Array.Empty<SyntaxKind>(),
        };

        var tokens = new List<SyntaxToken>();
        var inserted = false;
        foreach (var token in modifiers)
        {
            if (token.IsKind(SyntaxKind.PublicKeyword) || token.IsKind(SyntaxKind.PrivateKeyword) ||
                token.IsKind(SyntaxKind.ProtectedKeyword) || token.IsKind(SyntaxKind.InternalKeyword))
            {
                if (!inserted)
                {
                    inserted = true;
                    foreach (var kind in replacement)
                    {
                        tokens.Add(SyntaxFactory.Token(kind).WithTrailingTrivia(SyntaxFactory.Space));
                    }
                }

                continue;
            }

            if (removeVirtual && token.IsKind(SyntaxKind.VirtualKeyword))
            {
                continue;
            }

            tokens.Add(token);
        }

        if (!inserted && replacement.Length > 0)
        {
            tokens.InsertRange(0, replacement.Select(kind => SyntaxFactory.Token(kind).WithTrailingTrivia(SyntaxFactory.Space)));
        }

        if (tokens.Count > 0 && modifiers.Count > 0)
        {
            tokens[0] = tokens[0].WithLeadingTrivia(modifiers[0].LeadingTrivia);
            var last = modifiers[modifiers.Count - 1];
            if (tokens[tokens.Count - 1] != last)
            {
                tokens[tokens.Count - 1] = tokens[tokens.Count - 1].WithTrailingTrivia(last.TrailingTrivia);
            }
        }

        return SyntaxFactory.TokenList(tokens);
    }

    private static Accessibility AccessibilityOf(SyntaxTokenList modifiers) => AccessorAccessibility(modifiers);

    private static Accessibility AccessorAccessibility(SyntaxTokenList modifiers)
    {
        var isPrivate = modifiers.Any(SyntaxKind.PrivateKeyword);
        var isProtected = modifiers.Any(SyntaxKind.ProtectedKeyword);
        var isInternal = modifiers.Any(SyntaxKind.InternalKeyword);
        return (isPrivate, isProtected, isInternal) switch
        {
            (true, true, _) => Accessibility.ProtectedAndInternal,
            (true, _, _) => Accessibility.Private,
            (_, true, true) => Accessibility.ProtectedOrInternal,
            (_, true, _) => Accessibility.Protected,
            (_, _, true) => Accessibility.Internal,
            _ => modifiers.Any(SyntaxKind.PublicKeyword) ? Accessibility.Public : Accessibility.NotApplicable,
        };
    }

    /// <summary>Without derived types, <c>protected</c> adds no access: it maps to what the rest of it grants.</summary>
    private static Accessibility Map(Accessibility accessibility) => accessibility switch
    {
        Accessibility.Protected => Accessibility.Private,
        Accessibility.ProtectedAndInternal => Accessibility.Private,
        Accessibility.ProtectedOrInternal => Accessibility.Internal,
        _ => accessibility,
    };

    private static int Rank(Accessibility accessibility) => accessibility switch
    {
        Accessibility.Private => 0,
        Accessibility.ProtectedAndInternal => 1,
        Accessibility.Protected or Accessibility.Internal => 2,
        Accessibility.ProtectedOrInternal => 3,
        _ => 4,
    };
}
