using System;
using System.Globalization;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Profiles;

/// <summary>
/// Findings ranked and filtered by a profile of a real run, in the build and the IDE. The project names the file
/// (<c>&lt;PerfAnalyzersProfile&gt;perf-profile.json&lt;/PerfAnalyzersProfile&gt;</c>); the package's targets hand it to
/// the analyzers as an additional file, so no analyzer reads a file itself. It is parsed once per compilation. Options
/// (<c>perf_analyzers.profile_mode</c>, <c>perf_analyzers.profile_threshold</c>, or per rule):
/// <c>rank</c> (default) reports every finding and says in its message what the profile says of its method;
/// <c>hot_only</c> leaves out findings in methods the profile calls cold (below the threshold). A method the profile
/// does not know (new or renamed code, another assembly) is never cold. A rule that does not list these options (PERF006,
/// a correctness rule) is reported as it is. docs/profiles.md.
/// </summary>
public static class ProfileGate
{
    /// <summary>The MSBuild property naming the profile file (compiler-visible, see <see cref="BuildProperties"/>).</summary>
    public const string FileProperty = "PerfAnalyzersProfile";

    /// <summary>
    /// MSBuild properties that, when set, decide the mode and threshold for the whole project over any <c>.editorconfig</c>
    /// (<c>-p:PerfAnalyzersProfileMode=hot_only</c> for one build; the CLI's <c>--hot-only</c>).
    /// </summary>
    public const string ModeProperty = "PerfAnalyzersProfileMode";

    public const string ThresholdProperty = "PerfAnalyzersProfileThreshold";

    /// <summary>Diagnostic properties a ranked finding carries: <c>Hot</c>, <c>Cold</c> or <c>Unknown</c>, and the share in percent.</summary>
    public const string HeatKey = "ProfileHeat";

    public const string ShareKey = "ProfileShare";

    public static readonly EnumOption<Mode> ModeOption = new(
        null,
        "profile_mode",
        Mode.Rank,
        "`rank` or `hot_only`, with a profile (`<PerfAnalyzersProfile>`): say in each message what the profile says of its method, or also leave out findings in methods below `profile_threshold`");

    public static readonly PercentOption ThresholdOption = new(
        null,
        "profile_threshold",
        0.1,
        "with a profile: the share of CPU samples (in percent) a method's own code needs to be hot");

    public enum Mode
    {
        Rank,
        HotOnly,
    }

    /// <summary>
    /// Reports <paramref name="diagnostic"/>, found in <paramref name="member"/> (the enclosing member, a lambda's or a
    /// local function's included; a type for type-level findings), as the project's profile says: unchanged without a
    /// profile or for a rule that does not honour it; left out when <c>hot_only</c> and the member is cold; otherwise with
    /// the profile's label appended to its message.
    /// </summary>
    public static void Report(Action<Diagnostic> report, Diagnostic diagnostic, ISymbol? member, Compilation compilation, AnalyzerOptions options)
    {
        var rule = Rules.Find(diagnostic.Id);

        // The shared checks the rule's entry lists apply to each of its findings here, whatever its analyzer asked before:
        // cold code (by syntax; the rules that ask earlier also follow private methods' callers with their model).
        if (rule is not null && rule.Honours(ColdPath.Option) && diagnostic.Location.SourceTree is { } reportedIn &&
            !ColdPath.AllowedJustNow(diagnostic.Location, diagnostic.Id) &&
            reportedIn.GetRoot(CancellationToken.None).FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true) is { } node &&
            !ColdPath.Allows(options, node, model: null, diagnostic.Id, CancellationToken.None))
        {
            return;
        }

        var profile = PerfCompilation.Get(compilation, options).Profile;
        if (profile is null
            || diagnostic.Location.SourceTree is not { } tree
            || rule is null
            || !rule.Honours(ModeOption))
        {
            Dispatch.RuleClock.Report(report, diagnostic);
            return;
        }

        var global = options.AnalyzerConfigOptionsProvider.GlobalOptions;
        var threshold = global.TryGetValue(BuildProperties.Key(ThresholdProperty), out var thresholdText) &&
                        double.TryParse(thresholdText.Trim().TrimEnd('%'), NumberStyles.Float, CultureInfo.InvariantCulture, out var forced) && forced is >= 0 and <= 100
            ? forced
            : ThresholdOption.Read(options, tree, diagnostic.Id);
        var mode = global.TryGetValue(BuildProperties.Key(ModeProperty), out var modeText) && modeText.Trim().Replace("_", string.Empty) is { Length: > 0 } forcedMode
            ? (string.Equals(forcedMode, "hotonly", StringComparison.OrdinalIgnoreCase) ? Mode.HotOnly : Mode.Rank)
            : ModeOption.Read(options, tree, diagnostic.Id);
        var verdict = profile.Lookup(member, threshold);
        if (verdict.Heat == ProfileHeat.Cold && mode == Mode.HotOnly)
        {
            return;
        }

        Dispatch.RuleClock.Report(report, Ranked(diagnostic, verdict));
    }

    /// <summary>Report through the semantic model: the member is the one enclosing the diagnostic's location.</summary>
    public static void Report(Action<Diagnostic> report, Diagnostic diagnostic, SemanticModel model, AnalyzerOptions options, CancellationToken cancellationToken)
    {
        if (PerfCompilation.Get(model.Compilation, options).Profile is null || diagnostic.Location.SourceTree != model.SyntaxTree)
        {
            Dispatch.RuleClock.Report(report, diagnostic);
            return;
        }

        Report(report, diagnostic, ProfileMembers.At(model, diagnostic.Location.SourceSpan.Start, cancellationToken), model.Compilation, options);
    }

    /// <summary>The same finding with <c>(profile: hot: 12.3% of samples)</c> after its message, and the heat and share as properties.</summary>
    public static Diagnostic Ranked(Diagnostic diagnostic, ProfileVerdict verdict)
    {
        var descriptor = diagnostic.Descriptor;
        return Diagnostic.Create(
            diagnostic.Id,
            descriptor.Category,
            diagnostic.GetMessage(CultureInfo.InvariantCulture) + " (profile: " + verdict.Label + ")",
            diagnostic.Severity,
            descriptor.DefaultSeverity,
            descriptor.IsEnabledByDefault,
            diagnostic.WarningLevel,
            descriptor.Title,
            descriptor.Description,
            descriptor.HelpLinkUri,
            diagnostic.Location,
            diagnostic.AdditionalLocations,
            descriptor.CustomTags,
            diagnostic.Properties
                .SetItem(HeatKey, verdict.Heat.ToString())
                .SetItem(ShareKey, verdict.SharePercent.ToString("0.###", CultureInfo.InvariantCulture)));
    }

    /// <summary>
    /// The profile handed to the compilation, or null: the additional file the <c>PerfAnalyzersProfile</c> property
    /// names (compared by full path, then by file name). An unreadable file counts as none.
    /// </summary>
    internal static Profile? Load(AnalyzerOptions options, CancellationToken cancellationToken)
    {
        if (options.AdditionalFiles.IsDefaultOrEmpty
            || !options.AnalyzerConfigOptionsProvider.GlobalOptions.TryGetValue(BuildProperties.Key(FileProperty), out var path)
            || string.IsNullOrWhiteSpace(path))
        {
            return null;
        }

        path = path.Trim();
        var file = options.AdditionalFiles.FirstOrDefault(f => SamePath(f.Path, path))
            ?? options.AdditionalFiles.FirstOrDefault(f => string.Equals(FileName(f.Path), FileName(path), StringComparison.OrdinalIgnoreCase));
        if (file?.GetText(cancellationToken) is not { } text)
        {
            return null;
        }

        // The IDE makes a new compilation at every edit, with the same text of the profile: it is read once.
        return Parsed.GetValue(text, Read).Profile;
    }

    private static readonly ConditionalWeakTable<SourceText, Parse> Parsed = new();

    private static Parse Read(SourceText text)
    {
        try
        {
            return new Parse(Profile.Parse(text.ToString(), keepIds: false));
        }
        catch (FormatException)
        {
            return new Parse(null);
        }
    }

    private sealed class Parse(Profile? profile)
    {
        public Profile? Profile { get; } = profile;
    }

    private static bool SamePath(string a, string b) =>
        string.Equals(a.Replace('\\', '/'), b.Replace('\\', '/'), StringComparison.OrdinalIgnoreCase);

    private static string FileName(string path)
    {
        var slash = path.Replace('\\', '/').LastIndexOf('/');
        return slash < 0 ? path : path.Substring(slash + 1);
    }
}
