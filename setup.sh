#!/bin/sh
# Quick start, step 1: installs the build and test dependencies (Debian/Ubuntu),
# builds jgflint in this directory, and runs it on the shipped examples.
set -e
cd "$(dirname "$0")"
packages="build-essential autoconf automake libtool pkg-config libjson-c-dev libpcre2-dev"
# What `make check` uses: the SARIF schema check, YAML snippets, the real
# pre-commit tool on scratch git repositories, the man page rendering.
packages="$packages python3 python3-jsonschema python3-yaml pre-commit git groff-base"
# ... patch(1) for --diff, GNU time for peak memory, and Dask and GNU
# parallel for the stream recipes (tests/fix.sh, jobs.sh, dask.sh).
packages="$packages patch time parallel python3-dask python3-distributed"
# ... and strace, which counts the syncs of --convert (tests/convert_scale.sh).
packages="$packages strace"
missing=
for p in $packages; do
  dpkg -s "$p" > /dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  sudo=
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y $missing
fi
./autogen.sh
./configure
make -j"$(nproc)"
echo
echo "--- ./jgflint testdata/examples/clean.jgf testdata/examples/findings.jgf"
# findings.jgf has errors on purpose, so jgflint exits 1 here.
./jgflint testdata/examples/clean.jgf testdata/examples/findings.jgf || true
