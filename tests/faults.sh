#!/bin/sh
# Faults while writing a user's file (issue 36): a full disk under a report
# written in place, signals during --convert --output, a FIFO nobody reads.
# Each full file system is a small tmpfs mounted, in a mount namespace of
# its own, over a fresh directory (never over /tmp, where the build may
# live); SKIP where unshare -m is not permitted. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }
can_mount=no
# Many findings, one record a line, for --stream.
for _ in $(seq 300); do tr -d '\n' < testdata/formats/findings.jgf; echo; done > "$tmp/lines.jsonl"
unshare -m true 2> /dev/null && can_mount=yes

# A report in place (a second hard link keeps it from being renamed over)
# on a full disk: the old report stays whole, exit 2, and the message says
# it was not changed. full MODE: MODE "file" (a report of --format json=)
# or "stream" (--stream -o).
full() {
  mode=$1
  if [ $can_mount = no ]; then
    ok "$mode: a report in place on a full disk # SKIP unshare -m is not permitted here"
    return
  fi
  dir="$tmp/full-$mode"
  mkdir "$dir"
  # shellcheck disable=SC2016
  unshare -m sh -c '
    dir=$1 mode=$2; shift 2
    mount -t tmpfs -o size=64k tmpfs "$dir" || exit 99
    printf "{\"old\": \"report\"}\n" > "$dir/report"
    ln "$dir/report" "$dir/link"
    cp "$dir/report" "$dir/../old-$mode"
    dd if=/dev/zero of="$dir/filler" bs=4096 2> /dev/null
    if [ "$mode" = file ]; then
      "$@" --no-config --format "json=$dir/report" testdata/rules/*/*.jgf
    else
      "$@" --no-config --stream -o "$dir/report" < "$dir/../lines.jsonl"
    fi > /dev/null 2> "$dir/../err-$mode"
    echo $? > "$dir/../status-$mode"
    cmp -s "$dir/report" "$dir/../old-$mode" && echo same > "$dir/../same-$mode"
    exit 0' sh "$dir" "$mode" "$JGFLINT"
  status=$(cat "$tmp/status-$mode" 2> /dev/null)
  if [ "$status" = 2 ] && [ -f "$tmp/same-$mode" ] &&
     grep -q "disk is full; it was not changed" "$tmp/err-$mode"; then
    ok "$mode: a report in place on a full disk: kept whole, exit 2, said"
  else
    not_ok "$mode: a report in place on a full disk: kept whole, exit 2, said (status $status)"
    sed 's/^/# /' "$tmp/err-$mode"
  fi
}
full file
full stream

echo "1..$n"
[ $failed -eq 0 ]
