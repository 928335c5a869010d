using System.Threading;
using System.Threading.Tasks;

namespace Cases
{
    public static class PERF006Cases
    {
        public static async Task<int> Length(Task<string> download)
        {
            await Task.Yield();
            return download.Result.Length; //~ PERF006
        }

        public static async Task Pause(Task work)
        {
            await Task.Yield();
            work.Wait(); //~ PERF006
            Thread.Sleep(10); //~ PERF006
            Thread.Sleep(millisecondsTimeout: 10); //~ PERF006
        }

        // Must not flag: the tasks are complete (awaited through WhenAll, on .NET 10 the params-span overload), or not async code.
        public static async Task<int> Both(Task<int> first, Task<int> second)
        {
            await Task.WhenAll(first, second);
            return first.Result + second.Result;
        }

        public static async Task<int> Awaited(Task<int> task)
        {
            await task;
            return task.Result;
        }

        public static int Sync(Task<int> task) => task.Result;
#if NET
        // Must not flag: completion proven by patterns (C# 9+, so only on the .NET leg): a property pattern, an 'is not' early exit.
        public static async Task<int> Patterns(Task<int> first, Task<int> second)
        {
            await Task.Yield();
            var a = first is { IsCompletedSuccessfully: true } ? first.Result : 0;
            if (second.Status is not TaskStatus.RanToCompletion)
            {
                return a;
            }

            return a + second.Result;
        }

        // Must not flag: a polling loop written with a property pattern leaves the task complete.
        public static async Task<int> Polled(Task<int> task)
        {
            while (task is { IsCompleted: false }) await Task.Delay(10);
            return task.Result;
        }
#endif
    }
}
