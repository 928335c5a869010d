using System;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF015: <c>Array.Clear(a, 0, a.Length)</c> where <c>Array.Clear(a)</c> exists, and <c>for</c> and <c>while</c> loops
/// whose whole body stores one invariant value into every element of an array or span, or of a contiguous range of one
/// (PERF015UseClearOrFillAnalyzer.Ranges.cs), which one vectorized <c>Clear</c> or <c>Fill</c> call does. See docs/rules/PERF015.md.
/// </summary>
public sealed partial class PERF015UseClearOrFillAnalyzer : PerfAnalyzer
{
    /// <summary>Diagnostic property for <see cref="ShapeArrayFill"/>: the element type, fully qualified, when the value needs converting to it.</summary>
    public const string ElementTypeKey = "ElementType";

    /// <summary><c>Array.Clear(a, 0, a.Length)</c> → <c>Array.Clear(a)</c>.</summary>
    public const string ShapeDropRange = "DropRange";

    /// <summary>Loop → <c>Array.Clear(a)</c>.</summary>
    public const string ShapeArrayClear = "ArrayClear";

    /// <summary>Loop → <c>Array.Clear(a, 0, a.Length)</c> (targets before .NET 6).</summary>
    public const string ShapeArrayClearRange = "ArrayClearRange";

    /// <summary>Loop → <c>Array.Fill(a, v)</c>.</summary>
    public const string ShapeArrayFill = "ArrayFill";

    /// <summary>Loop → <c>s.Clear()</c>.</summary>
    public const string ShapeSpanClear = "SpanClear";

    /// <summary>Loop → <c>s.Fill(v)</c>.</summary>
    public const string ShapeSpanFill = "SpanFill";

    /// <summary>A clearing loop right after <c>a = new T[n]</c>: the new array is already zero, so the fix deletes the loop.</summary>
    public const string ShapeDeleteLoop = "DeleteLoop";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF015.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // Resolved at the first loop or call named Clear (PerfCompilation.Later).
        var symbols = compilation.Later(() => Symbols.Resolve(compilation));

        // Only calls named Clear reach this handler: the dispatcher reads each call's name once for every rule.
        context.RegisterInvocationAction(
            c =>
            {
                if (symbols.Value is { HasClearWhole: true, ClearRange: not null } apis)
                {
                    AnalyzeClearCall(c, apis);
                }
            },
            "Clear");
        context.RegisterOperationAction(c => AnalyzeLoop(c, symbols.Value), OperationKind.Loop);
    }

    /// <summary>What the compilation offers: <c>Array.Clear(Array)</c> (.NET 6+), <c>Array.Fill&lt;T&gt;</c> (.NET Core 2.0+), spans.</summary>
    private sealed class Symbols
    {
        public PerfCompilation Perf = null!;
        public INamedTypeSymbol Array = null!;
        public IMethodSymbol? ClearRange;
        public bool HasClearWhole;
        public bool HasFill;

        /// <summary><c>Array.Fill&lt;T&gt;(T[], T, int, int)</c>.</summary>
        public bool HasFillRange;

        /// <summary>Array.Fill and Span.Fill are vectorized for every primitive from .NET 6 (before, a plain loop for most types).</summary>
        public bool FillIsVectorized;
        public INamedTypeSymbol? Span;

        public static Symbols Resolve(PerfCompilation perf)
        {
            var apis = new Symbols
            {
                Perf = perf,
                Array = perf.Compilation.GetSpecialType(SpecialType.System_Array),
                Span = perf.Types.Get(WellKnownTypes.SpanOfT),
                FillIsVectorized = perf.TargetFramework.IsNetCoreAtLeast(6),
            };
            foreach (var member in apis.Array.GetMembers("Clear"))
            {
                if (member is IMethodSymbol { IsStatic: true, DeclaredAccessibility: Accessibility.Public } clear)
                {
                    if (clear.Parameters.Length == 3)
                    {
                        apis.ClearRange = clear;
                    }
                    else if (clear.Parameters.Length == 1)
                    {
                        apis.HasClearWhole = true;
                    }
                }
            }

            foreach (var member in apis.Array.GetMembers("Fill"))
            {
                if (member is IMethodSymbol { IsStatic: true, IsGenericMethod: true, DeclaredAccessibility: Accessibility.Public } fill)
                {
                    apis.HasFill |= fill.Parameters.Length == 2;
                    apis.HasFillRange |= fill.Parameters.Length == 4;
                }
            }

            return apis;
        }
    }

    /// <summary>
    /// <c>for (int i = 0; i &lt; a.Length; i++) a[i] = v;</c> → <c>Array.Fill(a, v)</c>, <c>Array.Clear(a)</c>, <c>s.Fill(v)</c>,
    /// <c>s.Clear()</c>; forward loops over part of the array or span, and <c>while</c> loops, go to <see cref="AnalyzeRange"/>.
    /// </summary>
    private static void AnalyzeLoop(OperationAnalysisContext context, Symbols apis)
    {
        if (context.Operation is IWhileLoopOperation { Syntax: WhileStatementSyntax whileSyntax } whileLoop)
        {
            AnalyzeWhile(context, apis, whileLoop, whileSyntax);
            return;
        }

        if (context.Operation is not IForLoopOperation { Syntax: ForStatementSyntax syntax } loop ||
            loop.Before.Length != 1 ||
            loop.AtLoopBottom.Length != 1 ||
            loop.Condition is not IBinaryOperation condition ||
            LoopShape.Single(loop.Body) is not IExpressionStatementOperation { Operation: ISimpleAssignmentOperation store } ||
            loop.Locals.Length != 1 ||
            loop.Locals[0] is not { Type.SpecialType: SpecialType.System_Int32 } index)
        {
            return;
        }

        // Every element once: int i = 0; i < X.Length; i++ (or ++i, i += 1), or backwards,
        // int i = X.Length - 1; i >= 0; i-- (or i > -1, --i, i -= 1). The order of the stores cannot be observed.
        // Anything else going up or down by one is a range: AnalyzeRange.
        var header = TextSpan.FromBounds(syntax.ForKeyword.SpanStart, syntax.CloseParenToken.Span.End);
        var forward = LoopShape.IsStep(loop.AtLoopBottom[0], index, forward: true);
        void Range()
        {
            if (forward)
            {
                AnalyzeRange(context, apis, syntax, header, index, LoopShape.Start(loop.Before[0], index), false, LoopShape.ForwardBound(condition, index), store, postStep: null);
            }
            else if (LoopShape.IsStep(loop.AtLoopBottom[0], index, forward: false) && LoopShape.Start(loop.Before[0], index) is { } first &&
                     LoopShape.BackwardBound(condition, index) is ({ } lower, var after))
            {
                // Going down from first to lower: the range [lower, first], or [lower + 1, first] for i > lower.
                AnalyzeRange(context, apis, syntax, header, index, lower, after, LoopShape.LastIndex(first), store, postStep: null);
            }
        }

        IOperation length;
        if (forward && LoopShape.UpperBound(condition, index) is { } bound && LoopShape.StartsAtZero(loop.Before[0], index))
        {
            length = bound; // i < X.Length, or X.Length > i
        }
        else if (LoopShape.StartsAtLastIndex(loop.Before[0], index) is { } last && LoopShape.IsNonNegativeTest(condition, index) && LoopShape.IsStep(loop.AtLoopBottom[0], index, forward: false))
        {
            length = last;
        }
        else
        {
            Range();
            return;
        }

        // X[i] = value, X an array or a span read without side effects, value invariant.
        IOperation target;
        ITypeSymbol elementType;
        bool isSpan;
        switch (store.Target)
        {
            case IArrayElementReferenceOperation { Indices.Length: 1 } element when
                element.ArrayReference.Type is IArrayTypeSymbol { IsSZArray: true } arrayType &&
                LoopShape.IsLocal(element.Indices[0], index):
                (target, elementType, isSpan) = (OperationHelpers.WithoutImplicitConversion(element.ArrayReference), arrayType.ElementType, false);
                break;
            case IPropertyReferenceOperation { Property.IsIndexer: true, Arguments.Length: 1, Instance: { } instance } indexer when
                apis.Span is not null &&
                instance.Type is INamedTypeSymbol spanType &&
                SymbolEqualityComparer.Default.Equals(spanType.OriginalDefinition, apis.Span) &&
                LoopShape.IsLocal(indexer.Arguments[0].Value, index):
                (target, elementType, isSpan) = (instance, spanType.TypeArguments[0], true);
                break;
            default:
                Range();
                return;
        }

        var value = store.Value;
        // The invariant value first: IsCreationLength reads the whole method body, and most loops of this shape store
        // something computed from the index (SharpZipLib's tables).
        if (!LoopShape.IsStableReference(target) || !IsInvariant(value, index))
        {
            return;
        }

        if (!(LoopShape.IsLengthOf(length, target) || LoopShape.IsCreationLength(length, target)))
        {
            Range();
            return;
        }

        var name = target.Syntax.ToString();
        var isDefault = IsDefaultValue(value, elementType);
        string shape, replacement;
        string? typeArgument = null;
        if (!isDefault && !apis.FillIsVectorized)
        {
            return;
        }

        if (isDefault && !isSpan && CreatedJustBefore(syntax, name) is { } creation)
        {
            // Nothing to call: the loop stores zeros into an array that was created zeroed one statement earlier.
            (shape, replacement) = (ShapeDeleteLoop, $"nothing: '{name}' was just created by '{creation}' and is already all zeros");
        }
        else if (WholeShape(apis, isDefault, isSpan, name, value, elementType, out typeArgument) is ({ } wholeShape, { } wholeReplacement))
        {
            (shape, replacement) = (wholeShape, wholeReplacement);
        }
        else
        {
            return;
        }

        Report(d => ProfileGate.Report(context.ReportDiagnostic, d, context.ContainingSymbol, context.Compilation, context.Options), context.Options, apis, context.Operation.SemanticModel, Location.Create(syntax.SyntaxTree, header), "this loop", replacement, shape, typeArgument);
    }

    /// <summary>
    /// <c>int i = start; while (i &lt; end) { X[i] = v; i++; }</c> (or <c>X[i++] = v;</c>, <c>++i</c>, <c>i += 1</c>, and going
    /// down: <c>while (i &gt;= first) X[i--] = v;</c>), where the index is declared right before the loop and not read after
    /// it: the same range as the <c>for</c> loop.
    /// </summary>
    private static void AnalyzeWhile(OperationAnalysisContext context, Symbols apis, IWhileLoopOperation loop, WhileStatementSyntax syntax)
    {
        if (LoopShape.IndexDeclaredJustBefore(loop) is not ({ } index, _, { } start))
        {
            return;
        }

        ISimpleAssignmentOperation store;
        OperationKind? postStep = null;
        bool forward;
        switch (loop.Body)
        {
            case IBlockOperation { Operations.Length: 2, Locals.Length: 0 } block
                when block.Operations[0] is IExpressionStatementOperation { Operation: ISimpleAssignmentOperation first }:
                forward = LoopShape.IsStep(block.Operations[1], index, forward: true);
                if (!forward && !LoopShape.IsStep(block.Operations[1], index, forward: false))
                {
                    return;
                }

                store = first;
                break;
            case var body when LoopShape.Single(body) is IExpressionStatementOperation { Operation: ISimpleAssignmentOperation only }:
                // a[i++] = v or a[i--] = v: RangeElement checks that the step is the index's own.
                postStep = IndexOf(only.Target) is IIncrementOrDecrementOperation { IsPostfix: true } step ? step.Kind : null;
                if (postStep is null)
                {
                    return;
                }

                (store, forward) = (only, postStep == OperationKind.Increment);
                break;
            default:
                return;
        }

        if (store.Value.References(index))
        {
            return;
        }

        var header = TextSpan.FromBounds(syntax.WhileKeyword.SpanStart, syntax.CloseParenToken.Span.End);
        if (forward)
        {
            AnalyzeRange(context, apis, syntax, header, index, start, false, LoopShape.ForwardBound(loop.Condition, index), store, postStep);
        }
        else if (LoopShape.BackwardBound(loop.Condition, index) is ({ } lower, var after))
        {
            AnalyzeRange(context, apis, syntax, header, index, lower, after, LoopShape.LastIndex(start), store, postStep);
        }
    }

    /// <summary>The index operation of an element reference (array or indexer), without implicit conversions.</summary>
    private static IOperation? IndexOf(IOperation target) => target switch
    {
        IArrayElementReferenceOperation { Indices.Length: 1 } element => OperationHelpers.WithoutImplicitConversion(element.Indices[0]),
        IPropertyReferenceOperation { Property.IsIndexer: true, Arguments.Length: 1 } indexer => OperationHelpers.WithoutImplicitConversion(indexer.Arguments[0].Value),
        _ => null,
    };

    /// <summary>The shape and message text of a loop over the whole array or span; null where no call can replace it.</summary>
    private static (string Shape, string Replacement)? WholeShape(Symbols apis, bool isDefault, bool isSpan, string name, IOperation value, ITypeSymbol elementType, out string? typeArgument)
    {
        typeArgument = null;
        string shape, replacement;
        if (isSpan)
        {
            (shape, replacement) = isDefault ? (ShapeSpanClear, $"{name}.Clear()") : (ShapeSpanFill, $"{name}.Fill({ValueText(value)})");
        }
        else if (isDefault)
        {
            // Where some leg of a multi-targeted project lacks Array.Clear(Array), the three-argument form (on every
            // leg, and as fast but for one range check) is written instead of an #if.
            (shape, replacement) = apis.HasClearWhole && (apis.Perf.Legs.IsEmpty || apis.Perf.Legs.All(ApiAvailability.Net6.IsAvailableOn))
                ? (ShapeArrayClear, $"Array.Clear({name})")
                : (ShapeArrayClearRange, $"Array.Clear({name}, 0, {name}.Length)");
        }
        else if (apis.HasFill)
        {
            // Array.Fill<T> stores with the array's own covariance checks, so it is safe for any element type. When the
            // value converts to the element type (a byte array filled with 0xFF), the type argument is written out.
            shape = ShapeArrayFill;
            var converted = value is IConversionOperation { IsImplicit: true };
            typeArgument = converted ? elementType.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat) : null;
            replacement = converted
                ? $"Array.Fill<{elementType.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat)}>({name}, {ValueText(value)})"
                : $"Array.Fill({name}, {ValueText(value)})";
        }
        else
        {
            return null;
        }

        return (shape, replacement);
    }

    /// <summary>
    /// The <c>new T[n]</c> (no initializer) the statement right before the loop stores into <paramref name="name"/>:
    /// <c>var a = new T[n];</c>, <c>T[] a = new T[n];</c> or <c>a = new T[n];</c>.
    /// </summary>
    private static string? CreatedJustBefore(ForStatementSyntax loop, string name)
    {
        if (loop.Parent is not BlockSyntax block || block.Statements.IndexOf(loop) is var index && index < 1)
        {
            return null;
        }

        ExpressionSyntax? value = block.Statements[index - 1] switch
        {
            LocalDeclarationStatementSyntax { Declaration.Variables: { Count: 1 } variables } when variables[0].Identifier.ValueText == name => variables[0].Initializer?.Value,
            ExpressionStatementSyntax { Expression: AssignmentExpressionSyntax { RawKind: (int)SyntaxKind.SimpleAssignmentExpression } assignment } when assignment.Left.ToString() == name => assignment.Right,
            _ => null,
        };
        return value is ArrayCreationExpressionSyntax { Initializer: null } creation ? creation.ToString() : null;
    }

    private static void Report(Action<Diagnostic> report, AnalyzerOptions options, Symbols apis, SemanticModel? model, Location location, string code, string replacement, string shape, string? elementType,
        ImmutableDictionary<string, string?>? range = null)
    {
        var properties = (range ?? ImmutableDictionary<string, string?>.Empty).Add(DiagnosticProperties.Shape, shape);
        if (elementType is not null)
        {
            properties = properties.Add(ElementTypeKey, elementType);
        }

        // Array.Clear(Array) is .NET 6+, Array.Fill .NET Core 2.0+ / .NET Standard 2.1; the span and three-argument
        // forms exist wherever the code compiles.
        // Dropping the range of Array.Clear saves a few range checks: not worth an #if, so it is not reported where some
        // leg lacks Array.Clear(Array) (a clearing loop becomes the three-argument call there, see AnalyzeLoop).
        if (shape == ShapeDropRange && !apis.Perf.Legs.IsEmpty && !apis.Perf.Legs.All(ApiAvailability.Net6.IsAvailableOn))
        {
            return;
        }

        var api = shape switch
        {
            ShapeArrayFill or ShapeRangeArrayFill => ApiAvailability.NetCore20OrNetStandard21,
            ShapeRangeAsSpanFill => ApiAvailability.NetCore21OrNetStandard21,
            _ => null,
        };
        if (api is not null && !MultiTargeting.Allows(apis.Perf, options, location.SourceTree!, Rules.PERF015.Id, api, ref properties))
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (location.SourceTree is { } tree && !ColdPath.Allows(options, tree.GetRoot().FindNode(location.SourceSpan), model, Rules.PERF015.Id, default))
        {
            return;
        }

        report(Diagnostic.Create(
            Rules.PERF015.Descriptor,
            location,
            properties,
            code,
            shape == ShapeDeleteLoop ? replacement
            : range is { Count: > 0 } ? $"'{replacement}', which clears or fills the range in one vectorized call"
            : $"'{replacement}', which clears or fills the whole array or span in one vectorized call"));
    }

    private static string ValueText(IOperation value) =>
        (value is IConversionOperation { IsImplicit: true } conversion ? conversion.Operand : value).Syntax.ToString();

    /// <summary>The same value on every iteration, read without side effects, and not the loop index.</summary>
    private static bool IsInvariant(IOperation value, ILocalSymbol index)
    {
        if (OperationHelpers.WithoutImplicitConversion(value) is IDefaultValueOperation)
        {
            return true;
        }

        return value.IsSideEffectFree() && !value.References(index);
    }

    /// <summary>
    /// The element type's default bits: integral or char zero, false, null, <c>default</c>, +0.0. Not -0.0 and not a
    /// decimal zero with a scale (<c>0.0m</c> prints differently from <c>default(decimal)</c>), which Clear would change.
    /// </summary>
    private static bool IsDefaultValue(IOperation value, ITypeSymbol elementType)
    {
        if (value is IDefaultValueOperation || OperationHelpers.WithoutImplicitConversion(value) is IDefaultValueOperation)
        {
            return true;
        }

        if (!value.ConstantValue.HasValue)
        {
            return false;
        }

        return value.ConstantValue.Value switch
        {
            null => !elementType.IsValueType || elementType.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T,
            bool b => !b,
            char c => c == '\0',
            byte or sbyte or short or ushort or int or uint or long or ulong => System.Convert.ToDecimal(value.ConstantValue.Value, System.Globalization.CultureInfo.InvariantCulture) == 0,
            double d => System.BitConverter.DoubleToInt64Bits(d) == 0,
            float f => System.BitConverter.DoubleToInt64Bits(f) == 0,
            _ => false,
        };
    }
}
