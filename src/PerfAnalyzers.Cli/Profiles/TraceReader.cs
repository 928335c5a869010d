using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using Microsoft.Diagnostics.Tracing;
using Microsoft.Diagnostics.Tracing.Etlx;
using Microsoft.Diagnostics.Tracing.EventPipe;
using Microsoft.Diagnostics.Tracing.Parsers.Clr;

namespace PerfAnalyzers.Cli.Profiles;

/// <summary>What one trace held.</summary>
public sealed record TraceSummary(string Name, long Samples, long AttributedSamples, long AllocationTicks, IReadOnlyList<string> ProfiledAssemblies, IReadOnlyList<string> MissingAssemblies);

/// <summary>
/// Reads an EventPipe trace (<c>.nettrace</c>: <c>dotnet-trace</c>, BenchmarkDotNet's EventPipe profiler, or
/// <c>perfanalyzers profile -- command</c>) with TraceEvent. A CPU sample is a <c>ThreadSample</c> of the sample
/// profiler taken while the thread ran managed code (threads waiting in native code are not CPU); its stack is resolved
/// through the trace's method events to metadata tokens, and each frame in a profiled assembly (any assembly not of the
/// runtime itself) to its source method (<see cref="AssemblyMethods"/>). A sample counts once, inclusively, for every
/// source method on its stack, and exclusively for the innermost one (that method's own code and the library code it
/// called). A GC <c>AllocationTick</c> (one per ~100 KB allocated) adds its bytes to the innermost source method.
/// </summary>
public static class TraceReader
{
    /// <param name="listed">Assemblies whose every method the profile lists (sampled or not, so that "not sampled" means
    /// cold); empty: every assembly that came with its debug information (built from source, not a package's).</param>
    public static TraceSummary Read(string path, ProfileBuilder builder, IReadOnlyList<string> assemblyFolders, IReadOnlyCollection<string> listed, bool inliningOff, CancellationToken cancellationToken)
    {
        var etlx = Path.Combine(Path.GetTempPath(), "perfanalyzers-" + Guid.NewGuid().ToString("N") + ".etlx");
        try
        {
            try
            {
                TraceLog.CreateFromEventPipeDataFile(path, etlx);
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                throw new UsageException($"{Path.GetFileName(path)} is not a readable EventPipe trace ({e.Message.Split('\n')[0].Trim()})");
            }

            using var log = new TraceLog(etlx);
            var runtimeFolder = log.ModuleFiles.Select(m => m.FilePath)
                .FirstOrDefault(p => string.Equals(Path.GetFileName(p), "System.Private.CoreLib.dll", StringComparison.OrdinalIgnoreCase)) is { } coreLib // TraceEvent writes these paths in lower case
                ? Path.GetDirectoryName(coreLib)
                : null;
            var assemblies = new Dictionary<string, AssemblyMethods?>(StringComparer.Ordinal);
            var missing = new SortedSet<string>(StringComparer.OrdinalIgnoreCase);
            long samples = 0, attributed = 0, ticks = 0;
            var stack = new List<MethodTarget>();

            AssemblyMethods? Assembly(TraceModuleFile? module)
            {
                var file = module?.FilePath;
                if (string.IsNullOrEmpty(file))
                {
                    return null;
                }

                if (!assemblies.TryGetValue(file, out var methods))
                {
                    methods = null;
                    if (runtimeFolder is null || !string.Equals(Path.GetDirectoryName(file), runtimeFolder, StringComparison.OrdinalIgnoreCase))
                    {
                        var found = File.Exists(file) ? file : assemblyFolders.Select(f => Path.Combine(f, Path.GetFileName(file))).FirstOrDefault(File.Exists);
                        methods = found is null ? null : AssemblyMethods.TryLoad(found);
                        if (found is null)
                        {
                            missing.Add(Path.GetFileName(file));
                        }
                        else if (methods is not null && (listed.Count == 0 ? methods.HasDebugInfo : listed.Contains(methods.Name, StringComparer.OrdinalIgnoreCase)))
                        {
                            builder.AddAssembly(methods);
                        }
                    }

                    assemblies[file] = methods;
                }

                return methods;
            }

            MethodTarget? Walk(TraceEvent e)
            {
                stack.Clear();
                for (var frame = e.CallStack(); frame is not null; frame = frame.Caller)
                {
                    if (frame.CodeAddress.Method is { MethodToken: not 0 } method && Assembly(method.MethodModuleFile)?.Target(method.MethodToken) is { } target)
                    {
                        stack.Add(target);
                    }
                }

                return stack.Count > 0 ? stack[0] : null;
            }

            foreach (var e in log.Events)
            {
                cancellationToken.ThrowIfCancellationRequested();
                switch (e)
                {
                    case ClrThreadSampleTraceData sample when sample.Type == ClrThreadSampleType.Managed:
                        samples++;
                        var innermost = Walk(e);
                        attributed += innermost is null ? 0 : 1;
                        builder.AddSample(stack, innermost);
                        break;
                    case GCAllocationTickTraceData allocation:
                        ticks++;
                        builder.AddAllocation(Walk(e), allocation.AllocationAmount64);
                        break;
                }
            }

            var name = Path.GetFileName(path);
            builder.EndSource(name, samples, attributed, inliningOff);
            return new TraceSummary(name, samples, attributed, ticks, builder.Assemblies.ToList(), missing.ToList());
        }
        finally
        {
            try
            {
                File.Delete(etlx);
            }
            catch (IOException)
            {
                // A temporary file left behind is not worth failing the command for.
            }
        }
    }
}
