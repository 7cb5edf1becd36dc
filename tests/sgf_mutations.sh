#!/bin/sh
# Properties of jgflint on damaged SGF (tests/sgf_mutations.py): records of
# testdata/ with a bracket, `;` or parenthesis lost or doubled, cut, a byte
# turned into a letter, two properties swapped, a bracket unescaped, line
# breaks changed, a value in another character set; jgflint never crashes,
# its --to sgf holds every game @sabaki/sgf reads (or it says where the two
# differ), --fix keeps games and moves and is idempotent, and a check exits
# 1 exactly when it finds an error. CI: seeds 1 and 2, 400 cases each, at
# most 25 s each (a sanitizer build every fifth case). Longer, outside CI:
#   SGF_MUTATIONS_SEEDS="1 2 3 ..." SGF_MUTATIONS_CASES=2000 \
#   SGF_MUTATIONS_SHARED=1 (the shared samples' SGF too) make check TESTS=tests/sgf_mutations.sh
# Part (b) skips without node or @sabaki/sgf (.ci/run installs it in
# SABAKI_SGF_DIR, default ${XDG_CACHE_HOME:-$HOME/.cache}/jgflint/sgf-test).
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
command -v python3 > /dev/null 2>&1 || { echo "1..0 # SKIP python3 is not installed"; exit 0; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
step=1
. "$TOP_SRCDIR/tests/sanitized.sh"
sanitized && step=5
dir=${SABAKI_SGF_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jgflint/sgf-test}
set --
if command -v node > /dev/null 2>&1 && [ -f "$dir/node_modules/@sabaki/sgf/package.json" ]; then
  set -- --sabaki "$dir"
fi
shared=
[ "${SGF_MUTATIONS_SHARED:-}" = 1 ] && [ -d "$TOP_SRCDIR/../shared/samples" ] && shared=$TOP_SRCDIR/../shared/samples
status=0
for seed in ${SGF_MUTATIONS_SEEDS:-1 2}; do
  # shellcheck disable=SC2086 # --shared DIR, or nothing
  python3 "$TOP_SRCDIR/tests/sgf_mutations.py" "$JGFLINT" "$TOP_SRCDIR" "$tmp/$seed" --seed "$seed" \
    --cases "${SGF_MUTATIONS_CASES:-400}" --budget "${SGF_MUTATIONS_BUDGET:-25}" --step "$step" \
    ${shared:+--shared "$shared"} "$@" > "$tmp/tap" || status=1
  # one TAP stream: each seed's checks numbered on
  sed -n '/^1\.\./!p' "$tmp/tap" >> "$tmp/all"
done
awk '/^(not )?ok /{n++; sub(/^(not )?ok [0-9]+/, ($1 == "not" ? "not ok " : "ok ") n)} {print} END{print "1.." n}' "$tmp/all"
exit $status
