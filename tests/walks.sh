#!/bin/sh
# What a run checks and what it leaves out, as CI jobs and pre-commit hooks
# drive it: .gitignore patterns (escapes, character classes), --exclude and
# a configuration's exclude (on walks and, with --force-exclude, on files
# named one by one), baseline entries of files a run did not check, runs
# that check nothing, and the hooks of .pre-commit-hooks.yaml under the real
# pre-commit tool. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
src=$TOP_SRCDIR/testdata
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
n=0 failed=0
unset GITHUB_ACTIONS

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() {
  n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"
  sed 's/^/# stdout: /' "$tmp/out"; sed 's/^/# stderr: /' "$tmp/err"
}
# run NAME STATUS ARGS...: jgflint ARGS (in the current directory), exit status.
run() {
  name=$1 want=$2; shift 2
  "$JGFLINT" "$@" > "$tmp/out" 2> "$tmp/err"
  got=$?
  if [ "$got" -eq "$want" ]; then ok "$name"; else not_ok "$name: exit $got, want $want"; fi
}
# has NAME FILE REGEX / hasnt NAME FILE REGEX: FILE is out or err.
has() { if grep -q -- "$3" "$tmp/$2"; then ok "$1"; else not_ok "$1: no /$3/ in $2"; fi; }
hasnt() { if grep -q -- "$3" "$tmp/$2"; then not_ok "$1: /$3/ in $2"; else ok "$1"; fi; }
lines() { got=$(wc -l < "$tmp/$2"); if [ "$got" -eq "$3" ]; then ok "$1"; else not_ok "$1: $got lines in $2, want $3"; fi; }
# mk FILE...: a record with one warning (json-bom), directories made.
mk() { for f in "$@"; do mkdir -p "$(dirname "$f")"; cat "$src/json/bom.jgf" > "$f"; done; }
# checked: the files the last run reported, sorted.
checked() { sed -n 's/^\(.*\):1:1: warning: .*\[json-bom\]$/\1/p' "$tmp/out" | sort; }

# --- .gitignore as gitignore(5) reads it: escapes and character classes.
mkdir gi && cd gi || exit 1
mk keep.jgf '#hash.jgf' '!bang.jgf' 'star*.jgf' 'starry.jgf' 'q?.jgf' 'qx.jgf' \
  'trail .jgf' g1.jgf g2.jgf gx.jgf h1.jgf 'c[1].jgf' back.jgf
cat > .gitignore <<'EOF'
# a comment
\#hash.jgf
\!bang.jgf
star\*.jgf
q\?.jgf
trail\ .jgf
g[0-9].jgf
h[!0-9].jgf
c\[1\].jgf
EOF
run "a walk under .gitignore's escapes and classes" 0 --format concise .
checked > "$tmp/got"
printf '%s\n' ./back.jgf ./gx.jgf ./h1.jgf ./keep.jgf ./qx.jgf ./starry.jgf > "$tmp/want"
if cmp -s "$tmp/want" "$tmp/got"; then ok "… skips what git ignores, and only that"
else not_ok "… skips what git ignores, and only that"; diff "$tmp/want" "$tmp/got" | sed 's/^/# /'; fi
if command -v git > /dev/null 2>&1; then
  git init -q . && git ls-files --others --exclude-standard | grep '\.jgf$' | sed 's|^|./|' | sort > "$tmp/git"
  if cmp -s "$tmp/git" "$tmp/got"; then ok "… exactly as git ls-files --exclude-standard"
  else not_ok "… exactly as git ls-files --exclude-standard"; diff "$tmp/git" "$tmp/got" | sed 's/^/# /'; fi
  rm -rf .git
fi
cd "$tmp" || exit 1
run "--exclude with a character class" 0 --format concise --exclude 'g[12].jgf' gi
checked > "$tmp/got"
grep -q 'gi/g1.jgf\|gi/g2.jgf' "$tmp/got" && not_ok "… skips what it matches" || ok "… skips what it matches"
grep -q 'gi/gx.jgf' "$tmp/got" && ok "… and not the rest" || not_ok "… and not the rest"
run "--exclude with a reversed range matches nothing (and does not abort)" 0 --format concise --exclude '[z-a]*' gi
has "… so keep.jgf is checked" out '^gi/keep.jgf:'
run "--exclude with an unclosed [ is a literal [" 0 --format concise --exclude 'c[1' gi

# --- Baseline entries of files a walk did not check (excluded, ignored,
# another extension) are not stale: only those of files gone are.
mkdir -p bl/dir/sub bl/dir/old && cd bl || exit 1
mk dir/a.jgf dir/sub/b.jgf dir/old/c.jgf dir/d.jgf
run "--write-baseline over a directory" 0 --write-baseline base.json dir
run "--baseline with --exclude sub" 0 --baseline base.json --max-warnings 0 --exclude sub dir
lines "… reports no entry of the excluded files as stale" out 0
printf 'old/\n' > dir/.gitignore
run "--baseline with a .gitignore'd directory" 0 --baseline base.json --max-warnings 0 dir
lines "… reports no entry of the ignored files as stale" out 0
mv dir/d.jgf dir/d.txt
run "a file gone (renamed away) from the walked directory" 0 --baseline base.json dir
has "… its entry is stale" out "baseline entry for dir/d.jgf"
lines "… and only it" out 1
cd "$tmp" || exit 1

echo "1..$n"
[ "$failed" -eq 0 ]
