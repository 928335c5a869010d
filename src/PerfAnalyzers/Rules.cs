using Microsoft.CodeAnalysis;

namespace PerfAnalyzers;

/// <summary>Every diagnostic descriptor of the package, in one place.</summary>
public static class Rules
{
    /// <summary>Base of every rule's help link; the rule id and ".md" are appended.</summary>
    public const string HelpLinkBase = "https://github.com/perfanalyzers/perfanalyzers/blob/main/docs/rules/";

    public const string Category = "Performance";

    /// <summary>Custom tag for rules reported from a compilation-end action (shown by the IDE only with full-solution analysis).</summary>
    public const string CompilationEndTag = WellKnownDiagnosticTags.CompilationEnd;

    public static string HelpLink(string id) => HelpLinkBase + id + ".md";

    public static readonly DiagnosticDescriptor PERF001UseAsSpanInsteadOfSubstring = Create(
        "PERF001",
        "Use AsSpan instead of Substring",
        "'{0}' allocates a substring that is only read; use '{1}' instead",
        DiagnosticSeverity.Warning,
        "Substring copies characters into a new string. When the result is only passed to an API that has a span-based overload, compared ordinally, or concatenated, a slice of the original string (AsSpan) avoids the allocation.");

    public static readonly DiagnosticDescriptor PERF006DoNotBlockOnTasksInAsyncCode = Create(
        "PERF006",
        "Do not block on tasks in async code",
        "'{0}' blocks a thread in async code; use '{1}' instead",
        DiagnosticSeverity.Warning,
        "Result, Wait(), GetAwaiter().GetResult(), Task.WaitAll/WaitAny and Thread.Sleep hold a thread-pool thread until the work completes. In async code, awaiting frees the thread; blocking many threads at once starves the thread pool.");

    private static DiagnosticDescriptor Create(string id, string title, string message, DiagnosticSeverity severity, string description, params string[] customTags) =>
        new(id, title, message, Category, severity, isEnabledByDefault: true, description, HelpLink(id), customTags);
}
