using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Async;
using PerfAnalyzers.CodeFixes.Async;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF007CacheTaskFromResultTests : RuleTests<PERF007CacheTaskFromResultAnalyzer, PERF007CacheTaskFromResultCodeFix, NetStandard20Target>
{
    private const string Usings = "using System;\nusing System.Threading.Tasks;\n\n";

    // ---- Flagged shapes and the fix ----

    /// <summary>The new field follows the type's own private static fields: s_camel, _camel or PascalCase.</summary>
    [Theory]
    [InlineData("s_cache", "s_trueTask")]
    [InlineData("_cache", "_trueTask")]
    [InlineData("Cache", "TrueTask")]
    [InlineData("cache", "trueTask")]
    public Task The_new_field_follows_the_style_of_the_types_static_fields(string existing, string expected) => Verify(
        Usings + $$"""
        class C
        {
            private static readonly object {{existing}} = new object();

            Task<bool> A() => Task.[|FromResult|](true);
        }
        """,
        Usings + $$"""
        class C
        {
            private static readonly Task<bool> {{expected}} = Task.FromResult(true);
            private static readonly object {{existing}} = new object();

            Task<bool> A() => {{expected}};
        }
        """);

    /// <summary>An .editorconfig naming rule for private static fields wins over the fields already there.</summary>
    [Fact]
    public Task The_new_field_follows_the_editorconfig_naming_rule()
    {
        var test = Test(
            Usings + """
            class C
            {
                private static readonly object Cache = new object();

                Task<bool> A() => Task.[|FromResult|](false);
            }
            """,
            Usings + """
            class C
            {
                private static readonly Task<bool> s_falseTask = Task.FromResult(false);
                private static readonly object Cache = new object();

                Task<bool> A() => s_falseTask;
            }
            """);
        // The more specific rule (private static fields) wins over the general one (private fields, _camel).
        test.Options["dotnet_naming_rule.private_fields.symbols"] = "private_fields";
        test.Options["dotnet_naming_rule.private_fields.style"] = "underscore";
        test.Options["dotnet_naming_rule.private_fields.severity"] = "suggestion";
        test.Options["dotnet_naming_symbols.private_fields.applicable_kinds"] = "field";
        test.Options["dotnet_naming_symbols.private_fields.applicable_accessibilities"] = "private";
        test.Options["dotnet_naming_style.underscore.required_prefix"] = "_";
        test.Options["dotnet_naming_style.underscore.capitalization"] = "camel_case";
        test.Options["dotnet_naming_rule.static_fields.symbols"] = "static_fields";
        test.Options["dotnet_naming_rule.static_fields.style"] = "s_prefix";
        test.Options["dotnet_naming_rule.static_fields.severity"] = "suggestion";
        test.Options["dotnet_naming_symbols.static_fields.applicable_kinds"] = "field";
        test.Options["dotnet_naming_symbols.static_fields.applicable_accessibilities"] = "private";
        test.Options["dotnet_naming_symbols.static_fields.required_modifiers"] = "static";
        test.Options["dotnet_naming_style.s_prefix.required_prefix"] = "s_";
        test.Options["dotnet_naming_style.s_prefix.capitalization"] = "camel_case";
        return test.RunAsync();
    }

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task True_and_false_get_one_field_each(LanguageVersion version) => Languages.At(version, () => Verify(
        Usings + """
        class C
        {
            Task<bool> A() => Task.[|FromResult|](true);
            Task<bool> B(int i) => i > 0 ? Task.[|FromResult|](false) : Task.[|FromResult|](true);
            Task<bool> D() => Task.[|FromResult|]<bool>(false);
        }
        """,
        Usings + """
        class C
        {
            private static readonly Task<bool> TrueTask = Task.FromResult(true);
            private static readonly Task<bool> FalseTask = Task.FromResult(false);

            Task<bool> A() => TrueTask;
            Task<bool> B(int i) => i > 0 ? FalseTask : TrueTask;
            Task<bool> D() => FalseTask;
        }
        """));

    [Fact]
    public Task Constant_bool_expressions() => Verify(
        Usings + """
        class C
        {
            const bool Enabled = true;
            Task<bool> A() => Task.[|FromResult|](Enabled);
            Task<bool> B() => Task.[|FromResult|](!Enabled);
        }
        """,
        Usings + """
        class C
        {
            private static readonly Task<bool> TrueTask = Task.FromResult(true);
            private static readonly Task<bool> FalseTask = Task.FromResult(false);
            const bool Enabled = true;
            Task<bool> A() => TrueTask;
            Task<bool> B() => FalseTask;
        }
        """);

    [Fact]
    public Task Reuses_an_existing_suitable_field() => Verify(
        Usings + """
        class C
        {
            private static readonly Task<bool> s_done = Task.FromResult<bool>(true);
            private static readonly Task<bool> s_no = Task.FromResult(false);

            Task<bool> A() => Task.[|FromResult|](true);
            Task<bool> B() => Task.[|FromResult|](false);
        }
        """,
        Usings + """
        class C
        {
            private static readonly Task<bool> s_done = Task.FromResult<bool>(true);
            private static readonly Task<bool> s_no = Task.FromResult(false);

            Task<bool> A() => s_done;
            Task<bool> B() => s_no;
        }
        """);

    [Fact]
    public Task Unsuitable_fields_are_not_reused_and_names_do_not_clash() => Verify(
        Usings + """
        class C
        {
            static Task<bool> TrueTask = Task.FromResult(true);
            readonly Task<bool> TrueTask1 = Task.[|FromResult|](true);
            static readonly Task<bool> TrueTask2 = Task.FromResult(false);
            static readonly Task<object> TrueTask3 = Task.FromResult<object>(true);

            Task<bool> A(int TrueTask4) => Task.[|FromResult|](true);
            Task<bool> B() { var TrueTask5 = 1; _ = TrueTask5; return Task.[|FromResult|](true); }
        }
        """,
        Usings + """
        class C
        {
            private static readonly Task<bool> TrueTask6 = Task.FromResult(true);
            static Task<bool> TrueTask = Task.FromResult(true);
            readonly Task<bool> TrueTask1 = TrueTask6;
            static readonly Task<bool> TrueTask2 = Task.FromResult(false);
            static readonly Task<object> TrueTask3 = Task.FromResult<object>(true);

            Task<bool> A(int TrueTask4) => TrueTask6;
            Task<bool> B() { var TrueTask5 = 1; _ = TrueTask5; return TrueTask6; }
        }
        """);

    [Fact]
    public Task Inherited_and_outer_names_are_avoided() => Verify(
        Usings + """
        class Base { protected static readonly int TrueTask = 1; }

        class Outer
        {
            static readonly int FalseTask = 2;

            class Inner : Base
            {
                Task<bool> A() => Task.[|FromResult|](true);
                Task<bool> B() => Task.[|FromResult|](false);
                int Use() => TrueTask + FalseTask;
            }
        }
        """,
        Usings + """
        class Base { protected static readonly int TrueTask = 1; }

        class Outer
        {
            static readonly int FalseTask = 2;

            class Inner : Base
            {
                private static readonly Task<bool> TrueTask1 = Task.FromResult(true);
                private static readonly Task<bool> FalseTask1 = Task.FromResult(false);

                Task<bool> A() => TrueTask1;
                Task<bool> B() => FalseTask1;
                int Use() => TrueTask + FalseTask;
            }
        }
        """);

    [Fact]
    public Task One_field_per_type_for_nested_and_generic_types() => Verify(
        Usings + """
        class Outer<T>
        {
            Task<bool> A() => Task.[|FromResult|](true);

            struct Inner
            {
                Task<bool> B() => Task.[|FromResult|](true);
            }
        }
        """,
        Usings + """
        class Outer<T>
        {
            private static readonly Task<bool> TrueTask = Task.FromResult(true);

            Task<bool> A() => TrueTask;

            struct Inner
            {
                private static readonly Task<bool> TrueTask1 = Task.FromResult(true);

                Task<bool> B() => TrueTask1;
            }
        }
        """);

    [Fact]
    public Task Plain_task_contexts_use_completed_task() => Verify(
        Usings + """
        class C
        {
            Task A() => Task.[|FromResult|](true);
            Func<Task> B() => () => Task.[|FromResult|](false);
            async Task<bool> D() => await Task.[|FromResult|](true);
        }
        """,
        Usings + """
        class C
        {
            private static readonly Task<bool> TrueTask = Task.FromResult(true);

            Task A() => Task.CompletedTask;
            Func<Task> B() => () => Task.CompletedTask;
            async Task<bool> D() => await TrueTask;
        }
        """);

    [Fact]
    public Task Lambdas_in_a_static_initializer_and_instance_initializers_are_flagged() => Verify(
        Usings + """
        class C
        {
            static readonly Func<Task<bool>> Factory = () => Task.[|FromResult|](true);
            readonly Task<bool> _instance = Task.[|FromResult|](true);
        }
        """,
        Usings + """
        class C
        {
            private static readonly Task<bool> TrueTask = Task.FromResult(true);
            static readonly Func<Task<bool>> Factory = () => TrueTask;
            readonly Task<bool> _instance = TrueTask;
        }
        """);

    [Fact]
    public Task Fully_qualified_calls_without_usings() => Verify(
        "class C\n{\n    System.Threading.Tasks.Task<bool> A() => System.Threading.Tasks.Task.[|FromResult|](true);\n}\n",
        "class C\n{\n    private static readonly System.Threading.Tasks.Task<bool> TrueTask = System.Threading.Tasks.Task.FromResult(true);\n\n    System.Threading.Tasks.Task<bool> A() => TrueTask;\n}\n");

    [Fact]
    public Task Partial_type_in_two_documents_gets_one_field() => new RuleTest<PERF007CacheTaskFromResultAnalyzer, PERF007CacheTaskFromResultCodeFix>()
    {
        References = TestReferences.NetStandard20,
        Sources =
        {
            Usings + "partial class C\n{\n    Task<bool> A() => Task.[|FromResult|](true);\n}\n",
            Usings + "partial class C\n{\n    Task<bool> B() => Task.[|FromResult|](true);\n}\n",
        },
        FixedSources =
        {
            Usings + "partial class C\n{\n    private static readonly Task<bool> TrueTask = Task.FromResult(true);\n\n    Task<bool> A() => TrueTask;\n}\n",
            Usings + "partial class C\n{\n    Task<bool> B() => TrueTask;\n}\n",
        },
    }.RunAsync();

    /// <summary>
    /// <c>await Task.FromResult(false)</c> in a function that awaits something else: the value itself, no task at all
    /// (real code: FluentFTP's fake client). In a lambda the same.
    /// </summary>
    [Fact]
    public Task Awaited_result_in_a_function_that_awaits_elsewhere_becomes_the_value() => Verify(
        Usings + """
        class C
        {
            async Task<bool> A(Task work)
            {
                await work;
                return await Task.[|FromResult|](false);
            }

            Func<Task<bool>> B(Task work) => async () =>
            {
                await work;
                var done = await Task.[|FromResult|](true);
                return !done;
            };
        }
        """,
        Usings + """
        class C
        {
            async Task<bool> A(Task work)
            {
                await work;
                return false;
            }

            Func<Task<bool>> B(Task work) => async () =>
            {
                await work;
                var done = true;
                return !done;
            };
        }
        """);

    /// <summary>
    /// The only await of the function: dropping it would leave an async method without await (warning CS1998, an error
    /// under TreatWarningsAsErrors), so the cached task is awaited instead; an await in a nested lambda does not count.
    /// </summary>
    [Fact]
    public Task Awaited_result_that_is_the_functions_only_await_uses_the_cached_task() => Verify(
        Usings + """
        class C
        {
            async Task<bool> A()
            {
                Func<Task> later = async () => await Task.Delay(1);
                return await Task.[|FromResult|](true);
            }
        }
        """,
        Usings + """
        class C
        {
            private static readonly Task<bool> TrueTask = Task.FromResult(true);

            async Task<bool> A()
            {
                Func<Task> later = async () => await Task.Delay(1);
                return await TrueTask;
            }
        }
        """);

    [Fact]
    public Task Message_of_an_awaited_result_names_the_value()
    {
        var test = Test(
            Usings + """
            class C
            {
                async Task<bool> A(Task t)
                {
                    await t;
                    return await Task.{|#0:FromResult|}(true);
                }
            }
            """,
            Usings + """
            class C
            {
                async Task<bool> A(Task t)
                {
                    await t;
                    return true;
                }
            }
            """);
        test.ExpectedDiagnostics.Add(RuleTest<PERF007CacheTaskFromResultAnalyzer, PERF007CacheTaskFromResultCodeFix>.Diagnostic().WithLocation(0).WithMessage("'Task.FromResult(true)' allocates a new task on every call on .NET Standard 2.0; write 'true' instead of awaiting it"));
        return test.RunAsync();
    }

    [Fact]
    public Task Message_names_the_call_and_the_target()
    {
        var test = Test(Usings + "class C\n{\n    Task<bool> A() => Task.{|#0:FromResult|}(true);\n}\n");
        test.ExpectedDiagnostics.Add(RuleTest<PERF007CacheTaskFromResultAnalyzer, PERF007CacheTaskFromResultCodeFix>.Diagnostic().WithLocation(0).WithMessage("'Task.FromResult(true)' allocates a new task on every call on .NET Standard 2.0; reuse a cached static readonly task instead"));
        return test.RunAsync();
    }

    [Fact]
    public Task Multi_targeted_project_gets_the_plain_fix_that_every_leg_compiles() => Test(
            Usings + "class C\n{\n    Task<bool> A() => Task.[|FromResult|](false);\n}\n",
            Usings + "class C\n{\n    private static readonly Task<bool> FalseTask = Task.FromResult(false);\n\n    Task<bool> A() => FalseTask;\n}\n",
            TestReferences.Net472)
        .WithTargetFrameworks("net472;netstandard2.0;net10.0", current: "net472")
        .RunAsync();

    // ---- Must not flag ----

    [Fact]
    public Task Caches_and_non_constant_or_non_bool_results_are_not_flagged() => Verify(Usings + """
        class C
        {
            static readonly Task<bool> Done = Task.FromResult(true);
            static Task<bool> Property { get; } = Task.FromResult(false);
            static readonly Task Plain;
            static C() { Plain = Task.FromResult(true); }

            Task<bool> A(bool b) => Task.FromResult(b);
            Task<int> B() => Task.FromResult(1);
            Task<object> D() => Task.FromResult<object>(true);
            Task<bool?> E() => Task.FromResult<bool?>(true);
            System.Linq.Expressions.Expression<Func<Task<bool>>> F() => () => Task.FromResult(true);
        }
        """);

    // ---- Target frameworks: both sides of .NET 6 ----

    [Theory]
    [InlineData("net45", true)]
    [InlineData("net472", true)]
    [InlineData("net48", true)]
    [InlineData("netstandard2.0", true)]
    [InlineData("netstandard2.1", true)]
    [InlineData("netcoreapp2.0", true)]
    [InlineData("netcoreapp2.1", true)]
    [InlineData("netcoreapp3.1", true)]
    [InlineData("net5.0", true)]
    [InlineData("net6.0", false)]
    [InlineData("net8.0", false)]
    [InlineData("net10.0", false)]
    public Task Fires_only_before_net_6(string moniker, bool fires) =>
        Test(Usings + "class C\n{\n    Task<bool> A() => " + (fires ? "Task.[|FromResult|](true)" : "Task.FromResult(true)") + ";\n}\n", references: TestReferences.Net80)
            .WithTargetFramework(moniker)
            .RunAsync();

    [Fact]
    public Task Real_net_framework_4_7_2_references() => Verify(
        Usings + "class C\n{\n    Task<bool> A() => Task.[|FromResult|](false);\n}\n",
        Usings + "class C\n{\n    private static readonly Task<bool> FalseTask = Task.FromResult(false);\n\n    Task<bool> A() => FalseTask;\n}\n",
        TestReferences.Net472);

    [Fact]
    public Task Real_net_8_references_are_silent() => Verify(
        Usings + "class C\n{\n    Task<bool> A() => Task.FromResult(true);\n}\n", references: TestReferences.Net80);

    [Fact]
    public Task Unknown_target_is_silent() => Test(
            TargetFrameworks.MinimalCoreLibrary + "\n\nclass C\n{\n    System.Threading.Tasks.Task<bool> A() => System.Threading.Tasks.Task.FromResult(true);\n}\n",
            references: TestReferences.None)
        .RunAsync();

    // ---- Broken code ----

    [Fact]
    public Task Broken_code_does_not_crash() => new RuleTest<PERF007CacheTaskFromResultAnalyzer, PERF007CacheTaskFromResultCodeFix>()
    {
        Sources =
        {
            Usings + """
            class C
            {
                Task<bool> A() => Task.FromResult();
                Task<bool> B() => Task.FromResult(true, false);
                Task<bool> D() => Task.FromResult<Missing>(true);
                Task<bool> E() => Task.[|FromResult|](true
            """,
            "Task<bool> Top() => System.Threading.Tasks.Task.[|FromResult|](true);",
        },
        References = TestReferences.NetStandard20,
        AllowCompilerErrors = true,
    }.RunAsync();
}
