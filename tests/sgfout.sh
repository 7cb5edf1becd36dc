#!/bin/sh
# --convert --to sgf: SGF FF[4] from every format jgflint reads and from JGF
# (SGF, UGF/UGI, GIB, NGF, SGF-in-JSON, OGS's game JSON).
# Round trips over testdata/convert and the shared samples: X -> SGF -> JGF
# gives the game X -> JGF gives (tree, players, game, rules, board, event,
# source; tests/sgfout_same.py), and --to sgf of its own output is the
# identity. The writer's mapping on a record that holds every datum, and
# the writing safety (the input itself refused, --force, standard output).
# TAP output. Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR" || exit 1
. "$TOP_SRCDIR/tests/tap.sh"
tap_scratch

# runs MAP ARGS...: jgflint --convert ARGS, one run for all its inputs (a
# run an input cost most of this test's time); $tmp/rt/MAP.map gets the
# "INPUT OUTPUT" of each file it wrote (its "wrote" lines).
runs() {
  map=$1; shift
  "$JGFLINT" --convert "$@" < /dev/null 2>&1 |
    sed -n 's/^\(.*\): wrote \([^ ]*\).*$/\1 \2/p' > "$tmp/rt/$map.map"
}
# inputs FILE...: a fresh $tmp/rt, the FILEs there are in $tmp/rt/inputs;
# false when none is.
inputs() {
  rm -rf "$tmp/rt" && mkdir "$tmp/rt"
  for f in "$@"; do
    if [ -f "$f" ]; then echo "$f"; fi
  done > "$tmp/rt/inputs"
  [ -s "$tmp/rt/inputs" ]
}
# shared_sets FUNC: FUNC FILE... for each set of the shared samples the
# round trips read (a directory each: the names of its outputs are its own).
shared_sets() {
  for kind in sgf gib ngf ugf; do
    "$1" ../shared/samples/$kind/*.$kind
  done
  "$1" ../shared/samples/sgfgrove/*.json
}

# Each input: the same game both ways, and the identity (tests/sgfout_same.py
# through: X -> JGF against X -> SGF -> JGF, and SGF -> SGF). One set of
# runs a directory: its names are the outputs' names.
through() {
  inputs "$@" || return 0
  # shellcheck disable=SC2046
  set -- $(cat "$tmp/rt/inputs")
  runs a "$@" --output "$tmp/rt/a"
  runs s --to sgf "$@" --output "$tmp/rt/s"
  runs b "$tmp/rt/s" --output "$tmp/rt/b"
  runs s2 --to sgf "$tmp/rt/s" --output "$tmp/rt/s2"
  python3 tests/sgfout_same.py through "$tmp/rt" "$tmp/rt/inputs" > "$tmp/rt/said"
  while IFS= read -r line; do
    case $line in
    "ok	"*) ok "${line#ok	}" ;;
    "not ok	"*) not_ok "${line#not ok	}" ;;
    *) echo "$line" ;;
    esac
  done < "$tmp/rt/said"
}
through testdata/convert/*.sgf testdata/convert/*.ugf testdata/convert/*.gib \
        testdata/convert/*.ngf testdata/convert/*.json
through testdata/sgfout/*.sgf
shared_sets through

# JGF records (v1 read as --fix reads it): the spec examples.
for f in ../shared/samples/spec-example-v1.jgf ../shared/samples/spec-example-v2.jgf; do
  [ -f "$f" ] || continue
  "$JGFLINT" --convert -q --to sgf "$f" --output - > "$tmp/spec.sgf" 2>/dev/null
  if grep -q '^(;FF\[4\]GM\[1\]CA\[UTF-8\]AP\[jgflint:[^]]*\]SZ\[19\]GN\[Lee Sedol beats' "$tmp/spec.sgf" &&
     grep -q 'DT\[2011-04-22,23\]' "$tmp/spec.sgf" && grep -q 'TM\[7200\]' "$tmp/spec.sgf" &&
     grep -qxF ';AB[eq][cp][jj]AW[dp]PL[W]' "$tmp/spec.sgf" &&
     grep -qxF ';TB[aa][ab][bb]TW[gc][gd][hc]' "$tmp/spec.sgf" &&
     grep -q 'VW\[kf:ss\]' "$tmp/spec.sgf" &&
     grep -qxF '(;B[dp]N[Variation 1]' "$tmp/spec.sgf"; then
    ok "$f: written as SGF"
  else
    not_ok "$f: written as SGF"; sed 's/^/# /' "$tmp/spec.sgf" | head -30
  fi
done

# A board size or cut-off past what an int holds is cut to it before it is
# converted, not converted (R162: undefined behaviour, which the sanitizer
# build's run halts on; the plain build wrote SZ[-2147483648]). SZ is the
# record's number as it is, not the int it was cut to.
printf '{"record":{"format":"JGF","version":2},"game":{"type":"go"},"board":{"size":99999999999},"tree":[{}]}' > "$tmp/bigsize.jgf"
printf '{"record":{"format":"JGF","version":2},"game":{"type":"go"},"board":{"size":19,"cutOffLeft":1e19,"cutOffTop":-1e19},"tree":[{}]}' > "$tmp/bigcut.jgf"
"$JGFLINT" --convert -q --to sgf "$tmp/bigsize.jgf" --output - > "$tmp/bigsize.sgf" 2> "$tmp/bigsize.err"
"$JGFLINT" --convert -q --to sgf "$tmp/bigcut.jgf" --output - > "$tmp/bigcut.sgf" 2> "$tmp/bigcut.err"
if grep -qF 'SZ[99999999999]' "$tmp/bigsize.sgf" && grep -qF 'SZ[19]' "$tmp/bigcut.sgf" &&
   ! grep -qF 'VW[' "$tmp/bigcut.sgf" && ! grep -q 'runtime error' "$tmp/bigsize.err" "$tmp/bigcut.err"; then
  ok "a board of 1e11 points, cut-offs of 1e19 and -1e19: written without an integer conversion past its type"
else
  not_ok "a board of 1e11 points, cut-offs of 1e19 and -1e19: written without an integer conversion past its type"
  sed 's/^/# /' "$tmp/bigsize.sgf" "$tmp/bigsize.err" "$tmp/bigcut.sgf" "$tmp/bigcut.err" | head
fi

# REVIEW.md R156: a v1 comment object {name, timestamp, comment} is written
# in C as the migration writes it ("name (timestamp): comment"): --to sgf of
# the record and of its --fix --unsafe-fixes give the same SGF (the writer
# took the comment alone, the name and time lost without a word).
printf '{"record": {"version": 1}, "game": {"type": "go"}, "board": {"size": 9},\n "tree": [{"comments": [{"name": "Ann", "timestamp": "2023-12-08 14:30", "comment": "first"},\n  {"timestamp": "14:31", "comment": "second"}, "third"]},\n  {"move": {"color": "black", "x": 2, "y": 2}}]}\n' > "$tmp/r156.jgf"
cp "$tmp/r156.jgf" "$tmp/r156-fixed.jgf"
"$JGFLINT" --no-config -q --fix --unsafe-fixes "$tmp/r156-fixed.jgf" > /dev/null 2>&1
"$JGFLINT" --no-config --convert -q --to sgf --output - "$tmp/r156.jgf" > "$tmp/r156.sgf" 2> /dev/null
"$JGFLINT" --no-config --convert -q --to sgf --output - "$tmp/r156-fixed.jgf" > "$tmp/r156-fixed.sgf" 2> /dev/null
tr '\n' '|' < "$tmp/r156.sgf" > "$tmp/r156-line"
if grep -qF 'C[Ann (2023-12-08 14:30): first||(14:31): second||third]' "$tmp/r156-line" &&
   grep -qF '"Ann (2023-12-08 14:30): first"' "$tmp/r156-fixed.jgf" &&
   cmp -s "$tmp/r156.sgf" "$tmp/r156-fixed.sgf"; then
  ok "R156: v1 comment objects written with their name and time, as --fix migrates them"
else
  not_ok "R156: v1 comment objects written with their name and time, as --fix migrates them"
  sed 's/^/# /' "$tmp/r156.sgf" "$tmp/r156-fixed.sgf"
fi

# Seki 4.3's exports keep players by colour ({"black": {...}}): written as PB/BR.
f=../shared/samples/seki-4.3/vaughn.jgf
if [ -f "$f" ]; then
  "$JGFLINT" --convert -q --to sgf "$f" --output - > "$tmp/seki.sgf" 2>/dev/null
  if grep -qF 'PB[GNU Go]BR[13k]PW[Mike Vaughn]WR[5k]' "$tmp/seki.sgf" && ! grep -qF 'VW[' "$tmp/seki.sgf"; then
    ok "$f: Seki's players by colour, no VW for cut-offs of 0"
  else
    not_ok "$f: Seki's players by colour, no VW for cut-offs of 0"; head -3 "$tmp/seki.sgf" | sed 's/^/# /'
  fi
fi

# The root's kept setup and L are written with the root node's content,
# and without a root node (an empty tree, a missing-tree error) too.
printf '{"record":{"format":"JGF","version":2},"game":{"type":"go"},"board":{"size":19},"meta":{"sgf":{"AB":["aa","bb"],"L":["a","cc"]}},"tree":[]}' > "$tmp/notree.jgf"
"$JGFLINT" --convert -q --to sgf "$tmp/notree.jgf" --output - > "$tmp/notree.sgf" 2>/dev/null
if grep -qF 'AB[\aa][\bb]L[a][\cc])' "$tmp/notree.sgf"; then
  ok "an empty tree: the root's kept AB and L written still"
else
  not_ok "an empty tree: the root's kept AB and L written still"; sed 's/^/# /' "$tmp/notree.sgf"
fi

# A node's key SGF has no property for is said, not dropped silently.
# Issue 71 ("a JGF node SGF has no place for"; stop 92's note: the review
# room and gameinfo disagreed): a markup of a type of the record's own,
# which the spec allows (custom markup), is kept, as XM[point:type] (the
# test of custom markup below); a node's key the spec does not define
# (custom data, which belongs under the record's meta) is one every JGF
# reader ignores: not written, the check's warning naming it where it
# stands (unknown-key) and a note naming its pointer, exit 0 as for any
# warning (the man page's mapping says so).
printf '{"record":{"format":"JGF","version":2},"game":{"type":"go"},"board":{"size":9},"tree":[{},{"move":{"color":"black","x":1,"y":1},"note":"x"}]}' > "$tmp/key.jgf"
"$JGFLINT" --convert --to sgf "$tmp/key.jgf" --output - > "$tmp/key.sgf" 2> "$tmp/err"
key_rc=$?
if grep -qxF '<stdout>: note: not in SGF: /tree/1/note: a key of the node SGF has no property for' "$tmp/err" &&
   grep -q "^$tmp/key.jgf:1:129: warning: unknown key \`note\` in node.*\[unknown-key\]\$" "$tmp/err" &&
   [ "$key_rc" = 0 ] && grep -qxF ';B[bb])' "$tmp/key.sgf"; then
  ok "a node's unknown key: the check's warning at 1:129 and a note, not written, exit 0"
else
  not_ok "a node's unknown key: the check's warning at 1:129 and a note, not written, exit 0 (exit $key_rc)"; sed 's/^/# /' "$tmp/err"
fi

# Escapes, passes, handicap, results, kept properties back in their node.
printf '(;GM[1]FF[4]CA[UTF-8]SZ[19]HA[2]KM[0.5]RE[W+R]DT[2024-03-01,02]PB[A\\]b]BR[3k]AB[dd][pp]PL[W]XX[kept];W[qd]C[a\\\\b]LB[cc:x\\:y]ZZ[node];B[])\n' > "$tmp/esc.sgf"
"$JGFLINT" --convert -q --to sgf "$tmp/esc.sgf" --output "$tmp/esc" >/dev/null 2>&1
want='(;FF[4]GM[1]CA[UTF-8]AP[jgflint:'
if head -c ${#want} "$tmp/esc/esc.sgf" | grep -qxF "$want" &&
   grep -qF 'RE[W+R]DT[2024-03-01,02]PB[A\]b]BR[3k]KM[0.5]HA[2]XX[kept]AB[dd][pp]PL[W]' "$tmp/esc/esc.sgf" &&
   grep -qxF ';W[qd]C[a\\b]LB[cc:x\:y]ZZ[node]' "$tmp/esc/esc.sgf" &&
   grep -qxF ';B[])' "$tmp/esc/esc.sgf"; then
  ok "escapes, pass, handicap, kept properties"
else
  not_ok "escapes, pass, handicap, kept properties"; sed 's/^/# /' "$tmp/esc/esc.sgf"
fi
if "$JGFLINT" --convert -q --to sgf --sgf-pass-tt "$tmp/esc.sgf" --output - 2>/dev/null |
   grep -qxF ';B[tt])'; then ok "--sgf-pass-tt"; else not_ok "--sgf-pass-tt"; fi

# Dates, komi and time read from English words are written back as SGF
# writes them (issue 39): DT ISO, KM and TM numbers.
printf '(;GM[1]FF[4]CA[UTF-8]SZ[19]DT[14 apr 97]KM[five and a half]TM[1 hour 30 minutes];B[pd])\n' > "$tmp/words.sgf"
if "$JGFLINT" --convert -q --to sgf "$tmp/words.sgf" --output - 2>/dev/null |
   grep -qF 'SZ[19]DT[1997-04-14]KM[5.5]TM[5400]'; then
  ok "dates, komi and time in words written back normalised"
else
  not_ok "dates, komi and time in words written back normalised"
  "$JGFLINT" --convert -q --to sgf "$tmp/words.sgf" --output - 2>&1 | sed 's/^/# /'
fi

# clears_only_bb NAME OUT ERR: the last node clears bb alone, and aa and cc,
# which change nothing, are each named as left out.
clears_only_bb() {
  if grep -qxF ';AE[bb])' "$2" &&
     grep -qF 'not in SGF: /tree/3/setup/0/coords/0: a clear of an empty point' "$3" &&
     grep -qF 'not in SGF: /tree/3/setup/0/coords/1: a clear of an empty point' "$3"; then
    ok "$1"
  else
    not_ok "$1"; sed 's/^/# /' "$2" "$3"
  fi
}

# No AE that changes nothing: the stone at aa was captured, cc never played.
printf '(;SZ[9]AB[aa][bb];W[ab];W[ba];AE[aa][cc][bb])' > "$tmp/ae.sgf"
"$JGFLINT" --convert --to sgf "$tmp/ae.sgf" --output - > "$tmp/ae.out" 2> "$tmp/err"
clears_only_bb "no AE that changes nothing, each point left out named" "$tmp/ae.out" "$tmp/err"

# The same from a JGF record, written from the DOM its check read: the
# writer keeps a board only when the text holds a setup entry "clear"
# (sgfwrite.c's may_clear), written as is or with a \u escape, and one
# after an "unclear" comment.
for clear in 'clear' 'cle\u0061r'; do
  printf '{"record": {"format": "JGF", "version": 2}, "board": {"size": 9},
   "tree": [{"setup": [{"type": "black", "coords": [{"x": 0, "y": 0}, {"x": 1, "y": 1}]}],
             "comments": ["unclear"]},
    {"move": {"color": "white", "x": 0, "y": 1}}, {"move": {"color": "white", "x": 1, "y": 0}},
    {"setup": [{"type": "%s", "coords": [{"x": 0, "y": 0}, {"x": 2, "y": 2}, {"x": 1, "y": 1}]}]}]}\n' \
    "$clear" > "$tmp/clear.jgf"
  "$JGFLINT" --convert --to sgf "$tmp/clear.jgf" --output - > "$tmp/clear.out" 2> "$tmp/err"
  clears_only_bb "JGF: no AE that changes nothing ($clear)" "$tmp/clear.out" "$tmp/err"
done

# A node's setup applies in order in JGF, at once in SGF: each point is
# written in the state the node leaves it in (an AE then an AB on cc:
# black; an AB then an AE on aa: nothing), never an AB and an AE of it.
printf '(;GM[1]SZ[9]AB[aa][cc];AE[cc]AB[cc]AW[dd];W[bb])' > "$tmp/order.sgf"
printf '(;GM[1]SZ[9]AB[aa]AE[aa]AW[bb];B[cc])' > "$tmp/order2.sgf"
"$JGFLINT" --convert -q --to sgf "$tmp/order.sgf" --output - > "$tmp/order.out" 2>&1
"$JGFLINT" --convert -q --to sgf "$tmp/order2.sgf" --output - > "$tmp/order2.out" 2>&1
if grep -qxF ';AB[cc]AW[dd]' "$tmp/order.out" && grep -qF 'SZ[9]AW[bb]' "$tmp/order2.out" &&
   ! grep -qF 'AB[aa]' "$tmp/order2.out"; then
  ok "setup of one point twice in a node: written as the state it leaves"
else
  not_ok "setup of one point twice in a node: written as the state it leaves"
  sed 's/^/# /' "$tmp/order.out" "$tmp/order2.out"
fi

# ST from the settings SGF has; Seki's XL..XB and TC, TT.
printf '{"record":{"format":"JGF","version":2},"game":{"type":"go"},"board":{"size":9,"cutOffLeft":2},"rules":{"numberOfPeriods":5,"timePerPeriod":30},"settings":{"showVariations":false,"showSiblingVariations":true,"showLastMove":true},"tree":[{}]}' > "$tmp/st.jgf"
"$JGFLINT" --convert --to sgf "$tmp/st.jgf" --output - > "$tmp/st.out" 2> "$tmp/err"
if grep -qF 'VW[ca:ii]ST[3]XL[2]TC[5]TT[30])' "$tmp/st.out" &&
   grep -qF 'not in SGF: /settings/showLastMove: a key SGF has no property for' "$tmp/err"; then
  ok "ST, Seki's XL and TC/TT, the other settings named"
else
  not_ok "ST, Seki's XL and TC/TT, the other settings named"; sed 's/^/# /' "$tmp/st.out" "$tmp/err"
fi

# Issue 47: every node read is written. What the record kept under
# meta.sgf.nodes goes back where it was, a node holding nothing else too
# (testdata/sgfout/kept-*.sgf; roundtrip.sh compares them node by node);
# an empty value FF[4] does not allow (PL[], LB[]) is not written back but
# said; LB[aa:] stays without text; Seki's pass on 9x9 (x 9, y 9) is a pass.
sgf_of() { "$JGFLINT" --convert --to sgf --output - "testdata/sgfout/$1" 2> "$tmp/notes"; }
sgf_of kept-node-markup.sgf > "$tmp/k.sgf"
check "a node whose only content was kept is written (;AR[aa:cc])" \
  'grep -qxF ";AR[aa:cc]" "$tmp/k.sgf" && [ "$(grep -c "^;" "$tmp/k.sgf")" = 3 ]'
sgf_of kept-move-two-values.sgf > "$tmp/k.sgf"
check "a move of two values written back (;B[cc][dd])" 'grep -qxF ";B[cc][dd]" "$tmp/k.sgf"'
sgf_of kept-board-coordinates.sgf > "$tmp/k.sgf"
check "moves in board coordinates written back, all 6" \
  '[ "$(grep -c "^;[BW]\[[A-Z][0-9]*\]" "$tmp/k.sgf")" = 6 ] && grep -qxF ";B[R16]" "$tmp/k.sgf"'
sgf_of kept-off-board.sgf > "$tmp/k.sgf"
check "a move off the board written back (;B[zz])" 'grep -qxF ";B[zz]" "$tmp/k.sgf"'
# A value past the one SZ, PL, BL, WL, OB or OW takes is kept (SZ[13][19]
# lost its 19, BL[30][20] its 20, with exit 0 and no word), and PL[W][B] is
# no turn: which is meant is not guessed.
sgf_of kept-more-values.sgf > "$tmp/k.sgf"
check "values past the first written back (SZ[13][19], BL[30][20]OB[3][2], WL[12.5][10], PL[W][B])" \
  'grep -qF "SZ[13][19]PL[W][B]" "$tmp/k.sgf" && grep -qxF ";B[aa]BL[30][20]OB[3][2]" "$tmp/k.sgf" &&
   grep -qxF ";W[bb]WL[12.5][10]PL[W][B])" "$tmp/k.sgf" && [ "$(grep -o "PL\[" "$tmp/k.sgf" | wc -l)" = 2 ]'
# Such a time beside a move in the root (the move the first node after it)
# or beside a node's second move is written once, on that move's node: it
# was written a second time on the root or the first move's node
# (BL[30][20] in the root and BL[30] on the move, read back as two).
printf '(;GM[1]FF[4]SZ[19]B[pd]BL[30][20]\n;B[dd]W[dp]BL[25][15]WL[40][10]\n;B[pp])' > "$tmp/t.sgf"
"$JGFLINT" --convert --to sgf --output - "$tmp/t.sgf" 2> /dev/null > "$tmp/k.sgf"
check "BL[30][20] beside a move in the root, WL[40][10] beside a second move: each written once, on its move" \
  'grep -qxF ";B[pd]BL[30][20]" "$tmp/k.sgf" && grep -qxF ";B[dd]BL[25][15]" "$tmp/k.sgf" &&
   grep -qxF ";W[dp]WL[40][10]" "$tmp/k.sgf" && [ "$(grep -o "[BW]L\[" "$tmp/k.sgf" | wc -l)" = 3 ]'
sgf_of empty-values.sgf > "$tmp/k.sgf"
check "no empty PL[] or AB[] written back, each said; LB[aa:] without a text" \
  '! grep -qF "PL[" "$tmp/k.sgf" && ! grep -qF "AB[" "$tmp/k.sgf" && grep -qxF ";W[bb]LB[aa:][bb:x])" "$tmp/k.sgf" &&
   grep -qF "not in SGF: /meta/sgf/PL: an empty value FF[4] does not allow" "$tmp/notes" &&
   grep -qF "not in SGF: /meta/sgf/nodes/~1tree~11/PL: an empty value" "$tmp/notes"'
sgf_of seki-pass-9x9.jgf > "$tmp/k.sgf"
check "Seki's pass on 9x9 (x 9, y 9) written as a pass, and said" \
  'grep -qxF ";W[])" "$tmp/k.sgf" && grep -qF "/tree/2/move: the point past the board" "$tmp/notes"'
"$JGFLINT" --convert --to sgf --sgf-pass-tt --output - testdata/sgfout/seki-pass-9x9.jgf 2> /dev/null > "$tmp/k.sgf"
check "... as [tt] with --sgf-pass-tt" 'grep -qxF ";W[tt])" "$tmp/k.sgf"'

# Issue 47: a value the reader kept is written so that it reads back the
# same (testdata/sgfout/reread-*.sgf): a point read up to its line's end
# (B[tt; before a line of text, the file cut short there: its `;` escaped when
# written; B[tt;) is B[tt] whose `]` was lost), one whose line ends
# with a lone CR (B[t<CR>t), escaped `;` and `(` in points (the value's
# own: W[a\;b]), a point list partly off the board (AB[aa][b\(b]; and
# AB[zz][aa], LB[zz:q][aa:x]: written as read, in the order read; and
# AB[dd][zz][cc:dd], whose rectangle the record holds point by point), a kept B[a]
# after a value whose text holds `;B[` (XP[x][ ;B[eb], which the writer
# took for a B written), a root's VW[a) left open (VW is written by the
# root's writer), blanks and line breaks around points and in labels the
# board holds as the reader reads them (TR[cc ], LB[jj: x ], LB[ee:<LF>]:
# reread-blanks.sgf, where a kept copy was written beside the board's), a
# kept point that would read as the board's (W[a\b], AB[a\b][cc], B[t\t]:
# an escape in a point as read, kept as "ab"; written W[ab], it read back
# as a move: reread-escaped-point.sgf), and so with an empty value beside
# it, which the reader leaves out (AB[a\b][], AB[][a\b], TR[a\b][],
# AW[a\b][][cc]: written AB[ab][] it read back as a stone, the --to sgf
# fuzzer's; reread-escaped-point-empty.sgf). The tree and the kept values
# read back are those read first.
for f in testdata/sgfout/reread-*.sgf; do
  rm -f "$tmp/r1.jgf" "$tmp/r.sgf" "$tmp/r2.jgf"
  "$JGFLINT" --convert --output - "$f" > "$tmp/r1.jgf" 2> /dev/null
  "$JGFLINT" --convert --to sgf --output - "$f" > "$tmp/r.sgf" 2> /dev/null
  "$JGFLINT" --convert --output - "$tmp/r.sgf" > "$tmp/r2.jgf" 2> /dev/null
  check "$f: the kept values read back the same" \
    'python3 -c "import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
kept = lambda d: {k: v for k, v in ((d.get(\"meta\") or {}).get(\"sgf\") or {}).items()
                  if k not in (\"FF\", \"GM\", \"CA\", \"AP\")}
sys.exit(not (kept(a) and kept(a) == kept(b) and a[\"tree\"] == b[\"tree\"]))" "$tmp/r1.jgf" "$tmp/r2.jgf"'
done
# A property kept whole for a value the board cannot hold, beside a value
# the board holds from another property (an FF[3] L or M beside a kept LB or
# MA): one property written, the board's value in it, as SGF has one LB a
# node; read back, that property is kept whole with the board's value in it
# (kept-whole-beside-board.sgf: the --to sgf fuzzer took that for a change).
"$JGFLINT" --convert --to sgf --output - testdata/sgfout/kept-whole-beside-board.sgf 2> /dev/null > "$tmp/k.sgf"
check "an FF[3] L and M beside a kept LB and MA: one LB and one MA, the board's values first" \
  'grep -qxF ";B[dp]LB[gg:a][jj:A][19]" "$tmp/k.sgf" && grep -qxF ";W[pd]MA[gg][jj][19])" "$tmp/k.sgf"'
# A point labelled twice (LB[jj: x ][jj: x ], the second kept) beside an
# FF[3] L: the node holds jj:x once, so the kept copy that it does not
# hold goes after the board's values (it was taken for held, and lost).
"$JGFLINT" --convert --to sgf --output - testdata/sgfout/kept-twice-beside-board.sgf 2> /dev/null > "$tmp/k.sgf"
check "a label read twice beside an FF[3] L: both kept values written" \
  'grep -qxF ";B[dp]LB[gg:a][jj:x][jj: x ])" "$tmp/k.sgf"'
# A point labelled by FF[3]'s L and by LB: the record holds both labels,
# SGF one a point: the first written, the other said (it went unsaid).
printf '(;GM[1]FF[3]SZ[19];B[dp]L[gg]LB[gg:b][hh:c])' > "$tmp/l.sgf"
"$JGFLINT" --convert --to sgf --output - "$tmp/l.sgf" 2> "$tmp/notes" > "$tmp/k.sgf"
check "a point labelled by both L and LB: LB[gg:a][hh:c] written, gg:b said" \
  'grep -qxF ";B[dp]LB[gg:a][hh:c])" "$tmp/k.sgf" &&
   grep -qF "not in SGF: /tree/1/markup/1/coords/0: a second label on a point" "$tmp/notes"'
# An empty TM or TE in a root is no FF[3] value to keep in GC (it was
# written there as GC[TM[\]...]): not written, as ST[], and said.
printf '(;GM[1]FF[4]SZ[19]TM[]TE[]ST[];B[aa])' > "$tmp/e.sgf"
"$JGFLINT" --convert --to sgf --output - "$tmp/e.sgf" 2> "$tmp/notes" > "$tmp/k.sgf"
check "an empty TM and TE in a root: not written (no GC), each said" \
  '! grep -q "GC\[" "$tmp/k.sgf" && grep -qxF ";B[aa])" "$tmp/k.sgf" &&
   grep -qF "not in SGF: /meta/sgf/TM: an empty value FF[4] does not allow" "$tmp/notes" &&
   grep -qF "not in SGF: /meta/sgf/TE: an empty value FF[4] does not allow" "$tmp/notes"'
# A blank one (TM[<LF>], TE[ ]) is no FF[3] value either: written as read,
# as KM[ ] is, not in GC as TM[<LF>], which @sabaki/sgf and jgflint read
# as a game comment where the input had none (sgf_mutations.py seed 41).
printf '(;GM[1]FF[4]SZ[19]TM[\n]TE[ ];B[aa])' > "$tmp/e.sgf"
"$JGFLINT" --convert --to sgf --output - "$tmp/e.sgf" 2> /dev/null > "$tmp/k.sgf"
check "a blank TM and TE in a root: written as read, no GC" \
  '! grep -q "GC\[" "$tmp/k.sgf" && grep -qF "TM[" "$tmp/k.sgf" && grep -qxF "]TE[ ]" "$tmp/k.sgf"'
"$JGFLINT" --convert --to sgf --output - testdata/sgfout/reread-escaped-point.sgf 2> /dev/null > "$tmp/k.sgf"
check "a kept point that would read as the board's is written with its first character escaped (W, AB, TR, a kept tt), a move of two values as read" \
  'grep -qxF ";W[\\ab]" "$tmp/k.sgf" && grep -qxF ";AB[\\ab][cc]TR[\\dd:ee]" "$tmp/k.sgf" && grep -qxF ";B[\\tt]" "$tmp/k.sgf" &&
   grep -qxF ";W[ab][cd])" "$tmp/k.sgf"'
"$JGFLINT" --convert --to sgf --output - testdata/sgfout/reread-escaped-point-empty.sgf 2> /dev/null > "$tmp/k.sgf"
check "... its first value that is not empty, beside an empty one (the root's AB, a node's AB, TR and AW)" \
  'grep -qF "SZ[19]AB[\\ab][]" "$tmp/k.sgf" && grep -qxF ";AB[][\\ab]TR[\\ab][]" "$tmp/k.sgf" &&
   grep -qxF ";AW[\\ab][][cc]" "$tmp/k.sgf"'
"$JGFLINT" --convert --output - testdata/sgfout/reread-escaped.sgf 2> /dev/null > "$tmp/k.jgf"
check "escaped ; and ( in a point are the value's own (W[a\;b], AB[b\(b])" \
  'grep -qF "\"W\": \"a;b\"" "$tmp/k.jgf" && grep -qF "\"b(b\"" "$tmp/k.jgf"'
"$JGFLINT" --convert --to sgf --output - testdata/sgfout/reread-escaped.sgf 2> /dev/null > "$tmp/k.sgf"
check "... written escaped: ;AB[aa][b\(b]W[a\;b]" 'grep -qxF ";AB[aa][b\\(b]W[a\\;b]" "$tmp/k.sgf"'
"$JGFLINT" --convert --to sgf --output - testdata/sgfout/reread-unclosed-cr.sgf 2> /dev/null > "$tmp/k.sgf"
check "a point left open ends at a lone CR (B[t])" 'grep -qF ";B[t])" "$tmp/k.sgf"'

# Issue 47: --to sgf of a JGF record reports the record's findings as a
# check of it does, with its exit status (testdata/sgfout/jgf-with-errors.jgf:
# a move on an occupied point); Seki's variations before 4.0 (bare nodes)
# are written as SGF variations, every move of the record, and said.
"$JGFLINT" --convert --to sgf --output - testdata/sgfout/jgf-with-errors.jgf > "$tmp/k.sgf" 2> "$tmp/notes"
st=$?
check "--to sgf of a JGF record with an error: reported as a check does, exit 1" \
  '[ $st -eq 1 ] && grep -qF "jgf-with-errors.jgf:1:138: error: move 2" "$tmp/notes" &&
   grep -qF "1 record written, 1 from a source game with errors" "$tmp/notes" && grep -qxF ";W[cc])" "$tmp/k.sgf"'
# ... its findings in the text format as the check's, line for line (a
# record under 1 MiB is loaded whole, as a check loads it: its points named,
# "= at /tree/2/move, (2, 2) is C7"; issue 52)
f=testdata/sgfout/jgf-with-errors.jgf
"$JGFLINT" --format text "$f" 2>&1 | sed '$d' > "$tmp/check.txt"
"$JGFLINT" --convert --to sgf --format text --output - "$f" 2>&1 > /dev/null |
  head -n "$(wc -l < "$tmp/check.txt")" > "$tmp/to-sgf.txt"
check "--to sgf --format text: the findings as a check of the record shows them" \
  'grep -qF "= at /tree/2/move, (2, 2) is C7" "$tmp/to-sgf.txt" && cmp -s "$tmp/check.txt" "$tmp/to-sgf.txt"'
f=testdata/rules/seki-pre4-variations/fail-exported.jgf
"$JGFLINT" --convert --to sgf --output - "$f" > "$tmp/k.sgf" 2> "$tmp/notes"
st=$?
check "Seki's variations before 4.0: every move written (6 of 6), as SGF variations, exit 1" \
  '[ $st -eq 1 ] && [ "$(grep -o "[BW]\[[a-s][a-s]\]" "$tmp/k.sgf" | wc -l)" -eq 6 ] &&
   [ "$(grep -c "^(;[BW]" "$tmp/k.sgf")" -eq 2 ] && grep -qF "[seki-pre4-variations]" "$tmp/notes" &&
   grep -qF "not in SGF: /tree: variations as Seki before 4.0 wrote them" "$tmp/notes"'
"$JGFLINT" --convert --to sgf --output - testdata/sgfout/seki-pass-9x9.jgf > /dev/null 2>&1
check "... a JGF record whose only finding is an error its SGF mends still exits 1" '[ $? -eq 1 ]'
"$JGFLINT" --convert --to sgf --output - "$tmp/st.jgf" > /dev/null 2>&1
check "... and a clean one 0" '[ $? -eq 0 ]'

# Issue 52: a JGF record the report's check finds nothing to fix in is
# written from that check (read once); one with a fix is fixed with every
# rule, whatever rules the report shows (--select, --ignore, --severity
# LEVEL, a configuration's ignore): the SGF the same each way.
printf '{"ignore": ["date-format", "rank-format"]}\n' > "$tmp/cfg.json"
for f in testdata/rules/date-format/fail-slashes.jgf testdata/rules/rank-format/fail-spellings.jgf; do
  "$JGFLINT" --convert --to sgf --output - "$f" > "$tmp/fixed.sgf" 2> /dev/null
  check "$f: fixed (DT[2023-06-12], BR[5d])" \
    'grep -qF "DT[2023-06-12]" "$tmp/fixed.sgf" || grep -qF "BR[5d]" "$tmp/fixed.sgf"'
  for opts in "--select unknown-key" "--ignore date-format,rank-format" "--severity error" \
              "--config $tmp/cfg.json"; do
    # shellcheck disable=SC2086
    "$JGFLINT" --convert --to sgf $opts --output - "$f" > "$tmp/k.sgf" 2> /dev/null
    check "$f, ${opts%% *}: fixed as without it" 'cmp -s "$tmp/fixed.sgf" "$tmp/k.sgf"'
  done
done

# A record of 1 MiB and more is loaded streamed, its nodes read by the
# check and again by the writer (JGFLINT_STREAM_MIN=0, the test hook,
# streams every record): the SGF and the notes the same as a record loaded
# whole writes (issue 52).
# One run of all the records each way (two processes, not two a record):
# each run writes into the same folder, $tmp/sw, moved aside after it, so
# that the records' names (a name taken by an earlier input gets its
# ending and a number, in the inputs' order: the same every run) and the
# notes' places are the same words both ways; then diff -r of the records
# and cmp of the notes.
if [ -n "$HOOKED" ]; then
  set -- testdata/sgfout/*.jgf testdata/examples/*.jgf testdata/rules/*/*.jgf
  rm -rf "$tmp/sw" "$tmp/whole" "$tmp/streamed"
  "$JGFLINT" --convert -q --to sgf --output "$tmp/sw" "$@" < /dev/null > "$tmp/whole.err" 2>&1
  mv "$tmp/sw" "$tmp/whole"
  JGFLINT_STREAM_MIN=0 "$HOOKED" --convert -q --to sgf --output "$tmp/sw" "$@" < /dev/null > "$tmp/k.err" 2>&1
  mv "$tmp/sw" "$tmp/streamed"
  check "--to sgf streamed and whole: the same SGF and notes ($# records)" \
    '[ "$(ls "$tmp/whole" | wc -l)" -gt 300 ] && diff -r "$tmp/whole" "$tmp/streamed" > "$tmp/sw.diff" &&
     cmp -s "$tmp/whole.err" "$tmp/k.err"' ||
    { diff -rq "$tmp/whole" "$tmp/streamed"; diff "$tmp/whole.err" "$tmp/k.err"; } | head -20 | sed 's/^/# /'
else
  skip "--to sgf streamed and whole: needs the test program (tests/jgflint-hooks)"
fi

# Issue 47: values neither lost nor made up. A range of days (its days
# after the first, which the reader sets aside) in FF[4]'s list; EV's second
# value (in GC with the first: FF[4] holds one EV, REVIEW.md R77); a result JGF's grammar lacks ("Void", "adjourned"), which --fix
# empties, in RE (RE[?] and GC for one SGF lacks too); Seki's times of 0 (no
# time limit) not written as TM[0]TC[0]TT[0], each said; a time of day in DT
# (or a JGF date), which FF[4]'s DT cannot hold: the date as given in GC, said.
sgf_of dt-range.sgf > "$tmp/k.sgf"
check "DT[1934.03.28-29] written DT[1934-03-28,29]" 'grep -qF "DT[1934-03-28,29]" "$tmp/k.sgf"'
sgf_of ev-two-values.sgf > "$tmp/k.sgf"
check "EV[a][b] written EV[a], both values in GC" \
  'grep -qF "EV[a]GC[EV[a\][b\]]" "$tmp/k.sgf" && ! grep -qF "EV[a][" "$tmp/k.sgf"'
# A property of one value's type read with more (BL[30.0][20]), its first
# read into the record: in a move's node, written as read while the
# record's datum is that first value (the same number: BL[30.0] is 30; a
# number beyond the 15 digits a record keeps), not the datum's text and
# then every value read (BL[30][30.0][20]); once the record changed the
# datum, the datum's value and the others read, said. A number written
# never has an exponent (WL[1e+20], SGF's Real has none). In the root, game
# information of several values (KM[6.50][7], RE[B+6,5][x]) is written as
# the record's datum alone and the property as read in GC, said (REVIEW.md
# R77: KM[6.50][7] under FF[4] is SGFC's "may have only ONE value",
# critical, and the values beside the datum were that); the paragraphs in
# the table's order, RE's then KM's (sgf_gc_paragraph_at).
sgf_of kept-first-read.sgf > "$tmp/k.sgf"
check "values read beside a datum written as read (BL[30.0][20], OB[05][3], 128 digits); KM[6.5], KM[6.50][7] in GC" \
  'grep -qxF ";B[aa]BL[30.0][20]" "$tmp/k.sgf" && grep -qF "KM[6.5]GC[RE[B+6,5\][x\]" "$tmp/k.sgf" &&
   grep -qxF "KM[6.50\][7\]]" "$tmp/k.sgf" &&
   ! grep -qF "KM[6.5][" "$tmp/k.sgf" &&
   grep -qxF ";B[cc]OB[05][3])" "$tmp/k.sgf" && grep -qx ";W\[bb\]WL\[5*29\]\[10\]" "$tmp/k.sgf" &&
   grep -qF "/meta/sgf/KM: more than one value, where FF[4] holds one: written in GC" "$tmp/notes"'
check "RE[B+6,5][x]: the record's RE[B+6.5], RE[B+6,5][x] in GC, said" \
  'grep -qF "RE[B+6.5]" "$tmp/k.sgf" && ! grep -qF "RE[B+6.5][" "$tmp/k.sgf" &&
   grep -qF "GC[RE[B+6,5\][x\]" "$tmp/k.sgf" &&
   grep -qF "/meta/sgf/RE: more than one value, where FF[4] holds one: written in GC" "$tmp/notes"'
sgf_of kept-first-changed.jgf > "$tmp/k.sgf"
check "a datum changed since: its value, then the others read, said (BL[25][20]); KM[7.5], KM[6.50][7] in GC" \
  'grep -qxF ";B[aa]BL[25][20]" "$tmp/k.sgf" && grep -qF "KM[7.5]GC[" "$tmp/k.sgf" &&
   grep -qxF "KM[6.50\][7\]]" "$tmp/k.sgf" &&
   ! grep -qF "KM[7.5][" "$tmp/k.sgf" &&
   grep -qF "/meta/sgf/nodes/~1tree~11/BL: BL[30.0] as read, written as BL[25] from the record" "$tmp/notes" &&
   grep -qF "/meta/sgf/KM: more than one value, where FF[4] holds one: written in GC" "$tmp/notes"'
check "times of 1e20 and 1e-7 written without an exponent" \
  'grep -qxF ";W[bb]WL[100000000000000000000][10]" "$tmp/k.sgf" &&
   grep -qxF ";B[cc]BL[0.0000001]OB[05][3])" "$tmp/k.sgf"'
# FF[3]'s L labels its points a, b, c as listed: a point listed twice
# (L[ee][ee][ff]) or off the board (L[ee][zz][ff]) keeps L whole, said,
# and ff is still c (it was b); written back, the kept L alone gives those
# labels (LB[ee:a][ff:b]L[ee][zz][ff] read back labelled each point twice).
"$JGFLINT" --convert --output - testdata/sgfout/ff3-label-twice.sgf > "$tmp/k.jgf" 2> "$tmp/notes"
check "L[ee][ee][ff]: ff labelled c, L kept whole, said" \
  'grep -qF "{ \"x\": 5, \"y\": 5, \"text\": \"c\" }" "$tmp/k.jgf" &&
   grep -qF "L (points off the board, a point twice" "$tmp/notes"'
sgf_of ff3-label-twice.sgf > "$tmp/k.sgf"
check "L[ee][ee][ff] written back as it was, no LB beside it" 'grep -qxF ";B[aa]L[ee][ee][ff])" "$tmp/k.sgf"'
sgf_of ff3-label-off-board.sgf > "$tmp/k.sgf"
check "L[ee][zz][ff] written back as it was, no LB beside it" 'grep -qxF ";B[aa]L[ee][zz][ff])" "$tmp/k.sgf"'
sgf_of result-void.jgf > "$tmp/k.sgf"
check "a JGF result \"Void\" written RE[Void]" 'grep -qF "RE[Void]" "$tmp/k.sgf"'
sgf_of result-adjourned.jgf > "$tmp/k.sgf"
check "a JGF result \"adjourned\" written RE[?], the text in GC" \
  'grep -qF "RE[?]GC[Result: adjourned]" "$tmp/k.sgf"'
sgf_of seki-zero-times.jgf > "$tmp/k.sgf"
check "Seki's times of 0 not written (TM, TC, TT), each said" \
  '! grep -q "TM\[\|TC\[\|TT\[" "$tmp/k.sgf" && grep -qF "KM[0]HA[0]" "$tmp/k.sgf" &&
   [ "$(grep -c "not in SGF: /rules/[a-zA-Z]*: a time of 0" "$tmp/notes")" -eq 3 ]'
sgf_of dt-time.sgf > "$tmp/k.sgf"
check "a time of day in DT: the day in DT, the date as read in GC, said" \
  'grep -qF "DT[1997-04-14]GC[DT[1997-04-14 10:30\]]" "$tmp/k.sgf" &&
   grep -qF "/meta/sgf/DT: a time of day, which FF[4]" "$tmp/notes"'
sgf_of dt-time.jgf > "$tmp/k.sgf"
check "a JGF date with a time of day: the day in DT, the date as given in GC, said" \
  'grep -qF "DT[2024-03-01,02]GC[DT[2024-03-01T10:30:00\]])" "$tmp/k.sgf" &&
   grep -qF "not in SGF: /game/dates/0: a time of day" "$tmp/notes"'

# Issue 47: what --to sgf writes, jgflint reads back: variations 3,000
# levels deep (a record the scanner reads holds up to 6,665) written as SGF
# are read whole (sgf-deep-nesting stopped at 2,000), every move of them.
awk -v n=3000 -f tests/deep_jgf.awk > "$tmp/deep.jgf"
"$JGFLINT" --convert --to sgf --output - "$tmp/deep.jgf" > "$tmp/deep.sgf" 2> /dev/null
"$JGFLINT" --convert --output - "$tmp/deep.sgf" > "$tmp/deep2.jgf" 2> "$tmp/notes"
check "variations 3,000 levels deep: written as SGF and read back whole, every move" \
  '! grep -q "sgf-deep-nesting" "$tmp/notes" && [ "$(grep -o "[BW]\[[a-s][a-s]\]" "$tmp/deep.sgf" | wc -l)" -eq 9000 ] &&
   [ "$(grep -o "\"move\"" "$tmp/deep2.jgf" | wc -l)" -eq 9000 ]'

# Issue 47: FF[3]'s root values FF[4] rejects written so that an FF[4]
# reader keeps them: TM[5:00:00(5x1:00)] as TM in seconds and OT, KO[...]
# read as komi only as KM, TE[title] in GC; each said.
sgf_of ff3-root-values.sgf > "$tmp/k.sgf"
check "FF[3]'s TM, KO and TE in a root: TM[18000]OT[5x1:00], KM only, TE in GC, each said" \
  'grep -qF "KM[6.5]TM[18000]OT[5x1:00]GC[TE[title\]]" "$tmp/k.sgf" && ! grep -q "KO\[\|;TE\[\|]TE\[" "$tmp/k.sgf" &&
   [ "$(grep -c "not in SGF: /meta/sgf/\(TM\|KO\|TE\): " "$tmp/notes")" -eq 3 ]'

# Safety: beside an SGF input the SGF would be the input itself.
cp "$tmp/esc.sgf" "$tmp/self.sgf"
cp "$tmp/self.sgf" "$tmp/self.orig"
"$JGFLINT" --convert --to sgf "$tmp/self.sgf" > "$tmp/out" 2>&1
st=$?
if [ $st -eq 2 ] && grep -q 'is the input itself: not overwritten' "$tmp/out" && cmp -s "$tmp/self.sgf" "$tmp/self.orig"; then
  ok "the input itself is never overwritten"
else
  not_ok "the input itself is never overwritten (exit $st)"; sed 's/^/# /' "$tmp/out"
fi
"$JGFLINT" --convert -q --to sgf "$tmp/esc.sgf" --output "$tmp/esc" > "$tmp/out" 2>&1
if [ $? -eq 2 ] && grep -q 'exists: not overwritten' "$tmp/out"; then
  ok "an existing SGF is refused without --force"
else
  not_ok "an existing SGF is refused without --force"
fi
# Two inputs of one name into one --output: the second game gets a name of
# its own (a-sgf.sgf), and the note names the file it is written as.
mkdir "$tmp/clash"
printf '{"record":{"format":"JGF","version":2},"tree":[{},{"move":{"color":"black","x":3,"y":3}}]}' > "$tmp/clash/a.jgf"
printf '(;GM[1]FF[4]CA[UTF-8]SZ[19];B[dd])' > "$tmp/clash/a.sgf"
"$JGFLINT" --convert --to sgf --output "$tmp/clash/out" "$tmp/clash/a.jgf" "$tmp/clash/a.sgf" > "$tmp/out" 2>&1
if [ $? -eq 0 ] && [ -f "$tmp/clash/out/a.sgf" ] && [ -f "$tmp/clash/out/a-sgf.sgf" ] &&
   grep -qF "out/a.sgf was written by this run from another input: this game is written as $tmp/clash/out/a-sgf.sgf" "$tmp/out"; then
  ok "a name clash: the second game under a name of its own, the note naming it (.sgf)"
else
  not_ok "a name clash: the second game under a name of its own, the note naming it (.sgf)"; sed 's/^/# /' "$tmp/out"
fi
# The other order (the JGF record second, written by another path): the
# same answer, not "written by this run from another game" (exit 2).
"$JGFLINT" --convert --to sgf --output "$tmp/clash/out2" "$tmp/clash/a.sgf" "$tmp/clash/a.jgf" > "$tmp/out" 2>&1
if [ $? -eq 0 ] && [ -f "$tmp/clash/out2/a.sgf" ] && [ -f "$tmp/clash/out2/a-jgf.sgf" ] &&
   grep -qF "$tmp/clash/a.jgf: note: $tmp/clash/out2/a.sgf was written by this run from another input: this game is written as $tmp/clash/out2/a-jgf.sgf" "$tmp/out" &&
   grep -qF "$tmp/clash/a.jgf: wrote $tmp/clash/out2/a-jgf.sgf (JGF)" "$tmp/out"; then
  ok "a name clash, the JGF record second: a name of its own too (a-jgf.sgf)"
else
  not_ok "a name clash, the JGF record second: a name of its own too (a-jgf.sgf)"; sed 's/^/# /' "$tmp/out"
fi
"$JGFLINT" --to sgf "$tmp/esc.sgf" > "$tmp/out" 2>&1
if [ $? -eq 2 ] && grep -q 'go with --convert' "$tmp/out"; then ok "--to without --convert"; else
  not_ok "--to without --convert"; fi
# A JGF record with JSON comments (issue 48): the error is the JSON error,
# not the formats it would not be (issue 75: it began "not JGF, ...", of a
# JGF record written wrong), with --to sgf (which takes JGF), --convert (to
# JGF) and in --stream --convert --to sgf's line notes alike.
printf '{\n  // a comment\n  "record": {"format": "JGF", "version": 2},\n  "tree": [{}]\n}\n' > "$tmp/comments.jgf"
said="$tmp/comments.jgf: error: nothing to convert: its JSON does not parse: 2:3: comments are not allowed in JSON"
"$JGFLINT" --convert --to sgf "$tmp/comments.jgf" --output "$tmp/cm" > "$tmp/out" 2>&1
st=$?
if [ $st -eq 2 ] && grep -qxF "$said" "$tmp/out" && ! grep -q 'not JGF' "$tmp/out"; then
  ok "--to sgf of JGF with JSON comments: the JSON error, not 'not JGF'"
else
  not_ok "--to sgf of JGF with JSON comments: the JSON error, not 'not JGF' (exit $st)"; sed 's/^/# /' "$tmp/out"
fi
"$JGFLINT" --convert "$tmp/comments.jgf" --output "$tmp/cm" > "$tmp/out" 2>&1
if grep -qxF "$said" "$tmp/out" && ! grep -q 'not SGF' "$tmp/out"; then
  ok "--convert (to JGF) of the same: the JSON error"
else
  not_ok "--convert (to JGF) of the same: the JSON error"; sed 's/^/# /' "$tmp/out"
fi
printf '{"record": {"format": "JGF", "version": 2}, /* why */ "tree": [{}]}\n' |
  "$JGFLINT" --stream --convert --to sgf > "$tmp/out" 2>&1
if grep -qF '"notes":["<stdin>: error: nothing to convert: its JSON does not parse: 1:45: comments are not allowed in JSON"]' "$tmp/out"; then
  ok "--stream --convert --to sgf: the same in the line's notes"
else
  not_ok "--stream --convert --to sgf: the same in the line's notes"; sed 's/^/# /' "$tmp/out"
fi
# Text that is not JSON and none of the formats is still said by them.
printf 'hello\n' > "$tmp/hello.txt"
"$JGFLINT" --convert --to sgf "$tmp/hello.txt" --output "$tmp/cm" > "$tmp/out" 2>&1
if grep -qxF "$tmp/hello.txt: error: not JGF, SGF, SGF-in-JSON, UGF/UGI, GIB, NGF or OGS: nothing to convert" "$tmp/out"; then
  ok "--to sgf of text that is no JSON: the formats it is not"
else
  not_ok "--to sgf of text that is no JSON: the formats it is not"; sed 's/^/# /' "$tmp/out"
fi
"$JGFLINT" --convert --to xml "$tmp/esc.sgf" > "$tmp/out" 2>&1
if [ $? -eq 2 ] && grep -q "'xml' is not a format" "$tmp/out"; then ok "--to xml refused"; else
  not_ok "--to xml refused"; fi

# The SGF written is clean by jgflint's own SGF check: no finding of the
# reader's (sgf-, charset-) but what a source's own kept value says again
# (Fox's KM[750], a view that would hide stones: kept, so nothing is lost),
# and its own properties that FF[4] does not define (the Nihon Ki-in's RD,
# LC, GK: written back where they were, as nothing may be lost), and its
# annotations as it wrote them (BM[1]TE[1] in one node, kept: issue 50).
rm -rf "$tmp/clean"
mkdir "$tmp/clean"
clean() { # clean FILE...: the SGF written of the FILEs (of one directory) into $tmp/clean/DIR
  inputs "$@" || return 0
  dir=${1%/*}
  # shellcheck disable=SC2046
  "$JGFLINT" --convert -q --to sgf $(cat "$tmp/rt/inputs") --output "$tmp/clean/${dir##*/}" > /dev/null 2>&1
}
clean testdata/convert/*.sgf testdata/convert/*.ugf testdata/convert/*.gib \
  testdata/convert/*.ngf testdata/convert/*.json
shared_sets clean
find "$tmp/clean" -name '*.sgf' > "$tmp/written"
# shellcheck disable=SC2046
"$JGFLINT" --no-config --select sgf,charset \
  --ignore sgf-kept-property,sgf-komi-kept,sgf-unknown-property,sgf-annotation-conflict \
  --format concise $(cat "$tmp/written") > "$tmp/out" 2>&1
st=$?
if [ $st -eq 0 ] && [ "$(wc -l < "$tmp/written")" -gt 60 ] && ! grep -q '\[' "$tmp/out"; then
  ok "the SGF written is clean by jgflint's own SGF check"
else
  not_ok "the SGF written is clean by jgflint's own SGF check (exit $st)"; head -20 "$tmp/out" | sed 's/^/# /'
fi

# --sgf-compress: rectangles, read back as the same points; labels aside.
printf '(;GM[1]FF[4]SZ[9]AB[aa][ba][ca][ab][bb][cb][ee][ef][fe][ff][fg]TR[gg][hg]LB[ii:x][hi:y];B[dd])' > "$tmp/rect.sgf"
"$JGFLINT" --convert -q --to sgf --sgf-compress "$tmp/rect.sgf" --output - > "$tmp/rect.out" 2> /dev/null
"$JGFLINT" --convert -q "$tmp/rect.sgf" --output - 2> /dev/null > "$tmp/rect1.jgf"
"$JGFLINT" --convert -q - --output - < "$tmp/rect.out" 2> /dev/null > "$tmp/rect2.jgf"
points() {
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))["tree"][0]
print(sorted((k, e["type"], c["x"], c["y"], c.get("text")) for k in ("setup", "markup") for e in d[k] for c in e["coords"]))' "$1"
}
if grep -qF 'AB[aa:cb][ee:ff][fg]TR[gg:hg]LB[ii:x][hi:y]' "$tmp/rect.out" &&
   [ "$(points "$tmp/rect1.jgf")" = "$(points "$tmp/rect2.jgf")" ]; then
  ok "--sgf-compress: rectangles, read back as the same points"
else
  not_ok "--sgf-compress: rectangles, read back as the same points"; sed 's/^/# /' "$tmp/rect.out"
fi

# --sgf-collection: a collection's games in one file, and its own output the identity.
printf '(;GM[1]FF[4]SZ[9]PB[A];B[ee];W[ec])(;GM[1]FF[4]SZ[19];B[aa])\n' > "$tmp/coll.sgf"
rm -rf "$tmp/coll" "$tmp/coll2"
"$JGFLINT" --convert --to sgf --sgf-collection "$tmp/coll.sgf" --output "$tmp/coll" > "$tmp/out" 2>&1
"$JGFLINT" --convert -q --to sgf --sgf-collection "$tmp/coll/coll.sgf" --output "$tmp/coll2" > /dev/null 2>&1
if [ "$(ls "$tmp/coll")" = coll.sgf ] && [ "$(grep -c '^(;FF\[4\]' "$tmp/coll/coll.sgf")" = 2 ] &&
   grep -qF 'wrote ' "$tmp/out" && grep -qF '(2 SGF games in one collection)' "$tmp/out" &&
   grep -qF '2 games: 2 records written' "$tmp/out" && cmp -s "$tmp/coll/coll.sgf" "$tmp/coll2/coll.sgf"; then
  ok "--sgf-collection: one file, its own --to sgf --sgf-collection the identity"
else
  not_ok "--sgf-collection: one file, its own --to sgf --sgf-collection the identity"
  sed 's/^/# /' "$tmp/out"; ls "$tmp/coll" | sed 's/^/# /'
fi
if "$JGFLINT" --convert -q --to sgf --sgf-collection "$tmp/coll.sgf" --output - 2> /dev/null |
   grep -c '^(;FF' | grep -qx 2; then
  ok "--sgf-collection: several games to standard output"
else
  not_ok "--sgf-collection: several games to standard output"
fi
"$JGFLINT" --convert --sgf-compress "$tmp/coll.sgf" > "$tmp/out" 2>&1
if [ $? -eq 2 ] && grep -q 'go with --to sgf' "$tmp/out"; then ok "--sgf-compress without --to sgf"; else
  not_ok "--sgf-compress without --to sgf"; sed 's/^/# /' "$tmp/out"; fi

# --to sgfjson: the same SGF as SGF-in-JSON (seed 002's shape). Read back,
# it gives the record the SGF gives, byte for byte, for every input; its
# shape exactly on a game with every kind of value.
rt=0 rtbad=""
sgfjson() { # sgfjson FILE...: the records compared and those that differ, into rt and rtbad
  inputs "$@" || return 0
  # shellcheck disable=SC2046
  set -- $(cat "$tmp/rt/inputs")
  runs s --to sgf "$@" --output "$tmp/rt/s"
  runs j --to sgfjson "$@" --output "$tmp/rt/j"
  runs bs "$tmp/rt/s" --output "$tmp/rt/bs"
  runs bj --extensions .json "$tmp/rt/j" --output "$tmp/rt/bj"
  python3 tests/sgfout_same.py sgfjson "$tmp/rt" "$tmp/rt/inputs" > "$tmp/rt/said"
  while read -r what arg; do
    case $what in
    rt) rt=$((rt + arg)) ;;
    bad) rtbad="$rtbad $arg" ;;
    esac
  done < "$tmp/rt/said"
}
# no-ca.sgf keeps MULTIGOGM (9 letters) under meta.sgf: its SGF-in-JSON
# is read back as any other (SGF's identifiers have no length limit).
sgfjson testdata/convert/*.sgf testdata/convert/*.ugf testdata/convert/*.gib \
  testdata/convert/*.ngf testdata/convert/*.json
sgfjson testdata/samples/*.jgf
shared_sets sgfjson
# testdata/ alone gives 93 records, with the shared samples beside the tree
# 111: a clone without them holds a threshold of its own (issue 48).
least=90
[ -d ../shared/samples/sgf ] && least=100
check "--to sgfjson read back gives the record --to sgf read back gives, byte for byte ($rt records, at least $least)" \
  '[ $rt -ge $least ] && [ -z "$rtbad" ]'
[ -z "$rtbad" ] || echo "# differ:$rtbad"
printf '(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]HA[2]PB[A \\] b]AB[cc][gg]PL[W]C[one\\\n line\ntwo]\n;W[ee]LB[aa:x\\:y][bb:z]TR[cc]\n(;B[]BL[30.5])\n(;B[dd]SZ[3:4]))\n' > "$tmp/shape.sgf"
version=$("$JGFLINT" --version | sed -n '1s/^jgflint //p')
cat > "$tmp/shape.want" <<EOF
[
  [
    {
      "FF": 4,
      "GM": 1,
      "CA": "UTF-8",
      "AP": [
        "jgflint",
        "$version"
      ],
      "SZ": 9,
      "PB": "A ] b",
      "KM": 6.5,
      "HA": 2,
      "AB": [
        "cc",
        "gg"
      ],
      "PL": "W",
      "C": "one line\\ntwo"
    },
    {
      "W": "ee",
      "TR": [
        "cc"
      ],
      "LB": [
        [
          "aa",
          "x:y"
        ],
        [
          "bb",
          "z"
        ]
      ],
      "variations": [
        [
          {
            "B": "",
            "BL": 30.5
          }
        ],
        [
          {
            "B": "dd",
            "SZ": [
              "3",
              "4"
            ]
          }
        ]
      ]
    }
  ]
]
EOF
"$JGFLINT" --convert -q --to sgfjson --output - "$tmp/shape.sgf" > "$tmp/shape.json" 2> "$tmp/out"
if [ $? -eq 0 ] && diff "$tmp/shape.want" "$tmp/shape.json" > "$tmp/why"; then
  ok "--to sgfjson: numbers, reals, point lists, compose pairs (LB, SZ w:h), text unescaped, a pass, variations (exact)"
else
  not_ok "--to sgfjson: numbers, reals, point lists, compose pairs (LB, SZ w:h), text unescaped, a pass, variations (exact)"
  sed 's/^/# /' "$tmp/why" "$tmp/out"
fi
rm -rf "$tmp/j1" "$tmp/j2"
"$JGFLINT" --convert -q --to sgfjson --sgf-collection testdata/convert/collection.sgf --output "$tmp/j1" > "$tmp/out" 2>&1
"$JGFLINT" --convert -q --to sgfjson --sgf-collection "$tmp/j1/collection.json" --output "$tmp/j2" >> "$tmp/out" 2>&1
games=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$tmp/j1/collection.json")
if [ "$games" = 3 ] &&
   cmp -s "$tmp/j1/collection.json" "$tmp/j2/collection.json"; then
  ok "--to sgfjson --sgf-collection: one file of 3 games; --to sgfjson of it is the identity"
else
  not_ok "--to sgfjson --sgf-collection: one file of 3 games; --to sgfjson of it is the identity"; sed 's/^/# /' "$tmp/out"
fi
"$JGFLINT" --convert --to sgfjson --sgf-compress "$tmp/shape.sgf" > "$tmp/out" 2>&1
if [ $? -eq 2 ] && grep -q 'SGF-in-JSON lists every point' "$tmp/out" && ! [ -e "$tmp/shape.json.1" ]; then
  ok "--to sgfjson --sgf-compress: refused"; else not_ok "--to sgfjson --sgf-compress: refused"; sed 's/^/# /' "$tmp/out"; fi
# --stream --convert --to sgfjson: each line's games as SGF-in-JSON values
# under "sgfjson", what --convert --to sgfjson writes of the line as a file.
printf '(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]PB[A \\] b]AB[cc][gg]PL[W]C[one];W[ee]LB[aa:x\\:y](;B[]BL[30.5])(;B[dd]))\n' > "$tmp/line.sgf"
"$JGFLINT" --convert -q --to sgfjson --output "$tmp/sj" "$tmp/line.sgf" > /dev/null 2>&1
"$JGFLINT" --stream --convert --to sgfjson < "$tmp/line.sgf" > "$tmp/out" 2> "$tmp/err"
st=$?
if [ $st -eq 0 ] && python3 -c 'import json, sys
line = json.loads(open(sys.argv[1]).read())
want = json.load(open(sys.argv[2]))
sys.exit(0 if line["sgfjson"] == [want] and "sgf" not in line else 1)' "$tmp/out" "$tmp/sj/line.json"; then
  ok "--stream --convert --to sgfjson: the line's games under \"sgfjson\", as --to sgfjson writes them"
else
  not_ok "--stream --convert --to sgfjson: the line's games under \"sgfjson\", as --to sgfjson writes them (exit $st)"
  sed 's/^/# /' "$tmp/out" "$tmp/err" | head
fi
"$JGFLINT" --convert --to xml "$tmp/shape.sgf" > "$tmp/out" 2>&1
if [ $? -eq 2 ] && grep -q '(jgf, sgf, sgfjson)' "$tmp/out"; then
  ok "--to xml: names the formats, sgfjson among them"; else not_ok "--to xml: names the formats, sgfjson among them"; sed 's/^/# /' "$tmp/out"; fi

# Custom markup is kept: happy and sad as Seki writes them (MH, MS), any
# other type (Seki's diamond, a record's own) as XM[point:type], jgflint's
# own property; the readers read both back as that markup. Each was left
# out with a note, exit 0 (issue 71).
cat > "$tmp/custom.jgf" <<'EOF'
{ "record": { "format": "JGF", "version": 2 }, "board": { "size": 9 },
  "tree": [ { "markup": [ { "type": "diamond", "coords": [ { "x": 0, "y": 0 } ] } ] },
    { "move": { "color": "black", "x": 2, "y": 2 },
      "markup": [ { "type": "happy", "coords": [ { "x": 3, "y": 3 }, { "x": 4, "y": 3 } ] },
                  { "type": "triangle", "coords": [ { "x": 4, "y": 4 } ] },
                  { "type": "a:b]c", "coords": [ { "x": 5, "y": 5 } ] } ] } ] }
EOF
exits "custom markup: --to sgf (exit 0)" 0 "$JGFLINT" --convert --to sgf --output "$tmp/custom.sgf" "$tmp/custom.jgf"
if grep -q 'not in SGF' "$tmp/out" "$tmp/err"; then not_ok "… nothing said lost"; sed 's/^/# /' "$tmp/err"
else ok "… nothing said lost"; fi
if grep -qF 'SZ[9]XM[aa:diamond]' "$tmp/custom.sgf" &&
   grep -qF ';B[cc]TR[ee]MH[dd][ed]XM[ff:a\:b\]c])' "$tmp/custom.sgf"; then
  ok "… happy as Seki's MH, others as XM[point:type], the type escaped"
else not_ok "… happy as Seki's MH, others as XM[point:type], the type escaped"; sed 's/^/# /' "$tmp/custom.sgf"; fi
exits "… the SGF checked (exit 0)" 0 "$JGFLINT" --format concise "$tmp/custom.sgf"
if [ -s "$tmp/out" ]; then not_ok "… no finding (XM is no unknown property)"; sed 's/^/# /' "$tmp/out"
else ok "… no finding (XM is no unknown property)"; fi
"$JGFLINT" --convert -q --output - "$tmp/custom.sgf" > "$tmp/back.jgf" 2> /dev/null
if python3 -c 'import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
def marks(r): return [sorted(n.get("markup", []), key=lambda e: e["type"]) for n in r["tree"]]
assert marks(a) == marks(b), b["tree"]' \
   "$tmp/custom.jgf" "$tmp/back.jgf"; then ok "… read back as the same markup (its entries in the order SGF writes them)"
else not_ok "… read back as the same markup (its entries in the order SGF writes them)"; fi
printf '(;GM[1]FF[4]SZ[9];B[cc]XM[dd:happy][zz:sad][ee:])' > "$tmp/custom-bad.sgf"
exits "a damaged XM: a check (exit 0)" 0 "$JGFLINT" --format concise "$tmp/custom-bad.sgf"
if grep -qxF "$tmp/custom-bad.sgf:1:24: warning: kept under meta.sgf.nodes as written: XM, jgflint's markup of other types, whose value \`zz:sad\` is not point:type on the board (and 1 more); its values that are point:type on the board are read as markup [sgf-label-value]" "$tmp/out"
then ok "… kept, said at its line:col"; else not_ok "… kept, said at its line:col"; sed 's/^/# /' "$tmp/out"; fi
sgfc=${SGFC:-$HOME/.cache/jgflint/sgfc/src/sgfc}
# (bench/sgfc.sh's build of SGFC 2.0, when its own sgfc is not built)
[ -x "$sgfc" ] || [ -n "${SGFC:-}" ] || sgfc=$HOME/.cache/jgflint/sgfc/sgfc-each
if [ -x "$sgfc" ]; then
  "$sgfc" -v "$tmp/custom.sgf" > "$tmp/sgfc" 2>&1
  if ! grep -q 'Error' "$tmp/sgfc"; then ok "… SGFC reads it without an error (XM: an unknown property, a warning)"
  else not_ok "… SGFC reads it without an error"; sed 's/^/# /' "$tmp/sgfc"; fi
else skip "SGFC is not built ($sgfc)"; fi

# Game information FF[4] cannot hold, which the reader kept as read
# (DT[1940年(...)], HA[two], FF[1]'s LT with a value): what FF[4] holds of
# it (the year in DT), its words in GC, each said; RE[共55手 黑不战胜] is
# read, B+F (REVIEW.md R19), written RE[B+F], its 共55手 in GC (it was lost);
# KM[5。5] is read, 5.5 (its ideographic full stop a decimal point); SGFC
# reads the SGF without an error, and --to sgf of it is the identity. The
# words in GC in one order, the table's (RE's, then DT's: sgfmerge.h's
# sgf_gc_paragraph_at), as --fix writes them. They were written back under FF[4] as read, SGFC's
# errors (issue 71). A value of FF[4]'s grammar stays where it is.
printf '(;GM[1]FF[4]SZ[19]CA[UTF-8]DT[1940年(报知新闻5月18日至6月1日连载)]RE[共55手 黑不战胜]KM[5。5]HA[two]LT[30秒]GC[Game.];B[pd])' > "$tmp/info.sgf"
exits "game information FF[4] cannot hold: --to sgf (exit 0)" 0 "$JGFLINT" --convert --to sgf --output "$tmp/info-out.sgf" "$tmp/info.sgf"
tr '\n' '|' < "$tmp/info-out.sgf" > "$tmp/info-line"
if grep -qF 'SZ[19]RE[B+F]DT[1940]KM[5.5]GC[Game.||RE[共55手 黑不战胜\]||DT[1940年(报知新闻5月18日至6月1日连载)\]||HA[two\]||LT[30秒\]]|;B[pd])' "$tmp/info-line"
then ok "… RE[B+F], DT[1940], KM[5.5], the words in GC after the game's comment"
else not_ok "… RE[B+F], DT[1940], KM[5.5], the words in GC after the game's comment"; sed 's/^/# /' "$tmp/info-out.sgf"; fi
for id in RE DT HA LT; do
  if grep -qF "not in SGF: /meta/sgf/$id: " "$tmp/out" "$tmp/err"; then ok "… $id said"
  else not_ok "… $id said"; cat "$tmp/out" "$tmp/err" | sed 's/^/# /'; fi
done
"$JGFLINT" --convert --to sgf --output - "$tmp/info-out.sgf" > "$tmp/info-again.sgf" 2> /dev/null
if cmp -s "$tmp/info-out.sgf" "$tmp/info-again.sgf"; then ok "… --to sgf of it is the identity"
else not_ok "… --to sgf of it is the identity"; diff "$tmp/info-out.sgf" "$tmp/info-again.sgf" | sed 's/^/# /'; fi
printf '(;GM[1]FF[4]SZ[19]DT[1940-05-18]RE[W+R]KM[5.5]HA[2]LT[];B[pd])' > "$tmp/info-ok.sgf"
"$JGFLINT" --convert --to sgf --output - "$tmp/info-ok.sgf" > "$tmp/info-ok-out.sgf" 2> "$tmp/err"
if grep -qF 'RE[W+R]DT[1940-05-18]KM[5.5]HA[2]' "$tmp/info-ok-out.sgf" && ! grep -q 'GC\[' "$tmp/info-ok-out.sgf"
then ok "… values of FF[4]'s grammar stay where they are, no GC"
else not_ok "… values of FF[4]'s grammar stay where they are, no GC"; sed 's/^/# /' "$tmp/info-ok-out.sgf"; fi
if [ -x "$sgfc" ]; then
  "$sgfc" "$tmp/info-out.sgf" > "$tmp/sgfc" 2>&1
  if ! grep -q 'Error' "$tmp/sgfc"; then ok "… SGFC reads it without an error"
  else not_ok "… SGFC reads it without an error"; sed 's/^/# /' "$tmp/sgfc"; fi
else skip "SGFC is not built ($sgfc)"; fi

# REVIEW.md R87: GC of several values, and game information of several
# values in a move's node, were written as read (SGFC 2.0: "may have only
# ONE value", Error 13, critical, four times here). Now GC's values are one
# text, a blank line between (an escaped `]` kept); in any node game
# information of several values follows R77's rule there: the first, and
# the property as read in that node's GC, after GC's own values; each said.
# (SGFC's Error 44 is the input's: game information in two nodes of a line.)
printf '(;GM[1]FF[4]SZ[19]GC[a][b];B[pd]PB[x][y];W[dd]KM[6.5][7.5]GC[c][d\\]e])\n' > "$tmp/r87.sgf"
exits "R87: GC and a move's game information of several values: --to sgf (exit 0)" 0 \
  "$JGFLINT" --convert --to sgf --output "$tmp/r87-out.sgf" "$tmp/r87.sgf"
tr '\n' '|' < "$tmp/r87-out.sgf" > "$tmp/r87-line"
if grep -qF 'SZ[19]GC[a||b]|;B[pd]PB[x]GC[PB[x\][y\]]|;W[dd]KM[6.5]GC[c||d\]e||KM[6.5\][7.5\]])|' "$tmp/r87-line"
then ok "… GC[a||b]; PB[x]GC[PB[x\][y\]]; KM[6.5]GC[c||d\]e||KM[6.5\][7.5\]]"
else not_ok "… GC[a||b]; PB[x]GC[PB[x\][y\]]; KM[6.5]GC[c||d\]e||KM[6.5\][7.5\]]"; sed 's/^/# /' "$tmp/r87-out.sgf"; fi
if grep -qF "not in SGF: /meta/sgf/GC: more than one value, where FF[4]'s GC holds one text" "$tmp/out" "$tmp/err" &&
   grep -qF "not in SGF: /meta/sgf/nodes/~1tree~11/PB: more than one value, where FF[4] holds one: written in GC" "$tmp/out" "$tmp/err" &&
   grep -qF "not in SGF: /meta/sgf/nodes/~1tree~12/GC: more than one value" "$tmp/out" "$tmp/err" &&
   grep -qF "not in SGF: /meta/sgf/nodes/~1tree~12/KM: more than one value" "$tmp/out" "$tmp/err"
then ok "… each said"; else not_ok "… each said"; cat "$tmp/out" "$tmp/err" | sed 's/^/# /'; fi
"$JGFLINT" --convert --to sgf --output - "$tmp/r87-out.sgf" > "$tmp/r87-again.sgf" 2> /dev/null
if cmp -s "$tmp/r87-out.sgf" "$tmp/r87-again.sgf"; then ok "… --to sgf of it is the identity"
else not_ok "… --to sgf of it is the identity"; diff "$tmp/r87-out.sgf" "$tmp/r87-again.sgf" | sed 's/^/# /'; fi
if [ -x "$sgfc" ]; then
  "$sgfc" -v "$tmp/r87-out.sgf" > "$tmp/sgfc" 2>&1
  if ! grep -q 'critical' "$tmp/sgfc"; then ok "… SGFC finds no critical error"
  else not_ok "… SGFC finds no critical error"; sed 's/^/# /' "$tmp/sgfc"; fi
else skip "SGFC is not built ($sgfc)"; fi

# fixed_as_to_sgf FILE NAME [changed]: --fix --unsafe-fixes of FILE writes
# what --to sgf writes of it, and so does --to sgf of its --convert's
# record, SGFC finds no error in it (but 44), a second --fix changes
# nothing, and with "changed" the first changed the file. Each case is
# queued (a copy of FILE, $tmp/as/in/K.sgf) and fixed_as_to_sgf_run checks
# those queued with six runs of jgflint for them all (each run's records
# named after its inputs, K.sgf and K.jgf), not six a case, and says each
# case's result in the order queued.
fixed_as_to_sgf() {
  mkdir -p "$tmp/as/in"
  as_queued=$((${as_queued:-0} + 1))
  cp "$1" "$tmp/as/in/$as_queued.sgf"
  printf '%s %s\n' "${3:--}" "$2" >> "$tmp/as/cases"
}
fixed_as_to_sgf_run() {
  a=$tmp/as
  set --
  k=0
  while [ "$k" -lt "$as_queued" ]; do k=$((k + 1)); set -- "$@" "$k.sgf"; done
  mkdir -p "$a/fix" "$a/twice"
  (cd "$a/in" && cp "$@" ../fix/)
  (cd "$a/in" && "$JGFLINT" --no-config --convert --to sgf --output ../to "$@") < /dev/null > /dev/null 2>&1
  (cd "$a/in" && "$JGFLINT" --no-config --convert --output ../jgf "$@") < /dev/null > /dev/null 2>&1
  # shellcheck disable=SC2046 # the records' names, K.jgf: words
  (cd "$a/jgf" && "$JGFLINT" --no-config --convert --to sgf --output ../jgfsgf $(echo "$@" | sed 's/\.sgf/.jgf/g')) < /dev/null > /dev/null 2>&1
  (cd "$a/fix" && "$JGFLINT" --no-config --fix --unsafe-fixes "$@") < /dev/null > /dev/null 2>&1
  (cd "$a/fix" && cp "$@" ../twice/)
  (cd "$a/twice" && "$JGFLINT" --no-config --fix --unsafe-fixes "$@") < /dev/null > /dev/null 2>&1
  (cd "$a/fix" && "$JGFLINT" --no-config --convert --to sgf --output ../fixed "$@") < /dev/null > /dev/null 2>&1
  k=0
  while read -r changed name; do
    k=$((k + 1))
    f=$a/fix/$k.sgf
    if [ -x "$sgfc" ]; then "$sgfc" -v "$f" > "$tmp/sgfc" 2>&1; else : > "$tmp/sgfc"; fi
    if [ -s "$a/to/$k.sgf" ] && { [ "$changed" = - ] || ! cmp -s "$a/in/$k.sgf" "$f"; } &&
       cmp -s "$a/to/$k.sgf" "$a/fixed/$k.sgf" && cmp -s "$a/to/$k.sgf" "$a/jgfsgf/$k.sgf" &&
       cmp -s "$f" "$a/twice/$k.sgf" && ! grep 'Error' "$tmp/sgfc" | grep -qv 'Error 44'; then
      ok "$name"
    else
      not_ok "$name"
      sed 's/^/# fixed: /' "$f"; diff "$a/to/$k.sgf" "$a/fixed/$k.sgf" | sed 's/^/# /'
      diff "$a/to/$k.sgf" "$a/jgfsgf/$k.sgf" | sed 's/^/# via --convert: /'
      grep 'Error' "$tmp/sgfc" | sed 's/^/# /'
    fi
  done < "$a/cases"
  rm -rf "$a"; as_queued=0
}

# ... and --fix --unsafe-fixes ends where --to sgf does (one rule for both):
# the fixed file's --to sgf is the same bytes as the input's, SGFC finds no
# error in it (but Error 44, the input's game information in a move's
# node), and a second --fix changes nothing. GC[a][b] in the
# root and in a move's node, PB[x][y] beside a GC in a move's node, values
# with blanks between (PB[a]  [b]), a property given again at once
# (KM[6.5]KM[7.5]: one edit takes the second out) were left as read. The
# paragraphs in GC come in the file's order under both (EV, PB, RE; --to
# sgf wrote them in its table's, RE, EV, PB).

# ... and where the values stand apart (REVIEW.md R87's rest, stop 87): a
# blank between them as wide as the id (PB[a] [b], KM[6.5] [7.5]), the
# values on lines of their own (PB[a] LF [b], given again on the next line
# as pb[b] in CR LF), the property given again after another (KM[6.5]PB[x]
# KM[7.5], in the root and in a move's node) were left by --fix (SGFC:
# Error 13, critical) where --to sgf wrote them as FF[4] holds them. Each is
# changed, as --to sgf writes it, SGFC no error, once. (printf's %b writes
# each \n and \r; the test's name shows them as |.)

# REVIEW.md R112: a property given again after another whose repair writes
# GC too (PB[a]PW[b][c]PB[d]): --to sgf writes GC's paragraphs in the order
# of the properties' first places (PB, PW), --fix --unsafe-fixes wrote them
# in its rounds' (PW, PB: each repair made a GC at the root's end, and the
# one that begins first, PW's, was made first). Now the given-again one's
# GC is written after its first value, so that its repair comes first. A GC
# between its places (the sixth case) gave the file's order already. Where
# a later round adds a paragraph to a GC that a repair's paragraph of a
# property --to sgf writes after it is in already (a GC after the places;
# an earlier repair, DT's, making GC at the end first; LT, which --to sgf
# writes after all; a move's node, whose GC is at its end), it was added
# at GC's end (R112's rest): now before that paragraph.

# REVIEW.md R128: GC given again with another property given again between
# its places (PB[a]GC[g]PB[b]GC[h]): GC's repair wrote its values joined
# over what stood between, `GC[g` LF LF `h]`, PB[b] gone (refused by the
# guard since aac332a, so left as read: SGFC's Error 13). Now its values
# after the first are taken out where they stand and their words added to
# the first, nothing written over PB[b]; PB's repair follows, as --to sgf
# writes both (also KM, DT between; GC three times; GC's last given two).

# REVIEW.md R106: a value ending in a `\` that escapes nothing (a soft line
# break's, whose line break the value ends before) was moved into GC with
# its `\` as it was: `GC[KM[6.5\\]]`, GC ending early and a new stray `]`.
# Now the `\` is doubled there, as --to sgf escapes the text read. The
# line feed after it stays where it was, between SZ and PB (cc3fd488: a
# value whose `]` was lost is rewritten up to its text, the bytes after
# it kept).
printf '(;GM[1]FF[4]SZ[19]KM[6.5\\\nPB[Lee];B[pd])\n' > "$tmp/r106.sgf"
"$JGFLINT" --no-config --convert --to sgf --output - "$tmp/r106.sgf" > "$tmp/r106-to.sgf" 2> /dev/null
"$JGFLINT" --no-config --fix --unsafe-fixes "$tmp/r106.sgf" > /dev/null 2>&1
"$JGFLINT" --no-config --convert --to sgf --output - "$tmp/r106.sgf" > "$tmp/r106-fixto.sgf" 2> /dev/null
"$JGFLINT" --no-config "$tmp/r106.sgf" > "$tmp/r106-check" 2>&1
if [ "$(tr '\n' '|' < "$tmp/r106.sgf")" = '(;GM[1]FF[4]SZ[19]|PB[Lee]GC[KM[6.5\\\]];B[pd])|' ] && cmp -s "$tmp/r106-to.sgf" "$tmp/r106-fixto.sgf" &&
   ! grep -q 'sgf-stray-text' "$tmp/r106-check"; then
  ok "R106: KM ending in a soft line break's backslash, --fix --unsafe-fixes: into GC as --to sgf writes it, no stray text"
else
  not_ok "R106: KM ending in a soft line break's backslash, --fix --unsafe-fixes: into GC as --to sgf writes it, no stray text"
  sed 's/^/# /' "$tmp/r106.sgf" "$tmp/r106-check"
fi

# REVIEW.md R105 (its program half): game information of several values
# that each say nothing (empty or blank: EV[]EV[], EV[][ ]) was written as
# a paragraph of GC saying nothing, GC[EV[\][\]], by --to sgf and --fix
# --unsafe-fixes alike, where one such value (EV[]) is left out; KM[][] was
# KM[]GC[KM[\][\]] under --fix and GC[KM[\][\]] under --to sgf. Now they
# are as one such value: in the root EV's none (the record's datum says it)
# and DT's and BR's as read (DT[], BR[ ]: kept, as DT[] alone is), in a
# move's node its first as read; --fix takes the values after the first
# out (KM[] is then as KM[] alone is: left, no GC).
printf '(;GM[1]FF[4]SZ[19]KM[][]PB[x];B[pd]KM[][]PB[y])\n' > "$tmp/r105-km.sgf"
"$JGFLINT" --no-config --convert --to sgf --output - "$tmp/r105-km.sgf" > "$tmp/r105-to.sgf" 2> /dev/null
"$JGFLINT" --no-config --fix --unsafe-fixes "$tmp/r105-km.sgf" > /dev/null 2>&1
"$JGFLINT" --no-config --convert --to sgf --output - "$tmp/r105-km.sgf" > "$tmp/r105-fixed.sgf" 2> /dev/null
if grep -qxF '(;GM[1]FF[4]SZ[19]KM[]PB[x];B[pd]KM[]PB[y])' "$tmp/r105-km.sgf" && ! grep -q 'GC\[' "$tmp/r105-to.sgf" &&
   cmp -s "$tmp/r105-to.sgf" "$tmp/r105-fixed.sgf"; then
  ok "R105: KM[][] in the root and a move's node: --fix leaves KM[] (as KM[] alone), --to sgf no KM and no GC, the same after"
else
  not_ok "R105: KM[][] in the root and a move's node: --fix leaves KM[] (as KM[] alone), --to sgf no KM and no GC, the same after"
  sed 's/^/# /' "$tmp/r105-km.sgf" "$tmp/r105-to.sgf" "$tmp/r105-fixed.sgf"
fi

# REVIEW.md R127, and issue 71's EV[]EV[x]: game information of several
# values whose first says nothing (empty or blank) and a later one says
# something. FF[4] holds one value; SGFC 2.0 keeps the first and then
# deletes it as empty, losing the others (EV[]EV[x]: Error 28, Warning 17,
# no EV written). No datum is read from such a first value: --to sgf
# writes the property in GC alone (GC[KM[ \][6.5\]]), and so did --fix
# --unsafe-fixes for EV and RE, but for the kinds kept as read (KM, DT, BR,
# HA, TM) it wrote the first as the property beside GC (KM[ ]GC[...]),
# which --to sgf then wrote too: two decisions. Now --fix takes the
# property out, its values in GC, as --to sgf writes it (EV[]EV[x]: as
# before, one decision already).
# Issue 71 (stop 91's note: ID[][x] and BR[x1][ ]): whether the first of
# several values is written as the property beside them in GC was decided
# twice, and apart: --to sgf wrote a root's BR[x1][ ] (x1 no rank JGF
# writes: no datum) in GC alone where --fix kept BR[x1]; in a move's node
# --fix kept a first saying nothing (EV[][x] -> EV[], TM[ ][60] -> TM[ ]:
# SGFC's Errors 17 and 33) where --to sgf wrote it only when not empty.
# Now one decision, sgfwrite.h's sgfw_first_held (it says something and
# FF[4] holds it), in the root and a move's node, for both.
# The cases of the comments above (R87, R87's rest, R112, R128, R105,
# R127, first), one table and one loop: KIND|FLAGS|INPUT, INPUT written by printf
# %b (its \n and \r; the test's name shows them as |), FLAGS "changed"
# (the first --fix changes the file) and "nogc" (--to sgf writes no GC).
# Flag "eol": the case again with each line break a CR LF, and a lone CR
# (the paragraphs in GC are read where a blank line of the file's own
# breaks begins one, sgfmerge.h's sgf_paragraph_at: --fix writes them so).
i=0
while IFS='|' read -r kind flags input <&3; do
  for eol in lf crlf cr; do
  case "$eol $flags " in lf*) ;; *" eol "*) ;; *) continue ;; esac
  i=$((i + 1))
  printf '%b\n' "$input" > "$tmp/as-$i.sgf"
  case $eol in
    crlf) sed 's/\r$//; s/$/\r/' "$tmp/as-$i.sgf" > "$tmp/as-eol.sgf" ;;
    cr) sed 's/\r$//' "$tmp/as-$i.sgf" | tr '\n' '\r' > "$tmp/as-eol.sgf" ;;
  esac
  [ "$eol" = lf ] || mv "$tmp/as-eol.sgf" "$tmp/as-$i.sgf"
  name=$(printf '%s' "$input" | sed 's/\\[rn]/|/g')
  [ "$eol" = lf ] || name="$name ($eol)"
  case " $flags " in *" nogc "*)
    "$JGFLINT" --no-config --convert --to sgf --output - "$tmp/as-$i.sgf" > "$tmp/as-nogc.sgf" 2> /dev/null
    if ! grep -q 'GC\[' "$tmp/as-nogc.sgf"; then ok "$kind --to sgf of $name: no GC"
    else not_ok "$kind --to sgf of $name: no GC"; sed 's/^/# /' "$tmp/as-nogc.sgf"; fi ;;
  esac
  changed=; case " $flags " in *" changed "*) changed=changed ;; esac
  fixed_as_to_sgf "$tmp/as-$i.sgf" "$kind --fix --unsafe-fixes of $name: ${changed:+changed, }as --to sgf writes it, SGFC no error, once" $changed
  done
done 3<<'CASES'
R87||(;GM[1]FF[4]SZ[19]GC[a][b];B[pd])
R87||(;GM[1]FF[4]SZ[19]GC[a][b]EV[c][d];B[pd])
R87||(;GM[1]FF[4]SZ[19];B[pd]PB[x][y]GC[hi];W[dd]GC[a][][b\]c]EV[x][y])
R87||(;GM[1]FF[4]SZ[19];B[pd]KM[x][7.5]PB[a]  [b])
R87||(;GM[1]FF[4]SZ[19]PB[a]  [b];B[pd])
R87||(;GM[1]FF[4]SZ[19]KM[6.5]KM[7.5];B[pd])
R87||(;GM[1]FF[4]SZ[19]EV[a][b]PB[x][y]RE[xx];B[pd])
R87||(;GM[1]FF[4]SZ[19]GC[hi]EV[a][b]DT[1940年(x)]PB[a]  [b]KM[6.5]KM[7.5];B[pd])
R87|changed|(;GM[1]FF[4]SZ[19]PB[a] [b]\n;B[pd])
R87|changed|(;GM[1]FF[4]SZ[19]PB[a]\n[b]\n;B[pd])
R87|changed|(;GM[1]FF[4]SZ[19]KM[6.5] [7.5]\n;B[pd])
R87|changed|(;GM[1]FF[4]SZ[19]PB[a]\r\n  pb[b]\r\n;B[pd])
R87|changed|(;GM[1]FF[4]SZ[19]PB[a]\n[b][c]PW[d]\n;B[pd])
R87|changed|(;GM[1]FF[4]SZ[19]KM[6.5]PB[x]KM[7.5]\n;B[pd])
R87|changed|(;GM[1]FF[4]SZ[19]KM[6.5]PB[x] KM[7.5][8]\n;B[pd])
R87|changed|(;GM[1]FF[4]SZ[19]PB[a]PW[b]PB[c]\n;B[pd])
R87|changed|(;GM[1]FF[4]SZ[19];B[pd]PB[a] [b]GC[x];W[dd]KM[6.5]C[x]KM[7.5])
R87|changed|(;GM[1]FF[4]SZ[19]RE[xx] [yy]GC[a] [b]HA[2] [3]AB[dd][pp]\n;W[pd])
R112|changed eol|(;GM[1]FF[4]SZ[19]PB[a]PW[b][c]PB[d];B[pd])
R112|changed eol|(;GM[1]FF[4]SZ[19]PB[a]PW[b] [c]PB[d];B[pd])
R112|changed eol|(;GM[1]FF[4]SZ[19]PB[a]RE[共55手 黑不战胜]PB[d];B[pd])
R112|changed eol|(;GM[1]FF[4]SZ[19]KM[6.5]PB[x][y]KM[7.5];B[pd])
R112|changed eol|(;GM[1]FF[4]SZ[19]EV[a]DT[1940年(x)]EV[b];B[pd])
R112|changed eol|(;GM[1]FF[4]SZ[19]PB[a]GC[x]PW[b][c]PB[d];B[pd])
R112|changed eol|(;GM[1]FF[4]SZ[19]PB[a]PW[b][c]PB[d]GC[x];B[pd])
R112|changed eol|(;GM[1]FF[4]SZ[19]DT[1940年(x)]EV[a]RE[共55手 黑不战胜]EV[b];B[pd])
R112|changed eol|(;GM[1]FF[4]SZ[19]LT[30秒]PW[b][c];B[pd])
R112|changed eol|(;GM[1]FF[4]SZ[19];B[pd]PB[a]PW[b][c]PB[d];W[dd])
R128|changed eol|(;GM[1]FF[4]SZ[19]PB[a]GC[g]PB[b]GC[h];B[pd])
R128|changed eol|(;GM[1]FF[4]SZ[19]KM[6.5]GC[g]KM[7]GC[h];B[pd])
R128|changed eol|(;GM[1]FF[4]SZ[19]DT[2020]GC[g]DT[2021]GC[h];B[pd])
R128|changed eol|(;GM[1]FF[4]SZ[19]GC[g]PB[a]GC[h]PB[b]GC[i];B[pd])
R128|changed eol|(;GM[1]FF[4]SZ[19]PB[a]GC[]PB[b]GC[h][i];B[pd])
R128|changed eol|(;GM[1]FF[4]SZ[19]PW[x]PB[a]PW[y]PB[b];B[pd])
R105|changed nogc|(;GM[1]FF[4]SZ[19]EV[]EV[];B[pd])
R105|changed nogc|(;GM[1]FF[4]SZ[19]EV[][ ];B[pd])
R105|changed nogc|(;GM[1]FF[4]SZ[19]EV[]PB[a]EV[];B[pd])
R105|changed nogc|(;GM[1]FF[4]SZ[19]DT[][]BR[ ][];B[pd])
R105|changed nogc|(;GM[1]FF[4]SZ[19];B[pd]EV[][];W[dd])
R127|changed|(;GM[1]FF[4]SZ[19]KM[ ][6.5];B[pd])
R127|changed|(;GM[1]FF[4]SZ[19]DT[ ][2020-01-01];B[pd])
R127|changed|(;GM[1]FF[4]SZ[19]DT[][2020-01-01];B[pd])
R127|changed|(;GM[1]FF[4]SZ[19]BR[ ][1d]HA[ ][2];B[pd])
R127|changed|(;GM[1]FF[4]SZ[19]TM[ ][60]PB[x];B[pd])
R127|changed|(;GM[1]FF[4]SZ[19]DT[ ][]DT[2020-01-01];B[pd])
R127|changed|(;GM[1]FF[4]SZ[19]EV[]EV[x];B[pd])
first|changed|(;GM[1]FF[4]SZ[19]BR[x1][ ]PB[p];B[pd])
first|changed|(;GM[1]FF[4]SZ[19]WR[x][y]PB[p];B[pd])
first|changed|(;GM[1]FF[4]SZ[19];B[pd]EV[][x]C[c];W[dd])
first|changed|(;GM[1]FF[4]SZ[19];B[pd]TM[ ][60]C[c];W[dd])
first|changed|(;GM[1]FF[4]SZ[19];B[pd]KM[][6.5]PB[a][b];W[dd])
first|changed|(;GM[1]FF[4]SZ[19];B[pd]BR[x1][ ]DT[ ][2020];W[dd])
first|changed eol|(;GM[1]FF[4]SZ[19]GC[x]KM[5。5]PB[a][b]\n;B[pd])
one|changed|(;GM[1]FF[4]SZ[19]ID[][x]PB[p];B[pd])
one|changed|(;GM[1]FF[4]SZ[19]LT[x][y]PB[p];B[pd])
one|changed|(;GM[1]FF[4]SZ[19]ID[a][b]LT[][x]GC[g];B[pd])
one|changed|(;GM[1]FF[4]SZ[19]BS[1][2]WS[]WS[3];B[pd])
one|changed|(;GM[1]FF[4]SZ[19];B[pd]ID[][x]C[c];W[dd])
one|changed|(;GM[1]FF[4]SZ[19];B[pd]LT[x][y]ID[a][b];W[dd])
order|changed eol|(;GM[1]FF[4]SZ[19]PB[a]KM[x]PB[d]GC[y];B[pd])
order|changed eol|(;GM[1]FF[4]SZ[19]GC[LT[x\\]]PW[a][b];B[pd])
order|changed eol|(;GM[1]FF[4]SZ[19]EV[a][b]GC[LT[x\\]]PB[c][d];B[pd])
order|changed eol|(;GM[1]FF[4]SZ[19];B[pd]EV[a][b]GC[LT[x\\]]PB[c][d];W[dd])
order|changed|(;GM[1]FF[4]SZ[19]PB[a]PB[d]GC[y\n\nKM[x\\]];B[pd])
order|changed|(;GM[1]FF[4]SZ[19]GC[y\n\nPB[a\\][d\\]\n\nKM[x\\]]EV[e]DT[1940年(x)]EV[f];B[pd])
CASES
fixed_as_to_sgf_run

# Issue 71 (stop 92's note): FF[3]'s game information that SGFC gives one
# value, ID[][x], and FF[1]'s LT[][x], were written by --to sgf as read
# (SGFC's Error 13, critical: "may have only ONE value", the others
# deleted), and left so by --fix; LT[x][y] --fix left where --to sgf wrote
# it in GC. Now as FF[4]'s game information of several values (sgfprops.c's
# SGF_P_ONE: ID, BS, WS, KI, LT): the first where it says something and
# FF[4] reads it (ID[a], not FF[1]'s LT), the property as read in GC, in
# the root and a move's node ("one" above; SGFC on --to sgf's output here).
for one in 'ID[][x]|GC[ID[\][x\]]' 'LT[x][y]|GC[LT[x\][y\]]' 'ID[a][b]|GC[ID[a\][b\]]ID[a]'; do
  printf '(;GM[1]FF[4]SZ[19]%s;B[pd])\n' "${one%%|*}" > "$tmp/one.sgf"
  "$JGFLINT" --no-config --convert --to sgf --output - "$tmp/one.sgf" > "$tmp/one-out.sgf" 2> /dev/null
  verdict=
  if [ -x "$sgfc" ]; then "$sgfc" "$tmp/one-out.sgf" > "$tmp/sgfc" 2>&1; grep -q 'Error' "$tmp/sgfc" && verdict=bad; fi
  if grep -qF "SZ[19]${one#*|}" "$tmp/one-out.sgf" && [ -z "$verdict" ]; then
    ok "one: --to sgf of ${one%%|*}: ${one#*|}, SGFC no error"
  else
    not_ok "one: --to sgf of ${one%%|*}: ${one#*|}, SGFC no error"; sed 's/^/# /' "$tmp/one-out.sgf"
    [ -n "$verdict" ] && sed 's/^/# /' "$tmp/sgfc"
  fi
done

# Issue 71 (stop 92's note): the paragraphs in GC were in the file's order
# (meta.sgf's) under --to sgf, and --fix --unsafe-fixes placed each
# round's among those before by the properties' places in the node, which
# a property moved into GC by an earlier round no longer has:
# PB[a]KM[x]PB[d]GC[y] was y, PB, KM under --to sgf and y, KM, PB under
# --fix; GC[LT[x\]]PW[a][b] LT, PW and PW, LT; two repairs in one round
# came in the order of their edits (EV[a][b]GC[LT[x\]]PB[c][d]). Now
# one order, sgf_prop_order's (the table's), and one place that puts a
# paragraph among those in GC, sgfmerge.h's sgf_gc_paragraph_at, for both:
# the cases above ("order"), and here the property: --to sgf of any
# round's output is --to sgf of the input (each repair made first), and
# of the same properties in any order of the file.
order_same() {   # NAME FILE...: --to sgf of each FILE the same bytes
  name=$1; shift
  "$JGFLINT" --no-config --convert --to sgf --output - "$1" > "$tmp/order-first.sgf" 2> /dev/null
  bad=
  for f in "$@"; do
    "$JGFLINT" --no-config --convert --to sgf --output - "$f" > "$tmp/order-this.sgf" 2> /dev/null
    cmp -s "$tmp/order-first.sgf" "$tmp/order-this.sgf" || bad="$bad $(basename "$f")"
  done
  if [ -z "$bad" ] && grep -q 'GC\[' "$tmp/order-first.sgf"; then ok "$name"
  else not_ok "$name"; echo "# differ:$bad"; sed 's/^/# /' "$tmp/order-first.sgf"; fi
}
printf '%b\n' '(;GM[1]FF[4]SZ[19]PB[a]KM[x]PB[d]GC[y];B[pd])' > "$tmp/round-0.sgf"
printf '%b\n' '(;GM[1]FF[4]SZ[19]PB[a]PB[d]GC[y\n\nKM[x\\]];B[pd])' > "$tmp/round-km.sgf"
printf '%b\n' '(;GM[1]FF[4]SZ[19]PB[a]KM[x]GC[y\n\nPB[a\\][d\\]];B[pd])' > "$tmp/round-pb.sgf"
order_same "order: PB[a]KM[x]PB[d]GC[y], KM's repair made first, PB's made first: one --to sgf" \
  "$tmp/round-0.sgf" "$tmp/round-km.sgf" "$tmp/round-pb.sgf"
printf '%b\n' '(;GM[1]FF[4]SZ[19]LT[30秒]PW[b][c];B[pd])' > "$tmp/round-1.sgf"
printf '%b\n' '(;GM[1]FF[4]SZ[19]PW[b][c]GC[LT[30秒\\]];B[pd])' > "$tmp/round-lt.sgf"
printf '%b\n' '(;GM[1]FF[4]SZ[19]LT[30秒]PW[b]GC[PW[b\\][c\\]];B[pd])' > "$tmp/round-pw.sgf"
order_same "order: LT[30秒]PW[b][c], LT's repair made first, PW's made first: one --to sgf" \
  "$tmp/round-1.sgf" "$tmp/round-lt.sgf" "$tmp/round-pw.sgf"
# the same properties in each of the 24 orders of the file, GC first
set -- 'PB[a][b]' 'KM[x]' 'EV[c][d]' 'DT[1940年(x)]'
files=
for a in 1 2 3 4; do for b in 1 2 3 4; do for c in 1 2 3 4; do
  [ $a = $b ] || [ $a = $c ] || [ $b = $c ] && continue
  d=$((10 - a - b - c))
  eval "printf '%s\n' \"(;GM[1]FF[4]SZ[19]GC[y]\${$a}\${$b}\${$c}\${$d};B[pd])\"" > "$tmp/perm-$a$b$c$d.sgf"
  files="$files $tmp/perm-$a$b$c$d.sgf"
done; done; done
# shellcheck disable=SC2086
order_same "order: GC[y] and PB[a][b], KM[x], EV[c][d], DT[1940年(x)] in each of 24 orders: one --to sgf" $files
perm=0
for f in $files; do
  perm=$((perm + 1))
  fixed_as_to_sgf "$f" "order: --fix --unsafe-fixes of the order $perm of 24 ($(sed -n 's/.*GC\[y\]\(.*\);B.*/\1/p' "$f")): as --to sgf writes it, SGFC no error, once" changed
done
fixed_as_to_sgf_run

# REVIEW.md R111: a VW in a move's node, which the reader keeps whatever its
# points (a view is the root's), was written with its first character
# escaped, as a kept point that would read as the board's is (AB[\ab]):
# `;VW[\aa:ii]`, SGFC's Error 15 (VW corrected to [aa]) and jgflint's own
# warning on its output (sgf-value-type). Now written as read. The escape
# reached no other property (a sweep of every point and move property, in
# the root, a move's node and a node of its own, given once and twice,
# FF[3] and FF[4]: VW alone).
for r111 in '(;GM[1]FF[4]SZ[19]PB[x];VW[aa:ii];W[qq])|;VW[aa:ii]' \
            '(;GM[1]FF[4]SZ[19];B[pd]VW[aa][bb]VW[cc])|;B[pd]VW[aa][bb][cc])'; do
  printf '%s\n' "${r111%%|*}" > "$tmp/r111.sgf"
  "$JGFLINT" --no-config --convert --to sgf --output - "$tmp/r111.sgf" > "$tmp/r111-out.sgf" 2> /dev/null
  "$JGFLINT" --no-config "$tmp/r111-out.sgf" > "$tmp/r111-check" 2>&1
  verdict=
  if [ -x "$sgfc" ]; then "$sgfc" "$tmp/r111-out.sgf" > "$tmp/sgfc" 2>&1; grep -q 'Error' "$tmp/sgfc" && verdict=bad; fi
  if grep -qxF "${r111#*|}" "$tmp/r111-out.sgf" && grep -qF '0 errors, 0 warnings, 0 infos' "$tmp/r111-check" &&
     [ -z "$verdict" ]; then
    ok "R111: ${r111%%|*}: the node's VW written as read, no finding on the output, SGFC no error"
  else
    not_ok "R111: ${r111%%|*}: the node's VW written as read, no finding on the output, SGFC no error"
    sed 's/^/# /' "$tmp/r111-out.sgf" "$tmp/r111-check"; [ -n "$verdict" ] && sed 's/^/# /' "$tmp/sgfc"
  fi
done

# REVIEW.md R136: a kept point written with white space around it (a root
# VW that would hide a stone, a move's VW, DD, AR, LN, whose JGF has no
# place for them) was written as read, `VW[ aa:ei]`: SGFC's Errors 15 and
# 25 (each corrected), and jgflint's own sgf-point-blanks on its output
# (sgf_mutations seed 412). Now written as the reader and that rule read it,
# its points alone (a line break among the blanks too: LN[ cc CR :dd]); a
# label's text as it is; --to sgf of the output is the identity.
printf '(;GM[1]FF[4]SZ[9]VW[ aa:ei]AB[aa];B[ee]DD[ aa]AR[ aa:bb]LN[ cc\r:dd]VW[ ab:ef];W[ia]VW[aa : bb][ cc ])' > "$tmp/r136.sgf"
"$JGFLINT" --no-config --convert --to sgf --output - "$tmp/r136.sgf" > "$tmp/r136-out.sgf" 2> /dev/null
"$JGFLINT" --no-config --convert --to sgf --output - "$tmp/r136-out.sgf" > "$tmp/r136-again.sgf" 2> /dev/null
"$JGFLINT" --no-config "$tmp/r136-out.sgf" > "$tmp/r136-check" 2>&1
tr '\n' '|' < "$tmp/r136-out.sgf" > "$tmp/r136-line"
verdict=
if [ -x "$sgfc" ]; then "$sgfc" "$tmp/r136-out.sgf" > "$tmp/sgfc" 2>&1; grep -q 'Error' "$tmp/sgfc" && verdict=bad; fi
if grep -qF 'SZ[9]VW[aa:ei]AB[aa]|;B[ee]DD[aa]AR[aa:bb]LN[cc:dd]VW[ab:ef]|;W[ia]VW[aa:bb][cc])|' "$tmp/r136-line" &&
   ! grep -q 'sgf-point-blanks' "$tmp/r136-check" && cmp -s "$tmp/r136-out.sgf" "$tmp/r136-again.sgf" &&
   [ -z "$verdict" ]; then
  ok "R136: kept points with blanks written as read, their points alone: no sgf-point-blanks on the output, SGFC no error"
else
  not_ok "R136: kept points with blanks written as read, their points alone: no sgf-point-blanks on the output, SGFC no error"
  sed 's/^/# /' "$tmp/r136-out.sgf" "$tmp/r136-check"; [ -n "$verdict" ] && sed 's/^/# /' "$tmp/sgfc"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
