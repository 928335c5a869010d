using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using PerfAnalyzers.Dispatch;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Profiles;

namespace PerfAnalyzers.Crypto;

/// <summary>
/// PERF020, on .NET 6+ (where the one-shot APIs exist):
/// <list type="bullet">
/// <item><c>using var ms = new MemoryStream(); using var cs = new CryptoStream(ms, aes.CreateEncryptor(),
/// CryptoStreamMode.Write); cs.Write(data, 0, data.Length); cs.FlushFinalBlock(); return ms.ToArray();</c> (also with
/// <c>using (...)</c> statements, a transform local, <c>CreateDecryptor()</c>) →
/// <c>return aes.EncryptCbc(data, aes.IV, PaddingMode.PKCS7);</c> (or <c>DecryptCbc</c>, <c>EncryptEcb</c>, ...);</item>
/// <item><c>aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length)</c> → the same one-shot call;</item>
/// <item><c>using var kdf = new Rfc2898DeriveBytes(password, salt, iterations, hash); return kdf.GetBytes(32);</c> →
/// <c>return Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, hash, 32);</c>.</item>
/// </list>
/// The algorithm object must be a local created by <c>Aes.Create()</c> whose mode and padding are the defaults (CBC,
/// PKCS7) or constants assigned to it by statements of its own block before the pipeline. See docs/rules/PERF020.md.
/// </summary>
public sealed partial class PERF020UseOneShotCryptographyAnalyzer : PerfAnalyzer
{
    /// <summary>The MemoryStream + CryptoStream statements; the additional location is the pipeline's first statement.</summary>
    public const string ShapeStream = "Stream";

    /// <summary><c>aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length)</c>.</summary>
    public const string ShapeTransform = "Transform";

    /// <summary><c>new Rfc2898DeriveBytes(...)</c> used for one <c>GetBytes</c>.</summary>
    public const string ShapePbkdf2 = "Pbkdf2";

    /// <summary>Diagnostic property: the one-shot method, <c>EncryptCbc</c>, <c>DecryptEcb</c>, ...</summary>
    public const string MethodKey = "Method";

    /// <summary>Diagnostic property, <c>true</c>: the password is a string the fix converts with <c>Encoding.UTF8.GetBytes</c>, as the constructor did.</summary>
    public const string Utf8Key = "Utf8";

    /// <summary>Diagnostic property of the PBKDF2 shape with named arguments out of order: the written argument of each parameter, in parameter order ("0,1,3,2").</summary>
    public const string OrderKey = "Order";

    /// <summary>Diagnostic property: the <c>PaddingMode</c> member the one-shot call passes.</summary>
    public const string PaddingKey = "Padding";

    private const int CipherModeCbc = 1;
    private const int CipherModeEcb = 2;
    private const int CipherModeCfb = 4;
    private const int PaddingModeNone = 1;
    private const int PaddingModePkcs7 = 2;
    private const int CryptoStreamModeWrite = 1;

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(Rules.PERF020.Descriptor);

    protected override void OnCompilationStart(CompilationStartAnalysisContext context, PerfCompilation compilation)
    {
        // The one-shot methods are .NET 6 APIs: where they are missing (older targets) the rule is silent.
        if (!compilation.TargetFramework.IsUnknown && !compilation.TargetFramework.IsNetCoreAtLeast(6))
        {
            return;
        }

        // The crypto types live outside the core library: resolving them searches every referenced assembly (1.6 ms per
        // compilation on .NET 8, docs/rules/PERF020.md), so they are resolved only once code names one of the three types
        // or methods the rule starts from, and a compilation that has none pays nothing but the callbacks.
        var symbols = compilation.Later(() => Symbols.Resolve(compilation));
        context.RegisterInvocationAction(
            c =>
            {
                if (symbols.Value is { HasCipherOneShots: true } resolved)
                {
                    AnalyzeTransform(c, compilation, resolved);
                }
            },
            "TransformFinalBlock");

        context.RegisterObjectCreationAction(
            c =>
            {
                switch (((IObjectCreationOperation)c.Operation).Type?.Name)
                {
                    case "CryptoStream" when symbols.Value is { HasCipherOneShots: true } resolved:
                        AnalyzeStream(c, compilation, resolved);
                        break;
                    case "Rfc2898DeriveBytes" when symbols.Value is { HasPbkdf2: true } resolved:
                        AnalyzePbkdf2(c, compilation, resolved);
                        break;
                }
            },
            "CryptoStream",
            "Rfc2898DeriveBytes");
    }

    private sealed class Symbols
    {
        public INamedTypeSymbol SymmetricAlgorithm = null!;
        public INamedTypeSymbol? Aes;
        public INamedTypeSymbol? MemoryStream;
        public INamedTypeSymbol? CryptoStream;
        public INamedTypeSymbol? ICryptoTransform;
        public INamedTypeSymbol? PaddingMode;
        public INamedTypeSymbol? Rfc2898DeriveBytes;
        public INamedTypeSymbol? HashAlgorithmName;
        public WellKnownTypes Types = null!;
        public bool HasCipherOneShots;
        public bool HasPbkdf2;

        public static Symbols? Resolve(PerfCompilation compilation)
        {
            if (compilation.Types.Get(WellKnownTypes.SymmetricAlgorithm) is not { } symmetric)
            {
                return null;
            }

            var symbols = new Symbols
            {
                SymmetricAlgorithm = symmetric,
                Aes = compilation.Types.Get(WellKnownTypes.Aes),
                MemoryStream = compilation.Types.Get(WellKnownTypes.MemoryStream),
                CryptoStream = compilation.Types.Get(WellKnownTypes.CryptoStream),
                ICryptoTransform = compilation.Types.Get(WellKnownTypes.ICryptoTransform),
                PaddingMode = compilation.Types.Get(WellKnownTypes.PaddingMode),
                Rfc2898DeriveBytes = compilation.Types.Get(WellKnownTypes.Rfc2898DeriveBytes),
                HashAlgorithmName = compilation.Types.Get(WellKnownTypes.HashAlgorithmName),
                Types = compilation.Types,
            };
            symbols.HasCipherOneShots = symbols.Aes is not null && symbols.MemoryStream is not null && symbols.CryptoStream is not null &&
                                        symbols.ICryptoTransform is not null && symbols.PaddingMode is not null &&
                                        !symmetric.GetMembers("EncryptCbc").IsEmpty && !symmetric.GetMembers("DecryptCfb").IsEmpty;
            symbols.HasPbkdf2 = symbols.Rfc2898DeriveBytes is { } kdf && symbols.HashAlgorithmName is not null && !kdf.GetMembers("Pbkdf2").IsEmpty;
            return symbols.HasCipherOneShots || symbols.HasPbkdf2 ? symbols : null;
        }
    }

    // ---- (a) the stream pipeline ----

    private static void AnalyzeStream(OperationAnalysisContext context, PerfCompilation compilation, Symbols symbols)
    {
        var creation = (IObjectCreationOperation)context.Operation;
        var cancellationToken = context.CancellationToken;

        // new CryptoStream(ms, transform, CryptoStreamMode.Write), the initializer of a local of its own.
        if (!SymbolEqualityComparer.Default.Equals(creation.Type, symbols.CryptoStream) ||
            creation.Constructor is not { Parameters.Length: 3 } || creation.Initializer is not null || creation.Arguments.Length != 3 ||
            Argument(creation.Arguments, 2)?.ConstantValue is not { HasValue: true, Value: CryptoStreamModeWrite } ||
            Argument(creation.Arguments, 0)?.WithoutImplicitConversion() is not ILocalReferenceOperation { Local: var memory } ||
            Argument(creation.Arguments, 1)?.WithoutImplicitConversion() is not { } transformArgument ||
            DeclaredBy(creation) is not { } crypto ||
            creation.SemanticModel is not { } model)
        {
            return;
        }

        var root = creation.GetRoot();
        var function = creation.EnclosingFunction();

        // The transform: aes.CreateEncryptor() in place, or a local initialized so and used only here.
        ILocalSymbol? transform = null;
        IInvocationOperation? create;
        if (transformArgument is ILocalReferenceOperation transformReference)
        {
            transform = transformReference.Local;
            create = Initializer(transform, root)?.WithoutImplicitConversion() as IInvocationOperation;
        }
        else
        {
            create = transformArgument as IInvocationOperation;
        }

        if (create is null || CreateTransform(create, symbols) is not { } direction ||
            create.Instance is not ILocalReferenceOperation { Local: var algorithm } ||
            !(Initializer(memory, root)?.WithoutImplicitConversion() is IObjectCreationOperation { Constructor.Parameters.Length: 0, Initializer: null } memoryCreation &&
              SymbolEqualityComparer.Default.Equals(memoryCreation.Type, symbols.MemoryStream)))
        {
            return;
        }

        // The statements: the declarations (and nothing else) from the first one, then Write, FlushFinalBlock, return ToArray.
        var declarations = new List<ILocalSymbol> { memory, crypto };
        if (transform is not null)
        {
            declarations.Add(transform);
        }

        StatementSyntax? start = null;
        foreach (var local in declarations)
        {
            if (DeclaringStatement(local, cancellationToken) is not { } statement)
            {
                return;
            }

            start = start is null || statement.SpanStart < start.SpanStart ? statement : start;
        }

        if (start is null || PERF020StreamPipeline.From(start) is not { } pipeline || pipeline.Declarations.Count != declarations.Count)
        {
            return;
        }

        foreach (var declarator in pipeline.Declarators)
        {
            if (model.GetDeclaredSymbol(declarator, cancellationToken) is not ILocalSymbol local || !declarations.Contains(local))
            {
                return;
            }
        }

        // cs.Write(data, 0, data.Length) or cs.Write(data); cs.FlushFinalBlock(); return ms.ToArray();
        if (model.GetOperation(pipeline.WriteCall, cancellationToken) is not IInvocationOperation write ||
            !IsCallOn(write, crypto, "Write") || WrittenBuffer(write) is not { } data ||
            model.GetOperation(pipeline.Flush.Expression, cancellationToken) is not IInvocationOperation { Arguments.Length: 0 } flush ||
            !IsCallOn(flush, crypto, "FlushFinalBlock") ||
            model.GetOperation(pipeline.Return.Expression!, cancellationToken) is not IInvocationOperation { Arguments.Length: 0 } toArray ||
            !IsCallOn(toArray, memory, "ToArray") ||
            data.References(algorithm) || data.References(memory) || data.References(crypto))
        {
            return;
        }

        // Nothing else sees the streams or the transform: ms twice (the CryptoStream, ToArray), cs twice, the transform once.
        if (Uses(root, memory, function) != 2 || Uses(root, crypto, function) != 2 || (transform is not null && Uses(root, transform, function) != 1))
        {
            return;
        }

        if (OneShot(algorithm, direction, root, start, symbols, cancellationToken) is not { } oneShot)
        {
            return;
        }

        var scope = MultiTargeting.Scope(creation.Syntax);
        foreach (var local in new[] { algorithm, memory, crypto, transform })
        {
            if (local is not null && MultiTargeting.MentionedInInactiveCode(scope, local.Name))
            {
                return;
            }
        }

        var properties = ImmutableDictionary<string, string?>.Empty
            .Add(DiagnosticProperties.Shape, ShapeStream)
            .Add(MethodKey, oneShot.Method)
            .Add(PaddingKey, oneShot.Padding);
        var suggestion = Suggestion(algorithm.Name, data.Syntax, oneShot);
        Report(context, compilation, creation.Syntax, properties, creation.Syntax.OneLine(), suggestion, start.GetLocation());
    }

    // ---- (a) aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length) ----

    private static void AnalyzeTransform(OperationAnalysisContext context, PerfCompilation compilation, Symbols symbols)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (invocation.TargetMethod is not { Name: "TransformFinalBlock", Parameters.Length: 3 } method ||
            !SymbolEqualityComparer.Default.Equals(method.ContainingType, symbols.ICryptoTransform))
        {
            return;
        }

        // The transform in place, or a local declared by the statement right before (so that nothing changes the
        // algorithm's key, IV, mode or padding between the transform's creation and its use) and used only here.
        var receiver = invocation.Instance?.WithoutImplicitConversion();
        StatementSyntax? declaration = null;
        if (receiver is ILocalReferenceOperation { Local: var transform } &&
            DeclaringStatement(transform, context.CancellationToken) is LocalDeclarationStatementSyntax declaring &&
            NextStatement(declaring) is { } next && next.Span.Contains(invocation.Syntax.Span) &&
            Uses(invocation.GetRoot(), transform, invocation.EnclosingFunction()) == 1)
        {
            declaration = declaring;
            receiver = Initializer(transform, invocation.GetRoot())?.WithoutImplicitConversion();
        }

        if (receiver is not IInvocationOperation create ||
            CreateTransform(create, symbols) is not { } direction ||
            create.Instance is not ILocalReferenceOperation { Local: var algorithm } ||
            WholeArray(invocation) is not { } data ||
            data.References(algorithm) ||
            invocation.IsInsideExpressionTree(symbols.Types) ||
            OneShot(algorithm, direction, invocation.GetRoot(), (SyntaxNode?)declaration ?? invocation.Syntax, symbols, context.CancellationToken) is not { } oneShot ||
            MultiTargeting.MentionedInInactiveCode(MultiTargeting.Scope(invocation.Syntax), algorithm.Name))
        {
            return;
        }

        var properties = ImmutableDictionary<string, string?>.Empty
            .Add(DiagnosticProperties.Shape, ShapeTransform)
            .Add(MethodKey, oneShot.Method)
            .Add(PaddingKey, oneShot.Padding);
        Report(context, compilation, invocation.Syntax, properties, invocation.Syntax.OneLine(), Suggestion(algorithm.Name, data.Syntax, oneShot), declaration?.GetLocation());
    }

    /// <summary><c>Encrypt</c> or <c>Decrypt</c> for <c>alg.CreateEncryptor()</c> / <c>alg.CreateDecryptor()</c> without arguments on a symmetric algorithm.</summary>
    private static string? CreateTransform(IInvocationOperation create, Symbols symbols) =>
        create.TargetMethod is { IsStatic: false, Parameters.Length: 0 } method && IsSymmetricAlgorithm(method.ContainingType, symbols)
            ? method.Name switch
            {
                "CreateEncryptor" => "Encrypt",
                "CreateDecryptor" => "Decrypt",
                _ => null,
            }
            : null;

    private static bool IsSymmetricAlgorithm(ITypeSymbol? type, Symbols symbols)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current, symbols.SymmetricAlgorithm))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The buffer of <c>cs.Write(data, 0, data.Length)</c> or <c>cs.Write(data)</c> (a <c>byte[]</c> as a span).</summary>
    private static IOperation? WrittenBuffer(IInvocationOperation write)
    {
        if (write.Arguments.Length == 3)
        {
            return WholeArray(write);
        }

        if (write.Arguments.Length != 1 || write.TargetMethod.Parameters.Length != 1)
        {
            return null;
        }

        // Write(data) with a byte[] (converted to a span), Write(span) with a span local or parameter, or
        // Write(data.AsSpan()): each one-shot method takes the same span.
        var value = write.Arguments[0].Value;
        var operand = value is IConversionOperation { IsImplicit: true } conversion ? conversion.Operand : value;
        return operand switch
        {
            { Type: IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Byte, Rank: 1 } } when operand != value && operand.IsSideEffectFree() => operand,
            ILocalReferenceOperation or IParameterReferenceOperation when IsByteSpan(operand.Type) => operand,
            IInvocationOperation { TargetMethod: { Name: "AsSpan", IsExtensionMethod: true }, Arguments.Length: 1 } asSpan
                when asSpan.Arguments[0].Value.WithoutImplicitConversion() is { Type: IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Byte, Rank: 1 } } array &&
                     array.IsSideEffectFree() => operand,
            _ => null,
        };
    }

    /// <summary><c>ReadOnlySpan&lt;byte&gt;</c> or <c>Span&lt;byte&gt;</c>.</summary>
    private static bool IsByteSpan(ITypeSymbol? type) =>
        type is INamedTypeSymbol { Name: "ReadOnlySpan" or "Span", TypeArguments: { Length: 1 } arguments, ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } &&
        arguments[0].SpecialType == SpecialType.System_Byte;

    /// <summary><c>data</c> of <c>M(data, 0, data.Length)</c>, where <c>data</c> is a <c>byte[]</c> read without side effects.</summary>
    private static IOperation? WholeArray(IInvocationOperation call)
    {
        if (call.Arguments.Length != 3 || call.TargetMethod.Parameters.Length != 3)
        {
            return null;
        }

        var data = Argument(call.Arguments, 0)?.WithoutImplicitConversion();
        return data is { Type: IArrayTypeSymbol { ElementType.SpecialType: SpecialType.System_Byte, Rank: 1 } } && data.IsSideEffectFree() &&
               Argument(call.Arguments, 1)?.ConstantValue is { HasValue: true, Value: 0 } &&
               Argument(call.Arguments, 2) is IPropertyReferenceOperation { Property.Name: "Length", Instance: { } lengthOf } &&
               OperationHelpers.SameStorage(lengthOf.WithoutImplicitConversion(), data)
            ? data
            : null;
    }

    // ---- shared ----

    private static void Report(OperationAnalysisContext context, PerfCompilation compilation, SyntaxNode node, ImmutableDictionary<string, string?> properties, string flagged, string suggestion, Location? start)
    {
        // The one-shot methods are .NET 6+: in a project that also targets older frameworks the fix keeps them on the old code.
        if (!MultiTargeting.Allows(compilation, context.Options, node.SyntaxTree, Rules.PERF020.Id, ApiAvailability.Net6, ref properties))
        {
            return;
        }

        // Once-per-process or failure-only code: the saving does not matter there (perf_analyzers.cold_paths).
        if (!ColdPath.Allows(context.Options, node, context.Operation.SemanticModel, Rules.PERF020.Id, context.CancellationToken))
        {
            return;
        }

        var additional = start is null ? null : new[] { start };
        ProfileGate.Report(context.ReportDiagnostic, Diagnostic.Create(Rules.PERF020.Descriptor, node.GetLocation(), additional, properties, flagged, suggestion), context.ContainingSymbol, context.Compilation, context.Options);
    }

    private static IOperation? Argument(ImmutableArray<IArgumentOperation> arguments, int ordinal)
    {
        foreach (var argument in arguments)
        {
            if (argument.Parameter?.Ordinal == ordinal)
            {
                return argument.Value;
            }
        }

        return null;
    }

    /// <summary>The local a creation initializes (<c>var x = new ...;</c>, <c>using var x = ...;</c>, <c>using (var x = ...)</c>).</summary>
    private static ILocalSymbol? DeclaredBy(IOperation creation)
    {
        var value = creation.Parent is IConversionOperation { IsImplicit: true } conversion ? conversion : creation;
        return value.Parent is IVariableInitializerOperation { Parent: IVariableDeclaratorOperation declarator } ? declarator.Symbol : null;
    }

    /// <summary>The statement that declares the local, when it declares only it.</summary>
    private static StatementSyntax? DeclaringStatement(ILocalSymbol local, CancellationToken cancellationToken) =>
        local.DeclaringSyntaxReferences.Length == 1 &&
        local.DeclaringSyntaxReferences[0].GetSyntax(cancellationToken) is VariableDeclaratorSyntax { Parent.Parent: StatementSyntax statement } &&
        PERF020StreamPipeline.Declarator(statement) is not null
            ? statement
            : null;

    /// <summary>The value the local's declaration initializes it with.</summary>
    private static IOperation? Initializer(ILocalSymbol local, IOperation root)
    {
        foreach (var operation in root.Descendants())
        {
            if (operation is IVariableDeclaratorOperation declarator && SymbolEqualityComparer.Default.Equals(declarator.Symbol, local))
            {
                return declarator.Initializer?.Value ?? (declarator.Parent as IVariableDeclarationOperation)?.Initializer?.Value;
            }
        }

        return null;
    }

    /// <summary>How many times the local is read in <paramref name="function"/>; -1 when it is read in another (a lambda).</summary>
    private static int Uses(IOperation root, ILocalSymbol local, IOperation? function)
    {
        var count = 0;
        foreach (var operation in root.Descendants())
        {
            if (operation is ILocalReferenceOperation reference && SymbolEqualityComparer.Default.Equals(reference.Local, local))
            {
                if (reference.EnclosingFunction() != function)
                {
                    return -1;
                }

                count++;
            }
        }

        return count;
    }

    private static bool IsCallOn(IInvocationOperation call, ILocalSymbol local, string name) =>
        call.TargetMethod.Name == name && !call.TargetMethod.IsStatic &&
        call.Instance?.WithoutImplicitConversion() is ILocalReferenceOperation reference &&
        SymbolEqualityComparer.Default.Equals(reference.Local, local);

    private static IOperation? FunctionOfDeclaration(ILocalSymbol local, IOperation root)
    {
        foreach (var operation in root.Descendants())
        {
            if (operation is IVariableDeclaratorOperation declarator && SymbolEqualityComparer.Default.Equals(declarator.Symbol, local))
            {
                return declarator.EnclosingFunction();
            }
        }

        return null;
    }

}
