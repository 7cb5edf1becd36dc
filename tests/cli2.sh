#!/bin/sh
# The program around the findings, as it runs unattended (CI, pre-commit):
# baselines however the files are named, the warning policy from any
# directory, runs that check nothing, exact options with did-you-mean, the
# conventional option names, and runs that fail always saying why. TAP.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"

mkdir -p dir/sub dir/9x9
copy "$src/examples/findings.jgf" dir/a.jgf
copy "$src/json/bom.jgf" dir/sub/b.jgf
copy "$src/json/bom.jgf" dir/9x9/c.jgf
copy "$src/json/trailing-comma-object.jgf" dir/9x9/d.jgf

# --- Baselines: keyed by the path relative to the baseline's directory.
run "--write-baseline exits 0" 0 --write-baseline base.json dir
has "--write-baseline confirms what it wrote" err "^jgflint: wrote base.json: 12 findings in 4 files"
grep -q '"path": "dir/a.jgf"' base.json && ok "entries are relative to the baseline's directory" || not_ok "entries are relative to the baseline's directory"
run "--baseline base.json dir matches" 0 --baseline base.json dir
lines "… every finding" out 0
run "--baseline base.json ./dir matches" 0 --baseline base.json ./dir
lines "… with ./ before the directory" out 0
run "--baseline base.json \$PWD/dir matches" 0 --baseline base.json "$PWD/dir"
lines "… with an absolute path" out 0
(cd dir && "$JGFLINT" --baseline ../base.json . > "$tmp/out" 2> "$tmp/err"; echo $? > "$tmp/status")
[ "$(cat "$tmp/status")" = 0 ] && [ ! -s "$tmp/out" ] && ok "--baseline from inside the directory matches" ||
  not_ok "--baseline from inside the directory matches"
# A baseline survives --fix: the findings --fix leaves are still known
# though their values moved (Seki's players object became an array, a node
# was split and the nodes after it moved); only the entries of the findings
# it removed are stale.
copy "$src/rules/rank-format/fail-seki-shape.jgf" h.jgf
"$JGFLINT" --write-baseline hbase.json h.jgf > /dev/null 2>&1
"$JGFLINT" --fix h.jgf > /dev/null 2>&1
run "--baseline after --fix turned players into an array" 0 --format concise --baseline hbase.json h.jgf
hasnt "… reports nothing new" out '^h.jgf:'
has "… the entry of the fixed rank is stale" out '^hbase.json:[0-9]*:5: warning: baseline entry for h.jgf \[rank-format\] at /players/black/rank matches no finding any more'
has "… and that of the fixed players object" out '^hbase.json:[0-9]*:5: warning: baseline entry for h.jgf \[seki-players-object\] at /players matches no finding any more'
lines "… and no other" out 2
cat > split.jgf <<'EOF'
{
  "record": { "format": "JGF", "version": 2 },
  "game": { "type": "go" },
  "board": { "width": 9, "height": 9 },
  "tree": [
    { "move": { "color": "black", "x": 2, "y": 2 } },
    { "move": { "color": "white", "x": 2, "y": 2 } },
    { "move": { "color": "black", "x": 4, "y": 4 }, "remark": "not a JGF key" }
  ]
}
EOF
"$JGFLINT" --write-baseline sbase.json split.jgf > /dev/null 2>&1
"$JGFLINT" --fix split.jgf > /dev/null 2>&1
[ "$(grep -c '"move"' split.jgf)" = 3 ] && grep -q '^    { },\{0,1\}$\|^    {},\{0,1\}$\|"tree": \[ *{ *}' split.jgf &&
  ok "… (--fix split the root: the nodes after it moved)" || not_ok "… (--fix split the root: the nodes after it moved)"
run "--baseline after --fix moved the nodes" 0 --format concise --baseline sbase.json split.jgf
hasnt "… reports nothing new" out '^split.jgf:'
has "… the entry of the fixed root is stale" out '^sbase.json:[0-9]*:5: warning: baseline entry for split.jgf \[root-node\] at /tree/0/move matches no finding any more'
lines "… and no other" out 1
mkdir elsewhere
(cd elsewhere && "$JGFLINT" --baseline ../base.json ../dir/9x9 > "$tmp/out" 2> "$tmp/err"; echo $? > "$tmp/status")
[ "$(cat "$tmp/status")" = 0 ] && [ ! -s "$tmp/out" ] && ok "--baseline from a sibling directory matches" ||
  not_ok "--baseline from a sibling directory matches"

# A subset of the files (what a pre-commit hook passes): no stale entries
# for the files it did not check.
run "a subset of the files against the baseline" 0 --baseline base.json --max-warnings 0 dir/9x9
lines "… reports no stale entries of other files" out 0
run "one fully baselined file passes --max-warnings 0" 0 --baseline base.json --max-warnings 0 dir/sub/b.jgf
lines "… silently" out 0
rm dir/9x9/c.jgf
run "a file gone from a walked directory: its entries are stale" 0 --baseline base.json dir
has "… and reported" out "^base.json:.*baseline entry for dir/9x9/c.jgf \[json-bom\]"
lines "… only those" out 1
run "a file gone, run over another directory" 0 --baseline base.json dir/sub
lines "… says nothing of it" out 0
copy "$src/json/bom.jgf" dir/9x9/c.jgf

# The configuration can name the baseline (relative to its own directory).
printf '{"baseline": "base.json"}\n' > .jgflint.json
run "a configuration's baseline applies" 0 dir
lines "… suppressing the recorded findings" out 0
(cd dir/sub && "$JGFLINT" b.jgf > "$tmp/out" 2> "$tmp/err"; echo $? > "$tmp/status")
[ "$(cat "$tmp/status")" = 0 ] && [ ! -s "$tmp/out" ] && ok "… from any directory" ||
  not_ok "… from any directory"
run "--no-config: no configuration, no baseline" 1 --no-config dir
has "… so the findings return" out "trailing comma"
printf '{"baseline": "missing.json"}\n' > .jgflint.json
run "a configuration's baseline that cannot be read exits 2" 2 dir
run "--no-config with --config is a usage error" 2 --no-config --config .jgflint.json dir
printf '{"baselin": "base.json"}\n' > .jgflint.json
run "an unknown setting in the configuration" 2 dir
has "… gets a did-you-mean" out '\.jgflint\.json:1:2: error: unknown setting `baselin`; did you mean `baseline`?'
rm .jgflint.json

# --- The warning policy of a configuration, from any start directory.
mkdir -p pol/deep
copy "$src/json/bom.jgf" pol/deep/w.jgf
printf '{"max-warnings": 0}\n' > pol/.jgflint.json
run "max-warnings of the configuration, started above it" 1 pol/deep/w.jgf
has "… says why, naming the configuration" err '^jgflint: 1 warning, more than "max-warnings": 0 in '
(cd pol/deep && "$JGFLINT" w.jgf > "$tmp/out" 2> "$tmp/err"; echo $? > "$tmp/status")
[ "$(cat "$tmp/status")" = 1 ] && ok "… started inside it: the same status" || not_ok "… started inside it: the same status"
(cd / && "$JGFLINT" "$tmp/pol/deep/w.jgf" > "$tmp/out" 2> "$tmp/err"; echo $? > "$tmp/status")
[ "$(cat "$tmp/status")" = 1 ] && ok "… started at /: the same status" || not_ok "… started at /: the same status"
printf '{"warnings-as-errors": true}\n' > pol/.jgflint.json
run "warnings-as-errors of the configuration, started above it" 1 pol
has "… says why" err "warnings-as-errors"
rm pol/.jgflint.json

# --- -q never makes a failing run silent; --warnings-as-errors says why.
run "-q --warnings-as-errors fails" 1 -q --warnings-as-errors dir/sub/b.jgf
has "… and says why" err "^jgflint: 1 warning, and --warnings-as-errors makes it fail the run"
run "-q --max-warnings 0 fails" 1 -q --max-warnings 0 dir/sub/b.jgf
has "… and says why" err "^jgflint: 1 warning, more than --max-warnings 0"
run "--warnings-as-errors without -q" 1 --warnings-as-errors dir/sub/b.jgf
has "… says why too" err "^jgflint: 1 warning, and --warnings-as-errors"
run "--exit-zero: findings do not fail the run" 0 --exit-zero dir
has "… they are still reported" out "trailing comma"
run "--exit-zero: trouble still exits 2" 2 --exit-zero dir/missing.jgf

# --- A run that checks nothing.
mkdir empty && touch empty/notes.txt
run "a directory with no records exits 2" 2 empty
has "… and says so" err "^jgflint: no file was checked: empty has no file ending in .jgf"
run "--allow-no-files accepts it" 0 --allow-no-files empty
printf '{"extensions": [".sgf", ".jgf"]}\n' > empty/.jgflint.json
run "… with the configuration's extensions" 2 empty
has "… names them" err "^jgflint: no file was checked: empty has no file ending in .sgf or .jgf"
rm empty/.jgflint.json
# A folder of SGF (or GIB, NGF, UGF…) walked for .jgf: the endings it holds
# that jgflint reads are named, with the option that checks them (issue 53).
mkdir sgfdir sgfdir/sub && printf '(;GM[1]FF[4]SZ[9];B[ee])\n' > sgfdir/a.sgf
cp sgfdir/a.sgf sgfdir/sub/b.SGF && touch sgfdir/notes.txt
printf '\\HS\n\\[GAMEBLACKNAME=a\\]\n\\HE\n\\GS\n2 1 0\n\\GE\n' > sgfdir/c.gib
run "a folder of SGF exits 2" 2 --format html -o sgf.html sgfdir
has "… names the endings it holds and --extensions" err "^jgflint: no file was checked: sgfdir has no file ending in .jgf; it holds 2 files ending in .sgf and 1 .gib, which jgflint reads too: --extensions .sgf,.gib checks them (--allow-no-files accepts this)$"
run "… which --extensions .sgf,.gib then checks" 0 --extensions .sgf,.gib sgfdir
run "--show-files says the same" 2 --show-files sgfdir
has "… names them there too" err "it holds 2 files ending in .sgf and 1 .gib"
run "… not the endings a walk left out" 2 --exclude '*.gib' --exclude sub sgfdir
has "… only what is not excluded" err "; it holds 1 file ending in .sgf, which jgflint reads too: --extensions .sgf checks it"
run "two folders" 2 sgfdir/sub empty
has "… they hold" err "the directories given have no file ending in .jgf; they hold 1 file ending in .sgf, which"
run "--extensions '*.sgf', a pattern: a usage error" 2 --extensions '*.sgf,*.gib' sgfdir
has "… naming the endings" err "^jgflint: --extensions takes file endings, not patterns or paths ('\*.sgf,\*.gib'): --extensions .sgf,.gib$"
run "--extensions sgfdir/: a path" 2 --extensions sgfdir/ sgfdir
has "… says so" err "^jgflint: --extensions takes file endings, not patterns or paths ('sgfdir/')$"
# A configuration's extensions are the option's, refused as it refuses them
# (one check): a located problem, the walk done without the entry, and the
# configuration said though no file it applies to was checked.
mkdir cfgext && cp sgfdir/a.sgf cfgext/ && printf '{"extensions": ["*.sgf", ".gib", "", "d/"]}\n' > cfgext/.jgflint.json
run "a configuration's extensions [\"*.sgf\"]: exit 2" 2 cfgext
has "… a located problem naming the ending" out '^cfgext/.jgflint.json:1:17: error: `extensions` takes file endings, not patterns or paths ("\*.sgf"): write ".sgf" \[config-error\]$'
has "… an empty one" out '^cfgext/.jgflint.json:1:34: error: an empty ending would take every file: give one as ".sgf" \[config-error\]$'
has "… a path" out '^cfgext/.jgflint.json:1:38: error: `extensions` takes file endings, not patterns or paths ("d/"): write one as ".sgf" \[config-error\]$'
lines "… and nothing else" out 3
has "… the walk took .gib alone" err "^jgflint: no file was checked: cfgext has no file ending in .gib; it holds 1 file ending in .sgf"
printf '{"extensions": [".sgf"]}\n' > cfgext/.jgflint.json
run "… [\".sgf\"] checks it" 0 cfgext
run "an empty folder: no endings named" 2 empty
hasnt "… none" err "reads too"
run "-q, a folder of SGF: the same message (walked again, quietly)" 2 -q sgfdir
has "… names the endings it holds" err "^jgflint: no file was checked: sgfdir has no file ending in .jgf; it holds 2 files ending in .sgf and 1 .gib, which jgflint reads too: --extensions .sgf,.gib checks them (--allow-no-files accepts this)$"
lines "… once" err 1

# A folder of JGF and other formats: the summary names what the run did
# not check and the --extensions that would (issue 75: 140 .jgf checked of
# 299 records, the 159 others in silence); a .json counts when it is a
# game record (SGF-in-JSON, OGS), the others named as what that option
# would check too; a file counted once however often it is walked; -q
# says nothing; what globs leave out is not counted.
mkdir mixed mixed/sub
copy "$src/examples/clean.jgf" mixed/a.jgf
copy "$src/examples/clean.jgf" mixed/sub/b.jgf
cp sgfdir/a.sgf mixed/ && cp sgfdir/a.sgf mixed/sub/c.sgf && cp sgfdir/c.gib mixed/
copy "$src/convert/even.ngf" mixed/sub/d.ngf
copy "$src/convert/sgf-in-json.json" mixed/e.json
copy "$src/convert/ogs-api.json" mixed/sub/f.json
printf '{"name": "games", "version": "1.0.0"}\n' > mixed/package.json
printf '{"extensions": [".jgf"]}\n' > mixed/.jgflint.json
printf 'notes\n' > mixed/notes.txt
unread="6 files of other formats not checked (2 .sgf, 1 .gib, 1 .ngf, 2 .json): --extensions .jgf,.sgf,.gib,.ngf,.json checks them (and 1 .json file that holds no game: --exclude it)"
run "a mixed folder" 0 mixed
has "… the summary names what it did not check" err "^2 files checked: 0 errors, 0 warnings, 0 infos; $unread$"
run "… the folder and a folder in it: each file counted once" 0 mixed/sub mixed
has "… the same" err "^2 files checked: 0 errors, 0 warnings, 0 infos; $unread$"
run "… a file of the folder named beside it: checked, so not counted unread" 0 mixed mixed/sub/d.ngf mixed/e.json
has "… the others alone" err "^4 files checked: 0 errors, 0 warnings, [0-9]* infos\{0,1\}; 4 files of other formats not checked (2 .sgf, 1 .gib, 1 .json): --extensions .jgf,.sgf,.gib,.json checks them (and 1 .json file that holds no game: --exclude it)$"
run "… -q: no summary, nothing said" 0 -q mixed
lines "… nothing" err 0
run "… --exclude '*.gib' --exclude package.json: not counted" 0 --exclude '*.gib' --exclude package.json mixed
has "… nor suggested" err "; 5 files of other formats not checked (2 .sgf, 1 .ngf, 2 .json): --extensions .jgf,.sgf,.ngf,.json checks them$"
run "… --extensions .jgf,.sgf: the others" 0 --extensions .jgf,.sgf mixed
has "… suggested after those given" err "^4 files checked: 0 errors, 0 warnings, 0 infos; 4 files of other formats not checked (1 .gib, 1 .ngf, 2 .json): --extensions .jgf,.sgf,.gib,.ngf,.json checks them (and 1 .json"
run "… the --extensions suggested, --exclude package.json: all checked" 0 --extensions .jgf,.sgf,.gib,.ngf,.json --exclude package.json mixed
has "… 8 files, nothing more said" err "^8 files checked: 0 errors, 0 warnings, [0-9]* infos\{0,1\}$"
run "… one file named: no walk, nothing said" 0 mixed/a.jgf
has "… the summary alone" err "^1 file checked: 0 errors, 0 warnings, 0 infos$"
run "… --fix: the same summary" 0 --fix mixed
has "… names them" err "; fixed 0 problems in 0 files; $unread$"

# --- Options matched exactly, with did-you-mean.
cp dir/sub/b.jgf fi.jgf
cp fi.jgf fi.orig
run "--fi is not --fix" 2 --fi fi.jgf
cmp -s fi.jgf fi.orig && ok "… and the file is not rewritten" || not_ok "… and the file is not rewritten"
has "… did you mean --fix" err "^jgflint: unknown option '--fi'; did you mean '--fix'?"
run "--unsafe is not --unsafe-fixes" 2 --fix --unsafe fi.jgf
run "--max-warning gets a did-you-mean" 2 --max-warning 0 fi.jgf
has "… of --max-warnings" err "did you mean '--max-warnings'?"
run "--format=json (with =) is still accepted" 0 --format=json fi.jgf
run "an option's argument that looks like an option is not checked" 0 --stdin-filename --fi - < fi.jgf
run "--fix=yes: an option without argument" 2 --fix=yes fi.jgf
has "… says it takes none" err "^jgflint: option '--fix' takes no argument"
run "--select with a misspelt rule" 2 --select json-bon fi.jgf
has "… did you mean" err "^jgflint: --select: no rule or category named 'json-bon'; did you mean 'json-bom'?"
run "--ignore with a misspelt category" 2 --ignore schem fi.jgf
has "… did you mean" err "did you mean 'schema'?"
run "--severity with a misspelt rule" 2 --severity json-bon=error fi.jgf
has "… did you mean" err "did you mean 'json-bom'?"
run "--explain with a misspelt rule" 2 --explain json-bon
has "… did you mean" err "^jgflint: no rule named 'json-bon'; did you mean 'json-bom'?"
printf '{"ignore": ["unknwn-key"]}\n' > cfg.json
run "a configuration with a misspelt rule" 2 --config cfg.json fi.jgf
has "… did you mean" out 'no rule or category named "unknwn-key"; did you mean "unknown-key"?'
run "--severity CATEGORY=LEVEL" 1 --severity json=error fi.jgf
has "… applies to the category's rules" out "error: \[\*\] UTF-8 byte order mark"
run "--severity all=info" 0 --severity all=info dir/9x9/d.jgf
has "… applies to every rule" out "info: \[\*\] trailing comma"
printf '{"severity": {"json": "error"}}\n' > cfg.json
run "a category in the configuration's severity" 1 --config cfg.json fi.jgf
run "two formats to standard output are a usage error" 2 --format json --format concise fi.jgf
has "… that says so" err "^jgflint: two formats to standard output"
run "one to stdout and one to a file is fine" 0 --format json --format concise=c.txt fi.jgf
run "a misspelt format" 2 --format sarf fi.jgf
has "… gets a did-you-mean" err "^jgflint: unknown format 'sarf'; did you mean 'sarif'?"
run "a misspelt --color" 2 --color alwyas fi.jgf
has "… gets a did-you-mean" err "did you mean 'always'?"
run "--output-format is --format" 0 --output-format json fi.jgf
has "… in JSON" out '"rule": "json-bom"'
run "--list-rules --format json" 0 --list-rules --format json
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert len(r) > 40 and all("id" in x and "fix" in x for x in r)' "$tmp/out" 2>/dev/null &&
  ok "… is a JSON array of every rule" || not_ok "… is a JSON array of every rule"
run "--show-settings" 0 --severity json-bom=error --ignore unknown-key --show-settings dir/a.jgf
has "… shows each rule's severity" out '"json-bom": "error"'
has "… and which are off" out '"unknown-key": "off"'
printf '{"max-warnings": 3}\n' > pol/.jgflint.json
run "--show-settings names the configuration that applies" 0 --show-settings pol/deep/w.jgf
has "… and its settings" out '"max-warnings": 3'
has "… and the file it comes from" out '"configuration": "'
rm pol/.jgflint.json

# --- --fix: one summary line by default, per file with --verbose, none with -q.
# (cp keeps the mode: under make distcheck the sources are read-only.)
fresh() { for f in "$@"; do cat "$src/json/bom.jgf" > "fixes/$f.jgf"; done; }
mkdir fixes && fresh 1 2
run "--fix over two files" 0 --fix fixes
lines "… one line on stderr" err 1
has "… the summary" err "fixed 2 problems in 2 files"
fresh 1 2
run "--fix --verbose" 0 --fix --verbose fixes
has "… each file" err "^fixes/1.jgf: fixed 1 problem: json-bom"
lines "… then the summary" err 3
fresh 1
run "--fix -q" 0 --fix -q fixes
lines "… nothing" err 0
fresh 1
run "--show-fixes without --fix" 0 --show-fixes fixes
has "… lists what --fix would fix" err "^fixes/1.jgf: --fix would fix 1 problem: json-bom"
cat "$src/json/bom.jgf" > "fixes/$(printf 'x\342\200\256\033[2J').jgf"
run "a file name with a bidi override and ESC, --fix --verbose" 0 --fix --verbose fixes
if LC_ALL=C grep -q "$(printf '\342\200\256\|\033')" "$tmp/err"; then not_ok "… is shown escaped on stderr"; else ok "… is shown escaped on stderr"; fi
has "… as \\u escapes" err 'x\\u202e\\u001b\[2J.jgf: fixed 1 problem'


# --- One error prefix: getopt's own messages named the program by its path.
run "an unknown long option" 2 --bogus fi.jgf
has "… is reported as jgflint: " err "^jgflint: unknown option '--bogus'"
run "an unknown short option" 2 -x fi.jgf
has "… is reported as jgflint: " err "^jgflint: unknown option '-x'"
run "a missing argument" 2 fi.jgf --format
has "… is reported as jgflint: " err "^jgflint: option '--format' needs an argument"
"$JGFLINT" --bogus -x fi.jgf --format 2>&1 >/dev/null | grep -v "^jgflint: \|^Try 'jgflint --help'" > "$tmp/err"
[ ! -s "$tmp/err" ] && ok "no other prefix" || not_ok "no other prefix"

# --- Fixable findings: marked, counted, and carried by json and SARIF.
run "a fixable finding in concise output" 0 --format concise fi.jgf
has "… is marked [*], keeping the gcc-style prefix and the rule id" out '^fi.jgf:1:1: warning: \[\*\] UTF-8 byte order mark.* \[json-bom\]$'
has "… and counted" out '^\[\*\] 1 fixable with `--fix`$'
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "players": [{"color": "black", "name": "A", "rank": "40 kyu"}]}\n' > plain.jgf
run "a finding with no fix" 0 --format concise plain.jgf
hasnt "… is not marked" out '\[\*\]'
run "json carries the fix" 0 --format json fi.jgf
python3 - "$tmp/out" <<'PY' && ok "… as edits: span and content" || not_ok "… as edits: span and content"
import json, sys
d = json.load(open(sys.argv[1]))["diagnostics"][0]
e = d["edits"][0]
assert d["fix"] == "safe" and e["byteOffset"] == 0 and e["byteLength"] == 3 and e["content"] == ""
PY
run "sarif carries the fix" 0 --format sarif fi.jgf
python3 - "$tmp/out" <<'PY' && ok "… as fixes with artifactChanges and replacements, and the exit status" || not_ok "… as fixes with artifactChanges and replacements, and the exit status"
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
r = run["results"][0]["fixes"][0]["artifactChanges"][0]
assert r["artifactLocation"]["uri"] == "fi.jgf"
rep = r["replacements"][0]
# Removing the byte order mark, which no text region can name: a byte
# region, and no inserted content (SARIF 2.1.0 3.57: a binary region's
# content would be `binary`).
assert rep["deletedRegion"] == {"byteOffset": 0, "byteLength": 3} and "insertedContent" not in rep
inv = run["invocations"][0]
assert inv["exitCode"] == 0 and inv["executionSuccessful"] is True
PY
run "sarif invocation of a failing run" 1 --format sarif dir/9x9/d.jgf
grep -q '"exitCode": 1' "$tmp/out" && ok "… has exit code 1" || not_ok "… has exit code 1"

# --- Text from a record never acts on the terminal, in any format.
printf '{"record": {"format": "JGF", "version": 2}, "game": {"name": "\346\234\254\345\233\240\345\235\212\347\247\200\347\255\226", "result": "B+R\342\200\213"}, "tree": [{}], "x\342\200\256\\u001b[2J": 1}\n' > hostile.jgf
for f in concise text json sarif github gitlab; do
  run "hostile record, $f" 1 --format $f hostile.jgf
  if LC_ALL=C grep -q "$(printf '\342\200\213\|\342\200\256\|\033')" "$tmp/out"; then
    not_ok "… $f: no zero-width, bidi override or ESC reaches the output"
  else ok "… $f: no zero-width, bidi override or ESC reaches the output"; fi
done
run "the zero-width space" 1 --format concise hostile.jgf
has "… is shown escaped" out 'found the string "B+R\\u200b"'
has "… and so are the bidi override and ESC" out 'unknown key `x\\u202e\\u001b\[2J`'
run "the caret on a line with CJK text" 1 --format text hostile.jgf
python3 - "$tmp/out" <<'PY' && ok "… is under the token (wide characters take two columns)" || not_ok "… is under the token (wide characters take two columns)"
import sys, unicodedata
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
i = next(k for k, l in enumerate(lines) if "[result-format]" in l)
src, caret = lines[i + 1], lines[i + 2]
def width(s): return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
src_col = width(src[:src.index('"B+R')])
assert width(caret[:caret.index("^")]) == src_col, (src, caret)
assert caret.count("~") == len('"B+R\\u200b"') - 1
PY
has "the text format shows the JSON pointer" out "= at /game/result"
python3 -c 'import json; print(json.dumps({"record": {"format": "JGF", "version": 2}, "game": {"name": "x" * 3000, "result": "B+Resign"}, "tree": [{}]}))' > minified.jgf
run "a long single-line record" 1 --format text minified.jgf
has "… shows a window around the column" out '^1 | …x*", "result": "B+Resign"}, "tree": \[{}\]}$'
grep -A1 '^1 | …' "$tmp/out" | tail -1 | grep -q '^  |  *\^~~~~~~~~~$' && ok "… with the caret under the token" || not_ok "… with the caret under the token"

# --- gitlab: a GitLab Code Quality report (docs.gitlab.com/ci/testing/code_quality).
run "--format gitlab" 1 --format gitlab ./dir/9x9 "$PWD/dir/a.jgf"
python3 - "$tmp/out" <<'PY' && ok "… has the documented shape" || not_ok "… has the documented shape"
import json, sys
issues = json.load(open(sys.argv[1]))
assert isinstance(issues, list) and len(issues) == 11
for i in issues:
    assert set(i) == {"description", "check_name", "fingerprint", "severity", "location"}, i
    assert isinstance(i["description"], str) and i["description"]
    assert i["severity"] in ("info", "minor", "major", "critical", "blocker")
    assert set(i["location"]) == {"path", "lines"} and isinstance(i["location"]["lines"]["begin"], int)
    assert i["location"]["lines"]["begin"] >= 1
    assert not i["location"]["path"].startswith(("/", "./")), i["location"]["path"]
assert len({i["fingerprint"] for i in issues}) == len(issues), "fingerprints are unique"
assert {i["location"]["path"] for i in issues} == {"dir/9x9/c.jgf", "dir/9x9/d.jgf", "dir/a.jgf"}
PY

# --- Messages that were wrong.
run "json-bom (a warning)" 0 --format concise "$src/json/bom.jgf"
hasnt "… does not claim JSON.parse rejects the file" out "JSON.parse rejects the file"
has "… says who drops it and who fails on it" out "readers that decode the file as UTF-8 drop it"
printf '  \n\t\n' > blank.json
run "a configuration of only white space" 2 --config blank.json fi.jgf
has "… is named as a configuration problem" out "^blank.json:.*error: the configuration file is only white space: it must be a JSON object of settings .* \[config-error\]"
hasnt "… not as a record" out "JGF record"
printf '{"record": {"format": "JGF", "version": 2}, "game": {"name": "He said "hello""}, "tree": [{}]}\n' > quote.jgf
run "an unescaped quote inside a string" 1 --format concise quote.jgf
has "… is named as the likely cause" out '^quote.jgf:1:72: error: .*is a `"` inside the string not escaped?'
hasnt "… not a missing comma" out "comma missing"
printf '{"a": "x"  "b": 1}\n' > comma.jgf
run "two strings apart" 1 --format concise comma.jgf
has "… still ask about a comma" out "is a comma missing?"
printf '\377\376{\000"\000a\000"\000:\000 \0001\000}\000' > utf16.jgf
run "a UTF-16 file with a BOM" 1 --format concise utf16.jgf
has "… is named UTF-16" out '^utf16.jgf:1:1: error: the file is UTF-16 (little-endian'
hasnt "… not guessed as Latin-1" out "Latin-1"

# --- The man page renders cleanly and, with --help, documents every option.
man_page=$TOP_SRCDIR/man/jgflint.1
if command -v groff > /dev/null 2>&1; then
  groff -k -man -ww -z "$man_page" > "$tmp/err" 2>&1
  [ ! -s "$tmp/err" ] && ok "the man page renders without warnings" || not_ok "the man page renders without warnings"
  # Without preconv (-k) too: the source is ASCII, a character outside it
  # written as a groff escape (\['e], \[u2026]), whatever a reader's locale.
  { groff -man -ww -z "$man_page" 2>&1; LC_ALL=C grep -n '[^[:print:][:space:]]' "$man_page"; } > "$tmp/err"
  [ ! -s "$tmp/err" ] && ok "the man page is ASCII (renders without preconv)" || not_ok "the man page is ASCII (renders without preconv): $(head -1 "$tmp/err")"
  MANWIDTH=80 groff -man -Tutf8 -rLL=80n "$man_page" 2> /dev/null | sed 's/\x1b\[[0-9;]*m//g; s/.\x08//g' > "$tmp/out"
  indent() { grep -m1 -- "$1" "$tmp/out" | sed 's/[^ ].*//' | wc -c; }
  # The entry's body is indented 14 columns, its tag 7.
  [ "$(indent 'with  *warning  *or  *notice')" -eq 15 ] && ok "the paragraph after github is not outdented" ||
    not_ok "the paragraph after github is not outdented"
else
  n=$((n + 1)); echo "ok $n - # SKIP needs groff"
  n=$((n + 1)); echo "ok $n - # SKIP needs groff"
  n=$((n + 1)); echo "ok $n - # SKIP needs groff"
fi
sed -n 's/^\t{ "\([a-z-]*\)", .*CHECK.*/\1/p' "$TOP_SRCDIR/src/cli/cmdline.c" > "$tmp/options"
[ "$(wc -l < "$tmp/options")" -gt 20 ] || not_ok "the option table is found in src/cli/cmdline.c"
"$JGFLINT" --help > "$tmp/help"
sed 's/\\-/-/g' "$man_page" > "$tmp/man"
missing=
for o in $(cat "$tmp/options"); do
  grep -q -- "--$o\b" "$tmp/help" || missing="$missing --help:--$o"
  grep -q -- "--$o\b" "$tmp/man" || missing="$missing man:--$o"
done
[ -z "$missing" ] && ok "--help and the man page document every option" || { echo "# missing:$missing"; not_ok "--help and the man page document every option"; }

# --- The text format names a point as players read it, beside (x, y).
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}, {"move": {"color": "black", "x": 3, "y": 3}}, {"move": {"color": "white", "x": 3, "y": 3}}]}\n' > points.jgf
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}, {"move": {"color": "black", "x": 8, "y": 18}}, {"move": {"color": "white", "x": 8, "y": 18}}]}\n' > points2.jgf
run "a finding about a point, in the text format" 1 --format text points.jgf
has "… (3, 3) on 19×19 is D16" out "^ *= at /tree/2/move, (3, 3) is D16$"
run "another point" 1 --format text points2.jgf
has "… columns skip I: (8, 18) is J1" out "^ *= at /tree/2/move, (8, 18) is J1$"

# --- Shell completion: every option, installed by make install.
missing=
for o in $(cat "$tmp/options"); do
  grep -q -- "--$o\b" "$TOP_SRCDIR/completions/jgflint" || missing="$missing bash:--$o"
  grep -q -- "--$o\b" "$TOP_SRCDIR/completions/_jgflint" || missing="$missing zsh:--$o"
done
[ -z "$missing" ] && ok "the bash and zsh completions know every option" || { echo "# missing:$missing"; not_ok "the bash and zsh completions know every option"; }
if command -v bash > /dev/null 2>&1; then
  bash -c '. "$1"; COMP_WORDS=(jgflint --unsafe-f); COMP_CWORD=1; _jgflint; echo "${COMPREPLY[*]}"' sh \
    "$TOP_SRCDIR/completions/jgflint" > "$tmp/out" 2> "$tmp/err"
  [ "$(cat "$tmp/out")" = "--unsafe-fixes" ] && ok "bash completes --unsafe-f to --unsafe-fixes" || not_ok "bash completes --unsafe-f to --unsafe-fixes"
  PATH="$(dirname "$JGFLINT"):$PATH" bash -c '. "$1"; COMP_WORDS=(jgflint --select json-b); COMP_CWORD=2; _jgflint; echo "${COMPREPLY[*]}"' sh \
    "$TOP_SRCDIR/completions/jgflint" > "$tmp/out" 2> "$tmp/err"
  [ "$(cat "$tmp/out")" = "json-bom" ] && ok "bash completes rule ids" || not_ok "bash completes rule ids"
fi
make -s -C "$(dirname "$JGFLINT")" install-dist_bashcompletionDATA install-dist_zshcompletionDATA \
  DESTDIR="$tmp/inst" > "$tmp/out" 2> "$tmp/err"
find "$tmp/inst" -type f > "$tmp/out"
grep -q '/share/bash-completion/completions/jgflint$' "$tmp/out" && grep -q '/share/zsh/site-functions/_jgflint$' "$tmp/out" &&
  ok "make install installs both completions" || not_ok "make install installs both completions"

# --fix - on input that does not parse, whatever the kind (a comment only
# --unsafe-fixes removes, a cut-off record, binary bytes, nothing at all):
# standard output gets the input back unchanged, never an empty document,
# and the status says errors remain (it wrote nothing before).
printf '{"record": {"format": "JGF", "version": 2}, // a comment\n "tree": [{}]}\n' > unparsed-comment.jgf
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}' > unparsed-cut.jgf
printf '\000\001\377\376garbage' > unparsed-binary.jgf
: > unparsed-empty.jgf
for f in unparsed-comment unparsed-cut unparsed-binary unparsed-empty; do
  "$JGFLINT" --fix - < $f.jgf > "$tmp/out" 2> "$tmp/err"
  status=$?
  if [ $status = 1 ] && cmp -s "$tmp/out" $f.jgf; then ok "--fix - < $f.jgf writes the input back (exit 1)"
  else not_ok "--fix - < $f.jgf writes the input back (exit $status, $(wc -c < "$tmp/out") bytes)"; fi
done

# --format text with a baseline: a baselined finding about a point (its
# name, D16, is shown by the text format) is freed like any other (the point
# name leaked, seen under LeakSanitizer).
copy "$src/examples/findings.jgf" points.jgf
"$JGFLINT" --write-baseline points-base.json points.jgf > /dev/null 2>&1
run "--format text --baseline: every finding baselined, nothing leaked" 0 --format text --color never --baseline points-base.json points.jgf
hasnt "… and nothing said about leaks" err 'LeakSanitizer\|leak'

# --- Every report to a file (-f html=FILE, json=FILE) and an input that
# cannot be read: the reason on the terminal too, not the summary alone
# (issue 48); the report holds it as before.
run "-f html=FILE with a missing input: exit 2" 2 -f html=report.html missing.jgf
has "… says why on the terminal" err '^missing.jgf: error: cannot read the file: No such file or directory \[io-error\]$'
has "… and counts it" err '^0 files checked: 1 error, 0 warnings, 0 infos$'
grep -q 'cannot read the file' report.html && ok "… the report has it too" || not_ok "… the report has it too"
run "-f json=FILE: the same" 2 -f json=report.json missing.jgf
has "… says why on the terminal" err '^missing.jgf: error: cannot read the file: No such file or directory \[io-error\]$'
run "-f json=FILE -f concise: said once, by the report on the terminal" 2 -f json=report.json -f concise missing.jgf
lines "… one line on standard output" out 1
hasnt "… none more on standard error" err 'cannot read'

# --- --fix --diff, as ruff's (whose --diff implies the fix; issue 75: it
# was refused): what --diff alone does, in either order, from a file (JGF
# and SGF) and standard input: the same diff and status, nothing written.
for f in "$src/examples/findings.jgf" "$src/rules/sgf-lowercase-property/fail-ff4.sgf"; do
  fd=fd.${f##*.}
  copy "$f" "$fd"
  "$JGFLINT" --diff "$fd" > diff.want 2> /dev/null
  want=$?
  for flags in "--fix --diff" "--diff --fix"; do
    run "$flags $fd: what --diff does (exit $want)" "$want" $flags "$fd"
    cmp -s out diff.want && [ -s out ] && ok "… the same diff" || not_ok "… the same diff"
    cmp -s "$f" "$fd" && ok "… and $fd is as it was" || not_ok "… and $fd is as it was"
    has "… the summary says would fix" err '; would fix [1-9][0-9]* problems\{0,1\} in 1 file$'
  done
done
copy "$src/examples/findings.jgf" fd.jgf
"$JGFLINT" --diff - < fd.jgf > diff.want 2> /dev/null
"$JGFLINT" --fix --diff - < fd.jgf > "$tmp/out" 2> /dev/null
[ $? -eq 1 ] && cmp -s "$tmp/out" diff.want && ok "--fix --diff -: the diff of standard input, not its fixed document" ||
  not_ok "--fix --diff -: the diff of standard input, not its fixed document"
run "--fix --diff --fix-hard-links: taken (the diff writes no link)" 1 --fix --diff --fix-hard-links fd.jgf
cmp -s "$src/examples/findings.jgf" fd.jgf && ok "… nothing written" || not_ok "… nothing written"

# --- What --fix leaves says what the reader did, never "repaired" (issue 75:
# after --fix, sgf-move-in-root, which no fix touches, still read
# "repaired: ..."): the move is read as the first node after the root, and
# the finding says --fix leaves it and what does; over every rule's SGF
# example, no finding after --fix claims a repair.
copy "$src/rules/sgf-missing-semicolon/fail-example.sgf" root.sgf
run "--fix of an SGF with a move in its root: exit 0" 0 --fix root.sgf
cmp -s "$src/rules/sgf-missing-semicolon/fail-example.sgf" root.sgf && not_ok "… the lost \`;\` is written" ||
  ok "… the lost \`;\` is written"
has "… the move in the root: read as its own node, which --fix leaves" out \
  '^root.sgf:1:23: info: a move in the root node: read as the first node after the root; --fix leaves it, --convert --to sgf writes it so \[sgf-move-in-root\]$'
has "… the summary counts the fix" err '; fixed 1 problem in 1 file$'
: > fixed.all
for f in "$src"/rules/*/*.sgf; do
  copy "$f" fixed.sgf
  "$JGFLINT" --no-config --fix fixed.sgf >> fixed.all 2>&1
done
if grep -q 'repaired' fixed.all; then not_ok "no finding after --fix of the rules' SGF says repaired"
  grep 'repaired' fixed.all | head -5 | sed 's/^/# /'
else ok "no finding after --fix of the rules' SGF says repaired"; fi

# --- --convert --output NAME.EXT: one input's record is that file (issue 75:
# `--to sgf game.sgf --output x.sgf` made a directory x.sgf), for JGF,
# SGF and SGF-in-JSON; an existing directory so named is still a
# directory, a name without an ending one to make; several inputs, a
# directory, several games or another format's ending are said, and
# nothing is made.
copy "$src/convert/complex.sgf" game.sgf
copy "$src/convert/collection.sgf" coll.sgf
copy "$src/convert/utf8.gib" g.gib
for to in jgf sgf sgfjson; do
  case $to in jgf) e=jgf ;; sgf) e=sgf ;; sgfjson) e=json ;; esac
  "$JGFLINT" --convert --to $to game.sgf --output - > want.$e 2> /dev/null
  run "--convert --to $to game.sgf --output x.$e" 0 --convert --to $to game.sgf --output x.$e
  [ -f x.$e ] && cmp -s x.$e want.$e && ok "… x.$e is the file, the record --output - writes" ||
    not_ok "… x.$e is the file, the record --output - writes"
  has "… and says so" out "^game.sgf: wrote x.$e (SGF game 1 of 1)$"
done
run "the same again: x.sgf exists" 2 --convert --to sgf game.sgf --output x.sgf
has "… not overwritten" out "^game.sgf: error: x.sgf exists: not overwritten (give --force to replace it)$"
: > x.sgf
run "… --force replaces it" 0 --convert --to sgf game.sgf --output x.sgf --force
cmp -s x.sgf want.sgf && ok "… with the record" || not_ok "… with the record"
run "standard input --output s.sgf" 0 --convert --to sgf - --output s.sgf < game.sgf
cmp -s s.sgf want.sgf && ok "… s.sgf is the file" || not_ok "… s.sgf is the file"
run "--to sgf coll.sgf --output c.sgf --sgf-collection: its 3 games in the file" 0 --convert --to sgf coll.sgf --output c.sgf --sgf-collection
[ -f c.sgf ] && [ "$(grep -c '^(;' c.sgf)" -eq 3 ] && ok "… c.sgf holds the 3 games" || not_ok "… c.sgf holds the 3 games"
rm -f c.sgf
run "--to sgf coll.sgf --output c.sgf: 3 games, one file" 2 --convert --to sgf coll.sgf --output c.sgf
has "… says so, with what does" out "^coll.sgf: error: 3 games cannot all go to one file, c.sgf: give --output DIR (or --sgf-collection, one collection)$"
[ ! -e c.sgf ] && ok "… and writes nothing" || not_ok "… and writes nothing"
run "--convert game.sgf g.gib --output z.sgf: two inputs, one file" 2 --convert --to sgf game.sgf g.gib --output z.sgf
has "… says so" err "^jgflint: --output z.sgf names one file (it ends in .sgf), but several inputs are given: give --output DIR, a directory, for their records$"
[ ! -e z.sgf ] && ok "… and makes nothing" || not_ok "… and makes nothing"
mkdir games && copy game.sgf games/game.sgf
run "--convert games --output z.sgf: a directory, one file" 2 --convert --to sgf games --output z.sgf
has "… says so" err "^jgflint: --output z.sgf names one file (it ends in .sgf), but the input is a directory"
[ ! -e z.sgf ] && ok "… and makes nothing" || not_ok "… and makes nothing"
run "--convert game.sgf --output y.sgf: JGF written, a name for SGF" 2 --convert game.sgf --output y.sgf
has "… says which name fits" err "^jgflint: --output y.sgf ends in .sgf, but the records written are JGF: name the file y.jgf (or write SGF: --to sgf), or a directory without an ending$"
[ ! -e y.sgf ] && ok "… and makes nothing" || not_ok "… and makes nothing"
run "--to sgf game.sgf --output y.gib: another format's ending" 2 --convert --to sgf game.sgf --output y.gib
has "… says which name fits" err "^jgflint: --output y.gib ends in .gib, but the records written are SGF: name the file y.sgf, or a directory without an ending$"
mkdir d.sgf
run "--to sgf game.sgf --output d.sgf, a directory so named" 0 --convert --to sgf game.sgf --output d.sgf
[ -f d.sgf/game.sgf ] && ok "… the record goes into it" || not_ok "… the record goes into it"
run "--to sgf game.sgf --output plain: no ending, a directory" 0 --convert --to sgf game.sgf --output plain
[ -d plain ] && [ -f plain/game.sgf ] && ok "… made, the record in it" || not_ok "… made, the record in it"

# --- --fix over a format it does not write (GIB, NGF, UGF, OGS's and
# SGF-in-JSON's JSON; GIB or SGF named .jgf): the check's own findings,
# every one as the check says it, after the foreign-format error that says
# to convert it; the file as it was (issue 75: gib-cut-short vanished).
mkdir foreignfix
copy "$src/rules/gib-cut-short/fail-example.gib" foreignfix/cut.gib
copy "$src/rules/ngf-cut-short/fail-count.ngf" foreignfix/cut.ngf
copy "$src/rules/ugf-header-guessed/fail-no-size.ugf" foreignfix/size.ugf
copy "$src/rules/ogs-off-board/fail-example.json" foreignfix/ogs.json
copy "$src/rules/foreign-format/fail-sgf-in-json-long-property.jgf" foreignfix/grove.json
copy "$src/rules/gib-cut-short/fail-example.gib" foreignfix/gib.jgf
printf '(;GM[1]FF[4]SZ[19]B[dd];W[zz])\n' > foreignfix/sgf.jgf
for f in cut.gib cut.ngf size.ugf ogs.json grove.json gib.jgf sgf.jgf; do
  cp foreignfix/$f foreignfix/$f.was
  "$JGFLINT" --no-config foreignfix/$f 2> /dev/null | grep -v '\[foreign-format\]$' > "$tmp/check"
  run "--fix $f" 1 --no-config --fix foreignfix/$f
  grep -v '\[foreign-format\]$' "$tmp/out" > "$tmp/fixed"
  [ -s "$tmp/check" ] && cmp -s "$tmp/check" "$tmp/fixed" && ok "… the check's findings, each as the check says it" ||
    not_ok "… the check's findings, each as the check says it: $(diff "$tmp/check" "$tmp/fixed" | tr '\n' ' ')"
  [ "$(grep -c '\[foreign-format\]$' "$tmp/out")" = 1 ] && head -1 "$tmp/out" | grep -q "^foreignfix/$f:1:1: error: this is .*, not JGF.*convert it with \`jgflint --convert foreignfix/$f" &&
    ok "… after foreign-format, once, which names the conversion" || not_ok "… after foreign-format, once, which names the conversion"
  cmp -s foreignfix/$f foreignfix/$f.was && ok "… the file as it was" || not_ok "… the file as it was"
done
copy "$src/convert/euc-kr.gib" foreignfix/kr.gib
run "--fix - of a GIB in EUC-KR" 1 --no-config --stdin-filename foreignfix/kr.gib --fix - < foreignfix/kr.gib
cmp -s "$tmp/out" foreignfix/kr.gib && ok "… writes its bytes as they came" || not_ok "… writes its bytes as they came"
has "… its findings said" err '\[charset-guessed\]$'
printf '(;GM[1]FF[4]SZ[19]B[dd];W[zz])\n' > "$tmp/line"
run "--stream --fix, a line of SGF" 1 --no-config --stream --fix < "$tmp/line"
cmp -s "$tmp/out" "$tmp/line" && ok "… the line as it came" || not_ok "… the line as it came"
has "… its own findings kept" err '"rule":"foreign-format".*--stream --convert.*"rule":"sgf-move-in-root".*"rule":"sgf-point-value"'

# --- sgf-label-value: an LB's values left out are named one by one, each
# with its own reason (the first said, the others counted), as XM's are;
# its good values are read as labels.
printf '(;GM[1]FF[4]SZ[9];B[aa]LB[ee:A][ee:B][zz:C][ff:D])\n' > lb.sgf
run "LB with a second label and a value off the board" 0 --no-config lb.sgf
has "… names the first value left out and why" out '^lb.sgf:1:24: warning: kept under meta.sgf.nodes as written: LB, whose value `ee:B` is a second label on its point (and 1 more); its values that are point:text on the board are read as labels \[sgf-label-value\]$'
lines "… once" out 1
printf '(;GM[1]FF[4]SZ[9];B[aa]LB[zz:C][ee:A][ee:B])\n' > lb2.sgf
run "LB, a value off the board first" 0 --no-config lb2.sgf
has "… says that value's reason" out 'LB, whose value `zz:C` is not point:text on the board (and 1 more);'
run "… its good values read as labels" 0 --no-config --convert --output - lb.sgf
has "… ee:A" out '"x": 4, "y": 4, "text": "A"'
has "… ff:D" out '"x": 5, "y": 5, "text": "D"'

# --- --format html to a terminal: a usage error that names a file (a new
# user's screenful of markup); to a pipe or a file it is written as ever.
copy "$src/examples/findings.jgf" page.jgf
if command -v script > /dev/null 2>&1; then
  script -qec "'$JGFLINT' --format html page.jgf" /dev/null > "$tmp/out" 2>&1
  st=$?
  [ $st -eq 2 ] && grep -q "jgflint: --format html writes a page to open in a browser, not to the terminal: give it a file (--format html=report.html, or -o report.html), or -o - to have the markup here all the same" "$tmp/out" &&
    ! grep -q '<html' "$tmp/out" && ok "--format html to a terminal: a usage error naming a file (exit 2)" ||
    not_ok "--format html to a terminal: a usage error naming a file (exit $st)"
  script -qec "'$JGFLINT' --format html -o page.html page.jgf" /dev/null > "$tmp/out" 2>&1
  [ $? -eq 1 ] && grep -q '<html' page.html && ok "… -o page.html on a terminal: written" ||
    not_ok "… -o page.html on a terminal: written"
  # Standard output named is asked for by name: the page, as duplicates
  # writes it (tests/duplicates.sh; write.c's one check, REVIEW R20).
  for named in "--format html -o -" "--format html=-"; do
    script -qec "'$JGFLINT' $named page.jgf" /dev/null > "$tmp/out" 2>&1
    st=$?
    [ $st -eq 1 ] && grep -q '<html' "$tmp/out" && ! grep -q 'not to the terminal' "$tmp/out" &&
      ok "… $named on a terminal: standard output named, the page written" ||
      not_ok "… $named on a terminal: standard output named, the page written (exit $st)"
  done
  script -qec "'$JGFLINT' duplicates --format html page.jgf" /dev/null > "$tmp/out" 2>&1
  st=$?
  [ $st -eq 2 ] && grep -q "^jgflint duplicates: --format html writes a page to open in a browser, not to the terminal: give it a file (-o report.html), or -o - to have the markup here all the same" "$tmp/out" &&
    ok "… duplicates' page to a terminal: the same refusal, the same way out (exit 2)" ||
    not_ok "… duplicates' page to a terminal: the same refusal, the same way out (exit $st)"
else
  skip "--format html to a terminal: no script(1) here"
fi
run "--format html to a pipe: the page" 1 --format html page.jgf
has "… written" out '<html'

tap_done
