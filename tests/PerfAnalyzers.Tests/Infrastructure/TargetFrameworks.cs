using System;
using System.Collections.Generic;
using Microsoft.CodeAnalysis.CSharp;

namespace PerfAnalyzers.Tests.Infrastructure;

/// <summary>
/// Target frameworks as MSBuild passes them to the analyzers (<c>build_property.*</c>), for the target-gated rules'
/// both-sides tests, and a minimal core library for the "unknown target" case.
/// </summary>
public static class TargetFrameworks
{
    private static readonly Dictionary<string, (string Identifier, string Version)> Monikers = new()
    {
        ["net45"] = (".NETFramework", "v4.5"),
        ["net472"] = (".NETFramework", "v4.7.2"),
        ["net48"] = (".NETFramework", "v4.8"),
        ["netstandard1.3"] = (".NETStandard", "v1.3"),
        ["netstandard2.0"] = (".NETStandard", "v2.0"),
        ["netstandard2.1"] = (".NETStandard", "v2.1"),
        ["netcoreapp2.0"] = (".NETCoreApp", "v2.0"),
        ["netcoreapp2.1"] = (".NETCoreApp", "v2.1"),
        ["netcoreapp3.0"] = (".NETCoreApp", "v3.0"),
        ["netcoreapp3.1"] = (".NETCoreApp", "v3.1"),
        ["net5.0"] = (".NETCoreApp", "v5.0"),
        ["net6.0"] = (".NETCoreApp", "v6.0"),
        ["net7.0"] = (".NETCoreApp", "v7.0"),
        ["net8.0"] = (".NETCoreApp", "v8.0"),
        ["net9.0"] = (".NETCoreApp", "v9.0"),
        ["net10.0"] = (".NETCoreApp", "v10.0"),
    };

    /// <summary>Sets the three properties the package's props make compiler-visible.</summary>
    public static T WithTargetFramework<T>(this T test, string moniker)
        where T : IRuleTest
    {
        foreach (var property in BuildPropertiesOf(moniker))
        {
            test.BuildProperties[property.Key] = property.Value;
        }

        test.PreprocessorSymbols.Clear();
        test.PreprocessorSymbols.AddRange(PerfAnalyzers.Infrastructure.TargetFramework.FromMoniker(moniker).PreprocessorSymbols());
        return test;
    }

    /// <summary>The target-framework properties MSBuild sets for <paramref name="moniker"/> (without the <c>build_property.</c> prefix).</summary>
    public static Dictionary<string, string> BuildPropertiesOf(string moniker)
    {
        var (identifier, version) = Monikers[moniker];
        return new Dictionary<string, string>
        {
            [PerfAnalyzers.Infrastructure.BuildProperties.TargetFramework] = moniker,
            [PerfAnalyzers.Infrastructure.BuildProperties.TargetFrameworkIdentifier] = identifier,
            [PerfAnalyzers.Infrastructure.BuildProperties.TargetFrameworkVersion] = version,
        };
    }

    /// <summary>
    /// A multi-targeted project analyzed (and fixed) in the context of its <paramref name="current"/> leg, as the IDE and
    /// <c>dotnet format</c> do; each other leg's original and fixed code is compiled against its own references
    /// (netstandard2.0 and net472 at their SDK default, C# 7.3).
    /// </summary>
    public static T WithTargetFrameworks<T>(this T test, string legs, string current)
        where T : IRuleTest
    {
        test.WithTargetFramework(current);
        test.BuildProperties[PerfAnalyzers.Infrastructure.BuildProperties.TargetFrameworks] = legs.Replace(';', ',');
        foreach (var leg in legs.Split(';'))
        {
            if (leg == current)
            {
                continue;
            }

            var (references, languageVersion) = Leg(leg);
            test.OtherLegs.Add((references, leg, languageVersion));
        }

        return test;
    }

    /// <summary>A leg's reference assemblies and its SDK default language version.</summary>
    public static (TestReferences References, LanguageVersion LanguageVersion) Leg(string moniker) => moniker switch
    {
        "netstandard2.0" => (TestReferences.NetStandard20, LanguageVersion.CSharp7_3),
        "net472" => (TestReferences.Net472, LanguageVersion.CSharp7_3),
        "net8.0" => (TestReferences.Net80, Languages.OrNewest(Languages.CSharp12)),
        "net10.0" => (TestReferences.Net100, LanguageVersion.Latest),
        _ => throw new ArgumentException("no reference assemblies for " + moniker),
    };

    /// <summary>
    /// Just enough of a core library, declared in source, to compile the target-gated rules' code with no references:
    /// the core library is then the test assembly itself, and the target framework is unknown.
    /// </summary>
    public const string MinimalCoreLibrary = """
        namespace System
        {
            public class Object { }
            public abstract class ValueType { }
            public abstract class Enum : ValueType { public bool HasFlag(Enum flag) => true; }
            public struct Void { }
            public struct Boolean { }
            public struct Int32 { }
            public struct Int64 { }
            public struct IntPtr { }
            public sealed class String { }
            public abstract class Attribute { }
            public class Type { }
            public abstract class Delegate { }
            public abstract class MulticastDelegate : Delegate { }
            public abstract class Array
            {
                public static void Copy(Array sourceArray, Array destinationArray, int length) { }
                public static void Copy(Array sourceArray, int sourceIndex, Array destinationArray, int destinationIndex, int length) { }
            }
        }

        namespace System.Threading.Tasks
        {
            public class Task
            {
                public static Task<TResult> FromResult<TResult>(TResult result) => new Task<TResult>();
            }

            public class Task<TResult> : Task { }
        }
        """;
}
