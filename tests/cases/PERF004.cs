namespace Cases
{
    internal class Leaf //~ PERF004
    {
        public int Value { get; set; }
        public override string ToString() => "leaf";
    }

    internal class OnlyThroughItsBase : Base // sealing changes no code: never used as itself
    {
        public override int Value => 3;
    }

    internal class Base
    {
        public virtual int Value => 1;
    }

    internal sealed class Derived : Base
    {
        public override int Value => 2;
    }

    internal abstract class Abstract
    {
    }

    internal static class Helpers
    {
        public static int Use() => new Leaf().ToString().Length + new Derived().Value + Make().Value;

        private static Base Make() => new OnlyThroughItsBase();
    }

    public class Public
    {
    }
}
