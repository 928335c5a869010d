#!/usr/bin/env bash
# In-process CPU workload for Humanizer (libraries.tsv: commit 3ebc38de, Jan 2022), for EventPipe profiling.
# That commit has no benchmarks: Humanizer's own BenchmarkDotNet project (src/Benchmarks) came in 2024. This script
# takes it from the checkout's history (commit 42142809, its Program.cs from 96e01303: no multi-runtime jobs) and
# builds it in artifacts/profile/humanizer against the checkout's src/Humanizer (project reference, Release, net10.0, PDB embedded
# as the csproj says, no ReadyToRun/trimming). Against the 2022 API:
#   - left out: TimeOnlyToClockNotationConverterBenchmarks (internal types), WordsToNumberBenchmarks (ToNumber came later),
#     and the one FormatterBenchmarks case that news up the internal FormatterRegistry;
#   - added: global usings for what later versions had implicitly or moved (System, Linq, Humanizer.Bytes/Configuration/
#     Localisation[.Formatters]).
# Runs the rest, 16 classes / 104 cases (inflector, number-to-words, metric/roman numerals, ordinals, string humanize
# and transforms, vocabulary, ToQuantity, ByteSize, collections, enums, date/timespan formatters), with
# `--filter=* --inProcess --job Short --iterationTime 50`: about 2 minutes here in ONE process (with 100 ms iterations
# it took 3m15s). BenchmarkDotNet still runs `dotnet --version`, `cat /proc/cpuinfo` and `lscpu` once at start.
#
#   humanizer-workload.sh <checkout> build     # prints nothing but errors
#   humanizer-workload.sh <checkout> command   # the command line (no quotes needed: run it as is or with eval)
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 <humanizer-checkout> build|command" >&2; exit 2; }
co="$(cd "$1" && pwd)"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
work="$root/artifacts/profile/humanizer"
dll="$work/build/bin/Benchmarks/release_net10.0/Benchmarks.dll"
case "$2" in
  build)
    rm -rf "$work"; mkdir -p "$work"
    git -C "$co" archive 42142809 src/Benchmarks | tar -x -C "$work" \
      || { echo "$0: the checkout needs Humanizer's history (commit 42142809)" >&2; exit 1; }
    bench="$work/src/Benchmarks"
    git -C "$co" show 96e01303:src/Benchmarks/Program.cs > "$bench/Program.cs"
    rm "$bench/TimeOnlyToClockNotationConverterBenchmarks.cs" "$bench/WordsToNumberBenchmarks.cs"
    sed -i '/Formatter registry first-touch/,/new FormatterRegistry()/d' "$bench/FormatterBenchmarks.cs"
    printf 'global using %s;\n' System System.Collections.Generic System.Linq Humanizer.Bytes Humanizer.Configuration \
      Humanizer.Localisation Humanizer.Localisation.Formatters > "$bench/ProfileUsings.cs"
    sed -i "s#\.\.\\\\Humanizer\\\\Humanizer\.csproj#$co/src/Humanizer/Humanizer.csproj#" "$bench/Benchmarks.csproj"
    # The work folder is inside this repository: keep its Directory.Build.props / Directory.Packages.props out.
    dotnet build "$bench/Benchmarks.csproj" -c Release -p:TargetFrameworks=net10.0 \
      -p:ImportDirectoryBuildProps=false -p:ImportDirectoryBuildTargets=false -p:ImportDirectoryPackagesProps=false \
      --artifacts-path "$work/build" -nologo -tl:off > "$work/build.log" 2>&1 \
      || { grep -E ': error ' "$work/build.log" | sort -u >&2 || tail -20 "$work/build.log" >&2; exit 1; } ;;
  command)
    [ -f "$dll" ] || { echo "$0: run '$0 $1 build' first" >&2; exit 1; }
    echo "dotnet $dll --filter=* --inProcess --job Short --iterationTime 50 --artifacts $work/bdn" ;;
  *) echo "usage: $0 <humanizer-checkout> build|command" >&2; exit 2 ;;
esac
