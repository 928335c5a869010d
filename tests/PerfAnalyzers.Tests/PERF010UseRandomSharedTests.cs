using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.CodeFixes.Types;
using PerfAnalyzers.Tests.Infrastructure;
using PerfAnalyzers.Types;
using Xunit;

namespace PerfAnalyzers.Tests;

public class PERF010UseRandomSharedTests : RuleTests<PERF010UseRandomSharedAnalyzer, PERF010UseRandomSharedCodeFix>
{
    private const string Header = "using System;\nusing System.Collections.Generic;\nusing System.Threading.Tasks;\n\n";

    private static string Wrap(string members) => Header + "sealed class C\n{\n" + members + "\n}\n";

    // ---- Flagged shapes and the fix ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Receiver_of_one_call(LanguageVersion version) => Languages.At(version, () => Verify(
            Wrap("""
                     int Roll() => [|new Random()|].Next(1, 7);
                     double D() => [|new Random()|].NextDouble();
                     void Fill(byte[] buffer) => [|new Random()|].NextBytes(buffer);
                     int Target() => [|new Random()|].Next();
                     int Wrapped() => (([|new Random()|])).Next(2);
                 """),
            Wrap("""
                     int Roll() => Random.Shared.Next(1, 7);
                     double D() => Random.Shared.NextDouble();
                     void Fill(byte[] buffer) => Random.Shared.NextBytes(buffer);
                     int Target() => Random.Shared.Next();
                     int Wrapped() => Random.Shared.Next(2);
                 """)));

    /// <summary>#34: named and reordered arguments, a lambda, a local function, a foreach body.</summary>
    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task Named_arguments_lambdas_and_loops(LanguageVersion version) => Languages.At(version, () => Verify(
            Wrap("""
                     int Roll() => [|new Random()|].Next(maxValue: 7, minValue: 1);
                     int Sum(int[] items)
                     {
                         Func<int> f = () => [|new Random()|].Next(maxValue: 6);
                         int Local() => [|new Random()|].Next(1, maxValue: 3);
                         var random = [|new Random()|];
                         var sum = f() + Local();
                         foreach (var item in items) sum += random.Next(minValue: 0, maxValue: item);
                         return sum;
                     }
                 """),
            Wrap("""
                     int Roll() => Random.Shared.Next(maxValue: 7, minValue: 1);
                     int Sum(int[] items)
                     {
                         Func<int> f = () => Random.Shared.Next(maxValue: 6);
                         int Local() => Random.Shared.Next(1, maxValue: 3);
                         var sum = f() + Local();
                         foreach (var item in items) sum += Random.Shared.Next(minValue: 0, maxValue: item);
                         return sum;
                     }
                 """)));

    /// <summary>#34: a target-typed new (C# 9) is the same creation.</summary>
    [Fact]
    public Task Target_typed_new() => Verify(
            Wrap("""
                     int Roll()
                     {
                         Random random = [|new()|];
                         return random.Next(6);
                     }
                 """),
            Wrap("""
                     int Roll()
                     {
                         return Random.Shared.Next(6);
                     }
                 """));

    [Fact]
    public Task Local_used_only_to_draw_values_goes_away() => Verify(
        Wrap("""
                 int Sum(int n)
                 {
                     var random = [|new Random()|];
                     var sum = 0;
                     for (var i = 0; i < n; i++)
                     {
                         sum += random.Next(10);
                     }

                     return sum + (int)(random.NextDouble() * 10);
                 }
             """),
        Wrap("""
                 int Sum(int n)
                 {
                     var sum = 0;
                     for (var i = 0; i < n; i++)
                     {
                         sum += Random.Shared.Next(10);
                     }

                     return sum + (int)(Random.Shared.NextDouble() * 10);
                 }
             """));

    [Fact]
    public Task Typed_and_target_typed_locals_keep_a_comment_above_them() => Verify(
        Wrap("""
                 int A()
                 {
                     Random r = [|new()|];
                     return r.Next();
                 }

                 int B()
                 {
                     // a random pick
                     Random r = [|new Random()|];
                     return r.Next(3);
                 }
             """),
        Wrap("""
                 int A()
                 {
                     return Random.Shared.Next();
                 }

                 int B()
                 {
                     // a random pick
                     return Random.Shared.Next(3);
                 }
             """));

    [Fact]
    public Task Local_inside_a_lambda_and_an_async_method() => Verify(
        Wrap("""
                 Func<int> F() => () => { var r = [|new Random()|]; return r.Next(); };

                 async Task<int> G()
                 {
                     var r = [|new Random()|];
                     await Task.Yield();
                     return r.Next();
                 }
             """),
        Wrap("""
                 Func<int> F() => () => { return Random.Shared.Next(); };

                 async Task<int> G()
                 {
                     await Task.Yield();
                     return Random.Shared.Next();
                 }
             """));

    [Fact]
    public Task A_type_member_named_Random_does_not_hide_the_fix() => Verify(
        Header + "sealed class C\n{\n    int Random => 4;\n\n    int M() => [|new System.Random()|].Next(Random);\n}\n",
        Header + "sealed class C\n{\n    int Random => 4;\n\n    int M() => System.Random.Shared.Next(Random);\n}\n");

    [Fact]
    public Task Top_level_statements() => new RuleTest<PERF010UseRandomSharedAnalyzer, PERF010UseRandomSharedCodeFix>()
    {
        Sources = { "using System;\n\nvar r = [|new Random()|];\nConsole.WriteLine(r.Next());\n" },
        FixedSources = { "using System;\n\nConsole.WriteLine(Random.Shared.Next());\n" },
        OutputKind = Microsoft.CodeAnalysis.OutputKind.ConsoleApplication,
    }.RunAsync();

    // ---- Newer language shapes ----

    [CSharpFact(12)]
    public Task In_a_class_with_a_primary_constructor() => Verify(
        Header + "sealed class Dice(int sides)\n{\n    public int Roll() => [|new Random()|].Next(1, sides + 1);\n}\n",
        Header + "sealed class Dice(int sides)\n{\n    public int Roll() => Random.Shared.Next(1, sides + 1);\n}\n");

    [CSharpFact(14)]
    public Task In_an_accessor_that_uses_the_field_keyword() => Verify(
        Wrap("    public int Seed { get; set => field = value + [|new Random()|].Next(); }"),
        Wrap("    public int Seed { get; set => field = value + Random.Shared.Next(); }"));

    // ---- Multi-targeted projects: Random.Shared is .NET 6+, so a netstandard2.0 or net472 leg keeps new Random() ----

    [Fact]
    public Task Other_legs_without_random_shared_keep_the_old_code_behind_if() =>
        RuleTest<PERF010UseRandomSharedAnalyzer, PERF010UseRandomSharedCodeFix>.Create(
                Wrap("""
                         int Roll() => [|new Random()|].Next(1, 7);

                         int Sum()
                         {
                             var total = 0;
                             total += [|new Random()|].Next(10);
                             return total;
                         }
                     """),
                Wrap("""
                     #if NET6_0_OR_GREATER
                         int Roll() => Random.Shared.Next(1, 7);
                     #else
                         int Roll() => new Random().Next(1, 7);
                     #endif

                         int Sum()
                         {
                             var total = 0;
                     #if NET6_0_OR_GREATER
                             total += Random.Shared.Next(10);
                     #else
                             total += new Random().Next(10);
                     #endif
                             return total;
                         }
                     """),
                TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net472;net10.0", current: "net10.0")
            .RunAsync();

    /// <summary>
    /// A local used in a long method: behind #if only its declaration changes (5 lines of guard), instead of the whole
    /// method copied into both branches to inline every use (a reviewer sent that back on a netstandard2.0;net10.0 library).
    /// </summary>
    [Fact]
    public Task A_local_in_a_multi_targeted_project_guards_only_its_declaration() =>
        RuleTest<PERF010UseRandomSharedAnalyzer, PERF010UseRandomSharedCodeFix>.Create(
                Wrap("""
                         int[] Shuffle(int[] items)
                         {
                             var random = [|new Random()|];
                             for (var i = items.Length - 1; i > 0; i--)
                             {
                                 var j = random.Next(i + 1);
                                 var swap = items[i];
                                 items[i] = items[j];
                                 items[j] = swap;
                             }

                             return items;
                         }
                     """),
                Wrap("""
                         int[] Shuffle(int[] items)
                         {
                     #if NET6_0_OR_GREATER
                             var random = Random.Shared;
                     #else
                             var random = new Random();
                     #endif
                             for (var i = items.Length - 1; i > 0; i--)
                             {
                                 var j = random.Next(i + 1);
                                 var swap = items[i];
                                 items[i] = items[j];
                                 items[j] = swap;
                             }

                             return items;
                         }
                     """),
                TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
            .RunAsync();

    /// <summary>Two changed lines of a ten-line method: two small guards, not the method copied into both branches.</summary>
    [Fact]
    public Task Two_changes_in_a_short_method_keep_their_own_guards() =>
        RuleTest<PERF010UseRandomSharedAnalyzer, PERF010UseRandomSharedCodeFix>.Create(
                Wrap("""
                         int Dice(int rolls)
                         {
                             var total = 0;
                             for (var i = 0; i < rolls; i++)
                             {
                                 total += [|new Random()|].Next(1, 7);
                             }

                             return total + [|new Random()|].Next(2);
                         }
                     """),
                Wrap("""
                         int Dice(int rolls)
                         {
                             var total = 0;
                             for (var i = 0; i < rolls; i++)
                             {
                     #if NET6_0_OR_GREATER
                                 total += Random.Shared.Next(1, 7);
                     #else
                                 total += new Random().Next(1, 7);
                     #endif
                             }

                     #if NET6_0_OR_GREATER
                             return total + Random.Shared.Next(2);
                     #else
                             return total + new Random().Next(2);
                     #endif
                         }
                     """),
                TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0")
            .RunAsync();

    [Fact]
    public Task Legs_that_all_have_random_shared_get_the_plain_fix() =>
        RuleTest<PERF010UseRandomSharedAnalyzer, PERF010UseRandomSharedCodeFix>.Create(
                Wrap("    int Roll() => [|new Random()|].Next(1, 7);"),
                Wrap("    int Roll() => Random.Shared.Next(1, 7);"),
                TestReferences.Net100)
            .WithTargetFrameworks("net8.0;net10.0", current: "net10.0")
            .RunAsync();

    [Fact]
    public Task All_legs_option_reports_only_where_every_leg_can_take_the_fix()
    {
        var test = RuleTest<PERF010UseRandomSharedAnalyzer, PERF010UseRandomSharedCodeFix>.Create(
                Wrap("    int Roll() => new Random().Next(1, 7);"),
                references: TestReferences.Net100)
            .WithTargetFrameworks("netstandard2.0;net10.0", current: "net10.0");
        test.Options["perf_analyzers.multi_targeting"] = "all_legs";
        return test.RunAsync();
    }

    // ---- Must not flag ----

    [Fact]
    public Task Seeded_and_derived_randoms_are_not_flagged() => Verify(Wrap("""
            sealed class MyRandom : Random { }
            int A() => new Random(42).Next();
            int B(int seed) { var r = new Random(seed); return r.Next(); }
            int D() => new MyRandom().Next();
            int E() { var r = new MyRandom(); return r.Next(); }
        """));

    [Fact]
    public Task Instances_that_escape_are_not_flagged() => Verify(Wrap("""
            Random _field = new Random();
            static readonly Random Shared = new Random();
            Random Property { get; } = new Random();
            Random Returned() => new Random();
            Random ReturnedLocal() { var r = new Random(); r.Next(); return r; }
            void Use(Random r) { }
            void Passed() => Use(new Random());
            void PassedLocal() { var r = new Random(); r.Next(); Use(r); }
            void Stored() { var r = new Random(); r.Next(); _field = r; }
            Func<int> Captured() { var r = new Random(); return () => r.Next(); }
            int LocalFunction() { var r = new Random(); return Draw(); int Draw() => r.Next(); }
            List<Random> Listed() => new List<Random> { new Random() };
        """));

    [Fact]
    public Task Reassigned_locked_compared_or_object_members_are_not_flagged() => Verify(Wrap("""
            int Reassigned() { var r = new Random(); r = new Random(5); return r.Next(); }
            int Locked() { var r = new Random(); lock (r) { return r.Next(); } }
            bool Compared(Random other) { var r = new Random(); r.Next(); return r == other; }
            Type Typed() { var r = new Random(); r.Next(); return r.GetType(); }
            int Hash() => new Random().GetHashCode();
            string Text() => new Random().ToString()!;
            int Unused() { var r = new Random(); return 0; }
            int Pair() { Random a = new Random(), b = new Random(); return a.Next() + b.Next(); }
            int Conditional() => new Random()?.Next() ?? 0;
            int Init() { var r = new Random() { }; return r.Next(); }
            int OutArg() { var r = new Random(); return Out(ref r); }
            static int Out(ref Random r) => r.Next();
        """));

    [Fact]
    public Task Expression_trees_are_not_flagged() => Verify(Wrap(
        "    System.Linq.Expressions.Expression<Func<int>> M() => () => new Random().Next();"));

    // ---- Target frameworks: Random.Shared exists from .NET 6 ----

    [Theory]
    [InlineData(TestReferences.NetStandard20)]
    [InlineData(TestReferences.Net472)]
    public Task Targets_without_Random_Shared_are_silent(TestReferences references) => Verify(
        Wrap("    int Roll() => new Random().Next(1, 7);\n    int L() { var r = new Random(); return r.Next(); }"), references: references);

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF010UseRandomSharedAnalyzer, PERF010UseRandomSharedCodeFix>()
    {
        Sources =
        {
            Wrap("""
                     int A() => new Random(.Next();
                     int B() { var r = [|new Random(|]; return r.Next(); }
                     int C() => new Random().Missing();
                     int D() { var r = [|new Random()|] return r.Next(); }
             """),
        },
        References = TestReferences.Net80,
        AllowCompilerErrors = true,
    }.RunAsync();
}
