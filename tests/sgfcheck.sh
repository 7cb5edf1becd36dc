#!/bin/sh
# Checking SGF, UGF/UGI, GIB and NGF where they are (issue 39): `jgflint
# game.sgf` writes nothing and reports what the readers repaired and what
# the go rules (and the rules about the game itself) find on the record the
# game reads as, each at its line:col in the source, through every report
# format, --select/--ignore/--severity, configurations, baselines,
# --statistics, --max-warnings and the exit statuses; findings of JGF's
# text (its keys, its layout) never. The shared samples checked in place
# find what --convert finds, where it finds it. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"
shared=$TOP_SRCDIR/../shared/samples

# A game with a result its komi cannot give (line 1), a rank read from
# words (line 2), a colour moving twice (line 3) and a move on an occupied
# point (line 4).
printf '(;GM[1]FF[4]SZ[19]KM[6.5]RE[B+3]\nBR[3 dan]PB[Black]\n;B[dd];B[pp]\n;W[dd]C[a\\]b])\n' > game.sgf
expect="game.sgf:1:26: warning: \`RE\` \"B+3\" is a margin of whole points, which komi 6.5 (\`KM\`) cannot give: the points both sides count are whole, so the margin has a half point exactly when the komi has one; the result or the komi is wrong [result-komi]
game.sgf:2:1: info: BR[3 dan] read as rank 3d (a dan in digits is a server's or an amateur's); the original is kept under meta.sgf [sgf-rank-read]
game.sgf:3:8: warning: move 2 is black's, and so was move 1 before it, with no setup or \`PL\` between; if white passed, record it as W[] [same-color-twice]
game.sgf:4:2: error: move 3 (white at D16 (dd)) is on an occupied point: the black stone of move 1 stands there; the rest of this line is not replayed [occupied-point]"

run "an SGF with findings: exit 1 (an error)" 1 --no-config --format concise game.sgf
printf '%s\n' "$expect" > want.txt
if cmp -s want.txt out; then ok "… each finding at its line:col in the SGF, with its id"
else not_ok "… each finding at its line:col in the SGF, with its id"; diff want.txt out | sed 's/^/# /'; fi
has "… the summary counts them" err '^1 file checked: 1 error, 2 warnings, 1 info$'
if [ "$(ls)" = "$(printf 'err\ngame.sgf\nout\nwant.txt')" ]; then ok "… nothing written"
else not_ok "… nothing written: $(ls | tr '\n' ' ')"; fi
hasnt "… not foreign-format" out 'foreign-format'

# Clean: silent. A game's properties JGF keeps under meta, its layout, its
# keys: no finding of JGF's text (unknown-key, record-format, ...).
printf '(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]SZ[9]KM[7]PB[B]PW[W]\n;B[ee];W[cc];B[gg])\n' > clean.sgf
run "a clean SGF: exit 0" 0 --no-config --format concise clean.sgf
lines "… no finding" out 0
run "… with every rule selected: exit 0" 0 --no-config --select all --format concise clean.sgf
lines "… no finding of JGF's text either" out 0

# --- Every report format: the finding at the SGF's line:col, with its id.
run "--format text: exit 1" 1 --no-config --format text --color never game.sgf
has "… the finding" out '^game.sgf:4:2: error: .* \[occupied-point\]$'
has "… the source line quoted" out '^4 | ;W\[dd\]C\[a\\\]b\])$'
has "… the caret under its column, and a tilde under the rest of W[dd]" out '^  |  ^~~~~$'
has "… the board at the move, named as a player names it" out 'the position before move 3 (the line stops there):$'
run "--format json" 1 --no-config --format json game.sgf
if python3 - out <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["diagnostics"]
got = [(x["rule"], x["line"], x["column"], x["severity"]) for x in d]
assert got == [("result-komi", 1, 26, "warning"), ("sgf-rank-read", 2, 1, "info"),
               ("same-color-twice", 3, 8, "warning"), ("occupied-point", 4, 2, "error")], got
assert all(x["path"] == "game.sgf" and x["pointer"] is None for x in d), d
PY
then ok "… each finding's rule, line and column; no JSON pointer"; else not_ok "… each finding's rule, line and column; no JSON pointer"; fi
run "--format sarif" 1 --no-config --format sarif game.sgf
if python3 - out <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]["results"]
got = [(x["ruleId"], x["locations"][0]["physicalLocation"]["region"]["startLine"],
        x["locations"][0]["physicalLocation"]["region"]["startColumn"]) for x in r]
assert ("occupied-point", 4, 2) in got and ("sgf-rank-read", 2, 1) in got, got
assert r[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "game.sgf"
PY
then ok "… its results at the SGF's lines and columns"; else not_ok "… its results at the SGF's lines and columns"; fi
run "--format github" 1 --no-config --format github game.sgf
has "… an annotation at 4:2" out '^::error file=game.sgf,line=4,col=2.*occupied-point'
run "--format gitlab" 1 --no-config --format gitlab game.sgf
has "… the line" out '"begin": 4'
has "… the rule" out '"check_name": "occupied-point"'
run "--format junit" 1 --no-config --format junit game.sgf
has "… a failure at 4:2" out 'game.sgf:4:2.*occupied-point\|occupied-point.*game.sgf:4:2'
run "--format checkstyle" 1 --no-config --format checkstyle game.sgf
has "… an error at line 4, column 2" out '<error line="4" column="2" severity="error" message=".*" source="jgflint.occupied-point"'
run "--format rdjson" 1 --no-config --format rdjson game.sgf
has "… the rule" out '"value": "occupied-point"'
has "… the line" out '"line": 4'
run "--format html" 1 --no-config --format html game.sgf
has "… the finding" out 'occupied-point'
has "… with its board" out '<svg'

# --- The settings: the ids of the readers and of the go rules alike.
run "--ignore same-color-twice,sgf-rank-read" 1 --no-config --format concise --ignore same-color-twice,sgf-rank-read game.sgf
lines "… two left" out 2
hasnt "… not those" out 'same-color-twice\|sgf-rank-read'
run "--select sgf: the reading's findings only (exit 0)" 0 --no-config --format concise --select sgf game.sgf
has "… sgf-rank-read" out '^game.sgf:2:1: info: .*\[sgf-rank-read\]$'
lines "… alone" out 1
run "--severity warning" 1 --no-config --format concise --severity warning game.sgf
hasnt "… no info" out 'sgf-rank-read'
lines "… three" out 3
printf '{ "severity": { "occupied-point": "warning" }, "ignore": ["result-komi"] }\n' > .jgflint.json
run "a configuration file's severity and ignore: exit 0 (no error left)" 0 --format concise game.sgf
has "… occupied-point a warning" out '^game.sgf:4:2: warning: .*\[occupied-point\]$'
hasnt "… result-komi ignored" out 'result-komi'
run "--max-warnings 1 fails the run on its warnings" 1 --format concise --max-warnings 1 game.sgf
rm .jgflint.json
run "--statistics" 1 --no-config --statistics game.sgf
has "… counts occupied-point" out '^ *1 *occupied-point'
has "… and sgf-rank-read" out '^ *1 *sgf-rank-read'
run "--write-baseline" 0 --no-config --write-baseline base.json game.sgf
has "… records the four" err 'wrote base.json: 4 findings in 1 file'
run "… then --baseline: nothing new (exit 0)" 0 --no-config --format concise --baseline base.json game.sgf
lines "… nothing shown" out 0
sed 's/RE\[B+3\]/RE[W+5]/' game.sgf > g2 && mv g2 game.sgf
# Entries are keyed by the place in the game tree (as JGF's by pointer):
# a value changed in place is the same finding.
run "… a value changed where a finding was: still known (exit 0)" 0 --no-config --format concise --baseline base.json game.sgf
lines "… nothing shown" out 0
printf '(;GM[1]FF[4]SZ[19]KM[6.5]RE[W+5]\nPB[Black]\n;B[dd];W[pp]\n;B[qq];W[dd])\n' > game.sgf
run "… a finding at a new place is new: shown (exit 1)" 1 --no-config --format concise --baseline base.json game.sgf
has "… occupied-point, at the fifth node now" out '^game.sgf:4:8: error: move 4 .*\[occupied-point\]$'
has "… the entry it was, stale, named by its place" out '^base.json:25:5: warning: baseline entry for game.sgf \[occupied-point\] at game 1, node 3, W matches no finding any more; .*\[baseline-stale\]$'
has "… and those of the findings gone" out '^base.json:11:5: warning: baseline entry for game.sgf \[sgf-rank-read\] at game 1, node 0, BR matches no finding'
lines "… those four" out 4
printf '(;GM[1]FF[4]SZ[19]KM[6.5]RE[B+3]\nBR[3 dan]PB[Black]\n;B[dd];B[pp]\n;W[dd]C[a\\]b])\n' > game.sgf

# --- Standard input, and a directory walk that takes .sgf.
run "standard input, --stdin-filename" 1 --no-config --format concise --stdin-filename in.sgf - < game.sgf
has "… located in it" out '^in.sgf:4:2: error: .*\[occupied-point\]$'

# --- A converter bug (the test program's hook breaks the record) is said,
# not reported as the file's, and fails the run (exit 2), as --convert
# does. jgflint itself reads no test hook.
JGFLINT_TEST_BREAK_RECORD=1 run "jgflint ignores JGFLINT_TEST_BREAK_RECORD (exit 1, the file's findings)" 1 --no-config --format concise game.sgf
hasnt "… no converter bug" err 'converter bug'
if [ -n "$HOOKED" ]; then
  JGFLINT=$HOOKED JGFLINT_TEST_BREAK_RECORD=1 run "a converter bug: exit 2" 2 --no-config --format concise game.sgf
  has "… said on standard error" err '^jgflint: game.sgf: converter bug: the record game 1 reads as has this finding: .*\[json-encoding\] (please report this)$'
  hasnt "… not reported as the file's" out 'json-encoding'
else
  for i in 1 2 3; do skip "a converter bug: needs the test program (tests/jgflint-hooks)"; done
fi

# --- --fix repairs an SGF where it is (tests/sgffix.sh); this game holds
# no repair with a fix (a rank in words is not rewritten): left alone.
cp game.sgf before.sgf
run "--fix on an SGF with nothing to fix: exit 1 (its error)" 1 --no-config --format concise --fix game.sgf
hasnt "… not refused as foreign" out 'foreign-format'
cmp -s game.sgf before.sgf && ok "… the file unchanged" || not_ok "… the file unchanged"

# --- Each shared sample (SGF in every character set, GIB, NGF, UGF) and
# each of testdata/convert/: what the check in place finds is what
# --convert finds, at the same line:col (and the exit status too), each
# marked [*] alike when --fix repairs it in the file.
n_same=0 n_diff=0
for f in "$src"/convert/*.sgf "$src"/convert/*.gib "$src"/convert/*.ngf "$src"/convert/*.ugf \
         "$src"/convert/*.ugi "$src"/convert/*.json "$shared"/sgf/* "$shared"/gib/* "$shared"/ngf/* \
         "$shared"/ugf/* "$shared"/sgfgrove/*; do
  [ -f "$f" ] || continue
  name=${f##*/}
  rm -rf conv && mkdir conv && copy "$f" "conv/$name"
  (cd conv && "$JGFLINT" --convert --output records "$name" > ../c.out 2>&1)
  cstatus=$?
  grep ' \[[a-z0-9-]*\]$' c.out | LC_ALL=C sort > c.txt
  (cd conv && "$JGFLINT" --no-config --format concise "$name" > ../l.out 2> /dev/null)
  lstatus=$?
  grep -v 'fixable with `--fix' l.out | LC_ALL=C sort > l.txt
  if cmp -s c.txt l.txt && [ $cstatus -eq $lstatus ]; then n_same=$((n_same + 1))
  else n_diff=$((n_diff + 1)); echo "# $name: --convert exit $cstatus, in place $lstatus"; diff c.txt l.txt | sed 's/^/# /'; fi
done
if [ $n_diff -eq 0 ] && [ $n_same -gt 10 ]; then ok "$n_same inputs: the findings in place are --convert's, at its positions, with its exit status"
else not_ok "$n_diff of $((n_same + n_diff)) inputs: the findings in place are not --convert's"; fi
# A file named .sgf with text and no game tree, not JSON either (SGFC's
# "no SGF data"): one finding that says what it holds, not a JSON syntax
# error (sgf-no-game-tree; testdata/rules/sgf-no-game-tree/ has the rest).
printf 'Just some text\n' > notes.sgf
run "a .sgf holding only text: exit 1" 1 --no-config --format concise notes.sgf
printf '%s\n' 'notes.sgf:1:1: error: this file is named .sgf but holds no game tree `(;`: it holds text (`Just some text`), and is not JSON either; nothing in it is read [sgf-no-game-tree]' > want.txt
if cmp -s want.txt out; then ok "… one finding: it holds no SGF data"
else not_ok "… one finding: it holds no SGF data"; diff want.txt out | sed 's/^/# /'; fi
printf '\357\273\277Just\r\n  some text\n' > NOTES.SGF
run "… with a byte order mark, named .SGF: the same" 1 --no-config --format concise NOTES.SGF
has "… no SGF data, its first line quoted, the name's own ending said" out '^NOTES.SGF:1:1: error: this file is named .SGF but holds no game tree `(;`: it holds text (`Just`), .*\[sgf-no-game-tree\]$'
lines "… one finding" out 1
# A control character past the first 64 KiB, or first in the file: said,
# not an empty quote (`it holds text (``)`).
awk 'BEGIN { for (i = 0; i < 70000; i++) printf " "; printf "%chello", 0 }' > spaces.ugf
run "a .ugf of 70,000 spaces then a NUL: exit 1" 1 --no-config --format concise spaces.ugf
has "… the control character said, at it" out '^spaces.ugf:1:70001: error: this file is named .ugf but holds no UGF header (a `\[Header\]` line): it is not text: it holds the control character U+0000, which no UGF or JSON text holds; nothing in it is read \[ugf-no-game\]$'
printf ' \013hello\n' > vtab.ngf
run "a .ngf whose first character is a vertical tab: exit 1" 1 --no-config --format concise vtab.ngf
has "… said, at it" out '^vtab.ngf:1:2: error: this file is named .ngf but holds no NGF game .*: its first character that is not white space is the control character U+000B, where NGF text would be; nothing in it is read \[ngf-no-game\]$'
# Bytes no text holds before a game tree: not SGF (random bytes held a
# "(;" after a line break in one block of 150), named .sgf or not.
printf 'MAC\001\000x\n(;GM[1]SZ[9];B[ee])\n' > binary.sgf
run "control characters before a game tree, named .sgf: exit 1" 1 --no-config --format concise binary.sgf
has "… not text, at the first of them" out '^binary.sgf:1:4: error: this file is named .sgf but holds no game tree `(;`: it is not text: it holds the control character U+0001, .*\[sgf-no-game-tree\]$'
lines "… one finding" out 1
cp binary.sgf binary.bin
run "… named otherwise: exit 1" 1 --no-config --format concise binary.bin
has "… a JSON syntax error at its first byte, not SGF" out '^binary.bin:1:1: error: .*\[json-syntax\]$'
printf 'tab\tform feed\f^Z\032 ESC\033\n(;GM[1]SZ[9];B[ee])\n' > controls.sgf
run "… tabs, page breaks, ^Z and ESC are text: read as SGF, exit 0" 0 --no-config --format concise controls.sgf
has "… the text before the tree ignored" out '^controls.sgf:1:1: info: text outside a game tree is ignored \[sgf-text-outside\]$'
printf '{"record": x}\n' > misnamed.sgf
run "a .sgf holding broken JSON: exit 1" 1 --no-config --format concise misnamed.sgf
has "… its JSON syntax error, as a record's" out '^misnamed.sgf:1:12: error: .*\[json-syntax\]$'
has "… and misnamed-file first, at 1:1: it holds JSON" out '^misnamed.sgf:1:1: error: this file is named .sgf but holds JSON: it is checked as what it holds, but SGF readers will not open it; rename it to end in .json \[misnamed-file\]$'
# misnamed-file: a name that promises one format jgflint reads, and another
# held (each checked as what it holds all the same); nothing where the name
# and the contents agree, or where the name promises nothing.
jgf='{"record": {"format": "JGF", "version": 2}, "tree": [{}]}'
sgf='(;GM[1]FF[4]SZ[9];B[ee])'
printf '%s\n' "$jgf" > record.sgf
run "a .sgf holding a clean JGF record: exit 1" 1 --no-config --format concise record.sgf
printf '%s\n' 'record.sgf:1:1: error: this file is named .sgf but holds a JGF record: it is checked as what it holds, but SGF readers will not open it; rename it to end in .jgf [misnamed-file]' > want.txt
if cmp -s want.txt out; then ok "… one finding, misnamed-file, naming .jgf"
else not_ok "… one finding, misnamed-file, naming .jgf"; diff want.txt out | sed 's/^/# /'; fi
printf '%s\n' "$sgf" > game.json
run "a .json holding SGF text: exit 1" 1 --no-config --format concise game.json
has "… misnamed-file at 1:1, naming .sgf" out '^game.json:1:1: error: this file is named .json but holds SGF text: it is checked as what it holds, but JSON readers will not open it; rename it to end in .sgf \[misnamed-file\]$'
printf '%s\n' "$sgf" > game.GIB
run "a .GIB holding SGF: exit 1" 1 --no-config --format concise game.GIB
has "… its ending as named" out '^game.GIB:1:1: error: this file is named .GIB but holds SGF text: .* GIB readers will not open it; rename it to end in .sgf \[misnamed-file\]$'
printf '\\HS\n\\[GAMEBLACKNAME=a\\]\n\\HE\n\\GS\n2 1 0\n\\GE\n' > tygem.sgf
run "a .sgf holding GIB text: exit 1" 1 --no-config --format concise tygem.sgf
has "… misnamed-file, naming .gib" out '^tygem.sgf:1:1: error: this file is named .sgf but holds GIB text (Tygem.s format): .* rename it to end in .gib \[misnamed-file\]$'
printf '{"game_id": 1, "moves": []}\n' > ogs.ngf
run "a .ngf holding an OGS record: exit 1" 1 --no-config --format concise ogs.ngf
has "… misnamed-file, JSON, naming .json" out '^ogs.ngf:1:1: error: this file is named .ngf but holds JSON: .* NGF readers will not open it; rename it to end in .json \[misnamed-file\]$'
printf '[Header]\nVer=REVIEW1,200\nSize=9\n[Data]\n' > header.ugi
run "a .ugi holding UGF text (a [Header] line opens as a JSON array would)" 0 --no-config --format concise header.ugi
hasnt "… no misnamed-file" out 'misnamed-file'
printf '%s\n' "$sgf" > plain.txt && printf '%s\n' "$sgf" > plain
run "SGF text named .txt or without an ending: exit 0" 0 --no-config --format concise plain.txt plain
hasnt "… no misnamed-file" out 'misnamed-file'
printf '%s\n' "$sgf" > agrees.sgf && printf '%s\n' "$jgf" > agrees.json
run "SGF named .sgf, JGF named .json: exit 0" 0 --no-config --format concise agrees.sgf agrees.json
hasnt "… no misnamed-file" out 'misnamed-file'
printf '%s\n' "$sgf" > stdin.txt
run "standard input named .json by --stdin-filename: exit 1" 1 --no-config --format concise --stdin-filename in.json - < stdin.txt
has "… misnamed-file under that name" out '^in.json:1:1: error: this file is named .json .*\[misnamed-file\]$'
printf '%s\n' "$sgf" > line.jsonl
run "a --stream line is JGF: foreign-format, not misnamed-file" 1 --no-config --stream < line.jsonl
has "… foreign-format" out '"rule":"foreign-format"'
hasnt "… no misnamed-file" out 'misnamed-file'
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{},],}\n' > fixme.sgf
run "--fix of a JGF record named .sgf: fixed where it is, the name still an error" 1 --no-config --format concise --fix fixme.sgf
has "… misnamed-file remains" out '^fixme.sgf:1:1: error: this file is named .sgf .*\[misnamed-file\]$'
if grep -q '\[{}\]}' fixme.sgf; then ok "… its trailing commas removed"; else not_ok "… its trailing commas removed"; fi
printf 'Just some text\n' > notes.jgf
run "text named .jgf: exit 1" 1 --no-config --format concise notes.jgf
has "… a JSON syntax error, as before" out '^notes.jgf:1:1: error: .*\[json-syntax\]$'

if [ -d "$shared/sgf" ]; then
  run "a Shift_JIS SGF without CA: its findings at the lines and columns of its characters" 0 --no-config --format concise "$shared/sgf/nihon-kiin.sgf"
  has "… KO[黒6目半] on line 8" out 'nihon-kiin.sgf:8:1: info: KO\[黒6目半\] read as komi 6.5; .*\[sgf-komi-read\]$'
  has "… the set detected" out 'nihon-kiin.sgf: info: no CA: read as CP932, detected .*\[charset-guessed\]$'
  run "… --format text quotes its line, decoded" 0 --no-config --format text --color never "$shared/sgf/nihon-kiin.sgf"
  has "… in UTF-8" out '^8 | KO\[黒6目半\]'
else
  skip "the shared samples are not beside the tree"
fi

# sgf-not-go in a plain check: nothing is converted, the game is not read
# (issue 48).
printf '(;GM[2]SZ[8])\n' > othello.sgf
run "a game that is not Go, checked in place: exit 1 (an error)" 1 --no-config --format concise othello.sgf
has "… says the game is not read" out '^othello.sgf:1:3: error: GM\[2\] is not Go (GM\[1\]): this game is not read \[sgf-not-go\]$'
hasnt "… and never 'converted'" out 'converted'
# --statistics: the columns line up whatever the length of the ids reported
# (sgf-value-without-property is 26 letters; issue 48).
printf '(;GM[1]FF[4]SZ[9]\n;B[ee][ff]\n;W[ee];B[dd])\n(;GM[1]FF[4]SZ[9];B[aa]C[x])\n' > stats.sgf
copy "$src/rules/sgf-value-without-property/fail-example.sgf" long.sgf
run "--statistics with a long rule id: exit 1" 1 --no-config --statistics long.sgf stats.sgf "$src/examples/findings.jgf"
columns=$(awk '/^ *[0-9]+  / { print index($0, " " $3 " ") }' out | sort -u | wc -l)
grep -q 'sgf-value-without-property' out && [ "$(wc -l < out)" -ge 3 ] && [ "$columns" -eq 1 ] &&
  ok "… every line's severity in one column" || not_ok "… every line's severity in one column"
tap_done
