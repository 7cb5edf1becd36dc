#!/bin/sh
# What a run checks and what it leaves out, as CI jobs and pre-commit hooks
# drive it: .gitignore patterns (escapes, character classes), --exclude and
# a configuration's exclude (on walks and, with --force-exclude, on files
# named one by one), baseline entries of files a run did not check, runs
# that check nothing, and the hooks of .pre-commit-hooks.yaml under the real
# pre-commit tool. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"
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
printf '%s\n' back.jgf gx.jgf h1.jgf keep.jgf qx.jgf starry.jgf > "$tmp/want"
if cmp -s "$tmp/want" "$tmp/got"; then ok "… skips what git ignores, and only that"
else not_ok "… skips what git ignores, and only that"; diff "$tmp/want" "$tmp/got" | sed 's/^/# /'; fi
if command -v git > /dev/null 2>&1; then
  git init -q . && git ls-files --others --exclude-standard | grep '\.jgf$' | sort > "$tmp/git"
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

# --- --exclude and the configuration's exclude: on walks, and with
# --force-exclude on paths named one by one (as ruff and black do).
mkdir -p ex/archive/old ex/games ex/build && cd ex || exit 1
mk archive/old/a.jgf games/g.jgf games/build.jgf build/b.jgf top.jgf games/top.jgf
run "--exclude build/ (a trailing /) skips the directory on a walk" 0 --format concise --exclude build/ .
hasnt "… the files below it" out '^build/b.jgf'
has "… not a file of that name" out '^games/build.jgf'
run "--exclude /top.jgf (a leading /) is anchored to the walked directory" 0 --format concise --exclude /top.jgf .
hasnt "… skipping ./top.jgf" out '^top.jgf'
has "… not games/top.jgf" out '^games/top.jgf'
run "--exclude games/build.jgf walking games: relative to the working directory too" 0 --format concise --exclude games/build.jgf games
hasnt "… skips games/build.jgf" out '^games/build.jgf'
has "… keeps games/g.jgf" out '^games/g.jgf'
cd "$tmp" || exit 1
run "--exclude ex/games walking ex from its parent directory" 0 --format concise --exclude 'ex/games' ex
hasnt "… skips ex/games" out 'games/'
has "… keeps the rest" out '^ex/top.jgf'
cd ex || exit 1
mk node_modules/pkg/n.jgf
run "--force-exclude: a named file in node_modules is skipped, as walks skip it" 0 --format concise --force-exclude node_modules/pkg/n.jgf top.jgf
hasnt "… not checked" out 'n.jgf'
run "without --force-exclude it is checked" 0 --format concise node_modules/pkg/n.jgf
rm -r node_modules
mkdir -p "$tmp/node_modules/repo" && mk "$tmp/node_modules/repo/r.jgf"
(cd "$tmp/node_modules/repo" && "$JGFLINT" --format concise --force-exclude r.jgf > "$tmp/out" 2> "$tmp/err")
has "--force-exclude in a repository that lies under some node_modules still checks its files" out '^r.jgf'
run "without --force-exclude, a file named is checked whatever --exclude says" 0 --format concise --exclude archive archive/old/a.jgf
has "… (documented)" out '^archive/old/a.jgf'
run "--force-exclude --exclude DIR skips a file below DIR named on the command line" 0 --format concise --force-exclude --exclude archive archive/old/a.jgf games/g.jgf
hasnt "… not checked" out '^archive/old/a.jgf'
has "… the others are" out '^games/g.jgf'
run "--force-exclude: a named file all excluded is not 'nothing checked'" 0 --force-exclude --exclude archive archive/old/a.jgf
hasnt "… no such complaint" err 'no file was checked'
run "--force-exclude with a glob with a / (relative to the working directory)" 0 --format concise --force-exclude --exclude 'archive/**' ./archive/old/a.jgf "$PWD/games/g.jgf"
hasnt "… skips ./archive/old/a.jgf" out 'a.jgf'
has "… keeps an absolute path not matched" out 'games/g.jgf'
printf '{"exclude": ["archive", "games/build.jgf"]}\n' > .jgflint.json
run "a configuration's exclude on a walk" 0 --format concise .
hasnt "… skips the excluded" out 'archive/old/a.jgf\|games/build.jgf'
run "… and with --force-exclude on files named" 0 --format concise --force-exclude archive/old/a.jgf games/build.jgf games/g.jgf
lines "… only games/g.jgf is checked" out 2
(cd games && "$JGFLINT" --format concise --force-exclude build.jgf g.jgf ../archive/old/a.jgf > "$tmp/out" 2> "$tmp/err")
lines "… the same from a subdirectory (relative to the configuration's directory)" out 2
run "--force-exclude on a directory named that is excluded" 0 --force-exclude archive
lines "… nothing below it" out 0
rm .jgflint.json
cd "$tmp" || exit 1

# --- A configuration's exclude is relative to its directory, whichever
# directory below it is walked and from wherever.
mkdir ce && cd ce || exit 1
mk games/old/a.jgf games/sub/x/tmp/b.jgf games/keep.jgf games/sub/old/c.jgf games/sub/keep.jgf archive/d.jgf
printf '{"exclude": ["**/old", "games/**/tmp", "/archive", "*/sub/keep.jgf"]}\n' > .jgflint.json
for d in . games games/sub; do
  case $d in games/sub) count=0 status=2;; *) count=1 status=0;; esac
  run "a configuration's exclude with / globs, walking $d" $status --format concise $d
  checked | sed 's|^\./||' > "$tmp/got"
  for f in games/old/a.jgf games/sub/x/tmp/b.jgf games/sub/old/c.jgf archive/d.jgf games/sub/keep.jgf; do
    grep -qx "$f" "$tmp/got" && { not_ok "… skips $f"; continue; }
  done
  [ "$(grep -c . "$tmp/got")" = $count ] && ok "… checks only what it does not exclude" ||
    not_ok "… checks only what it does not exclude ($(tr '\n' ' ' < "$tmp/got"))"
done
# A configuration met on the way down has its own exclude, as when its
# directory is walked itself.
mkdir -p nested/attic && mk nested/attic/n.jgf nested/keep.jgf
printf '{"exclude": ["attic"]}\n' > nested/.jgflint.json
run "a nested configuration's exclude, walking its own directory" 0 --format concise nested
hasnt "… skips nested/attic" out 'nested/attic/n.jgf'
run "… and walking the directory above it" 0 --format concise .
hasnt "… skips nested/attic too" out 'nested/attic/n.jgf'
has "… and checks the rest" out 'nested/keep.jgf'
run "… but not with --no-config" 0 --format concise --no-config .
has "… (then nested/attic is checked)" out 'nested/attic/n.jgf'
mk nested/rec.json
printf '{"extensions": [".json", ".jgf"]}\n' > nested/.jgflint.json
run "a nested configuration's extensions, walking its own directory" 0 --format concise nested
has "… finds nested/rec.json" out '^nested/rec.json:'
run "… and walking the directory above it" 0 --format concise .
has "… finds it too" out '^nested/rec.json:'
hasnt "… and never takes .jgflint.json for a record" out 'jgflint.json'
run "… --extensions on the command line wins" 0 --format concise --extensions .jgf .
hasnt "… (rec.json is not checked)" out 'rec.json'
rm -r nested
(cd games/sub && "$JGFLINT" --format concise . > "$tmp/out" 2> "$tmp/err"; echo $? > "$tmp/status")
[ "$(cat "$tmp/status")" = 2 ] && grep -q "left out" "$tmp/err" && ok "… the same from inside games/sub (nothing left to check)" ||
  not_ok "… the same from inside games/sub (nothing left to check)"
# A directory walked through a symbolic link is the directory itself.
mkdir -p real/sub && mk real/a.jgf real/sub/b.jgf && ln -s real link
run "--write-baseline through a symbolic link to a directory" 0 --write-baseline base2.json link
grep -q '"path": "real/sub/b.jgf"' base2.json && ok "… records the files by their directory" ||
  not_ok "… records the files by their directory"
run "… --baseline through the real directory matches" 0 --baseline base2.json --max-warnings 0 real
rm real/sub/b.jgf
run "a file gone, walked through the link" 0 --baseline base2.json link
has "… its entry is stale" out 'baseline entry for real/sub/b.jgf'
cd "$tmp" || exit 1

# --- A configuration's warning policy counts the stale entries of its own
# baseline, as --max-warnings counts them.
mkdir -p stale/g && cd stale || exit 1
mk g/a.jgf
"$JGFLINT" --write-baseline base.json g > /dev/null 2>&1
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n' > g/a.jgf
run "--max-warnings 0 fails on a stale entry" 1 --baseline base.json --max-warnings 0 g
printf '{"baseline": "base.json", "max-warnings": 0}\n' > .jgflint.json
run "so does the configuration's max-warnings 0 on a stale entry of its baseline" 1 g
has "… saying why" err 'more than "max-warnings": 0'
has "… the entry names the document root, not an empty place" out 'json-bom\] at the document root matches no finding'
has "… the baseline named relative to the working directory, as checked files are" out '^base.json:4:5: warning: baseline entry'
has "… and so is the configuration" err 'more than "max-warnings": 0 in .jgflint.json$'
(cd g && "$JGFLINT" a.jgf > "$tmp/out" 2> "$tmp/err"; echo $? > "$tmp/status")
[ "$(cat "$tmp/status")" = 1 ] && ok "… from any directory" || not_ok "… from any directory"
has "… (from g: ../base.json is outside, shown absolute)" out "^/.*/stale/base.json:4:5: warning"
printf '{"baseline": "base.json", "warnings-as-errors": true}\n' > .jgflint.json
run "and its warnings-as-errors" 1 g
cd "$tmp" || exit 1

# --- Runs that check nothing say why, and exit 2 unless --allow-no-files.
mkdir -p none/empty none/all && cd none || exit 1
mk all/a.jgf all/b.jgf
run "an empty directory exits 2" 2 empty
has "… and says so" err '^jgflint: no file was checked: empty has no file ending in .jgf'
run "a directory whose records are all excluded exits 2" 2 --exclude '*.jgf' all
has "… and says they were excluded, not absent" err '^jgflint: no file was checked: .*excluded'
run "… --allow-no-files accepts it" 0 --allow-no-files --exclude '*.jgf' all
printf '*\n' > all/.gitignore
run "a directory whose records are all .gitignore'd exits 2" 2 all
has "… and says they were left out" err '^jgflint: no file was checked: .*excluded'
rm all/.gitignore
run "a shell pattern that matched nothing (the literal *.jgf) exits 2" 2 'empty/*.jgf'
has "… and says it is a pattern that matched nothing" err "^jgflint: no file matches empty/\*.jgf"
hasnt "… not a finding about a file called *.jgf" out 'io-error'
run "… --allow-no-files accepts it" 0 --allow-no-files 'empty/*.jgf'
run "… beside files that exist, it still exits 2" 2 'empty/*.jgf' all/a.jgf
has "… having checked them" err '^1 file checked'
run "… and --allow-no-files accepts it there too" 0 --allow-no-files 'empty/*.jgf' all/a.jgf
mk 'all/[x].jgf'
run "a file whose name looks like a pattern, existing, is checked" 0 --format concise 'all/[x].jgf'
has "… as a file" out '^all/\[x\].jgf:1:1'
run "a missing file without pattern characters is an io-error as before" 2 all/missing.jgf
has "… reported as a finding" out 'all/missing.jgf: error: cannot read the file'
cd "$tmp" || exit 1

# --- The hooks of .pre-commit-hooks.yaml under the real pre-commit tool.
if ! command -v pre-commit > /dev/null 2>&1 || ! command -v git > /dev/null 2>&1; then
  n=$((n + 1)); echo "ok $n - # SKIP the pre-commit hooks need pre-commit and git"
  echo "1..$n"; [ "$failed" -eq 0 ]; exit
fi
export PRE_COMMIT_HOME="$tmp/cache" HOME="$tmp/home"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
mkdir -p "$tmp/bin" "$HOME"
ln -s "$JGFLINT" "$tmp/bin/jgflint"
PATH="$tmp/bin:$PATH"
git init -q "$tmp/hooks" && cp "$TOP_SRCDIR/.pre-commit-hooks.yaml" "$tmp/hooks/" &&
  git -C "$tmp/hooks" add . && git -C "$tmp/hooks" commit -qm hooks
rev=$(git -C "$tmp/hooks" rev-parse HEAD)
# repo NAME HOOK [ARGS]: a fresh collection repository using HOOK.
repo() {
  cd "$tmp" && rm -rf "$1" && git init -q "$1" && cd "$1" || exit 1
  printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: %s\n' "$tmp/hooks" "$rev" "$2" \
    > .pre-commit-config.yaml
  [ -z "${3:-}" ] || printf '        args: %s\n' "$3" >> .pre-commit-config.yaml
  git add .pre-commit-config.yaml && git commit -qm config && pre-commit install > /dev/null
}
# commit NAME STATUS: git commit (the hook runs), its exit status 0 or not.
commit() {
  git commit -qm "$1" > "$tmp/out" 2>&1
  got=$?; : > "$tmp/err"
  if [ "$2" = 0 ] && [ "$got" = 0 ] || { [ "$2" != 0 ] && [ "$got" != 0 ]; }; then ok "$1"
  else not_ok "$1: git commit exit $got"; fi
}
bad='{"record": {"format": "JGF", "version": 2}, "tree": [{}],}'

repo upper jgflint
printf '%s\n' "$bad" > GAME.JGF && printf '%s\n' "$bad" > other.Jgf && git add GAME.JGF other.Jgf
commit "the jgflint hook checks GAME.JGF and other.Jgf (files: matches any case)" 1
has "… and shows their findings" out '^GAME.JGF:1:.*trailing comma'
has "… of both" out '^other.Jgf:1:.*trailing comma'
repo upperfix jgflint-fix
printf '\357\273\277{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n' > GAME.JGF && git add GAME.JGF
commit "the jgflint-fix hook fixes GAME.JGF" 1
[ "$(head -c 1 GAME.JGF)" = "{" ] && ok "… in place" || not_ok "… in place"

# A baseline named by the configuration, from a subdirectory's
# configuration, with --max-warnings 0: a commit of one baselined file
# passes though the baseline holds entries of other files.
repo cfgbase jgflint '[--max-warnings, "0"]'
mk games/a/1.jgf games/b/2.jgf
printf '{"baseline": "base.json"}\n' > games/.jgflint.json
(cd games && "$JGFLINT" --write-baseline base.json . > /dev/null 2>&1)
git add games/.jgflint.json games/base.json games/b && git commit -qm start --no-verify
git add games/a/1.jgf
commit "a configuration's baseline in a hook with --max-warnings 0 commits a baselined file" 0
printf '%s\n' "$bad" > games/a/3.jgf && git add games/a/3.jgf
commit "… and blocks a new bad file" 1
hasnt "… naming no stale entry of the files not committed" out "baseline-stale"
git reset -q games/a/3.jgf && rm games/a/3.jgf

# The configuration's exclude holds in a hook, where pre-commit names each
# staged file.
repo cfgexcl jgflint
mkdir -p archive/old && printf '%s\n' "$bad" > archive/old/x.jgf
printf '{"exclude": ["archive"]}\n' > .jgflint.json
git add .jgflint.json archive
commit "a staged file the configuration excludes is not checked by the hook" 0
hasnt "… and its findings are not shown" out "trailing comma"

# --- What a user types: `jgflint .` names files as `jgflint a.jgf` does, and a
# quoted pattern is expanded, as eslint and ruff expand theirs.
cd "$tmp" && rm -rf typed && mkdir typed && cd typed || exit 1
mk a.jgf sub/b.jgf games/c.jgf games/d.JGF games/deep/e.jgf games/.hidden/f.jgf games/notes.txt
run "jgflint ." 0 --format concise .
[ "$(checked | tr '\n' ' ')" = "a.jgf games/c.jgf games/d.JGF games/deep/e.jgf sub/b.jgf " ] &&
  ok "… names each file without ./" || not_ok "… names each file without ./: $(checked | tr '\n' ' ')"
hasnt "… anywhere" out '^\./'
run "jgflint ./ (as typed)" 0 --format concise ./
has "… keeps what was typed" out '^\./a\.jgf:1:1'
run "a quoted pattern 'games/*.jgf'" 0 --format concise 'games/*.jgf'
[ "$(checked | tr '\n' ' ')" = "games/c.jgf " ] && ok "… is expanded" || not_ok "… is expanded: $(checked | tr '\n' ' ')"
run "a quoted pattern 'games/**/*.jgf'" 0 --format concise 'games/**/*.jgf'
[ "$(checked | tr '\n' ' ')" = "games/c.jgf games/deep/e.jgf " ] && ok "… matches at any depth, not in hidden directories" ||
  not_ok "… matches at any depth, not in hidden directories: $(checked | tr '\n' ' ')"
run "a quoted pattern of directories 'g*'" 0 --format concise 'g*'
[ "$(checked | tr '\n' ' ')" = "games/c.jgf games/d.JGF games/deep/e.jgf " ] && ok "… walks each directory it matches" ||
  not_ok "… walks each directory it matches: $(checked | tr '\n' ' ')"
run "a quoted pattern 'games/?.jgf' beside a file" 0 --format concise 'games/?.jgf' a.jgf
[ "$(checked | tr '\n' ' ')" = "a.jgf games/c.jgf " ] && ok "… checks both" || not_ok "… checks both: $(checked | tr '\n' ' ')"
run "a quoted pattern that matches nothing" 2 'games/*.sgf'
has "… says so" err "^jgflint: no file matches games/\*.sgf"

tap_done
