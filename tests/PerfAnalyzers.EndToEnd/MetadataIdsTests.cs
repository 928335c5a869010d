using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Cli.Profiles;
using PerfAnalyzers.Profiles;
using Xunit;

namespace PerfAnalyzers.EndToEnd;

/// <summary>
/// The profile names methods by the ids Roslyn gives them (<c>ISymbol.GetDocumentationCommentId()</c>), read from the
/// traced program's metadata (<see cref="AssemblyMethods"/>). Compiled here with Roslyn and read back: every source
/// method's id is Roslyn's, and the compiler's generated code (lambdas, local functions, closures, state machines,
/// generic and nested types) maps to the member the analyzers fold it into (<see cref="ProfileMembers"/>).
/// </summary>
public sealed class MetadataIdsTests
{
    private const string Source = """
        using System;
        using System.Collections;
        using System.Collections.Generic;
        using System.Threading.Tasks;

        namespace N
        {
            public class Outer<T>
            {
                public class Inner<U>
                {
                    public U Pick(T t, U u, List<T> ts, Dictionary<T, U[]> map) => u;
                    public V Generic<V>(V v, T t, U[,] grid) => v;
                }

                public T Value { get; set; }
                public T this[int i] => Value;
                public event EventHandler Changed { add { } remove { } }
                public static Outer<T> operator +(Outer<T> a, Outer<T> b) => a;
                public static implicit operator T(Outer<T> o) => o.Value;
                public static explicit operator Outer<T>(T v) => new Outer<T> { Value = v };
                static Outer() { }
                ~Outer() { }
            }

            public struct S : IEnumerable<int>, IDisposable
            {
                public void Refs(ref int a, in long b, out string c) { c = ""; }
                public unsafe void Pointer(byte* p, void* q) { }
                void IDisposable.Dispose() { }
                IEnumerator<int> IEnumerable<int>.GetEnumerator() { yield return 1; }
                IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<int>)this).GetEnumerator();
                public int Params(params object[] items) => items.Length;
                public int Nullable(int? a, (int, string) tuple, Span<byte> span, ReadOnlySpan<char> text) => 0;
            }

            public class Work
            {
                private int _field = Compute(() => 1);

                public Work() { }
                public Work(int seed) { Func<int> f = () => seed; _field = f(); }

                public static int Compute(Func<int> f) => f();

                public int Lambda(int a) { Func<int, int> f = x => x + a; return f(a); }
                public int Lambda(string s) { Func<int> f = () => s.Length; return f(); }
                public int Local(int a) { return Twice(a); int Twice(int x) => Inner(x) * 2; static int Inner(int y) => y; }
                public async Task<int> Async(int a) { await Task.Yield(); return a; }
                public async Task<int> Async(string s) { await Task.Yield(); return s.Length; }
                public IEnumerable<int> Iterate(int n) { for (var i = 0; i < n; i++) yield return i; }
                public async IAsyncEnumerable<int> Stream(int n) { await Task.Yield(); yield return n; }
                public Func<Task<int>> AsyncLambda(int a) => async () => { await Task.Yield(); return a; };
                public int Property { get { Func<int> f = () => _field; return f(); } }
            }
        }
        """;

    private static readonly string[] Markers =
    {
        "() => 1", "() => seed", "x => x + a", "() => s.Length", "Inner(x) * 2", "=> y;", "await Task.Yield(); return a;",
        "await Task.Yield(); return s.Length;", "yield return i", "yield return n", "async () =>", "() => _field",
    };

    private static (CSharpCompilation Compilation, AssemblyMethods Methods, MetadataReader Reader) Compile()
    {
        var references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator).Select(p => MetadataReference.CreateFromFile(p));
        var compilation = CSharpCompilation.Create(
            "Traced",
            new[] { CSharpSyntaxTree.ParseText(Source) },
            references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: true));
        var stream = new MemoryStream();
        var emit = compilation.Emit(stream);
        Assert.True(emit.Success, string.Join("\n", emit.Diagnostics));
        var reader = MetadataReaderProvider.FromMetadataStream(new MemoryStream(ReadMetadata(stream.ToArray()))).GetMetadataReader();
        return (compilation, AssemblyMethods.Read(reader), reader);
    }

    private static byte[] ReadMetadata(byte[] image)
    {
        using var pe = new System.Reflection.PortableExecutable.PEReader(new MemoryStream(image));
        return pe.GetMetadata().GetContent().ToArray();
    }

    private static IEnumerable<IMethodSymbol> SourceMethods(INamespaceOrTypeSymbol container)
    {
        foreach (var member in container.GetMembers())
        {
            if (member is INamespaceOrTypeSymbol nested)
            {
                foreach (var method in SourceMethods(nested))
                {
                    yield return method;
                }
            }
            else if (member is IMethodSymbol method)
            {
                yield return method;
            }
        }
    }

    [Fact]
    public void Every_source_method_has_the_id_roslyn_gives_it()
    {
        var (compilation, methods, _) = Compile();
        var roslyn = SourceMethods(compilation.GlobalNamespace.GetNamespaceMembers().Single(n => n.Name == "N"))
            .Where(m => !(m.IsImplicitlyDeclared && m.ContainingType.IsValueType)) // a struct's implicit constructor is not in metadata
            .Select(m => m.GetDocumentationCommentId()!)
            .ToHashSet(StringComparer.Ordinal);
        Assert.Contains("M:N.Outer`1.Inner`1.Generic``1(``0,`0,`1[0:,0:])", roslyn); // the test covers what it means to
        Assert.Equal(roslyn.OrderBy(i => i, StringComparer.Ordinal), methods.SourceMethods.Where(i => i.StartsWith("M:N.", StringComparison.Ordinal)).OrderBy(i => i, StringComparer.Ordinal));
    }

    [Fact]
    public void Generated_code_maps_to_the_member_it_is_written_in()
    {
        var (compilation, methods, reader) = Compile();
        var tree = compilation.SyntaxTrees[0];
        var model = compilation.GetSemanticModel(tree);

        // What the analyzers call each marked place's member (a field initializer: the constructors that run it) ...
        var expected = Markers.Select(marker => ProfileMembers.Methods(ProfileMembers.At(model, Source.IndexOf(marker, StringComparison.Ordinal), default)!)
            .Select(m => m.GetDocumentationCommentId()!).ToList()).ToList();

        // ... is what the generated methods map to (or, for a lambda of an overloaded name, the name).
        var generated = reader.MethodDefinitions
            .Select(h => (Handle: h, Name: reader.GetString(reader.GetMethodDefinition(h).Name), Type: reader.GetString(reader.GetTypeDefinition(reader.GetMethodDefinition(h).GetDeclaringType()).Name)))
            .Where(m => m.Name.StartsWith('<') || m.Type.StartsWith('<'))
            .Select(m => methods.Target(MetadataTokens.GetToken(m.Handle)))
            .OfType<MethodTarget>()
            .ToList();
        foreach (var ids in expected)
        {
            static string Name(string id) => id.IndexOf('(') is var paren and >= 0 ? id[..paren] : id;
            Assert.True(generated.Any(t => ids.Contains(t.Id) || (t.NameOnly && ids.Select(Name).Contains(t.Id))), $"no generated method maps to {string.Join(" or ", ids)}: {string.Join(", ", generated.Select(t => t.Id + (t.NameOnly ? " (name)" : "")).Distinct())}");
        }

        // Every generated method of the iterator that implements IEnumerable<int>.GetEnumerator explicitly maps to that method.
        var explicitImplementation = SourceMethods(compilation.GetTypeByMetadataName("N.S")!).Single(m => m.Name.EndsWith("IEnumerable<System.Int32>.GetEnumerator", StringComparison.Ordinal));
        Assert.Contains(generated, t => t.Id == explicitImplementation.GetDocumentationCommentId() && !t.NameOnly);

        // The two async overloads are told apart by their [AsyncStateMachine]; the lambdas of the two Lambda overloads are not.
        Assert.Contains(generated, t => t is { Id: "M:N.Work.Async(System.Int32)", NameOnly: false });
        Assert.Contains(generated, t => t is { Id: "M:N.Work.Async(System.String)", NameOnly: false });
        Assert.Contains(generated, t => t is { Id: "M:N.Work.Lambda", NameOnly: true });
        Assert.Contains(generated, t => t is { Id: "M:N.Work.Local(System.Int32)", NameOnly: false });
        Assert.Contains(generated, t => t is { Id: "M:N.Work.get_Property", NameOnly: false });
        Assert.DoesNotContain(generated, t => t.Id.Contains('<'));
    }

    [Theory]
    [InlineData("<M>b__0_0", false, "M")]
    [InlineData("<M>g__Local|0_0", false, "M")]
    [InlineData("<.ctor>b__3_1", false, ".ctor")]
    [InlineData("<<Main>$>b__0_0", false, "<Main>$")]
    [InlineData("<M>d__3", true, "M")]
    [InlineData("<<M>b__0_0>d", true, "M")]
    [InlineData("<>c", true, null)]
    [InlineData("<>c__DisplayClass0_0", false, null)]
    [InlineData("<Main>$", false, null)]
    [InlineData("Plain", false, null)]
    [InlineData("<M>d__3", false, null)]
    public void Generated_names_give_their_member(string name, bool stateMachine, string? member) =>
        Assert.Equal(member, AssemblyMethods.SourceMemberName(name, stateMachine));
}
