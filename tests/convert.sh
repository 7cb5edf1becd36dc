#!/bin/sh
# --convert: every SGF, SGF-in-JSON and UGF/UGI file in testdata/convert
# converts to records on which jgflint reports nothing outside the go
# category; tests/convert_check.py replays each game from the source (its own
# readers) and from the record (goboard.py) and compares the boards and the
# fields; and the command's behaviour: names, --output, --force, stdin, the
# input itself, notes at SGF line:col, exit statuses. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
# has NAME FILE TEXT: FILE contains the line TEXT.
has() {
  if grep -qxF -- "$3" "$tmp/$2"; then ok "$1"; else
    not_ok "$1"; echo "# want the line: $3"; sed 's/^/# got: /' "$tmp/$2" | head -20
  fi
}
# tap_of: numbers convert_check.py's PASS/FAIL lines as TAP.
tap_of() {
  while IFS= read -r line; do
    case $line in
      PASS\ *) ok "${line#PASS }" ;;
      FAIL\ *) not_ok "${line#FAIL }" ;;
      *) echo "$line" ;;
    esac
  done
}

work=$tmp/work
mkdir "$work"
cp testdata/convert/* "$work/"

# Every source converts; the records are clean outside the go category; the
# boards and fields agree with the source. The sources whose games hold an
# error (exit 1) convert one run each, the others in one run for them all
# (exit 0: each exits 0; when not, each again alone, with --force, for its
# own status); their records are checked in one run for them all, split by
# record (tap.sh's each_file; when it fails, each source's again alone).
sources=$(for src in "$work"/*.sgf "$work"/*.ugf "$work"/*.ugi "$work"/*.gib "$work"/*.ngf "$work"/*.json; do
  echo "$src"; done)
# want_of NAME: --convert's status for the source NAME. big-numbers.sgf:
# its second game is GM[4294967297], not Go (and no record), as in the
# page, where long is 32 bits. repairs.sgf ends inside a comment: cut short
# (sgf-cut-short), read as far as it goes.
want_of() { case $1 in occupied*.sgf|big-numbers.sgf|repairs.sgf) echo 1 ;; *) echo 0 ;; esac; }
# records_of SOURCE: the records --convert wrote of it, NAME.jgf or NAME-1.jgf ...
records_of() {
  if [ -f "${1%.*}.jgf" ]; then echo "${1%.*}.jgf"
  else
    i=1
    while [ -f "${1%.*}-$i.jgf" ]; do echo "${1%.*}-$i.jgf"; i=$((i + 1)); done
  fi
}
# codec_of NAME: the character set of a source without CA, which --convert
# detects, as tests/convert_check.py's --codec.
codec_of() {
  codec=
  case $1 in
    nihon-kiin.sgf|sjis-*.sgf) codec=--codec=cp932 ;;
    no-ca.sgf|gb2312-*.sgf) codec=--codec=gb18030 ;;
    euckr-*.sgf) codec=--codec=cp949 ;;
    big5-*.sgf) codec=--codec=big5hkscs ;;
    euc-kr.gib|tygem-current.gib|wbaduk-*.ngf) codec=--codec=cp949 ;;
    *-cp1252.sgf) codec=--codec=cp1252 ;;
    cp1251-*.sgf) codec=--codec=cp1251 ;;
    koi8r-*.sgf) codec=--codec=koi8_r ;;
    koi8u-*.sgf) codec=--codec=koi8_u ;;
    cp866-*.sgf) codec=--codec=cp866 ;;
    iso8859-5-*.sgf) codec=--codec=iso8859_5 ;;
    iso2022jp-*.sgf) codec=--codec=iso2022_jp ;;
    ca-latin1-cp1250-guess.sgf) codec=--codec=latin-1 ;;   # read so, a guess
    ca-latin1-cp125[0-7]-*.sgf) codec=--codec=$(echo "$1" | cut -d- -f3) ;;
    cp125[0-7]-*.sgf|cp874-*.sgf) codec=--codec=$(echo "$1" | cut -d- -f1) ;;
    iso8859-2-*.sgf) codec=--codec=iso8859_2 ;;
    iso8859-7-*.sgf) codec=--codec=iso8859_7 ;;
    utf8-stray-*.sgf) codec=--codec=utf-8 ;;
    gb2312*.gib|gb2312*.ngf) codec=--codec=gb18030 ;;
  esac
  echo "$codec"
}
mkdir "$tmp/status"
clean=
for src in $sources; do
  if [ "$(want_of "${src##*/}")" = 1 ]; then
    "$JGFLINT" --convert "$src" > "$tmp/status/${src##*/}.out" 2>&1
    echo $? > "$tmp/status/${src##*/}"
  else clean="$clean $src"; fi
done
# shellcheck disable=SC2086
"$JGFLINT" --convert $clean > "$tmp/status/.out" 2>&1
s=$?
for src in $clean; do
  if [ $s -eq 0 ]; then echo 0 > "$tmp/status/${src##*/}"; cp "$tmp/status/.out" "$tmp/status/${src##*/}.out"
  else
    "$JGFLINT" --convert --force "$src" > "$tmp/status/${src##*/}.out" 2>&1
    echo $? > "$tmp/status/${src##*/}"
  fi
done
# shellcheck disable=SC2046
each_file "$tmp/lint" --no-stderr "$JGFLINT" --format concise --ignore go -- $(for src in $sources; do records_of "$src"; done)
lint=$?
# The boards and fields: tests/convert_check.py, one run for every source
# (--batch: each source's output, traceback and status in $tmp/checks).
mkdir "$tmp/checks"
for src in $sources; do
  records=$(records_of "$src")
  [ -n "$records" ] && printf '%s\t' $(codec_of "${src##*/}") "$src" $records && echo
done | python3 tests/convert_check.py --batch "$tmp/checks"
for src in $sources; do
  name=${src##*/} want=$(want_of "${src##*/}")
  got=$(cat "$tmp/status/$name")
  if [ "$got" -eq "$want" ]; then ok "$name converts (exit $want)"; else
    not_ok "$name converts (exit $want): exit $got, want $want"; sed 's/^/# /' "$tmp/status/$name.out" | head -40
  fi
  records=$(records_of "$src")
  if [ -z "$records" ]; then not_ok "$name: no record written"; continue; fi
  if [ $lint -eq 0 ]; then
    ok "$name: jgflint reports nothing outside the go category"
    for r in $records; do cat "$tmp/lint/$(echo "$r" | tr / %)"; done > "$tmp/out"
  else
    # shellcheck disable=SC2086
    exits "$name: jgflint reports nothing outside the go category" 0 \
      "$JGFLINT" --format concise --ignore go $records
  fi
  if [ -s "$tmp/out" ]; then not_ok "$name: findings outside go"; sed 's/^/# /' "$tmp/out"; fi
  [ -f "$tmp/checks/$name.check" ] && tap_of < "$tmp/checks/$name.check"
  status=$(cat "$tmp/checks/$name.status" 2> /dev/null)
  status=${status:-2}   # (none: the batch stopped before it)
  # A check that stopped (a traceback) compared nothing after it.
  if [ $status -gt 1 ] || [ -s "$tmp/checks/$name.err" ]; then
    not_ok "${src##*/}: tests/convert_check.py ran to its end (exit $status)"
    sed 's/^/# /' "$tmp/checks/$name.err" | tail -8
  fi
done

# A record with a move changed no longer matches its source: the check can fail.
python3 - "$work/setup-move.jgf" "$tmp/mutated.jgf" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
for node in doc["tree"]:
    if "move" in node and node["move"].get("x") == 6:
        node["move"]["x"] = 5
json.dump(doc, open(sys.argv[2], "w"))
EOF
if python3 tests/convert_check.py "$work/setup-move.sgf" "$tmp/mutated.jgf" > "$tmp/out"; then
  not_ok "a record with a move changed fails the board comparison"
else ok "a record with a move changed fails the board comparison"; fi

# Output names, what is printed, what went to meta.
exits "collection.sgf again, with --force" 0 "$JGFLINT" --convert --force "$work/collection.sgf"
has "a collection of n games is written as NAME-1.jgf ... NAME-n.jgf" out \
  "$work/collection.sgf: wrote $work/collection-3.jgf (SGF game 3 of 3)"
exits "occupied.sgf again, into --output DIR" 1 "$JGFLINT" --convert --output "$tmp" "$work/occupied.sgf"
has "a go finding of the source game is reported at the SGF's line:col" out \
  "$work/occupied.sgf:3:2: error: move 2 (white at E5 (ee)) is on an occupied point: the black stone of move 1 stands there; the rest of this line is not replayed [occupied-point]"
has "--output DIR: the record goes into DIR" out "$work/occupied.sgf: wrote $tmp/occupied.jgf (SGF game 1 of 1)"
exits "occupied-variation.sgf again, with --force" 1 "$JGFLINT" --convert --force "$work/occupied-variation.sgf"
has "… a finding in a variation, at the SGF's line:col" out \
  "$work/occupied-variation.sgf:5:2: error: move 3 (black at C7 (cc)) is on an occupied point: the white stone of move 2 stands there; the rest of this line is not replayed [occupied-point]"
exits "repairs.sgf (again, with --force)" 1 "$JGFLINT" --convert --force "$work/repairs.sgf"
# FF[3] spelled AddBlack so: the name as FF[3] writes it, no repair (issue
# 47: SGFC reports nothing); an all-lower-case `w` no FF allows.
if grep -q 'AddBlack.*sgf-lowercase-property' "$tmp/out"; then not_ok "FF[3]'s AddBlack read silently"
else ok "FF[3]'s AddBlack read silently"; fi
has "lower-case identifiers, at line:col" out \
  "$work/repairs.sgf:4:2: warning: [*] property \`w\` in lower case: read as \`W\` [sgf-lowercase-property]"
has "a duplicate property, at line:col" out \
  "$work/repairs.sgf:3:14: warning: [*] property \`C\` given again in one node (first at 3:7): its values are merged [sgf-duplicate-property]"
has "a file that ends inside a value: cut short, an error at its end" out \
  "$work/repairs.sgf:5:1: error: the file ends inside the value of C (its \`[\` at 4:17, no \`]\` after it): it was cut short here, and what followed is lost [sgf-cut-short]"
if grep -q '"this comment never closes"' "$work/repairs.jgf"; then ok "… the comment read up to the end"
else not_ok "… the comment read up to the end"; fi
has "what went to meta is listed" out "$work/repairs.jgf: kept under meta.sgf: FF, GM"
exits "lost-brackets.sgf (again, with --force)" 0 "$JGFLINT" --convert --force "$work/lost-brackets.sgf"
has "a point value whose \`]\` was lost ends where it was lost, at line:col" out \
  "$work/lost-brackets.sgf:2:3: warning: the value of B is not closed by \`]\`: read as ending at 2:6, where the \`]\` was lost; --fix leaves it [sgf-unclosed-value]"
exits "props-outside.sgf (again, with --force)" 0 "$JGFLINT" --convert --force "$work/props-outside.sgf"
has "properties outside a node, at line:col" out \
  "$work/props-outside.sgf:2:1: warning: [*] properties outside a node (no \`;\` before them): read as a node [sgf-missing-semicolon]"
# Issue 39's reading defects. `(B[bb])`, its `;` lost: a variation of its
# own (as SGFC reads it), not a second black move in the node before.
printf '(;GM[1]SZ[19](;B[aa])(B[bb]))' > "$tmp/semicolon.sgf"
exits "a variation without its \`;\` (exit 0)" 0 "$JGFLINT" --convert "$tmp/semicolon.sgf"
has "… noted at line:col" out \
  "$tmp/semicolon.sgf:1:23: warning: [*] properties outside a node (no \`;\` before them): read as a node [sgf-missing-semicolon]"
if grep -q same-color-twice "$tmp/out"; then not_ok "… and no false same-color-twice"
else ok "… and no false same-color-twice"; fi
if python3 -c 'import json,sys
t = json.load(open(sys.argv[1]))["tree"]
assert [[n["move"]["x"] for n in v] for v in t[-1]["variations"]] == [[0], [1]], t' "$tmp/semicolon.jgf"
then ok "… read as two variations"; else not_ok "… read as two variations"; fi
# A NUL byte in a text: the text reads on past it, and it is noted.
printf '(;GM[1]SZ[19]C[a\000b\000c];B[aa])' > "$tmp/nul.sgf"
exits "a NUL byte in C (exit 0)" 0 "$JGFLINT" --convert "$tmp/nul.sgf"
has "… noted at the first NUL's line:col" out \
  "$tmp/nul.sgf:1:17: warning: 2 NUL bytes in the value of C: dropped, the text around them is kept; --fix leaves the value as it is [sgf-nul-byte]"
if python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["tree"][0]["comments"] == ["abc"]' "$tmp/nul.jgf"
then ok "… the comment is whole"; else not_ok "… the comment is whole"; fi
# SimpleText keeps its leading blanks, as SGFC does (its trailing ones go):
# GN[  x  ] was "x", N[  y ] "y", without a word (issue 47).
printf '(;GM[1]SZ[19]GN[  x  ]PB[  Lee]EV[Cup  ];B[aa]N[  y ])' > "$tmp/blanks.sgf"
exits "SimpleText with blanks around it (exit 0)" 0 "$JGFLINT" --convert "$tmp/blanks.sgf"
if python3 -c 'import json,sys; r = json.load(open(sys.argv[1]))
assert (r["game"]["name"], r["players"][0]["name"], r["event"]["name"], r["tree"][1]["name"]) == \
       ("  x", "  Lee", "Cup", "  y"), r' "$tmp/blanks.jgf"
then ok "… its leading blanks kept, its trailing ones dropped"
else not_ok "… its leading blanks kept, its trailing ones dropped"; fi
# Text before `(;` on its line: skipped with a note, not "not SGF".
for pre in '] 01-11-2017~' 'bla[aa] ' 'CA[UTF-8]'; do
  printf '%s(;GM[1]SZ[19];B[aa])' "$pre" > "$tmp/before.sgf"
  exits "text \`$pre\` before \`(;\` on its line (exit 0)" 0 "$JGFLINT" --convert --force "$tmp/before.sgf"
  has "… skipped with a note" out "$tmp/before.sgf:1:1: info: text outside a game tree is ignored [sgf-text-outside]"
  exits "… lint mode checks it in place (exit 0)" 0 "$JGFLINT" --format concise "$tmp/before.sgf"
  has "… with the same finding" out "$tmp/before.sgf:1:1: info: text outside a game tree is ignored [sgf-text-outside]"
  if grep -q 'foreign-format\|json-syntax' "$tmp/out"; then not_ok "… not foreign-format nor json-syntax"
  else ok "… not foreign-format nor json-syntax"; fi
done
# Text before an empty tree on its line (SGFC's own `B[aa](;)`): the tree
# is read, one game of an empty root; it was "holds no game tree", exit 1.
for pre in 'x ' 'B[aa]'; do
  printf '%s(;)' "$pre" > "$tmp/empty-tree.sgf"
  exits "text \`$pre\` before an empty tree \`(;)\` (exit 0)" 0 "$JGFLINT" --format concise "$tmp/empty-tree.sgf"
  has "… the text said at 1:1" out "$tmp/empty-tree.sgf:1:1: info: text outside a game tree is ignored [sgf-text-outside]"
  if grep -q 'sgf-no-game-tree' "$tmp/out"; then not_ok "… not sgf-no-game-tree"; else ok "… not sgf-no-game-tree"; fi
  exits "… --convert writes its one game (exit 0)" 0 "$JGFLINT" --convert --output - "$tmp/empty-tree.sgf"
  if python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["tree"] == [{}]' "$tmp/out"
  then ok "… an empty root"; else not_ok "… an empty root"; fi
done
printf 'int main(void) { for(;;) ; }\n' > "$tmp/code.sgf"
exits "\`(;\` in other text, no property after it: not SGF (exit 2)" 2 "$JGFLINT" --convert "$tmp/code.sgf"
# result-komi is the source game's own, at RE's line:col, not a converter bug.
printf '(;GM[1]FF[4]SZ[9]KM[6.5]RE[B+3];B[ee];W[cc])' > "$tmp/result-komi.sgf"
exits "KM[6.5] and RE[B+3]: a warning (exit 0)" 0 "$JGFLINT" --convert "$tmp/result-komi.sgf"
has "… result-komi at RE's line:col" out "$tmp/result-komi.sgf:1:25: warning: \`RE\` \"B+3\" is a margin of whole points, which komi 6.5 (\`KM\`) cannot give: the points both sides count are whole, so the margin has a half point exactly when the komi has one; the result or the komi is wrong [result-komi]"
exits "wbaduk-amateur.ngf (again, with --force)" 0 "$JGFLINT" --convert --force "$work/wbaduk-amateur.ngf"
has "NGF: a whole komi stays whole when the result is a win by whole points" out "$work/wbaduk-amateur.ngf:8:1: info: komi 6 kept whole: NGF writes whole points, and an even game's komi usually has a half point, but the result, B+7, is a win by whole points, which a komi with a half point cannot give [ngf-komi]"
if python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["rules"]["komi"] == 6' "$work/wbaduk-amateur.jgf"
then ok "… its record's komi is 6"; else not_ok "… its record's komi is 6"; fi
exits "no-ca.sgf (again)" 0 "$JGFLINT" --convert --force "$work/no-ca.sgf"
has "no CA and GB2312 bytes: detected, and it says so" out "$work/no-ca.sgf: info: no CA: read as GB18030, detected (GB2312/GBK (GB18030) reads its 251 characters beyond ASCII best, then Big5); --encoding NAME reads it otherwise [charset-guessed]"
exits "no-ca-cp1252.sgf (again)" 0 "$JGFLINT" --convert --force "$work/no-ca-cp1252.sgf"
has "no CA and Windows' quotes and dashes: Windows-1252, detected (not C1 controls, not Shift_JIS)" out \
  "$work/no-ca-cp1252.sgf: info: no CA: read as CP1252, detected (Windows-1252 reads its 10 characters beyond ASCII best, then Windows-1251); --encoding NAME reads it otherwise [charset-guessed]"
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["event"]["name"] == "“Coupe de Paris”" and d["tree"][0]["comments"] == ["It’s the “vital point” – well played…"], d
' "$work/no-ca-cp1252.jgf"; then ok "… its quotes, dashes and ellipsis decoded"; else not_ok "… its quotes, dashes and ellipsis decoded"; fi
exits "ca-latin1-cp1252.sgf (again)" 0 "$JGFLINT" --convert --force "$work/ca-latin1-cp1252.sgf"
has "CA[ISO-8859-1] with Windows-1252's quotes in 0x80-0x9F: CP1252, and it says why" out \
  "$work/ca-latin1-cp1252.sgf: info: read as CP1252 (CA[ISO-8859-1]; its bytes 0x80-0x9F are Windows-1252's quotes and dashes, not control characters) [charset-guessed]"
exits "no-ca-latin1.sgf (again)" 0 "$JGFLINT" --convert --force "$work/no-ca-latin1.sgf"
has "no CA and bytes that read best as ISO-8859-1: ISO-8859-1, and it says so" out "$work/no-ca-latin1.sgf: note: no CA: read as ISO-8859-1, SGF's default"
exits "no-ca-utf8.sgf (again)" 0 "$JGFLINT" --convert --force "$work/no-ca-utf8.sgf"
has "no CA and valid UTF-8: UTF-8, and it says so" out \
  "$work/no-ca-utf8.sgf: info: no CA: the bytes are valid UTF-8, read as UTF-8 (not ISO-8859-1, SGF's default) [charset-guessed]"
if grep -q '"name": "李昌镐"' "$work/no-ca-utf8.jgf" && grep -q '"name": "Ren' "$work/latin1.jgf" &&
   grep -q 'é Lévêque' "$work/latin1.jgf"; then ok "names decoded from UTF-8 and ISO-8859-1"
else not_ok "names decoded from UTF-8 and ISO-8859-1"; fi
if python3 -c '
import json, re, sys
for f, codec in (("chinese", "gb18030"), ("japanese", "cp932"), ("korean", "cp949"),
                 ("big5", "big5"), ("gbk", "gbk"), ("iso-8859-2", "iso-8859-2")):
    text = open(sys.argv[1] + "/" + f + ".sgf", "rb").read().decode(codec)
    d = json.load(open(sys.argv[1] + "/" + f + ".jgf"))
    names = [p.get("name") for p in d["players"]]
    want = [m.group(1) if m else None for m in (re.search(r"P%s\[(.*?)\]" % c, text) for c in "BW")]
    assert names == want, (f, names, want)
' "$work"; then ok "GB2312, GBK, Shift_JIS, EUC-KR, Big5 and ISO-8859-2 names decoded through iconv"
else not_ok "GB2312, GBK, Shift_JIS, EUC-KR, Big5 and ISO-8859-2 names decoded through iconv"; fi
# UGF variables and sections are kept whole under meta.ugf, however long
# their names (a cut name split a UTF-8 character) and however many sections.
if python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))["meta"]["ugf"]
name = "Плейс" * 12
assert m[name] == "kept whole" and m[name + "X"] == "another value", sorted(m)
extra = sorted(k for k in m if k.startswith("Extra"))
assert extra == ["Extra%02d%s" % (i, "я" * 20) for i in range(40)], extra
assert all(m[k] == "line %d" % i for i, k in enumerate(extra)), m
' "$work/long-names.jgf"; then ok "long-names.ugf: long UTF-8 variable and section names, 41 sections, all kept whole"
else not_ok "long-names.ugf: long UTF-8 variable and section names, 41 sections, all kept whole"; fi
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
m = d["meta"]["sgf"]
nodes = [k for props in m["nodes"].values() for k in props]
assert all(k in m for k in ("AP", "ST", "FF", "GM", "CA")), m
assert all(k in nodes for k in ("AR", "LN", "DD", "BM", "TE", "V", "BL")), nodes
assert d["game"]["dates"] == ["2023-06-12", "2023-06-13", "2023-07-01"], d["game"]
assert d["game"]["result"] == "B+R" and d["rules"]["time"] == 7200 and d["rules"]["overtime"] == "3x20 byo-yomi"
t = d["tree"]
moves = [n["move"] for n in t if "move" in n]
assert moves[0]["timeLeft"] == 290.5 and moves[0]["periodsLeft"] == 3, moves[0]
assert moves[2] == {"color": "white", "pass": True} and moves[3] == {"color": "black", "pass": True}, moves
assert any("score" in n for n in t), "TB/TW as score"
assert t[0]["setup"][0]["type"] == "black"
' "$work/properties.jgf"; then ok "properties.sgf: meta keeps what JGF has no key for; dates, result, time, passes, score"
else not_ok "properties.sgf: meta keeps what JGF has no key for; dates, result, time, passes, score"; fi
if python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["tree"]
i = next(i for i, n in enumerate(t) if "setup" in n and i > 0)
assert "move" not in t[i] and t[i + 1]["move"]["color"] == "white", t[i:i + 2]
' "$work/setup-move.jgf"; then ok "setup and a move in one SGF node: the setup node comes first"
else not_ok "setup and a move in one SGF node: the setup node comes first"; fi

if python3 -c '
import json, sys
one, two = (json.load(open(sys.argv[1] + "/views-%d.jgf" % i)) for i in (1, 2))
assert one["board"] == {"size": 19, "cutOffBottom": 10, "cutOffRight": 10}, one["board"]
assert "cutOffRight" not in two["board"] and two["meta"]["sgf"]["VW"] == "aa:ii", two
three = json.load(open(sys.argv[1] + "/views-3.jgf"))  # VW the only thing kept
assert three["meta"] == {"sgf": {"VW": "aa:ii"}}, three
for i in (4, 5):  # corners the other way round (ii:aa, ai:ia): the same view, as SGFC reads it
    rev = json.load(open(sys.argv[1] + "/views-%d.jgf" % i))
    assert rev["board"] == one["board"] and "VW" not in rev["meta"]["sgf"], rev
for i in (6, 7):  # VW[dd:dd] and VW[dd] (what sgf-rectangle fixes it to): one view
    pt = json.load(open(sys.argv[1] + "/views-%d.jgf" % i))
    assert pt["board"] == {"size": 9, "cutOffTop": 3, "cutOffBottom": 5, "cutOffLeft": 3,
                           "cutOffRight": 5} and "VW" not in pt["meta"]["sgf"], pt
' "$work"; then ok "VW as cut-offs where the view hides nothing, else kept under meta"
else not_ok "VW as cut-offs where the view hides nothing, else kept under meta"; fi
# A reversed VW is not kept: only the views that would hide something are;
# its corners are said as AB[cc:aa]'s are (sgf-rectangle).
"$JGFLINT" --no-config --format concise testdata/convert/views.sgf 2>/dev/null |
  grep -o '^[^ ]*: [a-z]*: .*\[sgf-[a-z-]*\]$' | sed 's/\[\*\] //; s/: FF\[4\] writes.*\[/ [/' > "$work/views.found"
if printf '%s\n' \
  'testdata/convert/views.sgf:2:19: info: kept under meta.sgf: VW (the view would hide stones, moves or marks) [sgf-kept-property]' \
  'testdata/convert/views.sgf:3:9: info: kept under meta.sgf: VW (the view would hide stones, moves or marks) [sgf-kept-property]' \
  'testdata/convert/views.sgf:4:21: warning: VW[ii:aa] [sgf-rectangle]' \
  'testdata/convert/views.sgf:5:21: warning: VW[ai:ia] [sgf-rectangle]' \
  'testdata/convert/views.sgf:6:20: warning: VW[dd:dd]: one point, which FF[4] writes as a point, not a rectangle: write VW[dd] [sgf-rectangle]' |
  cmp -s - "$work/views.found"; then ok "VW[ii:aa], VW[ai:ia], VW[dd:dd]: sgf-rectangle at 4:21, 5:21, 6:20; VW[dd] read silently; no sgf-kept-property"
else not_ok "VW[ii:aa], VW[ai:ia], VW[dd:dd]: sgf-rectangle at 4:21, 5:21, 6:20; VW[dd] read silently; no sgf-kept-property"; sed 's/^/# /' "$work/views.found"; fi

if python3 -c '
import json, sys
one = json.load(open(sys.argv[1] + "/seki-pitfalls-1.jgf"))
assert one["board"] == {"size": 9} and one["rules"]["handicap"] == 2, one
assert one["tree"][0]["setup"] == [{"type": "black", "coords": [{"x": 2, "y": 2}, {"x": 6, "y": 6}]}], one["tree"][0]
assert json.load(open(sys.argv[1] + "/seki-pitfalls-13.jgf"))["game"]["name"] == "Game 13"
' "$work"; then ok "what Seki 4.3 loses: SZ and handicap stones after a multi-line property, 13 games as 13 records"
else not_ok "what Seki 4.3 loses: SZ and handicap stones after a multi-line property, 13 games as 13 records"; fi

# Values as writers spell them (src/core/values.c): mapped where one
# reading is certain, the original kept under meta.sgf; Fox's multiplied
# komi named with what it most likely means; B and W in one node.
exits "values.sgf (again, with --force)" 0 "$JGFLINT" --convert --force "$work/values.sgf"
has "Fox's multiplied komi: kept, with the komi it most likely means, at KM's line:col" out \
  "$work/values.sgf:1:54: warning: kept under meta.sgf: KM (750 is not a komi a game has: most likely 7.5, written ×100, as Fox writes it; no komi is read) [sgf-komi-kept]"
has "KM[375]: 3.75 stones, 7.5 points" out \
  "$work/values.sgf:7:54: warning: kept under meta.sgf: KM (375 is not a komi a game has: most likely 7.5, 3.75 stones under Chinese counting, 2 points each, written ×100, as Fox writes it; no komi is read) [sgf-komi-kept]"
has "a dan in digits is read as amateur, and the note says why" out \
  "$work/values.sgf:1:42: info: BR[9段] read as rank 9d (a dan in digits is a server's or an amateur's); the original is kept under meta.sgf [sgf-rank-read]"
has "a dan in a record from a professional body is professional" out \
  "$work/values.sgf:5:50: info: BR[9단] read as rank 9p (the record names a professional body); the original is kept under meta.sgf [sgf-rank-read]"
has "a dan in kanji numerals is professional" out \
  "$work/values.sgf:7:40: info: BR[九段] read as rank 9p (a dan in kanji numerals is a professional's); the original is kept under meta.sgf [sgf-rank-read]"
has "B and W in one node: the second move gets a node of its own" out \
  "$work/values.sgf:4:19: warning: a second move in one node: read as a node of its own after the first; --fix leaves it, --convert --to sgf writes it so [sgf-two-moves]"
has "KO[黒6目半], a Japanese dialect's komi" out \
  "$work/values.sgf:9:86: info: KO[黒6目半] read as komi 6.5; the original is kept under meta.sgf [sgf-komi-read]"
has "a result with no one certain reading stays out of game.result" out \
  "$work/values.sgf:11:38: info: kept under meta.sgf: RE (not a result with one certain reading in JGF's grammar) [sgf-kept-property]"
if python3 -c '
import json, sys
d = [json.load(open(sys.argv[1] + "/values-%d.jgf" % i)) for i in range(1, 7)]
def players(r): return [(p.get("name"), p.get("rank")) for p in r.get("players", [])]
m = [r.get("meta", {}).get("sgf", {}) for r in d]
assert d[0]["game"] == {"type": "go", "result": "W+T", "date": "2016-12-29"}, d[0]["game"]
assert players(d[0]) == [("野狐甲", "9d"), ("野狐乙", "8d")], players(d[0])
assert "komi" not in d[0].get("rules", {}) and m[0]["KM"] == "750"
assert m[0]["RE"] == "W+Time Over" and m[0]["DT"] == "2016-12-29 19:01:34" and m[0]["BR"] == "9段", m[0]
assert d[1]["game"]["result"] == "W+R" and d[1]["game"]["date"] == "2003-04-05", d[1]["game"]
moves = [n["move"] for n in d[1]["tree"] if "move" in n]
assert moves[-2:] == [{"color": "black", "pass": True, "timeLeft": 12},
                      {"color": "white", "pass": True, "timeLeft": 34}], moves
assert d[2]["game"]["result"] == "B+R" and m[2]["RE"] == "흑 불계승"
assert players(d[2]) == [("이세돌", "9p"), ("박정환", "9p")], players(d[2])
assert d[3]["game"]["result"] == "W+7.5" and m[3]["RE"] == "白胜3又3/4子"
assert players(d[3]) == [("古力", "9p"), ("柯洁", "9p")] and m[3]["WR"] == "职业九段"
assert d[4]["game"]["result"] == "B+R" and d[4]["rules"] == {"komi": 6.5}, d[4]
assert players(d[4]) == [("Black", "3k"), ("White", "2p")] and m[4]["KO"] == "黒6目半"
assert "result" not in d[5]["game"] and m[5]["RE"] == "黒勝ち" and m[5]["KM"] == "6.3"
' "$work"; then ok "values.sgf: results, ranks, dates with a time, komi words, every original kept"
else not_ok "values.sgf: results, ranks, dates with a time, komi words, every original kept"; fi

# One reading of values: lint mode's fixes (rank-format, result-format, with
# --unsafe-fixes) turn the originals --convert kept under meta.sgf into what
# it wrote, and leave alone what it did not read (RE[黒勝ち]).
if python3 -c '
import json, subprocess, sys
jgflint, work, tmp = sys.argv[1], sys.argv[2], sys.argv[3]
for i in range(1, 7):
    path = "%s/values-%d.jgf" % (work, i)
    rec = json.load(open(path))
    kept = rec["meta"]["sgf"]
    back = json.loads(json.dumps(rec))
    want = {}
    for p in back.get("players", []):
        key = "BR" if p["color"] == "black" else "WR"
        if key in kept:
            want[key] = p.get("rank", kept[key])
            p["rank"] = kept[key]
    if "RE" in kept:
        want["RE"] = rec["game"].get("result", kept["RE"])
        back["game"]["result"] = kept["RE"]
    lint = "%s/values-%d-lint.jgf" % (tmp, i)
    json.dump(back, open(lint, "w"), ensure_ascii=False, indent=2)
    subprocess.run([jgflint, "--fix", "--unsafe-fixes", lint], capture_output=True)
    fixed = json.load(open(lint))
    got = {("BR" if p["color"] == "black" else "WR"): p.get("rank") for p in fixed.get("players", [])
           if ("BR" if p["color"] == "black" else "WR") in kept}
    if "RE" in kept:
        got["RE"] = fixed["game"].get("result")
    assert got == want, (i, kept, want, got)
' "$JGFLINT" "$work" "$tmp"; then ok "values.sgf: lint mode fixes each original to what --convert wrote (九段 9p, 9단 in a 한국기원 record 9p, 白胜3又3/4子 W+7.5), and leaves 黒勝ち"
else not_ok "values.sgf: lint mode fixes each original to what --convert wrote (九段 9p, 9단 in a 한국기원 record 9p, 白胜3又3/4子 W+7.5), and leaves 黒勝ち"; fi

# An unknown rank as servers write it (WR[?], BR[NR]) is JGF's "", its
# spelling kept under meta.sgf and written back: it was "?", a converter bug
# (rank-format) in a check, --convert, --to sgf and --fix (issue 71).
printf '(;GM[1]FF[4]SZ[19]PB[a]BR[NR]PW[b]WR[?];B[pd])' > "$tmp/unknown-rank.sgf"
exits "WR[?] and BR[NR]: a check (exit 0)" 0 "$JGFLINT" "$tmp/unknown-rank.sgf"
if cat "$tmp/out" "$tmp/err" | grep -q 'converter bug\|rank-format'; then
  not_ok "… no converter bug, no rank-format"; else ok "… no converter bug, no rank-format"; fi
exits "… --convert (exit 0)" 0 "$JGFLINT" --convert --output - "$tmp/unknown-rank.sgf"
if python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert [p["rank"] for p in d["players"]] == ["", ""], d["players"]
assert (d["meta"]["sgf"]["BR"], d["meta"]["sgf"]["WR"]) == ("NR", "?"), d["meta"]' "$tmp/out"
then ok "… both ranks \"\", each spelling kept under meta.sgf"
else not_ok "… both ranks \"\", each spelling kept under meta.sgf"; fi
exits "… --to sgf (exit 0)" 0 "$JGFLINT" --convert --to sgf --output - "$tmp/unknown-rank.sgf"
if grep -q 'BR\[NR\]' "$tmp/out" && grep -q 'WR\[?\]' "$tmp/out"; then ok "… written back as BR[NR], WR[?]"
else not_ok "… written back as BR[NR], WR[?]"; sed 's/^/# /' "$tmp/out"; fi
cp "$tmp/unknown-rank.sgf" "$tmp/unknown-rank-fixed.sgf"
exits "… --fix (exit 0)" 0 "$JGFLINT" --fix "$tmp/unknown-rank-fixed.sgf"
if cmp -s "$tmp/unknown-rank.sgf" "$tmp/unknown-rank-fixed.sgf"; then ok "… --fix leaves the file as it is"
else not_ok "… --fix leaves the file as it is"; fi

# Character sets (src/convert/decode.c): lexed on characters, never bytes;
# each game in the set its CA names; detected without one; a broken byte
# sequence as U+FFFD with a note at its line:col; --encoding decides. The
# decoded names and comments are compared, not only the moves.
exits "sjis-collection.sgf (again)" 0 "$JGFLINT" --convert --force "$work/sjis-collection.sgf"
has "Shift_JIS without CA: detected, and the note names the choice" out \
  "$work/sjis-collection.sgf: info: no CA: read as CP932, detected (Shift_JIS (CP932) reads its 47 characters beyond ASCII best, then Windows-1256); --encoding NAME reads it otherwise [charset-guessed]"
exits "mixed-ca.sgf (again)" 0 "$JGFLINT" --convert --force "$work/mixed-ca.sgf"
has "a collection mixing CA: game 1 in EUC-KR, at its line:col" out "$work/mixed-ca.sgf:1:1: note: game 1: read as CP949 (CA[EUC-KR])"
has "… game 2 in UTF-8" out "$work/mixed-ca.sgf:3:1: note: game 2: read as UTF-8 (CA[UTF-8])"
has "… game 3 in Big5" out "$work/mixed-ca.sgf:5:1: note: game 3: read as BIG5-HKSCS (CA[Big5])"
exits "broken-utf8.sgf (again)" 0 "$JGFLINT" --convert --force "$work/broken-utf8.sgf"
has "CA[UTF-8] with a broken sequence: read as UTF-8 all the same" out "$work/broken-utf8.sgf: note: read as UTF-8 (CA[UTF-8])"
has "… the broken sequence is U+FFFD, with a note at its line:col" out \
  "$work/broken-utf8.sgf:1:31: warning: bytes that are not valid UTF-8: read as U+FFFD, the replacement character; --fix leaves them [charset-invalid-bytes]"
has "… and another, on line 2" out \
  "$work/broken-utf8.sgf:2:6: warning: bytes that are not valid UTF-8: read as U+FFFD, the replacement character; --fix leaves them [charset-invalid-bytes]"
exits "latin1-labelled-utf8.sgf (again)" 0 "$JGFLINT" --convert --force "$work/latin1-labelled-utf8.sgf"
has "CA[ISO-8859-1] on UTF-8 bytes: UTF-8, and it says why" out \
  "$work/latin1-labelled-utf8.sgf: warning: CA[ISO-8859-1], but the bytes are UTF-8 (characters of several bytes, which ISO-8859-1 would show as two or three): read as UTF-8 [charset-mismatch]"
if python3 -c '
import json, sys
w = sys.argv[1]
def rec(name): return json.load(open(w + "/" + name + ".jgf"))
def names(r): return [p.get("name") for p in r.get("players", [])]
def comments(r):
    out = []
    def walk(seq):
        for n in seq:
            out.extend(n.get("comments", []))
            for v in n.get("variations", []):
                walk(v)
    walk(r["tree"])
    return out
a, b = rec("sjis-collection-1"), rec("sjis-collection-2")
assert names(a) == ["申ソ江", "十能 表予"], names(a)   # second bytes 0x5C and 0x5D
assert [p["rank"] for p in a["players"]] == ["9p", "8p"], a["players"]
assert comments(a) == ["従来の定石。ゾーンの攻防", "表の手"], comments(a)
assert a["game"]["result"] == "B+R", a["game"]
assert names(b) == ["江戸ソ", "予申"] and b["players"][0]["rank"] == "1p", b["players"]
assert comments(b) == ["十]表"] and b["tree"][-1]["name"] == "能", b["tree"]
assert b["game"]["result"] == "W+3.5" and b["rules"]["komi"] == 6.5, b
k, u, g = rec("mixed-ca-1"), rec("mixed-ca-2"), rec("mixed-ca-3")
assert names(k) == ["이세돌", "박정환"] and comments(k) == ["바둑 해설"], (names(k), comments(k))
assert names(u) == ["柯洁", "申眞諝"] and comments(u) == ["围棋 바둑 囲碁"], (names(u), comments(u))
assert names(g) == ["許皓鋐", "王元均"] and comments(g) == ["圍棋功夫"], (names(g), comments(g))
f = rec("broken-utf8")
assert names(f) == ["巧\ufffd", "骊龙"], names(f)
assert comments(f) == ["ok \ufffd then 骊"], comments(f)
l = rec("latin1-labelled-utf8")
assert names(l) == ["René Lévêque", "Jürgen"] and comments(l) == ["café"], (names(l), comments(l))
n = rec("no-ca")
src = open(w + "/no-ca.sgf", "rb").read().decode("gb18030")
assert "【第三型】 黑先" in comments(n)[0] and comments(n)[0].strip() in src, comments(n)[:1]
j = rec("nihon-kiin")
assert names(j) == ["申眞ソ", "党毅飛"], names(j)
assert [p["rank"] for p in j["players"]] == ["9p", "9p"], j["players"]
assert j["game"]["result"] == "B+R" and j["rules"]["komi"] == 6.5 and j["event"]["location"] == "韓国棋院", j
assert j["rules"]["time"] == 3600 and j["meta"]["sgf"]["TM"] == "1時間", j["rules"]
m = j["meta"]["sgf"]
assert m["RE"] == "257手完, 黒中押し勝ち" and m["KO"] == "黒6目半" and m["BR"] == "九段", m
assert m["TE"] == "第1回ソパルコサノル世界最高棋士決定戦第9戦", m
' "$work"; then ok "decoded names, ranks and comments: Shift_JIS with 0x5C and 0x5D second bytes, a mixed collection, broken UTF-8, UTF-8 labelled ISO-8859-1, GB2312 and Shift_JIS detected"
else not_ok "decoded names, ranks and comments: Shift_JIS with 0x5C and 0x5D second bytes, a mixed collection, broken UTF-8, UTF-8 labelled ISO-8859-1, GB2312 and Shift_JIS detected"; fi
exits "--encoding decides, whatever detection would choose" 0 "$JGFLINT" --convert --encoding EUC-JP --output - "$work/nihon-kiin.sgf"
has "… and says so" err "$work/nihon-kiin.sgf: note: read as EUC-JP (--encoding EUC-JP)"
has "… with the bytes that are not EUC-JP at their line:col" err \
  "$work/nihon-kiin.sgf:2:5: warning: bytes that are not valid EUC-JP: read as U+FFFD, the replacement character; --fix leaves them [charset-invalid-bytes]"
exits "--encoding UTF-8 on CA[EUC-KR]: UTF-8 it is" 0 "$JGFLINT" --convert --encoding UTF-8 --output - "$work/korean.sgf"
has "… and says so" err "$work/korean.sgf: note: read as UTF-8 (--encoding UTF-8)"
exits "--encoding with a name iconv does not know: exit 2" 2 "$JGFLINT" --convert --encoding x-klingon "$work/korean.sgf"
has "… and says so" err "jgflint: --encoding: 'x-klingon' is not a character set iconv knows (such as Shift_JIS, EUC-KR, GB2312, Big5, UTF-8; \`iconv -l\` lists them)"
exits "--encoding with a check: taken (REVIEW.md R37; tests/charsets.sh reads with it)" 0 "$JGFLINT" --encoding EUC-KR "$work/korean.sgf"
exits "--encoding with a check, a name iconv does not know: exit 2" 2 "$JGFLINT" --encoding x-klingon "$work/korean.sgf"
has "… and says so" err "jgflint: --encoding: 'x-klingon' is not a character set iconv knows (such as Shift_JIS, EUC-KR, GB2312, Big5, UTF-8; \`iconv -l\` lists them)"

# Tygem GIB and WBaduk NGF (src/convert/gib.c, ngf.c), in their character
# sets, and sgfgrove's SGF-in-JSON: what Sabaki reads of the samples, and
# the rest of their headers kept under meta.
exits "euc-kr.gib (again)" 0 "$JGFLINT" --convert --force "$work/euc-kr.gib"
has "GIB declares no character set: detected" out \
  "$work/euc-kr.gib: info: read as CP949, detected (GIB files declare no character set; EUC-KR (CP949) reads its 43 characters beyond ASCII best, then EUC-JP); --encoding NAME reads it otherwise [charset-guessed]"
exits "even.ngf (again)" 0 "$JGFLINT" --convert --force "$work/even.ngf"
has "NGF's whole-point komi in an even game: the half point, with a note at its line" out \
  "$work/even.ngf:8:1: info: komi 7 read as 7.5: NGF writes whole points, and the komi of an even game has a half point [ngf-komi]"
if python3 -c '
import json, sys
w = sys.argv[1]
def rec(name): return json.load(open(w + "/" + name + ".jgf"))
def players(r): return [(p.get("name"), p.get("rank")) for p in r.get("players", [])]
def moves(r, n): return [(m["color"], m.get("x"), m.get("y")) for m in (x["move"] for x in r["tree"] if "move" in x)][:n]
u = rec("utf8")   # Sabaki: PB jy512 BR 15K, PW leejw977 WR 10K, DT 2016-03-26, HA 3, AB dp pd dd
assert players(u) == [("jy512", "15k"), ("leejw977", "10k")], players(u)
assert u["game"]["date"] == "2016-03-26" and u["rules"]["handicap"] == 3, u
assert u["tree"][0]["setup"] == [{"type": "black", "coords": [{"x": 3, "y": 15}, {"x": 15, "y": 3}, {"x": 3, "y": 3}]}]
assert moves(u, 4) == [("white", 15, 15), ("black", 13, 16), ("white", 16, 13), ("black", 13, 14)], moves(u, 4)
assert u["meta"]["gib"]["GAMETAG"].startswith("S1,R3,D5"), u["meta"]
# DUM 5 beside GONGJE 0 ("3 Handicap : White Dum(5)"): komi 0, as every
# other reader takes GONGJE alone; DUM kept
assert u["rules"]["komi"] == 0 and u["meta"]["gib"]["GAMEDUM"] == "5", u
o = rec("tygem-old")   # the older layout alone: GAMEGONGJE, GAMEDATE (no GAMEINFOMAIN, GAMETAG)
assert o["rules"] == {"komi": 6.5} and o["game"]["date"] == "2009-04-07", o
assert players(o) == [("jy512", "2d"), ("leejw977", "2d")] and o["game"]["result"] == "B+R", o
k = rec("euc-kr")
assert players(k) == [("dustkd1015", "1k"), ("dongjik", "1k")], players(k)
assert k["game"]["result"] == "B+T" and k["rules"]["komi"] == 6.5 and k["game"]["name"] == "승강급 대국", k
assert k["meta"]["gib"]["GAMERESULT"] == "흑 시간승" and k["rules"]["time"] == 1200, k
g = rec("gb2312")
assert players(g) == [("石下之臣", "2d"), ("harpmaster", "3d")] and g["game"]["result"] == "W+11", players(g)
assert g["rules"]["handicap"] == 5 and len(g["tree"][0]["setup"][0]["coords"]) == 5, g["rules"]
e = rec("even")   # Sabaki: KM 7.5, PW LQC 9p, PB CYY 9p, DT 2017-03-16, RE B+0.5, B qd, W dd, B pq, W dp
assert players(e) == [("CYY", "9p"), ("LQC", "9p")] and e["rules"]["komi"] == 7.5, e
assert e["game"] == {"type": "go", "name": "Rated game", "date": "2017-03-16", "result": "B+0.5"}, e["game"]
assert moves(e, 4) == [("black", 16, 3), ("white", 3, 3), ("black", 15, 16), ("white", 3, 15)], moves(e, 4)
h = rec("handicap2")
assert h["rules"] == {"handicap": 2, "komi": 0} and h["game"]["result"] == "W+R", h
assert players(h) == [("p81587", "5d*"), ("ace550", "7d*")], players(h)
gi = rec("gb2312-gi")
assert gi["game"] == {"type": "go", "name": "韩国十段战", "date": "2006-09-05", "result": "B+R"}, gi["game"]
assert players(gi) == [("李载雄", "5p"), ("朴承华", "1p")] and gi["rules"]["komi"] == 6.5, players(gi)
s = rec("sgfgrove-utf8bom")
assert players(s) == [("Kitani Minoru", "9p"), ("Go Seigen", "9p")] and s["rules"]["komi"] == 0, s
assert s["meta"]["sgf"]["AP"] == "Sabaki:0.35.0", s["meta"]
# sgfgrove writes an empty node as {}: (;;W[bb]) is [[{}, {"W": "bb"}], []]
v = rec("sgfgrove-empty-nodes-1")["tree"][2]["variations"]
assert [[m["move"]["x"] for m in line if "move" in m] for line in v] == [[1], [2, 3]], v
assert v[0][-1]["comments"] == ["sgfgrove writes (;;W[bb]) so"], v
assert rec("sgfgrove-empty-nodes-2")["tree"][-1]["move"] == {"color": "black", "x": 0, "y": 0}
' "$work"; then ok "GIB, NGF and sgfgrove: players, ranks, results, komi, dates, handicap stones, first moves, the rest under meta"
else not_ok "GIB, NGF and sgfgrove: players, ranks, results, komi, dates, handicap stones, first moves, the rest under meta"; fi

# Dates, komi and time in English words (issue 39), read as SGFC reads
# them: the record's date, komi and time, the words kept under meta.sgf;
# what is not understood stays kept, out of the record's fields.
printf '(;GM[1]FF[4]CA[UTF-8]SZ[19]DT[14 apr 97]KM[five and a half]TM[9 hours];B[pd])\n(;GM[1]FF[4]CA[UTF-8]SZ[19]DT[April 14, 1997]KM[6.5 points]TM[1h30m];B[pd])\n(;GM[1]FF[4]CA[UTF-8]SZ[19]DT[sometime]KM[lots]TM[long];B[pd])\n' > "$work/words.sgf"
exits "words.sgf converts" 0 "$JGFLINT" --convert "$work/words.sgf"
has "DT[14 apr 97]: a finding at the property, as every reading" out \
  "$work/words.sgf:1:28: info: [*] DT[14 apr 97] read as date 1997-04-14 (a year of two digits is the 1900s, as SGFC reads it): write DT[1997-04-14]; the original is kept under meta.sgf [sgf-date-read]"
if python3 -c '
import json, sys
w = sys.argv[1]
def rec(i): return json.load(open(w + "/words-%d.jgf" % i))
a, b, c = rec(1), rec(2), rec(3)
assert a["game"]["date"] == "1997-04-14" and a["rules"] == {"komi": 5.5, "time": 32400}, a
assert a["meta"]["sgf"]["DT"] == "14 apr 97" and a["meta"]["sgf"]["KM"] == "five and a half", a["meta"]
assert b["game"]["date"] == "1997-04-14" and b["rules"] == {"komi": 6.5, "time": 5400}, b
assert "date" not in c["game"] and "komi" not in c.get("rules", {}) and "time" not in c.get("rules", {}), c
assert c["meta"]["sgf"]["DT"] == "sometime" and c["meta"]["sgf"]["KM"] == "lots" and c["meta"]["sgf"]["TM"] == "long", c
' "$work"; then ok "dates, komi and time in English words: the record's fields, the words under meta.sgf; the rest kept"
else not_ok "dates, komi and time in English words: the record's fields, the words under meta.sgf; the rest kept"; fi

# Dates with a time of day, dots, slashes, the year last or a day of the
# week (issue 39), read as SGFC's -i reads them: the record's date in ISO,
# the original under meta.sgf, each with sgf-date-read; a day and a month
# that could be either way round are not guessed (kept, and said).
: > "$work/dates39.sgf"
for d in '2024-03-01 14:30' '2024-03-01T14:30:00' '2024.03.01' '1997/04/14' '14.04.1997' \
         'Mon, 14 Apr 1997' 'Monday April 14 1997' '04/14/1997' '03/04/1997' 'Tue, 14 Apr 1997'; do
  printf '(;GM[1]FF[4]CA[UTF-8]SZ[19]DT[%s];B[pd])\n' "$d" >> "$work/dates39.sgf"
done
exits "dates39.sgf converts" 0 "$JGFLINT" --convert "$work/dates39.sgf"
ndates=$(grep -c ' \[sgf-date-read\]$' "$tmp/out")
if [ "$ndates" -eq 8 ]; then ok "… eight dates read, each with sgf-date-read"
else not_ok "… eight dates read, each with sgf-date-read: $ndates"; sed 's/^/# /' "$tmp/out"; fi
has "… 03/04/1997 kept, and said why" out \
  "$work/dates39.sgf:9:28: info: kept under meta.sgf: DT (not a list of ISO dates: its day and month could be either way round, and are not guessed) [sgf-kept-property]"
if python3 -c '
import json, sys
w = sys.argv[1]
r = [json.load(open(w + "/dates39-%d.jgf" % i)) for i in range(1, 11)]
assert [x["game"].get("date") for x in r] == ["2024-03-01", "2024-03-01", "2024-03-01", "1997-04-14",
    "1997-04-14", "1997-04-14", "1997-04-14", "1997-04-14", None, None], [x["game"] for x in r]
assert [x["meta"]["sgf"]["DT"] for x in r] == ["2024-03-01 14:30", "2024-03-01T14:30:00", "2024.03.01",
    "1997/04/14", "14.04.1997", "Mon, 14 Apr 1997", "Monday April 14 1997", "04/14/1997", "03/04/1997",
    "Tue, 14 Apr 1997"], [x["meta"] for x in r]
' "$work"; then ok "… the record's date in ISO, the original under meta.sgf; the ambiguous ones kept out"
else not_ok "… the record's date in ISO, the original under meta.sgf; the ambiguous ones kept out"; fi

# Every word the record holds (issue 27): Tygem's current GIB layout, WBaduk's
# marks and results in NGF, a server's nicknames on 台灣棋院棋城網, dates
# with dots, ranges and a time zone word.
for f in tygem-current.gib wbaduk-amateur.ngf wbaduk-pro.ngf tygem-taiwan.sgf dates.sgf; do
  exits "$f (again, with --force)" 0 "$JGFLINT" --convert --force "$work/$f"
done
has "WBaduk's 5단* in a record that names 한국기원: amateur, and the note says why" out \
  "$work/dates.sgf:5:64: info: BR[5단*] read as rank 5d* (a rank with a server's mark * is an amateur's); the original is kept under meta.sgf [sgf-rank-read]"
if python3 -c '
import json, sys
w = sys.argv[1]
def rec(name): return json.load(open(w + "/" + name + ".jgf"))
def players(r): return [(p.get("name"), p.get("rank")) for p in r.get("players", [])]
t = rec("tygem-current")   # only GAMEINFOMAIN, GAMEINFOSUB, WUSERINFO, BUSERINFO, GAMETAG
assert players(t) == [("검은돌", "3k"), ("바둑왕", "6d")], players(t)
assert t["game"] == {"type": "go", "result": "W+R", "name": "타이젬 랭킹전", "date": "2023-07-09"}, t["game"]
assert t["event"] == {"location": "타이젬 바둑"} and t["rules"]["komi"] == 6.5 and t["rules"]["time"] == 1800, t
assert sorted(t["meta"]["gib"]) == ["BUSERINFO", "GAMEINFOMAIN", "GAMEINFOSUB", "GAMETAG", "WUSERINFO"], t["meta"]
g = rec("tygem-gametag")   # GAMETAG alone: G65, W1 and Z35 are its komi and result
assert g["rules"]["komi"] == 6.5 and g["game"]["result"] == "W+3.5", g
assert g["meta"]["gib"]["GAMERESULT"] == "백 3집반승", g["meta"]
tw = rec("tygem-taiwan")   # 台灣棋院棋城網 is a server: its 7段 nicknames are amateurs
assert players(tw) == [("棋城小龍", "7d"), ("黑白天使", "7d")], players(tw)
assert tw["event"]["location"] == "台灣棋院棋城網" and tw["game"]["date"] == "2018-04-27", tw
a = rec("wbaduk-amateur")  # 5단*, 4단*; 250수 흑7집승
assert players(a) == [("돌부처", "4d*"), ("바둑사랑", "5d*")] and a["game"]["result"] == "B+7", a
assert a["meta"]["ngf"]["RE"] == "250수 흑7집승", a["meta"]
p = rec("wbaduk-pro")      # 7단P, 7DP; White Win by Resign!
assert players(p) == [("이프로", "7p"), ("김프로", "7p")] and p["game"]["result"] == "W+R", p
d = [rec("dates-%d" % i) for i in range(1, 6)]
assert [r["game"].get("date") for r in d[:4]] == ["2018-04-27", "2018-04-27", "1940-10-30", "2001-10-10"], d
assert [r["meta"]["sgf"]["DT"] for r in d[:4]] == ["2018.04.27", "2018.04.27 10:00", "1940.10.30-31", "2001/10/10 15:38:55 UT"]
assert players(d[4]) == [("바둑사랑", "5d*"), ("돌부처", "3p")], players(d[4])
' "$work"; then ok "readers keep every word: Tygem current GIB, GAMETAG's komi and result, WBaduk marks and results, server nicknames, dotted dates"
else not_ok "readers keep every word: Tygem current GIB, GAMETAG's komi and result, WBaduk marks and results, server nicknames, dotted dates"; fi

# GIB passes, `SKI 0 N` (a counted game's last two moves, a pass in the
# middle): each a pass of the turn's colour, as Lizzie's reader passes,
# not dropped with the next move number said to skip one (both before).
exits "tygem-pass.gib converts" 0 "$JGFLINT" --convert --output - "$work/tygem-pass.gib"
if grep -q "gib-cut-short" "$tmp/out" "$tmp/err"; then not_ok "… no move said to be lost"; sed 's/^/# /' "$tmp/err"
else ok "… no move said to be lost"; fi
if printf '%s' "$(cat "$tmp/out")" | python3 -c '
import json, sys
r = json.load(sys.stdin)
m = [n["move"] for n in r["tree"] if "move" in n]
assert len(m) == 10 and m[3] == {"color": "white", "pass": True}, m
assert m[-2:] == [{"color": "black", "pass": True}, {"color": "white", "pass": True}], m
assert r["game"]["result"] == "W+24.5" and r["rules"]["komi"] == 6.5, r
'; then ok "… ten moves, three passes of the turn's colour"
else not_ok "… ten moves, three passes of the turn's colour"; fi
exits "tygem-pass.gib --to sgf" 0 "$JGFLINT" --convert --to sgf --output - "$work/tygem-pass.gib"
if [ "$(grep -c '^;[BW]\[' "$tmp/out")" = 10 ] && grep -q '^;B\[\]$' "$tmp/out"; then ok "… --to sgf writes the ten, B[] a pass"
else not_ok "… --to sgf writes the ten, B[] a pass"; sed 's/^/# /' "$tmp/out"; fi

# OGS: how the game ended is kept (issue 47: dropped silently): the score's
# scoring positions as the last node's score, `removed` and each colour's
# count under meta.ogs, and the note names them.
exits "ogs-scored.json converts" 0 "$JGFLINT" --convert --output - "$work/ogs-scored.json"
has "… the note names what meta.ogs keeps" err "<stdout>: kept under meta.ogs: game_id, move_times, removed, score"
if printf '%s' "$(cat "$tmp/out")" | python3 -c '
import json, sys
r = json.load(sys.stdin)
o = r["meta"]["ogs"]
assert o["removed"] == "bd", o
assert o["score"] == ["black: territory 4, stones 0, prisoners 1, handicap 0, komi 0, total 5",
                      "white: territory 4, stones 0, prisoners 0, handicap 0, komi 0.5, total 4.5"], o
last = r["tree"][-1]
assert last["move"] == {"color": "white", "pass": True}, last
assert last["score"] == [{"color": "black", "coords": [{"x": 0, "y": 0}, {"x": 0, "y": 1}, {"x": 1, "y": 0}]},
                         {"color": "white", "coords": [{"x": 4, "y": 4}, {"x": 4, "y": 3}, {"x": 3, "y": 4}]}], last
'; then ok "… removed, the counts and the scoring positions kept"
else not_ok "… removed, the counts and the scoring positions kept"; fi
# An autoscore snapshot (a board, ownership, no moves) is said to be no game,
# and its position is the record's setup.
exits "an OGS autoscore snapshot converts" 0 "$JGFLINT" --convert --output - testdata/rules/ogs-no-moves/fail-autoscore.json
has "… said to be no game record" err \
  "testdata/rules/ogs-no-moves/fail-autoscore.json:1:28: warning: this OGS file holds no game record (no \`moves\`); it holds \`ownership\`, \`estimated_score\`, not read: its \`board\`, a position, is read as the setup of an empty game [ogs-no-moves]"
has "… its board as the setup" out \
  '    { "setup": [ { "type": "black", "coords": [ { "x": 1, "y": 0 }, { "x": 1, "y": 1 } ] }, { "type": "white", "coords": [ { "x": 0, "y": 1 }, { "x": 1, "y": 2 } ] } ] }'

# Cyrillic records without CA (issue 47: every one was read as a CJK set or
# ISO-8859-1): Russian, Ukrainian and Bulgarian in Windows-1251, Russian and
# Bulgarian in KOI8-R, Russian in DOS's CP866 and in ISO-8859-5 (read as
# Windows-1251 or KOI8-R and said detected, before), each detected and
# said; and UTF-8 with one stray Windows-1251 byte in a Cyrillic name read
# as UTF-8, that byte U+FFFD.
for f in cp1251-russian cp1251-ukrainian cp1251-bulgarian koi8r-russian koi8r-bulgarian \
         cp866-russian iso8859-5-russian; do
  case $f in
    cp1251-*) cs=CP1251 label=Windows-1251 ;;
    cp866-*) cs=CP866 label='CP866 (DOS)' ;;
    iso8859-5-*) cs=ISO-8859-5 label=ISO-8859-5 ;;
    *) cs=KOI8-R label=KOI8-R ;;
  esac
  exits "$f.sgf converts" 0 "$JGFLINT" --convert --output - "$work/$f.sgf"
  if grep -q "^$work/$f.sgf: info: no CA: read as $cs, detected ($label reads its [0-9]* characters beyond ASCII best, then [^)]*); --encoding NAME reads it otherwise \[charset-guessed\]\$" "$tmp/err"
  then ok "… read as $cs, and the note says so"; else not_ok "… read as $cs, and the note says so"; sed 's/^/# /' "$tmp/err"; fi
  cp "$tmp/out" "$work/$f.out"
done
exits "utf8-stray-cyrillic.sgf converts" 0 "$JGFLINT" --convert --output - "$work/utf8-stray-cyrillic.sgf"
has "… read as UTF-8 but for the stray byte" err \
  "$work/utf8-stray-cyrillic.sgf: info: no CA: the bytes are UTF-8 but for 1 broken sequence (a character cut short, or a stray byte), read as UTF-8 (not ISO-8859-1, SGF's default, nor a set that reads the broken bytes as whole characters) [charset-guessed]"
has "… the stray byte said at its place" err \
  "$work/utf8-stray-cyrillic.sgf:1:29: warning: bytes that are not valid UTF-8: read as U+FFFD, the replacement character; --fix leaves them [charset-invalid-bytes]"
cp "$tmp/out" "$work/utf8-stray-cyrillic.out"
if python3 -c '
import json, sys
w = sys.argv[1]
def rec(f): return json.load(open(w + "/" + f + ".out"))
def names(f): return [p.get("name") for p in rec(f)["players"]]
assert names("cp1251-russian") == ["Дмитрий Сурин", "Илья Шикшин"], names("cp1251-russian")
assert names("cp1251-ukrainian") == ["Артем Качановський", "Богдан Жураковський"], names("cp1251-ukrainian")
assert rec("cp1251-ukrainian")["tree"][1]["comments"] == ["Гарний хід. Їхня група ще не жива."]
assert rec("cp1251-ukrainian")["event"]["name"] == "Чемпіонат України з ґо"
assert names("cp1251-bulgarian") == ["Иван Ангелов", "Цветелина Кирилова"], names("cp1251-bulgarian")
assert names("koi8r-russian") == ["Александр Динерштейн", "Светлана Шикшина"], names("koi8r-russian")
assert rec("koi8r-russian")["tree"][3]["comments"] == ["После этого хода у чёрных преимущество."]
assert names("koi8r-bulgarian") == ["Георги Петров", "Мирослав Василев"], names("koi8r-bulgarian")
assert names("cp866-russian") == ["Виктор Богданов", "Наталья Кованько"], names("cp866-russian")
assert rec("cp866-russian")["tree"][3]["comments"] == ["Белые ошиблись: надо было отрезать."]
assert rec("cp866-russian")["event"]["name"] == "Чемпионат СССР, Ленинград"
assert names("iso8859-5-russian") == ["Юрий Ершов", "Елена Щербакова"], names("iso8859-5-russian")
assert rec("iso8859-5-russian")["tree"][2]["comments"] == ["Хороший ход. Группа ещё не живая."]
assert names("utf8-stray-cyrillic") == ["Иванов \ufffdётр", "Анна Фёдорова"], names("utf8-stray-cyrillic")
' "$work"; then ok "Cyrillic names, events and comments decoded"
else not_ok "Cyrillic names, events and comments decoded"; fi

# ISO-2022-JP: seven bits, kanji between escape sequences. It was read as
# ASCII, the escapes kept in the names (PB[\x1b$B0f;3M5B@\x1b(B]), and a
# kanji whose second byte is `]` (丸) ended its value; now the file is read
# whole in it, and said; a CA naming another set does not fit it, said.
exits "iso2022jp-names.sgf converts" 0 "$JGFLINT" --convert --output - "$work/iso2022jp-names.sgf"
has "… read as ISO-2022-JP, and the note says so" err \
  "$work/iso2022jp-names.sgf: info: no CA: read as ISO-2022-JP (its escape sequences to JIS X 0208, ESC \$ B, which no other set has) [charset-guessed]"
# (丸山保 and 一力遼 in ISO-2022-JP, in a file of their own)
printf '(;FF[4]PB[\033$B4];3J]\033(B]DT[14 apr 97]PW[\033$B0lNONK\033(B])\n' > "$tmp/jis-dt.sgf"
exits "ISO-2022-JP: a check" 0 "$JGFLINT" --no-config --format concise "$tmp/jis-dt.sgf"
has "… places a finding at its characters' column" out \
  "$tmp/jis-dt.sgf:1:15: info: DT[14 apr 97] read as date 1997-04-14 (a year of two digits is the 1900s, as SGFC reads it): write DT[1997-04-14]; the original is kept under meta.sgf [sgf-date-read]"
# A shift its line does not close ends at the value's `]` (found by
# review: decoded on, `]PW[` read as two kanji, PW lost, said only as bytes
# not valid).
printf '(;FF[4]PB[\033$B0f;3]PW[x];B[dd])\n' > "$tmp/jis-open.sgf"
exits "ISO-2022-JP, a shift not closed" 0 "$JGFLINT" --no-config --convert --to sgf --output - "$tmp/jis-open.sgf"
if grep -qF 'SZ[19]PB[井山]PW[x]' "$tmp/out"; then ok "… its players both read"
else not_ok "… its players both read"; sed 's/^/# /' "$tmp/out"; fi
has "… said where the shift is ended" err \
  "$tmp/jis-open.sgf:1:13: warning: a shift to JIS X 0208 (ESC \$ B) is not closed before its line ends: read as ending here, the bytes before it as kanji, the rest of the line as ASCII; --fix leaves it [charset-invalid-bytes]"
# Under a CA naming another set the CA stands, said (--to sgf of such text,
# its escapes kept, read back the same: the fuzzer's round trip), and
# --encoding ISO-2022-JP reads it.
printf '(;FF[4]CA[UTF-8]PB[\033$B0f;3\033(B]PW[\033$B0lNONK\033(B])\n' > "$tmp/jis-ca.sgf"
exits "ISO-2022-JP under CA[UTF-8] converts" 0 "$JGFLINT" --convert --output "$tmp/jis" "$tmp/jis-ca.sgf"
has "… said: CA[UTF-8] stands, the escapes kept" out \
  "$tmp/jis-ca.sgf: warning: CA[UTF-8], but the bytes hold ISO-2022-JP's escape sequences to JIS X 0208 (ESC \$ B): read as CA says, the escapes kept in the text; --encoding ISO-2022-JP reads it as ISO-2022-JP [charset-mismatch]"
"$JGFLINT" --no-config -q --convert --to sgf --output - "$tmp/jis-ca.sgf" > "$tmp/jis-ca-w.sgf" 2> /dev/null
"$JGFLINT" --no-config -q --convert --to sgf --output - "$tmp/jis-ca-w.sgf" > "$tmp/jis-ca-w2.sgf" 2> /dev/null
if cmp -s "$tmp/jis-ca-w.sgf" "$tmp/jis-ca-w2.sgf" && grep -qF "$(printf 'PB[\033$B0f;3\033(B]')" "$tmp/jis-ca-w.sgf"
then ok "… written as SGF and read back the same"; else not_ok "… written as SGF and read back the same"; fi
exits "… --encoding ISO-2022-JP converts it" 0 "$JGFLINT" --convert --encoding ISO-2022-JP --output "$tmp/jis2" "$tmp/jis-ca.sgf"
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert [p["name"] for p in d["players"]] == ["井山", "一力遼"], d["players"]
' "$tmp/jis2/jis-ca.jgf"; then ok "… its names read"; else not_ok "… its names read"; fi

# The single-byte sets of the other languages Go players write in, without
# CA (issue 47: Greek, Polish, Hebrew and Arabic were read as Windows-1251,
# Thai as GB18030, Ukrainian in KOI8-U as KOI8-R with box drawing for і ї
# є, Turkish and Lithuanian as ISO-8859-1 without a word): each detected,
# the sets that read it alike named together, the runner-up after; and a
# Hungarian record, whose ő ISO-8859-1 reads as õ, read as ISO-8859-1 (a
# guess) until Mérõ, Kõszegi and kezdõdik were no Portuguese or Estonian
# words: Windows-1250.
while IFS='|' read -r f note; do
  exits "$f.sgf converts" 0 "$JGFLINT" --convert --output - "$work/$f.sgf"
  has "… $note" err "$work/$f.sgf: info: no CA: read as $note; --encoding NAME reads it otherwise [charset-guessed]"
  cp "$tmp/out" "$work/$f.out"
done <<'EOF'
cp1253-greek|CP1253, detected (Windows-1253 or ISO-8859-7 reads its 88 characters beyond ASCII best, then Windows-1251)
iso8859-7-greek|ISO-8859-7, detected (ISO-8859-7 reads its 70 characters beyond ASCII best, then Windows-1253)
cp1250-polish|CP1250, detected (Windows-1250 reads its 10 characters beyond ASCII best, then ISO-8859-2)
iso8859-2-czech|ISO-8859-2, detected (ISO-8859-2 reads its 11 characters beyond ASCII best, then Windows-1250)
cp1254-turkish|CP1254, detected (Windows-1254 or ISO-8859-9 reads its 6 characters beyond ASCII best, then Windows-1257)
cp1257-lithuanian|CP1257, detected (Windows-1257 reads its 7 characters beyond ASCII best, then Windows-1254)
cp1255-hebrew|CP1255, detected (Windows-1255 reads its 37 characters beyond ASCII best, then KOI8-R)
cp1256-arabic|CP1256, detected (Windows-1256 reads its 40 characters beyond ASCII best, then ISO-8859-5)
cp874-thai|CP874, detected (TIS-620 (CP874) reads its 41 characters beyond ASCII best, then ISO-8859-5)
koi8u-ukrainian|KOI8-U, detected (KOI8-U reads its 47 characters beyond ASCII best, then KOI8-R)
cp1250-hungarian|CP1250, detected (Windows-1250 or ISO-8859-2 reads its 6 characters beyond ASCII best, then ISO-8859-1)
EOF
if python3 -c '
import json, sys
w = sys.argv[1]
def rec(f): return json.load(open(w + "/" + f + ".out"))
def names(f): return [p.get("name") for p in rec(f)["players"]]
def comment(f): return rec(f)["tree"][1]["comments"]
assert names("cp1253-greek") == ["Γιώργος Παπαδόπουλος", "Νίκος Αντωνίου"], names("cp1253-greek")
assert rec("cp1253-greek")["event"]["name"] == "Πανελλήνιο Πρωτάθλημα Γκο"
assert names("iso8859-7-greek") == ["Άννα Χριστοδούλου", "Δημήτρης Κωνσταντίνου"], names("iso8859-7-greek")
assert names("cp1250-polish") == ["Paweł Łukasiewicz", "Zofia Ściegienna"], names("cp1250-polish")
assert comment("cp1250-polish") == ["Czarne popełniły błąd: trzeba było przeciąć."], comment("cp1250-polish")
assert names("iso8859-2-czech") == ["Ondřej Šilt", "Lukáš Podpěra"], names("iso8859-2-czech")
assert names("cp1254-turkish") == ["Çağrı Şahin", "Mehmet Yılmaz"], names("cp1254-turkish")
assert comment("cp1254-turkish") == ["Siyah hata yaptı: kesmesi gerekiyordu."], comment("cp1254-turkish")
assert names("cp1257-lithuanian") == ["Jūratė Ąžuolienė", "Mantas Žukauskas"], names("cp1257-lithuanian")
assert names("cp1255-hebrew") == ["יוסי כהן", "דניאל לוי"], names("cp1255-hebrew")
assert comment("cp1255-hebrew") == ["שחור טעה כאן: היה צריך לחתוך."], comment("cp1255-hebrew")
assert names("cp1256-arabic") == ["محمد العلي", "أحمد حسن"], names("cp1256-arabic")
assert comment("cp1256-arabic") == ["أخطأ الأسود هنا: كان يجب القطع."], comment("cp1256-arabic")
assert names("cp874-thai") == ["สมชาย ใจดี", "วิชัย ศรีสุข"], names("cp874-thai")
assert comment("cp874-thai") == ["ดำเดินผิดตรงนี้ ควรตัด"], comment("cp874-thai")
assert names("koi8u-ukrainian") == ["Тарас Їжакевич", "Ігор Гріщенко"], names("koi8u-ukrainian")
assert comment("koi8u-ukrainian") == ["Україна, Київ. Це єдиний хід."], comment("koi8u-ukrainian")
assert names("cp1250-hungarian") == ["Csaba Mérő", "Dániel Kőszegi"], names("cp1250-hungarian")
assert comment("cp1250-hungarian") == ["Itt kezdődik a kó."], comment("cp1250-hungarian")
' "$work"; then ok "Greek, Central European, Turkish, Baltic, Hebrew, Arabic, Thai and KOI8-U names and comments decoded"
else not_ok "Greek, Central European, Turkish, Baltic, Hebrew, Arabic, Thai and KOI8-U names and comments decoded"; fi

# UTF-8 without CA but for a name cut inside a character (Fox's records):
# UTF-8, the cut bytes U+FFFD, never a legacy set whose lead byte would take
# the value's `]` as its trail and run PB into PW (GB18030, Big5, Shift_JIS,
# EUC-KR, EUC-JP), nor Latin mojibake of every name.
printf '(;GM[1]FF[4]SZ[19]PB[\350\202?\350\203\206]BR[5d]PW[zxwwjb]WR[3d];B[pd])\n' > "$work/cut-gb.sgf"
printf '(;GM[1]FF[4]SZ[19]PB[\345\267\247\350\261]PW[abc];B[pd];W[dd])\n' > "$work/cut-big5.sgf"
printf '(;GM[1]FF[4]SZ[19]PB[\352\271\200\354\262]PW[\354\235\264];B[pd])\n' > "$work/cut-ko.sgf"
printf '(;GM[1]FF[4]SZ[19]PB[\343\201\202\343\201]PW[\345\267\247];B[pd])\n' > "$work/cut-ja.sgf"
printf '(;GM[1]FF[4]SZ[19]PB[L\303\251v\303\252\303]PW[\345\267\247\345\267\247];B[pd])\n' > "$work/cut-latin.sgf"
for f in cut-gb cut-big5 cut-ko cut-ja cut-latin; do
  exits "$f.sgf: a name cut inside a UTF-8 character converts" 0 "$JGFLINT" --convert --output - "$work/$f.sgf"
  has "… read as UTF-8, and the note says so" err \
    "$work/$f.sgf: info: no CA: the bytes are UTF-8 but for 1 broken sequence (a character cut short, or a stray byte), read as UTF-8 (not ISO-8859-1, SGF's default, nor a set that reads the broken bytes as whole characters) [charset-guessed]"
  cp "$tmp/out" "$work/$f.out"
done
if python3 -c '
import json, sys
w = sys.argv[1]
def names(f): return [p.get("name") for p in json.load(open(w + "/" + f + ".out"))["players"]]
assert names("cut-gb") == ["\ufffd?\u80c6", "zxwwjb"], names("cut-gb")
assert names("cut-big5") == ["\u5de7\ufffd", "abc"], names("cut-big5")
assert names("cut-ko") == ["\uae40\ufffd", "\uc774"], names("cut-ko")
assert names("cut-ja") == ["\u3042\ufffd", "\u5de7"], names("cut-ja")
assert names("cut-latin") == ["L\u00e9v\u00ea\ufffd", "\u5de7\u5de7"], names("cut-latin")
r = json.load(open(w + "/cut-gb.out"))
assert [p.get("rank") for p in r["players"]] == ["5d", "3d"], r["players"]
' "$work"; then ok "… every name kept, the cut character U+FFFD, PW and the ranks not swallowed"
else not_ok "… every name kept, the cut character U+FFFD, PW and the ranks not swallowed"; fi

# Korean ranks in digits (9단) in a record of a professional tournament
# (TE[제13회 춘란배 4강]) are professionals'; in an amateur's event amateurs'.
exits "pro-event.sgf (again)" 0 "$JGFLINT" --convert --output - "$work/pro-event.sgf"
has "… 9단 in 춘란배: 9p, and the note says why" err \
  "$work/pro-event.sgf:2:22: info: BR[9단] read as rank 9p (the record names a professional tournament); the original is kept under meta.sgf [sgf-rank-read]"
python3 -c 'import json,sys; r=json.load(sys.stdin); assert [p["rank"] for p in r["players"]] == ["9p", "9p"], r["players"]' < "$tmp/out" &&
  ok "… both players 9p" || not_ok "… both players 9p"
exits "amateur-event.sgf (again)" 0 "$JGFLINT" --convert --output - "$work/amateur-event.sgf"
has "… 5단 in 아마국수전 stays amateur" err \
  "$work/amateur-event.sgf:2:22: info: BR[5단] read as rank 5d (a dan in digits is a server's or an amateur's); the original is kept under meta.sgf [sgf-rank-read]"

# A finding of a converted record is shown at the property it came from
# (HA[4] of a game with five stones), in every reader, never at 0:0.
printf '(;GM[1]FF[4]SZ[19]HA[4]\nAB[dd][pp][dp][pd][jj];W[qq])\n' > "$work/hamismatch.sgf"
exits "SGF: a handicap of 4 with 5 stones (exit 0: a warning)" 0 "$JGFLINT" --convert --output - "$work/hamismatch.sgf"
has "… handicap-mismatch at HA[4]'s line:col" err \
  "$work/hamismatch.sgf:1:19: warning: HA is 4, but 5 black stones (and no white ones) are set up before the first move; a handicap of 4 is 4 black stones, set up before the first move or played before white's first [handicap-mismatch]"
printf '[\n  [\n    { "GM": 1, "SZ": 19,\n      "HA": 4, "AB": [ "dd", "pp", "dp", "pd", "jj" ] },\n    { "W": "qq" }\n  ]\n]\n' > "$work/hamismatch.json"
exits "SGF-in-JSON: the same" 0 "$JGFLINT" --convert --output - "$work/hamismatch.json"
has "… at the HA key's line:col" err \
  "$work/hamismatch.json:4:7: warning: rules.handicap is 4, but 5 black stones (and no white ones) are set up before the first move; a handicap of 4 is 4 black stones, set up before the first move or played before white's first [handicap-mismatch]"
printf '[Header]\nSize=9\nHdcp=3,0.5\n[Data]\nCC,B1,0,0\nGG,B1,0,0\nEE,W1,1,5\n' > "$work/hamismatch.ugf"
exits "UGF: a handicap of 3 with 2 stones, and white moves" 0 "$JGFLINT" --convert --output - "$work/hamismatch.ugf"
has "… at the Hdcp line" err \
  "$work/hamismatch.ugf:3:1: warning: rules.handicap is 3, but black has only 2 stones by white's first move (2 set up, 0 played); a handicap of 3 is 3 black stones, set up before the first move or played before white's first [handicap-mismatch]"
# A handicap played as black moves with white passes between them (issue
# 48): no handicap-mismatch, as duplicates reads it (the same game as AB).
printf '(;GM[1]FF[4]SZ[19]HA[3];B[dd];W[];B[pp];W[];B[dp];W[qq])\n' > "$work/hapasses.sgf"
exits "SGF: HA[3] played as three black moves, white passing between: exit 0" 0 "$JGFLINT" --no-config "$work/hapasses.sgf"
if "$JGFLINT" --no-config --format concise "$work/hapasses.sgf" 2>&1 | grep -q 'handicap-mismatch'; then
  not_ok "… no handicap-mismatch"
else
  ok "… no handicap-mismatch"
fi
# (one run for them all: the findings of each are those of its run alone)
# shellcheck disable=SC2046
"$JGFLINT" --convert --output - $(for src in "$work"/*.sgf "$work"/*.ugf "$work"/*.ugi "$work"/*.gib \
  "$work"/*.ngf "$work"/*.json "$TOP_SRCDIR"/../shared/samples/*/*.sgf; do
  [ -f "$src" ] && echo "$src"; done) 2>&1 > /dev/null | grep ':0:0: ' > "$tmp/zeros"
if [ ! -s "$tmp/zeros" ]; then ok "no finding of any converted record at 0:0"
else not_ok "no finding of any converted record at 0:0"; sed 's/^/# /' "$tmp/zeros"; fi

# Never overwrite without --force; --force replaces; the input itself never.
echo 'keep me' > "$work/collision.jgf"
printf '(;GM[1]SZ[9];B[ee])\n' > "$work/collision.sgf"
exits "an existing record is not overwritten (exit 2)" 2 "$JGFLINT" --convert "$work/collision.sgf"
has "… and it says how to replace it" out \
  "$work/collision.sgf: error: $work/collision.jgf exists: not overwritten (give --force to replace it)"
if [ "$(cat "$work/collision.jgf")" = "keep me" ]; then ok "… and it is untouched"; else not_ok "… and it is untouched"; fi
exits "--force replaces it" 0 "$JGFLINT" --convert --force "$work/collision.sgf"
if grep -q '"format": "JGF"' "$work/collision.jgf"; then ok "… with the record"; else not_ok "… with the record"; fi
cp testdata/rules/foreign-format/fail-sgf-in-json-tree.jgf "$work/self.jgf"
exits "an SGF-in-JSON file named .jgf is never replaced by its own record" 2 "$JGFLINT" --convert --force "$work/self.jgf"
if cmp -s testdata/rules/foreign-format/fail-sgf-in-json-tree.jgf "$work/self.jgf"; then ok "… it is untouched"; else not_ok "… it is untouched"; fi
# SGF-in-JSON is told by its property names, as long as they are: FF[4]
# sets no limit, and private ones are long (MULTIGOGM: 9 letters, which a
# limit of 8 took for no SGF).
exits "SGF-in-JSON with a property name of 9 letters converts (exit 0)" 0 \
  "$JGFLINT" --convert --output - testdata/rules/foreign-format/fail-sgf-in-json-long-property.jgf
has "… MULTIGOGM kept under meta.sgf" err "<stdout>: kept under meta.sgf: FF, GM, MULTIGOGM"
mkdir "$tmp/ro"; chmod a-w "$tmp/ro"
exits "an unwritable --output directory: exit 2" 2 "$JGFLINT" --convert --output "$tmp/ro" "$work/occupied.sgf"
if [ -z "$(ls -A "$tmp/ro")" ]; then ok "… and nothing is left in it"; else not_ok "… and nothing is left in it"; fi
exits "--output that is not a directory: exit 2" 2 "$JGFLINT" --convert --output "$work/occupied.sgf" "$work/occupied.sgf"

# Inputs that once made the reader loop for ever: a NUL byte between
# properties; a UGF header line with no variable name.
printf '(;GM[1]SZ[9]\0;B[ee])\n' > "$work/nul.sgf"
exits "a NUL byte in SGF is skipped, with a note" 0 timeout 20 "$JGFLINT" --convert "$work/nul.sgf"
printf '[Header]\n=nameless\nSize=9\n[Data]\nEE,B1,1,0\n' > "$work/nameless.ugf"
exits "a UGF variable without a name is skipped" 0 timeout 20 "$JGFLINT" --convert "$work/nameless.ugf"

# Standard input and output.
exits "stdin to stdout with -" 0 sh -c '"$1" --convert - < "$2"' sh "$JGFLINT" "$work/no-ca-utf8.sgf"
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["record"]["version"] == 2' "$tmp/out"; then
  ok "… the record is on stdout, messages on stderr"; else not_ok "… the record is on stdout, messages on stderr"; fi
exits "--output - writes a single game to stdout" 0 "$JGFLINT" --convert --output - "$work/no-ca-utf8.sgf"
exits "… but not a collection (exit 2)" 2 "$JGFLINT" --convert --output - "$work/collection.sgf"

# A directory: every .sgf, .ugf and .ugi below it (any case), hidden
# directories skipped; --output keeps the subdirectories.
arch=$tmp/archive
mkdir -p "$arch/sub/deeper" "$arch/.hidden"
cp "$work/no-ca-utf8.sgf" "$arch/a.sgf"
cp "$work/data-only.ugf" "$arch/sub/B.UGF"
cp "$work/collection.sgf" "$arch/sub/deeper/c.sgf"
cp "$work/no-ca-utf8.sgf" "$arch/.hidden/h.sgf"
printf 'not a game\n' > "$arch/notes.txt"
exits "--convert DIR converts every SGF and UGF file below it" 0 "$JGFLINT" --convert "$arch/"
has "… beside each input" out "$arch/sub/B.UGF: wrote $arch/sub/B.jgf (UGF game 1 of 1)"
if [ -f "$arch/a.jgf" ] && [ -f "$arch/sub/deeper/c-2.jgf" ] && [ ! -e "$arch/.hidden/h.jgf" ] &&
   [ "$(find "$arch" -name '*.jgf' | wc -l)" -eq "$(($(ls "$arch"/sub/deeper/c-*.jgf | wc -l) + 2))" ]; then
  ok "… every game, none from a hidden directory"
else not_ok "… every game, none from a hidden directory"; find "$arch" | sed 's/^/# /'; fi
mkdir "$tmp/jgf"
exits "--convert DIR --output OUT" 0 "$JGFLINT" --convert "$arch" --output "$tmp/jgf"
if [ -f "$tmp/jgf/a.jgf" ] && [ -f "$tmp/jgf/sub/B.jgf" ] && [ -f "$tmp/jgf/sub/deeper/c-1.jgf" ] &&
   cmp -s "$arch/sub/B.jgf" "$tmp/jgf/sub/B.jgf"; then ok "… keeps the subdirectories under OUT"
else not_ok "… keeps the subdirectories under OUT"; find "$tmp/jgf" | sed 's/^/# /'; fi
# The directory named as the walk names it: ".", "./", "sub", "sub/",
# "./sub", ".." and an absolute path; the paths below it kept whole under
# OUT (issue 47: "." lost two characters of each, sub/a.sgf to OUT/b/a.jgf).
for walked in . ./ sub sub/ ./sub ../archive "$arch" "$arch/"; do
  case $walked in
    *sub*) want="OUT/B.jgf OUT/deeper/c-1.jgf" ;;
    *) want="OUT/a.jgf OUT/sub/B.jgf OUT/sub/deeper/c-1.jgf" ;;
  esac
  got=$(cd "$arch" && rm -rf OUT && "$JGFLINT" --convert --output OUT "$walked" > /dev/null 2>&1 &&
        find OUT -name '*.jgf' ! -name 'c-[2-9]*.jgf' | LC_ALL=C sort | tr '\n' ' ')
  if [ "$got" = "$want " ]; then ok "--convert --output OUT $walked: the paths below it kept"
  else not_ok "--convert --output OUT $walked: the paths below it kept"; echo "# got: $got"; echo "# want: $want"; fi
done
rm -rf "$arch/OUT"
exits "a directory and a file in it, named twice: converted once (exit 0)" 0 "$JGFLINT" --convert --force "$arch" "$arch/a.sgf" "$arch/./a.sgf"
[ "$(grep -c "^$arch/a.sgf: wrote\|^$arch/./a.sgf: wrote" "$tmp/out")" -eq 1 ] && ok "… one record written for it" ||
  { not_ok "… one record written for it"; sed 's/^/# /' "$tmp/out"; }
printf '{"exclude": ["sub/deeper"]}\n' > "$arch/.jgflint.json"
rm -rf "$tmp/jgf2" && mkdir "$tmp/jgf2"
exits "--convert DIR honours the exclude of DIR's configuration" 0 "$JGFLINT" --convert "$arch" --output "$tmp/jgf2"
[ -f "$tmp/jgf2/sub/B.jgf" ] && [ ! -e "$tmp/jgf2/sub/deeper" ] && ok "… sub/deeper is left out" ||
  { not_ok "… sub/deeper is left out"; find "$tmp/jgf2" | sed 's/^/# /'; }
rm "$arch/.jgflint.json"
exits "--convert DIR --output - is refused (exit 2)" 2 "$JGFLINT" --convert "$arch" --output -
mkdir "$tmp/empty"
exits "--convert on a directory with no SGF or UGF file: exit 2" 2 "$JGFLINT" --convert "$tmp/empty"
has "… and says so" err "jgflint: $tmp/empty: no .sgf, .ugf, .ugi, .ugz, .gib or .ngf file to convert"
# Two inputs with one stem in one folder (3handicap.gib and 3handicap.ngf):
# the first in the walk's order (sorted) keeps the name, the second gets
# its input's ending after the stem, and the run says so; --force replaces
# files from before the run, never one the run wrote itself.
mkdir "$tmp/twins"
cp "$work/no-ca-utf8.sgf" "$tmp/twins/g.sgf"
cp "$work/data-only.ugf" "$tmp/twins/g.ugf"
printf '(;GM[1]SZ[9];B[ee])\n' > "$tmp/twins/g-ugf.sgf"   # g-ugf.jgf, first in the walk
exits "g.sgf and g.ugf, --force: both written (exit 0)" 0 "$JGFLINT" --convert --force "$tmp/twins"
has "… and the run says where the second went" out "$tmp/twins/g.ugf: note: $tmp/twins/g.jgf was written by this run from another input: this game is written as $tmp/twins/g-ugf-1.jgf"
has "… g.ugf's own record" out "$tmp/twins/g.ugf: wrote $tmp/twins/g-ugf-1.jgf (UGF game 1 of 1)"
if python3 -c 'import json,sys; assert "ugf" not in json.load(open(sys.argv[1])).get("meta", {}); assert "ugf" in json.load(open(sys.argv[2]))["meta"]' "$tmp/twins/g.jgf" "$tmp/twins/g-ugf-1.jgf"
then ok "… the first game's record stays, the second has its own"; else not_ok "… the first game's record stays, the second has its own"; fi
(cd "$tmp/twins" && ls) > "$tmp/names1"
exits "… a second run with --force (exit 0 again)" 0 "$JGFLINT" --convert --force "$tmp/twins"
has "… and again keeps the first" out "$tmp/twins/g.sgf: wrote $tmp/twins/g.jgf (SGF game 1 of 1)"
has "… and names the second as before" out "$tmp/twins/g.ugf: wrote $tmp/twins/g-ugf-1.jgf (UGF game 1 of 1)"
(cd "$tmp/twins" && ls) > "$tmp/names2"
cmp -s "$tmp/names1" "$tmp/names2" && ok "… the same names in every run" ||
  { not_ok "… the same names in every run"; diff "$tmp/names1" "$tmp/names2" | sed 's/^/# /'; }
rm -rf "$tmp/twins-out"
exits "the same into --output DIR, without --force" 0 "$JGFLINT" --convert --output "$tmp/twins-out" "$tmp/twins"
(cd "$tmp/twins-out" && ls | tr '\n' ' ') > "$tmp/names3"
[ "$(cat "$tmp/names3")" = "g-ugf-1.jgf g-ugf.jgf g.jgf " ] && ok "… every game a name of its own" ||
  { not_ok "… every game a name of its own"; sed 's/^/# /' "$tmp/names3"; }
rm -rf "$tmp/twins-out"
exits "inputs named in the other order" 0 "$JGFLINT" --convert --output "$tmp/twins-out" "$tmp/twins/g.ugf" "$tmp/twins/g.sgf"
has "… the first named keeps the name" out "$tmp/twins/g.sgf: wrote $tmp/twins-out/g-sgf.jgf (SGF game 1 of 1)"

printf '{"record": {}}' > "$work/plain.jgf"
exits "a file that is none of the formats: exit 2" 2 "$JGFLINT" --convert "$work/plain.jgf"
exits "--output without --convert is a usage error" 2 "$JGFLINT" --output "$tmp" "$work/plain.jgf"
exits "--convert with --fix is a usage error" 2 "$JGFLINT" --convert --fix "$work/plain.jgf"
exits "--help" 0 "$JGFLINT" --help
if grep -q -- '--convert' "$tmp/out" && grep -q -- '--force' "$tmp/out"; then ok "--help describes --convert, --output and --force"
else not_ok "--help describes --convert, --output and --force"; fi
# OGS's REST API shape: the system a string, its numbers in the JSON text
# of time_control_parameters (read as the gamedata's object; ignored before).
exits "OGS API: time_control_parameters read" 0 "$JGFLINT" --convert - \
  < testdata/rules/ogs-value-type/pass-api-parameters.json
has "… the main time" out '    "time": 300,'
has "… the overtime" out '    "overtime": "fischer: 20 s added a move, at most 600 s"'
# A `(` right after `(` is ignored, as SGFC ignores it: the `)` after the
# variation ends the game, and the game after it is one of its own (issue
# 47: it was read as one game, the second inside the first).
mkdir "$tmp/parens"
exits "((: converts (exit 0)" 0 "$JGFLINT" --convert --output "$tmp/parens" \
  testdata/rules/sgf-empty-variation/fail-double-paren-games.sgf
has "… two games, as SGFC reads them" out "1 file read, 2 games: 2 records written"
# A game whose `)` was lost (a truncated copy in a collection) is closed
# before the next `(` whose first node holds GM or FF when no `)` closes it
# before the end: it and every game after it were read as variations of the
# open game (a collection of 2,000 games with one `(` left open read as 669,
# duplicates said nothing). A collection held as one tree, its games
# variations closed by the tree's `)`, stays one game.
mkdir "$tmp/next"
exits "a game left open before the next: converts (exit 0)" 0 "$JGFLINT" --convert --output "$tmp/next" \
  testdata/rules/sgf-unclosed-tree/fail-next-game.sgf
has "… three games, the first closed before the second" out "1 file read, 3 games: 3 records written"
has "… where its \`)\` was lost, said" out \
  "testdata/rules/sgf-unclosed-tree/fail-next-game.sgf:2:1: warning: [*] 1 \`)\` missing before the next game (this \`(\` starts a node with GM or FF, and no \`)\` closes the game before it): the game tree is read as closed here [sgf-unclosed-tree]"
exits "… duplicates reads three games" 0 "$JGFLINT" duplicates testdata/rules/sgf-unclosed-tree/fail-next-game.sgf
has "… … said" err "3 games read from 1 file: no duplicates"
"$JGFLINT" --fix - < testdata/rules/sgf-unclosed-tree/fail-next-game-in-variation.sgf > "$tmp/next/fixed.sgf" 2> /dev/null
check "… --fix writes the two \`)\` before the next game" \
  '[ "$(sed -n 2p "$tmp/next/fixed.sgf")" = "(;W[gg]" ] && [ "$(sed -n 3p "$tmp/next/fixed.sgf")" = "))(;FF[4]GM[1]SZ[9]PB[Second];B[dd])" ]'
exits "… the fixed file checks clean" 0 "$JGFLINT" --no-config --warnings-as-errors --stdin-filename fixed.sgf - < "$tmp/next/fixed.sgf"
# ... and a finding of the next game is placed in it (sgfplace.c reads the
# text as the reader does: it was "game 1, node 2, variation 1, node 2").
printf '(;GM[1]FF[4]SZ[9];B[cc];W[gg]\n(;GM[1]FF[4]SZ[9];B[dd];W[dd])\n' > "$tmp/next/place.sgf"
"$JGFLINT" --no-config --format json "$tmp/next/place.sgf" > "$tmp/next/place.json" 2> /dev/null
check "… a finding of the next game is placed in it (game 2, node 2, W)" \
  'python3 -c "import json, sys; d = json.load(open(sys.argv[1]))[\"diagnostics\"]
sys.exit(not any(x[\"rule\"] == \"occupied-point\" and x[\"place\"] == \"game 2, node 2, W\" for x in d))" "$tmp/next/place.json"'
# ... and each game is read in its own character set: a UTF-8 game left
# open before a Windows-1251 one was one game to the character set's
# reading, both read as GB18030 (CJK for Cyrillic names).
printf '(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[\320\230\320\262\320\260\320\275];B[aa]\n(;GM[1]FF[4]CA[Windows-1251]SZ[9]PB[\317\270\362\360];B[bb])\n' \
  > "$tmp/next/charsets.sgf"
"$JGFLINT" --convert --output "$tmp/next/cs" "$tmp/next/charsets.sgf" > /dev/null 2>&1
check "… each game in its own character set (UTF-8, then Windows-1251)" \
  'grep -qF "\"name\": \"Иван\"" "$tmp/next/cs/charsets-1.jgf" && grep -qF "\"name\": \"Пётр\"" "$tmp/next/cs/charsets-2.jgf"'
# GIB and UGF files concatenated are a game each, as SGF's collection is:
# a GIB header after a game's moves (or its \GE), a UGF [Header] after the
# first, begins the next game. Both were one game: the GIB's moves one
# line, the second game's after the first's; the UGF's header values
# merged and the first game's moves lost for the last [Data]'s.
cat testdata/convert/tygem-current.gib testdata/convert/tygem-current.gib > "$tmp/next/two.gib"
exits "two GIB games in one file convert" 0 "$JGFLINT" --convert --output "$tmp/next/gib" "$tmp/next/two.gib"
has "… two games, 41 moves each" out "1 file read, 2 games: 2 records written"
check "… … 41 moves each" \
  '[ "$(grep -c "\"move\"" "$tmp/next/gib/two-1.jgf")" = 41 ] && [ "$(grep -c "\"move\"" "$tmp/next/gib/two-2.jgf")" = 41 ]'
# A move number far beyond any game's (the fuzz's 2222...2, saturated
# to LONG_MAX, whose next was compared as LONG_MAX + 1: an overflow UBSan
# aborts on) is no number read; the moves are all read.
sed 's/^STO 0 2 2 /STO 0 2222222222222222222222 2 /; s/^STO 0 5 1 /STO 0 -9999999999999999999999 1 /' \
  testdata/convert/tygem-current.gib > "$tmp/next/huge.gib"
exits "GIB move numbers beyond any game's convert" 0 "$JGFLINT" --convert --output "$tmp/next/huge" "$tmp/next/huge.gib"
check "… 41 moves, no number said" \
  '[ "$(grep -c "\"move\"" "$tmp/next/huge/huge.jgf")" = 41 ] && ! grep -q "move number" "$tmp/err"'
cat testdata/convert/amateur.ugf testdata/convert/long-names.ugf > "$tmp/next/two.ugf"
exits "two UGF games in one file convert" 0 "$JGFLINT" --convert --output "$tmp/next/ugf" "$tmp/next/two.ugf"
has "… two games" out "1 file read, 2 games: 2 records written"
"$JGFLINT" --convert --output "$tmp/next/ugf1" testdata/convert/amateur.ugf > /dev/null 2>&1
"$JGFLINT" --convert --output "$tmp/next/ugf2" testdata/convert/long-names.ugf > /dev/null 2>&1
check "… each the record of its file alone" \
  'cmp -s "$tmp/next/ugf/two-1.jgf" "$tmp/next/ugf1/amateur.jgf" && cmp -s "$tmp/next/ugf/two-2.jgf" "$tmp/next/ugf2/long-names.jgf"'
# ... and so are NGF files: twelve header lines after the moves, a board
# size second, begin the next game (its header was kept under meta.ngf and
# its moves went on after the first game's).
cat testdata/convert/wbaduk-amateur.ngf testdata/convert/even.ngf > "$tmp/next/two.ngf"
exits "two NGF games in one file convert" 0 "$JGFLINT" --convert --output "$tmp/next/ngf" "$tmp/next/two.ngf"
has "… two games" out "1 file read, 2 games: 2 records written"
"$JGFLINT" --convert --output "$tmp/next/ngf1" testdata/convert/wbaduk-amateur.ngf > /dev/null 2>&1
"$JGFLINT" --convert --output "$tmp/next/ngf2" testdata/convert/even.ngf > /dev/null 2>&1
check "… each the record of its file alone" \
  'cmp -s "$tmp/next/ngf/two-1.jgf" "$tmp/next/ngf1/wbaduk-amateur.jgf" && cmp -s "$tmp/next/ngf/two-2.jgf" "$tmp/next/ngf2/even.jgf"'
exits "a collection held as one tree converts" 0 "$JGFLINT" --convert --output "$tmp/next/one" \
  testdata/rules/sgf-unclosed-tree/pass-games-as-variations.sgf
has "… one game, its games variations" out "1 file read, 1 game: 1 record written"
# A large tree's nodes of a move with a name, comments, labels and marks
# are written without their DOM (convert.c's emit_plain_move): each way
# such a node can be read, the record is the one node_parts's way writes.
if [ -n "$HOOKED" ]; then
  for min in 0 2G; do
    JGFLINT_STREAM_MIN=$min "$HOOKED" --convert -q --output - testdata/plainnode/plain-markup.sgf \
      > "$tmp/next/plain-$min.jgf" 2>&1
  done
  check "a move's name, comments, labels and marks: the same record streamed and made as a DOM" \
    'cmp -s "$tmp/next/plain-0.jgf" "$tmp/next/plain-2G.jgf"'
else
  skip "a move's name, comments, labels and marks streamed and not: needs the test program (tests/jgflint-hooks)"
fi
# A UGF Size= that is no number (9x, or past 100,000,000) is no size, as
# sgf-board-size says of its SZ: the moves are read on 19x19 as the record's
# board is (atoi read 9x as 9, the moves on a 9x9 board, the record 19x19).
sed 's/^Size=9$/Size=9x/' testdata/rules/ugf-deep-variations/pass-example.ugi > "$tmp/next/size.ugi"
"$JGFLINT" --convert --to sgf --output "$tmp/next/size" "$tmp/next/size.ugi" > "$tmp/next/size.out" 2>&1
check "a UGF Size=9x: the moves read on the record's 19x19 board (CC at cq), said" \
  'grep -q "SZ\[19\]" "$tmp/next/size/size.sgf" && grep -q ";B\[cq\]" "$tmp/next/size/size.sgf" && grep -q "size.ugi:4:1: warning: SZ is not a board size" "$tmp/next/size.out"'
# ... and Size=9 with a blank after it is 9 (atoi's reading; 3180668 read
# it as none, the moves on 19x19 under SZ[9] and every one of them lost)
sed 's/^Size=9$/Size=9 /' testdata/rules/ugf-deep-variations/pass-example.ugi > "$tmp/next/size9.ugi"
"$JGFLINT" --convert --to sgf --output "$tmp/next/size9" "$tmp/next/size9.ugi" > "$tmp/next/size9.out" 2>&1
check "a UGF Size=9 and a blank: the moves read on its 9x9 board (CC at cg), nothing said" \
  'grep -q "SZ\[9\]" "$tmp/next/size9/size9.sgf" && grep -q ";B\[cg\]" "$tmp/next/size9/size9.sgf" && ! grep -q "warning" "$tmp/next/size9.out"'
# An NGF komi line that is no whole number (6.5) is kept under meta.ngf as
# a line of unknown meaning, not dropped unsaid (nor the size, handicap or
# date lines so)
"$JGFLINT" --convert --output "$tmp/next/komi" testdata/rules/ngf-cut-short/pass-header-values.ngf > /dev/null 2>&1
check "an NGF komi 6.5: kept under meta.ngf" \
  'python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(d[\"meta\"][\"ngf\"].get(\"LINE7\") != \"6.5\")" "$tmp/next/komi/pass-header-values.jgf"'
# A GI header with one of its two empty lines lost: the title and the
# players are read (the arrangements that lose the title or a player put
# a player on an empty line; they were "not read" as the arrangements differed)
sed '5d' testdata/rules/ngf-gi-dialect/fail-example.ngf > "$tmp/next/gi.ngf"
"$JGFLINT" --convert --to sgf --output "$tmp/next/gi" "$tmp/next/gi.ngf" > /dev/null 2>&1
check "an NGF GI header with an empty line lost: title and players read" \
  'grep -q "GN\[Rated game\]" "$tmp/next/gi/gi.sgf" && grep -q "PB\[B\]" "$tmp/next/gi/gi.sgf" && grep -q "PW\[W\]" "$tmp/next/gi/gi.sgf"'
# XM with a bad value (REVIEW.md R24): each of its values on the board is
# read as markup of its type (pd star, once), the bad ones left out (zz off
# the board, pd:star again, dd no type), the property kept whole as written
# (it was kept with no markup read at all once a value was bad), and the
# finding names the first bad value and why. (Not in testdata/: a file
# more there moves the mutation tests' sample.)
printf '(;GM[1]FF[4]SZ[19];B[pd]XM[zz:diamond][pd:star][pd:star][dd])' > "$tmp/next/xm.sgf"
"$JGFLINT" --convert --output "$tmp/next/xm" "$tmp/next/xm.sgf" > "$tmp/next/xm.out" 2>&1
check "XM with bad values: its good value read as markup, the property kept as written" \
  'python3 -c "import json,sys; d=json.load(open(sys.argv[1])); n=d[\"tree\"][1]; sys.exit(n.get(\"markup\") != [{\"type\": \"star\", \"coords\": [{\"x\": 15, \"y\": 3}]}] or d[\"meta\"][\"sgf\"][\"nodes\"][\"/tree/1\"][\"XM\"] != [\"zz:diamond\", \"pd:star\", \"pd:star\", \"dd\"])" "$tmp/next/xm/xm.jgf"'
check "… the finding names the first bad value, why, and how many more" \
  'grep -qF "xm.sgf:1:25: warning: kept under meta.sgf.nodes as written: XM, jgflint'"'"'s markup of other types, whose value \`zz:diamond\` is not point:type on the board (and 2 more); its values that are point:type on the board are read as markup [sgf-label-value]" "$tmp/next/xm.out"'
printf '(;GM[1]FF[4]SZ[19];B[pd]XM[pd:diamond][dd:diamond][pd:star])' > "$tmp/next/xm-good.sgf"
"$JGFLINT" --convert --output "$tmp/next/xm" "$tmp/next/xm-good.sgf" > "$tmp/next/xm.out" 2>&1
check "XM of two types, a point of each: read, nothing said" '! grep -q "sgf-label-value" "$tmp/next/xm.out"'
if grep -qF -- '\-\-convert' man/jgflint.1 && grep -qF -- '\-\-force' man/jgflint.1; then ok "the man page describes --convert"
else not_ok "the man page describes --convert"; fi

echo "1..$n"
[ "$failed" -eq 0 ]
