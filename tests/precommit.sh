#!/bin/sh
# The pre-commit hooks of .pre-commit-hooks.yaml, driven by the real
# pre-commit tool on a throwaway git repository: a bad record blocks the
# commit; a fixable one is fixed by jgflint-fix. Skipped without pre-commit
# and git. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
if ! command -v pre-commit > /dev/null 2>&1 || ! command -v git > /dev/null 2>&1; then
  echo "1..0 # SKIP needs pre-commit and git"
  exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export PRE_COMMIT_HOME="$tmp/cache" HOME="$tmp/home"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
mkdir -p "$tmp/bin" "$HOME"
ln -s "$JGFLINT" "$tmp/bin/jgflint"
PATH="$tmp/bin:$PATH"
. "$TOP_SRCDIR/tests/tap.sh"
TAP_LOGS=$tmp/log   # a failed check shows it

# The hooks repository: this project's hook definitions, committed.
git init -q "$tmp/hooks" && cp "$TOP_SRCDIR/.pre-commit-hooks.yaml" "$tmp/hooks/" &&
  git -C "$tmp/hooks" add . && git -C "$tmp/hooks" commit -qm hooks
rev=$(git -C "$tmp/hooks" rev-parse HEAD)

# setup HOOK: a fresh collection repository using that hook.
setup() {
  rm -rf "$tmp/coll" && git init -q "$tmp/coll" && cd "$tmp/coll" || exit 1
  printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: %s\n' "$tmp/hooks" "$rev" "$1" \
    > .pre-commit-config.yaml
  git add .pre-commit-config.yaml && git commit -qm config && pre-commit install > /dev/null
}

setup jgflint
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}],}\n' > bad.jgf
git add bad.jgf
git commit -qm bad > "$tmp/log" 2>&1
[ $? != 0 ] && grep -q 'bad.jgf:1:.*trailing comma' "$tmp/log"
check_status $? "jgflint: a bad record blocks the commit, with the finding shown"
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n' > bad.jgf
git add bad.jgf
git commit -qm good > "$tmp/log" 2>&1
check_status $? "jgflint: once it is right, the commit goes through"
printf 'not a record' > notes.txt && git add notes.txt && git commit -qm notes > "$tmp/log" 2>&1
check_status $? "jgflint: files that are not .jgf are not checked"

setup jgflint-fix
printf '\357\273\277{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n' > bom.jgf
git add bom.jgf
git commit -qm bom > "$tmp/log" 2>&1
status=$?
[ $status != 0 ] && [ "$(head -c 1 bom.jgf)" = "{" ]
check_status $? "jgflint-fix: a fixable record is fixed (and the commit stops so the fix can be added)"
git add bom.jgf
git commit -qm bom > "$tmp/log" 2>&1
check_status $? "jgflint-fix: the fixed record commits"

# jgflint-records: SGF, GIB, NGF, UGF too, checked where they are.
setup jgflint-records
printf '(;GM[1]FF[4]SZ[9]\n;B[ee];W[ee])\n' > occupied.sgf
git add occupied.sgf
git commit -qm sgf > "$tmp/log" 2>&1
[ $? != 0 ] && grep -q 'occupied.sgf:2:8: error: .*occupied-point' "$tmp/log" &&
  [ "$(head -c 7 occupied.sgf)" = "(;GM[1]" ]
check_status $? "jgflint-records: an SGF with an error blocks the commit, at its line:col, unchanged"
printf '(;GM[1]FF[4]SZ[9]\n;B[ee];W[cc])\n' > occupied.sgf
git add occupied.sgf
git commit -qm sgf > "$tmp/log" 2>&1
check_status $? "jgflint-records: once it is right, the commit goes through"
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}],}\n' > bad.jgf
git add bad.jgf
git commit -qm bad > "$tmp/log" 2>&1
[ $? != 0 ]
check_status $? "jgflint-records: a bad JGF record blocks it too"

tap_done
