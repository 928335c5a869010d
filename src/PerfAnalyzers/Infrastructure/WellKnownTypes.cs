using System.Collections.Concurrent;
using Microsoft.CodeAnalysis;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// Per-compilation cache of types looked up by metadata name. Created once per compilation by
/// <see cref="PerfCompilation"/>; safe for concurrent use by the analyzer callbacks.
/// </summary>
public sealed class WellKnownTypes
{
    private readonly Compilation _compilation;
    private readonly ConcurrentDictionary<string, INamedTypeSymbol?> _types = new();

    public WellKnownTypes(Compilation compilation) => _compilation = compilation;

    public const string ReadOnlySpanOfT = "System.ReadOnlySpan`1";
    public const string SpanOfT = "System.Span`1";
    public const string MemoryExtensions = "System.MemoryExtensions";
    public const string StringBuilder = "System.Text.StringBuilder";
    public const string ExpressionOfT = "System.Linq.Expressions.Expression`1";
    public const string StringComparison = "System.StringComparison";
    public const string Task = "System.Threading.Tasks.Task";
    public const string TaskOfT = "System.Threading.Tasks.Task`1";
    public const string ValueTask = "System.Threading.Tasks.ValueTask";
    public const string ValueTaskOfT = "System.Threading.Tasks.ValueTask`1";
    public const string Random = "System.Random";
    public const string BinaryPrimitives = "System.Buffers.Binary.BinaryPrimitives";
    public const string RuntimeHelpers = "System.Runtime.CompilerServices.RuntimeHelpers";
    public const string DefaultInterpolatedStringHandler = "System.Runtime.CompilerServices.DefaultInterpolatedStringHandler";
    public const string ComImportAttribute = "System.Runtime.InteropServices.ComImportAttribute";
    public const string InternalsVisibleToAttribute = "System.Runtime.CompilerServices.InternalsVisibleToAttribute";
    public const string InterpolatedStringHandlerAttribute = "System.Runtime.CompilerServices.InterpolatedStringHandlerAttribute";
    public const string StringBuilderAppendInterpolatedStringHandler = "System.Text.StringBuilder+AppendInterpolatedStringHandler";
    public const string IFormatProvider = "System.IFormatProvider";
    public const string EqualityComparerOfT = "System.Collections.Generic.EqualityComparer`1";
    public const string CultureInfo = "System.Globalization.CultureInfo";
    public const string NumberFormatInfo = "System.Globalization.NumberFormatInfo";
    public const string BitConverter = "System.BitConverter";
    public const string Array = "System.Array";
    public const string Thread = "System.Threading.Thread";
    public const string TaskStatus = "System.Threading.Tasks.TaskStatus";
    public const string CancellationToken = "System.Threading.CancellationToken";
    public const string DictionaryOfTKeyTValue = "System.Collections.Generic.Dictionary`2";
    public const string CollectionsMarshal = "System.Runtime.InteropServices.CollectionsMarshal";
    public const string MemoryStream = "System.IO.MemoryStream";
    public const string SymmetricAlgorithm = "System.Security.Cryptography.SymmetricAlgorithm";
    public const string Aes = "System.Security.Cryptography.Aes";
    public const string CryptoStream = "System.Security.Cryptography.CryptoStream";
    public const string ICryptoTransform = "System.Security.Cryptography.ICryptoTransform";
    public const string PaddingMode = "System.Security.Cryptography.PaddingMode";
    public const string Rfc2898DeriveBytes = "System.Security.Cryptography.Rfc2898DeriveBytes";
    public const string HashAlgorithmName = "System.Security.Cryptography.HashAlgorithmName";

    /// <summary>The type, or null when the compilation does not have exactly one accessible definition of it.</summary>
    public INamedTypeSymbol? Get(string metadataName) => _types.GetOrAdd(metadataName, name => _compilation.GetTypeByMetadataName(name));

    /// <summary><c>ReadOnlySpan&lt;char&gt;</c>, or null when spans are not available.</summary>
    public INamedTypeSymbol? ReadOnlySpanOfChar =>
        Get(ReadOnlySpanOfT) is { } span ? span.Construct(_compilation.GetSpecialType(SpecialType.System_Char)) : null;
}
