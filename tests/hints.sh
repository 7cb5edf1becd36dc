#!/bin/sh
# Issue 31's frictions: hints give commands that run as written (each is
# taken from the message and run by the shell), and messages that say what
# they found: a configuration's "max-warnings" given as a string, a
# character set detected from one character, -q naming the warnings that
# fail a run, --statistics marking what --fix repairs. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"
conv=$src/convert
# The program as the hints name it.
mkdir bin && ln -s "$JGFLINT" bin/jgflint
PATH=$tmp/bin:$PATH

# hint NAME: the command between backticks after "convert it with" in
# $tmp/out, run by the shell in the current directory; ok when it converts
# (exit 0 or 1, a source game's errors) and writes what it says.
hint() {
  cmd=$(sed -n 's/.*convert it with `\(.*\)` \[foreign-format\]$/\1/p' "$tmp/out" | head -1)
  if [ -z "$cmd" ]; then not_ok "$1: no command in the message"; return; fi
  sh -c "$cmd" > "$tmp/hint.out" 2>&1
  got=$?
  if [ "$got" -le 1 ] && grep -q 'records\{0,1\} written$' "$tmp/hint.out" &&
     ! grep -q 'not written\|failed' "$tmp/hint.out"; then
    ok "$1: \`$cmd\` runs as written"
  else
    not_ok "$1: \`$cmd\` exits $got"; sed 's/^/# /' "$tmp/hint.out"
  fi
}

# --- The foreign-format hint, for SGF-in-JSON and SGF in files of every name:
# checked in place (issue 39); in a file named .jgf, which must be JGF, an
# error all the same (issue 47) whose hint runs; and with --fix, which
# writes JGF only, named with the command that converts it.
copy "$conv/sgf-in-json.json" game.jgf
run "SGF-in-JSON named .jgf: foreign-format, and checked in place (exit 1)" 1 game.jgf
has "… foreign-format says it is not JGF" out '^game.jgf:1:1: error: this is an SGF-in-JSON .*, not JGF, in a file named \.jgf: .*\[foreign-format\]$'
has "… its record's findings, at the source's line:col" out '^game.jgf:14:34: info: .*\[resigner-played-last\]$'
hint "… its hint (the record would be the input's name)"
rm -rf converted
run "… with --fix: not JGF (exit 1)" 1 --fix game.jgf
hint "… its hint with --fix"
mkdir one && printf '(;GM[1]FF[4]SZ[9];B[cc];W[gg])' > one/game.jgf
cd one
run "SGF text named .jgf, one game: foreign-format (exit 1)" 1 game.jgf
has "… one finding, which names SGF" out '^game.jgf:1:1: error: this is an SGF game record .*\[foreign-format\]$'
hint "… its hint runs as written"
cd "$tmp"
mkdir upper && printf '(;GM[1]FF[4]SZ[9];B[cc];W[gg])' > upper/GAME.JGF
cd upper
run "SGF text named .JGF: foreign-format too (exit 1)" 1 GAME.JGF
hint "… its hint runs as written (no record over the input)"
cd "$tmp"
mkdir sgf && printf '(;GM[1]FF[4]SZ[9];B[cc];W[gg])' > sgf/game.sgf && copy "$conv/sgf-in-json.json" sgf/game.json
run "SGF named .sgf, SGF-in-JSON named .json: checked in place, clean (exit 0)" 0 sgf/game.sgf sgf/game.json
hasnt "… no foreign-format" out 'foreign-format'

copy "$conv/sgf-in-json.json" "it's -a game.json"
run "SGF-in-JSON in a name with a quote and spaces, --fix" 1 --fix "it's -a game.json"
hint "… its hint quotes the name"
copy "$conv/sgf-in-json.json" ./-x.jgf
run "SGF-in-JSON in a name that starts with -, --fix" 1 --fix -- -x.jgf
hint "… its hint does not pass it as an option"
mkdir stdin && copy "$conv/sgf-in-json.json" stdin/game.json
cd stdin
"$JGFLINT" --fix - < game.json > "$tmp/out" 2> "$tmp/err"   # --fix -: the findings on stderr
cmd=$(sed -n 's/.*convert it with `\(.*\)` \[foreign-format\]$/\1/p' "$tmp/err")
if [ -n "$cmd" ] && sh -c "$cmd" < game.json > "$tmp/hint.out" 2>&1; then
  ok "standard input of two games: \`$cmd\` runs as written"
else
  not_ok "standard input of two games: \`$cmd\` runs as written"
fi
cd "$tmp"

# --- --convert DIR of SGF-in-JSON files: the endings --extensions adds.
mkdir -p dirj/sub dirs
copy "$conv/sgf-in-json.json" dirj/sub/game.jgf
copy "$conv/sgf-in-json.json" dirs/game.json
for d in dirj dirs; do
  run "--convert $d: nothing in the endings it reads: exit 2" 2 --convert $d
  cmd=$(sed -n 's/.*endings --extensions names: \(jgflint .*\)$/\1/p' "$tmp/err")
  if [ -n "$cmd" ] && sh -c "$cmd" > "$tmp/hint.out" 2>&1 && grep -q '2 records written$' "$tmp/hint.out"; then
    ok "… names --extensions: \`$cmd\` runs as written"
  else
    not_ok "… names --extensions: \`$cmd\` runs as written"; sed 's/^/# /' "$tmp/hint.out"
  fi
  [ $d = dirs ] ||
    has "… .jgf with --output (a record would be its input's name)" err "jgflint --convert dirj --extensions .jgf --output converted$"
done
run "--convert DIR --output DIR of SGF-in-JSON .jgf files: exit 2" 2 --convert dirj --output elsewhere
has "… says to add --extensions .jgf" err "add --extensions .jgf$"
mkdir nothing && echo '{"record": {"format": "JGF", "version": 2}, "tree": [{}]}' > nothing/a.jgf
run "--convert DIR with records only: exit 2" 2 --convert nothing
hasnt "… and no hint of SGF-in-JSON" err "extensions"

# --- Messages that say what they found.
mkdir conf && echo '{"max-warnings": "10", "warnings-as-errors": "yes"}' > conf/.jgflint.json
echo '{"record": {"format": "JGF", "version": 2}, "tree": [{}]}' > conf/a.jgf
run "a configuration's max-warnings as a string: exit 2" 2 conf/a.jgf
has "… says it found a string, and the number to write" out "max-warnings\` must be a non-negative integer, found the string \"10\"; write the number without quotes: 10 \[config-error\]"
has "… warnings-as-errors too" out "warnings-as-errors\` must be true or false, found the string \"yes\" \[config-error\]"
printf '(;GM[1]FF[4]SZ[9]C[\202\240];B[cc])' > one-char.sgf
run "an SGF file with one character beyond ASCII" 0 --convert one-char.sgf --output - 
has "… its note counts 1 character, not \"1 characters\"" err "its 1 character beyond ASCII "

# --- A node of 1,000,000 properties: one note with the count, not a
# million lines (and so for properties beyond the 1,000 different ones a
# node may have, and properties without a value).
python3 -c 'import sys; sys.stdout.write("(;GM[1]FF[4]SZ[19]" + "ZZ[v]" * 1000000 + ";B[aa])")' > million.sgf
python3 -c 'import itertools, string, sys
ids = ["".join(p) for n in (1, 2, 3) for p in itertools.product(string.ascii_uppercase, repeat=n)]
sys.stdout.write("(;GM[1]FF[4]SZ[19]" + "".join("X%s[v]" % i for i in ids[:1200]) + "A B C D;B[aa])")' > many.sgf
run "--convert of a node with 1,000,000 properties" 0 --convert --output - million.sgf
lines "… writes 6 lines to standard error (ZZ unknown once), not a million" err 6
has "… one note counts them" err "^million.sgf:1:24: warning: property \`ZZ\` given again in one node (first at 1:19): read as more values of the first; no fix: keeping one and deleting the others changes what the file says (the same for 999998 more in this node) \\[sgf-duplicate-property\\]$"
run "--convert of a node with 1,203 different properties, 4 without a value" 0 --convert --output - many.sgf
has "… one note for those beyond 1,000" err "more than 1000 different properties in one node (the same for 202 more in this node) \\[sgf-too-many-properties\\]$"
has "… one for those without a value" err "property \`A\` has no value: ignored; --fix leaves it (the same for 3 more in this node) \\[sgf-property-no-value\\]$"

# --- --statistics marks each rule as ruff does: [*] when --fix repairs
# every finding of it, [~] some; agreeing with the [*] of the findings.
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "players": [
  {"color": "black", "rank": "3 kyu"}, {"color": "white", "rank": "strong"}]}\n' > ranks.jgf
copy "$src/examples/findings.jgf" findings.jgf
for f in findings.jgf:1 ranks.jgf:0; do
  status=${f#*:} f=${f%:*}
  "$JGFLINT" --format concise $f > "$tmp/list" 2> /dev/null
  run "--statistics on $f" $status --format concise --statistics $f
  if python3 - "$tmp/list" "$tmp/out" <<'PY'
import collections, re, sys
found, fixable = collections.Counter(), collections.Counter()
for line in open(sys.argv[1]):
    m = re.search(r": (?:error|warning|info): (\[\*\] )?.*\[([a-z-]+)\]$", line)
    if m:
        found[m.group(2)] += 1
        fixable[m.group(2)] += bool(m.group(1))
rows = 0
for line in open(sys.argv[2]):
    m = re.match(r" *(\d+)  (\S+) +\S+ +(\[[*~]\] )?", line)
    if not m:
        continue
    rows += 1
    n, rule, mark = int(m.group(1)), m.group(2), (m.group(3) or "").strip()
    want = "[*]" if fixable[rule] == n else "[~]" if fixable[rule] else ""
    assert n == found[rule] and mark == want, (line, found[rule], fixable[rule])
assert rows == len(found), (rows, found)
PY
  then ok "… [*] and [~] as the findings are marked"; else not_ok "… [*] and [~] as the findings are marked"; fi
done
has "… [~] for a rule some of whose findings --fix repairs" out "^ *2  rank-format  *warning  \[~\] "
run "--statistics --format json" 0 --format json --statistics ranks.jgf
python3 -c 'import json, sys; s = json.load(open(sys.argv[1]))["statistics"]
assert [(r["rule"], r["count"], r["fixable"]) for r in s] == [("rank-format", 2, 1)], s' "$tmp/out" &&
  ok "… counts the fixable findings of each rule" || not_ok "… counts the fixable findings of each rule"


# -q --max-warnings 0 names the warnings that fail the run with the report's
# [*] mark where --fix repairs them, as the report marks them (issue 37).
cd "$tmp" && mkdir marks
copy "$src/rules/undeclared-color/fail-one-player.jgf" marks/fixable.jgf
run "-q --max-warnings 0 over a fixable warning" 1 -q --max-warnings 0 marks
has "… names it with its [*] mark" err '^marks/fixable.jgf:9:26: warning: \[\*\] move by `white`'

# Other tools' flags get jgflint's equivalent (issue 37): ruff's --fix-only
# and --exit-non-zero-on-fix, shellcheck's -S LEVEL and --format gcc.
run "--fix-only (ruff)" 2 --fix-only marks
has "… names --fix" err "unknown option '--fix-only': --fix applies the fixes"
run "--exit-non-zero-on-fix (ruff)" 2 --exit-non-zero-on-fix marks
has "… names --diff" err "unknown option '--exit-non-zero-on-fix': --diff exits 1 when --fix would change"
run "-S error (shellcheck)" 2 -S error marks
has "… names --severity LEVEL" err "unknown option '-S': --severity LEVEL reports"
run "--format gcc (shellcheck)" 2 --format gcc marks
has "… names concise" err "unknown format 'gcc': concise writes PATH:LINE:COL"
run "--diff exits 1 where --fix would change a file, as the hint says" 1 --diff marks
tap_done
