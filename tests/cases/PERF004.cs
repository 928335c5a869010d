namespace Cases
{
    internal class Leaf //~ PERF004
    {
        public int Value { get; set; }
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
        public static int Use() => new Leaf().Value + new Derived().Value;
    }

    public class Public
    {
    }
}
