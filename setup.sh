#!/bin/sh
# Quick start on Debian 12 (or Ubuntu), in a clone of this repository:
#   ./setup.sh          installs what building needs (apt-get, without
#                       Recommends), builds jgflint here, and runs it on the
#                       shipped examples;
#   ./setup.sh --check  also installs what `make check` uses (the same way,
#                       and the RDFormat validator from npm into .test-tools/),
#                       and runs the test suite.
# The README gives the package counts and sizes of both on a fresh Debian 12.
set -e
cd "$(dirname "$0")"
check=no
case ${1:-} in
  --check) check=yes ;;
  "") ;;
  *) echo "usage: ./setup.sh [--check]" >&2; exit 2 ;;
esac
rerun="./setup.sh${1:+ $1}"
# libsqlite3-dev: jgflint duplicates --index; liblhasa-dev: UGZ files (both
# optional: configure builds without them, and then --index, or a UGZ file's
# finding, says how to build with them).
build="build-essential autoconf automake libtool pkg-config libjson-c-dev libpcre2-dev libsqlite3-dev liblhasa-dev"
# What `make check` uses: Python with jsonschema and YAML (the SARIF schema
# check, snippets), git and the real pre-commit tool on scratch repositories,
# the man page rendering, patch(1) for --diff, GNU time for peak memory, Dask
# and GNU parallel for the stream recipes, and the consumers of the report
# formats (tests/reports.sh): junitparser, xmllint, Go with go-checkstyle,
# npm for the RDFormat validator; strace, which counts the syncs of
# --convert (tests/convert_scale.sh); man-db, for `man ./man/jgflint.1`;
# sqlite3, which reads a duplicates index as keepers do (tests/duplicates_index.sh).
tests="python3 python3-jsonschema python3-yaml pre-commit git ca-certificates groff-base man-db patch time"
tests="$tests parallel python3-dask python3-distributed python3-junitparser libxml2-utils"
tests="$tests golang-go golang-github-haya14busa-go-checkstyle-dev strace sqlite3"
# ... and the editors that drive `jgflint server` as real clients
# (tests/nvim.sh, tests/eglot.sh).
tests="$tests neovim emacs-nox elpa-eglot"

# Installs the packages not installed yet, without their Recommends.
install() {
  missing=
  for p in "$@"; do
    dpkg -s "$p" > /dev/null 2>&1 || missing="$missing $p"
  done
  [ -n "$missing" ] || return 0
  sudo=
  if [ "$(id -u)" -ne 0 ]; then
    sudo=sudo
    # A minimal root has no sudo: say what to run as root instead.
    if ! command -v sudo > /dev/null 2>&1; then
      echo "setup.sh: installing packages needs root, and there is no sudo here; as root, run" >&2
      echo "  apt-get update && apt-get install -y --no-install-recommends$missing" >&2
      echo "then $rerun again" >&2
      exit 1
    fi
  fi
  $sudo apt-get update
  # shellcheck disable=SC2086
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
}

install $build
if [ $check = yes ]; then
  install $tests
  # npm, unless one is there already (Node.js's own packages bring theirs).
  # Optional: without it the RDFormat validator's checks SKIP.
  command -v npm > /dev/null 2>&1 || install npm ||
    echo "setup.sh: npm could not be installed: tests/reports.sh skips the RDFormat check" >&2
fi
[ -f Makefile ] || { ./autogen.sh && ./configure; }
make -j"$(nproc)"
if [ $check = yes ]; then
  # tests/reports.sh finds the validator here (RDFORMAT_VALIDATOR names another).
  # Optional too: a failed install (no network, no npm) makes that check
  # SKIP, and the suite runs all the same.
  [ -x .test-tools/node_modules/.bin/rdformat-validator ] ||
    npm install --loglevel=error --no-audit --no-fund --prefix .test-tools @umbrelladocs/rdformat-validator@1.0.1 ||
    echo "setup.sh: the RDFormat validator could not be installed from npm: tests/reports.sh skips its check" >&2
  make -j"$(nproc)" check
  exit
fi
echo
echo "--- ./jgflint testdata/examples/clean.jgf testdata/examples/findings.jgf"
# findings.jgf has errors on purpose, so jgflint exits 1 here.
./jgflint testdata/examples/clean.jgf testdata/examples/findings.jgf || true
echo
echo "jgflint is built here: ./jgflint PATH... (make install, as root: sudo make install,"
echo "puts it, its man page and shell completion on the system); ./setup.sh --check runs"
echo "the tests."
