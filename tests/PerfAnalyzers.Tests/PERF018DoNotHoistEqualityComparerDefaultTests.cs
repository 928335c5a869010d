using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Types;
using PerfAnalyzers.Tests.Infrastructure;
using PerfAnalyzers.Types;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF018DoNotHoistEqualityComparerDefaultTests : RuleTests<PERF018DoNotHoistEqualityComparerDefaultAnalyzer, PERF018DoNotHoistEqualityComparerDefaultCodeFix>
{
    private const string Header = "using System;\nusing System.Collections.Generic;\n\n";

    /// <summary>On .NET 6 (the newest target where a hoisted comparer was measured slower), with .NET 8's references.</summary>
    private static Task Verify(string source, string? fixedSource = null) =>
        Test(source, fixedSource).WithTargetFramework("net6.0").RunAsync();

    private static string Wrap(string members) => Header + "sealed class C<T>\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Hoisted_default_comparer_is_called_directly(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 int IndexOf(T[] items, T value)
                 {
                     // the comparer, hoisted
                     var [|comparer|] = EqualityComparer<T>.Default;
                     for (int i = 0; i < items.Length; i++)
                     {
                         if (comparer.Equals(items[i], value))
                         {
                             return i;
                         }
                     }

                     return -1;
                 }

                 int Hash(T value)
                 {
                     IEqualityComparer<T> [|c|] = EqualityComparer<T>.Default;
                     return c.GetHashCode(value) ^ c.GetHashCode(value);
                 }
             """),
        Wrap("""
                 int IndexOf(T[] items, T value)
                 {
                     // the comparer, hoisted
                     for (int i = 0; i < items.Length; i++)
                     {
                         if (EqualityComparer<T>.Default.Equals(items[i], value))
                         {
                             return i;
                         }
                     }

                     return -1;
                 }

                 int Hash(T value)
                 {
                     return EqualityComparer<T>.Default.GetHashCode(value) ^ EqualityComparer<T>.Default.GetHashCode(value);
                 }
             """)));

    /// <summary>#34: named arguments, foreach and while loops, a local function.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_arguments_loops_and_local_functions(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 bool Contains(List<T> items, T value)
                 {
                     var [|comparer|] = EqualityComparer<T>.Default;
                     foreach (var item in items)
                     {
                         if (comparer.Equals(y: value, x: item)) return true;
                     }

                     var i = 0;
                     while (i < items.Count && !comparer.Equals(x: items[i], y: value)) i++;
                     return i < items.Count;
                 }

                 int Hash(T value)
                 {
                     int Local(T v)
                     {
                         var [|c|] = EqualityComparer<T>.Default;
                         return c.GetHashCode(obj: v);
                     }

                     return Local(value);
                 }
             """),
        Wrap("""
                 bool Contains(List<T> items, T value)
                 {
                     foreach (var item in items)
                     {
                         if (EqualityComparer<T>.Default.Equals(y: value, x: item)) return true;
                     }

                     var i = 0;
                     while (i < items.Count && !EqualityComparer<T>.Default.Equals(x: items[i], y: value)) i++;
                     return i < items.Count;
                 }

                 int Hash(T value)
                 {
                     int Local(T v)
                     {
                         return EqualityComparer<T>.Default.GetHashCode(obj: v);
                     }

                     return Local(value);
                 }
             """)));

    [Fact]
    public Task Concrete_element_types_and_lambdas() => Verify(
        Wrap("""
                 bool Any(List<int> list, int value)
                 {
                     var [|ints|] = EqualityComparer<int>.Default;
                     return list.Exists(x => ints.Equals(x, value));
                 }
             """),
        Wrap("""
                 bool Any(List<int> list, int value)
                 {
                     return list.Exists(x => EqualityComparer<int>.Default.Equals(x, value));
                 }
             """));

    [Fact]
    public Task Message_names_the_local_and_the_target()
    {
        var test = Test(Wrap("    bool Same(T a, T b) { var {|#0:cmp|} = EqualityComparer<T>.Default; return cmp.Equals(a, b); }"),
            Wrap("    bool Same(T a, T b) { return EqualityComparer<T>.Default.Equals(a, b); }")).WithTargetFramework("net6.0");
        test.ExpectedDiagnostics.Add(RuleTest<PERF018DoNotHoistEqualityComparerDefaultAnalyzer, PERF018DoNotHoistEqualityComparerDefaultCodeFix>.Diagnostic()
            .WithLocation(0).WithMessage("'cmp' holds 'EqualityComparer<T>.Default', whose calls the JIT devirtualizes and inlines on .NET 6.0 only when made on the property itself; call 'EqualityComparer<T>.Default.Equals' directly"));
        return test.RunAsync();
    }

    /// <summary>On a .NET Standard or .NET Framework leg the hoisted local is the faster code: it stays there behind #if.</summary>
    [Fact]
    public Task Multi_targeted_project_keeps_the_local_for_other_legs() => Test(
            Wrap("""
                     bool Same(T a, T b)
                     {
                         var [|comparer|] = EqualityComparer<T>.Default;
                         return comparer.Equals(a, b);
                     }
                 """),
            Wrap("""
                 #if NETCOREAPP2_1_OR_GREATER
                     bool Same(T a, T b)
                     {
                         return EqualityComparer<T>.Default.Equals(a, b);
                     }
                 #else
                     bool Same(T a, T b)
                     {
                         var comparer = EqualityComparer<T>.Default;
                         return comparer.Equals(a, b);
                     }
                 #endif
                 """),
            TestReferences.Net80)
        .WithTargetFrameworks("netstandard2.0;net6.0", current: "net6.0")
        .RunAsync();

    // ---- Must not flag ----

    /// <summary>A type named EqualityComparer in another namespace is not the BCL's (the rule compares names first, then the type).</summary>
    [Fact]
    public Task A_comparer_class_of_another_namespace_is_not_flagged() => Verify("""
        namespace Mine
        {
            sealed class EqualityComparer<T>
            {
                public static EqualityComparer<T> Default { get; } = new EqualityComparer<T>();
                public bool Equals(T a, T b) => false;
            }

            sealed class C<T>
            {
                bool Same(T a, T b) { var comparer = EqualityComparer<T>.Default; return comparer.Equals(a, b); }
            }
        }
        """);

    [Fact]
    public Task A_comparer_that_may_be_the_callers_or_is_used_otherwise_is_not_flagged() => Verify(Wrap("""
            IEqualityComparer<T>? _field;
            bool A(T a, T b, IEqualityComparer<T>? given) { var c = given ?? EqualityComparer<T>.Default; return c.Equals(a, b); }
            bool B(T a, T b) { var c = EqualityComparer<T>.Default; if (a == null) c = EqualityComparer<T>.Create((x, y) => true); return c.Equals(a, b); }
            HashSet<T> D() { var c = EqualityComparer<T>.Default; return new HashSet<T>(c); }
            bool E(T a, T b) { var c = EqualityComparer<T>.Default; _field = c; return c.Equals(a, b); }
            bool F(T a) { var c = EqualityComparer<T>.Default; return c.Equals(a); }
            bool G(T a, T b) => EqualityComparer<T>.Default.Equals(a, b);
            void H() { var c = EqualityComparer<T>.Default; }
            """));

    /// <summary>
    /// .NET Framework and .NET Standard: the hoisted local is the faster code there. .NET 7 and later: on .NET 10 the two
    /// forms measure the same (docs/rules/PERF018.md), and .NET 7-9 are not measured.
    /// </summary>
    [Theory]
    [InlineData(TestReferences.Net472, "net472")]
    [InlineData(TestReferences.NetStandard20, "netstandard2.0")]
    [InlineData(TestReferences.Net80, "netcoreapp2.0")]
    [InlineData(TestReferences.Net80, "net7.0")]
    [InlineData(TestReferences.Net80, "net8.0")]
    [InlineData(TestReferences.Net100, "net10.0")]
    public Task Silent_where_the_hoisted_local_is_not_slower(TestReferences references, string moniker) => Test(
            Wrap("    bool Same(T a, T b) { var comparer = EqualityComparer<T>.Default; return comparer.Equals(a, b); }"),
            references: references)
        .WithTargetFramework(moniker)
        .RunAsync();

    [Fact]
    public Task Cold_code_is_not_flagged() => Verify(Wrap("""
            static readonly bool Ready = Init();
            static bool Init() => true;
            void Check(T a, T b)
            {
                try { }
                catch (Exception)
                {
                    var c = EqualityComparer<T>.Default;
                    if (!c.Equals(a, b)) { throw; }
                }
            }
            """));
}
