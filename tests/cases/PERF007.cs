using System.Threading.Tasks;

namespace Cases
{
    public static class PERF007Cases
    {
        // Task.FromResult(true) allocates before .NET 6: flagged on netstandard2.0 only.
        public static Task<bool> Yes() => Task.FromResult(true); //~ PERF007[netstandard2.0]
        public static Task<bool> Named() { const bool done = false; return Task.FromResult(result: done); } //~ PERF007[netstandard2.0]

        // Awaited in a function that awaits something else: the fix writes the value itself.
        public static async Task<bool> Awaited(Task work)
        {
            await work;
            return await Task.FromResult(false); //~ PERF007[netstandard2.0]
        }

        // Must not flag: a value that is not a common constant.
        public static Task<int> Value(int x) => Task.FromResult(x);
    }
}
