using System;
using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace PerfAnalyzers.Dispatch;

/// <summary>
/// One compilation's operation actions of a dispatcher's rules, by operation kind: those that want every operation of
/// the kind, and those that want only operations with a given key (<see cref="KeyOf"/>). Filled while the rules start,
/// then registered with Roslyn as one action per kind (<see cref="RegisterWith"/>).
/// </summary>
internal sealed class DispatchTable
{
    private readonly Dictionary<OperationKind, Kind> kinds = new();

    /// <summary>The key an operation is dispatched by: the called method's, created type's, or referenced property's or field's name; null for other kinds.</summary>
    public static string? KeyOf(IOperation operation) => operation switch
    {
        IInvocationOperation invocation => invocation.TargetMethod.Name,
        IObjectCreationOperation creation => creation.Type?.Name,
        IPropertyReferenceOperation property => property.Property.Name,
        IFieldReferenceOperation field => field.Field.Name,
        _ => null,
    };

    public void Add(OperationKind kind, int rule, Action<OperationAnalysisContext> action, string[]? names, bool skipsGenerated)
    {
        if (!kinds.TryGetValue(kind, out var entry))
        {
            kinds.Add(kind, entry = new Kind());
        }

        var handler = new Handler(rule, action, skipsGenerated);
        if (names is null)
        {
            entry.All.Add(handler);
            return;
        }

        foreach (var name in names)
        {
            if (!entry.ByKey.TryGetValue(name, out var list))
            {
                entry.ByKey.Add(name, list = new List<Handler>());
            }

            list.Add(handler);
        }
    }

    /// <summary>The operation kinds some rule registered (for tests and the CLI).</summary>
    public IEnumerable<OperationKind> Kinds => kinds.Keys;

    /// <summary>Registers one Roslyn action per operation kind, which calls the rules' actions for it.</summary>
    public void RegisterWith(CompilationStartAnalysisContext context, RuleClock? clock)
    {
        foreach (var pair in kinds)
        {
            var all = pair.Value.All.ToArray();
            var byKey = new Dictionary<string, Handler[]>(StringComparer.Ordinal);
            foreach (var keyed in pair.Value.ByKey)
            {
                byKey.Add(keyed.Key, keyed.Value.ToArray());
            }

            if (byKey.Count == 0)
            {
                context.RegisterOperationAction(c => Run(all, c, clock), pair.Key);
            }
            else if (all.Length == 0)
            {
                context.RegisterOperationAction(
                    c =>
                    {
                        if (KeyOf(c.Operation) is { } key && byKey.TryGetValue(key, out var handlers))
                        {
                            Run(handlers, c, clock);
                        }
                    },
                    pair.Key);
            }
            else
            {
                context.RegisterOperationAction(
                    c =>
                    {
                        Run(all, c, clock);
                        if (KeyOf(c.Operation) is { } key && byKey.TryGetValue(key, out var handlers))
                        {
                            Run(handlers, c, clock);
                        }
                    },
                    pair.Key);
            }
        }
    }

    private static void Run(Handler[] handlers, OperationAnalysisContext context, RuleClock? clock)
    {
        foreach (var handler in handlers)
        {
            if (handler.SkipsGenerated && context.IsGeneratedCode)
            {
                continue;
            }

            if (clock is null)
            {
                handler.Action(context);
            }
            else
            {
                clock.Run(handler.Rule, handler.Action, context);
            }
        }
    }

    private readonly struct Handler(int rule, Action<OperationAnalysisContext> action, bool skipsGenerated)
    {
        public int Rule { get; } = rule;

        public Action<OperationAnalysisContext> Action { get; } = action;

        /// <summary>The rule does not read generated code, which reaches the dispatcher for another rule.</summary>
        public bool SkipsGenerated { get; } = skipsGenerated;
    }

    private sealed class Kind
    {
        public List<Handler> All { get; } = new();

        public Dictionary<string, List<Handler>> ByKey { get; } = new(StringComparer.Ordinal);
    }
}
