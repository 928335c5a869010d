using System.Threading.Tasks;
using Xunit;

namespace PerfAnalyzers.Tests;

public partial class PERF004SealInternalTypesTests
{
    // ---- [InternalsVisibleTo] and the option ----

    private const string FriendTests = "[assembly: System.Runtime.CompilerServices.InternalsVisibleTo(\"Contoso.Orders.Tests, PublicKey=0024\")]\n";
    private const string FriendOther = "[assembly: System.Runtime.CompilerServices.InternalsVisibleTo(\"Contoso.Orders.Plugins\")]\n";
    private const string FriendProxy = "[assembly: System.Runtime.CompilerServices.InternalsVisibleTo(\"DynamicProxyGenAssembly2\")]\n";

    [Theory]
    [InlineData("Contoso.Tests")]
    [InlineData("Contoso.Test")]
    [InlineData("Contoso.unittests")]
    [InlineData("Contoso.IntegrationTests")]
    [InlineData("Contoso.Benchmarks")]
    public Task Test_assembly_friends_do_not_stop_the_rule_by_default(string friend) => Verify(
        $"[assembly: System.Runtime.CompilerServices.InternalsVisibleTo(\" {friend} , PublicKey=00\")]\ninternal class [|C|] {{ }}\n");

    [Fact]
    public Task Other_friends_and_mocking_proxies_stop_internal_types_by_default() => Verify(
        FriendTests + FriendOther + "internal class C { }\npublic class P { private class [|Hidden|] { } }\n");

    [Fact]
    public Task DynamicProxyGenAssembly2_stops_internal_types_by_default() => Verify(
        FriendProxy + "internal class C { }\ninternal static class S { private class [|Hidden|] { } }\n");

    [Fact]
    public Task Skip_all_stops_internal_types_for_any_friend_but_not_private_ones()
    {
        var test = Test(FriendTests + "internal class C { }\ninternal static class Outer { private class [|Hidden|] { } }\n");
        test.Options[Option] = "skip_all";
        return test.RunAsync();
    }

    [Fact]
    public Task Ignore_flags_internal_types_whatever_the_friends()
    {
        var test = Test(FriendOther + FriendProxy + "internal class [|C|] { }\n");
        test.Options[Option] = "ignore";
        return test.RunAsync();
    }

    [Fact]
    public Task Global_option_key_applies_too()
    {
        var test = Test(FriendTests + "internal class C { }\n");
        test.Options["perf_analyzers.internals_visible_to"] = "skip_all";
        return test.RunAsync();
    }
}
