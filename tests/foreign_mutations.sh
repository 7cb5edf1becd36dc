#!/bin/sh
# Properties of jgflint on damaged GIB, NGF and UGF (tests/foreign_mutations.py):
# records of testdata/ cut at a byte or a line, a line lost, doubled or
# swapped, line breaks changed, a header value emptied, the text in another
# character set; --convert never crashes or hangs, says (a warning or an
# error) where the moves it reads are not the record's, writes SGF and JGF
# that read again the same, and exits 1 exactly when it reports an error.
# CI: seeds 1 and 2, 300 cases each, at most 20 s each. Longer, outside CI:
#   FOREIGN_MUTATIONS_SEEDS="1 2 3 ..." FOREIGN_MUTATIONS_CASES=2000 \
#   FOREIGN_MUTATIONS_SHARED=1 (the shared samples too) make check TESTS=tests/foreign_mutations.sh
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
command -v python3 > /dev/null 2>&1 || { echo "1..0 # SKIP python3 is not installed"; exit 0; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
shared=
[ "${FOREIGN_MUTATIONS_SHARED:-}" = 1 ] && [ -d "$TOP_SRCDIR/../shared/samples" ] && shared=$TOP_SRCDIR/../shared/samples
status=0
: > "$tmp/all"
for seed in ${FOREIGN_MUTATIONS_SEEDS:-1 2}; do
  python3 "$TOP_SRCDIR/tests/foreign_mutations.py" "$JGFLINT" "$TOP_SRCDIR" "$tmp/$seed" --seed "$seed" \
    --cases "${FOREIGN_MUTATIONS_CASES:-300}" --budget "${FOREIGN_MUTATIONS_BUDGET:-20}" \
    ${shared:+--shared "$shared"} > "$tmp/tap" || status=1
  sed -n '/^1\.\./!p' "$tmp/tap" >> "$tmp/all"
done
awk '/^(not )?ok /{n++; sub(/^(not )?ok [0-9]+/, ($1 == "not" ? "not ok " : "ok ") n)} {print} END{print "1.." n}' "$tmp/all"
exit $status
