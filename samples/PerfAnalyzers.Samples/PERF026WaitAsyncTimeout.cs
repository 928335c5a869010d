using System;
using System.Threading.Tasks;

namespace PerfAnalyzers.Samples;

/// <summary>
/// PERF026: Task.WhenAny(reply, Task.Delay(timeout)) allocates a delay task, its timer and a WhenAny task, and the timer
/// stays queued until the timeout elapses even when the reply came at once; reply.WaitAsync(timeout) (.NET 6+) stops
/// its timer as soon as the reply completes.
/// </summary>
public static class PERF026WaitAsyncTimeout
{
    public static async Task<string> ReceiveAsync(Task<string> reply, TimeSpan timeout)
    {
        if (await Task.WhenAny(reply, Task.Delay(timeout)) != reply)
        {
            throw new TimeoutException();
        }

        return await reply;
    }
}
