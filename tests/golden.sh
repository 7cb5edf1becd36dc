#!/bin/sh
# Golden tests: runs jgflint on every testdata/**/*.jgf and compares its
# standard output and exit status with the checked-in NAME.expected beside it.
# TAP output, one test per file. `--update` rewrites the expectations instead
# (review the diff by eye before committing it).
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR" || exit 1
update=no
[ "${1:-}" = --update ] && update=yes
tmp=$(mktemp) || exit 1
list=$(mktemp) || exit 1
trap 'rm -f "$tmp" "$list"' EXIT
find testdata -name '*.jgf' ! -path 'testdata/fix/*' ! -path 'testdata/formats/*' ! -path 'testdata/output/*' | LC_ALL=C sort > "$list"
. "$TOP_SRCDIR/tests/tap.sh"
while IFS= read -r f; do
  expected=${f%.jgf}.expected
  "$JGFLINT" --format concise "$f" > "$tmp" 2>/dev/null
  echo "exit: $?" >> "$tmp"
  if [ $update = yes ]; then
    cp "$tmp" "$expected"
    ok "$f (updated)"
  elif [ -f "$expected" ] && cmp -s "$tmp" "$expected"; then
    ok "$f"
  else
    not_ok "$f"
    if [ -f "$expected" ]; then
      diff -u "$expected" "$tmp" | sed 's/^/# /'
    else
      echo "# missing $expected (make golden-update writes it)"
    fi
  fi
done < "$list"
tap_done
