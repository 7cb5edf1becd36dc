#!/bin/sh
# Measures what ./setup.sh installs on a fresh Debian 12, as the README's
# quick start gives it: a root made by `debootstrap --variant=minbase
# bookworm` (build-aux/root.sh: cached in CACHE, made once), copied, and in
# a chroot of the copy the apt-get commands setup.sh runs, with its package
# lists, one step at a time. Writes into OUTDIR (default tests/quickstart) each step's new
# packages, one a line (STEP.txt), and figures.txt: per step, the packages,
# the download and the disk space apt-get reported, and the growth of the
# root measured with du once the downloaded archives are removed.
#   build   ./setup.sh: what building needs (after apt-get update)
#   tests   ./setup.sh --check: the test tools but the editors
#   editors ... the editors of tests/nvim.sh and tests/eglot.sh
#   npm     ... npm, for the RDFormat validator
#   page    the page's build tools (emscripten cmake dpkg-dev), on top of
#           the first command alone, in a copy of its root
# tests/quickstart.sh compares the README with these figures. As root, with
# debootstrap and the network to Debian's mirror; about 10 minutes.
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
out=${1:-tests/quickstart}
mkdir -p "$out"
. build-aux/root.sh

# setup.sh's package lists, from setup.sh itself.
eval "$(sed -n 's/^\(build\|tests\)=/\1=/p' setup.sh)"
editors="neovim emacs-nox elpa-eglot"
tools=
for p in $tests; do
  case " $editors " in *" $p "*) ;; *) tools="$tools $p" ;; esac
done

size() { du -sxB1 "$1" | cut -f1; }
installed() { enter "$1" dpkg-query -W -f '${db:Status-Abbrev} ${Package}\n' | sed -n 's/^ii  *//p' | sort; }

: > "$out/figures.txt.new"
# step NAME ROOT PACKAGES...: installs them as setup.sh does, and records.
step() {
  name=$1 r=$2; shift 2
  installed "$r" > "$work/before"
  before=$(size "$r")
  enter "$r" apt-get install -y --no-install-recommends "$@" > "$work/log" 2>&1 ||
    { cat "$work/log"; exit 1; }
  enter "$r" apt-get clean
  installed "$r" > "$work/after"
  after=$(size "$r")
  comm -13 "$work/before" "$work/after" > "$out/$name.txt"
  get=$(sed -n 's/^Need to get \([^ ]* [kMG]*B\).*/\1/p' "$work/log" | head -1)
  disk=$(sed -n 's/^After this operation, \([^ ]* [kMG]*B\) of additional.*/\1/p' "$work/log" | head -1)
  printf '%s packages=%s download="%s" disk="%s" du=%s\n' "$name" \
    "$(wc -l < "$out/$name.txt")" "$get" "$disk" "$((after - before))" >> "$out/figures.txt.new"
}

root=$work/root
cp -a "$base" "$root"
printf 'minbase packages=%s du=%s\n' "$(installed "$root" | wc -l)" "$(size "$root")" >> "$out/figures.txt.new"
attach "$root"
before=$(size "$root")
enter "$root" apt-get update > "$work/log" 2>&1 || { cat "$work/log"; exit 1; }
printf 'update du=%s\n' "$(($(size "$root") - before))" >> "$out/figures.txt.new"
# shellcheck disable=SC2086
step build "$root" $build
release
cp -a "$root" "$work/page"
attach "$root"
# shellcheck disable=SC2086
step tests "$root" $tools
# shellcheck disable=SC2086
step editors "$root" $editors
step npm "$root" npm
release
attach "$work/page"
step page "$work/page" emscripten cmake dpkg-dev
release
printf 'measured debian=%s date=%s\n' "$(cat "$base/etc/debian_version")" "$(date -u +%Y-%m-%d)" >> "$out/figures.txt.new"
mv "$out/figures.txt.new" "$out/figures.txt"
cat "$out/figures.txt"
