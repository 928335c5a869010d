#!/usr/bin/env bash
# In-process test-suite workload for Humanizer (libraries.tsv: commit 3ebc38de, Jan 2022), for EventPipe profiling.
# Runs the library's own xunit 2.4.1 suite (src/Humanizer.Tests with the shared src/Humanizer.Tests.Shared: 12,678
# cases) 20 times over in ONE process with xunit.runner.console 2.4.1's .NET Core runner (tools/netcoreapp2.0/
# xunit.console.dll, rolled forward to net10.0; it loads the test assembly into its own process: no vstest/testhost and
# no child process, checked with strace -f: one execve). The test dll is named 20 times on the command line, which
# xunit.console runs one after the other; `-parallel none`. Each run: 12,676 passed, 2 failed (fr ByteSize formats:
# ICU's narrow no-break space), ~3.5 s; the 20 runs take 72 s bare, ~2 min under `perfanalyzers profile`. The projects are
# copied to artifacts/profile/humanizer-tests and the tests built against the checkout's src/Humanizer (project
# reference, Release, net10.0, PDB embedded as the csproj says, no ReadyToRun/trimming). In the copy:
#   - left out: ApiApprover/ (PublicApiApprovalTest and its DiffPlexReporter: ApiApprover is not served here, and the
#     public API approval is no library code to speak of) with its approved.txt content item and its net6.0 packages;
#   - removed: Microsoft.NET.Test.Sdk, xunit.runner.visualstudio and coverlet.collector (vstest only); added:
#     xunit.runner.console 2.4.1 (its runner is copied to artifacts/profile/humanizer-tests/runner) and
#     CopyLocalLockFileAssemblies (the xunit dlls next to the test dll, as the test SDK did).
# Nothing else excluded: no test needs the network, hangs or takes long.
#
#   humanizer-tests-workload.sh <checkout> build     # prints nothing but errors
#   humanizer-tests-workload.sh <checkout> command   # the command line (no quotes needed: run it as is or with eval)
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 <humanizer-checkout> build|command" >&2; exit 2; }
co="$(cd "$1" && pwd)"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
work="$root/artifacts/profile/humanizer-tests"
dll="$work/build/bin/Humanizer.Tests/release_net10.0/Humanizer.Tests.dll"
runner="$work/runner/xunit.console.dll"
runs=20
case "$2" in
  build)
    rm -rf "$work"; mkdir -p "$work/src"
    cp -r "$co/src/Humanizer.Tests" "$co/src/Humanizer.Tests.Shared" "$work/src/"
    tests="$work/src/Humanizer.Tests"
    rm -r "$tests/ApiApprover"
    sed -i -e '/"coverlet.collector"/d' -e '/"xunit.runner.visualstudio"/d' -e '/"Microsoft.NET.Test.Sdk"/d' \
      -e '/"ApiApprover"/d' -e '/"DiffPlex"/d' -e '/ApiApprover\\PublicApiApprovalTest/,/<\/Content>/d' \
      -e 's#<PackageReference Include="xunit" Version="2.4.1" />#&<PackageReference Include="xunit.runner.console" Version="2.4.1" GeneratePathProperty="true" />#' \
      -e 's#<TargetFrameworks>.*</TargetFrameworks>#&<CopyLocalLockFileAssemblies>true</CopyLocalLockFileAssemblies>#' \
      -e "s#\.\.\\\\Humanizer\\\\Humanizer\.csproj#$co/src/Humanizer/Humanizer.csproj#" "$tests/Humanizer.Tests.csproj"
    grep -q 'xunit.runner.console' "$tests/Humanizer.Tests.csproj" \
      || { echo "$0: $tests/Humanizer.Tests.csproj: not the expected csproj" >&2; exit 1; }
    # The work folder is inside this repository: keep its Directory.Build.props / Directory.Packages.props out.
    dotnet build "$tests/Humanizer.Tests.csproj" -c Release -p:TargetFrameworks=net10.0 \
      -p:ImportDirectoryBuildProps=false -p:ImportDirectoryBuildTargets=false -p:ImportDirectoryPackagesProps=false \
      --artifacts-path "$work/build" -nologo -tl:off > "$work/build.log" 2>&1 \
      || { grep -E ': error ' "$work/build.log" | sort -u >&2 || tail -20 "$work/build.log" >&2; exit 1; }
    pkg="$(sed -n 's#.*<Pkgxunit_runner_console[^>]*>\(.*\)</Pkgxunit_runner_console>.*#\1#p' \
      "$work/build/obj/Humanizer.Tests/Humanizer.Tests.csproj.nuget.g.props")"
    cp -r "$pkg/tools/netcoreapp2.0" "$work/runner" ;;
  command)
    [ -f "$dll" ] && [ -f "$runner" ] || { echo "$0: run '$0 $1 build' first" >&2; exit 1; }
    echo "dotnet --roll-forward Major $runner$(for _ in $(seq "$runs"); do printf ' %s' "$dll"; done) -parallel none -nocolor" ;;
  *) echo "usage: $0 <humanizer-checkout> build|command" >&2; exit 2 ;;
esac
