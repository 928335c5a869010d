using System.Threading.Tasks;

namespace PerfAnalyzers.Samples;

/// <summary>PERF006: the async method blocks its thread on a task it could await.</summary>
public static class PERF006BlockingInAsync
{
    public static async Task<int> GetLengthAsync(Task<string> download)
    {
        await Task.Yield();
        return download.Result.Length;
    }
}
