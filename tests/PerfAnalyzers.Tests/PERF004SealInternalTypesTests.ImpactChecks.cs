using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF004SealInternalTypesTests
{
    // ---- Impact: by default only where sealing changes the generated code ----

    [Theory]
    [MemberData(nameof(Languages.LowestAndNewest), MemberType = typeof(Languages))]
    public Task A_virtual_call_through_the_class_itself_is_flagged_at_each_language_version(LanguageVersion version) => Languages.At(version, () => Default(
        "public class Pricing\n{\n    private readonly Rule _rule = new Rule();\n    public decimal Price(decimal amount) { return _rule.Apply(amount); }\n}\n\n" +
        "internal class [|Rule|]\n{\n    public virtual decimal Apply(decimal amount) { return amount; }\n}\n",
        "public class Pricing\n{\n    private readonly Rule _rule = new Rule();\n    public decimal Price(decimal amount) { return _rule.Apply(amount); }\n}\n\n" +
        "internal sealed class Rule\n{\n    public decimal Apply(decimal amount) { return amount; }\n}\n"));

    [Theory]
    [InlineData("o is Item")]
    [InlineData("o as Item != null")]
    [InlineData("((Item)o).GetHashCode() == 0")]
    [InlineData("o is Item { Size: 1 }")]
    [InlineData("o is Item item && item.Size == 1")]
    [InlineData("o switch { Item => true, _ => false }")]
    [InlineData("new Item().ToString().Length == 0")]
    [InlineData("new Item().Name.Length == 0")]
    public Task A_type_check_cast_or_virtual_member_through_the_class_is_flagged(string use) => Default($$"""
        using System.Collections.Generic;

        public static class Use
        {
            public static object Make() => new Item();
            public static bool Test(object o) => {{use}};
        }

        internal abstract class Base
        {
            public virtual string Name => "base";
        }

        internal class [|Item|] : Base
        {
            public int Size { get; set; }
            public override string ToString() => "item";
        }
        """);

    [Fact]
    public Task A_call_to_a_virtual_member_inherited_from_a_referenced_class_is_flagged() => Default("""
        using System.IO;

        public static class Use
        {
            public static long Run()
            {
                var sink = new Sink();
                sink.Flush();
                return new Probe().Position;
            }
        }

        internal class [|Sink|] : MemoryStream { }

        internal class [|Probe|] : MemoryStream { }

        internal class Quiet : MemoryStream { public static Quiet Make() => new Quiet(); }
        """);

    [Fact]
    public Task A_store_into_an_array_of_the_class_is_flagged_and_a_read_is_not() => Default("""
        public static class Use
        {
            public static int Fill(int n)
            {
                var items = new Item[n];
                for (var i = 0; i < n; i++) items[i] = new Item();
                var nodes = new Node[] { new Node() };
                return items.Length + nodes[0].Size;
            }
        }

        internal class [|Item|] { }

        internal class Node { public int Size => 1; }
        """);

    [Fact]
    public Task A_class_used_only_through_an_interface_or_its_base_class_is_not_flagged() => Default("""
        using System;
        using System.Collections.Generic;

        public interface IShape { double Area(); }

        public abstract class Pool { public abstract object Get(); }

        public static class Use
        {
            private static readonly Pool Shared = new DefaultPool();
            private static readonly IShape[] Shapes = { new Circle(), new Circle() };
            private static readonly ICollection<int> Ids = new IdList();
            public static IDisposable Scope() => new Scope();

            public static double Sum()
            {
                var total = 0.0;
                foreach (var shape in Shapes) total += shape.Area();
                return total + Ids.Count + Shared.Get().GetHashCode();
            }
        }

        internal class Circle : IShape { public double Area() => 3.14; }

        internal class DefaultPool : Pool { public override object Get() => new object(); }

        internal class IdList : List<int>, ICollection<int> { }

        internal class Scope : IDisposable { public virtual void Dispose() { } }
        """);

    [Fact]
    public Task A_class_nothing_creates_is_not_flagged() => Default("""
        public static class Use
        {
            internal static int Call(Dead dead, object o) => dead.Size() + (o is Dead ? 1 : 0);
        }

        internal class Dead { public virtual int Size() => 1; }
        """);

    [Fact]
    public Task Created_but_only_called_non_virtually_is_not_flagged() => Default("""
        public static class Use
        {
            public static int Run() => new Plain().Size() + new Plain().Count;
        }

        internal class Plain
        {
            public int Size() => 1;
            public int Count { get; } = 2;
        }
        """);

    private const string ColdUses = """
        using System;

        public static class Use
        {
            public static object Make() => new Item();

            public static void Check(object o)
            {
                try { Console.WriteLine(o); }
                catch (Exception) when (o is Item) { }
                if (o == null) throw new ArgumentException(((Item)o).ToString());
            }
        }

        """;

    [Fact]
    public Task Uses_in_cold_code_do_not_count_unless_cold_paths_are_reported()
    {
        var skipped = Default(ColdUses + "internal class Item { }\n");
        var test = Test(ColdUses + "internal class [|Item|] { }\n", impact: "changes_code");
        test.Options["perf_analyzers.cold_paths"] = "report";
        return Task.WhenAll(skipped, test.RunAsync());
    }

    [Fact]
    public Task Impact_all_flags_what_CA1852_flags()
    {
        var test = Test("""
            public interface IShape { double Area(); }
            public static class Use { public static IShape Make() => new Circle(); }
            internal class [|Circle|] : IShape { public double Area() => 3.14; }
            internal class [|Dead|] { }
            """, impact: "all");
        return test.RunAsync();
    }
}
