#!/usr/bin/env bash
# In-process test-suite workload for SharpZipLib (libraries.tsv: commit ff2d7c30), for EventPipe profiling.
# DRAFT
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 <sharpziplib-checkout> build|command" >&2; exit 2; }
co="$(cd "$1" && pwd)"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
work="$root/artifacts/profile/sharpziplib-tests"
name=ICSharpCode.SharpZipLib.Tests
dll="$work/build/bin/$name/release_net10.0/$name.dll"
case "$2" in
  build)
    rm -rf "$work"; mkdir -p "$work"
    cp -r "$co/test/$name" "$work/tests"
    proj="$work/tests/$name.csproj"
    sed -i -e '/"Microsoft.NET.Test.Sdk"/d' -e '/"nunit.console"/d' \
      -e 's#"NUnit3TestAdapter" Version="4.3.1"#"NUnit3TestAdapter" Version="6.3.1"#' \
      -e 's#<OutputType>Library</OutputType>#<OutputType>Exe</OutputType><EnableNUnitRunner>true</EnableNUnitRunner><NoWarn>$(NoWarn);SYSLIB0011</NoWarn>#' \
      -e "s#\.\.\\\\\.\.\\\\assets\\\\ICSharpCode\.SharpZipLib\.snk#$co/assets/ICSharpCode.SharpZipLib.snk#" \
      -e "s#\.\.\\\\\.\.\\\\src\\\\ICSharpCode\.SharpZipLib\\\\ICSharpCode\.SharpZipLib\.csproj#$co/src/ICSharpCode.SharpZipLib/ICSharpCode.SharpZipLib.csproj#" \
      "$proj"
    # No telemetry extension (it would try to send usage data).
    sed -i 's#</Project>#  <ItemGroup><TestingPlatformBuilderHook Remove="98058041-B5B6-4A75-9834-58E6DF796A22" /></ItemGroup>\n</Project>#' "$proj"
    # The work folder is inside this repository: keep its Directory.Build.props / Directory.Packages.props out.
    dotnet build "$proj" -c Release -p:TargetFrameworks=net10.0 -p:GeneratePackageOnBuild=false \
      -p:ImportDirectoryBuildProps=false -p:ImportDirectoryBuildTargets=false -p:ImportDirectoryPackagesProps=false \
      --artifacts-path "$work/build" -nologo -tl:off > "$work/build.log" 2>&1 \
      || { grep -E ': error ' "$work/build.log" | sort -u >&2 || tail -20 "$work/build.log" >&2; exit 1; } ;;
  command)
    [ -f "$dll" ] || { echo "$0: run '$0 $1 build' first" >&2; exit 1; }
    echo "dotnet $dll --results-directory $work/results" ;;
  *) echo "usage: $0 <sharpziplib-checkout> build|command" >&2; exit 2 ;;
esac
