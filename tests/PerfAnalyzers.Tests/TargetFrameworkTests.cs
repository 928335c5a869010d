using System;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

public class TargetFrameworkTests
{
    [Theory]
    [InlineData(".NETFramework", "v4.7.2", "net472", TargetFrameworkKind.NetFramework, "4.7.2")]
    [InlineData(".NETFramework", "v4.8", "net48", TargetFrameworkKind.NetFramework, "4.8")]
    [InlineData(".NETStandard", "v1.3", "netstandard1.3", TargetFrameworkKind.NetStandard, "1.3")]
    [InlineData(".NETStandard", "v2.0", "netstandard2.0", TargetFrameworkKind.NetStandard, "2.0")]
    [InlineData(".NETStandard", "v2.1", "netstandard2.1", TargetFrameworkKind.NetStandard, "2.1")]
    [InlineData(".NETCoreApp", "v2.0", "netcoreapp2.0", TargetFrameworkKind.NetCore, "2.0")]
    [InlineData(".NETCoreApp", "v2.1", "netcoreapp2.1", TargetFrameworkKind.NetCore, "2.1")]
    [InlineData(".NETCoreApp", "v3.1", "netcoreapp3.1", TargetFrameworkKind.NetCore, "3.1")]
    [InlineData(".NETCoreApp", "v5.0", "net5.0", TargetFrameworkKind.NetCore, "5.0")]
    [InlineData(".NETCoreApp", "v6.0", "net6.0", TargetFrameworkKind.NetCore, "6.0")]
    [InlineData(".NETCoreApp", "v8.0", "net8.0-windows", TargetFrameworkKind.NetCore, "8.0")]
    [InlineData(".NETCoreApp", "v10.0", "net10.0", TargetFrameworkKind.NetCore, "10.0")]
    public void Build_properties_give_the_framework(string identifier, string version, string moniker, TargetFrameworkKind kind, string expected)
    {
        var fromIdentifier = TargetFramework.FromBuildProperties(identifier, version, null);
        Assert.Equal(kind, fromIdentifier.Kind);
        Assert.Equal(Version.Parse(expected), fromIdentifier.Version);

        // The moniker alone (TargetFramework) gives the same answer.
        var fromMoniker = TargetFramework.FromBuildProperties(null, null, moniker);
        Assert.Equal(fromIdentifier, fromMoniker);
    }

    [Theory]
    [InlineData(null, null, null)]
    [InlineData("", "", "")]
    [InlineData(".NETPortable", "v4.5", "portable-net45+win8")]
    [InlineData("Silverlight", "v5.0", "sl5")]
    [InlineData(null, null, "net")]
    [InlineData(null, null, "netcoreappX")]
    [InlineData(".NETCoreApp", "garbage", null)]
    public void Unrecognised_properties_are_unknown(string? identifier, string? version, string? moniker)
    {
        var framework = TargetFramework.FromBuildProperties(identifier, version, moniker);
        Assert.True(framework.IsUnknown);
        Assert.Null(framework.Version);
    }

    [Theory]
    [InlineData("net472", true, true, true, true, true)]
    [InlineData("netstandard2.0", true, true, true, true, true)]
    [InlineData("netstandard1.3", true, true, true, true, true)]
    [InlineData("netcoreapp2.0", true, true, true, true, true)]
    [InlineData("netcoreapp2.1", false, true, true, true, true)]
    [InlineData("netcoreapp3.1", false, false, true, true, true)]
    [InlineData("net5.0", false, false, false, true, true)]
    [InlineData("net6.0", false, false, false, false, true)]
    [InlineData("net8.0", false, false, false, false, true)]
    [InlineData("net10.0", false, false, false, false, false)]
    public void Is_before_answers_by_version(string moniker, bool before21, bool before30, bool before50, bool before60, bool before100)
    {
        var framework = TargetFramework.FromMoniker(moniker);
        Assert.Equal(before21, framework.IsBeforeNetCore(2, 1));
        Assert.Equal(before30, framework.IsBeforeNetCore(3, 0));
        Assert.Equal(before50, framework.IsBeforeNetCore(5, 0));
        Assert.Equal(before60, framework.IsBeforeNetCore(6, 0));
        Assert.Equal(before100, framework.IsBeforeNetCore(10, 0));
    }

    [Fact]
    public void Unknown_is_never_before_anything_so_gated_rules_stay_silent()
    {
        Assert.False(TargetFramework.Unknown.IsBeforeNetCore(2, 1));
        Assert.False(TargetFramework.Unknown.IsNetCoreAtLeast(1, 0));
        Assert.Equal("unknown", TargetFramework.Unknown.ToString());
    }

    [Theory]
    [InlineData("4.2.0.0", "2.0")]
    [InlineData("4.2.1.0", "2.1")]
    [InlineData("4.2.2.0", "3.0")]
    [InlineData("5.0.0.0", "5.0")]
    [InlineData("6.0.0.0", "6.0")]
    [InlineData("10.0.0.0", "10.0")]
    public void System_runtime_version_maps_to_net_core(string assemblyVersion, string expected)
    {
        var framework = TargetFramework.FromSystemRuntimeVersion(Version.Parse(assemblyVersion));
        Assert.Equal(TargetFrameworkKind.NetCore, framework.Kind);
        Assert.Equal(Version.Parse(expected), framework.Version);
    }

    [Fact]
    public void System_runtime_4_0_is_net_standard_1()
    {
        var framework = TargetFramework.FromSystemRuntimeVersion(new Version(4, 0, 20, 0));
        Assert.Equal(TargetFrameworkKind.NetStandard, framework.Kind);
        Assert.Equal(new Version(1, 0), framework.Version);
    }

    [Theory]
    [InlineData(TestReferences.Net80, TargetFrameworkKind.NetCore, "8.0")]
    [InlineData(TestReferences.NetStandard20, TargetFrameworkKind.NetStandard, "2.0")]
    [InlineData(TestReferences.Net472, TargetFrameworkKind.NetFramework, "4.0")]
    public void Core_library_fallback_reads_real_reference_assemblies(TestReferences references, TargetFrameworkKind kind, string version)
    {
        var compilation = CSharpCompilation.Create("t", references: TestCompilations.References(references));
        var framework = TargetFramework.FromCoreLibrary(compilation);
        Assert.Equal(kind, framework.Kind);
        Assert.Equal(Version.Parse(version), framework.Version);
    }

    [Fact]
    public void No_core_library_is_unknown()
    {
        var compilation = CSharpCompilation.Create("t");
        Assert.True(TargetFramework.FromCoreLibrary(compilation).IsUnknown);
    }

    [Fact]
    public void Build_properties_win_over_the_core_library()
    {
        var compilation = CSharpCompilation.Create("t", references: TestCompilations.References(TestReferences.Net80));
        var options = new TestConfig(new System.Collections.Generic.Dictionary<string, string>
        {
            ["build_property.TargetFrameworkIdentifier"] = ".NETFramework",
            ["build_property.TargetFrameworkVersion"] = "v4.8",
        });
        var framework = TargetFramework.From(compilation, options.GlobalOptions);
        Assert.Equal(TargetFrameworkKind.NetFramework, framework.Kind);
        Assert.Equal(new Version(4, 8), framework.Version);

        var fallback = TargetFramework.From(compilation, new TestConfig(new System.Collections.Generic.Dictionary<string, string>()).GlobalOptions);
        Assert.Equal(new TargetFramework(TargetFrameworkKind.NetCore, new Version(8, 0)), fallback);
    }

    [Fact]
    public void Per_compilation_context_is_computed_once()
    {
        var compilation = CSharpCompilation.Create("t", references: TestCompilations.References(TestReferences.Net80));
        var options = new Microsoft.CodeAnalysis.Diagnostics.AnalyzerOptions(
            System.Collections.Immutable.ImmutableArray<AdditionalText>.Empty,
            new TestConfig(new System.Collections.Generic.Dictionary<string, string>()));
        Assert.Same(PerfCompilation.Get(compilation, options), PerfCompilation.Get(compilation, options));
        Assert.NotNull(PerfCompilation.Get(compilation, options).Types.ReadOnlySpanOfChar);
    }

    [Theory]
    [InlineData("net10.0", "TRACE NET NETCOREAPP NET10_0 NET5_0_OR_GREATER NET6_0_OR_GREATER NET7_0_OR_GREATER NET8_0_OR_GREATER NET9_0_OR_GREATER NET10_0_OR_GREATER NETCOREAPP1_0_OR_GREATER NETCOREAPP1_1_OR_GREATER NETCOREAPP2_0_OR_GREATER NETCOREAPP2_1_OR_GREATER NETCOREAPP2_2_OR_GREATER NETCOREAPP3_0_OR_GREATER NETCOREAPP3_1_OR_GREATER")]
    [InlineData("netcoreapp2.1", "TRACE NETCOREAPP NETCOREAPP2_1 NETCOREAPP1_0_OR_GREATER NETCOREAPP1_1_OR_GREATER NETCOREAPP2_0_OR_GREATER NETCOREAPP2_1_OR_GREATER")]
    [InlineData("netstandard2.0", "TRACE NETSTANDARD NETSTANDARD2_0 NETSTANDARD1_0_OR_GREATER NETSTANDARD1_1_OR_GREATER NETSTANDARD1_2_OR_GREATER NETSTANDARD1_3_OR_GREATER NETSTANDARD1_4_OR_GREATER NETSTANDARD1_5_OR_GREATER NETSTANDARD1_6_OR_GREATER NETSTANDARD2_0_OR_GREATER")]
    [InlineData("net472", "TRACE NETFRAMEWORK NET472 NET20_OR_GREATER NET30_OR_GREATER NET35_OR_GREATER NET40_OR_GREATER NET45_OR_GREATER NET451_OR_GREATER NET452_OR_GREATER NET46_OR_GREATER NET461_OR_GREATER NET462_OR_GREATER NET47_OR_GREATER NET471_OR_GREATER NET472_OR_GREATER")]
    [InlineData("", "TRACE")]
    public void Preprocessor_symbols_are_the_sdks(string moniker, string expected) =>
        Assert.Equal(expected.Split(' '), TargetFramework.FromMoniker(moniker).PreprocessorSymbols());

    [Theory]
    [InlineData("net10.0", "NET10_0")]
    [InlineData("netcoreapp2.1", "NETCOREAPP2_1")]
    [InlineData("netstandard2.0", "NETSTANDARD2_0")]
    [InlineData("net472", "NET472")]
    [InlineData("", null)]
    public void Version_symbol_names_exactly_one_target(string moniker, string? expected) =>
        Assert.Equal(expected, TargetFramework.FromMoniker(moniker).VersionSymbol);

    /// <summary>A span overload found on a leg: that leg and later ones of its family, never before spans exist.</summary>
    [Theory]
    [InlineData("net10.0", "NET10_0_OR_GREATER", "net10.0", "net9.0 netstandard2.1 net472")]
    [InlineData("netcoreapp2.0", "NETCOREAPP2_1_OR_GREATER", "netcoreapp2.1 net8.0", "netcoreapp2.0 netstandard2.0 netstandard2.1")]
    [InlineData("netstandard2.1", "NETCOREAPP3_0_OR_GREATER || NETSTANDARD2_1_OR_GREATER", "netcoreapp3.0 netstandard2.1 net8.0", "netcoreapp2.1 netstandard2.0 net48")]
    [InlineData("netstandard2.0", "NETCOREAPP2_1_OR_GREATER || NETSTANDARD2_1_OR_GREATER", "netcoreapp2.1 netstandard2.1", "netstandard2.0 net472")]
    public void Api_found_on_a_leg_is_assumed_on_that_leg_and_later(string leg, string condition, string has, string lacks)
    {
        var api = ApiAvailability.OnOrAfter(TargetFramework.FromMoniker(leg));
        Assert.Equal(condition, api.Condition);
        Assert.All(has.Split(' '), m => Assert.True(api.IsAvailableOn(TargetFramework.FromMoniker(m)), m));
        Assert.All(lacks.Split(' '), m => Assert.False(api.IsAvailableOn(TargetFramework.FromMoniker(m)), m));
    }
}
