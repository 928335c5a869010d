using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;
using PerfAnalyzers.CodeFixes.Infrastructure;

namespace PerfAnalyzers.Cli;

/// <summary>The PERF analyzers and fixes, and the SDK's CA analyzers that overlap them.</summary>
public static class RuleCatalog
{
    public static ImmutableArray<DiagnosticDescriptor> Descriptors { get; } = Rules.All.Select(r => r.Descriptor).ToImmutableArray();

    public static ImmutableArray<DiagnosticAnalyzer> Analyzers { get; } = typeof(Rules).Assembly.GetTypes()
        .Where(t => typeof(DiagnosticAnalyzer).IsAssignableFrom(t) && !t.IsAbstract && t.GetCustomAttribute<DiagnosticAnalyzerAttribute>() is not null)
        .OrderBy(t => t.Name, StringComparer.Ordinal)
        .Select(t => (DiagnosticAnalyzer)Activator.CreateInstance(t)!)
        .ToImmutableArray();

    /// <summary>Every rule's analyzer, in id order: those the dispatcher runs and those that run alone (each runs alone here).</summary>
    public static ImmutableArray<PerfAnalyzers.Infrastructure.PerfAnalyzer> RuleAnalyzers { get; } = PerfAnalyzers.Dispatch.PerfDispatcher.CreateRules()
        .AddRange(Analyzers.OfType<PerfAnalyzers.Infrastructure.PerfAnalyzer>())
        .OrderBy(a => a.SupportedDiagnostics[0].Id, StringComparer.Ordinal)
        .ToImmutableArray();

    /// <summary>The analyzer of rule <paramref name="id"/>, run alone (a fix of one rule needs only its findings).</summary>
    public static DiagnosticAnalyzer RuleAnalyzer(string id) => RuleAnalyzers.Single(a => a.SupportedDiagnostics.Any(d => d.Id == id));

    public static ImmutableArray<CodeFixProvider> Fixes { get; } = typeof(DocumentFix).Assembly.GetTypes()
        .Where(t => typeof(CodeFixProvider).IsAssignableFrom(t) && !t.IsAbstract && t.GetCustomAttribute<ExportCodeFixProviderAttribute>() is not null)
        .Select(t => (CodeFixProvider)Activator.CreateInstance(t)!)
        .ToImmutableArray();

    /// <summary>The SDK's NetAnalyzers rules that cover the same ground as a PERF rule (each rule's entry in <see cref="Rules"/>).</summary>
    public static readonly IReadOnlyDictionary<string, ImmutableArray<string>> SdkCounterparts =
        Rules.All.Where(r => !r.SdkCounterparts.IsEmpty).ToDictionary(r => r.Id, r => r.SdkCounterparts);

    public static bool IsKnown(string id) => Descriptors.Any(d => d.Id == id);

    public static CodeFixProvider? FixFor(string id) => Fixes.FirstOrDefault(f => f.FixableDiagnosticIds.Contains(id));

    public static string RuleIdOf(DiagnosticAnalyzer analyzer) => string.Join(",", analyzer.SupportedDiagnostics.Select(d => d.Id).Distinct());

    /// <summary>
    /// The installed SDK's C# NetAnalyzers that report one of the counterpart CA ids, loaded from
    /// <c>sdk/&lt;version&gt;/Sdks/Microsoft.NET.Sdk/analyzers</c>.
    /// </summary>
    public static ImmutableArray<DiagnosticAnalyzer> LoadSdkCounterparts(string sdkDirectory, out string? error)
    {
        var wanted = SdkCounterparts.Values.SelectMany(v => v).ToHashSet();
        return LoadSdkAnalyzers(sdkDirectory, out error).Where(a => a.SupportedDiagnostics.Any(d => wanted.Contains(d.Id))).ToImmutableArray();
    }

    /// <summary>Every C# analyzer of the installed SDK's NetAnalyzers (the ones a .NET 5+ build runs by default), loaded once.</summary>
    public static ImmutableArray<DiagnosticAnalyzer> LoadSdkAnalyzers(string sdkDirectory, out string? error)
    {
        lock (SdkGate)
        {
            error = sdkError;
            if (sdkAnalyzers is { } loaded)
            {
                return loaded;
            }

            sdkAnalyzers = LoadAll(sdkDirectory, out sdkError);
            error = sdkError;
            return sdkAnalyzers.Value;
        }
    }

    private static readonly object SdkGate = new();
    private static ImmutableArray<DiagnosticAnalyzer>? sdkAnalyzers;
    private static string? sdkError;

    private static ImmutableArray<DiagnosticAnalyzer> LoadAll(string sdkDirectory, out string? error)
    {
        error = null;
        var folder = Path.Combine(sdkDirectory, "Sdks", "Microsoft.NET.Sdk", "analyzers");
        var files = new[] { "Microsoft.CodeAnalysis.NetAnalyzers.dll", "Microsoft.CodeAnalysis.CSharp.NetAnalyzers.dll" }
            .Select(f => Path.Combine(folder, f)).ToList();
        if (!files.All(File.Exists))
        {
            error = "the SDK's NetAnalyzers were not found in " + folder;
            return ImmutableArray<DiagnosticAnalyzer>.Empty;
        }

        var loader = new Loader();
        var analyzers = ImmutableArray.CreateBuilder<DiagnosticAnalyzer>();
        foreach (var file in files)
        {
            var reference = new AnalyzerFileReference(file, loader);
            foreach (var analyzer in reference.GetAnalyzers(LanguageNames.CSharp))
            {
                ImmutableArray<DiagnosticDescriptor> supported;
                try
                {
                    supported = analyzer.SupportedDiagnostics;
                }
                catch (Exception)
                {
                    continue;
                }

                if (!supported.IsDefaultOrEmpty)
                {
                    analyzers.Add(analyzer);
                }
            }
        }

        return analyzers.ToImmutable();
    }

    private sealed class Loader : IAnalyzerAssemblyLoader
    {
        public void AddDependencyLocation(string fullPath)
        {
        }

        public Assembly LoadFromPath(string fullPath) => Assembly.LoadFrom(fullPath);
    }
}
