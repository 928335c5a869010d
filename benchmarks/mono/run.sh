#!/bin/sh
# Needs Debian's mono-runtime and mono-mcs: apt-get install -y --no-install-recommends mono-runtime mono-mcs
set -e
out=$(mktemp -d)
mcs -optimize+ -out:"$out/OldRuntimeCheck.exe" "$(dirname "$0")/OldRuntimeCheck.cs"
mono --version | head -1
mono "$out/OldRuntimeCheck.exe"
