#!/bin/sh
# Migration of a collection: a JGF v1 copy and a copy in Seki 4.3's shape of
# every clean v2 record (the spec-exact samples, the example, and a
# generated collection), fixed with --fix, lint with no finding that a safe
# fix could remove, and have the original's JSON value again. Skipped
# without python3. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
if ! command -v python3 > /dev/null 2>&1; then
  echo "1..0 # SKIP needs python3"
  exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"

mkdir "$tmp/orig" "$tmp/v1" "$tmp/seki"
cp "$TOP_SRCDIR"/testdata/samples/spec-exact/*.jgf "$TOP_SRCDIR"/testdata/examples/clean.jgf "$tmp/orig/"
python3 "$TOP_SRCDIR/bench/gen-collection.py" --count 20 "$tmp/orig" > /dev/null
"$JGFLINT" --format concise "$tmp/orig" > "$tmp/report" 2>&1
check_status $? "the originals are clean"

# Rules whose findings a safe fix removes.
safe=$("$JGFLINT" --list-rules | awk '$4 ~ /safe/ && $4 != "unsafe" { print $1 }' | paste -sd '|' -)
for kind in v1 seki; do
  for f in "$tmp"/orig/*.jgf; do
    python3 "$TOP_SRCDIR/tests/migrate.py" $kind "$f" "$tmp/$kind/$(basename "$f")"
  done
  "$JGFLINT" --format concise "$tmp/$kind" > "$tmp/before" 2>&1
  grep -Eq "\[($safe)\]" "$tmp/before"
  check_status $? "$kind: the copies have fixable findings to begin with"
  "$JGFLINT" --fix --format concise "$tmp/$kind" > "$tmp/after" 2>&1
  if grep -E "\[($safe)\]" "$tmp/after" > "$tmp/left"; then
    check_status 1 "$kind: after --fix, no finding a safe fix could remove"
    head -5 "$tmp/left" | sed 's/^/# /'
  else
    check_status 0 "$kind: after --fix, no finding a safe fix could remove"
  fi
  bad=0
  for f in "$tmp"/orig/*.jgf; do
    python3 -c 'import json, sys; a, b = (json.load(open(p)) for p in sys.argv[1:3]); sys.exit(a != b)' \
      "$f" "$tmp/$kind/$(basename "$f")" || { bad=$((bad + 1)); echo "# differs: $(basename "$f")"; }
  done
  check_status $bad "$kind: every fixed copy has the original's JSON value"
done

tap_done
