using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF004SealInternalTypesTests
{
    // ---- Must not flag ----

    [Fact]
    public Task Public_and_protected_visible_types_are_not_flagged() => Verify(
        """
        public class Api { }
        public class Outer
        {
            protected class Nested { }
            protected internal class Wide { }
            public class Inner { }
        }
        """);

    [Fact]
    public Task Types_with_derived_types_are_not_flagged() => Files(
        new[]
        {
            """
            internal class Base { }
            internal sealed class Derived : Base { }

            internal class Generic<T> { }
            internal sealed class Closed : Generic<int> { }

            internal class Container
            {
                private sealed class Nested : Container { }
            }

            internal class Outer
            {
                internal class Middle { }
            }

            internal sealed class Other : Outer.Middle { }

            internal partial class Split { }
            internal class Chain { }
            internal abstract class Mid : Chain { }
            internal sealed class Leaf : Mid { }
            internal record BaseRecord(int X);
            internal sealed record DerivedRecord(int X, int Y) : BaseRecord(X);
            """,
            """
            internal sealed class FromOtherFile : Split { }
            internal sealed class Outer2 : Outer { }
            """,
        }).RunAsync();

    [Fact]
    public Task Static_abstract_sealed_structs_interfaces_and_record_structs_are_not_flagged() => Verify(
        """
        internal static class Helpers { }
        internal abstract class Shape { }
        internal sealed class Square : Shape { }
        internal struct Point { }
        internal interface IShape { }
        internal record struct Pair(int A, int B);
        internal readonly record struct Span2(int A);
        internal enum Color { Red }
        internal delegate void Handler();
        """);

    [Fact]
    public Task ComImport_types_are_not_flagged() => Verify(
        """
        using System.Runtime.InteropServices;

        [ComImport, Guid("00000000-0000-0000-C000-000000000046")]
        internal class ComObject { }
        """);

    [Fact]
    public Task Types_used_as_generic_constraints_are_not_flagged() => Verify(
        """
        internal class OnType { }
        internal class OnMethod { }
        internal class OnLocalFunction { }
        internal class OnDelegate { }
        internal class OnGeneric<T> { }
        internal class OnOverride { }
        internal class OnInterface { }
        internal class OnPartial { }
        internal class OnStruct { }

        internal abstract class BaseUses { internal abstract void M<T>() where T : OnOverride; }
        internal sealed class DerivedUses : BaseUses { internal override void M<T>() { } }
        internal interface IUses { void N<T>() where T : OnInterface; }
        internal sealed class ImplementsUses : IUses { void IUses.N<T>() { } }
        internal static partial class Split { }
        internal static partial class Split { internal static void P<T>() where T : OnPartial { } }
        internal struct InStruct { internal void Q<T>(T value) where T : OnStruct { } }

        internal static class Uses
        {
            internal sealed class Holder<T> where T : OnType { }
            internal delegate void Callback<T>(T value) where T : OnDelegate;
            internal static void Method<T>() where T : OnMethod { }
            internal static void Generic<T>() where T : OnGeneric<int> { }

            internal static int Local()
            {
                return Inner<OnLocalFunction>(new OnLocalFunction());

                static int Inner<T>(T value) where T : OnLocalFunction => value.GetHashCode();
            }
        }
        """);

    [Fact]
    public Task Types_cast_to_or_from_an_interface_they_do_not_implement_are_not_flagged() => Verify(
        """
        using System.Collections.Generic;

        internal interface IShape { }

        internal class Cast { }
        internal class As { }
        internal class Is { }
        internal class Pattern { }
        internal class SwitchCase { }
        internal class OrPattern { }
        internal class NotPattern { }
        internal class Recursive { }
        internal class ForEach { }
        internal class InTuple { }
        internal class FromInterface { }
        internal class InArray { }
        internal class GenericInterface : IEqualityComparer<float>
        {
            public bool Equals(float x, float y) => x == y;
            public int GetHashCode(float value) => value.GetHashCode();
        }

        internal class [|Implements|] : IShape { }
        internal class [|Unrelated|] { }

        internal static class Uses
        {
            // Each of these compiles only because a class derived from the operand could implement the interface.
            internal static object? A(Cast c) => (IShape)c;
            internal static object? B(As c) => c as IShape;
            internal static bool D(Is c) => c is IShape;
            internal static bool E(Pattern c) => c is IShape s && s.GetHashCode() == 0;
            internal static int L(SwitchCase c) { switch (c) { case IShape s: return s.GetHashCode(); default: return 0; } }
            internal static bool M(OrPattern c) => c is IShape or null;
            internal static bool N(NotPattern c) => c is not IShape;
            internal static bool O(Recursive c) => c is IShape { };
            internal static int P(List<ForEach> list) { var n = 0; foreach (IShape s in list) { n += s.GetHashCode(); } return n; }
            internal static object Q((InTuple, int) pair) => ((IShape, int))pair;
            internal static object F(IShape s) => (FromInterface)s;
            internal static object G(InArray[] a) => (IShape[])a;
            internal static IEqualityComparer<T> H<T>() => (IEqualityComparer<T>)new GenericInterface();

            // Casts to an implemented interface, and class-to-class casts, stay legal once sealed.
            internal static object I(Implements c) => (IShape)c;
            internal static object J(object o) => (Unrelated)o;
            internal static int R(List<Implements> list) { var n = 0; foreach (IShape s in list) { n += s.GetHashCode(); } return n; }
            internal static object S((Implements, Unrelated) pair) => ((IShape, object))pair;
        }

        internal class [|Sealable|] { internal static object K(Implements c) => c; }
        """,
        """
        using System.Collections.Generic;

        internal interface IShape { }

        internal class Cast { }
        internal class As { }
        internal class Is { }
        internal class Pattern { }
        internal class SwitchCase { }
        internal class OrPattern { }
        internal class NotPattern { }
        internal class Recursive { }
        internal class ForEach { }
        internal class InTuple { }
        internal class FromInterface { }
        internal class InArray { }
        internal class GenericInterface : IEqualityComparer<float>
        {
            public bool Equals(float x, float y) => x == y;
            public int GetHashCode(float value) => value.GetHashCode();
        }

        internal sealed class Implements : IShape { }
        internal sealed class Unrelated { }

        internal static class Uses
        {
            // Each of these compiles only because a class derived from the operand could implement the interface.
            internal static object? A(Cast c) => (IShape)c;
            internal static object? B(As c) => c as IShape;
            internal static bool D(Is c) => c is IShape;
            internal static bool E(Pattern c) => c is IShape s && s.GetHashCode() == 0;
            internal static int L(SwitchCase c) { switch (c) { case IShape s: return s.GetHashCode(); default: return 0; } }
            internal static bool M(OrPattern c) => c is IShape or null;
            internal static bool N(NotPattern c) => c is not IShape;
            internal static bool O(Recursive c) => c is IShape { };
            internal static int P(List<ForEach> list) { var n = 0; foreach (IShape s in list) { n += s.GetHashCode(); } return n; }
            internal static object Q((InTuple, int) pair) => ((IShape, int))pair;
            internal static object F(IShape s) => (FromInterface)s;
            internal static object G(InArray[] a) => (IShape[])a;
            internal static IEqualityComparer<T> H<T>() => (IEqualityComparer<T>)new GenericInterface();

            // Casts to an implemented interface, and class-to-class casts, stay legal once sealed.
            internal static object I(Implements c) => (IShape)c;
            internal static object J(object o) => (Unrelated)o;
            internal static int R(List<Implements> list) { var n = 0; foreach (IShape s in list) { n += s.GetHashCode(); } return n; }
            internal static object S((Implements, Unrelated) pair) => ((IShape, object))pair;
        }

        internal sealed class Sealable { internal static object K(Implements c) => c; }
        """);

    [Fact]
    public Task Top_level_program_is_not_flagged()
    {
        var test = Test("System.Console.WriteLine(1);\n");
        test.OutputKind = OutputKind.ConsoleApplication;
        return test.RunAsync();
    }

    /// <summary>A partial declaration of the top-level statements' class is part of it: the class is still not flagged.</summary>
    [Fact]
    public Task Top_level_program_with_a_partial_declaration_is_not_flagged()
    {
        var test = Test("System.Console.WriteLine(Program.Twice(1));\n\ninternal partial class Program\n{\n    public static int Twice(int x) => 2 * x;\n}\n\ninternal class [|Other|] { }\n");
        test.OutputKind = OutputKind.ConsoleApplication;
        return test.RunAsync();
    }

    [Fact]
    public Task Derived_types_in_generated_files_count_and_generated_types_are_not_flagged() => Files(
        new[]
        {
            """
            internal class Base { }
            internal class BaseOfHeaderFile { }
            internal partial class [|Mixed|] { }
            internal class Constrained { }
            """,
            """
            internal sealed class Derived : Base { }
            internal class GeneratedOnly { }
            internal partial class Mixed { }
            internal static class Generic { public static void M<T>() where T : Constrained { } }
            """,
            """
            // <auto-generated/>
            internal sealed class DerivedToo : BaseOfHeaderFile { }
            internal class HeaderGenerated { }
            """,
            """
            internal class [|Visible|] { }
            [System.CodeDom.Compiler.GeneratedCode("tool", "1.0")]
            internal class MarkedGenerated { }
            """,
        },
        names: new[] { "Test0.cs", "Types.g.cs", "Test2.cs", "Test3.cs" }).RunAsync();

    [Fact]
    public Task Partial_type_with_a_generated_part_is_reported_on_the_user_part() => Files(
        new[]
        {
            "internal partial class [|Mixed|] { }\n",
            "partial class Mixed { protected virtual int Generated() => 1; }\n",
        },
        names: new[] { "Test0.cs", "Test1.g.cs" }).RunAsync();
}
