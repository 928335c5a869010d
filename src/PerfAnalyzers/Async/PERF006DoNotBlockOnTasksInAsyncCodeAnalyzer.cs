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
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Async;

/// <summary>
/// PERF006: <c>.Result</c>, <c>.Wait()</c>, <c>.GetAwaiter().GetResult()</c>, <c>Task.WaitAll/WaitAny</c> and
/// <c>Thread.Sleep</c> inside an async method, lambda, local function or anonymous method, unless the task is known
/// to be complete there (awaited, blocked on, or checked on every control-flow path). The completion-flow analysis is
/// in <c>PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer.Flow.cs</c>. See docs/rules/PERF006.md.
/// </summary>
public sealed partial class PERF006DoNotBlockOnTasksInAsyncCodeAnalyzer : PerfAnalyzer
{
    /// <summary><c>t.Result</c> / <c>t.GetAwaiter().GetResult()</c> / <c>t.Wait()</c> → <c>await t</c>.</summary>
    public const string ShapeAwait = "Await";

    /// <summary><c>Thread.Sleep(x)</c> → <c>await Task.Delay(x[, token])</c>.</summary>
    public const string ShapeSleep = "Sleep";

    /// <summary><c>Task.WaitAll(a, b)</c> → <c>await Task.WhenAll(a, b)</c>.</summary>
    public const string ShapeWaitAll = "WaitAll";

    /// <summary>Present ("true") when the function already awaits with <c>ConfigureAwait(false)</c>.</summary>
    public const string ConfigureAwaitFalseKey = "ConfigureAwaitFalse";

    /// <summary>The name of the function's single <c>CancellationToken</c> parameter, for <c>Task.Delay</c>.</summary>
    public const string TokenKey = "Token";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF006.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // Resolved at the first call or property read the rule names (PerfCompilation.Later).
        var symbols = compilation.Later(() => Symbols.Resolve(compilation));
        context.RegisterPropertyReferenceAction(PerfCompilation.WhenResolved(symbols, AnalyzeResult), "Result");
        context.RegisterInvocationAction(
            PerfCompilation.WhenResolved(symbols, AnalyzeInvocation),
            "Wait",
            "GetResult",
            "WaitAll",
            "WaitAny",
            "Sleep");
    }

    /// <summary>The types the rule resolves once per compilation.</summary>
    private sealed class Symbols
    {
        public INamedTypeSymbol Task = null!;
        public INamedTypeSymbol? TaskOfT;
        public INamedTypeSymbol? ValueTask;
        public INamedTypeSymbol? ValueTaskOfT;
        public WellKnownTypes Types = null!;
        public INamedTypeSymbol? TaskStatus;
        public INamedTypeSymbol? CancellationToken;

        public static Symbols? Resolve(PerfCompilation perf)
        {
            if (perf.Types.Get(WellKnownTypes.Task) is not { } task)
            {
                return null;
            }

            return new Symbols
            {
                Task = task,
                TaskOfT = perf.Types.Get(WellKnownTypes.TaskOfT),
                ValueTask = perf.Types.Get(WellKnownTypes.ValueTask),
                ValueTaskOfT = perf.Types.Get(WellKnownTypes.ValueTaskOfT),
                Types = perf.Types,
                TaskStatus = perf.Types.Get(WellKnownTypes.TaskStatus),
                CancellationToken = perf.Types.Get(WellKnownTypes.CancellationToken),
            };
        }

        /// <summary><c>Task</c> (or a type derived from it), <c>Task&lt;T&gt;</c>, <c>ValueTask</c>, <c>ValueTask&lt;T&gt;</c>.</summary>
        public bool IsTask(ITypeSymbol? type)
        {
            if (type is null)
            {
                return false;
            }

            var original = type.OriginalDefinition;
            if (Is(original, ValueTask) || Is(original, ValueTaskOfT))
            {
                return true;
            }

            for (var current = type as INamedTypeSymbol; current is not null; current = current.BaseType)
            {
                if (Is(current.OriginalDefinition, Task))
                {
                    return true;
                }
            }

            return false;
        }

        public bool IsTaskClass(ITypeSymbol? type) => type is not null && IsTask(type) && !Is(type.OriginalDefinition, ValueTask) && !Is(type.OriginalDefinition, ValueTaskOfT);

        public static bool Is(ISymbol? a, ISymbol? b) => b is not null && SymbolEqualityComparer.Default.Equals(a, b);
    }

    /// <summary><c>t.Result</c> on a task.</summary>
    private static void AnalyzeResult(OperationAnalysisContext context, Symbols types)
    {
        var property = (IPropertyReferenceOperation)context.Operation;
        if (property.Property.Name != "Result" || property.Instance is not { } task || !types.IsTask(property.Property.ContainingType) ||
            !InAsyncCode(context, property))
        {
            return;
        }

        var receiver = ReceiverText(property.Syntax);
        Analyze(context, types, property, task, ImmutableArray.Create(task), ShapeAwait, receiver is null ? null : "await " + receiver);
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, Symbols types)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var method = invocation.TargetMethod;
        switch (method.Name)
        {
            case "Wait" when !method.IsStatic && invocation.Instance is { } task && types.IsTaskClass(method.ContainingType) && InAsyncCode(context, invocation):
            {
                var receiver = ReceiverText(invocation.Syntax);
                var fixable = invocation.Arguments.Length == 0;
                var suggestion = receiver is null ? null : fixable ? "await " + receiver : "await Task.WhenAny(" + receiver + ", Task.Delay(...))";
                Analyze(context, types, invocation, fixable ? task : null, ImmutableArray.Create(task), fixable ? ShapeAwait : null, suggestion);
                return;
            }

            case "GetResult" when !method.IsStatic && invocation.Arguments.Length == 0 &&
                                  invocation.Instance is IInvocationOperation { TargetMethod.Name: "GetAwaiter", Instance: { } awaited } &&
                                  GetTaskOfAwaitable(awaited, types) is { } task && InAsyncCode(context, invocation):
                Analyze(context, types, invocation, task, ImmutableArray.Create(task), ShapeAwait, "await " + awaited.Syntax);
                return;

            case "WaitAll" or "WaitAny" when method.IsStatic && Symbols.Is(method.ContainingType, types.Task) && InAsyncCode(context, invocation):
            {
                var tasks = TaskArguments(invocation);
                var waitAll = method.Name == "WaitAll";
                var fixable = waitAll && method.Parameters.Length == 1 && method.Parameters[0].Type is not INamedTypeSymbol { SpecialType: SpecialType.System_Int32 } &&
                              !Symbols.Is(method.Parameters[0].Type, types.CancellationToken);
                var arguments = ArgumentsText(invocation);
                Analyze(context, types, invocation, null, tasks, fixable ? ShapeWaitAll : null,
                    (waitAll ? "await Task.WhenAll(" : "await Task.WhenAny(") + arguments + ")", requireAllComplete: waitAll);
                return;
            }

            case "Sleep" when method.IsStatic && types.Types.Is(method.ContainingType, WellKnownTypes.Thread) && invocation.Arguments.Length == 1 &&
                              InAsyncCode(context, invocation):
                Analyze(context, types, invocation, null, ImmutableArray<IOperation>.Empty, ShapeSleep, "await Task.Delay(" + ArgumentsText(invocation) + ")");
                return;
        }
    }

    /// <summary>
    /// Whether the blocking call is in an async function (the only place the rule reports), asked before the message's
    /// text is built: most <c>.Result</c> and <c>.Wait()</c> calls are in synchronous code, and writing out their
    /// receivers was a third of the rule's time on SharpZipLib (sampled).
    /// </summary>
    private static bool InAsyncCode(OperationAnalysisContext context, IOperation blocking) =>
        blocking.GetContainingFunction(context.ContainingSymbol) is { IsAsync: true };

    /// <summary>The task behind <c>t</c> or <c>t.ConfigureAwait(..)</c>, when it is a task.</summary>
    private static IOperation? GetTaskOfAwaitable(IOperation awaited, Symbols types)
    {
        if (awaited is IInvocationOperation { TargetMethod.Name: "ConfigureAwait", Instance: { } configured } && types.IsTask(configured.Type))
        {
            return configured;
        }

        return types.IsTask(awaited.Type) ? awaited : null;
    }

    /// <summary>
    /// The tasks passed to <c>WaitAll</c>/<c>WaitAny</c>/<c>WhenAll</c> one by one: a <c>params</c> array or, on .NET 9+
    /// with C# 13+, a <c>params ReadOnlySpan&lt;Task&gt;</c>; an array literal; a collection expression.
    /// </summary>
    private static ImmutableArray<IOperation> TaskArguments(IInvocationOperation invocation)
    {
        var builder = ImmutableArray.CreateBuilder<IOperation>();
        foreach (var argument in invocation.Arguments)
        {
            if (argument.InlineElements() is { IsDefault: false } elements)
            {
                builder.AddRange(elements);
            }
            else if (argument.Parameter?.Ordinal == 0)
            {
                builder.Add(argument.Value);
            }
        }

        return builder.ToImmutable();
    }

    private static void Analyze(
        OperationAnalysisContext context,
        Symbols types,
        IOperation blocking,
        IOperation? awaitedTask,
        ImmutableArray<IOperation> tasks,
        string? fix,
        string? suggestion,
        bool requireAllComplete = true)
    {
        var function = blocking.GetContainingFunction(context.ContainingSymbol);
        if (function is not { IsAsync: true } ||
            (function.Name == "Main" && function.IsStatic && function.MethodKind == MethodKind.Ordinary) ||
            suggestion is null ||
            GetNameLocation(blocking.Syntax) is not { } location)
        {
            return;
        }

        if (tasks.Length > 0 && (requireAllComplete ? tasks.All(t => IsCompleteByConstruction(t, types)) : tasks.Any(t => IsCompleteByConstruction(t, types))))
        {
            return;
        }

        if (IsExcluded(context, blocking.Syntax.SyntaxTree))
        {
            return;
        }

        if (tasks.Length > 0 && AreKnownComplete(context, blocking, tasks, function, types, requireAllComplete))
        {
            return;
        }

        var properties = ImmutableDictionary.CreateBuilder<string, string?>();
        var fixable = fix is not null && CanAwaitHere(blocking, function, context.CancellationToken) && (fix != ShapeAwait || awaitedTask is not null);
        properties[DiagnosticProperties.Fixable] = fixable ? "true" : "false";
        if (fixable)
        {
            properties[DiagnosticProperties.Shape] = fix;
            if (UsesConfigureAwaitFalse(blocking, function))
            {
                properties[ConfigureAwaitFalseKey] = "true";
            }

            if (fix == ShapeSleep && SingleCancellationToken(function, context.ContainingSymbol, types) is { } token)
            {
                properties[TokenKey] = token;
                suggestion = "await Task.Delay(" + ArgumentsText((IInvocationOperation)blocking) + ", " + token + ")";
            }
        }

        // Not through ProfileGate (a correctness rule: every finding is reported), but timed like the others under --timing.
        RuleClock.Report(context.ReportDiagnostic, Diagnostic.Create(
            Rules.PERF006.Descriptor, location, properties.ToImmutable(), blocking.Syntax.ToString(), suggestion));
    }

    /// <summary><c>Task.FromResult(..)</c>, <c>Task.CompletedTask</c>, and the antecedent of a <c>ContinueWith</c> continuation.</summary>
    private static bool IsCompleteByConstruction(IOperation task, Symbols types)
    {
        task = Strip(task)!;
        switch (task)
        {
            case IInvocationOperation { TargetMethod: { IsStatic: true, Name: "FromResult" or "FromException" or "FromCanceled" } method }
                when types.IsTask(method.ContainingType):
            case IPropertyReferenceOperation { Property: { IsStatic: true, Name: "CompletedTask" } property } when types.IsTask(property.ContainingType):
                return true;
            case IParameterReferenceOperation { Parameter: { Ordinal: 0, ContainingSymbol: IMethodSymbol { MethodKind: MethodKind.AnonymousFunction } lambda } }:
                return IsContinuation(task, lambda);
            case IArrayElementReferenceOperation { ArrayReference: IParameterReferenceOperation { Parameter: { Ordinal: 0, ContainingSymbol: IMethodSymbol { MethodKind: MethodKind.AnonymousFunction } lambda } } }:
                return IsContinuation(task, lambda);
            default:
                return false;
        }
    }

    /// <summary>The lambda is the continuation of <c>ContinueWith</c> / <c>ContinueWhenAll</c> / <c>ContinueWhenAny</c>.</summary>
    private static bool IsContinuation(IOperation inside, IMethodSymbol lambda)
    {
        for (var current = inside.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation function && SymbolEqualityComparer.Default.Equals(function.Symbol, lambda))
            {
                var parent = function.Parent;
                while (parent is IDelegateCreationOperation or IConversionOperation)
                {
                    parent = parent.Parent;
                }

                return parent is IArgumentOperation { Parent: IInvocationOperation { TargetMethod.Name: "ContinueWith" or "ContinueWhenAll" or "ContinueWhenAny" } };
            }
        }

        return false;
    }

    private static bool IsExcluded(OperationAnalysisContext context, SyntaxTree tree)
    {
        if (context.ContainingSymbol is not IMethodSymbol member ||
            Rules.PERF006.ExcludedMethods.Read(context.Options, tree) is not { IsEmpty: false } excluded)
        {
            return false;
        }

        return excluded.Contains(member.ContainingType.ToDisplayString(SymbolDisplayFormat.CSharpErrorMessageFormat) + "." + member.Name);
    }

    // ---- Can the fix put an await here? ----

    /// <summary>
    /// <c>await</c> is illegal in a <c>lock</c> body, an <c>unsafe</c> context and a catch filter; and a ref struct local
    /// (a span) may not live across it. Those are reported without a fix.
    /// </summary>
    private static bool CanAwaitHere(IOperation blocking, IMethodSymbol function, CancellationToken cancellationToken)
    {
        if (blocking.Syntax.Parent is ConditionalAccessExpressionSyntax || blocking.Syntax is InvocationExpressionSyntax { Expression: MemberBindingExpressionSyntax } ||
            blocking.Syntax is MemberBindingExpressionSyntax)
        {
            return false; // t?.Result, t?.Wait()
        }

        foreach (var node in blocking.Syntax.AncestorsAndSelf())
        {
            switch (node)
            {
                case LockStatementSyntax:
                case UnsafeStatementSyntax:
                case CatchFilterClauseSyntax:
                    return false;
                case MemberDeclarationSyntax member when member.Modifiers.Any(SyntaxKind.UnsafeKeyword):
                case LocalFunctionStatementSyntax local when local.Modifiers.Any(SyntaxKind.UnsafeKeyword):
                    return false;
            }
        }

        foreach (var operation in FunctionBody(blocking, function).DescendantsAndSelf())
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (operation is IVariableDeclaratorOperation { Symbol.Type.IsRefLikeType: true })
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The operation of the body of <paramref name="function"/> that contains <paramref name="inside"/>.</summary>
    private static IOperation FunctionBody(IOperation inside, IMethodSymbol function)
    {
        for (var current = inside.Parent; current is not null; current = current.Parent)
        {
            if ((current is IAnonymousFunctionOperation lambda && SymbolEqualityComparer.Default.Equals(lambda.Symbol, function)) ||
                (current is ILocalFunctionOperation local && SymbolEqualityComparer.Default.Equals(local.Symbol, function)))
            {
                return current;
            }
        }

        return inside.GetRoot();
    }

    /// <summary>The function already awaits with <c>ConfigureAwait(false)</c> (its own awaits, not nested functions').</summary>
    private static bool UsesConfigureAwaitFalse(IOperation blocking, IMethodSymbol function)
    {
        var stack = new Stack<IOperation>();
        stack.Push(FunctionBody(blocking, function));
        var first = true;
        while (stack.Count > 0)
        {
            var operation = stack.Pop();
            if (!first && operation is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                continue;
            }

            first = false;
            if (operation is IAwaitOperation { Operation: IInvocationOperation { TargetMethod.Name: "ConfigureAwait", Arguments: { Length: 1 } arguments } } &&
                arguments[0].Value.ConstantValue is { HasValue: true, Value: false })
            {
                return true;
            }

            foreach (var child in operation.ChildOperations)
            {
                stack.Push(child);
            }
        }

        return false;
    }

    /// <summary>The single <c>CancellationToken</c> parameter of the function (or of the member around a lambda).</summary>
    private static string? SingleCancellationToken(IMethodSymbol function, ISymbol member, Symbols types)
    {
        if (types.CancellationToken is null)
        {
            return null;
        }

        var tokens = function.Parameters.Where(p => Symbols.Is(p.Type, types.CancellationToken)).ToList();
        if (tokens.Count == 0 && function.MethodKind == MethodKind.AnonymousFunction && !function.IsStatic && member is IMethodSymbol outer)
        {
            tokens = outer.Parameters.Where(p => Symbols.Is(p.Type, types.CancellationToken)).ToList();
        }

        return tokens.Count == 1 && tokens[0].RefKind == RefKind.None ? tokens[0].Name : null;
    }

    // ---- Text and locations ----

    /// <summary>The name of the blocking member (<c>Result</c>, <c>Wait</c>, <c>GetResult</c>, <c>Sleep</c>, ...).</summary>
    private static Location? GetNameLocation(SyntaxNode syntax)
    {
        var expression = syntax is InvocationExpressionSyntax invocation ? invocation.Expression : syntax;
        return expression switch
        {
            MemberAccessExpressionSyntax access => access.Name.GetLocation(),
            MemberBindingExpressionSyntax binding => binding.Name.GetLocation(),
            SimpleNameSyntax name => name.GetLocation(),
            _ => null,
        };
    }

    /// <summary>The receiver's text of <c>t.Result</c> / <c>t.Wait()</c>.</summary>
    private static string? ReceiverText(SyntaxNode syntax)
    {
        var expression = syntax is InvocationExpressionSyntax invocation ? invocation.Expression : syntax;
        return expression switch
        {
            MemberAccessExpressionSyntax access => access.Expression.ToString(),
            MemberBindingExpressionSyntax when expression.Parent?.Parent is ConditionalAccessExpressionSyntax conditional => conditional.Expression.ToString(),
            MemberBindingExpressionSyntax when expression.Parent is ConditionalAccessExpressionSyntax conditional => conditional.Expression.ToString(),
            _ => null,
        };
    }

    private static string ArgumentsText(IInvocationOperation invocation) =>
        invocation.Syntax is InvocationExpressionSyntax syntax ? string.Join(", ", syntax.ArgumentList.Arguments.Select(a => a.ToString())) : string.Empty;
}
