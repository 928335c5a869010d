using System.Text;

namespace Cases
{
    public static class PERF021Cases
    {
        // Append(int) formats into the builder from .NET Core 2.1: flagged on net10.0 and on netstandard2.0 (which runs there).
        public static string Row(int id) => new StringBuilder().Append(id.ToString()).ToString(); //~ PERF021[net10.0,netstandard2.0]

        // A format string: the builder's interpolation handler needs .NET 6 and C# 10.
        public static string Price(double price) => new StringBuilder().Append(price.ToString("F2")).ToString(); //~ PERF021[net10.0]
        public static string Index(int i) => new StringBuilder("#").Insert(value: i.ToString(), index: 0).ToString(); //~ PERF021[net10.0,netstandard2.0]

        // Must not flag: a nullable value (Append(int?) binds to Append(object)), a string.
        public static string Maybe(int? id) => new StringBuilder().Append(id.ToString()).ToString();
        public static string Text(string s) => new StringBuilder().Append(s.ToString()).ToString();
    }
}
