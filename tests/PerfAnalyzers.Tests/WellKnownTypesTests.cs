using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using PerfAnalyzers.Infrastructure;
using PerfAnalyzers.Tests.Infrastructure;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// <see cref="WellKnownTypes.Is"/>: the full-name test that spares rules resolving a type outside the core library must
/// give the answer of a full comparison: a type of the same name in another namespace (one that ends like the real one
/// included) or under another containing type is not the type.
/// </summary>
public class WellKnownTypesTests
{
    private const string Source = """
        using System;
        using System.Collections.Generic;
        using System.Linq.Expressions;
        using System.Text;

        namespace Mine
        {
            public class Expression<T> { }
            public class Dictionary<TKey, TValue> { }
            public class MyExpression<T> { }
            public class Outer { public struct AppendInterpolatedStringHandler { } }
        }

        namespace Mine.System.Collections.Generic
        {
            public class Dictionary<TKey, TValue> { }
        }

        public static class Uses
        {
            public static System.Linq.Expressions.Expression<Func<int>> Real;
            public static Mine.Expression<int> Fake;
            public static System.Collections.Generic.Dictionary<string, int> RealDictionary;
            public static Mine.Dictionary<string, int> FakeDictionary;
            public static Mine.MyExpression<int> Longer;
            public static StringBuilder.AppendInterpolatedStringHandler RealHandler;
            public static Mine.Outer.AppendInterpolatedStringHandler FakeHandler;
            public static int Number;
            public static Mine.System.Collections.Generic.Dictionary<string, int> DeeperDictionary;
        }
        """;

    private static (WellKnownTypes Types, System.Func<string, ITypeSymbol> Field) Compile()
    {
        var compilation = CSharpCompilation.Create("WellKnown", new[] { CSharpSyntaxTree.ParseText(Source) }, TestCompilations.References(TestReferences.Net80),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        Assert.Empty(compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));
        var uses = compilation.GetTypeByMetadataName("Uses")!;
        return (new WellKnownTypes(compilation), name => ((IFieldSymbol)uses.GetMembers(name).Single()).Type);
    }

    [Theory]
    [InlineData("Real", WellKnownTypes.ExpressionOfT, true)]
    [InlineData("Fake", WellKnownTypes.ExpressionOfT, false)]
    [InlineData("Longer", WellKnownTypes.ExpressionOfT, false)]
    [InlineData("RealDictionary", WellKnownTypes.DictionaryOfTKeyTValue, true)]
    [InlineData("FakeDictionary", WellKnownTypes.DictionaryOfTKeyTValue, false)]
    [InlineData("RealHandler", WellKnownTypes.StringBuilderAppendInterpolatedStringHandler, true)]
    [InlineData("FakeHandler", WellKnownTypes.StringBuilderAppendInterpolatedStringHandler, false)]
    [InlineData("Number", WellKnownTypes.ExpressionOfT, false)]
    [InlineData("DeeperDictionary", WellKnownTypes.DictionaryOfTKeyTValue, false)]
    [InlineData("Real", WellKnownTypes.DictionaryOfTKeyTValue, false)]
    public void Is_compares_the_type_not_only_its_name(string field, string metadataName, bool expected)
    {
        var (types, type) = Compile();
        Assert.Equal(expected, types.Is(type(field), metadataName));

        // The same answer as resolving the type and comparing definitions.
        Assert.Equal(SymbolEqualityComparer.Default.Equals(type(field).OriginalDefinition, types.Get(metadataName)), expected);
    }

    [Fact]
    public void Is_is_false_for_no_type() => Assert.False(Compile().Types.Is(null, WellKnownTypes.ExpressionOfT));
}
