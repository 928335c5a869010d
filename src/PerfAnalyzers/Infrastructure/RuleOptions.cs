using System;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// Rule options from .editorconfig / .globalconfig: <c>perf_analyzers.PERFnnn.&lt;option&gt; = value</c>, falling back
/// to the global <c>perf_analyzers.&lt;option&gt;</c>.
/// </summary>
public static class RuleOptions
{
    public const string Prefix = "perf_analyzers.";

    public static string? GetString(AnalyzerOptions options, SyntaxTree tree, string ruleId, string option)
    {
        var config = options.AnalyzerConfigOptionsProvider.GetOptions(tree);
        if (config.TryGetValue(Prefix + ruleId + "." + option, out var value) && !string.IsNullOrWhiteSpace(value))
        {
            return value.Trim();
        }

        return config.TryGetValue(Prefix + option, out value) && !string.IsNullOrWhiteSpace(value) ? value.Trim() : null;
    }

    /// <summary>
    /// A compilation-level option (for rules that answer for the whole compilation): the first source file's options,
    /// which include the .globalconfig and the project's .editorconfig sections; the global options when there is none.
    /// </summary>
    public static T GetCompilationEnum<T>(AnalyzerOptions options, Compilation compilation, string ruleId, string option, T defaultValue)
        where T : struct, Enum
    {
        foreach (var tree in compilation.SyntaxTrees)
        {
            return GetEnum(options, tree, ruleId, option, defaultValue);
        }

        var global = options.AnalyzerConfigOptionsProvider.GlobalOptions;
        return (global.TryGetValue(Prefix + ruleId + "." + option, out var text) || global.TryGetValue(Prefix + option, out text)) &&
               !string.IsNullOrWhiteSpace(text) &&
               Enum.TryParse<T>(text.Trim().Replace("_", string.Empty), ignoreCase: true, out var value)
            ? value
            : defaultValue;
    }

    public static int GetInt(AnalyzerOptions options, SyntaxTree tree, string ruleId, string option, int defaultValue, int min = int.MinValue, int max = int.MaxValue)
    {
        var text = GetString(options, tree, ruleId, option);
        return text is not null && int.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var value) && value >= min && value <= max
            ? value
            : defaultValue;
    }

    public static T GetEnum<T>(AnalyzerOptions options, SyntaxTree tree, string ruleId, string option, T defaultValue)
        where T : struct, Enum
    {
        var text = GetString(options, tree, ruleId, option);
        return text is not null && Enum.TryParse<T>(text.Replace("_", string.Empty), ignoreCase: true, out var value) ? value : defaultValue;
    }
}
