using System;
using System.Globalization;
using System.IO;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace PerfAnalyzers.Tests.Infrastructure;

/// <summary>
/// C# compiled and loaded into a collectible context, so that a test can run the flagged form and the fix's form side
/// by side (<c>Before</c> / <c>After</c> methods of a static class) and compare what they compute.
/// </summary>
public sealed class LoadedCode : IDisposable
{
    private readonly AssemblyLoadContext _context;

    private LoadedCode(AssemblyLoadContext context, Type type) => (_context, Type) = (context, type);

    public Type Type { get; }

    /// <summary>Compiles <paramref name="source"/> against the .NET 8 reference assemblies (a compile error fails the test).</summary>
    public static LoadedCode Compile(string source, string typeName = "P") => Load(
        CSharpCompilation.Create(
            "Values" + Guid.NewGuid().ToString("N"),
            new[] { CSharpSyntaxTree.ParseText(source) },
            TestCompilations.References(TestReferences.Net80),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable)),
        typeName,
        source);

    /// <summary>Emits and loads an existing compilation (a compile error fails the test, showing <paramref name="context"/>).</summary>
    public static LoadedCode Load(Compilation compilation, string typeName = "P", string? context = null)
    {
        using var stream = new MemoryStream();
        var emit = compilation.Emit(stream);
        Assert.True(emit.Success, (context is null ? string.Empty : context + "\n") + string.Join("\n", emit.Diagnostics));
        stream.Position = 0;
        var loadContext = new AssemblyLoadContext("values", isCollectible: true);
        return new LoadedCode(loadContext, loadContext.LoadFromStream(stream).GetType(typeName)!);
    }

    /// <summary>Calls a public static method of the loaded type.</summary>
    public object? Invoke(string method, params object?[] arguments) => Type.GetMethod(method)!.Invoke(null, arguments);

    public void Dispose() => _context.Unload();
}

/// <summary>Sets the current culture for the scope (a non-invariant one shows that formatting follows it).</summary>
public sealed class CultureScope : IDisposable
{
    private readonly CultureInfo _previous = CultureInfo.CurrentCulture;

    public CultureScope(string name) => CultureInfo.CurrentCulture = new CultureInfo(name);

    public void Dispose() => CultureInfo.CurrentCulture = _previous;
}
