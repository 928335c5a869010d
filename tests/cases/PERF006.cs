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
    }
}
