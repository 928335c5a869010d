#!/usr/bin/env bash
# In-process CPU workload for SharpZipLib (libraries.tsv: commit ff2d7c30), for EventPipe profiling.
# Runs all of the library's own BenchmarkDotNet project (benchmark/ICSharpCode.SharpZipLib.Benchmark): 8 classes,
# 12 cases (BZip2 decompress, Adler32/Crc32/BZip2Crc, Tar in/out sync+async, ZipInputStream, ZipOutputStream
# sync+async, ZipFile with inflater pooling), with `--filter=* --inProcess --job Short`: about 1m40s here in ONE
# process. The project is copied to artifacts/profile/sharpziplib and built against the checkout's src/ICSharpCode.SharpZipLib
# (project reference, Release, net10.0, portable PDB, no ReadyToRun/trimming; GeneratePackageOnBuild off). In the copy:
#   - BenchmarkDotNet 0.13.7 (not served here) -> 0.15.8;
#   - the two jobs of its MultipleRuntimes config (net462 and net6.0 csproj toolchains, which would build and start
#     other processes) are deleted, so only the command line's in-process job runs.
# ZipFile.ReadLargeZipFile downloads test262's archive to $TMPDIR (/tmp) unless the file is there: `build` puts a
# zip of the checkout (git archive, ~520 files) under that name, so nothing is fetched. BenchmarkDotNet still runs
# `dotnet --version`, `cat /proc/cpuinfo` and `lscpu` once at start.
#
#   sharpziplib-workload.sh <checkout> build     # prints nothing but errors
#   sharpziplib-workload.sh <checkout> command   # the command line (no quotes needed: run it as is or with eval)
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 <sharpziplib-checkout> build|command" >&2; exit 2; }
co="$(cd "$1" && pwd)"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
work="$root/artifacts/profile/sharpziplib"
name=ICSharpCode.SharpZipLib.Benchmark
dll="$work/build/bin/$name/release_net10.0/$name.dll"
data="${TMPDIR:-/tmp}"; data="${data%/}/2e4e0e6b8ebe3348a207144204cb6d7a5571c863.zip"
case "$2" in
  build)
    rm -rf "$work"; mkdir -p "$work"
    cp -r "$co/benchmark/$name" "$work/bench"
    sed -i -e 's#"BenchmarkDotNet" Version="0.13.7"#"BenchmarkDotNet" Version="0.15.8"#' \
      -e "s#\.\.\\\\\.\.\\\\src\\\\ICSharpCode\.SharpZipLib\\\\ICSharpCode\.SharpZipLib\.csproj#$co/src/ICSharpCode.SharpZipLib/ICSharpCode.SharpZipLib.csproj#" \
      "$work/bench/$name.csproj"
    sed -i '/AddJob(Job.Default.WithToolchain/d' "$work/bench/Program.cs"
    [ -f "$data" ] || git -C "$co" archive --format=zip -o "$data" HEAD
    # The work folder is inside this repository: keep its Directory.Build.props / Directory.Packages.props out.
    dotnet build "$work/bench/$name.csproj" -c Release -p:TargetFrameworks=net10.0 -p:GeneratePackageOnBuild=false \
      -p:ImportDirectoryBuildProps=false -p:ImportDirectoryBuildTargets=false -p:ImportDirectoryPackagesProps=false \
      --artifacts-path "$work/build" -nologo -tl:off > "$work/build.log" 2>&1 \
      || { grep -E ': error ' "$work/build.log" | sort -u >&2 || tail -20 "$work/build.log" >&2; exit 1; } ;;
  command)
    [ -f "$dll" ] && [ -f "$data" ] || { echo "$0: run '$0 $1 build' first" >&2; exit 1; }
    echo "dotnet $dll --filter=* --inProcess --job Short --artifacts $work/bdn" ;;
  *) echo "usage: $0 <sharpziplib-checkout> build|command" >&2; exit 2 ;;
esac
