#!/bin/sh
# The static program of `make release` (jgflint-VERSION-x86_64-linux) in an
# EMPTY root: a directory holding the program and the inputs, nothing else
# (no /lib, /etc, /dev, /proc), entered with chroot. It runs there, and
# gives what the native program gives: --convert of testdata/convert and
# the shared samples (every character set they are written in, their notes,
# records and exit status), every --encoding name charset.c maps, lint and
# --fix of testdata/examples, -j 2 over testdata/rules, and duplicates
# (built without SQLite: --index says so; without liblhasa: a UGZ file's
# finding says so). TAP output.
# Environment: JGFLINT_RELEASE_DIR (the release directory; skips without
# it), JGFLINT (the native program), TOP_SRCDIR. Needs root (chroot).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
rel=${JGFLINT_RELEASE_DIR:-}
[ -n "$rel" ] || { echo "1..0 # SKIP no JGFLINT_RELEASE_DIR (make release, then make release-check)"; exit 0; }
[ "$(id -u)" -eq 0 ] || { echo "1..0 # SKIP needs root (chroot)"; exit 0; }
version=$("$JGFLINT" --version | sed -n 's/^jgflint //p')
prog=$rel/jgflint-$version-x86_64-linux
[ -f "$prog" ] || { echo "1..0 # SKIP no $prog"; exit 0; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
unset GITHUB_ACTIONS NO_COLOR FORCE_COLOR COLUMNS

# --- One file.
if readelf -l "$prog" | grep -q INTERP || readelf -d "$prog" 2> /dev/null | grep -q NEEDED; then
  not_ok "$(basename "$prog") needs no interpreter and no shared library"
else
  ok "$(basename "$prog") needs no interpreter and no shared library ($(wc -c < "$prog") bytes)"
fi

# The empty root, and a directory for the native program with the same
# inputs at the same relative paths (the outputs name them).
root=$tmp/root native=$tmp/native
mkdir -p "$root/in" "$native/in"
cp "$prog" "$root/jgflint"
chmod 755 "$root/jgflint"
cp -R "$TOP_SRCDIR/testdata/convert" "$root/in/convert"
shared=$TOP_SRCDIR/../shared/samples
for d in sgf ugf gib ngf sgfgrove; do
  [ -d "$shared/$d" ] && cp -R "$shared/$d" "$root/in/shared-$d"
done
cp -R "$TOP_SRCDIR/testdata/examples" "$TOP_SRCDIR/testdata/rules" "$root/"
cp -R "$root/in" "$root/examples" "$root/rules" "$native/"
find "$root" -mindepth 1 -maxdepth 1 | sed "s|^$root/||" | sort | tr '\n' ' ' > "$tmp/entries"
[ "$(cat "$tmp/entries")" = "examples in jgflint rules " ] && ok "the root holds the program and the inputs alone" ||
  not_ok "the root holds the program and the inputs alone: $(cat "$tmp/entries")"

# agree ARGS...: jgflint ARGS in the empty root (cwd /) and natively (cwd
# $native) give the same standard output, standard error and status ($s,
# $nat); the run's files are compared by the caller. stdin: $stdin.
agree() {
  chroot "$root" /jgflint "$@" > "$tmp/s.out" 2> "$tmp/s.err" < "${stdin:-/dev/null}"
  s=$?
  (cd "$native" && "$JGFLINT" "$@" > "$tmp/n.out" 2> "$tmp/n.err" < "${stdin:-/dev/null}")
  nat=$?
  [ $s -eq $nat ] && cmp -s "$tmp/s.out" "$tmp/n.out" && cmp -s "$tmp/s.err" "$tmp/n.err"
}
show_diff() {
  diff "$tmp/n.out" "$tmp/s.out" | head -10 | sed 's/^/# out: /'
  diff "$tmp/n.err" "$tmp/s.err" | head -10 | sed 's/^/# err: /'
}
# same NAME ARGS...: agree, as a test.
same() {
  name=$1; shift
  if agree "$@"; then ok "$name (exit $s)"; return 0; fi
  not_ok "$name: exit $s, natively $nat"; show_diff; return 1
}

got=$(chroot "$root" /jgflint --version 2>&1)
[ "$got" = "jgflint $version" ] && ok "it runs in the empty root: $got" || not_ok "it runs in the empty root: $got"

# --- --convert of every file, in every character set they are written in.
same "--convert of testdata/convert and the shared samples: the same notes" \
  --convert in --output out --extensions .json
if diff -r "$native/out" "$root/out" > "$tmp/diff" 2>&1; then
  ok "… and the same $(find "$root/out" -type f | wc -l) records, byte for byte"
else
  not_ok "… and the same records, byte for byte"; head -20 "$tmp/diff" | sed 's/^/# /'
fi
sets=$(cat "$tmp/n.out" "$tmp/n.err" | sed -n 's/.*note: \(game [0-9]*: \)\{0,1\}read as \([^ ]*\).*/\2/p' | sort -u | tr '\n' ' ')
echo "# the character sets read: $sets"
# Each name charset.c maps to a decoder, given with --encoding, over a
# Japanese, a Korean and a Chinese record (their bytes read in every set).
for name in Shift_JIS CP932 EUC-JP EUC-KR CP949 UHC GB2312 GBK GB18030 Big5 Big5-HKSCS CP950 \
            ISO-8859-1 ISO-8859-2 ISO-8859-15 windows-1252 windows-1251 KOI8-R UTF-8 UTF-16LE UTF-16BE UTF-16 \
            UTF-32; do
  bad=
  for f in japanese.sgf korean.sgf chinese.sgf big5.sgf; do
    stdin=$native/in/convert/$f agree --convert - --encoding "$name" || { bad=$f; break; }
  done
  if [ -z "$bad" ]; then ok "--encoding $name: the same records and notes from four records"
  else not_ok "--encoding $name < $bad: exit $s, natively $nat"; show_diff; fi
done
stdin=

# --- Lint, --fix and threads.
same "lint testdata/examples" --format concise examples/clean.jgf examples/findings.jgf
cp "$root/examples/findings.jgf" "$root/fixed.jgf"
cp "$native/examples/findings.jgf" "$native/fixed.jgf"
same "--fix examples/findings.jgf" --fix --unsafe-fixes fixed.jgf &&
  { cmp -s "$root/fixed.jgf" "$native/fixed.jgf" && ok "… fixed to the same bytes" || not_ok "… fixed to the same bytes"; }
same "-j 2 over testdata/rules" -j 2 --format concise rules

# --- Built without liblhasa (build-aux/static.sh): a UGZ file (its LHA
# header is what is known of it) gets one finding that says how to build
# a jgflint that reads it.
printf 'PP%%D-lh5-\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000' > "$root/g.ugz"
chroot "$root" /jgflint /g.ugz > "$tmp/s.out" 2> "$tmp/s.err"
s=$?
[ $s -eq 1 ] && grep -q 'built without liblhasa.*liblhasa-dev.*\[foreign-format\]$' "$tmp/s.out" &&
  ok "a UGZ file: built without liblhasa, says so (exit 1)" ||
  not_ok "a UGZ file: built without liblhasa, says so: exit $s, $(head -1 "$tmp/s.out")"

# --- Built without SQLite (build-aux/static.sh): jgflint duplicates works,
# --index says how to build with it and makes no file.
chroot "$root" /jgflint duplicates --index /x.db examples > /dev/null 2> "$tmp/s.err"
s=$?
[ $s -eq 2 ] && grep -q 'built without SQLite' "$tmp/s.err" && [ ! -e "$root/x.db" ] &&
  ok "duplicates --index: built without SQLite, says so (exit 2)" ||
  not_ok "duplicates --index: built without SQLite, says so: exit $s, $(head -1 "$tmp/s.err")"
# (The empty root has no /tmp: its keys are held in memory.)
chroot "$root" /jgflint duplicates --format json examples > "$tmp/s.out" 2> "$tmp/s.err"
s=$?
(cd "$native" && "$JGFLINT" duplicates --format json examples > "$tmp/n.out" 2> "$tmp/n.err")
nat=$?
[ $s -eq $nat ] && cmp -s "$tmp/s.out" "$tmp/n.out" && cmp -s "$tmp/s.err" "$tmp/n.err" &&
  ok "duplicates testdata/examples (exit $s)" || { not_ok "duplicates testdata/examples: exit $s, natively $nat"; show_diff; }
echo "1..$n"
[ "$failed" -eq 0 ]
