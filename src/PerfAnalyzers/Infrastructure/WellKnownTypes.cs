using System.Collections.Concurrent;
using Microsoft.CodeAnalysis;

namespace PerfAnalyzers.Infrastructure;

/// <summary>
/// Per-compilation cache of types looked up by metadata name. Created once per compilation by
/// <see cref="PerfCompilation"/>; safe for concurrent use by the analyzer callbacks.
/// </summary>
/// <remarks>
/// A lookup is cheap for a type of the core library and costly for any other: Roslyn then searches every referenced
/// assembly (on .NET 8, with its ~160 reference assemblies, about 0.2 ms per name per compilation, against 4 µs for a
/// core-library type; measured with <c>Compilation.GetTypeByMetadataName</c> on fresh copies of a compilation). Rules
/// therefore resolve such types (<c>Expression`1</c>, <c>Dictionary`2</c>, the crypto types, ...) only when code names them,
/// and <see cref="Is"/> compares full names without resolving at all.
/// </remarks>
public sealed class WellKnownTypes
{
    private readonly Compilation _compilation;
    private readonly ConcurrentDictionary<string, INamedTypeSymbol?> _types = new();

    private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<Compilation, WellKnownTypes> ForFixes = new();

    public WellKnownTypes(Compilation compilation) => _compilation = compilation;

    /// <summary>The cache of a compilation outside an analyzer (a code fix, which has no <see cref="PerfCompilation"/>).</summary>
    public static WellKnownTypes For(Compilation compilation) => ForFixes.GetValue(compilation, c => new WellKnownTypes(c));

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
    public const string Convert = "System.Convert";
    public const string Enumerable = "System.Linq.Enumerable";
    public const string Array = "System.Array";
    public const string Thread = "System.Threading.Thread";
    public const string TaskStatus = "System.Threading.Tasks.TaskStatus";
    public const string CancellationToken = "System.Threading.CancellationToken";
    public const string CancellationTokenSource = "System.Threading.CancellationTokenSource";
    public const string TimeSpan = "System.TimeSpan";
    public const string TimeoutException = "System.TimeoutException";
    public const string DictionaryOfTKeyTValue = "System.Collections.Generic.Dictionary`2";
    public const string ListOfT = "System.Collections.Generic.List`1";
    public const string CollectionsMarshal = "System.Runtime.InteropServices.CollectionsMarshal";
    public const string MemoryStream = "System.IO.MemoryStream";
    public const string Stream = "System.IO.Stream";
    public const string SymmetricAlgorithm = "System.Security.Cryptography.SymmetricAlgorithm";
    public const string Aes = "System.Security.Cryptography.Aes";
    public const string CryptoStream = "System.Security.Cryptography.CryptoStream";
    public const string ICryptoTransform = "System.Security.Cryptography.ICryptoTransform";
    public const string PaddingMode = "System.Security.Cryptography.PaddingMode";
    public const string Rfc2898DeriveBytes = "System.Security.Cryptography.Rfc2898DeriveBytes";
    public const string HashAlgorithmName = "System.Security.Cryptography.HashAlgorithmName";
    public const string Stopwatch = "System.Diagnostics.Stopwatch";
    public const string DateTimeOffset = "System.DateTimeOffset";

    /// <summary>The type, or null when the compilation does not have exactly one accessible definition of it.</summary>
#pragma warning disable RS0030 // the one place types are resolved by metadata name (src/BannedSymbols.txt)
    public INamedTypeSymbol? Get(string metadataName) => _types.GetOrAdd(metadataName, name => _compilation.GetTypeByMetadataName(name));
#pragma warning restore RS0030

    /// <summary>
    /// Whether <paramref name="type"/> (its original definition) is the type <paramref name="metadataName"/>: the same
    /// name, in the same containing types and namespaces, read from the type outwards. Nothing is resolved: outside the
    /// core library resolving a name cost 40-230 µs per compilation (Dictionary`2 and MemoryExtensions on .NET 6, measured
    /// on Humanizer's timed runs), where the comparison reads a few names. A type of the same name in another namespace or
    /// another containing type is not the type (WellKnownTypesTests); a second definition of a framework type under its
    /// full name (a copy compiled into a library) counts as the type, as it would for the compiler's own well-known types.
    /// </summary>
    public bool Is(ITypeSymbol? type, string metadataName)
    {
        if (type is not INamedTypeSymbol { OriginalDefinition: var definition })
        {
            return false;
        }

        var end = metadataName.Length;
        for (ISymbol symbol = definition; ;)
        {
            var name = symbol.MetadataName;
            var start = end - name.Length;
            if (start < 0 || string.CompareOrdinal(metadataName, start, name, 0, name.Length) != 0)
            {
                return false;
            }

            ISymbol? container = symbol.ContainingType;
            var separator = '+';
            if (container is null)
            {
                container = symbol.ContainingNamespace;
                separator = '.';
            }

            if (container is null or INamespaceSymbol { IsGlobalNamespace: true })
            {
                return start == 0;
            }

            if (start == 0 || metadataName[start - 1] != separator)
            {
                return false;
            }

            end = start - 1;
            symbol = container;
        }
    }

    /// <summary><c>ReadOnlySpan&lt;char&gt;</c>, or null when spans are not available.</summary>
    public INamedTypeSymbol? ReadOnlySpanOfChar =>
        Get(ReadOnlySpanOfT) is { } span ? span.Construct(_compilation.GetSpecialType(SpecialType.System_Char)) : null;
}
