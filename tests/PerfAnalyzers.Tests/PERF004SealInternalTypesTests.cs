using System.Collections.Immutable;
using System.Diagnostics;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using PerfAnalyzers.CodeFixes.Types;
using PerfAnalyzers.Tests.Infrastructure;
using PerfAnalyzers.Types;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF004SealInternalTypesTests : RuleTests<PERF004SealInternalTypesAnalyzer, PERF004SealInternalTypesCodeFix>
{
    private const string Option = "perf_analyzers.PERF004.internals_visible_to";

    private const string Impact = "perf_analyzers.PERF004.impact";

    /// <summary>
    /// Which classes can be sealed is tested with <c>impact = all</c> (CA1852's behaviour), so that each test's classes
    /// need no uses; the section "Impact" tests the default, which also asks for a use that sealing makes cheaper.
    /// </summary>
    private static RuleTest<PERF004SealInternalTypesAnalyzer, PERF004SealInternalTypesCodeFix> Test(string source, string? fixedSource = null, string impact = "all")
    {
        var test = RuleTest<PERF004SealInternalTypesAnalyzer, PERF004SealInternalTypesCodeFix>.Create(source, fixedSource, TestReferences.Net80);
        test.Options[Impact] = impact;
        return test;
    }

    /// <summary>For the tests that run the analyzer on a compilation of their own: <c>impact = all</c>.</summary>
    private static AnalyzerOptions AllClasses => new(ImmutableArray<AdditionalText>.Empty, new TestConfig(new System.Collections.Generic.Dictionary<string, string> { [Impact] = "all" }));

    private static Task Default(string source, string? fixedSource = null) => Test(source, fixedSource, impact: "changes_code").RunAsync();

    private static Task Verify(string source, string? fixedSource = null) => Test(source, fixedSource).RunAsync();

    private static RuleTest<PERF004SealInternalTypesAnalyzer, PERF004SealInternalTypesCodeFix> Files(string[] sources, string[]? fixedSources = null, string[]? names = null)
    {
        var test = new RuleTest<PERF004SealInternalTypesAnalyzer, PERF004SealInternalTypesCodeFix>();
        test.Options[Impact] = "all";
        test.Sources.AddRange(sources);
        if (fixedSources is not null)
        {
            test.FixedSources.AddRange(fixedSources);
        }

        if (names is not null)
        {
            test.FileNames.AddRange(names);
        }

        return test;
    }

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Internal_class_in_a_block_namespace_at_each_language_version(LanguageVersion version) => Languages.At(version, () => Verify(
        "namespace N\n{\n    internal class [|Service|]\n    {\n        public int Get() { return 1; }\n    }\n}\n",
        "namespace N\n{\n    internal sealed class Service\n    {\n        public int Get() { return 1; }\n    }\n}\n"));

    [Fact]
    public Task Internal_class_and_class_without_modifiers() => Verify(
        """
        namespace N;

        internal class [|Service|]
        {
            public int Get() => 1;
        }

        /// <summary>Docs stay above the modifiers.</summary>
        class [|Helper|]
        {
        }
        """,
        """
        namespace N;

        internal sealed class Service
        {
            public int Get() => 1;
        }

        /// <summary>Docs stay above the modifiers.</summary>
        sealed class Helper
        {
        }
        """);

    [Fact]
    public Task A_type_named_in_code_this_build_does_not_compile_is_not_flagged() => Verify("""
        internal class Base { }
        internal class [|Other|] { }
        #if DEBUG
        internal sealed class Spy : Base { }
        #endif
        """, """
        internal class Base { }
        internal sealed class Other { }
        #if DEBUG
        internal sealed class Spy : Base { }
        #endif
        """);

    /// <summary>Inactive text after an #elif and an #else, with the #if's own branch active, counts too.</summary>
    [Fact]
    public Task Types_named_in_inactive_elif_and_else_branches_are_not_flagged() => Verify("""
        internal class Base { }
        internal class Middle { }
        internal class [|Third|] { }
        #if !DEBUG
        internal sealed class Live { }
        #elif TRACE_SOMETHING
        internal sealed class SpyA : Base { }
        #else
          #   if NESTED
        internal sealed class Deeper { }
          #   endif
        internal sealed class SpyB : Middle { }
        #endif
        """, """
        internal class Base { }
        internal class Middle { }
        internal sealed class Third { }
        #if !DEBUG
        internal sealed class Live { }
        #elif TRACE_SOMETHING
        internal sealed class SpyA : Base { }
        #else
          #   if NESTED
        internal sealed class Deeper { }
          #   endif
        internal sealed class SpyB : Middle { }
        #endif
        """);

    [Fact]
    public Task Inactive_code_inside_a_method_counts_by_whole_words() => Verify("""
        internal class [|Shape|] { }
        internal class Widget { }

        internal static class Use
        {
            internal static int M()
            {
        #if DEBUG
                // Only a longer name holds the first class's name; the second one, named here, may be derived from.
                var factory = new ShapeFactory();
                return new Widget().GetHashCode();
        #else
                return 0;
        #endif
            }
        }
        """, """
        internal sealed class Shape { }
        internal class Widget { }

        internal static class Use
        {
            internal static int M()
            {
        #if DEBUG
                // Only a longer name holds the first class's name; the second one, named here, may be derived from.
                var factory = new ShapeFactory();
                return new Widget().GetHashCode();
        #else
                return 0;
        #endif
            }
        }
        """);

    [Fact]
    public Task Private_nested_in_public_and_internal_nested_are_flagged() => Verify(
        """
        public class Outer
        {
            private class [|Hidden|] { }
            internal class [|Inside|] { }
            private protected class [|Narrow|] { }
        }

        internal static class Holder
        {
            public class [|Nested|] { }
            protected internal class [|Wide|] { }
        }
        """,
        """
        public class Outer
        {
            private sealed class Hidden { }
            internal sealed class Inside { }
            private protected sealed class Narrow { }
        }

        internal static class Holder
        {
            public sealed class Nested { }
            protected internal sealed class Wide { }
        }
        """);

    [Fact]
    public Task Records_and_generic_classes_are_flagged() => Verify(
        """
        internal record [|Point|](int X, int Y);

        internal record class [|Line|](Point From, Point To);

        internal class [|Box|]<T>
        {
            public T? Value { get; set; }
        }

        internal partial class [|Parts|]<T> where T : class
        {
        }
        """,
        """
        internal sealed record Point(int X, int Y);

        internal sealed record class Line(Point From, Point To);

        internal sealed class Box<T>
        {
            public T? Value { get; set; }
        }

        internal sealed partial class Parts<T> where T : class
        {
        }
        """);

    [Fact]
    public Task Attributes_and_comments_keep_their_place() => Verify(
        """
        using System;

        // A leading comment.
        [Obsolete("old")]
        internal class [|Old|] // trailing
        {
        }

        [Serializable]
        class [|Plain|]
        {
        }
        """,
        """
        using System;

        // A leading comment.
        [Obsolete("old")]
        internal sealed class Old // trailing
        {
        }

        [Serializable]
        sealed class Plain
        {
        }
        """);

    [Fact]
    public Task Partial_type_across_two_files_gets_one_diagnostic_and_one_sealed() => Files(
        new[]
        {
            """
            internal partial class [|Split|]
            {
                public virtual int A() => 1;
            }
            """,
            """
            partial class Split
            {
                protected int _b = 2;
                protected virtual int B() => _b;
            }
            """,
        },
        new[]
        {
            """
            internal sealed partial class Split
            {
                public int A() => 1;
            }
            """,
            """
            partial class Split
            {
                private int _b = 2;
                private int B() => _b;
            }
            """,
        }).RunAsync();

    [Fact]
    public Task Partial_methods_are_rewritten_in_both_declarations() => Files(
        new[]
        {
            """
            internal partial class [|Hooks|]
            {
                protected virtual partial int Compute(int x);
                public int Run() => Compute(2);
            }
            """,
            """
            partial class Hooks
            {
                protected virtual partial int Compute(int x) => x * 2;
            }
            """,
        },
        new[]
        {
            """
            internal sealed partial class Hooks
            {
                private partial int Compute(int x);
                public int Run() => Compute(2);
            }
            """,
            """
            partial class Hooks
            {
                private partial int Compute(int x) => x * 2;
            }
            """,
        }).RunAsync();

    [CSharpFact(13)] // partial properties
    public Task Partial_properties_are_rewritten_in_both_declarations() => Files(
        new[]
        {
            """
            internal partial class [|Settings|]
            {
                protected virtual partial int Size { get; set; }
            }
            """,
            """
            partial class Settings
            {
                private int _size;
                protected virtual partial int Size { get => _size; set => _size = value; }
            }
            """,
        },
        new[]
        {
            """
            internal sealed partial class Settings
            {
                private partial int Size { get; set; }
            }
            """,
            """
            partial class Settings
            {
                private int _size;
                private partial int Size { get => _size; set => _size = value; }
            }
            """,
        }).RunAsync();

    // ---- Newer language shapes ----

    [CSharpFact(12)]
    public Task Class_with_a_primary_constructor() => Verify(
        "internal class [|Service|](int size)\n{\n    public int Size => size;\n}\n",
        "internal sealed class Service(int size)\n{\n    public int Size => size;\n}\n");

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF004SealInternalTypesAnalyzer, PERF004SealInternalTypesCodeFix>()
    {
        Options = { [Impact] = "all" },
        Sources =
        {
            """
            internal class [|A|] : Missing { }
            internal class [|B|]<T> where T : Unknown { protected virtual int M( => 1; }
            internal class [|C|] : C { }
            internal partial class [|D|] { protected int X { get; protected set; }
            class [|E|] : System.Collections.Generic.List<Nope> { }
            internal class [|F|]<T> : T { }
            class [|G|] { void M() { static void L<T>() where T : } }
            """,
        },
        AllowCompilerErrors = true,
    }.RunAsync();
}
