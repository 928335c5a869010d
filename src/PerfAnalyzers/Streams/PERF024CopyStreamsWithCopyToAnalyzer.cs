using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Streams;

/// <summary>
/// PERF024: a loop whose only work is pumping one stream into another through a buffer —
/// <c>while ((n = src.Read(buf, 0, buf.Length)) &gt; 0) dst.Write(buf, 0, n);</c>, the <c>while (true)</c> /
/// <c>for (;;)</c> / <c>do … while (true)</c> form that breaks when a read returns 0, the span and memory overloads, and
/// the awaited form with the same token and the same <c>ConfigureAwait</c> on both calls — is
/// <c>src.CopyTo(dst, buf.Length)</c> / <c>await src.CopyToAsync(dst, buf.Length, token)</c>; reported on .NET Core 2.1+,
/// .NET 5+ and .NET Standard (silent on .NET Framework, where CopyTo is the same loop). The stream's own <c>CopyTo</c> override (MemoryStream, DeflateStream, FileStream, …) then
/// does the copy, with a pooled buffer. See docs/rules/PERF024.md.
/// </summary>
public sealed class PERF024CopyStreamsWithCopyToAnalyzer : PerfAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF024.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // On .NET Framework and .NET Core before 2.1, Stream.CopyTo is this loop over a buffer it allocates itself, and
        // not virtual: nothing to gain (docs/rules/PERF024.md, "When it fires"). .NET Core 2.1 pools the buffer, 3.0 made
        // CopyTo virtual. .NET Standard is reported: the library runs on those runtimes too.
        var target = compilation.TargetFramework;
        if (target.Kind == TargetFrameworkKind.NetFramework || (target.Kind == TargetFrameworkKind.NetCore && !target.IsNetCoreAtLeast(2, 1)))
        {
            return;
        }

        // A project that also builds for .NET Framework before 4.0 (net35) has no CopyTo on that leg: the shared fix would
        // not compile there.
        foreach (var leg in compilation.Legs)
        {
            if (leg.Kind == TargetFrameworkKind.NetFramework && leg.Version is { Major: < 4 })
            {
                return;
            }
        }

        // CopyTo(Stream, int) and CopyToAsync(Stream, int, CancellationToken): without them (an unusual reference set),
        // nothing, or only the synchronous form.
        // Resolved at the first loop (PerfCompilation.Later): null without CopyTo, else whether CopyToAsync is there.
        var copyToAsync = compilation.Later(() =>
            compilation.Types.Get(WellKnownTypes.Stream) is { } stream && HasMethod(stream, "CopyTo", 2) ? HasMethod(stream, "CopyToAsync", 3) : (bool?)null);
        context.RegisterOperationAction(PerfCompilation.WhenResolved(copyToAsync, (c, hasCopyToAsync) => Analyze(c, compilation, hasCopyToAsync)), OperationKind.Loop);
    }

    private static bool HasMethod(INamedTypeSymbol stream, string name, int parameters)
    {
        foreach (var member in stream.GetMembers(name))
        {
            if (member is IMethodSymbol { IsStatic: false, DeclaredAccessibility: Accessibility.Public } method && method.Parameters.Length == parameters &&
                method.Parameters[1].Type.SpecialType == SpecialType.System_Int32)
            {
                return true;
            }
        }

        return false;
    }

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation, bool hasCopyToAsync)
    {
        if (Match((ILoopOperation)context.Operation, compilation.Types, context.CancellationToken) is not { } pump ||
            (pump.IsAsync && !hasCopyToAsync) ||
            !ColdPath.Allows(context.Options, pump.Loop, context.Operation.SemanticModel, Rules.PERF024.Id, context.CancellationToken))
        {
            return;
        }

        var call = pump.Source.OneLine(40) + (pump.IsAsync ? ".CopyToAsync(" : ".CopyTo(") + pump.Destination.OneLine(40) + ", " + pump.BufferSize.OneLine(40) + (pump.BufferSizeIsArray ? ".Length" : string.Empty) +
                   (pump.Token is { } token ? ", " + token.OneLine(40) : string.Empty) + ")";
        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF024.Descriptor, pump.Loop.GetFirstToken().GetLocation(), pump.Source.OneLine(40), pump.Destination.OneLine(40), call),
            context.ContainingSymbol, context.Compilation, context.Options);
    }

    /// <summary>
    /// The stream pump <paramref name="loop"/> is, with what its rewrite needs; null for any other loop. Shared by the
    /// analyzer and the code fix, so both see the same shape.
    /// </summary>
    public static StreamPump? Match(ILoopOperation loop, WellKnownTypes types, CancellationToken cancellationToken)
    {
        Read? read;
        Write? write;
        ILocalSymbol count;
        switch (loop)
        {
            // while ((n = src.Read(buf, 0, buf.Length)) > 0) dst.Write(buf, 0, n);
            case IWhileLoopOperation { ConditionIsTop: true, ConditionIsUntil: false, Condition: { } condition } when condition.ConstantValue is not { HasValue: true }:
                if (PositiveTest(condition) is not ISimpleAssignmentOperation { Target: ILocalReferenceOperation { Local: var assigned } } assignment ||
                    LoopShape.Single(loop.Body) is not IExpressionStatementOperation statement)
                {
                    return null;
                }

                (count, read, write) = (assigned, ReadOf(assignment.Value, types), WriteOf(statement.Operation, types));
                break;

            // while (true) / do … while (true) / for (;;) { int n = src.Read(...); if (n == 0) break; dst.Write(buf, 0, n); }
            case IWhileLoopOperation { ConditionIsUntil: false, Condition.ConstantValue: { HasValue: true, Value: true } }:
            case IForLoopOperation { Before.Length: 0, Condition: null, AtLoopBottom.Length: 0 }:
                if (loop.Body is not IBlockOperation { Operations.Length: 3 } body || body.Locals.Length > 1 ||
                    ReadInto(body.Operations[0]) is not { } first ||
                    !IsBreakOnZero(body.Operations[1], first.Local, loop) ||
                    body.Operations[2] is not IExpressionStatementOperation last)
                {
                    return null;
                }

                (count, read, write) = (first.Local, ReadOf(first.Value, types), WriteOf(last.Operation, types));
                break;
            default:
                return null;
        }

        if (read is null || write is null || count.Type.SpecialType != SpecialType.System_Int32 || count.IsRef ||
            !LoopShape.IsLocal(write.Count, count) ||
            // the same buffer, two different streams (a local, a parameter or a field: read once by the rewrite)
            !OperationHelpers.SameStorage(read.Buffer, write.Buffer) ||
            OperationHelpers.SameStorage(read.Stream, write.Stream) ||
            !LoopShape.IsStableReference(read.Stream) || !LoopShape.IsStableReference(write.Stream) || !LoopShape.IsStableReference(read.Buffer) ||
            read.IsAsync != write.IsAsync ||
            !SameToken(read.Token, write.Token) ||
            !SameConfigureAwait(read.ConfigureAwait, write.ConfigureAwait) ||
            // the read fills the whole buffer: buf.Length, or the n of its 'new byte[n]'
            !(read.Count is null || LoopShape.IsLengthOf(read.Count, read.Buffer) || LoopShape.IsCreationLength(read.Count, read.Buffer)))
        {
            return null;
        }

        cancellationToken.ThrowIfCancellationRequested();

        // The count must not be read outside the loop (it would be unassigned, or hold another value, after the rewrite).
        var root = loop.GetRoot();
        LocalDeclarationStatementSyntax? countDeclaration = null;
        if (!(loop.Body is IBlockOperation block && block.Locals.IndexOf(count, 0, block.Locals.Length, SymbolEqualityComparer.Default) >= 0))
        {
            if (UsedOutside(root, loop, count))
            {
                return null;
            }

            countDeclaration = Declaration(root, count, allowInitializer: true);
        }

        // The buffer goes with the loop when it is a local 'new byte[size]' nothing else reads; otherwise it is kept.
        ExpressionSyntax bufferSize;
        LocalDeclarationStatementSyntax? bufferDeclaration = null;
        if (read.Buffer is ILocalReferenceOperation { Local: var bufferLocal } bufferReference && !UsedOutside(root, loop, bufferLocal) &&
            CreationSize(root, bufferReference) is { } created && created.Size.Syntax is ExpressionSyntax sizeSyntax)
        {
            bufferSize = sizeSyntax;
            bufferDeclaration = created.Declaration;
        }
        else if (read.Count is { Syntax: ExpressionSyntax countSyntax })
        {
            bufferSize = countSyntax;
        }
        else if (read.Buffer.Syntax is ExpressionSyntax bufferSyntax)
        {
            // Read(buf) of the whole array: buf.Length, written by the fix.
            bufferSize = bufferSyntax;
        }
        else
        {
            return null;
        }

        return read.Stream.Syntax is ExpressionSyntax source && write.Stream.Syntax is ExpressionSyntax destination && loop.Syntax is StatementSyntax loopSyntax
            ? new StreamPump(loopSyntax, source, destination, bufferSize, bufferSize == read.Buffer.Syntax, read.IsAsync,
                read.Token?.Syntax as ExpressionSyntax, read.ConfigureAwait?.Syntax as ExpressionSyntax, bufferDeclaration, countDeclaration)
            : null;
    }

    /// <summary>The <c>n = Read(...)</c> of <c>(n = Read(...)) &gt; 0</c>, <c>!= 0</c>, <c>0 &lt; (...)</c>, <c>0 != (...)</c>.</summary>
    private static IOperation? PositiveTest(IOperation condition) => condition switch
    {
        IBinaryOperation { OperatorMethod: null, OperatorKind: BinaryOperatorKind.GreaterThan or BinaryOperatorKind.NotEquals, RightOperand.ConstantValue: { HasValue: true, Value: 0 } } test => test.LeftOperand,
        IBinaryOperation { OperatorMethod: null, OperatorKind: BinaryOperatorKind.LessThan or BinaryOperatorKind.NotEquals, LeftOperand.ConstantValue: { HasValue: true, Value: 0 } } test => test.RightOperand,
        _ => null,
    };

    /// <summary><c>int n = Read(...);</c> or <c>n = Read(...);</c>: the local and the read.</summary>
    private static (ILocalSymbol Local, IOperation Value)? ReadInto(IOperation statement) => statement switch
    {
        IVariableDeclarationGroupOperation { Declarations.Length: 1 } group when group.Declarations[0].Declarators.Length == 1 && group.Declarations[0].Declarators[0].Initializer?.Value is { } value =>
            (group.Declarations[0].Declarators[0].Symbol, value),
        IExpressionStatementOperation { Operation: ISimpleAssignmentOperation { Target: ILocalReferenceOperation { Local: var local }, Value: var value } } => (local, value),
        _ => null,
    };

    /// <summary><c>if (n == 0) break;</c> (or <c>n &lt;= 0</c>, <c>n &lt; 1</c>, <c>0 == n</c>), leaving <paramref name="loop"/>.</summary>
    private static bool IsBreakOnZero(IOperation operation, ILocalSymbol count, ILoopOperation loop)
    {
        if (operation is not IConditionalOperation { WhenFalse: null, Condition: IBinaryOperation { OperatorMethod: null } test } conditional ||
            LoopShape.Single(conditional.WhenTrue) is not IBranchOperation { BranchKind: BranchKind.Break } branch ||
            !SymbolEqualityComparer.Default.Equals(branch.Target, loop.ExitLabel))
        {
            return false;
        }

        var (local, constant, kind) = test.RightOperand.ConstantValue.HasValue
            ? (test.LeftOperand, test.RightOperand.ConstantValue.Value, test.OperatorKind)
            : (test.RightOperand, test.LeftOperand.ConstantValue.HasValue ? test.LeftOperand.ConstantValue.Value : null, Mirror(test.OperatorKind));
        return LoopShape.IsLocal(local, count) && (kind, constant) switch
        {
            (BinaryOperatorKind.Equals, 0) => true,
            (BinaryOperatorKind.LessThanOrEqual, 0) => true,
            (BinaryOperatorKind.LessThan, 1) => true,
            _ => false,
        };
    }

    private static BinaryOperatorKind Mirror(BinaryOperatorKind kind) => kind switch
    {
        BinaryOperatorKind.GreaterThanOrEqual => BinaryOperatorKind.LessThanOrEqual,
        BinaryOperatorKind.GreaterThan => BinaryOperatorKind.LessThan,
        BinaryOperatorKind.LessThanOrEqual => BinaryOperatorKind.GreaterThanOrEqual,
        BinaryOperatorKind.LessThan => BinaryOperatorKind.GreaterThan,
        _ => kind,
    };

    private sealed class Read(IOperation stream, IOperation buffer, IOperation? count, bool isAsync, IOperation? token, IOperation? configureAwait)
    {
        public IOperation Stream { get; } = stream;

        public IOperation Buffer { get; } = buffer;

        /// <summary>The count of <c>Read(buf, 0, count)</c>; null for <c>Read(buf)</c> (the whole array).</summary>
        public IOperation? Count { get; } = count;

        public bool IsAsync { get; } = isAsync;

        public IOperation? Token { get; } = token;

        public IOperation? ConfigureAwait { get; } = configureAwait;
    }

    private sealed class Write(IOperation stream, IOperation buffer, IOperation count, bool isAsync, IOperation? token, IOperation? configureAwait)
    {
        public IOperation Stream { get; } = stream;

        public IOperation Buffer { get; } = buffer;

        public IOperation Count { get; } = count;

        public bool IsAsync { get; } = isAsync;

        public IOperation? Token { get; } = token;

        public IOperation? ConfigureAwait { get; } = configureAwait;
    }

    /// <summary>
    /// <c>src.Read(buf, 0, count)</c>, <c>src.Read(buf)</c> (span), or awaited <c>src.ReadAsync(buf, 0, count[, token])</c>,
    /// <c>src.ReadAsync(buf[, token])</c> (memory), with or without <c>.ConfigureAwait(x)</c>.
    /// </summary>
    private static Read? ReadOf(IOperation value, WellKnownTypes types)
    {
        var (call, isAsync, configureAwait) = Unwrap(value.WithoutImplicitConversion());
        if (call is null || call.TargetMethod.Name != (isAsync ? "ReadAsync" : "Read") || !IsStreamMethod(call.TargetMethod, types) || call.Instance is not { } stream)
        {
            return null;
        }

        var arguments = Arguments(call);
        switch (arguments.Count)
        {
            case 3 or 4 when arguments[0].Value.Type is IArrayTypeSymbol && IsZero(arguments[1].Value):
                return new Read(stream, arguments[0].Value.WithoutImplicitConversion(), arguments[2].Value, isAsync, Token(arguments, 3), configureAwait);
            case 1 or 2 when WholeArray(arguments[0].Value) is { } buffer:
                return new Read(stream, buffer, null, isAsync, Token(arguments, 1), configureAwait);
            default:
                return null;
        }
    }

    /// <summary>
    /// <c>dst.Write(buf, 0, n)</c>, <c>dst.Write(buf.AsSpan(0, n))</c>, or awaited <c>dst.WriteAsync(buf, 0, n[, token])</c>,
    /// <c>dst.WriteAsync(buf.AsMemory(0, n)[, token])</c>, with or without <c>.ConfigureAwait(x)</c>.
    /// </summary>
    private static Write? WriteOf(IOperation operation, WellKnownTypes types)
    {
        var (call, isAsync, configureAwait) = Unwrap(operation);
        if (call is null || call.TargetMethod.Name != (isAsync ? "WriteAsync" : "Write") || !IsStreamMethod(call.TargetMethod, types) || call.Instance is not { } stream)
        {
            return null;
        }

        var arguments = Arguments(call);
        switch (arguments.Count)
        {
            case 3 or 4 when arguments[0].Value.Type is IArrayTypeSymbol && IsZero(arguments[1].Value):
                return new Write(stream, arguments[0].Value.WithoutImplicitConversion(), arguments[2].Value, isAsync, Token(arguments, 3), configureAwait);
            case 1 or 2 when Slice(arguments[0].Value, isAsync ? "AsMemory" : "AsSpan") is { } slice:
                return new Write(stream, slice.Buffer, slice.Count, isAsync, Token(arguments, 1), configureAwait);
            default:
                return null;
        }
    }

    /// <summary>The call of <c>Read(...)</c>, <c>await ReadAsync(...)</c> or <c>await ReadAsync(...).ConfigureAwait(x)</c>.</summary>
    private static (IInvocationOperation? Call, bool IsAsync, IOperation? ConfigureAwait) Unwrap(IOperation operation)
    {
        if (operation is not IAwaitOperation awaited)
        {
            return (operation as IInvocationOperation, false, null);
        }

        var awaitedValue = awaited.Operation.WithoutImplicitConversion();
        if (awaitedValue is IInvocationOperation { TargetMethod.Name: "ConfigureAwait", Arguments.Length: 1, Instance: { } task } configure &&
            configure.TargetMethod.ContainingType?.ContainingNamespace?.ToDisplayString() == "System.Threading.Tasks")
        {
            return (task.WithoutImplicitConversion() as IInvocationOperation, true, configure.Arguments[0].Value);
        }

        return (awaitedValue as IInvocationOperation, true, null);
    }

    /// <summary>
    /// The arguments in parameter order (a missing one: none). Named arguments count in any order: the shape admits only
    /// values without side effects (the buffer, constants, the count local, a stable token), and the loop is replaced as
    /// a whole, so the order they were written in does not matter (issue #34).
    /// </summary>
    private static List<IArgumentOperation> Arguments(IInvocationOperation call)
    {
        var byOrdinal = new IArgumentOperation?[call.Arguments.Length];
        foreach (var argument in call.Arguments)
        {
            if (argument.Parameter is not { } parameter || parameter.Ordinal >= byOrdinal.Length || byOrdinal[parameter.Ordinal] is not null)
            {
                return [];
            }

            byOrdinal[parameter.Ordinal] = argument;
        }

        var arguments = new List<IArgumentOperation>(byOrdinal.Length);
        foreach (var argument in byOrdinal)
        {
            if (argument is null)
            {
                return [];
            }

            arguments.Add(argument);
        }

        return arguments;
    }

    /// <summary>The token at <paramref name="ordinal"/>, null when there is none or it is left out (its default).</summary>
    private static IOperation? Token(List<IArgumentOperation> arguments, int ordinal) =>
        arguments.Count > ordinal && arguments[ordinal].ArgumentKind == ArgumentKind.Explicit ? arguments[ordinal].Value : null;

    private static bool SameToken(IOperation? read, IOperation? write) =>
        read is null ? write is null : write is not null && LoopShape.IsStableReference(read) && OperationHelpers.SameStorage(read, write);

    private static bool SameConfigureAwait(IOperation? read, IOperation? write) =>
        read is null ? write is null : write is not null && read.ConstantValue.HasValue && Equals(read.ConstantValue.Value, write.ConstantValue.HasValue ? write.ConstantValue.Value : null);

    /// <summary>A method of <c>System.IO.Stream</c> or an override of one (not a <c>new</c> method of the same name).</summary>
    private static bool IsStreamMethod(IMethodSymbol method, WellKnownTypes types)
    {
        for (var current = method; current is not null; current = current.OverriddenMethod)
        {
            if (types.Is(current.ContainingType, WellKnownTypes.Stream))
            {
                return !method.IsStatic;
            }
        }

        return false;
    }

    private static bool IsZero(IOperation operation) => operation.ConstantValue is { HasValue: true, Value: 0 };

    /// <summary>The array of <c>buf</c> passed as a span or memory (an implicit conversion), or of <c>buf.AsSpan()</c>/<c>buf.AsMemory()</c>.</summary>
    private static IOperation? WholeArray(IOperation argument) => argument switch
    {
        IConversionOperation { IsImplicit: true, Operand: { Type: IArrayTypeSymbol } array } => array,
        IInvocationOperation { TargetMethod.Name: "AsSpan" or "AsMemory", Arguments.Length: 1 } whole when whole.Arguments[0].Value.WithoutImplicitConversion().Type is IArrayTypeSymbol => whole.Arguments[0].Value.WithoutImplicitConversion(),
        _ => null,
    };

    /// <summary><c>buf.AsSpan(0, n)</c> / <c>buf.AsMemory(0, n)</c> (converted to the read-only kind).</summary>
    private static (IOperation Buffer, IOperation Count)? Slice(IOperation argument, string method) =>
        (argument is IConversionOperation { IsImplicit: true } widening ? widening.Operand : argument) is IInvocationOperation { TargetMethod: { Name: var name, IsExtensionMethod: true }, Arguments.Length: 3 } slice &&
        name == method && slice.ArgumentFor(0)?.WithoutImplicitConversion() is { Type: IArrayTypeSymbol } buffer &&
        slice.ArgumentFor(1) is { } start && IsZero(start) && slice.ArgumentFor(2) is { } count
            ? (buffer, count) // by parameter: AsSpan(length: n, start: 0) lists the length first
            : null;

    /// <summary>Whether <paramref name="local"/> is referenced anywhere in <paramref name="root"/> outside <paramref name="loop"/> and its own declaration.</summary>
    private static bool UsedOutside(IOperation root, IOperation loop, ILocalSymbol local)
    {
        var span = loop.Syntax.Span;
        foreach (var operation in root.DescendantsAndSelf())
        {
            if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local) && !span.Contains(reference.Syntax.Span))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The statement declaring only <paramref name="local"/> (<c>int n;</c>, or with a constant initializer when
    /// <paramref name="allowInitializer"/>), or null.
    /// </summary>
    private static LocalDeclarationStatementSyntax? Declaration(IOperation root, ILocalSymbol local, bool allowInitializer)
    {
        foreach (var operation in root.DescendantsAndSelf())
        {
            if (operation is IVariableDeclarationGroupOperation { Declarations.Length: 1 } group &&
                group.Declarations[0] is { Declarators.Length: 1, Initializer: null } declaration &&
                declaration.Declarators[0] is var declarator && SymbolEqualityComparer.Default.Equals(declarator.Symbol, local))
            {
                return group.Syntax is LocalDeclarationStatementSyntax { UsingKeyword.RawKind: 0, AwaitKeyword.RawKind: 0 } statement &&
                       (declarator.Initializer is null || (allowInitializer && declarator.Initializer.Value.ConstantValue.HasValue))
                    ? statement
                    : null;
            }
        }

        return null;
    }

    /// <summary>The size of <c>var buf = new byte[size];</c> (a constant, a local or a parameter) and its declaration.</summary>
    private static (IOperation Size, LocalDeclarationStatementSyntax Declaration)? CreationSize(IOperation root, ILocalReferenceOperation reference)
    {
        var buffer = reference.Local;
        foreach (var operation in root.DescendantsAndSelf())
        {
            if (operation is IVariableDeclaratorOperation declarator && SymbolEqualityComparer.Default.Equals(declarator.Symbol, buffer))
            {
                return declarator.Initializer?.Value.WithoutImplicitConversion() is IArrayCreationOperation { DimensionSizes.Length: 1, Initializer: null } creation &&
                       creation.DimensionSizes[0].WithoutImplicitConversion() is var bare &&
                       (bare.ConstantValue is { HasValue: true, Value: int and > 0 } ||
                        (bare is ILocalReferenceOperation or IParameterReferenceOperation && LoopShape.IsCreationLength(bare, reference))) &&
                       declarator.Parent?.Parent?.Syntax is LocalDeclarationStatementSyntax { Declaration.Variables.Count: 1, UsingKeyword.RawKind: 0 } statement
                    ? (bare, statement)
                    : null;
            }
        }

        return null;
    }
}

/// <summary>What the PERF024 rewrite of one loop needs: its parts as written.</summary>
public sealed class StreamPump(
    StatementSyntax loop,
    ExpressionSyntax source,
    ExpressionSyntax destination,
    ExpressionSyntax bufferSize,
    bool bufferSizeIsArray,
    bool isAsync,
    ExpressionSyntax? token,
    ExpressionSyntax? configureAwait,
    LocalDeclarationStatementSyntax? bufferDeclaration,
    LocalDeclarationStatementSyntax? countDeclaration)
{
    public StatementSyntax Loop { get; } = loop;

    public ExpressionSyntax Source { get; } = source;

    public ExpressionSyntax Destination { get; } = destination;

    /// <summary>The buffer size: the read's count, the <c>size</c> of the removed <c>new byte[size]</c>, or the array itself (<see cref="BufferSizeIsArray"/>: write <c>.Length</c>).</summary>
    public ExpressionSyntax BufferSize { get; } = bufferSize;

    public bool BufferSizeIsArray { get; } = bufferSizeIsArray;

    public bool IsAsync { get; } = isAsync;

    public ExpressionSyntax? Token { get; } = token;

    public ExpressionSyntax? ConfigureAwait { get; } = configureAwait;

    /// <summary><c>var buf = new byte[size];</c> when only the loop reads the buffer: removed with it.</summary>
    public LocalDeclarationStatementSyntax? BufferDeclaration { get; } = bufferDeclaration;

    /// <summary><c>int n;</c> when only the loop reads the count: removed with it.</summary>
    public LocalDeclarationStatementSyntax? CountDeclaration { get; } = countDeclaration;
}
