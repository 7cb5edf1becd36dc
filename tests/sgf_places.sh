#!/bin/sh
# Findings that point into the SGF, and baselines of SGF (issue 50): on an
# SGF file checked in place, every finding's line and column lie in the
# file, as editors count lines (LF, CR LF or a lone CR), and it spans the
# property or value it names (tests/sgf_places.py, over testdata/ and the
# shared samples when they are there); its node is named as a player names
# it (game, variation, move) in messages, boards' captions and JSON, and
# the record's fields by the properties the file writes (`RE`, `KM`, `PL`);
# a baseline written on an unchanged tree and read again leaves nothing,
# its entries keyed by the place in the game tree, repeats counted. TAP.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"
shared=$TOP_SRCDIR/../shared/samples
tool=$(dirname "$JGFLINT")/tests/unit/api_tool
JGFLINT_ARGS=--no-config
py=/usr/bin/python3
[ -x $py ] || py=python3

# --- Each finding in the file, at what it names (the library's spans).
if command -v $py > /dev/null 2>&1 && [ -x "$tool" ]; then
  find "$src" -name '*.sgf' | LC_ALL=C sort > files
  [ -d "$shared" ] && find "$shared" -name '*.sgf' | LC_ALL=C sort >> files
  # shellcheck disable=SC2046
  $py "$TOP_SRCDIR/tests/sgf_places.py" "$tool" $(cat files) > places.tap 2> places.err
  if ! grep -q '^not ok' places.tap && grep -q '^1\.\.' places.tap; then
    ok "every finding of $(wc -l < files) SGF files in its file, at the property it names ($(cat places.err))"
  else
    not_ok "every finding in its file, at the property it names"; grep -A10 '^not ok' places.tap | head -40 | sed 's/^/# /'
  fi
  [ -d "$shared" ] || skip "the shared samples are not there (../shared/samples)"
else
  skip "python3 or tests/unit/api_tool missing"
  skip "python3 or tests/unit/api_tool missing"
fi

# json FILE: "rule line:column-endLine:endColumn node" of each finding of
# jgflint --format json FILE, a line each.
json() {
  "$JGFLINT" --no-config --format json "$1" > j.json 2> /dev/null
  $py -c '
import json, sys
for d in json.load(open("j.json"))["diagnostics"]:
    print("%s %s:%s-%s:%s %s" % (d["rule"], d["line"], d["column"], d["endLine"], d["endColumn"], d["node"]))
' > "$tmp/out"
}

# --- Exact places on minimal records, lines ended each way.
# turn-mismatch, a lone CR: the move on line 2, the PL named at its place.
printf '(;GM[1]FF[4]PL[W]\r;B[dd]\r;W[pp])' > turn.sgf
run "turn-mismatch after a lone CR: exit 0" 0 --format concise turn.sgf
has "… at B[dd]'s line:col, 2:2, the PL named by its line:col and node, in the file's words" out \
  "^turn.sgf:2:2: warning: move 1 is black's, but the \`PL\` at 1:13 (the root node) says white is to play: if the move is right, that \`PL\` should be \`PL\[B\]\`; if the \`PL\` is right, this move's colour is wrong \[turn-mismatch\]$"
hasnt "… no JSON pointer, no JGF field" out '/tree/\|`turn`'
json turn.sgf
has "… spans B[dd] (2:2 to 2:7), at the node move 1" out '^turn-mismatch 2:2-2:7 move 1$'

# result-komi and handicap-mismatch, CR LF: at RE and HA, named as written.
printf '(;GM[1]FF[4]SZ[19]\r\nKM[6.5]RE[B+3]\r\n  HA[4]AB[dd][pp][dp][pd][jj]\r\n;W[qq])\r\n' > info.sgf
run "result-komi and handicap-mismatch after CR LF: exit 0" 0 --format concise info.sgf
has "… result-komi at RE[B+3], 2:8, naming RE and KM" out \
  '^info.sgf:2:8: warning: `RE` "B+3" is a margin of whole points, which komi 6.5 (`KM`) cannot give: .* \[result-komi\]$'
has "… handicap-mismatch at HA[4], 3:3, naming HA" out \
  '^info.sgf:3:3: warning: HA is 4, but 5 black stones (and no white ones) are set up before the first move; .* \[handicap-mismatch\]$'
json info.sgf
has "… result-komi spans RE[B+3]" out '^result-komi 2:8-2:15 None$'
has "… handicap-mismatch spans HA[4], at the root node" out '^handicap-mismatch 3:3-3:8 the root node$'

# occupied-point in a variation of a second game, a point as SGF writes it.
printf '(;GM[1];B[aa])\n(;GM[1]SZ[9];B[cc];W[gg]\n(;B[ee];W[ff])\n(;B[dd]\n;W[dd]))\n' > var.sgf
run "occupied-point in a variation of game 2: exit 1" 1 --format concise var.sgf
has "… at W[dd], 5:2, the point named D6 (dd)" out \
  '^var.sgf:5:2: error: move 4 (white at D6 (dd)) is on an occupied point: the black stone of move 3 stands there; .*\[occupied-point\]$'
json var.sgf
has "… spans W[dd]; its node: game 2, variation 2 at move 3, move 4" out \
  '^occupied-point 5:2-5:7 game 2, variation 2 at move 3, move 4$'
# A node under a variation that is not the first, under a first one, under
# another not the first: the name says the two that are not the first and
# skips the level between (posmap's named links, not every level's).
printf '(;GM[1]FF[4]SZ[9];B[aa](;W[bb])(;W[cc];B[dd](;W[ee](;B[ff])(;B[gg];W[gg]))))\n' > skip.sgf
json skip.sgf
has "… occupied-point at W[gg]: variation 2 at move 2, variation 2 at move 5, move 6" out \
  '^occupied-point 1:68-1:73 variation 2 at move 2, variation 2 at move 5, move 6$'
run "--format text: exit 1" 1 --format text --color never var.sgf
has "… the board's caption names the node as a player does" out \
  '^  = the position before game 2, variation 2 at move 3, move 4 (the line stops there):$'
has "… the caret under W[dd], a tilde under the rest" out '^  |  ^~~~~$'

# The library gives the board and the position under the finding too (the
# page's and the editor's): the record is gone, so the lint's kept
# position, each stone with its move and node.
if [ -x "$tool" ]; then
  "$tool" finding-boards var.sgf < var.sgf > boards.txt 2>&1
  # The text format's board, without its gutter, is the library's.
  sed -n 's/^  [|=] \{0,1\}//p' out | sed '1d' > cli-board.txt
  if grep -q '^the position before game 2, variation 2 at move 3, move 4 (the line stops there):$' boards.txt &&
     tail -n +2 boards.txt | diff - cli-board.txt > /dev/null; then
    ok "jgf_finding_board draws the SGF finding's board, the text format's"
  else not_ok "jgf_finding_board draws the SGF finding's board, the text format's"; diff boards.txt cli-board.txt | sed 's/^/# /'; fi
  "$tool" finding-positions var.sgf < var.sgf > positions.txt 2>&1
  if $py - positions.txt <<'PY'
import json, sys
rule, text = open(sys.argv[1]).read().split(" ", 1)
p = json.loads(text)
assert rule == "occupied-point" and p["node"] == "game 2, variation 2 at move 3, move 4", p.get("error", p["node"])
stones = {(s["x"], s["y"]): (s["color"], s["move"], s["node"]) for s in p["stones"]}
assert stones[(3, 3)] == ("black", 3, "game 2, variation 2 at move 3, move 3"), stones
assert stones[(2, 2)] == ("black", 1, "game 2, move 1"), stones
assert p["stopped"]["node"] == "game 2, variation 2 at move 3, move 4", p["stopped"]
PY
  then ok "jgf_finding_position: the position, each stone's move and node named"
  else not_ok "jgf_finding_position: the position, each stone's move and node named"; sed 's/^/# /' positions.txt; fi
else
  skip "tests/unit/api_tool missing"; skip "tests/unit/api_tool missing"
fi

# same-color-twice: the pass as SGF writes it.
printf '(;GM[1];B[dd];B[pp])' > twice.sgf
run "same-color-twice: exit 0" 0 --format concise twice.sgf
has "… at B[pp], 1:15, a pass written W[]" out \
  "^twice.sgf:1:15: warning: move 2 is black's, and so was move 1 before it, with no setup or \`PL\` between; if white passed, record it as W\[\] \[same-color-twice\]$"

# A reader's repair spans the value it names; one of a stray character, it.
printf '(;GM[1];B[ee]];W[ff])\n(;GM[1];B[dd]C[open\n)\n' > reader.sgf
json reader.sgf
has "… sgf-unclosed-value spans the value up to its line's end" out '^sgf-unclosed-value 2:15-2:20 None$'
has "… sgf-stray-text spans the stray ]" out '^sgf-stray-text 1:14-1:15 None$'
# A file that ends inside the value: said at its end, a place of its own.
printf '(;GM[1];B[dd]C[open\n' > cut.sgf
json cut.sgf
has "… sgf-cut-short at the end of the file" out '^sgf-cut-short 2:1-None:None None$'
printf '(;GM[1]AB[aa] [bb;W[cc])' > lost.sgf
json lost.sgf
has "… a short value whose ] was lost spans it up to where it was lost" out '^sgf-unclosed-value 1:15-1:18 None$'

# The same for JGF: unchanged (a pointer, the record's words).
printf '{"record": {"format": "JGF", "version": 2}, "game": {"type": "go"}, "tree": [{"turn": "white"}, {"move": {"color": "black", "x": 3, "y": 3}}]}\n' > turn.jgf
run "turn-mismatch on JGF: exit 0" 0 --format concise turn.jgf
has "… in JGF's words, with its pointer" out '`turn` at 1:[0-9]* (/tree/0/turn) says white is to play: if the move is right, that turn should be "black"; if the turn is right'

# SARIF's and GitLab's fingerprints are keyed by the place too: a finding
# keeps its fingerprint when another of its rule before it is fixed.
fingerprint() {
  "$JGFLINT" --no-config --format sarif fp.sgf > fp.json 2> /dev/null
  $py -c 'import json; print(" ".join(list(r["partialFingerprints"].values())[0] for r in json.load(open("fp.json"))["runs"][0]["results"]))'
}
printf '(;GM[1](;B[aa];W[aa])(;B[bb];W[bb]))' > fp.sgf
before=$(fingerprint)
printf '(;GM[1](;B[aa];W[ab])(;B[bb];W[bb]))' > fp.sgf
after=$(fingerprint)
[ -n "$after" ] && [ "${before#* }" = "$after" ] && ok "a finding's fingerprint survives the fix of another before it ($after)" ||
  not_ok "a finding's fingerprint survives the fix of another before it: $before, then $after"

# --- Baselines: an unchanged tree re-checked against its baseline says nothing.
mkdir tree
cp "$src"/rules/sgf-*/*.sgf tree/ 2> /dev/null
i=0; for f in "$src"/convert/*.sgf; do i=$((i + 1)); cp "$f" "tree/c$i.sgf"; done
cp turn.sgf info.sgf var.sgf twice.sgf reader.sgf tree/
run "--write-baseline over $(ls tree | wc -l) SGF files" 0 --extensions .sgf --write-baseline base.json tree
run "… re-checked against it: exit 0" 0 --extensions .sgf --baseline base.json --format concise tree
lines "… nothing reported, no baseline-stale" out 0
grep -q '"place": "game 2, node 2, variation 2, node 1, W"' base.json && ok "… var.sgf's occupied-point at game 2, node 2, variation 2, node 1, W" ||
  not_ok "… var.sgf's occupied-point keyed by its place: $(grep -A2 occupied base.json | tr -d '\n')"

# Repeats in one file (two games, a move in each root: one message), each
# an entry of its place; an edit elsewhere keeps them.
printf '(;GM[1]FF[4]C[a\0b\0c];B[dd]XX[1]XX[2])\n(;B[aa])(;B[bb])' > rep.sgf
mkdir one; cp rep.sgf one/
run "--write-baseline of repeated findings" 0 --extensions .sgf --write-baseline one.json one
run "… re-checked: exit 0" 0 --extensions .sgf --baseline one.json --format concise one
lines "… nothing reported" out 0
printf '(;GM[1]FF[4]\nPB[Black]C[a\0b\0c]\n;B[dd]XX[1]XX[2])\n\n(;B[aa])(;B[bb]\n)' > one/rep.sgf
run "… the file edited elsewhere (a line and a property added): exit 0" 0 --extensions .sgf --baseline one.json --format concise one
lines "… still nothing reported" out 0
printf '(;GM[1]FF[4];B[dd]XX[1])\n(;B[aa])(;B[bb])' > one/rep.sgf
run "… findings fixed: stale entries, exit 0" 0 --extensions .sgf --baseline one.json --format concise one
has "… the gone finding's entry is stale, named by its place" out '^one.json:.*baseline entry for one/rep.sgf \[sgf-nul-byte\] at game 1, node 0, C matches no finding any more'

# A `(` right after another `(` opens no level, as the reader reads it:
# the findings in `((((` are placed in the one variation the reader makes
# (each place was a level longer than the one before, so that 20 KB of
# `(` took 2.1 GB; issue 71), and the `)` past the game's are outside it.
printf '(;GM[1]FF[4]SZ[19]((((;B[aa]XX[1]))))' > deep.sgf
"$JGFLINT" --no-config --format json deep.sgf > deep.json 2> /dev/null
if grep -q '"place": "game 1, node 0, variation 1, node 0, XX"' deep.json &&
   ! grep -q 'variation 1, node 0, variation' deep.json; then
  ok "(((( before a node: one variation's places, XX at game 1, node 0, variation 1, node 0"
else not_ok "(((( before a node: one variation's places"; grep '"place"' deep.json | sed 's/^/# /'; fi

# Three findings at every level of variations nested 300 deep (a second
# move, in lower case: sgf-two-moves, sgf-lowercase-property,
# sgf-duplicate-property): a place of 16 levels or fewer is every level's
# words; a deeper one its game's, the count of the levels before its last 4
# with their digest, then those 4 (issue 74: every level's words were a
# baseline in the square of the depth, 32 MB for 1,000 levels); the
# lower-case property's place names it as written (it ended in ", ").
awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"; for (i = 0; i < 300; i++) printf "(;B[aa]b[bb]"
  for (i = 0; i <= 300; i++) printf ")"; print "" }' > nest.sgf
"$JGFLINT" --no-config --format json nest.sgf > nest.json 2> /dev/null
sixteen=$(awk 'BEGIN { printf "game 1, node 0"; for (i = 0; i < 15; i++) printf ", variation 1, node 0"; print ", B" }')
four=$(awk 'BEGIN { for (i = 0; i < 4; i++) printf ", variation 1, node 0"; print ", B" }')
if [ "$(grep -c '"place": "game 1, ' nest.json)" -eq 900 ] &&
   grep -q "\"place\": \"$sixteen\"" nest.json &&
   grep -q "\"place\": \"game 1, 297 levels #[0-9a-f]\{16\}$four\"" nest.json &&
   [ "$(grep -c '"place": "game 1, [0-9]* levels #' nest.json)" -eq $((3 * (301 - 16))) ] &&
   ! grep -q '"place": "[^"]*, "' nest.json && grep -q '"place": "game 1, node 0, variation 1, node 0, b"' nest.json; then
  ok "three findings at each of 300 nested levels: 900 places, 16 levels' words whole, deeper ones 4 levels after a digest; b[bb] at its b"
else not_ok "300 nested levels' places"; grep -o '"place": "[^"]*"' nest.json | awk '{ print length($0) }' | sort -n | uniq -c | tail -3 | sed 's/^/# /'; fi

# R47's file 1,000 and 4,000 deep: a baseline's bytes grow with the
# depth, not its square (4x the depth at most 4.4x the bytes: 32 MB and
# 127 MB before), and no place in json is longer than 16 levels' words.
for deep in 1000 4000; do
  awk -v n=$deep 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"; for (i = 0; i < n; i++) printf "(;B[aa]b[bb]"
    for (i = 0; i <= n; i++) printf ")"; print "" }' > r47.sgf
  "$JGFLINT" --no-config --write-baseline r47-$deep.json r47.sgf > /dev/null 2>&1
  "$JGFLINT" --no-config --format json r47.sgf 2> /dev/null | grep -o '"place": "[^"]*"' |
    awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' > long-$deep
done
b1=$(wc -c < r47-1000.json) b4=$(wc -c < r47-4000.json)
if [ "$b1" -gt 0 ] && [ $((b4 * 10)) -le $((b1 * 44)) ] && [ "$(cat long-1000)" -le 400 ] &&
   [ "$(cat long-4000)" -le 400 ]; then
  ok "R47's file 1,000 and 4,000 deep: baselines of $b1 and $b4 bytes, places at most $(cat long-4000) bytes"
else not_ok "R47's file: baselines of $b1 and $b4 bytes, places up to $(cat long-1000), $(cat long-4000) bytes"; fi

# Writing and reading those baselines costs instructions linear in the
# findings (4x the depth: at most 4.6x): each finding's entry found in an
# index of its file's entries by rule and place, not looked for among all
# of them (3.42 G instructions of writing 4,000 deep, 12.7x 1,000 deep's).
if sanitized || ! command -v valgrind > /dev/null; then
  skip "a sanitizer's build, or no valgrind"
else
  for deep in 1000 4000; do
    awk -v n=$deep 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"; for (i = 0; i < n; i++) printf "(;B[aa]b[bb]"
      for (i = 0; i <= n; i++) printf ")"; print "" }' > r47.sgf
    for how in --write-baseline --baseline; do
      valgrind --tool=callgrind --callgrind-out-file=/dev/null "$JGFLINT" --no-config $how r47-$deep.json r47.sgf 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p' > ir$how-$deep
    done
  done
  w1=$(cat ir--write-baseline-1000) w4=$(cat ir--write-baseline-4000) r1=$(cat ir--baseline-1000) r4=$(cat ir--baseline-4000)
  if [ -n "$w1" ] && [ -n "$r1" ] && [ $((w4 * 10)) -le $((w1 * 46)) ] && [ $((r4 * 10)) -le $((r1 * 46)) ]; then
    ok "R47's file 1,000 and 4,000 deep: baselines written in $w1 and $w4 instructions, read in $r1 and $r4"
  else not_ok "R47's file: baselines written in ${w1:-?} and ${w4:-?} instructions, read in ${r1:-?} and ${r4:-?}"; fi
fi

# A baseline of a deep file still matches after an edit in another
# variation (the digest is of the levels' places, as the words were), and
# a baseline of an earlier version, its places every level's words, is
# read as the digest's form: it matches the same findings.
mkdir deep; awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"; for (i = 0; i < 40; i++) printf "(;B[aa]b[bb]"
  for (i = 0; i < 40; i++) printf ")"; print "(;W[cc]C[x]))" }' > deep/d.sgf
run "--write-baseline of a file 40 levels deep" 0 --write-baseline deep.json deep/d.sgf
sed 's/C\[x\]/C[an edit];B[dd]/' deep/d.sgf > d2 && mv d2 deep/d.sgf
run "… an edit in another variation: exit 0" 0 --baseline deep.json --format concise deep/d.sgf
lines "… nothing reported" out 0
awk 'BEGIN { printf "{\"jgflint-baseline\": 1, \"findings\": [{\"path\": \"deep/d.sgf\", \"rule\": \"sgf-two-moves\", \"place\": \"game 1, node 0"
  for (i = 0; i < 40; i++) printf ", variation 1, node 0"; print ", B\", \"count\": 1}]}" }' > old.json
run "… a baseline with the whole words of a place 41 levels deep" 0 --baseline old.json --format concise deep/d.sgf
has "… it matches its finding" err '^1 file checked.* 1 in the baseline'
hasnt "… the finding 41 levels deep (at 1:489) is not reported" out '^deep/d.sgf:1:489: .*sgf-two-moves'
has "… the one 40 levels deep (at 1:477) is" out '^deep/d.sgf:1:477: .*sgf-two-moves'

tap_done
