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
        var entry = EntryFor(kind);
        var handler = new Handler(rule, action, skipsGenerated);
        if (names is null)
        {
            entry.All.Add(handler);
            return;
        }

        foreach (var name in names)
        {
            entry.AddKeyed(name, handler);
        }
    }

    /// <summary>
    /// Adds <paramref name="action"/> for the operations whose key is one of the names <paramref name="names"/> gives, asked
    /// at the first operation of the kind, not at compilation start: names that only the compilation's declarations tell
    /// (PERF004: the virtual members of the classes it may seal). Its time counts as the rule's setup.
    /// </summary>
    public void AddLater(OperationKind kind, int rule, Action<OperationAnalysisContext> action, Func<string[]> names, bool skipsGenerated) =>
        EntryFor(kind).Later.Add((new Handler(rule, action, skipsGenerated), names));

    private Kind EntryFor(OperationKind kind)
    {
        if (!kinds.TryGetValue(kind, out var entry))
        {
            kinds.Add(kind, entry = new Kind());
        }

        return entry;
    }

    /// <summary>The operation kinds some rule registered (for tests and the CLI).</summary>
    public IEnumerable<OperationKind> Kinds => kinds.Keys;

    /// <summary>Registers one Roslyn action per operation kind, which calls the rules' actions for it.</summary>
    public void RegisterWith(CompilationStartAnalysisContext context, RuleClock? clock)
    {
        foreach (var pair in kinds)
        {
            var route = new Route(pair.Value, clock);
            context.RegisterOperationAction(route.Run, pair.Key);
        }
    }

    /// <summary>One kind's handlers as Roslyn's callback reads them: those for every operation, then those for its key.</summary>
    private sealed class Route(Kind kind, RuleClock? clock)
    {
        private readonly Handler[] all = kind.All.ToArray();
        private readonly (Handler Handler, Func<string[]> Names)[] later = kind.Later.ToArray();
        private volatile Dictionary<string, Handler[]> byKey = Freeze(kind.ByKey);

        /// <summary>Some handler's names are still to be asked (<see cref="AddLater"/>).</summary>
        private volatile bool pending = kind.Later.Count > 0;

        public void Run(OperationAnalysisContext context)
        {
            if (all.Length > 0)
            {
                DispatchTable.Run(all, context, clock);
            }

            if (pending)
            {
                AskLaterNames();
            }

            var keyed = byKey;
            if (keyed.Count > 0 && KeyOf(context.Operation) is { } key && keyed.TryGetValue(key, out var handlers))
            {
                DispatchTable.Run(handlers, context, clock);
            }
        }

        /// <summary>Once, at the kind's first operation: the table again with the later handlers' names in it.</summary>
        private void AskLaterNames()
        {
            lock (later)
            {
                if (!pending)
                {
                    return;
                }

                var merged = new Dictionary<string, List<Handler>>(StringComparer.Ordinal);
                foreach (var pair in byKey)
                {
                    merged.Add(pair.Key, new List<Handler>(pair.Value));
                }

                foreach (var (handler, names) in later)
                {
                    var began = clock is null ? 0 : System.Diagnostics.Stopwatch.GetTimestamp();
                    foreach (var name in names())
                    {
                        if (!merged.TryGetValue(name, out var list))
                        {
                            merged.Add(name, list = new List<Handler>());
                        }

                        list.Add(handler);
                    }

                    clock?.Add(handler.Rule, System.Diagnostics.Stopwatch.GetTimestamp() - began);
                }

                byKey = Freeze(merged);
                pending = false;
            }
        }

        private static Dictionary<string, Handler[]> Freeze(Dictionary<string, List<Handler>> keyed)
        {
            var frozen = new Dictionary<string, Handler[]>(keyed.Count, StringComparer.Ordinal);
            foreach (var pair in keyed)
            {
                frozen.Add(pair.Key, pair.Value.ToArray());
            }

            return frozen;
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

        public List<(Handler Handler, Func<string[]> Names)> Later { get; } = new();

        public void AddKeyed(string name, Handler handler)
        {
            if (!ByKey.TryGetValue(name, out var list))
            {
                ByKey.Add(name, list = new List<Handler>());
            }

            list.Add(handler);
        }
    }
}
