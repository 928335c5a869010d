using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Async;

/// <summary>
/// PERF006's completion flow: whether a task is known to be complete where it is blocked on — awaited (also through
/// <c>Task.WhenAll</c>), blocked on before, or checked (<c>IsCompleted</c>, <c>Status</c>) on every control-flow path of
/// the function's <see cref="ControlFlowGraph"/>, and not reassigned since.
/// </summary>
public sealed partial class PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer
{
    // ---- Known complete: control-flow analysis ----

    /// <summary>
    /// True when, on every control-flow path to <paramref name="blocking"/>, the task (a local, parameter or field) was
    /// awaited, awaited through <c>Task.WhenAll(.., t, ..)</c>, blocked on, or checked by <c>IsCompleted</c>,
    /// <c>IsCompletedSuccessfully</c>, <c>IsFaulted</c>, <c>IsCanceled</c> or <c>Status == RanToCompletion/Faulted/Canceled</c>,
    /// and not reassigned since.
    /// </summary>
    private static bool AreKnownComplete(OperationAnalysisContext context, IOperation blocking, ImmutableArray<IOperation> tasks, IMethodSymbol function, Symbols types, bool requireAll)
    {
        var symbols = tasks.Select(t => TrackedSymbol(t)).ToList();
        if (requireAll ? symbols.Any(s => s is null) : symbols.All(s => s is null))
        {
            return false;
        }

        ControlFlowGraph? graph;
        try
        {
            graph = context.GetControlFlowGraph();
        }
        catch (InvalidOperationException)
        {
            return false;
        }

        graph = FindGraph(graph, function, context.ContainingSymbol, context.CancellationToken);
        if (graph is null || !TryFind(graph, blocking, out var block, out var index))
        {
            return false;
        }

        var results = symbols.Where(s => s is not null).Select(s => new FlowAnalysis(graph, s!, types, context.CancellationToken).IsCompleteAt(block, index));
        return requireAll ? results.All(r => r) : results.Any(r => r);
    }

    /// <summary>A local, a parameter, or a field of <c>this</c> / a static field: what the analysis can follow.</summary>
    private static ISymbol? TrackedSymbol(IOperation? operation) => Strip(operation) switch
    {
        ILocalReferenceOperation local => local.Local,
        IParameterReferenceOperation parameter => parameter.Parameter,
        IFieldReferenceOperation { Instance: null or IInstanceReferenceOperation } field => field.Field,
        _ => null,
    };

    private static IOperation? Strip(IOperation? operation)
    {
        while (operation is IConversionOperation { OperatorMethod: null } conversion)
        {
            operation = conversion.Operand;
        }

        while (operation is IParenthesizedOperation parenthesized)
        {
            operation = parenthesized.Operand;
        }

        return operation;
    }

    /// <summary>The graph of <paramref name="function"/>: the member's, or a lambda's / local function's nested in it.</summary>
    private static ControlFlowGraph? FindGraph(ControlFlowGraph graph, IMethodSymbol function, ISymbol member, CancellationToken cancellationToken)
    {
        if (SymbolEqualityComparer.Default.Equals(function, member))
        {
            return graph;
        }

        var pending = new Stack<ControlFlowGraph>();
        pending.Push(graph);
        while (pending.Count > 0)
        {
            var current = pending.Pop();
            foreach (var local in current.LocalFunctions)
            {
                var nested = current.GetLocalFunctionControlFlowGraph(local, cancellationToken);
                if (SymbolEqualityComparer.Default.Equals(local, function))
                {
                    return nested;
                }

                pending.Push(nested);
            }

            foreach (var block in current.Blocks)
            {
                foreach (var operation in BlockOperations(block))
                {
                    foreach (var descendant in operation.DescendantsAndSelf())
                    {
                        if (descendant is IFlowAnonymousFunctionOperation lambda)
                        {
                            var nested = current.GetAnonymousFunctionControlFlowGraph(lambda, cancellationToken);
                            if (SymbolEqualityComparer.Default.Equals(lambda.Symbol, function))
                            {
                                return nested;
                            }

                            pending.Push(nested);
                        }
                    }
                }
            }
        }

        return null;
    }

    private static IEnumerable<IOperation> BlockOperations(BasicBlock block) =>
        block.BranchValue is null ? block.Operations : block.Operations.Append(block.BranchValue);

    /// <summary>The block, and the index of the block operation (the branch value is last), holding the graph's copy of the operation.</summary>
    private static bool TryFind(ControlFlowGraph graph, IOperation original, out BasicBlock block, out int index)
    {
        foreach (var candidate in graph.Blocks)
        {
            var i = 0;
            foreach (var operation in BlockOperations(candidate))
            {
                if (operation.Syntax.Span.Contains(original.Syntax.Span) &&
                    operation.DescendantsAndSelf().Any(d => d.Kind == original.Kind && d.Syntax == original.Syntax))
                {
                    block = candidate;
                    index = i;
                    return true;
                }

                i++;
            }
        }

        block = null!;
        index = -1;
        return false;
    }

    /// <summary>A must-analysis over the graph for one task symbol: "complete on every path".</summary>
    private sealed class FlowAnalysis
    {
        private readonly ControlFlowGraph _graph;
        private readonly ISymbol _task;
        private readonly Symbols _types;
        private readonly CancellationToken _cancellationToken;

        public FlowAnalysis(ControlFlowGraph graph, ISymbol task, Symbols types, CancellationToken cancellationToken)
        {
            _graph = graph;
            _task = task;
            _types = types;
            _cancellationToken = cancellationToken;
        }

        private Dictionary<CaptureId, IOperation>? _captures;

        /// <summary>
        /// The value a flow capture holds: the graph captures a switch's input (<c>x.Status switch { ... }</c>) once and tests
        /// each arm's pattern against the capture. A capture assigned on several paths is not resolved.
        /// </summary>
        private IOperation? Captured(IOperation? operation)
        {
            operation = Strip(operation);
            if (operation is not IFlowCaptureReferenceOperation reference)
            {
                return operation;
            }

            if (_captures is null)
            {
                _captures = new Dictionary<CaptureId, IOperation>();
                var seen = new HashSet<CaptureId>();
                foreach (var block in _graph.Blocks)
                {
                    foreach (var capture in block.Operations.OfType<IFlowCaptureOperation>())
                    {
                        if (seen.Add(capture.Id))
                        {
                            _captures[capture.Id] = capture.Value;
                        }
                        else
                        {
                            _captures.Remove(capture.Id);
                        }
                    }
                }
            }

            return _captures.TryGetValue(reference.Id, out var value) ? Strip(value) : operation;
        }

        public bool IsCompleteAt(BasicBlock target, int index)
        {
            var blocks = _graph.Blocks;
            var outState = new bool[blocks.Length];
            for (var i = 0; i < outState.Length; i++)
            {
                outState[i] = true; // top of the must-analysis
            }

            var changed = true;
            var rounds = 0;
            while (changed && rounds++ < blocks.Length * 4 + 8)
            {
                _cancellationToken.ThrowIfCancellationRequested();
                changed = false;
                foreach (var block in blocks)
                {
                    var state = Transfer(block, In(block, outState), int.MaxValue);
                    if (state != outState[block.Ordinal])
                    {
                        outState[block.Ordinal] = state;
                        changed = true;
                    }
                }
            }

            return Transfer(target, In(target, outState), index);
        }

        private bool In(BasicBlock block, bool[] outState)
        {
            if (block.Kind == BasicBlockKind.Entry || block.Predecessors.IsEmpty)
            {
                return false; // entry, or the start of a catch/finally region: nothing is known
            }

            foreach (var branch in block.Predecessors)
            {
                var source = branch.Source;
                var state = outState[source.Ordinal];
                if (!state && source.BranchValue is { } condition && source.ConditionKind != ControlFlowConditionKind.None)
                {
                    // The conditional successor is taken when the condition equals ConditionKind; the fall-through otherwise.
                    var whenTrue = source.ConditionKind == ControlFlowConditionKind.WhenTrue;
                    var conditionValue = branch.IsConditionalSuccessor ? whenTrue : !whenTrue;
                    state = Guards(condition, conditionValue);
                }

                if (!state)
                {
                    return false;
                }
            }

            return true;
        }

        private bool Transfer(BasicBlock block, bool state, int upTo)
        {
            var i = 0;
            foreach (var operation in BlockOperations(block))
            {
                if (i++ >= upTo)
                {
                    break;
                }

                if (Kills(operation))
                {
                    state = false;
                }
                else if (Completes(operation))
                {
                    state = true;
                }
            }

            return state;
        }

        private bool IsTask(IOperation? operation) => SymbolEqualityComparer.Default.Equals(TrackedSymbol(operation), _task);

        /// <summary>The task is reassigned, or passed by ref/out.</summary>
        private bool Kills(IOperation operation)
        {
            foreach (var descendant in operation.DescendantsAndSelf())
            {
                switch (descendant)
                {
                    case IAssignmentOperation assignment when assignment.Target.DescendantsAndSelf().Any(IsTask):
                    case IArgumentOperation { Parameter.RefKind: RefKind.Out or RefKind.Ref } argument when IsTask(argument.Value):
                        return true;
                }
            }

            return false;
        }

        /// <summary>The task is awaited (alone or in <c>Task.WhenAll</c>) or blocked on to completion.</summary>
        private bool Completes(IOperation operation)
        {
            foreach (var descendant in operation.DescendantsAndSelf())
            {
                switch (descendant)
                {
                    case IAwaitOperation awaitOperation:
                        var awaited = Strip(awaitOperation.Operation);
                        if (awaited is IInvocationOperation { TargetMethod.Name: "ConfigureAwait", Instance: { } configured })
                        {
                            awaited = Strip(configured);
                        }

                        if (IsTask(awaited) ||
                            (awaited is IInvocationOperation { TargetMethod: { IsStatic: true, Name: "WhenAll" } whenAll } all &&
                             Symbols.Is(whenAll.ContainingType, _types.Task) && TaskArguments(all).Any(IsTask)))
                        {
                            return true;
                        }

                        break;
                    case IPropertyReferenceOperation { Property.Name: "Result", Instance: { } instance } when IsTask(instance):
                    case IInvocationOperation { TargetMethod.Name: "Wait", Arguments.Length: 0, Instance: { } waited } when IsTask(waited):
                    case IInvocationOperation { TargetMethod.Name: "GetResult", Instance: IInvocationOperation { TargetMethod.Name: "GetAwaiter", Instance: { } gotten } }
                        when IsTask(gotten) || (Strip(gotten) is IInvocationOperation { TargetMethod.Name: "ConfigureAwait", Instance: { } c } && IsTask(c)):
                        return true;
                    case IInvocationOperation { TargetMethod: { IsStatic: true, Name: "WaitAll", Parameters.Length: 1 } waitAll } invocation
                        when Symbols.Is(waitAll.ContainingType, _types.Task) && TaskArguments(invocation).Any(IsTask):
                        return true;
                }
            }

            return false;
        }

        /// <summary>The condition having the value <paramref name="value"/> means the task is complete.</summary>
        private bool Guards(IOperation condition, bool value)
        {
            switch (Strip(condition))
            {
                case IUnaryOperation { OperatorKind: UnaryOperatorKind.Not } not:
                    return Guards(not.Operand, !value);
                case IPropertyReferenceOperation flag when IsCompletionFlag(flag):
                    return value;
                case IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } binary:
                    var equal = binary.OperatorKind == BinaryOperatorKind.Equals ? value : !value;
                    return equal && (IsFinalStatus(binary.LeftOperand, binary.RightOperand) || IsFinalStatus(binary.RightOperand, binary.LeftOperand));
                case IIsPatternOperation pattern:
                    return PatternGuards(Captured(pattern.Value), null, pattern.Pattern, value);
                default:
                    return false;
            }
        }

        /// <summary>
        /// <paramref name="input"/> matching <paramref name="pattern"/> (or not, when <paramref name="value"/> is false) means
        /// the task is complete: <c>t.Status is TaskStatus.RanToCompletion</c>, <c>t.Status is not TaskStatus.Created</c>
        /// does not, <c>t.IsCompleted is true</c>, <c>t is { IsCompletedSuccessfully: true }</c>,
        /// <c>t is { Status: TaskStatus.RanToCompletion or TaskStatus.Faulted }</c>, and their negations (<c>is not</c>: an
        /// early exit when the pattern fails). Switch statements and expressions reach here as the same pattern tests.
        /// </summary>
        /// <param name="member">When not null, the input is this property of the task (a property subpattern's).</param>
        private bool PatternGuards(IOperation? input, string? member, IPatternOperation pattern, bool value)
        {
            switch (pattern)
            {
                case INegatedPatternOperation negated:
                    return PatternGuards(input, member, negated.Pattern, !value);
                case IBinaryPatternOperation { OperatorKind: BinaryOperatorKind.Or } or:
                    // Matching either side: complete only when both sides say so; failing both: either failure that says so.
                    return value
                        ? PatternGuards(input, member, or.LeftPattern, true) && PatternGuards(input, member, or.RightPattern, true)
                        : PatternGuards(input, member, or.LeftPattern, false) || PatternGuards(input, member, or.RightPattern, false);
                case IBinaryPatternOperation { OperatorKind: BinaryOperatorKind.And } and:
                    return value
                        ? PatternGuards(input, member, and.LeftPattern, true) || PatternGuards(input, member, and.RightPattern, true)
                        : PatternGuards(input, member, and.LeftPattern, false) && PatternGuards(input, member, and.RightPattern, false);
                case IConstantPatternOperation constant when value:
                    return member switch
                    {
                        "Status" => IsFinalStatusConstant(constant.Value),
                        not null => constant.Value.ConstantValue is { HasValue: true, Value: true },
                        null => input is not null && (IsFinalStatus(input, constant.Value) ||
                                                      (IsCompletionFlag(input) && constant.Value.ConstantValue is { HasValue: true, Value: true })),
                    };
                case IConstantPatternOperation constant when !value:
                    // 't.IsCompleted is false' failing, or '{ IsCompleted: false }' failing: the flag is true (issue #34).
                    return constant.Value.ConstantValue is { HasValue: true, Value: false } &&
                           (member is not null ? IsCompletionProperty(member) : input is not null && IsCompletionFlag(input));
                case IRecursivePatternOperation { DeconstructionSubpatterns.Length: 0, PropertySubpatterns.Length: 1 } single
                    when !value && member is null && IsTask(input) &&
                         SymbolEqualityComparer.Default.Equals(single.MatchedType, Strip(input!)?.Type):
                    // 'while (t is { IsCompleted: false }) ...' left: t is null (then .Result throws anyway) or complete. One
                    // subpattern only: with two, either may be the one that failed.
                    return single.PropertySubpatterns[0].Member is IPropertyReferenceOperation { Property.Name: var flag } && IsCompletionProperty(flag) &&
                           PatternGuards(null, flag, single.PropertySubpatterns[0].Pattern, false);
                case IRecursivePatternOperation recursive when value && member is null && IsTask(input):
                    foreach (var property in recursive.PropertySubpatterns)
                    {
                        if (property.Member is IPropertyReferenceOperation { Property.Name: var named } && (IsCompletionProperty(named) || named == "Status") &&
                            PatternGuards(null, named, property.Pattern, true))
                        {
                            return true;
                        }
                    }

                    return false;
                default:
                    return false;
            }
        }

        /// <summary><c>t.IsCompleted</c> and its kin, read on the task.</summary>
        private bool IsCompletionFlag(IOperation operation) =>
            Strip(operation) is IPropertyReferenceOperation { Property.Name: var name, Instance: { } instance } && IsCompletionProperty(name) && IsTask(instance);

        /// <summary>The task's properties that are true only once it has completed.</summary>
        private static bool IsCompletionProperty(string name) => name is "IsCompleted" or "IsCompletedSuccessfully" or "IsFaulted" or "IsCanceled";

        /// <summary><c>t.Status</c> compared with RanToCompletion, Faulted or Canceled (all final states).</summary>
        private bool IsFinalStatus(IOperation status, IOperation constant) =>
            Strip(status) is IPropertyReferenceOperation { Property.Name: "Status", Instance: { } instance } &&
            IsTask(instance) &&
            IsFinalStatusConstant(constant);

        private bool IsFinalStatusConstant(IOperation constant) =>
            _types.TaskStatus is not null &&
            SymbolEqualityComparer.Default.Equals(Strip(constant)?.Type, _types.TaskStatus) &&
            constant.ConstantValue is { HasValue: true, Value: int code } &&
            code is 5 or 6 or 7; // TaskStatus.RanToCompletion, Canceled, Faulted
    }
}
