#!/bin/sh
# The reports of SGF checked in place stay the same to the byte (issue 52:
# the check's inside changes, never what it says). Every SGF file of
# testdata/ (and bench/'s Kogo stand-in with 3,000 nodes), and of
# ../shared/samples/sgf when it is there, is checked in
# each format that shows places, points, boards or fixes (concise, json,
# text, rdjson, and the diff of --fix --unsafe-fixes); the SHA-256 of each
# output with its exit status is compared with testdata/sgf-reports.expected,
# which `--update` rewrites (only for a change of the reports intended and
# read by eye). The samples' lines are compared only when they are there.
# With the test program's hook, the same again with every converted record streamed
# from its text and with none (JGFLINT_STREAM_MIN 0 and 2G).
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
expected=testdata/sgf-reports.expected
. "${TOP_SRCDIR:?}/tests/digests.sh"
{
  find testdata -name '*.sgf' -type f | LC_ALL=C sort
  if [ -d ../shared/samples/sgf ]; then
    find ../shared/samples/sgf -name '*.sgf' -type f | LC_ALL=C sort
  fi
} > "$tmp/files"

# digest LABEL ARGS...: jgflint ARGS's output and exit status, kept under
# LABEL (in $tmp/out, a file an output).
outs=0
mkdir "$tmp/out"
digest() {
  outs=$((outs + 1))
  digest_kept "$tmp/out/$outs" "$1"; shift
  "$JGFLINT" --no-config "$@" < /dev/null > "$tmp/out/$outs" 2> /dev/null
  echo "exit $?" >> "$tmp/out/$outs"
}

# digests: every file's lines, into $tmp/got.
digests() {
  while IFS= read -r f; do
    for how in concise json text rdjson; do
      digest "$how $f" --format "$how" "$f"
    done
    digest "diff $f" --diff - --unsafe-fixes "$f"
  done < "$tmp/files"
  (cd "$tmp/kogo" && for how in concise json text rdjson; do
    digest "$how testdata/kogo-standin.sgf" --format "$how" testdata/kogo-standin.sgf
  done)
  digests_summed > "$tmp/got"
}
# A large commented tree (bench/'s stand-in for Kogo's dictionary, smaller).
mkdir -p "$tmp/kogo/testdata"
awk -v nodes=3000 -f bench/kogo-standin.awk > "$tmp/kogo/testdata/kogo-standin.sgf"
digests

digests_updated

# each_set HOW: the reports of testdata/'s and the samples', HOW.
each_set() {
  digests_compare "the reports of testdata/'s SGF files$1" ' testdata/' fail
  if [ -d ../shared/samples/sgf ]; then
    digests_compare "the reports of the shared samples' SGF files$1" ' \.\./shared/' fail
  else
    skip "the reports of the shared samples' SGF files$1: no ../shared/samples/sgf"
  fi
}
each_set ""
# A record of a small game is checked as a DOM, a large one streamed from
# its text: each way for every record, with the test hook, says the same.
if [ -n "$HOOKED" ]; then
  plain=$JGFLINT JGFLINT=$HOOKED
  for min in 0 2G; do
    export JGFLINT_STREAM_MIN=$min
    digests
    unset JGFLINT_STREAM_MIN
    each_set ", JGFLINT_STREAM_MIN=$min"
  done
  JGFLINT=$plain
else
  skip "every record streamed, and none: needs the test program (tests/jgflint-hooks)"
fi
tap_done
