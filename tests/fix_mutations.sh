#!/bin/sh
# A safe fix never changes the game (issue 70; tests/fix_mutations.py):
# SGF records of testdata/ damaged (a bracket, `;` or parenthesis lost or
# doubled, a cut, values without a property, a `;` inside a node, a
# property given twice, an id in lower case, ...), fixed by --fix and by
# --fix --unsafe-fixes, and read again by the test's own SGF reader and
# through jgflint's --to sgf: a safe fix changes only the properties its
# finding names, an unsafe one loses no value. JGF records of testdata/
# too (a cut, a bracket lost, stray values, a key's case, a member given
# twice, version 1, a trailing comma), read by Python's JSON: a fix
# changes only the member or node its edits lie in. Zero changed games. CI:
# seeds 1 and 2, and 219 (a value cut at the file's end: sgffix.sh r219),
# 1,500 cases each (one jgflint run over all of a seed's
# for each step). Longer, outside CI:
#   FIX_MUTATIONS_SEEDS="1 2 3 ..." FIX_MUTATIONS_CASES=10000 \
#   FIX_MUTATIONS_SHARED=1 (the shared samples' SGF too) make check TESTS=tests/fix_mutations.sh
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
command -v python3 > /dev/null 2>&1 || { echo "1..0 # SKIP python3 is not installed"; exit 0; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
shared=
[ "${FIX_MUTATIONS_SHARED:-}" = 1 ] && [ -d "$TOP_SRCDIR/../shared/samples" ] && shared=$TOP_SRCDIR/../shared/samples
status=0
: > "$tmp/all"
for seed in ${FIX_MUTATIONS_SEEDS:-1 2 219}; do
  # shellcheck disable=SC2086 # --shared DIR, or nothing
  python3 "$TOP_SRCDIR/tests/fix_mutations.py" "$JGFLINT" "$TOP_SRCDIR" "$tmp/$seed" --seed "$seed" \
    --cases "${FIX_MUTATIONS_CASES:-1500}" ${shared:+--shared "$shared"} > "$tmp/tap" || status=1
  sed -n '/^1\.\./!p' "$tmp/tap" >> "$tmp/all"
done
awk '/^(not )?ok /{n++; sub(/^(not )?ok [0-9]+/, ($1 == "not" ? "not ok " : "ok ") n)} {print} END{print "1.." n}' "$tmp/all"
exit $status
