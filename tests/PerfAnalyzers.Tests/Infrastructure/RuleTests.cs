using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;

namespace PerfAnalyzers.Tests.Infrastructure;

/// <summary>The reference assemblies a rule's tests compile against unless a test names others.</summary>
public interface ITestTarget
{
    static abstract TestReferences References { get; }
}

/// <summary>.NET 8 (the default of most rules' tests).</summary>
public sealed class Net80Target : ITestTarget
{
    public static TestReferences References => TestReferences.Net80;
}

/// <summary>.NET Standard 2.0 (the rules that fire only on older targets).</summary>
public sealed class NetStandard20Target : ITestTarget
{
    public static TestReferences References => TestReferences.NetStandard20;
}

/// <summary>
/// The base of every rule's test class: <see cref="Test"/> and <see cref="Verify"/> read "this source, these
/// diagnostics, this fixed source" for the rule, so no test file declares them again. A test class adds only what is its
/// rule's own (a wrapper for members, an option).
/// </summary>
public abstract class RuleTests<TAnalyzer, TFix, TTarget>
    where TAnalyzer : DiagnosticAnalyzer, new()
    where TFix : CodeFixProvider, new()
    where TTarget : ITestTarget
{
    /// <summary>The rule's test of <paramref name="source"/> (markup marks the expected diagnostics) and the fix's expected output.</summary>
    protected static RuleTest<TAnalyzer, TFix> Test(string source, string? fixedSource = null, TestReferences? references = null) =>
        RuleTest<TAnalyzer, TFix>.Create(source, fixedSource, references ?? TTarget.References);

    /// <summary>Runs <see cref="Test"/>.</summary>
    protected static Task Verify(string source, string? fixedSource = null, TestReferences? references = null) =>
        Test(source, fixedSource, references).RunAsync();
}

/// <summary><see cref="RuleTests{TAnalyzer, TFix, TTarget}"/> against .NET 8.</summary>
public abstract class RuleTests<TAnalyzer, TFix> : RuleTests<TAnalyzer, TFix, Net80Target>
    where TAnalyzer : DiagnosticAnalyzer, new()
    where TFix : CodeFixProvider, new()
{
}
