using System;
using System.Globalization;
using System.Linq;
using Xunit;
using CompositeFormatParser = PerfAnalyzers.Infrastructure.CompositeFormat;

namespace PerfAnalyzers.Tests;

public partial class PERF008UseInterpolationInsteadOfStringFormatTests
{
    // ---- The composite-format parser ----

    public static TheoryData<string, int, string> ValidFormats => new()
    {
        { "", 0, "" },
        { "plain", 0, "text:plain" },
        { "{0}", 1, "{0}" },
        { "a{0}b", 1, "text:a|{0}|text:b" },
        { "{{0}}", 0, "text:{0}" },
        { "{{{0}}}", 1, "text:{|{0}|text:}" },
        { "{1}{0}{1}", 2, "{1}|{0}|{1}" },
        { "{0,5}", 1, "{0,5}" },
        { "{0,-5}", 1, "{0,-5}" },
        { "{0 , 5 }", 1, "{0,5}" },
        { "{0 }", 1, "{0}" },
        { "{0,-0}", 1, "{0}" },
        { "{0:X2}", 1, "{0:X2}" },
        { "{0,5:X2}", 1, "{0,5:X2}" },
        { "{0:HH:mm}", 1, "{0:HH:mm}" },
        { "{0:}", 1, "{0:}" },
        { "{0: N2}", 1, "{0: N2}" },
        { "{00}", 1, "{0}" },
        { "{0}}}", 1, "{0}|text:}" },
        { "{0,999999}", 1, "{0,999999}" },
    };

    [Theory]
    [MemberData(nameof(ValidFormats))]
    public void Parser_reads_what_string_Format_reads(string format, int argumentCount, string expected)
    {
        Assert.True(CompositeFormatParser.TryParse(format, argumentCount, out var parts));
        Assert.Equal(expected, string.Join("|", parts.Select(p => p.ToString())));
        if (!parts.Any(p => p.Format is { Length: 0 }))
        {
            // .NET agrees that the format is valid.
            _ = string.Format(CultureInfo.InvariantCulture, format, Enumerable.Range(0, argumentCount).Select(i => (object)i).ToArray());
        }
    }

    [Theory]
    [InlineData("{", 1)]
    [InlineData("}", 1)]
    [InlineData("a}b", 1)]
    [InlineData("{0", 1)]
    [InlineData("{0,", 1)]
    [InlineData("{0,}", 1)]
    [InlineData("{0,-}", 1)]
    [InlineData("{0,5", 1)]
    [InlineData("{0:x", 1)]
    [InlineData("{ 0}", 1)]
    [InlineData("{-1}", 1)]
    [InlineData("{a}", 1)]
    [InlineData("{}", 1)]
    [InlineData("{1}", 1)]
    [InlineData("{0}", 0)]
    [InlineData("{0 x}", 1)]
    [InlineData("{0,5 x}", 1)]
    [InlineData("{0,1000000}", 1)]
    [InlineData("{1000000}", 1)]
    [InlineData("{0:a{b}", 1)]
    [InlineData("{0:a{{b}", 1)]
    [InlineData("{0:x}}}", 1)]
    [InlineData("{0:x}}", 1)]
    public void Parser_rejects_malformed_or_ambiguous_formats(string format, int argumentCount)
    {
        Assert.False(CompositeFormatParser.TryParse(format, argumentCount, out _));
    }

    [Theory]
    [InlineData("{", 1)]
    [InlineData("a}b", 1)]
    [InlineData("{0,}", 1)]
    [InlineData("{ 0}", 1)]
    [InlineData("{1}", 1)]
    [InlineData("{0 x}", 1)]
    [InlineData("{0:a{b}", 1)]
    [InlineData("{0:x}}", 1)]
    public void Dotnet_rejects_them_too(string format, int argumentCount)
    {
        Assert.Throws<FormatException>(() => string.Format(CultureInfo.InvariantCulture, format, Enumerable.Range(0, argumentCount).Select(i => (object)i).ToArray()));
    }
}
