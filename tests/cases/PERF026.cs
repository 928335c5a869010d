using System;
using System.Threading;
using System.Threading.Tasks;

namespace Cases
{
    public static class PERF026Cases
    {
        // WhenAny + Delay as a timeout: Task.WaitAsync exists from .NET 6, so flagged on net10.0 only.
        public static async Task<int> Get(Task<int> t, TimeSpan timeout)
        {
            if (await Task.WhenAny(t, Task.Delay(timeout)) != t) //~ PERF026[net10.0]
            {
                throw new TimeoutException();
            }

            return await t;
        }

#if NET
        // Named arguments, reordered: the same timeout (WhenAny(Task, Task) is not in .NET Standard 2.0).
        public static async Task Run(Task t)
        {
            if (await Task.WhenAny(task2: t, task1: Task.Delay(millisecondsDelay: 500)) != t) throw new TimeoutException(); //~ PERF026[net10.0]
            await t;
        }
#endif

        // The form most timeout helpers copy: == t without else, the throw after the if.
        public static async Task<int> Copied(Task<int> t, TimeSpan timeout)
        {
            if (t == await Task.WhenAny(t, Task.Delay(timeout))) //~ PERF026[net10.0]
                return await t;
            throw new TimeoutException();
        }

        // The winner kept in a local that only the next if reads.
        public static async Task<int> Kept(Task<int> t, TimeSpan timeout)
        {
            var done = await Task.WhenAny(t, Task.Delay(timeout)); //~ PERF026[net10.0]
            if (done != t) throw new TimeoutException();
            return await t;
        }

        // Must not flag: a timeout that falls back instead of throwing; a delay cancelled by its own source after the wait.
        public static async Task<int> Fallback(Task<int> t, TimeSpan timeout)
        {
            if (await Task.WhenAny(t, Task.Delay(timeout)) != t)
            {
                return -1;
            }

            return await t;
        }

        public static async Task<int> Cancelled(Task<int> t, TimeSpan timeout)
        {
            using (var cts = new CancellationTokenSource())
            {
                if (await Task.WhenAny(t, Task.Delay(timeout, cts.Token)) != t)
                {
                    throw new TimeoutException();
                }

                cts.Cancel();
                return await t;
            }
        }
    }
}
