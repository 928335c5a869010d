using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Arrays;

/// <summary>PERF014, writes: consecutive statements that store an integer byte by byte → <c>BinaryPrimitives.Write…</c>.</summary>
public sealed partial class PERF014UseBinaryPrimitivesAnalyzer
{
    // ---- Writes: b[i] = (byte)(v >> 24); b[i + 1] = (byte)(v >> 16); ... as consecutive statements ----

    private readonly struct Store
    {
        public Store(IOperation statement, IOperation source, IOperation? index, int offset, int shift, IOperation value, IOperation element)
        {
            Statement = statement;
            Source = source;
            Index = index;
            Offset = offset;
            Shift = shift;
            Value = value;
            Element = element;
        }

        public IOperation Statement { get; }

        public IOperation Source { get; }

        public IOperation? Index { get; }

        public int Offset { get; }

        public int Shift { get; }

        public IOperation Value { get; }

        public IOperation Element { get; }
    }

    /// <summary>
    /// An element of an array or span (<paramref name="context"/>'s operation) stored to by a statement of a block: when
    /// that statement begins a run of stores, the run. A statement begins one unless the statement before it is a store
    /// of the same value into the same buffer at the same index variable (then it belongs to that statement's run).
    /// </summary>
    private static void AnalyzeStore(OperationAnalysisContext context, PerfCompilation compilation, Api api, INamedTypeSymbol span)
    {
        var element = context.Operation;
        if (element.Parent is not ISimpleAssignmentOperation { Parent: IExpressionStatementOperation { Parent: IBlockOperation block } statement } assignment ||
            assignment.Target != element)
        {
            return;
        }

        // The store's own test first: the statement's place in the block is looked up only for a store of the shape.
        if (!TryParseStore(statement, span, out var store))
        {
            return;
        }

        var statements = block.Operations;
        var i = statements.IndexOf(statement);
        if (i < 0 || (i > 0 && TryParseStore(statements[i - 1], span, out var previous) && InSameRun(store, previous)))
        {
            return;
        }

        var run = new List<Store> { store };
        for (var j = i + 1; j < statements.Length && TryParseStore(statements[j], span, out var next) && InSameRun(next, store); j++)
        {
            run.Add(next);
        }

        ReportWrite(context, compilation, run, api);
    }

    /// <summary>The same value into the same buffer at the same index variable (offsets and shifts may differ).</summary>
    private static bool InSameRun(Store next, Store first) =>
        SameSource(next.Source, first.Source) && SameIndex(next.Index, first.Index) && OperationHelpers.SameStorage(next.Value, first.Value);

    private static bool TryParseStore(IOperation statement, INamedTypeSymbol span, out Store store)
    {
        store = default;
        if (statement is not IExpressionStatementOperation { Operation: ISimpleAssignmentOperation { Target: var target, Value: var value } } ||
            target.Type?.SpecialType != SpecialType.System_Byte ||
            value is not IConversionOperation { IsImplicit: false, IsChecked: false, OperatorMethod: null, Operand: var converted })
        {
            return false;
        }

        if (!TryGetElement(target, span, readOnlySpan: null, out var source, out var indexOperation))
        {
            return false;
        }

        // (byte)(v >> k), (byte)((v >> k) & 0xFF), (byte)v; v promoted to int for the shift is fine (only its own bytes are taken).
        var current = converted;
        if (current is IBinaryOperation { OperatorKind: BinaryOperatorKind.And, OperatorMethod: null } mask &&
            mask.RightOperand.ConstantValue is { HasValue: true } maskValue && TryGetBits(maskValue.Value, out var maskBits) && maskBits == 0xFF)
        {
            current = mask.LeftOperand;
        }

        var shift = 0;
        if (current is IBinaryOperation { OperatorKind: BinaryOperatorKind.RightShift or BinaryOperatorKind.UnsignedRightShift, OperatorMethod: null, RightOperand.ConstantValue: { HasValue: true, Value: int k } } shifted)
        {
            shift = k;
            current = shifted.LeftOperand;
        }

        while (current is IConversionOperation { IsImplicit: true, OperatorMethod: null } promotion)
        {
            current = promotion.Operand;
        }

        var width = Width(current.Type?.SpecialType ?? SpecialType.None);
        if (width < 2 || current.Type!.SpecialType == SpecialType.System_Char || shift % 8 != 0 || shift < 0 || shift >= 8 * width ||
            current is not (ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation) || !current.IsSideEffectFree() ||
            !source.IsSideEffectFree() || !Split(indexOperation, out var index, out var offset))
        {
            return false;
        }

        store = new Store(statement, source, index, offset, shift, current, target);
        return true;
    }

    private static void ReportWrite(OperationAnalysisContext context, PerfCompilation compilation, List<Store> run, Api api)
    {
        var value = run[0].Value;
        var width = Width(value.Type!.SpecialType);
        if (run.Count != width)
        {
            return;
        }

        var sorted = new List<Store>(run);
        sorted.Sort((a, b) => a.Offset.CompareTo(b.Offset));
        var bigEndian = true;
        var littleEndian = true;
        for (var j = 0; j < width; j++)
        {
            if (sorted[j].Offset != sorted[0].Offset + j)
            {
                return;
            }

            bigEndian &= sorted[j].Shift == 8 * (width - 1 - j);
            littleEndian &= sorted[j].Shift == 8 * j;
        }

        var isArray = sorted[0].Source.Type is IArrayTypeSymbol;
        var name = "Write" + TypeName(value.Type.SpecialType) + (bigEndian ? "BigEndian" : "LittleEndian");
        if (bigEndian == littleEndian || isArray && !api.HasAsSpan || api.BinaryPrimitives is not { } binaryPrimitives || binaryPrimitives.GetMembers(name).IsEmpty)
        {
            return;
        }

        var first = sorted[0].Element;
        var start = first is IArrayElementReferenceOperation element ? element.Indices[0].Syntax.ToString() : ((IPropertyReferenceOperation)first).Arguments[0].Value.Syntax.ToString();
        var slice = SliceText(sorted[0].Source, start, isArray);
        var tree = run[0].Statement.Syntax.SyntaxTree;
        var location = Location.Create(tree, Microsoft.CodeAnalysis.Text.TextSpan.FromBounds(run[0].Statement.Syntax.SpanStart, run[run.Count - 1].Statement.Syntax.Span.End));
        Report(
            context,
            compilation,
            location,
            ImmutableDictionary<string, string?>.Empty
                .Add(DiagnosticProperties.Shape, ShapeWrite)
                .Add(MethodKey, name)
                .Add(SourceKey, isArray ? "Array" : "Span")
                .Add(FirstKey, first.Syntax.SpanStart.ToString(System.Globalization.CultureInfo.InvariantCulture))
                .Add(ValueKey, SpanText(value.Syntax)),
            $"These statements store '{value.Syntax}' into {width} bytes one at a time",
            $"BinaryPrimitives.{name}({slice}, {value.Syntax})");
    }
}
