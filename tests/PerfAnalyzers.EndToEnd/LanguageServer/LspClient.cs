using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Threading;
using System.Threading.Tasks;

namespace PerfAnalyzers.EndToEnd.LanguageServer;

/// <summary>
/// A small Language Server Protocol client over stdio (JSON-RPC with <c>Content-Length</c> framing), enough to drive
/// <c>csharp-ls</c> as an editor does: initialize with pull diagnostics, answer the server's
/// <c>workspace/configuration</c> with analyzers on, open and change documents, pull their diagnostics, and reload
/// the workspace (the server re-reads <c>.editorconfig</c> only when it loads the project again). The server is the
/// repository's pinned local tool (<c>.config/dotnet-tools.json</c>).
/// </summary>
public sealed class LspClient : IDisposable
{
    private readonly Process _process;
    private readonly Stream _input;
    private readonly ConcurrentDictionary<int, TaskCompletionSource<JsonElement>> _pending = new();
    private readonly SemaphoreSlim _writeLock = new(1, 1);
    private readonly StringBuilder _log = new();
    private readonly object _progressLock = new();
    private readonly Dictionary<string, string> _loadTokens = new();
    private int _loadsFinished;
    private int _nextId;
    private static readonly object RestoreLock = new();
    private static bool s_toolRestored;

    private LspClient(Process process)
    {
        _process = process;
        _input = process.StandardInput.BaseStream;
        _ = Task.Run(ReadLoopAsync);
        _ = Task.Run(async () =>
        {
            string? line;
            while ((line = await process.StandardError.ReadLineAsync().ConfigureAwait(false)) is not null)
            {
                Log("stderr: " + line);
            }
        });
    }

    /// <summary>The workspace folder the server loads (every project under it).</summary>
    public string Folder { get; private set; } = "";

    /// <summary>The last messages, for a failing test's output.</summary>
    public string RecentLog
    {
        get
        {
            lock (_log)
            {
                var text = _log.ToString();
                return text.Length > 6000 ? text[^6000..] : text;
            }
        }
    }

    /// <summary>Starts the server (from <paramref name="repositoryRoot"/>, where the tool manifest is) and initializes it on <paramref name="folder"/>.</summary>
    public static async Task<LspClient> StartAsync(string repositoryRoot, string folder)
    {
        lock (RestoreLock)
        {
            if (!s_toolRestored)
            {
                // A clean clone has the manifest, not the tool: restore it once, as a new contributor would.
                var (code, output) = Shell.Dotnet("tool restore", repositoryRoot);
                if (code != 0)
                {
                    throw new InvalidOperationException("dotnet tool restore failed:\n" + output);
                }

                s_toolRestored = true;
            }
        }

        var info = Shell.StartInfo("dotnet", "tool run csharp-ls", repositoryRoot);
        info.RedirectStandardInput = true;
        var client = new LspClient(Process.Start(info)!) { Folder = folder };
        var uri = Uri(folder);
        await client.RequestAsync("initialize", new JsonObject
        {
            ["processId"] = Environment.ProcessId,
            ["rootUri"] = uri,
            ["workspaceFolders"] = new JsonArray(Workspace(folder)),
            ["capabilities"] = new JsonObject
            {
                ["workspace"] = new JsonObject
                {
                    ["configuration"] = true,
                    ["workspaceFolders"] = true,
                    ["didChangeWatchedFiles"] = new JsonObject { ["dynamicRegistration"] = true },
                },
                ["textDocument"] = new JsonObject
                {
                    ["synchronization"] = new JsonObject { ["didSave"] = true },
                    ["diagnostic"] = new JsonObject { ["dynamicRegistration"] = false },
                    ["codeAction"] = new JsonObject
                    {
                        ["codeActionLiteralSupport"] = new JsonObject
                        {
                            ["codeActionKind"] = new JsonObject { ["valueSet"] = new JsonArray("", "quickfix", "refactor", "source") },
                        },
                    },
                },
                ["window"] = new JsonObject { ["workDoneProgress"] = true },
            },
        }).ConfigureAwait(false);
        await client.NotifyAsync("initialized", new JsonObject()).ConfigureAwait(false);
        return client;
    }

    public static string Uri(string path) => new Uri(Path.GetFullPath(path)).AbsoluteUri;

    private static JsonObject Workspace(string folder) => new() { ["uri"] = Uri(folder), ["name"] = Path.GetFileName(folder) };

    /// <summary>Opens a document (the first open makes the server load the workspace).</summary>
    public Task OpenAsync(string path, string? text = null) => NotifyAsync("textDocument/didOpen", new JsonObject
    {
        ["textDocument"] = new JsonObject
        {
            ["uri"] = Uri(path),
            ["languageId"] = "csharp",
            ["version"] = 1,
            ["text"] = text ?? File.ReadAllText(path),
        },
    });

    /// <summary>Replaces a document's whole text in the server's memory, as an editor does on each keystroke.</summary>
    public Task ChangeAsync(string path, int version, string text) => NotifyAsync("textDocument/didChange", new JsonObject
    {
        ["textDocument"] = new JsonObject { ["uri"] = Uri(path), ["version"] = version },
        ["contentChanges"] = new JsonArray(new JsonObject { ["text"] = text }),
    });

    /// <summary>Pulls a document's diagnostics (<c>textDocument/diagnostic</c>).</summary>
    public async Task<IReadOnlyList<LspDiagnostic>> DiagnosticsAsync(string path)
    {
        var result = await RequestAsync("textDocument/diagnostic", new JsonObject
        {
            ["textDocument"] = new JsonObject { ["uri"] = Uri(path) },
        }).ConfigureAwait(false);
        var list = new List<LspDiagnostic>();
        if (result.ValueKind == JsonValueKind.Object && result.TryGetProperty("items", out var items))
        {
            foreach (var item in items.EnumerateArray())
            {
                var start = item.GetProperty("range").GetProperty("start");
                var end = item.GetProperty("range").GetProperty("end");
                list.Add(new LspDiagnostic(
                    Path.GetFileName(path),
                    item.TryGetProperty("code", out var code) ? code.ToString() : "",
                    item.TryGetProperty("severity", out var severity) ? severity.GetInt32() : 0,
                    start.GetProperty("line").GetInt32(),
                    start.GetProperty("character").GetInt32(),
                    end.GetProperty("line").GetInt32(),
                    end.GetProperty("character").GetInt32(),
                    item.TryGetProperty("codeDescription", out var description) && description.TryGetProperty("href", out var href) ? href.GetString() : null,
                    item.TryGetProperty("message", out var message) ? message.GetString() ?? "" : ""));
            }
        }

        return list;
    }

    /// <summary>The titles of the code actions offered for a range with the given diagnostics.</summary>
    public async Task<IReadOnlyList<string>> CodeActionTitlesAsync(string path, LspDiagnostic diagnostic)
    {
        var range = new JsonObject
        {
            ["start"] = new JsonObject { ["line"] = diagnostic.Line, ["character"] = diagnostic.Character },
            ["end"] = new JsonObject { ["line"] = diagnostic.EndLine, ["character"] = diagnostic.EndCharacter },
        };
        var result = await RequestAsync("textDocument/codeAction", new JsonObject
        {
            ["textDocument"] = new JsonObject { ["uri"] = Uri(path) },
            ["range"] = range,
            ["context"] = new JsonObject
            {
                ["diagnostics"] = new JsonArray(new JsonObject
                {
                    ["range"] = range.DeepClone(),
                    ["severity"] = diagnostic.Severity,
                    ["code"] = diagnostic.Code,
                    ["message"] = diagnostic.Message,
                }),
            },
        }).ConfigureAwait(false);
        return result.ValueKind == JsonValueKind.Array
            ? result.EnumerateArray().Select(a => a.TryGetProperty("title", out var title) ? title.GetString() ?? "" : "").ToList()
            : new List<string>();
    }

    /// <summary>
    /// Waits until the server has finished loading the workspace <paramref name="count"/> times in all (its
    /// <c>$/progress</c> "Loading workspace folder" ends).
    /// </summary>
    public async Task WaitForLoadsAsync(int count, TimeSpan timeout)
    {
        var deadline = DateTime.UtcNow + timeout;
        while (Volatile.Read(ref _loadsFinished) < count)
        {
            if (DateTime.UtcNow > deadline || _process.HasExited)
            {
                throw new TimeoutException($"csharp-ls did not finish loading {Folder} (load {count}):\n{RecentLog}");
            }

            await Task.Delay(50).ConfigureAwait(false);
        }
    }

    public int LoadsFinished => Volatile.Read(ref _loadsFinished);

    /// <summary>
    /// Makes the server load the workspace again (removing and adding its folder), which is how it picks up a changed
    /// <c>.editorconfig</c>: it watches only C# and project files, and reads analyzer options when it loads a project.
    /// </summary>
    public async Task ReloadAsync(TimeSpan timeout)
    {
        var before = LoadsFinished;
        await NotifyAsync("workspace/didChangeWorkspaceFolders", new JsonObject
        {
            ["event"] = new JsonObject
            {
                ["added"] = new JsonArray(Workspace(Folder)),
                ["removed"] = new JsonArray(Workspace(Folder)),
            },
        }).ConfigureAwait(false);
        await WaitForLoadsAsync(before + 1, timeout).ConfigureAwait(false);
    }

    public async Task<JsonElement> RequestAsync(string method, JsonNode parameters, int timeoutSeconds = 300)
    {
        var id = Interlocked.Increment(ref _nextId);
        var completion = new TaskCompletionSource<JsonElement>(TaskCreationOptions.RunContinuationsAsynchronously);
        _pending[id] = completion;
        await WriteAsync(new JsonObject { ["jsonrpc"] = "2.0", ["id"] = id, ["method"] = method, ["params"] = parameters }).ConfigureAwait(false);
        var finished = await Task.WhenAny(completion.Task, Task.Delay(TimeSpan.FromSeconds(timeoutSeconds))).ConfigureAwait(false);
        if (finished != completion.Task)
        {
            _pending.TryRemove(id, out _);
            throw new TimeoutException($"{method} got no answer in {timeoutSeconds} s:\n{RecentLog}");
        }

        return await completion.Task.ConfigureAwait(false);
    }

    public Task NotifyAsync(string method, JsonNode parameters) =>
        WriteAsync(new JsonObject { ["jsonrpc"] = "2.0", ["method"] = method, ["params"] = parameters });

    private async Task WriteAsync(JsonObject message)
    {
        var body = Encoding.UTF8.GetBytes(message.ToJsonString());
        var header = Encoding.ASCII.GetBytes($"Content-Length: {body.Length}\r\n\r\n");
        await _writeLock.WaitAsync().ConfigureAwait(false);
        try
        {
            Log(">> " + Shorten(message.ToJsonString()));
            await _input.WriteAsync(header).ConfigureAwait(false);
            await _input.WriteAsync(body).ConfigureAwait(false);
            await _input.FlushAsync().ConfigureAwait(false);
        }
        finally
        {
            _writeLock.Release();
        }
    }

    private async Task ReadLoopAsync()
    {
        var output = _process.StandardOutput.BaseStream;
        try
        {
            while (await ReadMessageAsync(output).ConfigureAwait(false) is { } message)
            {
                using var document = JsonDocument.Parse(message);
                var root = document.RootElement.Clone();
                Log("<< " + Shorten(message));
                var hasId = root.TryGetProperty("id", out var id);
                if (root.TryGetProperty("method", out var method))
                {
                    if (hasId)
                    {
                        await AnswerAsync(id, method.GetString()!, root).ConfigureAwait(false);
                    }
                    else
                    {
                        OnNotification(method.GetString()!, root);
                    }
                }
                else if (hasId && id.ValueKind == JsonValueKind.Number && _pending.TryRemove(id.GetInt32(), out var completion))
                {
                    if (root.TryGetProperty("error", out var error))
                    {
                        completion.TrySetException(new InvalidOperationException("LSP error: " + error));
                    }
                    else
                    {
                        completion.TrySetResult(root.TryGetProperty("result", out var result) ? result : default);
                    }
                }
            }
        }
        catch (Exception e) when (e is IOException or ObjectDisposedException or JsonException)
        {
            Log("reader stopped: " + e.Message);
        }

        foreach (var pending in _pending.Values)
        {
            pending.TrySetException(new IOException("csharp-ls exited:\n" + RecentLog));
        }
    }

    /// <summary>The server's requests: analyzers on for <c>workspace/configuration</c>; null for the others (registrations, progress tokens, refreshes).</summary>
    private Task AnswerAsync(JsonElement id, string method, JsonElement request)
    {
        JsonNode? result = null;
        if (method == "workspace/configuration")
        {
            var answers = new JsonArray();
            foreach (var item in request.GetProperty("params").GetProperty("items").EnumerateArray())
            {
                answers.Add(item.TryGetProperty("section", out var section) && section.GetString() == "csharp"
                    ? new JsonObject { ["analyzersEnabled"] = true }
                    : null);
            }

            result = answers;
        }
        else if (method == "workspace/workspaceFolders")
        {
            result = new JsonArray(Workspace(Folder));
        }

        return WriteAsync(new JsonObject { ["jsonrpc"] = "2.0", ["id"] = JsonNode.Parse(id.GetRawText()), ["result"] = result });
    }

    private void OnNotification(string method, JsonElement message)
    {
        if (method != "$/progress" || !message.TryGetProperty("params", out var parameters) ||
            !parameters.TryGetProperty("value", out var value) || !value.TryGetProperty("kind", out var kind))
        {
            return;
        }

        var token = parameters.GetProperty("token").ToString();
        lock (_progressLock)
        {
            if (kind.GetString() == "begin" && value.TryGetProperty("title", out var title) && title.GetString()?.Contains("Loading workspace", StringComparison.Ordinal) == true)
            {
                _loadTokens[token] = title.GetString()!;
            }
            else if (kind.GetString() == "end" && _loadTokens.Remove(token))
            {
                Interlocked.Increment(ref _loadsFinished);
            }
        }
    }

    private static async Task<string?> ReadMessageAsync(Stream stream)
    {
        var length = -1;
        while (true)
        {
            var line = await ReadHeaderLineAsync(stream).ConfigureAwait(false);
            if (line is null)
            {
                return null;
            }

            if (line.Length == 0)
            {
                break;
            }

            if (line.StartsWith("Content-Length:", StringComparison.OrdinalIgnoreCase))
            {
                length = int.Parse(line["Content-Length:".Length..].Trim(), System.Globalization.CultureInfo.InvariantCulture);
            }
        }

        var body = new byte[length];
        var read = 0;
        while (read < length)
        {
            var n = await stream.ReadAsync(body.AsMemory(read, length - read)).ConfigureAwait(false);
            if (n == 0)
            {
                return null;
            }

            read += n;
        }

        return Encoding.UTF8.GetString(body);
    }

    private static async Task<string?> ReadHeaderLineAsync(Stream stream)
    {
        var bytes = new List<byte>();
        var one = new byte[1];
        while (true)
        {
            if (await stream.ReadAsync(one.AsMemory(0, 1)).ConfigureAwait(false) == 0)
            {
                return null;
            }

            if (one[0] == '\n')
            {
                return Encoding.ASCII.GetString(bytes.ToArray()).TrimEnd('\r');
            }

            bytes.Add(one[0]);
        }
    }

    private void Log(string line)
    {
        lock (_log)
        {
            _log.Append(DateTime.UtcNow.ToString("HH:mm:ss.fff", System.Globalization.CultureInfo.InvariantCulture)).Append(' ').AppendLine(line);
            if (_log.Length > 200_000)
            {
                _log.Remove(0, 100_000);
            }
        }
    }

    private static string Shorten(string text) => text.Length > 400 ? text[..400] + "..." : text;

    public void Dispose()
    {
        try
        {
            if (!_process.HasExited)
            {
                using var cancel = new CancellationTokenSource(TimeSpan.FromSeconds(5));
                try
                {
                    RequestAsync("shutdown", new JsonObject(), timeoutSeconds: 5).Wait(cancel.Token);
                    NotifyAsync("exit", new JsonObject()).Wait(cancel.Token);
                }
                catch (Exception e) when (e is AggregateException or OperationCanceledException or TimeoutException or IOException)
                {
                }

                if (!_process.WaitForExit(5000))
                {
                    _process.Kill(entireProcessTree: true);
                }
            }
        }
        finally
        {
            _process.Dispose();
            _writeLock.Dispose();
        }
    }
}

/// <summary>One diagnostic of a pull: the file's name, the rule id, the LSP severity (1 error, 2 warning, 3 information, 4 hint), a zero-based range, the help link.</summary>
public sealed record LspDiagnostic(string File, string Code, int Severity, int Line, int Character, int EndLine, int EndCharacter, string? HelpLink, string Message);
