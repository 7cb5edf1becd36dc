#!/bin/sh
# The fix loop's search of a round the guard refuses (lint/fixloop.c), on
# SGF where most fixes of a round spoil it (REVIEW.md R39): each fix judged
# alone in the nodes around it (convert/sgfround.c's sgf_round_alone), a
# set of such fixes by their judgements, the rest read whole. What a check
# offers and --fix writes and says is what the search by halves, reading
# the whole file for each set, gave: N empty texts after a node's
# variations (`(;B[cc])(;W[dd])C[]`, each the node after the variations,
# read as one more variation: taken out, that variation is gone; refused
# by the guard alone), empty nodes (`;;`: applied), a lower-case `b`
# (applied), and windows the judgement alone cannot tell (a `(` in a
# comment, the file's last nodes, a second game). (Until 4244908 the
# refused fixes were N `;` before values without a property, which
# sgfedit.c now refuses before any round: REVIEW.md R86.) Its speed is
# bench/refusals.sh's. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
. "$TOP_SRCDIR/tests/tap.sh"
command -v python3 > /dev/null 2>&1 || skip_all "python3 is not installed"
tap_scratch
# cost FN FILE: callgrind's count of FN's instructions in a check of FILE
# (FN empty: the whole run's)
cost() {
  valgrind --tool=callgrind ${1:+--toggle-collect="$1"} --callgrind-out-file=/dev/null \
    "$JGFLINT" --no-config -q "$2" 2>&1 > /dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# s.sgf: variation i of the pattern (;C[hi i];;B[aa](;B[cc])(;W[dd])C[])
# (i from 0), its comment C[(hi i)] every 7th; t.sgf: the same as a
# collection of two games, the second with one such C[].
python3 - "$tmp" << 'EOF'
import sys
d, head, second = sys.argv[1], '(;GM[1]FF[4]SZ[19];', '(;GM[1]FF[4]SZ[19];B[aa](;B[cc])(;W[dd])C[])\n'
def body(n):
    return ''.join('(;C[%s];;B[aa](;B[cc])(;W[dd])C[])' % ('(hi%d)' if i % 7 == 3 else 'hi%d') % i
                   for i in range(n))
for name, n, more in (('s', 60, ''), ('t', 30, second)):
    open('%s/%s.sgf' % (d, name), 'w').write(head + 'b[pd]' + body(n) + ')\n' + more)
    open('%s/%s.fixed' % (d, name), 'w').write(head + 'B[pd]' + body(n).replace(';;', ';') + ')\n' + more)
EOF

for f in s t; do
  case $f in s) k=60 games=1 ;; *) k=30 games=2 ;; esac
  "$JGFLINT" "$tmp/$f.sgf" > "$tmp/$f.check" 2>&1
  # the `b` and the n empty nodes offered, no empty text after variations
  [ "$(grep -c '\[\*\]' "$tmp/$f.check")" = $((k + 2)) ] &&
    grep -q "\[\*\] $((k + 1)) fixable with" "$tmp/$f.check"
  check_status $? "$f.sgf: a check offers the $((k + 1)) fixes --fix writes, and none of the $((k + games - 1)) it refuses"
  "$JGFLINT" -f json "$tmp/$f.sgf" > "$tmp/$f.json" 2> /dev/null
  python3 - "$tmp/$f.json" $((k + 1)) << 'EOF'
import json, sys
fixes = [d for d in json.load(open(sys.argv[1]))["diagnostics"] if d.get("fix")]
sys.exit(0 if len(fixes) == int(sys.argv[2]) and all(f["fix"] == "safe" for f in fixes) else 1)
EOF
  check_status $? "$f.sgf: -f json carries the same $((k + 1)) safe fixes"
  cp "$tmp/$f.sgf" "$tmp/$f.work"
  "$JGFLINT" --fix "$tmp/$f.work" > /dev/null 2> "$tmp/$f.notes"
  cmp -s "$tmp/$f.work" "$tmp/$f.fixed"
  check_status $? "$f.sgf: --fix writes the lower-case b and the empty nodes, and leaves every empty text after variations"
  [ $? = 0 ] || diff "$tmp/$f.fixed" "$tmp/$f.work" | sed 's/^/# /' | head -5
  [ "$(grep -c 'sgf-empty-text fix was not applied: it would change the game' "$tmp/$f.notes")" = $((k + games - 1)) ]
  check_status $? "$f.sgf: each refusal said"
done

# The node a refusal names is the first the game reads otherwise, counted
# in the file: the W[dd] of pattern i is node 6 + 5i (the root, B[pd],
# then C, B[aa], B[cc], W[dd] and the variation after them, C[], which
# the fix takes out; empty nodes are none); the `b` renamed in the same
# round does not take its node out of the count.
grep -o 'game 1, node [0-9]*, W would read otherwise' "$tmp/s.notes" | sed 's/[^0-9]*1, node //; s/,.*//' > "$tmp/nodes"
python3 -c "print('\n'.join(str(6 + 5 * i) for i in range(60)))" > "$tmp/want"
cmp -s "$tmp/nodes" "$tmp/want"
check_status $? "s.sgf: each refusal names its node: game 1, node 6, 11, 16, ... (the W[dd] before the variation taken out)"
[ $? = 0 ] || diff "$tmp/want" "$tmp/nodes" | sed 's/^/# /' | head -4
grep -q 'game 2, node 4, W would read otherwise' "$tmp/t.notes"
check_status $? "t.sgf: the second game's refusal names game 2, node 4"

# R47's findings file (variations nested 2,000 deep, a lower-case `b` in
# each, bench/sgfc.sh's shape): its first fix, in the root's variation, was
# judged alone in a window of its root's tree, the whole game (19.3 M
# instructions of local_judge's, a ninth of the check; 9e874227 to
# 3e9a33ca), its verdict the same as in its own nodes, which descend a
# chain of variations (sgfround.c's chain_window). Counted by callgrind
# (deterministic): under 1 M; skipped without valgrind, on a sanitizer's
# build, and where local_judge is no function of the program's own.
awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"; for (i = 0; i < 2000; i++) printf "(;B[aa]b[bb]"
             for (i = 0; i <= 2000; i++) printf ")"; print "" }' > "$tmp/deep.sgf"
if sanitized; then
  skip "the deep findings file's windows: a sanitizer's build (valgrind)"
elif ! command -v valgrind > /dev/null || ! nm "$JGFLINT" 2> /dev/null | grep -q ' t local_judge$'; then
  skip "the deep findings file's windows: no valgrind, or no local_judge in the program"
else
  ir=$(valgrind --tool=callgrind --toggle-collect=local_judge --callgrind-out-file=/dev/null \
         "$JGFLINT" --no-config -q "$tmp/deep.sgf" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  [ -n "$ir" ] && [ "$ir" -lt 1000000 ]
  check_status $? "2,000 nested variations with a fix each: the fixes' windows judged in under 1 M instructions (${ir:-none})"
fi
# The same file's 8,000 findings and repairs placed in its one line of 26
# KB of ASCII (locator_offset: from the code points' marks, each stride
# walked to the column, 15.5 M; a stride of ASCII is a subtraction, 4.2
# M); the notes of the reading that judges the offered fixes (sgfround.c's
# local_of, which asks only their rules) formatted all the same (sgf_note
# 18.4 M; the check's own 11.7 M); and its lines written by a format of
# six strings each (concise_line 15.0 M, now 11.4 M). Callgrind, as above.
# The offered fixes judged together in their game, before and after
# (sgf_round_reads_same), read the game twice (16.8 M); the game before is
# the bytes themselves, one game from their first byte, and its digest is
# taken from the reading that placed its nodes (8.5 M). The lists of
# places sorted, most in order already (sort_items 6.9 M; 4.3 M). A note's
# words copied into a block of their size, not grown into a buffer
# (sgf_note 11.7 M; 10.4 M).
# A line's ":LINE:COL" written through base/digits.h's digits_before, not
# fprintf (concise_line 11.1 M; 8.8 M). A note's words of the tables'
# common conversions written without vsnprintf (sgf_note 10.4 M; 5.3 M). A
# line's short parts gathered and written at once, not by twelve fputs
# (concise_line 8.8 M; 7.1 M), its path and words with them where they
# hold nothing to escape (4.8 M).
# The offered fixes judged in their own nodes, which the check's reading
# gives as it reads the game, with its digest: the file not read again
# for them (sgf_read 9.97 M, local_of's 5.36 M of it; 4.66 M, the fixes'
# windows read as written).
if sanitized; then
  for _ in 1 2 3 4 5 6; do skip "the deep findings file's places, notes and lines: a sanitizer's build (valgrind)"; done
elif ! command -v valgrind > /dev/null || ! nm "$JGFLINT" 2> /dev/null | grep -qi ' t sgf_note$'; then
  for _ in 1 2 3 4 5 6; do skip "the deep findings file's places, notes and lines: no valgrind, or no sgf_note in the program"; done
else
  # within FN BOUND WHAT: callgrind's count of FN's instructions in the
  # check of deep.sgf is under BOUND
  within() {
    ir=$( (cd "$tmp" && valgrind --tool=callgrind --toggle-collect="$1" --callgrind-out-file=/dev/null \
      "$JGFLINT" --no-config --format concise deep.sgf 2>&1 > /dev/null) |   # (its name's length the same)
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    [ -n "$ir" ] && [ "$ir" -lt "$2" ]
    check_status $? "2,000 nested variations: $3 (${ir:-none})"
  }
  within locator_offset 6000000 "8,000 findings and repairs placed in under 6 M instructions"
  within sgf_note 6000000 "only the check's notes are written out, each copied once, their common conversions without vsnprintf, under 6 M instructions"
  within concise_line 5500000 "the findings' lines written, their places without fprintf, each line at once, in under 5.5 M instructions"
  within sgf_round_reads_same 12000000 "the offered fixes judged together, the game read once more, under 12 M instructions"
  within sort_items 5500000 "the places sorted, those in order already not sorted again, under 5.5 M instructions"
  within sgf_read 6000000 "the offered fixes' nodes taken from the check's reading, the file not read again for them: reading under 6 M instructions"
fi


# A fix that cannot be judged alone kept by a reading (the root's `sz`,
# the file's first node: no node before it to read a window from), and N
# fixes refused after it (s.sgf's empty texts after variations): every
# set after it was read, the whole game each time (a fix kept with no
# judgement of its own stopped every judgement after it), so N refusals
# cost N log N readings of the game: N = 100, 200 and 400 795 M, 3.13 G,
# 12.57 G instructions (3.9x a doubling). The sets of fixes judged alone
# are judged so beside it (34 M, 70 M, 146 M); what the check says is the
# same (the `sz`, the `b` and the N empty nodes offered, no empty text).
# Callgrind, as above: the search under 60 M at N = 200 (3.10 G before),
# and twice the refusals at most 2.2x the check.
python3 - "$tmp" << 'EOF'
import sys
for n in (100, 200):
    body = ''.join('(;C[%s];;B[aa](;B[cc])(;W[dd])C[])' % ('(hi%d)' if i % 7 == 3 else 'hi%d') % i
                   for i in range(n))
    open('%s/u%d.sgf' % (sys.argv[1], n), 'w').write('(;GM[1]FF[4]sz[19];b[pd]' + body + ')\n')
EOF
"$JGFLINT" --no-config "$tmp/u100.sgf" > "$tmp/u100.check" 2>&1
[ "$(grep -c '\[\*\]' "$tmp/u100.check")" = 103 ] && grep -q '\[\*\] 102 fixable with' "$tmp/u100.check" &&
  [ "$(grep -c '\[\*\].*sgf-lowercase-property' "$tmp/u100.check")" = 2 ] &&
  ! grep -q '\[\*\].*sgf-empty-text' "$tmp/u100.check"
check_status $? "u100.sgf: the root's sz, the b and the 100 empty nodes offered, none of the 100 empty texts"
if sanitized; then
  for _ in 1 2; do skip "a fix kept unjudged beside 200 refused: a sanitizer's build (valgrind)"; done
elif ! command -v valgrind > /dev/null || ! nm "$JGFLINT" 2> /dev/null | grep -qi ' t fix_loop_search$'; then
  for _ in 1 2; do skip "a fix kept unjudged beside 200 refused: no valgrind, or no fix_loop_search in the program"; done
else
  ir=$(cost fix_loop_search "$tmp/u200.sgf")
  [ -n "$ir" ] && [ "$ir" -lt 60000000 ]
  check_status $? "a fix kept unjudged beside 200 refused: the search under 60 M instructions (${ir:-none})"
  one=$(cost "" "$tmp/u100.sgf") two=$(cost "" "$tmp/u200.sgf")
  [ -n "$one" ] && [ -n "$two" ] && [ $((two * 10)) -le $((one * 22)) ]
  check_status $? "a fix kept unjudged beside 100, then 200 refused: twice the refusals at most 2.2x the check (${one:-none}, ${two:-none})"
fi

# A collection whose games each lack their `)` (each then read as nested
# in the one before, to the end): the offer's reading found each game's
# `)` by scanning on from its `(` to the end of the file, so N games cost
# the square of N (4,000 games, 180 KB: 3.7 G instructions); one pass now
# finds them all (sgflocal.c's games_close). Each `)` offered and written
# where the next game begins; twice the games at most 2.2x the check.
python3 - "$tmp" << 'EOF'
import sys
g = '(;GM[1]FF[4]SZ[19]PB[a%d];B[pd];W[dp];B[pp]'
for n in (200, 400):
    open('%s/open%d.sgf' % (sys.argv[1], n), 'w').write('\n'.join(g % k for k in range(n)) + '\n')
open('%s/open200.fixed' % sys.argv[1], 'w').write('\n)'.join(g % k for k in range(200)) + '\n)')
EOF
"$JGFLINT" --no-config "$tmp/open200.sgf" > "$tmp/open.check" 2>&1
grep -q '\[\*\] 200 fixable with `--fix`' "$tmp/open.check" &&
  [ "$(grep -c '\[\*\] 1 `)` missing before the next game' "$tmp/open.check")" = 199 ]
check_status $? "200 games, none closed: a check offers each \`)'"
cp "$tmp/open200.sgf" "$tmp/open.work"
"$JGFLINT" --no-config --fix "$tmp/open.work" > /dev/null 2>&1
cmp -s "$tmp/open.work" "$tmp/open200.fixed"
check_status $? "200 games, none closed: --fix writes each \`)' before the next game, the last at the end"
if sanitized; then
  skip "200 then 400 games, none closed: a sanitizer's build (valgrind)"
elif ! command -v valgrind > /dev/null; then
  skip "200 then 400 games, none closed: valgrind is not installed"
else
  one=$(cost "" "$tmp/open200.sgf") two=$(cost "" "$tmp/open400.sgf")
  [ -n "$one" ] && [ -n "$two" ] && [ $((two * 10)) -le $((one * 22)) ]
  check_status $? "200 then 400 games, none closed: twice the games at most 2.2x the check (${one:-none}, ${two:-none})"
fi

# A collection in a set its bytes are not (no CA: GB18030, Shift_JIS and
# Windows-1251 detected; or UTF-8 with a broken sequence in each game's
# PB, which decoding reads as U+FFFD), each game with fixes offered
# (lower-case `mn`, empty nodes) and one refused (an empty text after
# variations): each probe of the search read the whole file again,
# decoded, so N games cost the square of N (200 games of GB18030, 89 KB:
# 107 G instructions, 30 s); each game is now read alone, decoded in the
# file's set (sgflocal.c's decoded). What the check offers is what --fix
# writes; twice the games at most 2.2x the check.
python3 - "$tmp" << 'EOF'
import sys
texts = {'gb18030': ('黑棋', '白棋', '这是一个中文评论，高手对局'),
         'shift_jis': ('黒番', '白番', 'これは日本語の解説です、名人戦'),
         'cp1251': ('Чёрный', 'Белый', 'Это комментарий на русском языке')}
def games(n, black, white, words):
    out = []
    for k in range(n):
        s = '(;GM[1]FF[4]SZ[19]PB[%s%d]PW[%s%d]GC[%s]' % (black, k, white, k, words)
        for i in range(30):
            s += ';%s[%s%s]' % ('BW'[i % 2], 'abcdefghijklmnopqrs'[i % 19],
                                'abcdefghijklmnopqrs'[(i * 7 + k) % 19])
            s += 'mn[%d]' % i if i % 10 == 5 else ';' if i % 10 == 7 else 'C[%s]' % words if i == 11 else ''
        out.append(s + '(;B[cc])(;W[dd])C[])')
    return '\n'.join(out) + '\n'
texts['utf8'] = ('\x01' + texts['gb18030'][0],) + texts['gb18030'][1:]
for name, (black, white, words) in texts.items():
    # two sequences cut short: E6 97 (of a three-byte one), E9 BB before E9
    encode = lambda t: t.encode(name).replace(b'\x01', b'\xe6\x97\xe9\xbb')
    for n in (10, 20):
        t = games(n, black, white, words)
        open('%s/%s%d.sgf' % (sys.argv[1], name, n), 'wb').write(encode(t))
        open('%s/%s%d.fixed' % (sys.argv[1], name, n), 'wb').write(
            encode(t.replace('mn[', 'MN[').replace(';;', ';')))
EOF
for f in gb18030 shift_jis cp1251 utf8; do
  "$JGFLINT" --no-config "$tmp/${f}20.sgf" > "$tmp/$f.check" 2>&1
  grep -q "\[\*\] 120 fixable with" "$tmp/$f.check" && ! grep -q '\[\*\].*sgf-empty-text' "$tmp/$f.check"
  check_status $? "$f, 20 games without CA: a check offers the 120 fixes --fix writes, and none of the 20 it refuses"
  cp "$tmp/${f}20.sgf" "$tmp/$f.work"
  "$JGFLINT" --no-config --fix "$tmp/$f.work" > /dev/null 2> "$tmp/$f.notes"
  cmp -s "$tmp/$f.work" "$tmp/${f}20.fixed" &&
    [ "$(grep -c 'sgf-empty-text fix was not applied: it would change the game' "$tmp/$f.notes")" = 20 ]
  check_status $? "$f, 20 games without CA: --fix writes the 120 fixes in the file's set and says each of the 20 refusals"
done
if sanitized; then
  for f in gb18030 shift_jis cp1251 utf8; do skip "$f: twice the games: a sanitizer's build (valgrind)"; done
elif ! command -v valgrind > /dev/null; then
  for f in gb18030 shift_jis cp1251 utf8; do skip "$f: twice the games: valgrind is not installed"; done
else
  for f in gb18030 shift_jis cp1251 utf8; do
    one=$(cost "" "$tmp/${f}10.sgf") two=$(cost "" "$tmp/${f}20.sgf")
    [ -n "$one" ] && [ -n "$two" ] && [ $((two * 10)) -le $((one * 22)) ]
    check_status $? "$f without CA, 10 then 20 games, a fix refused in each: twice the games at most 2.2x the check (${one:-none}, ${two:-none})"
  done
fi

# A fix its game's own reading keeps and the whole file's refuses: the
# round's fixes kept once read whole, and where that reading refuses them,
# searched again by whole readings (sgfoffer.c's offer, and lint/fixloop.c's
# round_kept: the third turn, a search by checks in full; f3224770). A
# file of GB18030 without CA, read so by detection; its `ca[Big5]`, which
# decoding takes for no CA (a lower-case name), read as CA by the reader:
# the rename to CA[Big5] reads the same in the game's own reading, decoded
# in the file's set (sgflocal.c's decoded), but the whole file's reading
# then decodes it in Big5, PB and GC otherwise. Each probe reading the
# whole file (the search before f3224770: decoded_alike false) gives the
# same: the `b` renamed, the `ca` refused, said at its place. No test
# reached either turn before (a coverage build over sgf_mutations, sgffix,
# fixes and the rest of this file); with the first search's fixes taken as
# kept, --fix wrote CA[Big5]; without the third turn, it wrote nothing;
# without the offer's reading, a check offered the rename.
pb='\272\332\306\345' gc='\326\320\316\304\306\300\302\333'   # 黑棋, 中文评论
mkdir "$tmp/ca"
printf "(;ca[Big5]PB[$pb]GC[$gc];b[pd])\n" > "$tmp/ca/ca.sgf"
printf "(;ca[Big5]PB[$pb]GC[$gc];B[pd])\n" > "$tmp/ca.fixed"
printf "(;CA[Big5]PB[$pb]GC[$gc];b[pd])\n" > "$tmp/ca.written"
cp "$tmp/ca/ca.sgf" "$tmp/ca.orig"
(cd "$tmp/ca" && "$JGFLINT" --no-config ca.sgf > ../ca.check 2>&1 &&
   "$JGFLINT" --no-config -f json ca.sgf > ../ca.json 2> /dev/null)
grep -Fxq 'ca.sgf:1:3: warning: property `ca` in lower case: read as `CA` [sgf-lowercase-property]' "$tmp/ca.check" &&
  grep -Fxq 'ca.sgf:1:26: warning: [*] property `b` in lower case: read as `B` [sgf-lowercase-property]' "$tmp/ca.check" &&
  grep -Fxq '[*] 1 fixable with `--fix`' "$tmp/ca.check" &&
  python3 - "$tmp/ca.json" << 'EOF'
import json, sys
got = [(d["line"], d["column"], d["rule"], d["fix"]) for d in json.load(open(sys.argv[1]))["diagnostics"] if d["line"]]
sys.exit(got != [(1, 3, "sgf-lowercase-property", None), (1, 26, "sgf-lowercase-property", "safe")])
EOF
check_status $? "GB18030 without CA, ca[Big5]: a check offers the b's rename (1:26), not the ca's (1:3), which the game's own reading keeps and the file's refuses"
(cd "$tmp/ca" && "$JGFLINT" --no-config --diff ca.sgf > ../ca.diff 2>&1)
(cd "$tmp/ca" && "$JGFLINT" --no-config --fix ca.sgf > ../ca.notes 2>&1)
note='jgflint: note: ca.sgf:1:3: the sgf-lowercase-property fix was not applied: it would change the game: game 1, node 1, GC would read otherwise'
cmp -s "$tmp/ca/ca.sgf" "$tmp/ca.fixed" && grep -Fxq "$note" "$tmp/ca.notes" &&
  grep -q 'fixed 1 problem in 1 file$' "$tmp/ca.notes" && grep -Fxq "$note" "$tmp/ca.diff" &&
  grep -q 'would fix 1 problem in 1 file$' "$tmp/ca.diff" && sed -n 's/^+(/(/p' "$tmp/ca.diff" | cmp -s - "$tmp/ca.fixed"
check_status $? "GB18030 without CA, ca[Big5]: --fix and --diff write the b's rename, refuse the ca's, and say so at 1:3 (game 1, node 1, GC would read otherwise)"
[ $? = 0 ] || sed 's/^/# /' "$tmp/ca.notes"
# the game as it was (its move and names), and the CA the fix would write
# read otherwise by the whole file's reading
for f in orig fixed written; do
  "$JGFLINT" --no-config --convert - < "$tmp/ca.$f" > "$tmp/ca.$f.jgf" 2> /dev/null
done
cmp -s "$tmp/ca.orig.jgf" "$tmp/ca.fixed.jgf" && ! cmp -s "$tmp/ca.orig.jgf" "$tmp/ca.written.jgf" &&
  python3 - "$tmp/ca.fixed.jgf" << 'EOF'
import json, sys
r = json.load(open(sys.argv[1], encoding="utf-8"))
sys.exit(not (r["players"][0]["name"] == "黑棋" and r["game"]["description"] == "中文评论" and
              [n.get("move") for n in r["tree"]] == [None, {"color": "black", "x": 15, "y": 3}]))
EOF
check_status $? "GB18030 without CA, ca[Big5]: the file fixed is the game it was (B at pd, PB 黑棋, GC 中文评论); CA[Big5] written would read PB and GC otherwise"

# The same in a collection: game 1 holds the `ca[Big5]`, game 2 a `b[pd]`
# (offered) and an empty text after variations (refused: that variation
# would go). The first search judges each game apart, decoded, and keeps
# the `ca` and the `b`; together they do not keep the file (the whole
# reading decodes it as Big5), so they are searched again as one, still by
# cheaper readings: the `ca` kept, the `b` refused beside it. round_kept's
# search by checks in full then started from those kept, the `ca` alone:
# --fix wrote nothing, and said the `b` would read game 1's GC otherwise.
# It now searches the round's fixes as written, the earlier turns'
# refusals cut, as the offer's whole reading does.
mkdir "$tmp/two" "$tmp/two.fixed" "$tmp/two.written"
g1='(;ca[Big5]PB[\272\332\306\345]GC[\326\320\316\304\306\300\302\333])'   # 黑棋, 中文评论
g2='(;PB[\272\332\306\345];%s[pd](;W[aa])(;W[bb])C[])'
printf "$g1\n$g2\n" b > "$tmp/two/two.sgf"
printf "$g1\n$g2\n" B > "$tmp/two.fixed/two.sgf"
printf "$g1\n$g2\n" B | sed 's/ca\[/CA[/' > "$tmp/two.written/two.sgf"
cp "$tmp/two/two.sgf" "$tmp/two.orig"
(cd "$tmp/two" && "$JGFLINT" --no-config -f json two.sgf > ../two.json 2> /dev/null)
python3 - "$tmp/two.json" << 'EOF'
import json, sys
got = [(d["line"], d["column"], d["rule"], d["fix"]) for d in json.load(open(sys.argv[1]))["diagnostics"]
       if d["rule"] in ("sgf-lowercase-property", "sgf-empty-text")]
sys.exit(got != [(1, 3, "sgf-lowercase-property", None), (2, 10, "sgf-lowercase-property", "safe"),
                 (2, 32, "sgf-empty-text", None)])
EOF
check_status $? "GB18030 without CA, two games, ca[Big5] in the first: a check offers the second's b (2:10), not the ca (1:3) nor its empty text after variations (2:32)"
(cd "$tmp/two" && "$JGFLINT" --no-config --diff two.sgf > ../two.diff 2>&1)
(cd "$tmp/two" && "$JGFLINT" --no-config --fix two.sgf > ../two.notes 2>&1)
ca='jgflint: note: two.sgf:1:3: the sgf-lowercase-property fix was not applied: it would change the game: game 1, node 1, GC would read otherwise'
c='jgflint: note: two.sgf:2:32: the sgf-empty-text fix was not applied: it would change the game: game 2, node 4, W would read otherwise'
sed -n 2p "$tmp/two.fixed/two.sgf" > "$tmp/two.line2"
said=0
for f in notes diff; do
  [ "$(grep -c 'fix was not applied' "$tmp/two.$f")" = 2 ] && grep -Fxq "$ca" "$tmp/two.$f" &&
    grep -Fxq "$c" "$tmp/two.$f" && said=$((said + 1))
done
[ $said = 2 ] && cmp -s "$tmp/two/two.sgf" "$tmp/two.fixed/two.sgf" &&
  grep -q 'fixed 1 problem in 1 file$' "$tmp/two.notes" && grep -q 'would fix 1 problem in 1 file$' "$tmp/two.diff" &&
  sed -n 's/^+(/(/p' "$tmp/two.diff" | cmp -s - "$tmp/two.line2"
check_status $? "GB18030 without CA, two games: --fix and --diff write the b's rename (2:10) alone, and say why the ca (1:3: game 1's GC) and the empty text (2:32: game 2's variation) were refused"
[ $? = 0 ] || sed 's/^/# /' "$tmp/two.notes"
# what --fix wrote converts to each game as it was; CA[Big5] written
# would read game 1 otherwise
for f in two.orig two/two.sgf two.written/two.sgf; do
  cp "$tmp/$f" "$tmp/two.in.sgf"
  "$JGFLINT" --no-config --convert --output "$tmp/${f%%/*}.conv" "$tmp/two.in.sgf" > /dev/null 2>&1
done
cmp -s "$tmp/two.orig.conv/two.in-1.jgf" "$tmp/two.conv/two.in-1.jgf" &&
  cmp -s "$tmp/two.orig.conv/two.in-2.jgf" "$tmp/two.conv/two.in-2.jgf" &&
  ! cmp -s "$tmp/two.orig.conv/two.in-1.jgf" "$tmp/two.written.conv/two.in-1.jgf" &&
  python3 - "$tmp/two.conv/two.in-2.jgf" << 'EOF'
import json, sys
r = json.load(open(sys.argv[1], encoding="utf-8"))
sys.exit(not (r["players"][0]["name"] == "黑棋" and r["tree"][1].get("move") == {"color": "black", "x": 15, "y": 3}))
EOF
check_status $? "GB18030 without CA, two games: the file --fix wrote converts to the games it held (game 2's B at pd, PB 黑棋); CA[Big5] written would read game 1 otherwise"

tap_done
