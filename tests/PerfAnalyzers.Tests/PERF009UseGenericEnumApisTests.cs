using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Types;
using PerfAnalyzers.Tests.Infrastructure;
using PerfAnalyzers.Types;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF009UseGenericEnumApisTests : RuleTests<PERF009UseGenericEnumApisAnalyzer, PERF009UseGenericEnumApisCodeFix>
{
    private const string Header = "using System;\nusing System.Collections.Generic;\n\nenum E { A, B, C }\n\nenum Other { X }\n\n";

    private static string Wrap(string members) => Header + "static class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task At_each_language_version(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("    static bool D(E value) => Enum.[|IsDefined|](typeof(E), value);\n    static string N(E value) => Enum.[|GetName|](typeof(E), value);"),
        Wrap("    static bool D(E value) => Enum.IsDefined(value);\n    static string N(E value) => Enum.GetName(value);")));

    // ---- Multi-targeted projects: the generic overloads are .NET 5+ (Parse<T> .NET Core 2.0+ / .NET Standard 2.1) ----

    [Fact]
    public Task Other_legs_without_the_generic_overloads_keep_the_old_code_behind_if() =>
        RuleTest<PERF009UseGenericEnumApisAnalyzer, PERF009UseGenericEnumApisCodeFix>.Create(
                Wrap("    static bool D(E value) => Enum.[|IsDefined|](typeof(E), value);\n    static E P(string s) => (E)Enum.[|Parse|](typeof(E), s);"),
                Wrap("#if NET5_0_OR_GREATER\n    static bool D(E value) => Enum.IsDefined(value);\n#else\n    static bool D(E value) => Enum.IsDefined(typeof(E), value);\n#endif\n" +
                     "#if NETCOREAPP2_0_OR_GREATER || NETSTANDARD2_1_OR_GREATER\n    static E P(string s) => Enum.Parse<E>(s);\n#else\n    static E P(string s) => (E)Enum.Parse(typeof(E), s);\n#endif"),
                TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
            .RunAsync();

    [Fact]
    public Task IsDefined_and_GetName_lose_the_type_argument() => Verify(
        Wrap("""
                 static bool D(E value) => Enum.[|IsDefined|](typeof(E), value);
                 static string? N(E value) => Enum.[|GetName|](typeof(E), value);
                 static bool K() => Enum.[|IsDefined|](typeof(E), E.B);
             """),
        Wrap("""
                 static bool D(E value) => Enum.IsDefined(value);
                 static string? N(E value) => Enum.GetName(value);
                 static bool K() => Enum.IsDefined(E.B);
             """));

    [Fact]
    public Task GetValues_cast_to_the_array_type_loses_the_cast() => Verify(
        Wrap("""
                 static E[] V() => (E[])Enum.[|GetValues|](typeof(E));
                 static int Count() => ((E[])Enum.[|GetValues|](typeof(E))).Length;
                 static E[] Parenthesized() => (E[])(Enum.[|GetValues|](typeof(E)));
             """),
        Wrap("""
                 static E[] V() => Enum.GetValues<E>();
                 static int Count() => Enum.GetValues<E>().Length;
                 static E[] Parenthesized() => Enum.GetValues<E>();
             """));

    /// <summary>#34: typeof named in place with a positional value after it (C# 7.2), lambdas, local functions, while loops, const names.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_in_place_lambdas_local_functions_and_loops(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 const string Name = "B";
                 static int M(E v, string s)
                 {
                     Func<E, bool> defined = x => Enum.[|IsDefined|](enumType: typeof(E), x);
                     E Parse() => (E)Enum.[|Parse|](typeof(E), Name, ignoreCase: true);
                     var n = 0;
                     var values = (E[])Enum.[|GetValues|](enumType: typeof(E));
                     while (n < values.Length && defined(values[n])) n++;
                     return n + (int)Parse();
                 }
             """),
        Wrap("""
                 const string Name = "B";
                 static int M(E v, string s)
                 {
                     Func<E, bool> defined = x => Enum.IsDefined(x);
                     E Parse() => Enum.Parse<E>(Name, ignoreCase: true);
                     var n = 0;
                     var values = Enum.GetValues<E>();
                     while (n < values.Length && defined(values[n])) n++;
                     return n + (int)Parse();
                 }
             """)));

    [Fact]
    public Task GetValues_enumerated_as_the_enum_type() => Verify(
        Wrap("""
                 static int Sum()
                 {
                     var sum = 0;
                     foreach (E e in Enum.[|GetValues|](typeof(E)))
                     {
                         sum += (int)e;
                     }

                     return sum;
                 }
             """),
        Wrap("""
                 static int Sum()
                 {
                     var sum = 0;
                     foreach (E e in Enum.GetValues<E>())
                     {
                         sum += (int)e;
                     }

                     return sum;
                 }
             """));

    [Fact]
    public Task Parse_cast_to_the_enum_type_with_and_without_ignore_case() => Verify(
        Wrap("""
                 static E P(string s) => (E)Enum.[|Parse|](typeof(E), s);
                 static E I(string s) => (E)Enum.[|Parse|](typeof(E), s, true);
                 static string T(string s) => ((E)Enum.[|Parse|](typeof(E), s)).ToString();
             """),
        Wrap("""
                 static E P(string s) => Enum.Parse<E>(s);
                 static E I(string s) => Enum.Parse<E>(s, true);
                 static string T(string s) => Enum.Parse<E>(s).ToString();
             """));

    [Fact]
    public Task Qualified_receiver_framework_enum_and_nested_calls() => Verify(
        Wrap("""
                 static bool D(DayOfWeek d) => System.Enum.[|IsDefined|](typeof(DayOfWeek), d);
                 static string? Nested(string s) => Enum.[|GetName|](typeof(E), (E)Enum.[|Parse|](typeof(E), s));
             """),
        Wrap("""
                 static bool D(DayOfWeek d) => System.Enum.IsDefined(d);
                 static string? Nested(string s) => Enum.GetName(Enum.Parse<E>(s));
             """));

    [Fact]
    public Task Using_static_enum() => Verify(
        "using System;\nusing static System.Enum;\n\nenum E { A }\n\nstatic class C\n{\n    static E[] V() => (E[])[|GetValues|](typeof(E));\n}\n",
        "using System;\nusing static System.Enum;\n\nenum E { A }\n\nstatic class C\n{\n    static E[] V() => GetValues<E>();\n}\n");

    [Fact]
    public Task Message_names_the_call_and_the_rewrite()
    {
        var test = Test(Wrap("    static E[] V() => (E[])Enum.{|#0:GetValues|}(typeof(E));"));
        test.ExpectedDiagnostics.Add(RuleTest<PERF009UseGenericEnumApisAnalyzer, PERF009UseGenericEnumApisCodeFix>.Diagnostic().WithLocation(0).WithMessage("'(E[])Enum.GetValues(typeof(E))' looks the enum up through a Type and boxes; use 'Enum.GetValues<E>()' instead"));
        return test.RunAsync();
    }

    // ---- Must not flag ----

    [Fact]
    public Task GetValues_used_as_an_Array_or_enumerated_loosely_is_not_flagged() => Verify(Wrap("""
            static Array A() => Enum.GetValues(typeof(E));
            static int L() => Enum.GetValues(typeof(E)).Length;
            static int Var()
            {
                var n = 0;
                foreach (var x in Enum.GetValues(typeof(E))) n++;
                foreach (int i in Enum.GetValues(typeof(E))) n += i;
                foreach (object o in Enum.GetValues(typeof(E))) n++;
                return n;
            }
            static object[] Other() => (object[])Enum.GetValues(typeof(E));
            static IEnumerable<E> Cast() => (IEnumerable<E>)Enum.GetValues(typeof(E));
        """));

    [Fact]
    public Task Values_not_of_the_enum_type_are_not_flagged() => Verify(Wrap("""
            static bool I(int v) => Enum.IsDefined(typeof(E), v);
            static bool S(string v) => Enum.IsDefined(typeof(E), v);
            static bool O(object v) => Enum.IsDefined(typeof(E), v);
            static bool W(Other v) => Enum.IsDefined(typeof(E), v);
            static string? N(E? v) => Enum.GetName(typeof(E), v!);
            static string? G(int v) => Enum.GetName(typeof(E), v);
        """));

    [Fact]
    public Task Type_variables_generics_and_System_Enum_are_not_flagged() => Verify(Wrap("""
            static Array V(Type t) => Enum.GetValues(t);
            static bool D(Type t, object v) => Enum.IsDefined(t, v);
            static T[] G<T>() where T : struct, Enum => (T[])Enum.GetValues(typeof(T));
            static object P(string s) => Enum.Parse(typeof(E), s);
            static Enum Q(string s) => (Enum)Enum.Parse(typeof(E), s);
            static Array S() => Enum.GetValues(typeof(Enum));
        """));

    [Fact]
    public Task GetNames_is_not_flagged() => Verify(Wrap("    static string[] N() => Enum.GetNames(typeof(E));"));

    /// <summary>
    /// One member needs two APIs of different ages (IsDefined&lt;T&gt; .NET 5, Parse&lt;T&gt; .NET Core 2.0): each statement
    /// is taken where its own API exists (a netcoreapp3.1 leg takes the first only).
    /// </summary>
    [Fact]
    public Task A_member_needing_two_apis_guards_each_statement_by_its_own_condition()
    {
        var test = Test(
            Wrap("""
                     static E Checked(string s)
                     {
                         var value = (E)Enum.[|Parse|](typeof(E), s);
                         return Enum.[|IsDefined|](typeof(E), value) ? value : E.A;
                     }
                 """),
            // One fix at a time: each statement under its own API's condition.
            Wrap("""
                     static E Checked(string s)
                     {
                 #if NETCOREAPP2_0_OR_GREATER || NETSTANDARD2_1_OR_GREATER
                         var value = Enum.Parse<E>(s);
                 #else
                         var value = (E)Enum.Parse(typeof(E), s);
                 #endif
                 #if NET5_0_OR_GREATER
                         return Enum.IsDefined(value) ? value : E.A;
                 #else
                         return Enum.IsDefined(typeof(E), value) ? value : E.A;
                 #endif
                     }
                 """));
        // Fix All gives the same: each statement under its own API's condition (a guard never copies the member for two
        // changes; each change compiles under its own condition, whatever the other's).
        test.BatchFixedCode = Wrap("""
                     static E Checked(string s)
                     {
                 #if NETCOREAPP2_0_OR_GREATER || NETSTANDARD2_1_OR_GREATER
                         var value = Enum.Parse<E>(s);
                 #else
                         var value = (E)Enum.Parse(typeof(E), s);
                 #endif
                 #if NET5_0_OR_GREATER
                         return Enum.IsDefined(value) ? value : E.A;
                 #else
                         return Enum.IsDefined(typeof(E), value) ? value : E.A;
                 #endif
                     }
                 """);
        test.WithTargetFrameworks("netstandard2.0;net8.0", current: "net8.0").OtherLegs.Clear();
        return test.RunAsync();
    }

    [Fact]
    public Task Named_and_reordered_arguments_are_flagged_and_keep_their_names() => Verify(
        Wrap("""
                 static bool D(E v) => Enum.[|IsDefined|](value: v, enumType: typeof(E));
                 static E I(string text) => (E)Enum.[|Parse|](typeof(E), text, ignoreCase: true);
                 static E R(string text) => (E)Enum.[|Parse|](value: text, enumType: typeof(E));
                 static E A(string text) => (E)Enum.[|Parse|](enumType: typeof(E), value: text, ignoreCase: false);
             """),
        Wrap("""
                 static bool D(E v) => Enum.IsDefined(value: v);
                 static E I(string text) => Enum.Parse<E>(text, ignoreCase: true);
                 static E R(string text) => Enum.Parse<E>(value: text);
                 static E A(string text) => Enum.Parse<E>(value: text, ignoreCase: false);
             """));

    [Fact]
    public Task Expression_trees_are_not_flagged() => Verify(Wrap(
        "    static System.Linq.Expressions.Expression<Func<E, bool>> M() => v => Enum.IsDefined(typeof(E), v);"));

    [Fact]
    public Task A_user_type_named_Enum_is_not_flagged() => Verify(
        "using System;\n\nenum E { A }\n\nstatic class Enum\n{\n    public static bool IsDefined(Type t, object v) => true;\n}\n\nstatic class C\n{\n    static bool D(E v) => Enum.IsDefined(typeof(E), v);\n}\n");

    // ---- Target frameworks: the generic overloads win from .NET 6 ----

    [Theory]
    [InlineData("net472", false)]
    [InlineData("netstandard2.0", false)]
    [InlineData("netstandard2.1", false)]
    [InlineData("netcoreapp3.1", false)]
    [InlineData("net5.0", false)]
    [InlineData("net6.0", true)]
    [InlineData("net8.0", true)]
    [InlineData("net10.0", true)]
    public Task Fires_from_net_6(string moniker, bool fires) =>
        Test(Wrap(fires ? "    static bool D(E v) => Enum.[|IsDefined|](typeof(E), v);" : "    static bool D(E v) => Enum.IsDefined(typeof(E), v);"),
                fires ? Wrap("    static bool D(E v) => Enum.IsDefined(v);") : null)
            .WithTargetFramework(moniker)
            .RunAsync();

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task Real_references_without_the_generic_overloads_are_silent(TestReferences references) => Verify(Wrap("""
            static bool D(E v) => Enum.IsDefined(typeof(E), v);
            static E[] V() => (E[])Enum.GetValues(typeof(E));
            static E P(string s) => (E)Enum.Parse(typeof(E), s);
        """), references: references);

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF009UseGenericEnumApisAnalyzer, PERF009UseGenericEnumApisCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     static bool A(E v) => Enum.IsDefined(typeof(E));
                     static bool B(E v) => Enum.IsDefined(typeof(Missing), v);
                     static E[] V() => (E[])Enum.[|GetValues|](typeof(E)
                     static E P(string s) => (E)Enum.Parse(typeof(), s);
             """),
        },
        References = TestReferences.Net80,
        AllowCompilerErrors = true,
    }.RunAsync();
}
