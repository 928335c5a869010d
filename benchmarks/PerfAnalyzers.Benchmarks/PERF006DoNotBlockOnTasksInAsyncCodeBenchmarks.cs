using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;

namespace PerfAnalyzers.Benchmarks;

/// <summary>
/// PERF006: <see cref="Requests"/> concurrent requests on the thread pool, each reading from a simulated device whose
/// operations complete about a millisecond later on the device's own thread (like an I/O completion). Before blocks
/// on the read with <c>.Result</c> inside the async handler (the flagged code); After is the fix's output, <c>await</c>.
/// The pool keeps its default minimum (the core count); its maximum is capped at <see cref="MaxThreads"/> while the
/// class runs, so that every iteration sees the same small pool (an uncapped pool keeps the threads it injected in
/// earlier iterations; <see cref="MeasureBurst"/> measures that growth in a fresh process, for the doc).
/// </summary>
[MemoryDiagnoser]
public class PERF006DoNotBlockOnTasksInAsyncCodeBenchmarks
{
    public const int Requests = 64;
    public const int MaxThreads = 8;

    private SimulatedDevice? _device;
    private int _savedMaxWorkers;
    private int _savedMaxIo;

    [GlobalSetup]
    public void Setup()
    {
        ThreadPool.GetMaxThreads(out _savedMaxWorkers, out _savedMaxIo);
        ThreadPool.GetMinThreads(out var minWorkers, out _);
        ThreadPool.SetMaxThreads(Math.Max(MaxThreads, minWorkers), _savedMaxIo);
        _device = new SimulatedDevice();
    }

    [GlobalCleanup]
    public void Cleanup()
    {
        _device?.Dispose();
        ThreadPool.SetMaxThreads(_savedMaxWorkers, _savedMaxIo);
    }

    [Benchmark(Baseline = true)]
    public int RequestsBefore() => RunAll(HandleBefore);

    [Benchmark]
    public int RequestsAfter() => RunAll(HandleAfter);

    private async Task<int> HandleBefore(int id)
    {
        await Task.Yield();
        var data = _device!.ReadAsync(id).Result;
        return data * 2;
    }

    private async Task<int> HandleAfter(int id)
    {
        await Task.Yield();
        var data = await _device!.ReadAsync(id);
        return data * 2;
    }

    /// <summary>Starts every request on the pool, then waits for all of them (the caller is not a pool thread).</summary>
    private static int RunAll(Func<int, Task<int>> handler)
    {
        var requests = new Task<int>[Requests];
        for (var i = 0; i < requests.Length; i++)
        {
            requests[i] = handler(i);
        }

        var sum = 0;
        foreach (var request in requests)
        {
            sum += request.GetAwaiter().GetResult();
        }

        return sum;
    }

    /// <summary>
    /// One burst of <paramref name="requests"/> requests on an uncapped pool with its default minimum, for a fresh process:
    /// elapsed milliseconds and the pool's thread count before and after.
    /// </summary>
    public static (double Milliseconds, int ThreadsBefore, int ThreadsAfter) MeasureBurst(bool blocking, int requests)
    {
        using var device = new SimulatedDevice();
        var threadsBefore = ThreadPool.ThreadCount;
        var watch = Stopwatch.StartNew();
        var tasks = new Task<int>[requests];
        for (var i = 0; i < tasks.Length; i++)
        {
            var id = i;
            tasks[i] = blocking
                ? Task.Run(() => device.ReadAsync(id).Result)
                : Task.Run(async () => await device.ReadAsync(id));
        }

        Task.WaitAll(tasks);
        return (watch.Elapsed.TotalMilliseconds, threadsBefore, ThreadPool.ThreadCount);
    }

    /// <summary>Completes each read about 1 ms after it starts, on its own thread (never a pool thread).</summary>
    private sealed class SimulatedDevice : IDisposable
    {
        private static readonly long Latency = Stopwatch.Frequency / 1000;
        private readonly object _gate = new();
        private readonly List<(long Due, TaskCompletionSource<int> Completion, int Value)> _pending = new();
        private readonly Thread _thread;
        private volatile bool _stopped;

        public SimulatedDevice()
        {
            _thread = new Thread(Run) { IsBackground = true, Name = "SimulatedDevice" };
            _thread.Start();
        }

        public Task<int> ReadAsync(int value)
        {
            var completion = new TaskCompletionSource<int>(TaskCreationOptions.RunContinuationsAsynchronously);
            lock (_gate)
            {
                _pending.Add((Stopwatch.GetTimestamp() + Latency, completion, value));
            }

            return completion.Task;
        }

        private void Run()
        {
            var ready = new List<(long Due, TaskCompletionSource<int> Completion, int Value)>();
            while (!_stopped)
            {
                Thread.Sleep(1);
                var now = Stopwatch.GetTimestamp();
                lock (_gate)
                {
                    ready.AddRange(_pending.FindAll(p => p.Due <= now));
                    _pending.RemoveAll(p => p.Due <= now);
                }

                foreach (var item in ready)
                {
                    item.Completion.SetResult(item.Value);
                }

                ready.Clear();
            }
        }

        public void Dispose()
        {
            _stopped = true;
            _thread.Join();
        }
    }
}
