using System;
using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Dispatch;

/// <summary>
/// Registrations that name what a rule looks at, so a <see cref="Dispatcher"/> hands the rule only those operations
/// (the name is read once per operation for all rules, and looked up in a table). Every rule runs inside a dispatcher,
/// alone (tests, <c>--timing</c>) or with others (the shipped <see cref="PerfDispatcher"/>): the filter is the same in both.
/// </summary>
public static class DispatchExtensions
{
    /// <summary>Calls <paramref name="action"/> for each invocation of a method named one of <paramref name="methodNames"/>.</summary>
    public static void RegisterInvocationAction(this CompilationStartAnalysisContext context, Action<OperationAnalysisContext> action, params string[] methodNames) =>
        Register(context, OperationKind.Invocation, action, methodNames);

    /// <summary>Calls <paramref name="action"/> for each <c>new T(...)</c> of a type named one of <paramref name="typeNames"/> (the simple name, no arity).</summary>
    public static void RegisterObjectCreationAction(this CompilationStartAnalysisContext context, Action<OperationAnalysisContext> action, params string[] typeNames) =>
        Register(context, OperationKind.ObjectCreation, action, typeNames);

    /// <summary>Calls <paramref name="action"/> for each reference to a property named one of <paramref name="propertyNames"/> (<c>DateTime.Now</c>: "Now").</summary>
    public static void RegisterPropertyReferenceAction(this CompilationStartAnalysisContext context, Action<OperationAnalysisContext> action, params string[] propertyNames) =>
        Register(context, OperationKind.PropertyReference, action, propertyNames);

    /// <summary>Calls <paramref name="action"/> for each reference to a field named one of <paramref name="fieldNames"/>.</summary>
    public static void RegisterFieldReferenceAction(this CompilationStartAnalysisContext context, Action<OperationAnalysisContext> action, params string[] fieldNames) =>
        Register(context, OperationKind.FieldReference, action, fieldNames);

    /// <summary>
    /// Calls <paramref name="action"/> for each operation of <paramref name="kind"/> (invocations, object creations, property
    /// or field references) whose name is one of those <paramref name="names"/> returns. The names are asked once, at the
    /// first such operation, not at compilation start: for names only the compilation's declarations tell, which a build
    /// is still binding when compilation-start actions run (a rule that reads them there pays for the compiler's work).
    /// </summary>
    public static void RegisterOperationActionForNamesReadLater(this CompilationStartAnalysisContext context, Action<OperationAnalysisContext> action, OperationKind kind, Func<string[]> names)
    {
        if (context is DispatchContext dispatch)
        {
            dispatch.AddLater(kind, action, names);
        }
        else
        {
            var asked = new Lazy<HashSet<string>>(() => new HashSet<string>(names(), StringComparer.Ordinal), System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);
            context.RegisterOperationAction(
                c =>
                {
                    if (DispatchTable.KeyOf(c.Operation) is { } key && asked.Value.Contains(key))
                    {
                        action(c);
                    }
                },
                kind);
        }
    }

    private static void Register(CompilationStartAnalysisContext context, OperationKind kind, Action<OperationAnalysisContext> action, string[] names)
    {
        if (context is DispatchContext dispatch)
        {
            dispatch.Add(kind, action, names);
        }
        else
        {
            // Every PerfAnalyzer starts inside a dispatcher, so this is only for a start context that is not one (defensive):
            // the same filter, per callback.
            context.RegisterOperationAction(
                c =>
                {
                    if (Array.IndexOf(names, DispatchTable.KeyOf(c.Operation)) >= 0)
                    {
                        action(c);
                    }
                },
                kind);
        }
    }
}
