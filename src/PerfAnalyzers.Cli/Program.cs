using System;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace PerfAnalyzers.Cli;

public static class Program
{
    public static async Task<int> Main(string[] args)
    {
        if (args.Length == 0 || args[0] is "-h" or "--help" or "help")
        {
            Console.WriteLine(ScanOptions.Usage);
            Console.WriteLine();
            Console.WriteLine(Profiles.ProfileCommand.Usage);
            Console.WriteLine();
            Console.WriteLine(RuleListsCommand.Usage);
            return args.Length == 0 ? 2 : 0;
        }

        if (args[0] is not ("scan" or "profile" or "rule-lists"))
        {
            Console.Error.WriteLine($"perfanalyzers: unknown command '{args[0]}' (try: perfanalyzers scan <path>, or perfanalyzers profile)");
            return 2;
        }

        using var cancellation = new CancellationTokenSource();
        Console.CancelKeyPress += (_, e) => { e.Cancel = true; cancellation.Cancel(); };
        try
        {
            if (args[0] == "rule-lists")
            {
                return RuleListsCommand.Run(args.Skip(1).ToList());
            }

            if (args[0] == "profile")
            {
                return await Profiles.ProfileCommand.RunAsync(args.Skip(1).ToList(), cancellation.Token).ConfigureAwait(false);
            }

            var options = ScanOptions.Parse(args.Skip(1).ToList());
            Action<string> progress = options.Quiet ? _ => { } : message => Console.Error.WriteLine("perfanalyzers: " + message);
            var result = await new Scanner(options, progress).RunAsync(cancellation.Token).ConfigureAwait(false);
            var basePath = Directory.Exists(options.Path) ? Path.GetFullPath(options.Path) : Path.GetDirectoryName(Path.GetFullPath(options.Path))!;
            Console.Out.Write(Report.Write(result, options, basePath));

            if (result.AnalyzerExceptions.Count > 0 || result.NewErrors.Count > 0)
            {
                return 1;
            }

            return options.FailOn is { } threshold && result.Findings.Any(f => f.Severity >= threshold) ? 1 : 0;
        }
        catch (UsageException e)
        {
            Console.Error.WriteLine("perfanalyzers: error: " + e.Message);
            return 2;
        }
        catch (OperationCanceledException)
        {
            Console.Error.WriteLine("perfanalyzers: cancelled");
            return 130;
        }
        catch (Exception e)
        {
            // Never a stack trace: one line that says what failed.
            Console.Error.WriteLine($"perfanalyzers: error: internal error ({e.GetType().Name}): {e.Message.Split('\n')[0].Trim()}");
            return 2;
        }
    }
}
