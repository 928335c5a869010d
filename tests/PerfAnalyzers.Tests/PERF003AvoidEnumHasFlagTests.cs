using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Types;
using PerfAnalyzers.Tests.Infrastructure;
using PerfAnalyzers.Types;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF003AvoidEnumHasFlagTests : RuleTests<PERF003AvoidEnumHasFlagAnalyzer, PERF003AvoidEnumHasFlagCodeFix, NetStandard20Target>
{
    private const string Header = "using System;\nusing System.IO;\n\n[Flags]\nenum E { None = 0, A = 1, B = 2, AB = A | B }\n\nenum Other { X = 1 }\n\n";

    private static string Wrap(string members) => Header + "class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Constant_flag(LanguageVersion version) => Languages.At(version, () => Verify(
            Wrap("    bool M(E value) => value.[|HasFlag|](E.A);"),
            Wrap("    bool M(E value) => (value & E.A) == E.A;")));

    /// <summary>#34: a named flag argument, a const local or const field flag, and the call in a lambda or local function.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_argument_const_flags_lambdas_and_local_functions(LanguageVersion version) => Languages.At(version, () => Verify(
        Wrap("""
                 const E Flag = E.B;
                 bool A(E value) => value.[|HasFlag|](flag: E.A);
                 bool B(E value)
                 {
                     const E local = E.AB;
                     Func<E, bool> f = v => v.[|HasFlag|](local);
                     bool Local(E v) => v.[|HasFlag|](Flag);
                     return f(value) && Local(value);
                 }
             """),
        Wrap("""
                 const E Flag = E.B;
                 bool A(E value) => (value & E.A) == E.A;
                 bool B(E value)
                 {
                     const E local = E.AB;
                     Func<E, bool> f = v => (v & local) == local;
                     bool Local(E v) => (v & Flag) == Flag;
                     return f(value) && Local(value);
                 }
             """)));

    [Fact]
    public Task Local_parameter_and_field_flags() => Verify(
        Wrap("""
                 E _flag = E.B;
                 static readonly E Both = E.AB;
                 bool P(E value, E flag) => value.[|HasFlag|](flag);
                 bool F(E value) => value.[|HasFlag|](_flag) || value.[|HasFlag|](Both);
                 bool L(E value) { var flag = E.A; return value.[|HasFlag|](flag); }
             """),
        Wrap("""
                 E _flag = E.B;
                 static readonly E Both = E.AB;
                 bool P(E value, E flag) => (value & flag) == flag;
                 bool F(E value) => (value & _flag) == _flag || (value & Both) == Both;
                 bool L(E value) { var flag = E.A; return (value & flag) == flag; }
             """));

    [Fact]
    public Task Constant_expression_flag_and_complex_receiver() => Verify(
        Wrap("""
                 E Get() => E.A;
                 bool M(E[] values, int i) => values[i].[|HasFlag|](E.A | E.B) && Get().[|HasFlag|](E.B);
             """),
        Wrap("""
                 E Get() => E.A;
                 bool M(E[] values, int i) => (values[i] & (E.A | E.B)) == (E.A | E.B) && (Get() & E.B) == E.B;
             """));

    [Fact]
    public Task Parentheses_kept_where_the_context_needs_them() => Verify(
        Wrap("""
                 bool Not(E value) => !value.[|HasFlag|](E.A);
                 bool Cast(int i) => ((E)i).[|HasFlag|](E.A);
                 bool Conditional(bool c, E a, E b) => (c ? a : b).[|HasFlag|](E.B);
                 bool Equals(E value, bool expected) => value.[|HasFlag|](E.A) == expected;
                 object Boxed(E value) => (object)value.[|HasFlag|](E.A);
                 bool Choice(bool c, E value) => c ? value.[|HasFlag|](E.A) : !value.[|HasFlag|]((E.B));
             """),
        Wrap("""
                 bool Not(E value) => (value & E.A) != E.A;
                 bool Cast(int i) => ((E)i & E.A) == E.A;
                 bool Conditional(bool c, E a, E b) => ((c ? a : b) & E.B) == E.B;
                 bool Equals(E value, bool expected) => ((value & E.A) == E.A) == expected;
                 object Boxed(E value) => (object)((value & E.A) == E.A);
                 bool Choice(bool c, E value) => c ? (value & E.A) == E.A : (value & E.B) != E.B;
             """));

    [Fact]
    public Task A_negated_test_becomes_not_equals() => Verify(
        Wrap("""
                 bool M(E value, bool other) => !value.[|HasFlag|](E.A) && other;
                 bool N(E value) => !value.[|HasFlag|](E.A) == false;
                 bool O(E value) => !!value.[|HasFlag|](E.A);
             """),
        Wrap("""
                 bool M(E value, bool other) => (value & E.A) != E.A && other;
                 bool N(E value) => ((value & E.A) != E.A) == false;
                 bool O(E value) => !((value & E.A) != E.A);
             """));

    [Fact]
    public Task Framework_enum_with_a_using_static_flag() => Verify(
        "using System.IO;\n\nclass C\n{\n    bool M(FileAccess access) => access.[|HasFlag|](FileAccess.Read);\n}\n",
        "using System.IO;\n\nclass C\n{\n    bool M(FileAccess access) => (access & FileAccess.Read) == FileAccess.Read;\n}\n");

    [Fact]
    public Task Statement_and_lambda_contexts() => Verify(
        Wrap("""
                 int Count(E[] values)
                 {
                     var n = 0;
                     foreach (var v in values)
                     {
                         if (v.[|HasFlag|](E.A)) n++;
                     }

                     System.Func<E, bool> f = v => v.[|HasFlag|](E.B);
                     return n + (f(E.B) ? 1 : 0);
                 }
             """),
        Wrap("""
                 int Count(E[] values)
                 {
                     var n = 0;
                     foreach (var v in values)
                     {
                         if ((v & E.A) == E.A) n++;
                     }

                     System.Func<E, bool> f = v => (v & E.B) == E.B;
                     return n + (f(E.B) ? 1 : 0);
                 }
             """));

    [Fact]
    public Task Flag_with_side_effects_is_reported_without_a_fix() => Verify(
        Wrap("""
                 E Next() => E.A;
                 bool M(E value) => value.[|HasFlag|](Next());
             """),
        Wrap("""
                 E Next() => E.A;
                 bool M(E value) => value.[|HasFlag|](Next());
             """));

    [Fact]
    public Task Conditional_access_is_reported_without_a_fix() => Verify(
        Wrap("""
                 class Holder { public E Value; }
                 bool? M(E? value, Holder? h) => value?.[|HasFlag|](E.A) ?? h?.Value.[|HasFlag|](E.B);
             """),
        Wrap("""
                 class Holder { public E Value; }
                 bool? M(E? value, Holder? h) => value?.[|HasFlag|](E.A) ?? h?.Value.[|HasFlag|](E.B);
             """));

    [Fact]
    public Task Message_names_the_call_the_target_and_the_rewrite()
    {
        var test = Test(Wrap("    bool M(E value) => value.{|#0:HasFlag|}(E.A);"));
        test.ExpectedDiagnostics.Add(RuleTest<PERF003AvoidEnumHasFlagAnalyzer, PERF003AvoidEnumHasFlagCodeFix>.Diagnostic().WithLocation(0).WithMessage("'value.HasFlag(E.A)' boxes both enum values on .NET Standard 2.0; use '(value & E.A) == E.A' instead"));
        return test.RunAsync();
    }

    [Fact]
    public Task Multi_targeted_project_gets_the_plain_fix_that_every_leg_compiles() => Test(
            Wrap("    bool M(E value) => value.[|HasFlag|](E.A);"),
            Wrap("    bool M(E value) => (value & E.A) == E.A;"))
        .WithTargetFrameworks("netstandard2.0;net472;net10.0", current: "netstandard2.0")
        .RunAsync();

    // ---- Must not flag ----

    [Fact]
    public Task Another_enum_type_as_the_flag_is_not_flagged() => Verify(Wrap("    bool M(E value) => value.HasFlag(Other.X);"));

    [Fact]
    public Task System_enum_receivers_and_arguments_are_not_flagged() => Verify(Wrap("""
            bool A(Enum value) => value.HasFlag(E.A);
            bool B(E value, Enum flag) => value.HasFlag(flag);
            bool G<T>(T value, T flag) where T : struct, Enum => value.HasFlag(flag);
        """));

    [Fact]
    public Task Expression_trees_are_not_flagged() => Verify(Wrap(
        "    System.Linq.Expressions.Expression<Func<E, bool>> M() => v => v.HasFlag(E.A);"));

    [Fact]
    public Task A_user_method_named_HasFlag_is_not_flagged() => Verify(Wrap("""
            class Bits { public bool HasFlag(E e) => true; }
            bool M(Bits b) => b.HasFlag(E.A);
        """));

    // ---- Target frameworks: both sides of .NET Core 2.1 ----

    [Theory]
    [InlineData("net45", true)]
    [InlineData("net472", true)]
    [InlineData("net48", true)]
    [InlineData("netstandard1.3", true)]
    [InlineData("netstandard2.0", true)]
    [InlineData("netstandard2.1", true)]
    [InlineData("netcoreapp2.0", true)]
    [InlineData("netcoreapp2.1", false)]
    [InlineData("netcoreapp3.1", false)]
    [InlineData("net5.0", false)]
    [InlineData("net6.0", false)]
    [InlineData("net10.0", false)]
    public Task Fires_only_before_net_core_2_1(string moniker, bool fires) =>
        Test(Wrap(fires ? "    bool M(E value) => value.[|HasFlag|](E.A);" : "    bool M(E value) => value.HasFlag(E.A);"), references: TestReferences.Net80)
            .WithTargetFramework(moniker)
            .RunAsync();

    [Fact]
    public Task Real_net_framework_4_7_2_references() => Verify(
        Wrap("    bool M(E value) => value.[|HasFlag|](E.A);"),
        Wrap("    bool M(E value) => (value & E.A) == E.A;"),
        TestReferences.Net472);

    [Fact]
    public Task Real_net_8_references_are_silent() => Verify(Wrap("    bool M(E value) => value.HasFlag(E.A);"), references: TestReferences.Net80);

    [Fact]
    public Task Unknown_target_is_silent() => Test(
            TargetFrameworks.MinimalCoreLibrary + "\n\nenum F { A = 1 }\n\nclass C\n{\n    bool M(F value) => value.HasFlag(F.A);\n}\n",
            references: TestReferences.None)
        .RunAsync();

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF003AvoidEnumHasFlagAnalyzer, PERF003AvoidEnumHasFlagCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     bool A(E value) => value.HasFlag();
                     bool B(E value) => value.HasFlag(E.A, E.B);
                     bool C(E value) => value.HasFlag(Missing);
                     bool D(Missing value) => value.HasFlag(E.A);
                     bool F(E value) => value.[|HasFlag|](E.A
             """),
        },
        References = TestReferences.NetStandard20,
        AllowCompilerErrors = true,
    }.RunAsync();
}
