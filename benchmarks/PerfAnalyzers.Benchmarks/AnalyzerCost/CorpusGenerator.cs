using System;
using System.Globalization;
using System.IO;
using System.Text;

namespace PerfAnalyzers.Benchmarks.AnalyzerCost;

/// <summary>
/// Writes a deterministic corpus of realistic C# (services, parsers, async repositories, DTOs, enums, helpers) for
/// measuring the analyzers' own cost. A few patterns the rules flag are mixed in at realistic rates; most code is
/// ordinary. <c>dotnet run -c Release --project benchmarks/PerfAnalyzers.Benchmarks -- --generate-corpus &lt;dir&gt; [files]</c>.
/// </summary>
public static class CorpusGenerator
{
    public static int Run(string[] args)
    {
        if (args.Length < 1)
        {
            Console.Error.WriteLine("usage: --generate-corpus <directory> [files (default 200)]");
            return 2;
        }

        var files = args.Length > 1 && int.TryParse(args[1], NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n > 0 ? n : 200;
        var (written, lines) = Generate(args[0], files, seed: 42);
        Console.WriteLine($"wrote {written} files, {lines} lines to {args[0]}");
        return 0;
    }

    public static (int Files, int Lines) Generate(string directory, int files, int seed)
    {
        Directory.CreateDirectory(directory);
        var random = new Random(seed);
        var total = 0;
        for (var i = 0; i < files; i++)
        {
            var text = File(i, random);
            System.IO.File.WriteAllText(Path.Combine(directory, $"Module{i:D3}.cs"), text);
            total += text.Split('\n').Length;
        }

        return (files, total);
    }

    private static string File(int index, Random random)
    {
        var b = new StringBuilder();
        b.Append("using System;\nusing System.Collections.Generic;\nusing System.IO;\nusing System.Linq;\nusing System.Text;\nusing System.Threading;\nusing System.Threading.Tasks;\n\n");
        b.Append($"namespace Corpus.Module{index:D3};\n\n");
        b.Append($"public enum Status{index} {{ None = 0, Active = 1, Suspended = 2, Closed = 4, Archived = 8 }}\n\n");
        b.Append($"public sealed record Order{index}(int Id, string Customer, decimal Amount, DateTime Created, Status{index} Status);\n\n");
        // PERF004 shapes, by index so that the random sequence of the other shapes stays the same: a third of the
        // repositories are sealed already, a third have a derived type (below), a third are internal classes nothing
        // derives from.
        b.Append(index % 3 == 1 ? $"internal sealed class Repository{index}\n{{\n" : $"internal class Repository{index}\n{{\n");
        b.Append($"    private readonly Dictionary<int, Order{index}> _orders = new();\n    private readonly object _gate = new();\n\n");
        for (var m = 0; m < 3; m++)
        {
            Method(b, index, m, random);
        }

        b.Append("}\n\n");
        if (index % 3 == 0)
        {
            b.Append($"internal sealed class CachedRepository{index} : Repository{index}\n{{\n    public int Hits {{ get; private set; }}\n}}\n\n");
        }

        b.Append($"public static class Parser{index}\n{{\n");
        for (var m = 0; m < 3; m++)
        {
            ParserMethod(b, index, m, random);
        }

        b.Append("}\n\n");
        var cctor = random.Next(3) == 0; // an explicit static constructor that only sets fields (PERF013)
        b.Append($"internal static class Limits{index}\n{{\n");
        b.Append(cctor
            ? $"    public static readonly int MaxItems;\n    public static readonly TimeSpan Timeout;\n\n    static Limits{index}()\n    {{\n        MaxItems = {100 + random.Next(900)};\n        Timeout = TimeSpan.MaxValue;\n    }}\n"
            : $"    public static readonly int MaxItems = {100 + random.Next(900)};\n    public static readonly TimeSpan Timeout = TimeSpan.MaxValue;\n");
        b.Append("}\n\n");
        b.Append($"public class Service{index}\n{{\n    private readonly Repository{index} _repository = new();\n    private readonly TextWriter _log;\n\n    public Service{index}(TextWriter log) => _log = log;\n\n");
        for (var m = 0; m < 3; m++)
        {
            ServiceMethod(b, index, m, random);
        }

        b.Append("}\n");
        return b.ToString();
    }

    private static void Method(StringBuilder b, int index, int m, Random random)
    {
        b.Append($"    public void Add{m}(Order{index} order)\n    {{\n        lock (_gate)\n        {{\n            _orders[order.Id + {m}] = order;\n        }}\n    }}\n\n");
        b.Append($"    public IReadOnlyList<Order{index}> Find{m}(string customer, decimal minimum)\n    {{\n        lock (_gate)\n        {{\n");
        b.Append($"            return _orders.Values\n                .Where(o => o.Customer == customer && o.Amount >= minimum)\n                .OrderBy(o => o.Created)\n                .Take({10 + random.Next(50)})\n                .ToList();\n        }}\n    }}\n\n");
        b.Append($"    public async Task<int> CountAsync{m}(CancellationToken cancellationToken)\n    {{\n        await Task.Delay({random.Next(1, 5)}, cancellationToken).ConfigureAwait(false);\n");
        b.Append($"        var count = 0;\n        foreach (var order in _orders.Values)\n        {{\n            if ((order.Status & Status{index}.Active) != 0 && order.Amount > {random.Next(100)}m)\n            {{\n                count++;\n            }}\n        }}\n\n        return count;\n    }}\n\n");
        var cached = random.Next(5) == 0; // now and then, a Task.FromResult of a constant (allocates before .NET 6)
        b.Append($"    public Task<bool> Contains{m}Async(int id) => {(cached ? "_orders.ContainsKey(id) ? Task.FromResult(true) : Task.FromResult(false)" : "Task.FromResult(_orders.ContainsKey(id))")};\n\n");
        var hasFlag = random.Next(4) == 0; // Enum.HasFlag (boxes before .NET Core 2.1)
        b.Append($"    public int CountActive{m}()\n    {{\n        var active = 0;\n        foreach (var order in _orders.Values)\n        {{\n");
        b.Append($"            if ({(hasFlag ? $"order.Status.HasFlag(Status{index}.Active)" : $"(order.Status & Status{index}.Active) == Status{index}.Active")})\n            {{\n                active++;\n            }}\n        }}\n\n        return active;\n    }}\n\n");
        var copy = random.Next(4) == 0; // Array.Copy without lower bounds (slow before .NET 5)
        b.Append($"    public int[] Ids{m}()\n    {{\n        int[] keys;\n        lock (_gate)\n        {{\n            keys = _orders.Keys.ToArray();\n        }}\n\n");
        b.Append($"        var result = new int[keys.Length + 1];\n        {(copy ? "Array.Copy(keys, result, keys.Length)" : "Array.Copy(keys, 0, result, 1, keys.Length)")};\n        return result;\n    }}\n\n");
    }

    private static void ParserMethod(StringBuilder b, int index, int m, Random random)
    {
        var flagged = random.Next(4) == 0; // about one parser in four slices a string the slow way
        b.Append($"    public static Order{index}? Parse{m}(string line)\n    {{\n        if (string.IsNullOrEmpty(line) || line.Length < 20)\n        {{\n            return null;\n        }}\n\n");
        b.Append("        var parts = line.Split(';');\n        if (parts.Length < 4)\n        {\n            return null;\n        }\n\n");
        b.Append(flagged
            ? "        var id = int.Parse(parts[0].Substring(1));\n"
            : "        var id = int.Parse(parts[0].AsSpan(1));\n");
        b.Append("        var amount = decimal.Parse(parts[2], System.Globalization.CultureInfo.InvariantCulture);\n");
        b.Append("        var created = DateTime.Parse(parts[3], System.Globalization.CultureInfo.InvariantCulture);\n");
        b.Append($"        var status = Enum.TryParse<Status{index}>(parts.Length > 4 ? parts[4] : \"Active\", out var s) ? s : Status{index}.None;\n");
        b.Append($"        return new Order{index}(id, parts[1].Trim(), amount, created, status);\n    }}\n\n");
        b.Append($"    public static string Format{m}(Order{index} order)\n    {{\n        var builder = new StringBuilder();\n");
        b.Append("        builder.Append('#').Append(order.Id).Append(';');\n        builder.Append(order.Customer).Append(';');\n");
        b.Append("        builder.Append(order.Amount.ToString(System.Globalization.CultureInfo.InvariantCulture)).Append(';');\n");
        b.Append("        builder.Append(order.Created.ToString(\"O\", System.Globalization.CultureInfo.InvariantCulture));\n        for (var i = 0; i < 3; i++)\n        {\n            builder.Append(';').Append(i);\n        }\n\n        return builder.ToString();\n    }\n\n");
        var typed = random.Next(4) == 0; // the Type-taking Enum API (PERF009)
        b.Append($"    public static bool IsKnown{m}(Status{index} status) => {(typed ? $"Enum.IsDefined(typeof(Status{index}), status)" : "Enum.IsDefined(status)")};\n\n");
        var newRandom = random.Next(6) == 0; // a new Random per call (PERF010)
        b.Append($"    public static int Jitter{m}() => {(newRandom ? "new Random().Next(100)" : "Random.Shared.Next(100)")};\n\n");
        var loop = random.Next(5) == 0; // a fill loop (PERF015)
        b.Append($"    public static int[] Defaults{m}(int length)\n    {{\n        var values = new int[length];\n");
        b.Append(loop ? "        for (int i = 0; i < values.Length; i++)\n        {\n            values[i] = -1;\n        }\n\n" : "        Array.Fill(values, -1);\n");
        b.Append("        return values;\n    }\n\n");
        // Resetting a reused buffer, by index so that the random sequence of the other shapes stays the same: the whole
        // range spelled out (PERF015), Span.Fill(0) (CA1855, the SDK rule PERF015 is timed against), or Array.Clear(a).
        var reset = (((index * 3) + m) % 6) switch
        {
            0 => "Array.Clear(buffer, 0, buffer.Length)",
            1 => "buffer.AsSpan().Fill(0)",
            _ => "Array.Clear(buffer)",
        };
        b.Append($"    public static void Reset{m}(byte[] buffer) => {reset};\n\n");
        var small = random.Next(5) == 0; // a small temporary buffer read from a stream (PERF011)
        b.Append($"    public static int Peek{m}(Stream stream)\n    {{\n");
        b.Append(small
            ? "        var header = new byte[4];\n        return stream.Read(header, 0, header.Length) == 4 ? header[0] : -1;\n    }\n\n"
            : "        Span<byte> header = stackalloc byte[4];\n        return stream.Read(header) == 4 ? header[0] : -1;\n    }\n\n");
        var builder = random.Next(4) == 0; // a StringBuilder for three pieces
        b.Append($"    public static string Key{m}(Order{index} order) => {(builder ? "new StringBuilder().Append(order.Customer).Append(':').Append(order.Id).ToString()" : "$\"{order.Customer}:{order.Id}\"")};\n\n");
        var manual = random.Next(5) == 0; // hand-written byte order: a read, a write and a swap (PERF014)
        b.Append($"    public static int ReadLength{m}(byte[] frame, int offset) => {(manual ? "(frame[offset] << 24) | (frame[offset + 1] << 16) | (frame[offset + 2] << 8) | frame[offset + 3]" : "System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(frame.AsSpan(offset))")};\n\n");
        b.Append($"    public static void WriteLength{m}(byte[] frame, int offset, int length)\n    {{\n");
        b.Append(manual
            ? "        frame[offset] = (byte)(length >> 24);\n        frame[offset + 1] = (byte)(length >> 16);\n        frame[offset + 2] = (byte)(length >> 8);\n        frame[offset + 3] = (byte)length;\n    }\n\n"
            : "        System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(frame.AsSpan(offset), length);\n    }\n\n");
        b.Append($"    public static uint Swap{m}(uint x) => {(manual ? "(x >> 24) | ((x >> 8) & 0xFF00) | ((x << 8) & 0xFF0000) | (x << 24)" : "System.Buffers.Binary.BinaryPrimitives.ReverseEndianness(x)")};\n\n");
        var label = random.Next(6) switch // string.Format with a constant format, mixed or strings only (PERF008)
        {
            0 => "string.Format(\"{0}: {1,8:N2} ({2:yyyy-MM-dd})\", order.Customer, order.Amount, order.Created)",
            1 => "string.Format(\"{0}/{1}\", order.Customer, order.Status.ToString())",
            _ => "$\"{order.Customer}: {order.Amount,8:N2} ({order.Created:yyyy-MM-dd})\"",
        };
        b.Append($"    public static string Label{m}(Order{index} order) => {label};\n\n");
        b.Append($"    public static int Checksum{m}(ReadOnlySpan<byte> data)\n    {{\n        var sum = {random.Next(1, 1000)};\n        for (var i = 0; i < data.Length; i++)\n        {{\n            sum = unchecked(sum * 31 + data[i]);\n        }}\n\n        return sum;\n    }}\n\n");
    }

    private static void ServiceMethod(StringBuilder b, int index, int m, Random random)
    {
        var blocking = random.Next(6) == 0; // now and then, sync-over-async
        b.Append($"    public async Task<string> Describe{m}Async(int id, CancellationToken cancellationToken)\n    {{\n");
        b.Append($"        var count = {(blocking ? $"_repository.CountAsync{m % 3}(cancellationToken).Result" : $"await _repository.CountAsync{m % 3}(cancellationToken).ConfigureAwait(false)")};\n");
        b.Append($"        var orders = _repository.Find{m % 3}(\"customer\" + id, {random.Next(10)}m);\n");
        b.Append("        var total = orders.Sum(o => o.Amount);\n");
        b.Append("        await _log.WriteLineAsync($\"{id}: {count} orders, {total} total\").ConfigureAwait(false);\n");
        b.Append("        return orders.Count == 0 ? \"none\" : string.Join(\", \", orders.Select(o => o.Customer));\n    }\n\n");
        b.Append($"    public bool Validate{m}(string code)\n    {{\n        if (code.Length != {8 + random.Next(4)})\n        {{\n            return false;\n        }}\n\n");
        b.Append("        foreach (var c in code)\n        {\n            if (!char.IsLetterOrDigit(c))\n            {\n                return false;\n            }\n        }\n\n");
        b.Append("        return code.StartsWith(\"AB\", StringComparison.Ordinal) || code.EndsWith(\"Z\", StringComparison.Ordinal);\n    }\n\n");
    }
}
