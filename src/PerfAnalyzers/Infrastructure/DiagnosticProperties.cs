using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// The diagnostic properties every rule's analyzer and fix share by name. Rule-specific ones (positions, texts) are
/// declared by the rule's analyzer.
/// </summary>
public static class DiagnosticProperties
{
    /// <summary>Which rewrite the fix makes (a rule's own names: <c>Await</c>, <c>Read</c>, <c>Fill</c>, ...).</summary>
    public const string Shape = "Shape";

    /// <summary>
    /// <c>"true"</c> or <c>"false"</c>, written by rules that also report what their fix cannot rewrite; a finding
    /// without it is fixable when it has a <see cref="Shape"/> or its rule has a single rewrite.
    /// </summary>
    public const string Fixable = "Fixable";

    public static ImmutableDictionary<string, string?> WithFixable(bool fixable) =>
        ImmutableDictionary<string, string?>.Empty.Add(Fixable, fixable ? "true" : "false");

    public static bool IsFixable(Diagnostic diagnostic) =>
        diagnostic.Properties.TryGetValue(Fixable, out var value) && value == "true";

    /// <summary>The finding's <see cref="Shape"/>, or null.</summary>
    public static string? ShapeOf(Diagnostic diagnostic) =>
        diagnostic.Properties.TryGetValue(Shape, out var value) ? value : null;
}
