using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Infrastructure;

namespace PerfAnalyzers.Arrays;

/// <summary>
/// PERF014: a shift/or tree that assembles an integer from 2, 4 or 8 consecutive bytes of a byte array or span, in
/// either byte order (<c>(b[i] &lt;&lt; 24) | (b[i + 1] &lt;&lt; 16) | (b[i + 2] &lt;&lt; 8) | b[i + 3]</c>): one
/// <c>BinaryPrimitives.Read…</c> call does the same with one load (and a byte swap when needed). Also the reverse
/// statements that store an integer byte by byte (<c>Write…</c>), hand-written byte swaps of a value, and
/// <c>BitConverter.GetBytes</c> + <c>Array.Reverse</c> + <c>BitConverter.ToInt32</c> (<c>ReverseEndianness</c>).
/// See docs/rules/PERF014.md.
/// </summary>
[DiagnosticAnalyzer(Microsoft.CodeAnalysis.LanguageNames.CSharp)]
public sealed class PERF014UseBinaryPrimitivesAnalyzer : PerfAnalyzer
{
    /// <summary>Diagnostic property: <see cref="ShapeRead"/>, <see cref="ShapeWrite"/>, <see cref="ShapeSwap"/> or <see cref="ShapeBitConverter"/>.</summary>
    public const string ShapeKey = "Shape";

    public const string ShapeRead = "Read";

    public const string ShapeWrite = "Write";

    public const string ShapeSwap = "Swap";

    public const string ShapeBitConverter = "BitConverter";

    /// <summary>Diagnostic property (write, swap, BitConverter): "start:length" of the value's syntax.</summary>
    public const string ValueKey = "Value";

    /// <summary>Diagnostic property (BitConverter): "true" when the reverse is under <c>if (BitConverter.IsLittleEndian)</c>.</summary>
    public const string ConditionalKey = "Conditional";

    /// <summary>Diagnostic property: the BinaryPrimitives method name.</summary>
    public const string MethodKey = "Method";

    /// <summary>Diagnostic property: "Array" (needs AsSpan) or "Span" (needs Slice).</summary>
    public const string SourceKey = "Source";

    /// <summary>Diagnostic property: source position of the element access with the lowest index.</summary>
    public const string FirstKey = "First";

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF014UseBinaryPrimitives);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        if (compilation.Types.Get(WellKnownTypes.BinaryPrimitives) is not { } binaryPrimitives ||
            compilation.Types.Get(WellKnownTypes.ReadOnlySpanOfT) is not { } readOnlySpan)
        {
            return;
        }

        var span = compilation.Types.Get(WellKnownTypes.SpanOfT);
        var hasAsSpan = compilation.Types.Get(WellKnownTypes.MemoryExtensions) is { } memoryExtensions && !memoryExtensions.GetMembers("AsSpan").IsEmpty;
        var expressionOfT = compilation.Types.Get(WellKnownTypes.ExpressionOfT);
        context.RegisterOperationAction(c => Analyze(c, compilation, binaryPrimitives, readOnlySpan, span, hasAsSpan, expressionOfT), OperationKind.Binary);
        if (span is not null)
        {
            context.RegisterOperationAction(c => AnalyzeWrites(c, compilation, binaryPrimitives, span, hasAsSpan), OperationKind.Block);
        }

        if (compilation.Types.Get("System.BitConverter") is { } bitConverter && compilation.Types.Get("System.Array") is { } array &&
            !binaryPrimitives.GetMembers("ReverseEndianness").IsEmpty)
        {
            context.RegisterOperationAction(c => AnalyzeBitConverter(c, compilation, bitConverter, array), OperationKind.Block);
        }
    }

    /// <summary>
    /// Reports a finding; <c>BinaryPrimitives</c> is .NET Core 2.1+ / .NET Standard 2.1, so in a multi-targeted project
    /// whose other legs lack it the fix keeps the old code for them behind <c>#if</c> (or, with
    /// <c>perf_analyzers.multi_targeting = all_legs</c>, nothing is reported).
    /// </summary>
    private static void Report(OperationAnalysisContext context, PerfCompilation compilation, Location location, ImmutableDictionary<string, string?> properties, params object[] arguments) =>
        Report(context, compilation, location, null, properties, arguments);

    private static void Report(OperationAnalysisContext context, PerfCompilation compilation, Location location, IEnumerable<Location>? additionalLocations, ImmutableDictionary<string, string?> properties, params object[] arguments)
    {
        if (MultiTargeting.Allows(compilation, context.Options, location.SourceTree!, Rules.PERF014UseBinaryPrimitives.Id, ApiAvailability.NetCore21OrNetStandard21, ref properties))
        {
            context.ReportDiagnostic(Diagnostic.Create(Rules.PERF014UseBinaryPrimitives, location, additionalLocations, properties, arguments));
        }
    }

    private readonly struct Piece
    {
        public Piece(IOperation source, IOperation index, int offset, int shift, IOperation element)
        {
            Source = source;
            Index = index;
            Offset = offset;
            Shift = shift;
            Element = element;
        }

        public IOperation Source { get; }

        /// <summary>The variable part of the index (null for a constant index).</summary>
        public IOperation Index { get; }

        public int Offset { get; }

        public int Shift { get; }

        public IOperation Element { get; }
    }

    private static void Analyze(OperationAnalysisContext context, PerfCompilation compilation, INamedTypeSymbol binaryPrimitives, INamedTypeSymbol readOnlySpan, INamedTypeSymbol? span, bool hasAsSpan, INamedTypeSymbol? expressionOfT)
    {
        var root = (IBinaryOperation)context.Operation;
        if (!IsCombine(root) || IsCombine(Unwrap(root.Parent)) || root.Type is not { } resultType)
        {
            // Only the top of a tree: its parent is not another | or +.
            return;
        }

        var pieces = new List<Piece>();
        if (!Collect(root, pieces, readOnlySpan, span) || pieces.Count is not (2 or 4 or 8))
        {
            AnalyzeSwap(context, compilation, root, binaryPrimitives, expressionOfT);
            return;
        }

        var count = pieces.Count;
        pieces.Sort((a, b) => a.Offset.CompareTo(b.Offset));
        var first = pieces[0];
        var bigEndian = true;
        var littleEndian = true;
        for (var j = 0; j < count; j++)
        {
            var piece = pieces[j];
            if (piece.Offset != first.Offset + j ||
                !SameSource(piece.Source, first.Source) ||
                !SameIndex(piece.Index, first.Index))
            {
                return;
            }

            bigEndian &= piece.Shift == 8 * (count - 1 - j);
            littleEndian &= piece.Shift == 8 * j;
        }

        if (bigEndian == littleEndian)
        {
            // Neither order (or a single byte).
            return;
        }

        // The exact method by width and the result's signedness; narrower reads are zero-extended like the tree.
        var method = (count, resultType.SpecialType) switch
        {
            (2, SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64 or SpecialType.System_UInt64) => "UInt16",
            (4, SpecialType.System_Int32) => "Int32",
            (4, SpecialType.System_UInt32 or SpecialType.System_Int64 or SpecialType.System_UInt64) => "UInt32",
            (8, SpecialType.System_Int64) => "Int64",
            (8, SpecialType.System_UInt64) => "UInt64",
            _ => null,
        };
        var isArray = first.Source.Type is IArrayTypeSymbol;
        if (method is null || isArray && !hasAsSpan || root.IsInsideExpressionTree(expressionOfT))
        {
            return;
        }

        var name = "Read" + method + (bigEndian ? "BigEndian" : "LittleEndian");
        if (binaryPrimitives.GetMembers(name).IsEmpty)
        {
            return;
        }

        var start = first.Element is IArrayElementReferenceOperation element ? element.Indices[0].Syntax.ToString() : ((IPropertyReferenceOperation)first.Element).Arguments[0].Value.Syntax.ToString();
        var slice = SliceText(first.Source, start, isArray);
        Report(
            context,
            compilation,
            root.Syntax.GetLocation(),
            ImmutableDictionary<string, string?>.Empty
                .Add(ShapeKey, ShapeRead)
                .Add(MethodKey, name)
                .Add(SourceKey, isArray ? "Array" : "Span")
                .Add(FirstKey, first.Element.Syntax.SpanStart.ToString(System.Globalization.CultureInfo.InvariantCulture)),
            $"This expression assembles an integer from {count} bytes one at a time",
            $"BinaryPrimitives.{name}({slice})");
    }

    /// <summary><c>|</c>, or <c>+</c> (its pieces never overlap here: each is a distinct byte position).</summary>
    private static bool IsCombine(IOperation? operation) =>
        operation is IBinaryOperation { OperatorKind: BinaryOperatorKind.Or or BinaryOperatorKind.Add, OperatorMethod: null, IsChecked: false };

    private static IOperation? Unwrap(IOperation? operation) =>
        operation is IConversionOperation { IsImplicit: true } conversion ? conversion.Parent : operation;

    private static bool Collect(IOperation operation, List<Piece> pieces, INamedTypeSymbol readOnlySpan, INamedTypeSymbol? span)
    {
        if (pieces.Count > 8)
        {
            return false;
        }

        if (IsCombine(operation))
        {
            var binary = (IBinaryOperation)operation;
            return Collect(binary.LeftOperand, pieces, readOnlySpan, span) && Collect(binary.RightOperand, pieces, readOnlySpan, span);
        }

        // [conversion] (byte << k) or [conversion] byte; the shift must happen in a type wide enough for its bits.
        var shift = 0;
        var current = StripWidening(operation);
        if (current is IBinaryOperation { OperatorKind: BinaryOperatorKind.LeftShift, OperatorMethod: null, RightOperand.ConstantValue: { HasValue: true, Value: int k } } shifted)
        {
            if (k <= 0 || k % 8 != 0 || shifted.Type is null || k + 8 > 8 * Width(shifted.Type.SpecialType))
            {
                return false;
            }

            shift = k;
            current = StripWidening(shifted.LeftOperand);
        }

        if (current.Type?.SpecialType != SpecialType.System_Byte)
        {
            return false;
        }

        if (!TryGetElement(current, span, readOnlySpan, out var source, out var indexOperation) ||
            !source.IsSideEffectFree() || !Split(indexOperation, out var index, out var offset))
        {
            return false;
        }

        pieces.Add(new Piece(source, index!, offset, shift, current));
        return true;
    }

    /// <summary>
    /// An element of a byte buffer: <c>a[i]</c> on a single-dimensional array, or the indexer of <paramref name="span"/>
    /// or <paramref name="readOnlySpan"/> (either may be null: stores are written through arrays and spans only).
    /// </summary>
    private static bool TryGetElement(IOperation element, INamedTypeSymbol? span, INamedTypeSymbol? readOnlySpan, out IOperation source, out IOperation index)
    {
        switch (element)
        {
            case IArrayElementReferenceOperation { Indices.Length: 1 } array when array.ArrayReference.Type is IArrayTypeSymbol { IsSZArray: true }:
                (source, index) = (array.ArrayReference, array.Indices[0]);
                return true;
            case IPropertyReferenceOperation { Property.IsIndexer: true, Arguments.Length: 1, Instance: { Type: INamedTypeSymbol spanType } instance } indexer when
                SymbolEqualityComparer.Default.Equals(spanType.OriginalDefinition, span) ||
                SymbolEqualityComparer.Default.Equals(spanType.OriginalDefinition, readOnlySpan):
                (source, index) = (instance, indexer.Arguments[0].Value);
                return true;
            default:
                (source, index) = (null!, null!);
                return false;
        }
    }

    /// <summary>An index as (variable part, constant offset): <c>i</c>, <c>i + 3</c>, <c>3 + i</c>, <c>7</c>.</summary>
    private static bool Split(IOperation index, out IOperation? variable, out int offset)
    {
        (variable, offset) = (null, 0);
        index = StripWidening(index);
        if (index.ConstantValue is { HasValue: true, Value: int constant })
        {
            offset = constant;
            return true;
        }

        if (index is IBinaryOperation { OperatorKind: BinaryOperatorKind.Add, OperatorMethod: null } add)
        {
            if (add.RightOperand.ConstantValue is { HasValue: true, Value: int right } && add.LeftOperand.IsSideEffectFree())
            {
                (variable, offset) = (add.LeftOperand, right);
                return true;
            }

            if (add.LeftOperand.ConstantValue is { HasValue: true, Value: int left } && add.RightOperand.IsSideEffectFree())
            {
                (variable, offset) = (add.RightOperand, left);
                return true;
            }

            return false;
        }

        if (index.IsSideEffectFree())
        {
            variable = index;
            return true;
        }

        return false;
    }

    private static IOperation StripWidening(IOperation operation)
    {
        while (operation is IConversionOperation { OperatorMethod: null, Operand.Type: { } from, Type: { } to } conversion &&
               Width(to.SpecialType) >= Width(from.SpecialType) && Width(from.SpecialType) > 0 &&
               IsUnsignedOrByte(from.SpecialType))
        {
            operation = conversion.Operand;
        }

        return operation;
    }

    /// <summary>Zero extension only: a byte or an unsigned value widened keeps its bits (a signed one would sign-extend).</summary>
    private static bool IsUnsignedOrByte(SpecialType type) =>
        type is SpecialType.System_Byte or SpecialType.System_UInt16 or SpecialType.System_UInt32 or SpecialType.System_UInt64;

    private static int Width(SpecialType type) => type switch
    {
        SpecialType.System_Byte or SpecialType.System_SByte => 1,
        SpecialType.System_Int16 or SpecialType.System_UInt16 or SpecialType.System_Char => 2,
        SpecialType.System_Int32 or SpecialType.System_UInt32 => 4,
        SpecialType.System_Int64 or SpecialType.System_UInt64 => 8,
        _ => 0,
    };

    private static bool SameSource(IOperation a, IOperation b) => SameValue(a, b);

    private static bool SameIndex(IOperation? a, IOperation? b) => a is null ? b is null : b is not null && SameValue(StripWidening(a), StripWidening(b));

    private static bool SameValue(IOperation a, IOperation b) => (a, b) switch
    {
        (ILocalReferenceOperation x, ILocalReferenceOperation y) => SymbolEqualityComparer.Default.Equals(x.Local, y.Local),
        (IParameterReferenceOperation x, IParameterReferenceOperation y) => SymbolEqualityComparer.Default.Equals(x.Parameter, y.Parameter),
        (IFieldReferenceOperation x, IFieldReferenceOperation y) => SymbolEqualityComparer.Default.Equals(x.Field, y.Field) &&
                                                                    (x.Instance is null ? y.Instance is null : y.Instance is not null && SameValue(x.Instance, y.Instance)),
        (IInstanceReferenceOperation, IInstanceReferenceOperation) => true,
        _ => false,
    };

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

    private static void AnalyzeWrites(OperationAnalysisContext context, PerfCompilation compilation, INamedTypeSymbol binaryPrimitives, INamedTypeSymbol span, bool hasAsSpan)
    {
        var block = (IBlockOperation)context.Operation;
        var statements = block.Operations;
        var i = 0;
        while (i < statements.Length)
        {
            context.CancellationToken.ThrowIfCancellationRequested();
            if (!TryParseStore(statements[i], span, out var store))
            {
                i++;
                continue;
            }

            // The run of stores of the same value into the same buffer at the same index variable.
            var run = new List<Store> { store };
            var j = i + 1;
            while (j < statements.Length && TryParseStore(statements[j], span, out var next) &&
                   SameSource(next.Source, store.Source) && SameIndex(next.Index, store.Index) && SameValue(next.Value, store.Value))
            {
                run.Add(next);
                j++;
            }

            ReportWrite(context, compilation, run, binaryPrimitives, hasAsSpan);
            i = j;
        }
    }

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

    private static void ReportWrite(OperationAnalysisContext context, PerfCompilation compilation, List<Store> run, INamedTypeSymbol binaryPrimitives, bool hasAsSpan)
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
        if (bigEndian == littleEndian || isArray && !hasAsSpan || binaryPrimitives.GetMembers(name).IsEmpty)
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
                .Add(ShapeKey, ShapeWrite)
                .Add(MethodKey, name)
                .Add(SourceKey, isArray ? "Array" : "Span")
                .Add(FirstKey, first.Syntax.SpanStart.ToString(System.Globalization.CultureInfo.InvariantCulture))
                .Add(ValueKey, SpanText(value.Syntax)),
            $"These statements store '{value.Syntax}' into {width} bytes one at a time",
            $"BinaryPrimitives.{name}({slice}, {value.Syntax})");
    }

    /// <summary>What the fix passes: the buffer itself from index 0 (an array converts to a span), else a slice.</summary>
    private static string SliceText(IOperation source, string start, bool isArray) =>
        start == "0" ? source.Syntax.ToString() : isArray ? $"{source.Syntax}.AsSpan({start})" : $"{source.Syntax}.Slice({start})";

    private static string TypeName(SpecialType type) => type switch
    {
        SpecialType.System_Int16 => "Int16",
        SpecialType.System_UInt16 => "UInt16",
        SpecialType.System_Int32 => "Int32",
        SpecialType.System_UInt32 => "UInt32",
        SpecialType.System_Int64 => "Int64",
        _ => "UInt64",
    };

    private static string SpanText(SyntaxNode node) =>
        node.Span.Start.ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + node.Span.Length.ToString(System.Globalization.CultureInfo.InvariantCulture);

    // ---- Byte swaps: (x >> 24) | ((x >> 8) & 0xFF00) | ((x << 8) & 0xFF0000) | (x << 24) ----

    private const int Zero = -1;
    private const int Unknown = -2;

    /// <summary>
    /// The top of an | / + tree (or the cast around it) whose bytes are exactly the bytes of one integer value in the
    /// reverse order: <c>BinaryPrimitives.ReverseEndianness(x)</c>.
    /// </summary>
    private static void AnalyzeSwap(OperationAnalysisContext context, PerfCompilation compilation, IBinaryOperation top, INamedTypeSymbol binaryPrimitives, INamedTypeSymbol? expressionOfT)
    {
        IOperation root = top.Parent is IConversionOperation { IsImplicit: false, IsChecked: false, OperatorMethod: null } cast ? cast : top;
        IOperation? leaf = null;
        var map = Map(root, ref leaf, depth: 0);
        if (map is null || leaf?.Type is not { } valueType || !SymbolEqualityComparer.Default.Equals(valueType, root.Type) ||
            map.Length < 2 || valueType.SpecialType == SpecialType.System_Char || root.IsInsideExpressionTree(expressionOfT))
        {
            return;
        }

        for (var j = 0; j < map.Length; j++)
        {
            if (map[j] != map.Length - 1 - j)
            {
                return;
            }
        }

        if (!HasReverseEndianness(binaryPrimitives, valueType))
        {
            return;
        }

        Report(
            context,
            compilation,
            root.Syntax.GetLocation(),
            ImmutableDictionary<string, string?>.Empty
                .Add(ShapeKey, ShapeSwap)
                .Add(MethodKey, "ReverseEndianness")
                .Add(ValueKey, SpanText(leaf.Syntax)),
            $"This expression reverses the {map.Length} bytes of '{leaf.Syntax}' by hand",
            $"BinaryPrimitives.ReverseEndianness({leaf.Syntax})");
    }

    private static bool HasReverseEndianness(INamedTypeSymbol binaryPrimitives, ITypeSymbol type)
    {
        foreach (var member in binaryPrimitives.GetMembers("ReverseEndianness"))
        {
            if (member is IMethodSymbol { Parameters.Length: 1 } method && SymbolEqualityComparer.Default.Equals(method.Parameters[0].Type, type) &&
                SymbolEqualityComparer.Default.Equals(method.ReturnType, type))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// For each byte of the operation's value (least significant first): the byte of the single leaf value it holds,
    /// <see cref="Zero"/>, or <see cref="Unknown"/> (sign bits); null when the value is not such a byte permutation.
    /// </summary>
    private static int[]? Map(IOperation operation, ref IOperation? leaf, int depth)
    {
        var width = Width(operation.Type?.SpecialType ?? SpecialType.None);
        if (width == 0 || depth > 32 || operation.Type!.SpecialType == SpecialType.System_Char)
        {
            return null;
        }

        switch (operation)
        {
            case IConversionOperation { OperatorMethod: null, IsChecked: false, Operand.Type: { } fromType } conversion:
            {
                var inner = Map(conversion.Operand, ref leaf, depth + 1);
                if (inner is null)
                {
                    return null;
                }

                var extension = IsUnsignedOrByte(fromType.SpecialType) || inner[inner.Length - 1] == Zero ? Zero : Unknown;
                var result = new int[width];
                for (var j = 0; j < width; j++)
                {
                    result[j] = j < inner.Length ? inner[j] : extension;
                }

                return result;
            }

            case IBinaryOperation { OperatorMethod: null, IsChecked: false } binary when binary.OperatorKind is BinaryOperatorKind.Or or BinaryOperatorKind.Add:
            {
                var left = Map(binary.LeftOperand, ref leaf, depth + 1);
                var right = left is null ? null : Map(binary.RightOperand, ref leaf, depth + 1);
                if (left is null || right is null || left.Length != width || right.Length != width)
                {
                    return null;
                }

                var result = new int[width];
                for (var j = 0; j < width; j++)
                {
                    if (left[j] == Zero)
                    {
                        result[j] = right[j];
                    }
                    else if (right[j] == Zero)
                    {
                        result[j] = left[j];
                    }
                    else
                    {
                        return null; // overlapping bytes
                    }
                }

                return result;
            }

            case IBinaryOperation { OperatorMethod: null, OperatorKind: BinaryOperatorKind.And } and:
            {
                var (value, mask) = and.RightOperand.ConstantValue.HasValue ? (and.LeftOperand, and.RightOperand) : (and.RightOperand, and.LeftOperand);
                if (!mask.ConstantValue.HasValue || !TryGetBits(mask.ConstantValue.Value, out var bits))
                {
                    return null;
                }

                var inner = Map(value, ref leaf, depth + 1);
                if (inner is null || inner.Length != width)
                {
                    return null;
                }

                var result = new int[width];
                for (var j = 0; j < width; j++)
                {
                    var b = (bits >> (8 * j)) & 0xFF;
                    if (b is not (0 or 0xFF))
                    {
                        return null;
                    }

                    result[j] = b == 0 ? Zero : inner[j];
                }

                return result;
            }

            case IBinaryOperation { OperatorMethod: null, RightOperand.ConstantValue: { HasValue: true, Value: int k } } shift when
                shift.OperatorKind is BinaryOperatorKind.LeftShift or BinaryOperatorKind.RightShift or BinaryOperatorKind.UnsignedRightShift:
            {
                if (k <= 0 || k % 8 != 0 || k >= 8 * width)
                {
                    return null;
                }

                var inner = Map(shift.LeftOperand, ref leaf, depth + 1);
                if (inner is null || inner.Length != width)
                {
                    return null;
                }

                var bytes = k / 8;
                var fill = shift.OperatorKind == BinaryOperatorKind.RightShift && !IsUnsignedOrByte(operation.Type.SpecialType) && inner[width - 1] != Zero ? Unknown : Zero;
                var result = new int[width];
                for (var j = 0; j < width; j++)
                {
                    var from = shift.OperatorKind == BinaryOperatorKind.LeftShift ? j - bytes : j + bytes;
                    result[j] = from >= 0 && from < width ? inner[from] : shift.OperatorKind == BinaryOperatorKind.LeftShift ? Zero : fill;
                }

                return result;
            }

            case ILocalReferenceOperation or IParameterReferenceOperation or IFieldReferenceOperation when operation.IsSideEffectFree():
            {
                if (leaf is null)
                {
                    leaf = operation;
                }
                else if (!SameValue(leaf, operation))
                {
                    return null;
                }

                var result = new int[width];
                for (var j = 0; j < width; j++)
                {
                    result[j] = j;
                }

                return result;
            }

            default:
                return null;
        }
    }

    private static bool TryGetBits(object? constant, out ulong bits)
    {
        switch (constant)
        {
            case int i:
                bits = unchecked((ulong)i);
                return true;
            case uint u:
                bits = u;
                return true;
            case long l:
                bits = unchecked((ulong)l);
                return true;
            case ulong ul:
                bits = ul;
                return true;
            default:
                bits = 0;
                return false;
        }
    }

    // ---- var bytes = BitConverter.GetBytes(x); Array.Reverse(bytes); ... BitConverter.ToInt32(bytes, 0) ... ----

    private static void AnalyzeBitConverter(OperationAnalysisContext context, PerfCompilation compilation, INamedTypeSymbol bitConverter, INamedTypeSymbol array)
    {
        var block = (IBlockOperation)context.Operation;
        var statements = block.Operations;
        for (var i = 0; i + 2 < statements.Length; i++)
        {
            if (statements[i] is not IVariableDeclarationGroupOperation { Declarations.Length: 1 } group ||
                group.Declarations[0].Declarators.Length != 1 ||
                group.Declarations[0].Declarators[0] is not { Initializer.Value: IInvocationOperation { TargetMethod: { Name: "GetBytes", IsStatic: true } getBytesMethod, Arguments.Length: 1 } getBytes } declarator ||
                !SymbolEqualityComparer.Default.Equals(getBytesMethod.ContainingType, bitConverter) ||
                getBytes.Arguments[0].Value.WithoutImplicitConversion() is not { Type: { } valueType } value ||
                value is not (ILocalReferenceOperation or IParameterReferenceOperation) ||
                !SymbolEqualityComparer.Default.Equals(valueType, getBytesMethod.Parameters[0].Type) ||
                Width(valueType.SpecialType) < 2 || valueType.SpecialType == SpecialType.System_Char)
            {
                continue;
            }

            var bytes = declarator.Symbol;
            var conditional = false;
            var reverse = statements[i + 1];
            if (reverse is IConditionalOperation { WhenFalse: null, Condition: IMemberReferenceOperation { Member.Name: "IsLittleEndian", Instance: null } condition } ifStatement &&
                SymbolEqualityComparer.Default.Equals(condition.Member.ContainingType, bitConverter))
            {
                conditional = true;
                reverse = ifStatement.WhenTrue is IBlockOperation { Operations.Length: 1 } single ? single.Operations[0] : ifStatement.WhenTrue;
            }

            if (reverse is not IExpressionStatementOperation { Operation: IInvocationOperation { TargetMethod: { Name: "Reverse", IsStatic: true } reverseMethod, Arguments.Length: 1 } reverseCall } ||
                !SymbolEqualityComparer.Default.Equals(reverseMethod.ContainingType, array) ||
                reverseCall.Arguments[0].Value.WithoutImplicitConversion() is not ILocalReferenceOperation { } reversedLocal ||
                !SymbolEqualityComparer.Default.Equals(reversedLocal.Local, bytes))
            {
                continue;
            }

            // The one read: BitConverter.To<T>(bytes, 0) of the same type, in the next statement; no other use of the array.
            IInvocationOperation? read = null;
            var uses = 0;
            foreach (var operation in block.GetRoot().Descendants())
            {
                if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, bytes))
                {
                    uses++;
                    if (reference.Parent is IArgumentOperation { Parent: IInvocationOperation { TargetMethod.IsStatic: true, Arguments.Length: 2 } call } &&
                        call.Arguments[1].Value.ConstantValue is { HasValue: true, Value: 0 } &&
                        call.Arguments[0] == reference.Parent && SymbolEqualityComparer.Default.Equals(call.TargetMethod.ContainingType, bitConverter) &&
                        SymbolEqualityComparer.Default.Equals(call.TargetMethod.ReturnType, valueType) && call.TargetMethod.Name.StartsWith("To", System.StringComparison.Ordinal))
                    {
                        read = call;
                    }
                }
            }

            if (read is null || uses != 2 || read.GetContainingStatement() != statements[i + 2] || Assigns(statements[i + 2], value))
            {
                continue;
            }

            Report(
                context,
                compilation,
                getBytes.Syntax.GetLocation(),
                new[] { reverse.Syntax.GetLocation(), read.Syntax.GetLocation() },
                ImmutableDictionary<string, string?>.Empty
                    .Add(ShapeKey, ShapeBitConverter)
                    .Add(MethodKey, "ReverseEndianness")
                    .Add(ValueKey, SpanText(value.Syntax))
                    .Add(ConditionalKey, conditional ? "true" : "false"),
                $"'{getBytes.Syntax}', 'Array.Reverse' and '{read.TargetMethod.Name}' allocate an array to reverse the bytes of '{value.Syntax}'",
                conditional ? $"BitConverter.IsLittleEndian ? BinaryPrimitives.ReverseEndianness({value.Syntax}) : {value.Syntax}" : $"BinaryPrimitives.ReverseEndianness({value.Syntax})");
        }
    }

    /// <summary>True when the statement assigns the local or parameter (the fix evaluates it later than GetBytes did).</summary>
    private static bool Assigns(IOperation statement, IOperation value)
    {
        foreach (var operation in statement.DescendantsAndSelf())
        {
            if (operation is IAssignmentOperation { Target: var target } && SameValue(target, value) ||
                operation is IIncrementOrDecrementOperation { Target: var incremented } && SameValue(incremented, value) ||
                operation is IArgumentOperation { Parameter.RefKind: not RefKind.None, Value: var byRef } && SameValue(byRef, value))
            {
                return true;
            }
        }

        return false;
    }
}
