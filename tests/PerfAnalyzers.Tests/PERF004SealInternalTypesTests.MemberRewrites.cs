using System.Collections.Immutable;
using System.Diagnostics;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using PerfAnalyzers.CodeFixes.Types;
using PerfAnalyzers.Tests.Infrastructure;
using PerfAnalyzers.Types;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF004SealInternalTypesTests
{
    // ---- The virtual / protected decision: every member kind, fixed code compiled with no new diagnostics ----

    [Fact]
    public Task Virtual_members_lose_virtual() => Verify(
        """
        using System;

        internal class [|Widget|]
        {
            private readonly int[] _items = new int[4];

            public virtual int Size() => 1;
            public virtual string Name { get; set; } = "";
            public virtual int this[int i] { get => _items[i]; set => _items[i] = value; }
            public virtual event EventHandler? Changed;
            private EventHandler? _closed;
            public virtual event EventHandler Closed { add => _closed += value; remove => _closed -= value; }
            internal virtual void Raise() { Changed?.Invoke(this, EventArgs.Empty); _closed?.Invoke(this, EventArgs.Empty); }
            public new virtual string ToString() => "w";
        }
        """,
        """
        using System;

        internal sealed class Widget
        {
            private readonly int[] _items = new int[4];

            public int Size() => 1;
            public string Name { get; set; } = "";
            public int this[int i] { get => _items[i]; set => _items[i] = value; }
            public event EventHandler? Changed;
            private EventHandler? _closed;
            public event EventHandler Closed { add => _closed += value; remove => _closed -= value; }
            internal void Raise() { Changed?.Invoke(this, EventArgs.Empty); _closed?.Invoke(this, EventArgs.Empty); }
            public new string ToString() => "w";
        }
        """);

    [Fact]
    public Task Protected_members_become_private_or_internal() => Verify(
        """
        using System;

        internal class [|Store|]
        {
            protected int _count;
            protected readonly int _a = 1, _b = 2;
            protected const int Limit = 10;
            protected static int Shared = 3;
            protected internal int Wide = 4;
            private protected int Narrow = 5;

            protected Store() { }
            protected internal Store(int count) => _count = count;

            protected int Count => _count + _a + _b + Limit + Shared + Wide + Narrow;
            protected internal virtual int WideCount() => Count;
            private protected virtual int NarrowCount() => Count;
            protected static int Twice(int x) => x * 2;
            protected event EventHandler? Raised;
            protected void Raise() => Raised?.Invoke(this, EventArgs.Empty);

            public int Value { get; protected set; }
            public int Other { get; protected internal set; }
            protected int Hidden { get; private set; }
            protected internal int Mixed { get; protected set; }
            protected internal int Loose { get; internal set; }
            protected internal int Tight { get; private protected set; }

            protected class [|Node|] { public int V; }
            protected internal class [|Entry|] { }
            protected delegate int Map(int x);
            protected enum Kind { A, B }

            public static Store Create() => new Store();
        }
        """,
        """
        using System;

        internal sealed class Store
        {
            private int _count;
            private readonly int _a = 1, _b = 2;
            private const int Limit = 10;
            private static int Shared = 3;
            internal int Wide = 4;
            private int Narrow = 5;

            private Store() { }
            internal Store(int count) => _count = count;

            private int Count => _count + _a + _b + Limit + Shared + Wide + Narrow;
            internal int WideCount() => Count;
            private int NarrowCount() => Count;
            private static int Twice(int x) => x * 2;
            private event EventHandler? Raised;
            private void Raise() => Raised?.Invoke(this, EventArgs.Empty);

            public int Value { get; private set; }
            public int Other { get; internal set; }
            private int Hidden { get; set; }
            internal int Mixed { get; private set; }
            internal int Loose { get; set; }
            internal int Tight { get; private set; }

            private sealed class Node { public int V; }
            internal sealed class Entry { }
            private delegate int Map(int x);
            private enum Kind { A, B }

            public static Store Create() => new Store();
        }
        """);

    private const string UnusedFieldSources = """
        using System;

        internal class [|NeverAssigned|]
        {
            protected int _value;
            public int Get() => _value;
        }

        internal class [|NeverRead|]
        {
            protected int _value;
            public void Set(int value) => _value = value;
        }

        internal class [|NeverRaised|]
        {
            protected event EventHandler? Changed;
        }

        internal class [|WideNeverAssigned|]
        {
            protected internal string? Name;
            public int Length() => Name?.Length ?? 0;
        }
        """;

    [Fact]
    public Task No_fix_when_a_protected_field_would_become_an_unused_private_one() =>
        Verify(UnusedFieldSources, UnusedFieldSources);

    [Fact]
    public Task Fields_read_and_written_in_every_way_are_fixed() => Files(
        new[]
        {
            """
            using System.Threading;

            internal partial class [|Counter|]
            {
                protected int _hits;
                protected int _misses;
                protected static int s_total;
                protected int[] _buckets = new int[4];

                public int Hit() => Interlocked.Increment(ref _hits);
            }
            """,
            """
            partial class Counter
            {
                public int Miss() { _misses += 1; s_total++; return this._misses + s_total + _buckets.Length; }
            }
            """,
        },
        new[]
        {
            """
            using System.Threading;

            internal sealed partial class Counter
            {
                private int _hits;
                private int _misses;
                private static int s_total;
                private int[] _buckets = new int[4];

                public int Hit() => Interlocked.Increment(ref _hits);
            }
            """,
            """
            partial class Counter
            {
                public int Miss() { _misses += 1; s_total++; return this._misses + s_total + _buckets.Length; }
            }
            """,
        }).RunAsync();

    [Fact]
    public Task Overrides_stay_as_they_are() => Verify(
        """
        internal abstract class Base
        {
            protected abstract int Compute();
            protected virtual int Extra => 0;
            public virtual int Total() => Compute() + Extra;
        }

        internal class [|Impl|] : Base
        {
            protected override int Compute() => 1;
            protected override int Extra => 2;
            public sealed override int Total() => base.Total();
            public override string ToString() => "impl";
        }
        """,
        """
        internal abstract class Base
        {
            protected abstract int Compute();
            protected virtual int Extra => 0;
            public virtual int Total() => Compute() + Extra;
        }

        internal sealed class Impl : Base
        {
            protected override int Compute() => 1;
            protected override int Extra => 2;
            public sealed override int Total() => base.Total();
            public override string ToString() => "impl";
        }
        """);

    [Fact]
    public Task Record_members_match_what_a_sealed_record_requires() => Verify(
        """
        using System;
        using System.Text;

        internal record [|Money|](decimal Amount)
        {
            protected virtual Type EqualityContract => typeof(Money);

            protected Money(Money original)
            {
                Amount = original.Amount;
            }

            protected virtual bool PrintMembers(StringBuilder builder)
            {
                builder.Append("Amount = ").Append(Amount);
                return true;
            }

            public virtual bool Equals(Money? other) => other is not null && Amount == other.Amount;

            public override int GetHashCode() => Amount.GetHashCode();
        }
        """,
        """
        using System;
        using System.Text;

        internal sealed record Money(decimal Amount)
        {
            private Type EqualityContract => typeof(Money);

            private Money(Money original)
            {
                Amount = original.Amount;
            }

            private bool PrintMembers(StringBuilder builder)
            {
                builder.Append("Amount = ").Append(Amount);
                return true;
            }

            public bool Equals(Money? other) => other is not null && Amount == other.Amount;

            public override int GetHashCode() => Amount.GetHashCode();
        }
        """);

    [Fact]
    public Task Derived_record_keeps_its_overrides() => Verify(
        """
        using System.Text;

        internal abstract record Shape(string Name);

        internal record [|Circle|](string Name, double Radius) : Shape(Name)
        {
            protected override bool PrintMembers(StringBuilder builder) => base.PrintMembers(builder);
        }
        """,
        """
        using System.Text;

        internal abstract record Shape(string Name);

        internal sealed record Circle(string Name, double Radius) : Shape(Name)
        {
            protected override bool PrintMembers(StringBuilder builder) => base.PrintMembers(builder);
        }
        """);

    [Fact]
    public Task Nested_candidates_are_fixed_together() => Verify(
        """
        internal class [|Outer|]
        {
            protected class [|Inner|]
            {
                protected virtual int Value() => 1;
            }

            protected virtual int Use() => new Inner().GetHashCode();
        }
        """,
        """
        internal sealed class Outer
        {
            private sealed class Inner
            {
                private int Value() => 1;
            }

            private int Use() => new Inner().GetHashCode();
        }
        """);

    // ---- Why the fix rewrites members: sealing alone does not compile, or warns ----

    [Theory]
    [InlineData("public virtual int M() => 1;", "CS0549")]
    [InlineData("public virtual int P { get; set; }", "CS0549")]
    [InlineData("public virtual event System.EventHandler? E;", "CS0549")]
    [InlineData("protected int F;", "CS0628")]
    [InlineData("protected internal void M() { }", "CS0628")]
    [InlineData("private protected void M() { }", "CS0628")]
    [InlineData("protected C() { }", "CS0628")]
    [InlineData("protected class N { }", "CS0628")]
    [InlineData("protected static int S;", "CS0628")]
    [InlineData("public int P { get; protected set; }", "CS0628")]
    public void Sealing_without_the_member_rewrite_gives(string member, string id)
    {
        var source = "internal sealed class C { " + member + " }";
        var compilation = CSharpCompilation.Create(
            "Control",
            new[] { CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest)) },
            TestCompilations.References(TestReferences.Net80),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        Assert.Contains(compilation.GetDiagnostics(), d => d.Id == id);
    }

    [Theory]
    [InlineData("protected virtual bool PrintMembers(System.Text.StringBuilder b) => false;")]
    [InlineData("protected virtual System.Type EqualityContract => typeof(R);")]
    public void Sealed_record_requires_the_member_rewrite(string member)
    {
        var source = "internal sealed record R(int X) { " + member + " }";
        var compilation = CSharpCompilation.Create(
            "Control",
            new[] { CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest)) },
            TestCompilations.References(TestReferences.Net80),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        Assert.Contains(compilation.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error);
    }

    // ---- Source-generated declarations: reported, but no fix ----

    [Fact]
    public async Task A_member_in_a_source_generated_document_means_no_fix()
    {
        using var workspace = new AdhocWorkspace();
        var project = workspace.AddProject(ProjectInfo.Create(
            ProjectId.CreateNewId(), VersionStamp.Default, "Gen", "Gen", LanguageNames.CSharp,
            compilationOptions: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable),
            parseOptions: new CSharpParseOptions(LanguageVersion.Latest),
            metadataReferences: TestCompilations.References(TestReferences.Net80)));
        project = project.AddAnalyzerReference(new GeneratorReference(new PartGenerator().AsSourceGenerator()));
        var document = project.AddDocument("User.cs", "internal partial class Mixed { }\ninternal class Plain { }\n", filePath: "/src/User.cs");
        project = document.Project;

        var compilation = (await project.GetCompilationAsync())!;
        Assert.Contains(compilation.SyntaxTrees, t => t.FilePath.EndsWith("Mixed.g.cs", System.StringComparison.Ordinal));
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        var diagnostics = await compilation.WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new PERF004SealInternalTypesAnalyzer()), AllClasses).GetAnalyzerDiagnosticsAsync();
        Assert.Equal(new[] { "Mixed", "Plain" }, diagnostics.Select(d => d.GetMessage().Split('\'')[1]).OrderBy(x => x).ToArray());
        Assert.All(diagnostics, d => Assert.Equal("/src/User.cs", d.Location.SourceTree!.FilePath));

        var fix = new PERF004SealInternalTypesCodeFix();
        foreach (var diagnostic in diagnostics)
        {
            var actions = new System.Collections.Generic.List<Microsoft.CodeAnalysis.CodeActions.CodeAction>();
            await fix.RegisterCodeFixesAsync(new Microsoft.CodeAnalysis.CodeFixes.CodeFixContext(project.GetDocument(document.Id)!, diagnostic, (a, _) => actions.Add(a), default));
            Assert.Equal(diagnostic.GetMessage().Contains("Plain") ? 1 : 0, actions.Count);
        }
    }

    private sealed class PartGenerator : IIncrementalGenerator
    {
        public void Initialize(IncrementalGeneratorInitializationContext context) =>
            context.RegisterPostInitializationOutput(c => c.AddSource("Mixed.g.cs", "partial class Mixed { protected virtual int Generated() => 1; }\n"));
    }

    private sealed class GeneratorReference(ISourceGenerator generator) : AnalyzerReference
    {
        public override string? FullPath => null;

        public override object Id => this;

        public override string Display => nameof(PartGenerator);

        public override ImmutableArray<DiagnosticAnalyzer> GetAnalyzers(string language) => ImmutableArray<DiagnosticAnalyzer>.Empty;

        public override ImmutableArray<DiagnosticAnalyzer> GetAnalyzersForAllLanguages() => ImmutableArray<DiagnosticAnalyzer>.Empty;

        public override ImmutableArray<ISourceGenerator> GetGenerators(string language) => ImmutableArray.Create(generator);

        public override ImmutableArray<ISourceGenerator> GetGeneratorsForAllLanguages() => ImmutableArray.Create(generator);
    }
}
