using System.Globalization;

namespace Cases
{
    public static class PERF008Cases
    {
        // Interpolation beats string.Format on .NET 6+; strings only with plain placeholders become string.Concat everywhere.
        public static string Key(int a, int b) => string.Format("{0}-{1}", a, b); //~ PERF008[net10.0]
        public static string Path(string a, string b) => string.Format("{0}/{1}", a, b); //~ PERF008
        public static string Price(double x) => string.Format(CultureInfo.InvariantCulture, "{0:F2}", x); //~ PERF008[net10.0]

        // Must not flag: the format is not a constant, or has no arguments to format.
        public static string Dynamic(string format, int a) => string.Format(format, a);
        public static string Array(object[] values) => string.Format("{0}", values);
    }
}
