using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// Findings in a multi-targeted project (<c>TargetFrameworks</c> = <c>netstandard2.0;net8.0</c>) whose fix writes an
/// API that some leg lacks. The analyzers run once per leg and the IDE or <c>dotnet format</c> applies a fix in one
/// leg's context, so a plain rewrite would break the build of the other legs. Option
/// <c>perf_analyzers.multi_targeting</c> (or <c>perf_analyzers.PERFnnn.multi_targeting</c>):
/// <list type="bullet">
/// <item><c>guard</c> (default): report, and the fix keeps the old code for the legs that lack the API behind the SDK's
/// symbols: <c>#if NET6_0_OR_GREATER</c> new code <c>#else</c> old code <c>#endif</c>, around the narrowest statement or
/// member (or <c>using</c> directive) it changes.</item>
/// <item><c>all_legs</c>: report only where every leg can take the fix, so that no fix writes <c>#if</c>.</item>
/// </list>
/// </summary>
public static partial class MultiTargeting
{
    public static readonly EnumOption<Mode> Option = new(
        null,
        "multi_targeting",
        Mode.Guard,
        "`guard` or `all_legs`: in a multi-targeted project, keep the old code behind `#if` for targets that lack the fix's API, or report only what every target can take");

    /// <summary>Diagnostic property: the preprocessor condition the fix must put the new code under; absent when every leg has the API.</summary>
    public const string GuardKey = "Guard";

    public enum Mode
    {
        Guard,
        AllLegs,
    }

    /// <summary>The legs of the project (empty for a single target or when the build does not say).</summary>
    public static ImmutableArray<TargetFramework> Legs(AnalyzerConfigOptions globalOptions)
    {
        if (!globalOptions.TryGetValue(BuildProperties.Key(BuildProperties.TargetFrameworks), out var list) || string.IsNullOrWhiteSpace(list))
        {
            return ImmutableArray<TargetFramework>.Empty;
        }

        var monikers = list.Split(',', ';').Select(m => m.Trim()).Where(m => m.Length > 0).Distinct().ToList();
        return monikers.Count < 2 ? ImmutableArray<TargetFramework>.Empty : monikers.Select(TargetFramework.FromMoniker).ToImmutableArray();
    }

    /// <summary>
    /// Whether this compilation is the leg that reports findings whose API has no tracked first version (a span overload
    /// of some library method): the newest .NET (Core) leg, else the newest .NET Standard one, else the newest .NET
    /// Framework one; true for a single target. Such a fix is guarded by that leg's own version, and Roslyn merges the legs'
    /// copies of the file, so only one leg may write it: two legs writing different conditions would conflict.
    /// </summary>
    public static bool IsNewestLeg(PerfCompilation compilation)
    {
        if (compilation.Legs.IsEmpty)
        {
            return true;
        }

        static int Rank(TargetFrameworkKind kind) => kind switch
        {
            TargetFrameworkKind.NetCore => 3,
            TargetFrameworkKind.NetStandard => 2,
            TargetFrameworkKind.NetFramework => 1,
            _ => 0,
        };

        var newest = compilation.Legs.OrderByDescending(l => Rank(l.Kind)).ThenByDescending(l => l.Version).First();
        return newest.Equals(compilation.TargetFramework);
    }

    /// <summary>
    /// Whether to report a finding whose fix needs <paramref name="api"/>, and the guard its fix must write
    /// (<paramref name="properties"/> gains <see cref="GuardKey"/> when some leg lacks the API).
    /// </summary>
    public static bool Allows(PerfCompilation compilation, AnalyzerOptions options, SyntaxTree tree, string ruleId, ApiAvailability api, ref ImmutableDictionary<string, string?> properties)
    {
        // The rule's entry lists the option or the check does not apply (the entry is the one place that says so).
        if (compilation.Legs.IsEmpty || compilation.Legs.All(api.IsAvailableOn) || Rules.Find(ruleId) is { } rule && !rule.Honours(Option))
        {
            return true;
        }

        if (Option.Read(options, tree, ruleId) == Mode.AllLegs)
        {
            return false;
        }

        // A leg that has the API although the table says it is newer got it from a package (System.Memory on
        // netstandard2.0): the fix, computed on this leg, keeps the new code for this leg too.
        var condition = api.Condition;
        if (!api.IsAvailableOn(compilation.TargetFramework) && compilation.TargetFramework.VersionSymbol is { } own)
        {
            condition = own + " || " + condition;
        }

        properties = properties.SetItem(GuardKey, condition);
        return true;
    }

    /// <summary>
    /// Whether code this build does not compile — an inactive <c>#if</c> branch inside <paramref name="scope"/>: another
    /// leg's, a Debug build's — names <paramref name="name"/>. A finding whose proof reads more than the reported
    /// expression (every use of a buffer, a builder, a local) is proven on this build's code only; a use in such a branch
    /// (<c>#if NETSTANDARD2_1</c> passing the buffer to an array-only API) would not compile after the fix that every leg
    /// shares. Such findings are not reported. Only the disabled text of the scope is read.
    /// </summary>
    public static bool MentionedInInactiveCode(SyntaxNode scope, string name)
    {
        if (!scope.ContainsDirectives)
        {
            return false;
        }

        foreach (var trivia in DisabledText(scope))
        {
            if (ContainsWord(trivia.ToString(), name))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The disabled text under <paramref name="node"/>, found by descending only into nodes and tokens that contain a
    /// directive (a flag every node and token carries): the text of an inactive branch is leading trivia of the token
    /// that follows its directive. Reading only those tokens' trivia took a third of the time of enumerating every
    /// trivia of the nodes on the way (NLog: 2 ms against 3-6 ms, 303 disabled regions in 215 files).
    /// </summary>
    private static IEnumerable<SyntaxTrivia> DisabledText(SyntaxNode node)
    {
        // An explicit stack, not recursion: a directive deep inside a long expression must not overflow the thread's stack.
        var found = new List<SyntaxTrivia>();
        var pending = new Stack<SyntaxNode>();
        pending.Push(node);
        while (pending.Count > 0)
        {
            foreach (var child in pending.Pop().ChildNodesAndTokens())
            {
                if (!child.ContainsDirectives)
                {
                    continue;
                }

                if (child.AsNode() is { } inner)
                {
                    pending.Push(inner);
                    continue;
                }

                foreach (var trivia in child.AsToken().LeadingTrivia)
                {
                    if (trivia.IsKind(SyntaxKind.DisabledTextTrivia))
                    {
                        found.Add(trivia);
                    }
                }
            }
        }

        return found;
    }

    /// <summary>The disabled text under <paramref name="root"/> as the syntax tree holds it, one region per line (the tests compare <see cref="TryCollectInactiveLines"/> with it).</summary>
    internal static string DisabledTextOf(SyntaxNode root)
    {
        var text = new System.Text.StringBuilder();
        foreach (var trivia in DisabledText(root))
        {
            text.Append(trivia.ToString()).Append('\n');
        }

        return text.ToString();
    }

    /// <summary>The member (method, accessor's property, constructor, ...) whose statements a finding's proof reads.</summary>
    public static SyntaxNode Scope(SyntaxNode node) =>
        node.FirstAncestorOrSelf<MemberDeclarationSyntax>(m => m is not BaseTypeDeclarationSyntax and not BaseNamespaceDeclarationSyntax) switch
        {
            GlobalStatementSyntax global => global.Parent ?? global, // top-level statements: the whole file
            { } member => member,
            null => node,
        };

    /// <summary>
    /// Whether <paramref name="text"/> holds <paramref name="word"/> as a whole word (not inside a longer identifier).
    /// Disabled text is not lexed: a word in one of its comments or strings counts too, which can only keep a finding
    /// back, and lexing it with <see cref="SyntaxFactory.ParseTokens"/> took 15-55 ms for NLog's 140 KB of it.
    /// </summary>
    public static bool ContainsWord(string text, string word)
    {
        for (var at = text.IndexOf(word, System.StringComparison.Ordinal); at >= 0; at = text.IndexOf(word, at + 1, System.StringComparison.Ordinal))
        {
            var end = at + word.Length;
            if ((at == 0 || !IsWordPart(text[at - 1])) && (end == text.Length || !IsWordPart(text[end])))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsWordPart(char c) => char.IsLetterOrDigit(c) || c == '_';

    private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, string> InactiveText = new();

    /// <summary>
    /// Whether an identifier <paramref name="name"/> is written in code this compilation does not compile (the inactive
    /// branches of <c>#if</c>: another leg's, a Debug build's). A rule that decides from every use in the compilation
    /// (nothing derives from a type, a field is only read as a span) cannot see those uses, so it stays silent for a name
    /// that occurs there. The disabled text is gathered once per compilation, from each file's characters line by line
    /// (<see cref="TryCollectInactiveLines"/>), or where they cannot answer from its tree, directive by directive, into one string that each name is then searched for: a rule asks for a
    /// few dozen names, and splitting NLog's 140 KB of disabled text into a set of words cost more than searching it
    /// once per name.
    /// </summary>
    public static bool OccursInInactiveCode(Compilation compilation, string name, System.Threading.CancellationToken cancellationToken) =>
        ContainsWord(InactiveText.GetValue(compilation, c => CollectInactiveText(c, cancellationToken)), name);

    private static string CollectInactiveText(Compilation compilation, System.Threading.CancellationToken cancellationToken)
    {
        var text = new System.Text.StringBuilder();
        var buffer = new char[8192];
        // The symbols of the trees' parse options as a set, made again only when a tree has other options (a project's
        // trees share one options object).
        CSharpParseOptions? lastOptions = null;
        var defined = new HashSet<string>(System.StringComparer.Ordinal);
        foreach (var tree in compilation.SyntaxTrees)
        {
            var root = tree.GetRoot(cancellationToken);
            if (!root.ContainsDirectives)
            {
                continue;
            }

            // Line by line from the characters wherever they can answer for the compiler (no block comment, verbatim or
            // raw string in the file): a search for '#' instead of a walk through every node that holds a #region.
            var source = tree.GetText(cancellationToken);
            if (tree.Options is CSharpParseOptions options)
            {
                if (!ReferenceEquals(options, lastOptions))
                {
                    lastOptions = options;
                    defined = new HashSet<string>(options.PreprocessorSymbolNames, System.StringComparer.Ordinal);
                }

                if (TryCollectInactiveLines(source, defined, text))
                {
                    continue;
                }
            }

            // Else from the tree. Only #if makes text inactive (#elif and #else follow one): a file without the two
            // characters is not walked.
            if (!MayHaveIf(source, buffer))
            {
                continue;
            }

            // Tried on 2026-11-25 and dropped: finding the regions from the file's '#' signs (a vectorized search of the
            // text, then a tree lookup per sign) instead of this walk. On NLog, whose files are full of #region, it
            // read about 9.5 ms per compilation against 5.7 ms for the walk (sampled profiles of the timed runs): copying
            // the text out and one lookup from the root per '#' cost more than descending only where directives are.
            // Tried the same evening: looking up only the #if/#elif/#else found in the text; no faster (NLog 13.0 against
            // 12.7 ms for PERF004, docs/rules/PERF004.md).
            foreach (var trivia in DisabledText(root))
            {
                // A line break between regions, so that no word runs from one into the next.
                text.Append(trivia.ToString()).Append('\n');
            }
        }

        return text.ToString();
    }

    /// <summary>
    /// Whether the text may hold an <c>#if</c> directive: a '#' followed (after spaces or tabs) by "if". Never false for a
    /// file with one; true also for the characters in a comment or string, which only costs the walk.
    /// </summary>
    public static bool MayHaveIf(Microsoft.CodeAnalysis.Text.SourceText text, char[] buffer)
    {
        // Read in chunks that overlap by what a directive's start can span across a boundary ('#', blanks, "if").
        const int Overlap = 64;
        for (var start = 0; start < text.Length; start += buffer.Length - Overlap)
        {
            var count = System.Math.Min(buffer.Length, text.Length - start);
            text.CopyTo(start, buffer, 0, count);
            for (var at = System.Array.IndexOf(buffer, '#', 0, count); at >= 0; at = at + 1 < count ? System.Array.IndexOf(buffer, '#', at + 1, count - at - 1) : -1)
            {
                var next = at + 1;
                while (next < count && buffer[next] is ' ' or '\t')
                {
                    next++;
                }

                if (next + 1 >= count)
                {
                    // The chunk ends before it can be told: the next chunk reads this '#' again when it lies in the
                    // overlap; blanks longer than the overlap (or none left to read) are answered here.
                    if (start + count < text.Length && at < count - Overlap)
                    {
                        return true;
                    }

                    continue;
                }

                if (buffer[next] == 'i' && buffer[next + 1] == 'f')
                {
                    return true;
                }
            }

            if (start + count >= text.Length)
            {
                break;
            }
        }

        return false;
    }
}
