using System;
using PerfAnalyzers.Samples;

// Each file in this project shows one rule's flagged code; `dotnet build` prints its warning.
Console.WriteLine(PERF001Substring.ParseStatusCode("2026-11-22 level=4 code=404"));
