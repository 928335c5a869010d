using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Attributes;
using Xunit;

namespace PerfAnalyzers.Tests;

/// <summary>
/// For every benchmark class: each <c>XBefore</c> (the flagged code) and its <c>XAfter</c> (the fix's output) compute
/// the same result, for every combination of the class's [Params] values.
/// </summary>
public class BenchmarkEquivalenceTests
{
    public static TheoryData<string> BenchmarkClasses()
    {
        var data = new TheoryData<string>();
        foreach (var type in typeof(PerfAnalyzers.Benchmarks.Program).Assembly.GetTypes().Where(t => t.Name.EndsWith("Benchmarks", StringComparison.Ordinal) && t.IsPublic))
        {
            data.Add(type.Name);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(BenchmarkClasses))]
    public void Before_and_after_compute_the_same_result(string className)
    {
        var type = typeof(PerfAnalyzers.Benchmarks.Program).Assembly.GetTypes().Single(t => t.Name == className);
        var benchmarks = type.GetMethods().Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null).ToList();
        var pairs = benchmarks.Where(m => m.Name.EndsWith("Before", StringComparison.Ordinal))
            .Select(before => (Before: before, After: benchmarks.SingleOrDefault(m => m.Name == before.Name[..^"Before".Length] + "After")))
            .ToList();
        Assert.NotEmpty(pairs);
        foreach (var (before, after) in pairs)
        {
            Assert.True(after is not null, $"{className}.{before.Name} has no matching ...After method");
            Assert.True(before.ReturnType != typeof(void), $"{className}.{before.Name} must return its result so it can be compared");
        }

        foreach (var setting in ParamCombinations(type))
        {
            foreach (var (before, after) in pairs)
            {
                var expected = Invoke(type, before, setting);
                var actual = Invoke(type, after!, setting);
                Assert.True(Same(expected, actual), $"{className}.{before.Name} returned {Show(expected)} but {after!.Name} returned {Show(actual)} with {string.Join(", ", setting.Select(s => s.Key.Name + "=" + s.Value))}");
            }
        }
    }

    private static object? Invoke(Type type, MethodInfo method, Dictionary<PropertyInfo, object?> setting)
    {
        var instance = Activator.CreateInstance(type)!;
        foreach (var (property, value) in setting)
        {
            property.SetValue(instance, value);
        }

        foreach (var setup in type.GetMethods().Where(m => m.GetCustomAttribute<GlobalSetupAttribute>() is not null))
        {
            setup.Invoke(instance, null);
        }

        foreach (var setup in type.GetMethods().Where(m => m.GetCustomAttribute<IterationSetupAttribute>() is not null))
        {
            setup.Invoke(instance, null);
        }

        var result = method.Invoke(instance, null);
        if (result is System.Threading.Tasks.Task task)
        {
            task.GetAwaiter().GetResult();
            result = task.GetType().GetProperty("Result")?.GetValue(task);
        }

        foreach (var cleanup in type.GetMethods().Where(m => m.GetCustomAttribute<GlobalCleanupAttribute>() is not null))
        {
            cleanup.Invoke(instance, null);
        }

        return result;
    }

    private static IEnumerable<Dictionary<PropertyInfo, object?>> ParamCombinations(Type type)
    {
        IEnumerable<Dictionary<PropertyInfo, object?>> combinations = new[] { new Dictionary<PropertyInfo, object?>() };
        foreach (var property in type.GetProperties())
        {
            if (property.GetCustomAttribute<ParamsAttribute>() is { } values)
            {
                combinations = combinations.SelectMany(c => values.Values.Select(v => new Dictionary<PropertyInfo, object?>(c) { [property] = v })).ToList();
            }
        }

        return combinations;
    }

    private static bool Same(object? a, object? b) => (a, b) switch
    {
        (null, null) => true,
        (string x, string y) => x == y,
        (System.Text.StringBuilder x, System.Text.StringBuilder y) => x.ToString() == y.ToString(),
        (IEnumerable x, IEnumerable y) => x.Cast<object?>().SequenceEqual(y.Cast<object?>()),
        _ => Equals(a, b),
    };

    private static string Show(object? value) => value switch
    {
        null => "null",
        string s => "\"" + s + "\"",
        System.Text.StringBuilder sb => "\"" + sb + "\"",
        IEnumerable e => "[" + string.Join(", ", e.Cast<object?>()) + "]",
        _ => value.ToString() ?? "",
    };
}
