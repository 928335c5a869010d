using System.Threading.Tasks;

namespace Cases
{
    public static class PERF007Cases
    {
        // Task.FromResult(true) allocates before .NET 6: flagged on netstandard2.0 only.
        public static Task<bool> Yes() => Task.FromResult(true); //~ PERF007[netstandard2.0]

        // Must not flag: a value that is not a common constant.
        public static Task<int> Value(int x) => Task.FromResult(x);
    }
}
