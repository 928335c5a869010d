using System;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// An option read from .editorconfig / .globalconfig: <c>perf_analyzers.PERFnnn.&lt;name&gt; = value</c>, falling back
/// to <c>perf_analyzers.&lt;name&gt;</c>. Declared once, in a rule's entry in <see cref="Rules"/> (or, for the options
/// several rules honour, beside the code that reads them), and listed from there in the README's option table.
/// </summary>
public abstract class RuleOption
{
    public const string Prefix = "perf_analyzers.";

    protected RuleOption(string? ruleId, string name, string defaultText, string description)
    {
        RuleId = ruleId;
        Name = name;
        DefaultText = defaultText;
        Description = description;
    }

    /// <summary>The rule the option belongs to; null for an option every rule that lists it honours.</summary>
    public string? RuleId { get; }

    public string Name { get; }

    /// <summary>The default as written in a config file (empty: no default value).</summary>
    public string DefaultText { get; }

    /// <summary>What the values mean, as the README's option table says it.</summary>
    public string Description { get; }

    /// <summary>The key as a user writes it: <c>perf_analyzers.PERF011.max_bytes</c>, <c>perf_analyzers.cold_paths</c>.</summary>
    public string Key => Prefix + (RuleId is null ? string.Empty : RuleId + ".") + Name;

    /// <summary>The trimmed value for <paramref name="ruleId"/> (this option's own rule when null), or null.</summary>
    protected string? Text(AnalyzerOptions options, SyntaxTree tree, string? ruleId)
    {
        var config = options.AnalyzerConfigOptionsProvider.GetOptions(tree);
        return Text(config, ruleId ?? RuleId);
    }

    protected string? Text(AnalyzerConfigOptions config, string? ruleId)
    {
        if (ruleId is not null && config.TryGetValue(Prefix + ruleId + "." + Name, out var value) && !string.IsNullOrWhiteSpace(value))
        {
            return value.Trim();
        }

        return config.TryGetValue(Prefix + Name, out value) && !string.IsNullOrWhiteSpace(value) ? value.Trim() : null;
    }
}

/// <summary>A whole-number option with a lower bound; other values fall back to the default.</summary>
public sealed class IntOption : RuleOption
{
    public IntOption(string ruleId, string name, int defaultValue, int min, string description)
        : base(ruleId, name, defaultValue.ToString(CultureInfo.InvariantCulture), description)
    {
        Default = defaultValue;
        Min = min;
    }

    public int Default { get; }

    public int Min { get; }

    public int Read(AnalyzerOptions options, SyntaxTree tree) =>
        Text(options, tree, null) is { } text && int.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var value) && value >= Min
            ? value
            : Default;
}

/// <summary>A percentage (0 to 100, a decimal point allowed: <c>0.5</c>); other values fall back to the default.</summary>
public sealed class PercentOption : RuleOption
{
    public PercentOption(string? ruleId, string name, double defaultValue, string description)
        : base(ruleId, name, defaultValue.ToString(CultureInfo.InvariantCulture), description)
    {
        Default = defaultValue;
    }

    public double Default { get; }

    public double Read(AnalyzerOptions options, SyntaxTree tree, string? ruleId = null) =>
        Text(options, tree, ruleId) is { } text
        && double.TryParse(text.TrimEnd('%'), NumberStyles.Float, CultureInfo.InvariantCulture, out var value)
        && value is >= 0 and <= 100
            ? value
            : Default;
}

/// <summary>An option naming one value of <typeparamref name="T"/>, written in snake case (<c>all_legs</c> for <c>AllLegs</c>).</summary>
public sealed class EnumOption<T> : RuleOption
    where T : struct, Enum
{
    public EnumOption(string? ruleId, string name, T defaultValue, string description)
        : base(ruleId, name, SnakeCase(defaultValue.ToString()), description)
    {
        Default = defaultValue;
    }

    public T Default { get; }

    /// <summary>The value for <paramref name="ruleId"/> (this option's own rule when null) in <paramref name="tree"/>'s options.</summary>
    public T Read(AnalyzerOptions options, SyntaxTree tree, string? ruleId = null) => Parse(Text(options, tree, ruleId));

    /// <summary>
    /// For rules that answer for the whole compilation: the first source file's options (which include the .globalconfig
    /// and the project's .editorconfig sections); the global options when there is none.
    /// </summary>
    public T ReadForCompilation(AnalyzerOptions options, Compilation compilation, string? ruleId = null)
    {
        foreach (var tree in compilation.SyntaxTrees)
        {
            return Read(options, tree, ruleId);
        }

        return Parse(Text(options.AnalyzerConfigOptionsProvider.GlobalOptions, ruleId ?? RuleId));
    }

    private T Parse(string? text) =>
        text is not null && Enum.TryParse<T>(text.Replace("_", string.Empty), ignoreCase: true, out var value) && Enum.IsDefined(typeof(T), value) ? value : Default;

    private static string SnakeCase(string name)
    {
        var text = new StringBuilder();
        foreach (var c in name)
        {
            if (char.IsUpper(c) && text.Length > 0)
            {
                text.Append('_');
            }

            text.Append(char.ToLowerInvariant(c));
        }

        return text.ToString();
    }
}

/// <summary>
/// A list of names separated by commas or semicolons; a leading <c>global::</c> is dropped from each. No default.
/// </summary>
public sealed class ListOption : RuleOption
{
    public ListOption(string ruleId, string name, string description)
        : base(ruleId, name, string.Empty, description)
    {
    }

    public ImmutableArray<string> Read(AnalyzerOptions options, SyntaxTree tree) =>
        Text(options, tree, null) is { } text
            ? text.Split(new[] { ',', ';' }, StringSplitOptions.RemoveEmptyEntries)
                .Select(e => e.Trim())
                .Select(e => e.StartsWith("global::", StringComparison.Ordinal) ? e.Substring("global::".Length) : e)
                .Where(e => e.Length > 0)
                .ToImmutableArray()
            : ImmutableArray<string>.Empty;
}

/// <summary>A yes/no option: <c>true</c> or <c>false</c> (any case); other values fall back to the default.</summary>
public sealed class BoolOption : RuleOption
{
    public BoolOption(string ruleId, string name, bool defaultValue, string description)
        : base(ruleId, name, defaultValue ? "true" : "false", description)
    {
        Default = defaultValue;
    }

    public bool Default { get; }

    public bool Read(AnalyzerOptions options, SyntaxTree tree) =>
        Text(options, tree, null) is { } text && bool.TryParse(text, out var value) ? value : Default;
}
