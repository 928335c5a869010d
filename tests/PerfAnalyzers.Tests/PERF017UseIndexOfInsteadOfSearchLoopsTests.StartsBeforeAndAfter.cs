using System;
using System.Reflection;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>PERF017 from a start other than 0: the fix's output and the loop on random inputs and starts.</summary>
public partial class PERF017UseIndexOfInsteadOfSearchLoopsTests
{
    /// <summary>
    /// Before and after on random inputs and starts (negative, inside, at and past the end): the same result wherever
    /// the loop does not throw; for a negative start both throw (IndexOutOfRangeException against ArgumentOutOfRangeException,
    /// the difference the page states).
    /// </summary>
    [Fact]
    public void The_fixed_code_returns_the_same_index_from_a_start()
    {
        using var code = LoadedCode.Compile(Header + """
            public static class P
            {
                static int SpanBefore(ReadOnlySpan<char> s, char c, int start) { for (int i = start; i < s.Length; i++) if (s[i] == c) return i; return -1; }
                static int SpanAfter(ReadOnlySpan<char> s, char c, int start) { if (s.Length > start) { int i = s.Slice(start).IndexOf(c); if (i >= 0) { return i + start; } } return -1; }
                public static int BeforeSpan(string s, char c, int start) => SpanBefore(s.AsSpan(), c, start);
                public static int AfterSpan(string s, char c, int start) => SpanAfter(s.AsSpan(), c, start);
                public static int BeforeConstSpan(string s, char c, int start) => ConstSpanBefore(s.AsSpan(), c);
                public static int AfterConstSpan(string s, char c, int start) => ConstSpanAfter(s.AsSpan(), c);
                static int ConstSpanBefore(ReadOnlySpan<char> s, char c) { for (int i = 3; i < s.Length; i++) if (s[i] == c) return i; return -1; }
                static int ConstSpanAfter(ReadOnlySpan<char> s, char c) { if (s.Length > 3) { int i = s.Slice(3).IndexOf(c); if (i >= 0) { return i + 3; } } return -1; }
                public static int BeforeAny(string s, char c, int start) { for (int i = start; i < s.Length; i++) if (s[i] == c || s[i] == 'e' || s[i] == 'q') return i; return -1; }
                public static int AfterAny(string s, char c, int start) { if (s.Length > start) { int i = s.AsSpan(start).IndexOfAny(c, 'e', 'q'); if (i >= 0) { return i + start; } } return -1; }
                public static int BeforeAnyBytes(byte[] b, byte v, int start) { for (int i = start + 1; i < b.Length; i++) if (b[i] == v || b[i] == 7) return i; return -1; }
                public static int AfterAnyBytes(byte[] b, byte v, int start) { if (b.Length > start + 1) { int i = b.AsSpan(start + 1).IndexOfAny(v, (byte)7); if (i >= 0) { return i + (start + 1); } } return -1; }
                public static bool BeforeHasAny(string s, char c, int start) { for (int i = start; i < s.Length; i++) if (s[i] == c || s[i] == 'z') return true; return false; }
                public static bool AfterHasAny(string s, char c, int start) => s.Length > start && s.AsSpan(start).IndexOfAny(c, 'z') >= 0;
                public static int BeforeFrom(string s, char c, int start) { for (int i = start; i < s.Length; i++) if (s[i] == c) return i; return -1; }
                public static int AfterFrom(string s, char c, int start) => s.Length > start ? s.IndexOf(c, start) : -1;
                public static bool BeforeFromBytes(byte[] b, byte v, int start) { for (int i = start; i < b.Length; i++) if (b[i] == v) return true; return false; }
                public static bool AfterFromBytes(byte[] b, byte v, int start) => b.Length > start && Array.IndexOf(b, v, start) >= 0;
                public static int BeforeStore(byte[] b, byte v, int start) { int found = -1; for (int i = start; i < b.Length; i++) if (b[i] == v) { found = i; break; } return found; }
                public static int AfterStore(byte[] b, byte v, int start) { int found = b.Length > start ? Array.IndexOf(b, v, start) : -1; return found; }
                public static int BeforeLast(string s, char c, int start) { for (int i = s.Length - 1; i >= 2; i--) if (s[i] == c) return i; return -1; }
                public static int AfterLast(string s, char c, int start) { if (s.Length > 2) { int i = s.AsSpan(2).LastIndexOf(c); if (i >= 0) { return i + 2; } } return -1; }
                public static int BeforeLastAny(byte[] b, byte v, int start) { for (int i = b.Length - 1; i > 0; i--) if (b[i] == v || b[i] == 1) return i; return -1; }
                public static int AfterLastAny(byte[] b, byte v, int start) { if (b.Length > 1) { int i = b.AsSpan(1).LastIndexOfAny(v, (byte)1); if (i >= 0) { return i + 1; } } return -1; }
                public static int BeforeBack(string s, char c, int start) { for (int i = start; i >= 0; i--) if (s[i] == c || s[i] == 'b') return i; return -1; }
                public static int AfterBack(string s, char c, int start) => start >= 0 ? s.AsSpan(0, start + 1).LastIndexOfAny(c, 'b') : -1;
                public static bool BeforeHasBack(byte[] b, byte v, int start) { for (int i = start - 1; i >= 0; i--) if (b[i] == v) return true; return false; }
                public static bool AfterHasBack(byte[] b, byte v, int start) => start - 1 >= 0 && b.AsSpan(0, start).IndexOf(v) >= 0;
                public static int BeforeBackLength(string s, char c, int start) { for (int i = s.Length - 2; i >= 0; i--) if (s[i] == c) return i; return -1; }
                public static int AfterBackLength(string s, char c, int start) => s.Length - 2 >= 0 ? s.AsSpan(0, s.Length - 1).LastIndexOf(c) : -1;
                public static int BeforeWindow(string s, char c, int start) { for (int i = start; i >= 2; i--) if (s[i] == c || s[i] == 'd') return i; return -1; }
                public static int AfterWindow(string s, char c, int start) { if (start >= 2) { int i = s.AsSpan(2, start - 1).LastIndexOfAny(c, 'd'); if (i >= 0) { return i + 2; } } return -1; }
                public static int BeforeStoreAny(string s, char c, int start) { int at = -1; for (int i = start; i < s.Length; i++) if (s[i] == c || s[i] == 'a') { at = i; break; } return at; }
                public static int AfterStoreAny(string s, char c, int start) { int at = -1; if (s.Length > start) { int i = s.AsSpan(start).IndexOfAny(c, 'a'); if (i >= 0) { at = i + start; } } return at; }
            }
            """);
        var pairs = new[] { "Span", "ConstSpan", "Any", "HasAny", "From", "Store", "Last", "StoreAny", "Back", "BackLength", "Window" };
        var bytePairs = new[] { "AnyBytes", "FromBytes", "Store", "LastAny", "HasBack" };
        var random = new Random(34);
        var negatives = 0;
        for (var run = 0; run < 400; run++)
        {
            var bytes = new byte[random.Next(0, 40)];
            random.NextBytes(bytes);
            for (var k = 0; k < bytes.Length; k++)
            {
                bytes[k] %= 12;
            }

            var value = (byte)random.Next(0, 12);
            var text = new string(Array.ConvertAll(bytes, b => (char)('a' + b)));
            var c = (char)('a' + random.Next(0, 14));
            var start = random.Next(-3, bytes.Length + 4);
            negatives += start < 0 ? 1 : 0;
            foreach (var name in pairs)
            {
                if (name == "Store")
                {
                    continue;
                }

                Same(code, name, text, c, start);
            }

            foreach (var name in bytePairs)
            {
                Same(code, name, bytes, value, start);
            }
        }

        Assert.True(negatives > 10);

        // Null: a forward search tests the length first (NullReferenceException both ways); a backward one from a
        // negative start does nothing either way, from another start the loop throws NullReferenceException and the
        // call ArgumentOutOfRangeException.
        Assert.IsType<NullReferenceException>(Run(code, "BeforeAny", new object[] { null!, 'a', 2 }).Error);
        Assert.IsType<NullReferenceException>(Run(code, "AfterAny", new object[] { null!, 'a', 2 }).Error);
        Assert.IsType<NullReferenceException>(Run(code, "AfterFrom", new object[] { null!, 'a', -2 }).Error);
        Assert.Equal(-1, Run(code, "BeforeBack", new object[] { null!, 'a', -1 }).Result);
        Assert.Equal(-1, Run(code, "AfterBack", new object[] { null!, 'a', -1 }).Result);
        Assert.IsType<NullReferenceException>(Run(code, "BeforeBack", new object[] { null!, 'a', 0 }).Error);
        Assert.IsType<ArgumentOutOfRangeException>(Run(code, "AfterBack", new object[] { null!, 'a', 0 }).Error);
    }

    private static void Same(LoadedCode code, string name, params object[] arguments)
    {
        var (before, beforeError) = Run(code, "Before" + name, arguments);
        var (after, afterError) = Run(code, "After" + name, arguments);
        if (beforeError is not null)
        {
            // A negative start (forward) or one past the end (backward): only the exception type differs.
            Assert.IsType<IndexOutOfRangeException>(beforeError);
            Assert.IsType<ArgumentOutOfRangeException>(afterError);
            return;
        }

        Assert.Null(afterError);
        Assert.Equal(before, after);
    }

    private static (object? Result, Exception? Error) Run(LoadedCode code, string method, object[] arguments)
    {
        try
        {
            return (code.Invoke(method, arguments), null);
        }
        catch (TargetInvocationException e)
        {
            return (null, e.InnerException);
        }
    }
}
