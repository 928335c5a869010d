#!/usr/bin/env bash
# In-process test-suite workload for SharpZipLib (libraries.tsv: commit ff2d7c30), for EventPipe profiling.
# Runs the library's own NUnit suite (test/ICSharpCode.SharpZipLib.Tests: 428 cases, of which NUnit runs all but the
# [Explicit] ones) 10 times over in ONE process: the test dll is itself the runner (NUnit3TestAdapter's
# Microsoft.Testing.Platform runner, EnableNUnitRunner), so no vstest/testhost and no child process (checked with
# strace -f: one execve). Each run: 366 passed, 1 failed, 61 skipped, ~4 s; the 10 runs take 40 s bare, 1m22s under
# `perfanalyzers profile`. The project is copied to artifacts/profile/sharpziplib-tests and built against the
# checkout's src/ICSharpCode.SharpZipLib (project reference, Release, net10.0, portable PDB, no ReadyToRun/trimming;
# GeneratePackageOnBuild off). In the copy:
#   - NUnit3TestAdapter 4.3.1 -> 6.3.1 with OutputType Exe + EnableNUnitRunner; Microsoft.NET.Test.Sdk (vstest) and
#     nunit.console (not served here) removed; the platform's telemetry extension left out (it would send usage data);
#   - nunit 3.13.3 -> 4.4.0: 3.13's equality comparer (every Assert.AreEqual/Is.EqualTo on byte arrays) took 78% of
#     the samples and its FrameworkController cannot load twice in a process; 4.x moved the classic asserts, so
#     Assert.AreEqual/IsTrue/... become ClassicAssert.* with `using NUnit.Framework.Legacy;` (sed, nothing else);
#   - ProfileMain.cs replaces the generated entry point: `--profile-runs N` runs the whole suite N times;
#   - SYSLIB0011 (BinaryFormatter, an error on net10.0) silenced: GeneralHandling.SerializedObject fails at run time
#     (PlatformNotSupportedException), the 1 failure;
#   - the snk key (the library's InternalsVisibleTo names the tests' public key) is the checkout's assets/ file.
# Nothing had to be excluded (no test needs the network or hangs). The 61 skipped: the [Explicit] throughput/long-running
# and ring-buffer meta tests (13, not run) and [Ignore]d ones, Windows-only cases, and the ones that verify archives
# with 7za, not installed here (their SharpZipLib part runs first; with 7za on PATH they would start it as a child).
#
#   sharpziplib-tests-workload.sh <checkout> build     # prints nothing but errors
#   sharpziplib-tests-workload.sh <checkout> command   # the command line (no quotes needed: run it as is or with eval)
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
      -e 's#"nunit" Version="3.13.3"#"nunit" Version="4.4.0"#' \
      -e 's#"NUnit3TestAdapter" Version="4.3.1"#"NUnit3TestAdapter" Version="6.3.1"#' \
      -e 's#<OutputType>Library</OutputType>#<OutputType>Exe</OutputType><EnableNUnitRunner>true</EnableNUnitRunner><NoWarn>$(NoWarn);SYSLIB0011</NoWarn>#' \
      -e "s#\.\.\\\\\.\.\\\\assets\\\\ICSharpCode\.SharpZipLib\.snk#$co/assets/ICSharpCode.SharpZipLib.snk#" \
      -e "s#\.\.\\\\\.\.\\\\src\\\\ICSharpCode\.SharpZipLib\\\\ICSharpCode\.SharpZipLib\.csproj#$co/src/ICSharpCode.SharpZipLib/ICSharpCode.SharpZipLib.csproj#" \
      -e 's#</Project>#  <ItemGroup><TestingPlatformBuilderHook Remove="98058041-B5B6-4A75-9834-58E6DF796A22" /></ItemGroup>\n  <PropertyGroup><GenerateTestingPlatformEntryPoint>false</GenerateTestingPlatformEntryPoint><GenerateTestingPlatformApplicationHelper>true</GenerateTestingPlatformApplicationHelper></PropertyGroup>\n</Project>#' \
      "$proj"
    grep -q '"nunit" Version="4.4.0"' "$proj" || { echo "$0: $proj: not the expected csproj" >&2; exit 1; }
    classic='AreEqual|AreNotEqual|AreSame|AreNotSame|Contains|Greater|GreaterOrEqual|Less|LessOrEqual|IsTrue|True|IsFalse'
    classic="$classic|False|NotNull|IsNotNull|Null|IsNull|IsNaN|IsEmpty|IsNotEmpty|Zero|NotZero|Positive|Negative"
    classic="$classic|IsInstanceOf|IsNotInstanceOf|IsAssignableFrom|IsNotAssignableFrom"
    grep -rlZ --include='*.cs' 'NUnit.Framework' "$work/tests" | xargs -0 sed -i -E \
      -e "s/\bAssert\.($classic)\b/ClassicAssert.\1/g" \
      -e 's/\busing NUnit\.Framework;/using NUnit.Framework; using NUnit.Framework.Legacy;/'
    cat > "$work/tests/ProfileMain.cs" <<'CS'
// Added by sharpziplib-tests-workload.sh: runs the whole suite --profile-runs N times (default 1) in this process.
namespace ICSharpCode.SharpZipLib.Tests
{
	internal static class ProfileMain
	{
		public static async System.Threading.Tasks.Task<int> Main(string[] args)
		{
			int runs = 1, i = System.Array.IndexOf(args, "--profile-runs");
			if (i >= 0)
			{
				runs = int.Parse(args[i + 1]);
				args = System.Linq.Enumerable.ToArray(System.Linq.Enumerable.Where(args, (a, j) => j != i && j != i + 1));
			}
			int rc = 0;
			for (int r = 0; r < runs; r++)
				rc = System.Math.Max(rc, await MicrosoftTestingPlatformApplication.RunAsync(args));
			return rc;
		}
	}
}
CS
    # The work folder is inside this repository: keep its Directory.Build.props / Directory.Packages.props out.
    dotnet build "$proj" -c Release -p:TargetFrameworks=net10.0 -p:GeneratePackageOnBuild=false \
      -p:ImportDirectoryBuildProps=false -p:ImportDirectoryBuildTargets=false -p:ImportDirectoryPackagesProps=false \
      --artifacts-path "$work/build" -nologo -tl:off > "$work/build.log" 2>&1 \
      || { grep -E ': error ' "$work/build.log" | sort -u >&2 || tail -20 "$work/build.log" >&2; exit 1; } ;;
  command)
    [ -f "$dll" ] || { echo "$0: run '$0 $1 build' first" >&2; exit 1; }
    echo "dotnet $dll --profile-runs 10 --results-directory $work/results" ;;
  *) echo "usage: $0 <sharpziplib-checkout> build|command" >&2; exit 2 ;;
esac
