using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.CodeFixes.Infrastructure;

/// <summary>
/// The name a fix gives a new private static readonly field, in the file's own convention: the .editorconfig naming
/// rule that applies to such a field (<c>dotnet_naming_rule.*</c> with its symbols and style), else the style of the
/// type's existing private static fields (<c>s_camel</c>, <c>_camel</c>, <c>camel</c>, <c>PascalCase</c>), else PascalCase.
/// </summary>
public static class FieldNaming
{
    /// <summary>A naming style: prefix, suffix and whether the first letter after the prefix is upper case.</summary>
    public readonly struct Style
    {
        public Style(string prefix, string suffix, bool pascal)
        {
            Prefix = prefix;
            Suffix = suffix;
            Pascal = pascal;
        }

        public string Prefix { get; }

        public string Suffix { get; }

        public bool Pascal { get; }

        /// <summary><paramref name="words"/> (PascalCase, e.g. "TrueTask") in this style: s_trueTask, _trueTask, TrueTask.</summary>
        public string Apply(string words) =>
            Prefix + (Pascal ? char.ToUpperInvariant(words[0]) : char.ToLowerInvariant(words[0])) + words.Substring(1) + Suffix;
    }

    public static async System.Threading.Tasks.Task<Style> ForAsync(Document document, INamedTypeSymbol type, System.Threading.CancellationToken cancellationToken)
    {
        var tree = await document.GetSyntaxTreeAsync(cancellationToken).ConfigureAwait(false);
        var fromConfig = tree is null ? null : FromEditorConfig(document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider.GetOptions(tree));
        return fromConfig ?? FromExistingFields(type) ?? new Style("", "", pascal: true);
    }

    /// <summary>
    /// The most specific <c>dotnet_naming_rule</c> (most required modifiers, then a named accessibility, then a named
    /// kind, then by name) whose symbols take a private static readonly field and whose severity is not none; null when
    /// no rule applies.
    /// </summary>
    public static Style? FromEditorConfig(AnalyzerConfigOptions options) =>
        FromOptions(name => options.TryGetValue(name, out var value) ? value : null, options.Keys);

    /// <summary>Testable core of <see cref="FromEditorConfig"/>: <paramref name="get"/> reads one option.</summary>
    public static Style? FromOptions(Func<string, string?> get, IEnumerable<string> keys)
    {
        const string rulePrefix = "dotnet_naming_rule.";
        int Specificity(string rule)
        {
            var symbols = get(rulePrefix + rule + ".symbols")?.Trim() ?? "";
            var modifiers = get("dotnet_naming_symbols." + symbols + ".required_modifiers");
            var accessibilities = get("dotnet_naming_symbols." + symbols + ".applicable_accessibilities")?.Trim();
            var kinds = get("dotnet_naming_symbols." + symbols + ".applicable_kinds")?.Trim();
            return (modifiers is null ? 0 : modifiers.Split(',').Length) * 4 +
                   (accessibilities is null or "*" ? 0 : 2) +
                   (kinds is null or "*" ? 0 : 1);
        }

        var rules = keys.Where(k => k.StartsWith(rulePrefix, StringComparison.Ordinal) && k.EndsWith(".symbols", StringComparison.Ordinal))
            .Select(k => k.Substring(rulePrefix.Length, k.Length - rulePrefix.Length - ".symbols".Length))
            .OrderByDescending(Specificity)
            .ThenBy(n => n, StringComparer.Ordinal);
        foreach (var rule in rules)
        {
            if (get(rulePrefix + rule + ".severity")?.Trim() == "none" ||
                get(rulePrefix + rule + ".symbols")?.Trim() is not { } symbols ||
                get(rulePrefix + rule + ".style")?.Trim() is not { } style ||
                !TakesPrivateStaticReadonlyField(get, symbols))
            {
                continue;
            }

            var capitalization = get("dotnet_naming_style." + style + ".capitalization")?.Trim();
            var prefix = get("dotnet_naming_style." + style + ".required_prefix")?.Trim() ?? "";
            var suffix = get("dotnet_naming_style." + style + ".required_suffix")?.Trim() ?? "";
            return new Style(prefix, suffix, pascal: capitalization is null or "pascal_case" or "first_word_upper" or "all_upper");
        }

        return null;
    }

    private static bool TakesPrivateStaticReadonlyField(Func<string, string?> get, string symbols)
    {
        static bool Lists(string? value, params string[] any) =>
            value is null || value.Split(',').Select(v => v.Trim()).Any(v => v == "*" || any.Contains(v));

        var kinds = get("dotnet_naming_symbols." + symbols + ".applicable_kinds");
        var accessibilities = get("dotnet_naming_symbols." + symbols + ".applicable_accessibilities");
        var modifiers = get("dotnet_naming_symbols." + symbols + ".required_modifiers");
        return Lists(kinds, "field") &&
               Lists(accessibilities, "private") &&
               (modifiers is null || modifiers.Split(',').Select(v => v.Trim()).All(m => m is "static" or "readonly" or "shared"));
    }

    /// <summary>The style most of the type's private static fields follow, or null when it has none.</summary>
    public static Style? FromExistingFields(INamedTypeSymbol type)
    {
        var names = type.GetMembers().OfType<IFieldSymbol>()
            .Where(f => f.IsStatic && !f.IsConst && !f.IsImplicitlyDeclared && f.DeclaredAccessibility == Accessibility.Private && f.Name.Length > 0)
            .Select(f => f.Name).ToList();
        if (names.Count == 0)
        {
            return null;
        }

        return names.Select(Of).GroupBy(s => (s.Prefix, s.Pascal)).OrderByDescending(g => g.Count()).First().First();
    }

    private static Style Of(string name)
    {
        var prefix = name.StartsWith("s_", StringComparison.Ordinal) ? "s_" : name.StartsWith("_", StringComparison.Ordinal) ? "_" : "";
        var rest = name.Substring(prefix.Length);
        return new Style(prefix, "", pascal: rest.Length > 0 && char.IsUpper(rest[0]));
    }
}
