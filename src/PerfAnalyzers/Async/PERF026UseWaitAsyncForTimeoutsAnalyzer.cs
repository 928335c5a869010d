using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Async;

/// <summary>
/// PERF026: a timeout written as <c>if (await Task.WhenAny(t, Task.Delay(d)) != t) throw ...;</c> (or the <c>== t</c>
/// form with the throw in <c>else</c>) followed by <c>await t</c> or <c>t.Result</c>, where <c>Task.WaitAsync</c>
/// exists (.NET 6+): the delay's timer keeps running after <c>t</c> wins, and the wait costs a delay task and a
/// <c>WhenAny</c> task. See docs/rules/PERF026.md.
/// </summary>
public sealed class PERF026UseWaitAsyncForTimeoutsAnalyzer : PerfAnalyzer
{
    /// <summary>The timeout throws <c>new TimeoutException()</c>, what <c>WaitAsync</c> throws: <c>await t.WaitAsync(d)</c>.</summary>
    public const string ShapeAwait = "Await";

    /// <summary>Another exception or message: <c>try { await t.WaitAsync(d); } catch (TimeoutException) when (!t.IsFaulted) { throw ...; }</c>.</summary>
    public const string ShapeCatch = "Catch";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF026.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // Task.WaitAsync(TimeSpan) arrived in .NET 6; where it is missing there is nothing to suggest.
        // Resolved at the first call named WhenAny (PerfCompilation.Later).
        var hasWaitAsync = compilation.Later(() =>
            compilation.Types.Get(WellKnownTypes.Task) is { } task &&
            task.GetMembers("WaitAsync").Any(m => m is IMethodSymbol { IsStatic: false, Parameters.Length: 1 } method && compilation.Types.Is(method.Parameters[0].Type, WellKnownTypes.TimeSpan)));
        context.RegisterInvocationAction(
            c =>
            {
                if (hasWaitAsync.Value)
                {
                    Analyze(c, compilation);
                }
            },
            "WhenAny");
    }

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation)
    {
        var invocation = (IInvocationOperation)context.Operation;
        var types = compilation.Types;
        if (invocation.TargetMethod is not { Name: "WhenAny", IsStatic: true } method || !types.Is(method.ContainingType, WellKnownTypes.Task) ||
            invocation.Syntax is not InvocationExpressionSyntax syntax ||
            PERF026UseWaitAsyncForTimeoutsModel.Match(syntax) is not { } shape ||
            invocation.SemanticModel is not { } model)
        {
            return;
        }

        var cancellationToken = context.CancellationToken;
        if (model.GetOperation(shape.Delay, cancellationToken) is not IInvocationOperation { TargetMethod: { Name: "Delay", IsStatic: true } delay } delayCall ||
            !types.Is(delay.ContainingType, WellKnownTypes.Task) || !IsDelayOverload(delay, types) ||
            TaskSymbol(model, shape.TaskArgument, types, cancellationToken) is not { } task ||
            !SymbolEqualityComparer.Default.Equals(TaskSymbol(model, shape.Compared, types, cancellationToken), task) ||
            !SymbolEqualityComparer.Default.Equals(TaskSymbol(model, shape.FollowUpTask, types, cancellationToken), task))
        {
            return;
        }

        var token = delay.Parameters.Length == 2 ? delayCall.Arguments.FirstOrDefault(a => a.Parameter?.Ordinal == 1)?.Value : null;
        var cancelledAfter = token is not null && IsCancelledAfter(token, shape, model, types, cancellationToken);
        if (cancelledAfter && !Rules.PERF026.ReportCancelledDelays.Read(context.Options, syntax.SyntaxTree))
        {
            return;
        }

        // Reported without a fix: a token (when it is cancelled the original throws its timeout exception, the
        // cancelled delay winning, where WaitAsync(d, ct) throws OperationCanceledException); t.Result (an
        // AggregateException where an awaited WaitAsync throws the task's own exception); code between the wait and
        // the await of t (it may throw or leave, and the original then never observed a failure of t).
        var fixable = token is null && !shape.FollowUpIsResult && shape.FollowUpIsFirst;
        var properties = DiagnosticProperties.WithFixable(fixable)
            .Add(DiagnosticProperties.Shape, IsPlainTimeout(shape.Throw, model, types, cancellationToken) ? ShapeAwait : ShapeCatch);
        if (!MultiTargeting.Allows(compilation, context.Options, syntax.SyntaxTree, Rules.PERF026.Id, ApiAvailability.Net6, ref properties))
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, syntax, model, Rules.PERF026.Id, cancellationToken))
        {
            return;
        }

        // The delay's own argument (a named token may come first: Task.Delay(cancellationToken: ct, delay: d)).
        var timeout = (delayCall.Arguments.FirstOrDefault(a => a.Parameter?.Ordinal == 0)?.Value.Syntax ?? shape.Delay.ArgumentList.Arguments[0].Expression).OneLine(40);
        var suggestion = $"await {shape.TaskArgument.Identifier.ValueText}.WaitAsync({timeout}{(token is null ? string.Empty : ", " + token.Syntax.OneLine(30))})";
        var timer = cancelledAfter ? "is cancelled only after the wait" : "keeps running after the task completes";
        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(
            Rules.PERF026.Descriptor,
            syntax.GetLocation(),
            properties,
            syntax.OneLine(),
            timer,
            suggestion), context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary><c>Delay(int)</c>, <c>Delay(TimeSpan)</c>, either with a <c>CancellationToken</c> (not a <c>TimeProvider</c>).</summary>
    private static bool IsDelayOverload(IMethodSymbol delay, WellKnownTypes types) =>
        delay.Parameters.Length is 1 or 2 &&
        (delay.Parameters[0].Type.SpecialType == SpecialType.System_Int32 || types.Is(delay.Parameters[0].Type, WellKnownTypes.TimeSpan)) &&
        (delay.Parameters.Length == 1 || types.Is(delay.Parameters[1].Type, WellKnownTypes.CancellationToken));

    /// <summary>The local or by-value parameter <paramref name="name"/> binds to, when it is a <c>Task</c> or <c>Task&lt;T&gt;</c>.</summary>
    private static ISymbol? TaskSymbol(SemanticModel model, IdentifierNameSyntax name, WellKnownTypes types, CancellationToken cancellationToken)
    {
        var (symbol, type) = model.GetSymbolInfo(name, cancellationToken).Symbol switch
        {
            ILocalSymbol { IsRef: false } local => ((ISymbol?)local, local.Type),
            IParameterSymbol { RefKind: RefKind.None } parameter => (parameter, parameter.Type),
            _ => (null, null),
        };
        return types.Is(type, WellKnownTypes.Task) || types.Is(type, WellKnownTypes.TaskOfT) ? symbol : null;
    }

    /// <summary>
    /// Whether the delay's token is <c>cts.Token</c> of a source that the same function cancels after the wait
    /// (<c>cts.Cancel()</c>, after the <c>if</c> or in its <c>== t</c> branch): the code already stops the timer once <c>t</c> wins.
    /// </summary>
    private static bool IsCancelledAfter(IOperation token, PERF026UseWaitAsyncForTimeoutsModel shape, SemanticModel model, WellKnownTypes types, CancellationToken cancellationToken)
    {
        if (token.WithoutImplicitConversion() is not IPropertyReferenceOperation { Property.Name: "Token", Instance: { } source } ||
            !types.Is(source.Type, WellKnownTypes.CancellationTokenSource) ||
            source is not (ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation))
        {
            return false;
        }

        var body = shape.If.Ancestors().FirstOrDefault(a => a is AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax or BaseMethodDeclarationSyntax or AccessorDeclarationSyntax);
        if (body is null)
        {
            return false;
        }

        foreach (var node in body.DescendantNodes())
        {
            if (node is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Cancel" or "CancelAsync" } } cancel &&
                cancel.SpanStart > shape.WhenAny.Span.End &&
                model.GetOperation(cancel, cancellationToken) is IInvocationOperation { Instance: { } instance } &&
                OperationHelpers.SameStorage(instance, source))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary><c>throw new TimeoutException()</c>: the exception WaitAsync throws itself, with the same message.</summary>
    private static bool IsPlainTimeout(ThrowStatementSyntax thrown, SemanticModel model, WellKnownTypes types, CancellationToken cancellationToken) =>
        thrown.Expression is ObjectCreationExpressionSyntax { ArgumentList.Arguments.Count: 0, Initializer: null } creation &&
        types.Is(model.GetTypeInfo(creation, cancellationToken).Type, WellKnownTypes.TimeoutException);
}
