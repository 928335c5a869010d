using System;

namespace Cases
{
    public enum Color { Red, Green }

    public static class PERF009Cases
    {
        // The generic Enum APIs: flagged on .NET 6+ only.
        public static bool Known(Color value) => Enum.IsDefined(typeof(Color), value); //~ PERF009[net10.0]
        public static string Name(Color value) => Enum.GetName(typeof(Color), value); //~ PERF009[net10.0]
        public static Color Parse(string text) => (Color)Enum.Parse(typeof(Color), text, ignoreCase: true); //~ PERF009[net10.0]
        public static bool Named(Color value) => Enum.IsDefined(value: value, enumType: typeof(Color)); //~ PERF009[net10.0]

        // Must not flag: the enum type is not known at compile time.
        public static bool Any(Type type, object value) => Enum.IsDefined(type, value);
    }
}
