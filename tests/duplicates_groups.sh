#!/bin/sh
# jgflint duplicates: what a group claims is true (issues 47 and 49). A near
# copy's move inserted after the kept copy's last is reported without
# reading past either key (valgrind, when installed, watches the reads).
. "${TOP_SRCDIR:?}/tests/cli_tap.sh"
if ! command -v python3 > /dev/null; then echo "1..0 # SKIP python3 missing"; exit 0; fi
. "$TOP_SRCDIR/tests/json_check.sh"
gen() { python3 "$TOP_SRCDIR/tests/duplicates_gen.py" game "$@"; }
d=$src/duplicates

# Issue 47: a heap-buffer-overflow read in the alignment's steps (a move
# inserted after the kept copy's last move, the kept copy read one past
# its end). The file's move after the last is a pass, which counts for
# nothing (passes after the last move are no moves: it is said as such,
# not inserted); the same copy with a stone there has it inserted.
sed 's/;B\[tt\])/;B[rr])/' "$d/inserted-after-last-2.sgf" > inserted-stone.sgf
run "inserted after the last move" 1 duplicates --max-differ 4 --format json \
  "$d/inserted-after-last-1.sgf" "$d/inserted-after-last-2.sgf"
json_check "inserted after the last move: the pass said as one after the last move, not inserted" "[x['edit'] for x in r['groups'][0]['games'][1]['differences']] == ['deleted'] * 3 and (r['groups'][0]['games'][1]['passesAfter'], r['groups'][0]['games'][1]['keptPassesAfter']) == (1, 0)"
run "a stone inserted after the last move" 1 duplicates --max-differ 4 --format json \
  "$d/inserted-after-last-1.sgf" inserted-stone.sgf
json_check "… inserted, listed" "[(x['edit'], x['move']) for x in r['groups'][0]['games'][1]['differences']][-1] == ('inserted', 28) and 'passesAfter' not in r['groups'][0]['games'][1]"
for f in "$d/inserted-after-last-2.sgf" inserted-stone.sgf; do
  if sanitized asan; then
    skip "inserted after the last move: no read past a key: ASan watches the reads of this build"
  elif command -v valgrind > /dev/null; then
    valgrind -q --error-exitcode=99 "$JGFLINT" duplicates --max-differ 4 "$d/inserted-after-last-1.sgf" \
      "$f" > /dev/null 2> vg.err
    [ $? = 1 ] && ok "inserted after the last move: no read past a key (valgrind, ${f##*/})" ||
      { not_ok "inserted after the last move: no read past a key (valgrind, ${f##*/})"; sed 's/^/# /' vg.err | head -20; }
  else
    skip "inserted after the last move: no read past a key: valgrind missing"
  fi
done

# Issue 49: a group is the copies of one game.
prop() { python3 "$TOP_SRCDIR/tests/duplicates_property.py" "$@"; }
# The bridge: A of 120 moves, B its first 80 then 60 others, P its first
# 50: P begins both, which are not one game.
mkdir bridge
python3 - <<'EOF_PY'
import random
L = "abcdefghijklmnopqrs"
pts = [(x, y) for x in range(19) for y in range(19)]
random.Random(7).shuffle(pts)
def sgf(ms, name):
    return "(;GM[1]FF[4]SZ[19]PB[%s]PW[W]" % name + "".join(";%s[%s%s]" % ("BW"[i % 2], L[x], L[y]) for i, (x, y) in enumerate(ms)) + ")\n"
for name, ms in (("A", pts[:120]), ("B", pts[:80] + pts[200:260]), ("P", pts[:50]), ("P2", pts[:50])):
    open("bridge/%s.sgf" % name, "w").write(sgf(ms, name))
EOF_PY
run "the bridge: A and B alone, no duplicates" 0 duplicates --format json bridge/A.sgf bridge/B.sgf
run "the bridge: A, B and P" 1 duplicates --format json bridge/A.sgf bridge/B.sgf bridge/P.sgf
json_check "the bridge: A and B not together" "not any({'bridge/A.sgf', 'bridge/B.sgf'} <= {m['path'] for m in g['games']} for g in r['groups'])"
json_check "the bridge: P a prefix of both" "[[m['path'] for m in f['games']] for f in r['fragments']] == [['bridge/P.sgf']] and [m['path'] for m in r['fragments'][0]['prefixOf']] == ['bridge/A.sgf', 'bridge/B.sgf']"
run "the bridge, text" 1 duplicates bridge/A.sgf bridge/B.sgf bridge/P.sgf
has "the bridge, text: said" out '^prefix of 2 different games: 1 copy, 50 moves$'
has "the bridge, text: which" out '^  the beginning of each of: bridge/A.sgf (120 moves), bridge/B.sgf (140 moves)$'
has "the bridge, summary" err '3 games read from 3 files: no duplicates; 1 prefix of several different games$'
run "the bridge, two copies of P" 1 duplicates --format json bridge
json_check "two copies of P: a group of their own, and a prefix of both" "[sorted(m['path'] for m in g['games']) for g in r['groups']] == [['bridge/P.sgf', 'bridge/P2.sgf']] and len(r['fragments']) == 1"
if "$JGFLINT" duplicates --index probe.db bridge/A.sgf > /dev/null 2>&1; then
  rm -f probe.db
  "$JGFLINT" duplicates --index ab.db bridge/A.sgf bridge/B.sgf > /dev/null 2>&1
  run "the bridge, --against" 1 duplicates --against ab.db --format json bridge/P.sgf
  json_check "the bridge, --against: A and B, indexed, not made duplicates" "r['groups'] == [] and [m['path'] for m in r['fragments'][0]['prefixOf']] == ['bridge/A.sgf', 'bridge/B.sgf'] and all(m['indexed'] for m in r['fragments'][0]['prefixOf'])"
  "$JGFLINT" duplicates --index abp.db bridge > /dev/null 2>&1
  run "the bridge, --index" 1 duplicates --index abp.db --format json bridge
  json_check "the bridge, --index: A and B not together" "not any({'bridge/A.sgf', 'bridge/B.sgf'} <= {m['path'] for m in g['games']} for g in r['groups']) and len(r['fragments']) == 1"
else
  for t in 1 2 3 4; do skip "the bridge through an index $t: no SQLite"; done
fi

# A fragment names every game it begins, past 16 too (FRAGMENT_ROOTS cut
# the list at 16 without a word: duplicates_truth.py --aside seed 20's
# 0344, 20 moves of 31 games, was a prefix of "16 different games", its
# own not among them): 20 games alike in their first 30 moves, other
# players each, and those 30 alone. The text names 16 and says how many
# more; the json names them all.
mkdir wide
python3 - <<'EOF_PY'
import random
L = "abcdefghijklmnopqrs"
pts = [x + y for x in L for y in L]
random.Random(11).shuffle(pts)
common, rest = pts[:30], pts[30:]
def sgf(moves, facts):
    return "(;GM[1]FF[4]SZ[19]%s%s)\n" % (facts, "".join(";%s[%s]" % ("BW"[i % 2], m) for i, m in enumerate(moves)))
for g in range(20):
    open("wide/g%02d.sgf" % g, "w").write(sgf(common + random.Random(200 + g).sample(rest, 50), "PB[Black %d]PW[White %d]DT[2002-02-%02d]" % (g, g, g + 1)))
open("wide/cut.sgf", "w").write(sgf(common, ""))
EOF_PY
run "a fragment of 20 games" 1 duplicates --format json wide
json_check "… names all 20" "r['groups'] == [] and [[m['path'] for m in f['games']] for f in r['fragments']] == [['wide/cut.sgf']] and sorted(m['path'] for m in r['fragments'][0]['prefixOf']) == ['wide/g%02d.sgf' % g for g in range(20)]"
run "a fragment of 20 games, text" 1 duplicates wide
has "… said of 20" out '^prefix of 20 different games: 1 copy, 30 moves$'
has "… names 16 and counts the rest" out '^  the beginning of each of: wide/g00.sgf (80 moves), .*, wide/g15.sgf (80 moves), and 4 more (--format json names them all)$'

# Generated collections (games sharing long openings, copies turned,
# truncated, edited, fragments of two games): no group of two games, the
# original kept, every claim true; directly, and through an index.
for seed in 1 2 3 4 5; do
  prop make "prop$seed" "$seed"
  "$JGFLINT" duplicates --format json "prop$seed" > "prop$seed.json" 2> /dev/null
  if prop json_check "prop$seed" "prop$seed.json" > "$tmp/err"; then ok "collection $seed: every claim true"
  else not_ok "collection $seed: every claim true"; fi
done
# Copies that drift (a copy of a copy, each 2 moves further from the
# original): those left out of the original's group, beyond --max-differ
# of it, are grouped again among themselves, each beside a kept copy it
# is within the bounds of; none is lost, none listed twice.
for seed in 1 2 3; do
  prop drift "drift$seed" "$seed"
  "$JGFLINT" duplicates --format json "drift$seed" > "drift$seed.json" 2> /dev/null
  if prop json_check "drift$seed" "drift$seed.json" > "$tmp/err"; then ok "drifting copies $seed: every claim true, none lost"
  else not_ok "drifting copies $seed: every claim true, none lost"; sed 's/^/# /' "$tmp/err"; fi
done
# A, B and C, linked through A alone (B and C 2 moves from A, 4 from each
# other), A left out of D's group (3 moves from D, linked by E): A, the
# centre (the copy the others are closest to), is kept with B and C; B,
# with a result, was kept, and C, 4 moves from it, was paired with none.
mkdir leftout
python3 - <<'EOF_PY'
import random
L = "abcdefghijklmnopqrs"
pts = [(x, y) for x in range(19) for y in range(19)]
random.Random(11).shuffle(pts)
d, spare = pts[:120], pts[120:]
def edit(ms, at):
    ms = ms[:]
    for n in at:
        ms[n - 1] = spare[n]
    return ms
def sgf(ms, name, result):
    return "(;GM[1]FF[4]SZ[19]PB[%s]PW[W]%s" % (name, "RE[B+R]" if result else "") + "".join(
        ";%s[%s%s]" % ("BW"[i % 2], L[x], L[y]) for i, (x, y) in enumerate(ms)) + ")\n"
a = edit(d, (40, 50, 60))
for name, ms, result in (("D", d, 1), ("D2", d, 1), ("D3", d, 1), ("E", edit(d, (40, 50)), 0),
                         ("A", a, 0), ("B", edit(a, (70, 80)), 1), ("C", edit(a, (90, 100)), 0)):
    open("leftout/%s.sgf" % name, "w").write(sgf(ms, name, result))
EOF_PY
run "a copy left out" 1 duplicates --format json leftout
json_check "left out: D's group, then A's, the centre, with B and C" "[[m['path'][8:] for m in g['games']] for g in r['groups']] == [['D.sgf', 'D2.sgf', 'D3.sgf', 'E.sgf'], ['A.sgf', 'B.sgf', 'C.sgf']] and [len(m['differences']) for m in r['groups'][1]['games'][1:]] == [2, 2]"
json_check "left out: each why counts the games it lists" "r['groups'][0]['why'].startswith('its moves are those most copies agree on (3 of 4 games)') and r['groups'][1]['why'] == 'its moves are those the other copies are closest to (the fewest moves from theirs); but other copies give the result it lacks: copy them into it before deleting them; but the copies disagree on black: find out which is true before deleting any'"
"$JGFLINT" duplicates --index prop.db prop1 > /dev/null 2>&1
if [ $? -le 1 ]; then   # 1: duplicates found; 2: no SQLite in this build
  "$JGFLINT" duplicates --format json --index prop.db prop1 > prop-index.json 2> /dev/null
  if prop check prop1 prop-index.json > "$tmp/err"; then ok "collection 1 through the index: every claim true"
  else not_ok "collection 1 through the index: every claim true"; fi
else
  skip "collection 1 through the index: no SQLite"
fi

# The copy kept: the moves most copies agree on, not the longest (a copy
# with a move changed and one added at its end is longer, its players
# taking turns as the original's do: a move inserted inside, the colours
# after it kept, is told by its two moves of one colour in a row first).
mkdir consensus
gen 41 > consensus/a.sgf
gen 41 --sym 3 > consensus/b.sgf
gen 41 --change 60 --insert 121 | sed 's/;W\[/;C[notes]W[/' > consensus/c.sgf
run "consensus" 1 duplicates --format json consensus
json_check "consensus: the original kept, not the longer copy with more comments" "r['groups'][0]['keep'] == 'consensus/a.sgf' and r['groups'][0]['why'].startswith('its moves are those most copies agree on (2 of 3 games); of the 2 copies with its moves, a tie')"
# ... and before taking turns (REVIEW.md R145): a game whose own moves 61
# and 62 are black (a pass not written), two copies of it, and a copy
# that lost move 61 (taking turns): the two that agree are kept.
mkdir turns
gen 41 --insert 61 > turns/a.sgf
gen 41 --insert 61 > turns/b.sgf
gen 41 > turns/c.sgf
run "consensus over taking turns" 1 duplicates --format json turns
json_check "… the game's own two black moves kept by the copies that agree" "r['groups'][0]['keep'] == 'turns/a.sgf' and r['groups'][0]['why'].startswith('its moves are those most copies agree on (2 of 3 games)')"
# Copies the same as each other, not the kept one: said.
mkdir same
gen 42 > same/a.sgf
gen 42 --truncate 60 > same/b.sgf
gen 42 --truncate 60 --sym 5 > same/c.sgf
run "copies the same as each other" 1 duplicates --format json same
json_check "the second truncated copy: the same as the first" "[m.get('sameAs') for m in r['groups'][0]['games']] == [None, None, {'path': 'same/b.sgf'}]"
run "copies the same as each other, text" 1 duplicates same
has "text: the same as" out '^  same/c.sgf: prefix (turned 90 degrees anticlockwise), 60 of 120 moves; the same as same/b.sgf; black Black 42; white White 42; date 2020-01-01; result B+R; SGF$'
has "text: every copy's facts" out '^  same/b.sgf: prefix, 60 of 120 moves; black Black 42; white White 42'
run "every copy's facts, html" 1 duplicates --format html same
has "html: every copy's facts" out 'prefix, 60 of 120 moves; black Black 42; white White 42'
# Near copies of near copies: none further than --max-differ from the kept.
mkdir chain
gen 43 > chain/a.sgf
gen 43 --sym 1 > chain/a2.sgf
gen 43 --change 50 > chain/b.sgf
gen 43 --change 50 | python3 -c "
import sys; t = sys.stdin.read(); parts = t.split(';')
for n in (90, 100):   # moves 90 and 100 to points no move takes
    i = n + 1; parts[i] = parts[i][:2] + ('ss' if n == 90 else 'sr') + parts[i][4:]
sys.stdout.write(';'.join(parts))" > chain/c.sgf
run "a chain of near copies" 1 duplicates --format json chain
json_check "a chain: every near copy within 2 of the kept one" "all(len(m.get('differences', [])) <= 2 for g in r['groups'] for m in g['games']) and r['groups'][0]['keep'] == 'chain/a.sgf' and 'chain/c.sgf' not in [m['path'] for m in r['groups'][0]['games']]"

# Near copies keepers meet. Dead stones removed with AE after the last
# move: the same game, the same key.
mkdir ae
gen 51 > ae/a.sgf
sed 's/)$/;AE[aa][bb]AB[cc])/' ae/a.sgf > ae/b.sgf
run "trailing setup" 1 duplicates --format json --keys ae
json_check "trailing setup: identical, one key" "r['groups'][0]['class'] == 'identical' and r['keys'][0]['key'] == r['keys'][1]['key']"
# Dead stones removed (AE on stones of the game, as a keeper's program
# marks the end) in a last node with a comment: identical, and jgflint's
# key, Kombilo's and sgfinfo's the same for both (Kombilo's and sgfinfo's
# agreed where jgflint's differed).
python3 - ae/a.sgf ae/c.sgf <<'EOF_PY'
import re, sys
t = open(sys.argv[1]).read()
p = re.findall(r";[BW]\[([a-s]{2})\]", t)
open(sys.argv[2], "w").write(t.rstrip().rstrip(")") + ";AE[%s][%s][%s]C[dead stones removed])\n" % (p[0], p[2], p[1]))
EOF_PY
run "dead stones removed" 1 duplicates --format json --keys ae/a.sgf ae/c.sgf
json_check "dead stones removed: identical, the three keys the same" "r['groups'][0]['class'] == 'identical' and [(k['key'], k['dyer'], k['sgfinfo']) for k in r['keys']][0] == [(k['key'], k['dyer'], k['sgfinfo']) for k in r['keys']][1]"
# A truncated copy with a move wrong, or one inserted: near, n of m moves.
mkdir cutnear
gen 52 > cutnear/a.sgf
gen 52 --change 40 --truncate 90 > cutnear/b.sgf
gen 52 --insert 50 --truncate 80 --sym 6 > cutnear/c.sgf
run "truncated copies with a wrong move" 1 duplicates --format json cutnear
json_check "truncated with a wrong move: near, its difference listed, the whole game kept" "r['groups'][0]['keep'] == 'cutnear/a.sgf' and sorted((m['path'], m['relation'], m['moves'], len(m.get('differences', []))) for m in r['groups'][0]['games'][1:]) == [('cutnear/b.sgf', 'near', 90, 1), ('cutnear/c.sgf', 'near', 80, 1)]"
# A truncated copy with two moves wrong: near within 2; with three, not
# (none grouped), but within --max-differ 3.
mkdir cut2
gen 53 > cut2/a.sgf
for w in 2 3; do
  gen 53 --truncate 90 | python3 -c "
import sys; t = sys.stdin.read(); parts = t.split(';')
for n in (30, 50, 70)[:$w]:   # to points no move takes
    i = n + 1; parts[i] = parts[i][:2] + {30: 'ss', 50: 'sr', 70: 'rs'}[n] + parts[i][4:]
sys.stdout.write(';'.join(parts))" > "cut2/b$w.sgf"
done
run "a truncated copy, two moves wrong" 1 duplicates --format json cut2/a.sgf cut2/b2.sgf
json_check "two moves wrong: near, 90 of 120 moves, moves 30 and 50" "[(m['relation'], m['moves'], [d['move'] for d in m['differences']]) for m in r['groups'][0]['games'][1:]] == [('near', 90, [30, 50])] and r['groups'][0]['keep'] == 'cut2/a.sgf'"
run "a truncated copy, three moves wrong" 0 duplicates --format json cut2/a.sgf cut2/b3.sgf
run "three moves wrong, --max-differ 3" 1 duplicates --format json --max-differ 3 cut2/a.sgf cut2/b3.sgf
json_check "three moves wrong: near within 3" "[len(m['differences']) for m in r['groups'][0]['games'][1:]] == [3]"
# A game read as a handicap game (white's move 2 missed): said in text;
# with the game it copies, its near copy, the move it lacks told (it was
# no duplicate: its every move 3 places from the game's, past
# --max-differ 2, the stones compared as dropped).
mkdir missed
python3 - <<'EOF_PY'
import random
L = "abcdefghijklmnopqrs"
pts = [(x, y) for x in range(19) for y in range(19)]
random.Random(53).shuffle(pts)
ms = ["%s[%s%s]" % ("BW"[i % 2], L[x], L[y]) for i, (x, y) in enumerate(pts[:120])]
open("missed/a.sgf", "w").write("(;GM[1]FF[4]SZ[19];" + ";".join(ms) + ")")
open("missed/b.sgf", "w").write("(;GM[1]FF[4]SZ[19];" + ";".join(ms[:1] + ms[2:]) + ")")
EOF_PY
run "white's move 2 missed" 0 duplicates missed/b.sgf
run "white's move 2 missed, with a copy" 1 duplicates --format json missed/a.sgf missed/b.sgf
json_check "… its near copy, move 2 deleted" "[(m['path'], m['relation'], [d['move'] for d in m.get('differences', [])]) for m in r['groups'][0]['games']] == [('missed/a.sgf', 'kept', []), ('missed/b.sgf', 'near', [2])]"
"$JGFLINT" duplicates --format json --keys missed/b.sgf > "$tmp/out" 2> /dev/null
json_check "white's move 2 missed: read as handicap" "r['keys'][0]['moves'] == 117"
"$JGFLINT" duplicates missed/b.sgf missed/b.sgf > "$tmp/out" 2> /dev/null
has "white's move 2 missed: the report says it was read as a handicap game" out 'read as a handicap game: its first 2 black moves as stones'
# Positions: records with stones set up and few moves (problems, openings)
# compared by the position and the side to move, under the 8 symmetries,
# the colours swapped with --swap-colors; a problem's solution does not
# make it another.
run "positions" 1 duplicates --format json "$d/positions"
json_check "positions: the same problem turned, its solution shorter; without it and a side to play, a prefix" "[sorted(m['path'].split('/')[-1] for m in g['games']) for g in r['groups']] == [['p1.sgf', 'p2.sgf', 'p3.sgf']] and all(m['position'] for m in r['groups'][0]['games']) and [m['relation'] for m in r['groups'][0]['games'] if m['path'].endswith('p3.sgf')] == ['prefix']"
run "positions, text" 1 duplicates "$d/positions"
has "positions, text: the same position, another solution, no count of moves" out '^  .*/p2.sgf: same-position (turned 90 degrees anticlockwise): the same position, another solution or none; SGF; compared by its position$'
run "positions, --swap-colors" 1 duplicates --format json --swap-colors "$d/positions"
json_check "positions, colours swapped" "[sorted(m['path'].split('/')[-1] for m in g['games']) for g in r['groups']] == [['p1.sgf', 'p2.sgf', 'p3.sgf', 'p4.sgf']]"
# A problem's solution does not make it another: the problem with its
# solution (variations, black to play), without it (PL[B], and a JGF copy
# mirrored with its turn) are one group, the one with the solution kept
# for it; one that gives no side to play begins that problem and the one
# with white to play (the same stones): said as such, in neither group.
p=$src/duplicates/problems
mkdir problems
"$JGFLINT" --convert --output problems "$p/bare.sgf" > /dev/null 2>&1
python3 - problems/bare.jgf problems/bare-mirrored.jgf <<'EOF_PY'
import json, sys
j = json.load(open(sys.argv[1]))
for s in j["tree"][0]["setup"]:
    for c in s["coords"]:
        c["x"] = 18 - c["x"]
json.dump(j, open(sys.argv[2], "w"))
EOF_PY
run "problems" 1 duplicates --format json "$p/solution.sgf" "$p/bare.sgf" problems/bare-mirrored.jgf
json_check "problems: with and without the solution, one group, the same position" "len(r['groups']) == 1 and sorted(m['relation'] for m in r['groups'][0]['games']) == ['kept', 'same-position', 'same-position'] and r['groups'][0]['class'] == 'same-position'"
json_check "problems: the one with the solution kept, for it" "r['groups'][0]['keep'].endswith('/solution.sgf') and r['groups'][0]['why'] == 'it has the solution'"
run "problems: no side to play" 1 duplicates --format json "$p/solution.sgf" "$p/no-side.sgf"
json_check "no side to play: the problem's beginning, the solution kept" "r['groups'][0]['keep'].endswith('/solution.sgf') and [m['relation'] for m in r['groups'][0]['games']] == ['kept', 'prefix'] and r['groups'][0]['why'] == 'it has the solution, and so the side to play: the other copies give the position without a side to play'"
run "problems, text" 1 duplicates "$p/solution.sgf" "$p/no-side.sgf"
has "problems, text: the position without a side to play" out '^  .*/no-side.sgf: prefix: the position without a side to play; SGF; compared by its position$'
run "problems: black and white to play" 1 duplicates --format json "$p"
json_check "black and white to play: two problems, the one without a side a prefix of both" "[sorted(m['path'].split('/')[-1] for m in g['games']) for g in r['groups']] == [['bare.sgf', 'solution.sgf']] and [sorted(o['path'].split('/')[-1] for o in f['prefixOf']) for f in r['fragments']] == [['solution.sgf', 'white-to-play.sgf']]"

# Its options as jgflint check's: anywhere, spelt out whole (did you
# mean), -o/--output-file.
run "an option after a path" 0 duplicates cutnear --exit-zero
run "an abbreviation refused" 2 duplicates cutnear --exit
has "an abbreviation: did you mean" err "^jgflint duplicates: unknown option '--exit'; did you mean '--exit-zero'?$"
run "a slip: did you mean" 2 duplicates --formt json cutnear
has "a slip: did you mean '--format'" err "did you mean '--format'?"
run "-o FILE" 1 duplicates -o report.json --format json cutnear
lines "-o FILE: nothing on standard output" out 0
python3 -c "import json; r = json.load(open('report.json')); assert len(r['groups']) == 1" && ok "-o FILE: the report in it" || not_ok "-o FILE: the report in it"
run "--output-file=FILE after the paths" 1 duplicates cutnear --output-file=report.txt -q
grep -q '^near: 3 games, 120 moves$' report.txt && ok "--output-file: the text report in it" || not_ok "--output-file: the text report in it"
# A device is written as it is, as the check's -o writes it (it said
# "cannot write /dev/null: Invalid argument").
run "-o /dev/null" 1 duplicates -o /dev/null cutnear
lines "-o /dev/null: nothing on standard output" out 0
hasnt "-o /dev/null: nothing said" err "cannot write"
run "-o in a directory that is not there" 2 duplicates -o none/report.txt cutnear
has "-o: cannot write, said" err '^jgflint duplicates: cannot write none/report.txt: No such file or directory$'
# The endings it reads, as --convert does (src/convert/named.c's table, the
# one list of them, and .jgf): its --help names each, and a directory's
# files with them are read.
sed -n 's/^\t{ "\(\.[a-z]*\)", "[A-Z]*", .*/\1/p' "$TOP_SRCDIR/src/convert/named.c" > endings
echo .jgf >> endings
[ "$(wc -l < endings)" -eq 7 ] && ok "the endings' table is found" || not_ok "the endings' table is found"
"$JGFLINT" duplicates --help | tr '\n' ' ' > help.txt
missing=
for e in $(cat endings); do grep -q -- "\*$e\b" help.txt || missing="$missing $e"; done
[ -z "$missing" ] && ok "--help names every ending it reads" || not_ok "--help names every ending it reads: not$missing"
mkdir endings.d
for e in $(cat endings); do printf 'not a game\n' > "endings.d/x$e"; done
printf 'not a game\n' > endings.d/x.txt
run "a directory: every ending read" 0 duplicates -q endings.d
has "every ending read: 7 files" err '^0 games read from 7 files: no duplicates$'
# One option table for every subcommand (src/cli/cmdline.c): an option of
# check is none of duplicates' and the other way round, said as such;
# options before the subcommand are its own; a missing value is said.
run "an option of check" 2 duplicates --fix cutnear
has "an option of check: said" err "^jgflint duplicates: --fix is an option of jgflint check, not of duplicates$"
run "an option of duplicates given to check" 2 --max-differ 1 cutnear
has "an option of duplicates: said" err "^jgflint: --max-differ is an option of jgflint duplicates, not of check$"
run "options before the subcommand" 0 -q --exit-zero duplicates cutnear
run "--format without its value" 2 duplicates cutnear --format
has "--format without its value: said" err "^jgflint duplicates: option '--format' needs an argument$"
run "-j, check's short option" 2 duplicates -j2 cutnear
has "-j: unknown to duplicates" err "^jgflint duplicates: unknown option '-j'$"
# Near copies with no exact copy (issue 72): a copy with a move inserted,
# two with a move changed and one with a move deleted; kept: the one the
# others are closest to (the original's moves), not the longest, the one
# with the move the others lack; every copy within the bounds of it. (Of
# the four alone, each is as far from the others: not yet told apart.)
mkdir centre
gen 80 --insert 60 > centre/a-inserted.sgf
gen 80 --change 90 > centre/b-changed.sgf
gen 80 --delete 100 > centre/c-deleted.sgf
gen 80 --change 40 > centre/d-changed.sgf
gen 80 > centre/e-original.sgf
run "near copies and the original" 1 duplicates --format json centre
json_check "… the original kept, the others near, none left out" "len(r['groups']) == 1 and r['groups'][0]['keep'].endswith('e-original.sgf') and len(r['groups'][0]['games']) == 5 and r['groups'][0]['why'].startswith('its moves are those the other copies are closest to')"
rm centre/e-original.sgf
run "near copies, no original" 1 duplicates --format json centre
json_check "… one group of the four, none left out" "len(r['groups']) == 1 and len(r['groups'][0]['games']) == 4"
# The tie's words name what was compared (REVIEW.md R31): three copies of
# one game, each with one move changed (16, 31, 46), each as far from the
# others; the centre was looked for (3 distinct moves) and was equal, as
# the words say; of two such copies it is not looked for, nor said, but
# moves inserted within the other's are, and said.
mkdir tie
gen 5 --moves 60 --black x --change 16 > tie/c0.sgf
gen 5 --moves 60 --black x --change 31 > tie/c1.sgf
gen 5 --moves 60 --black x --change 46 > tie/c2.sgf
run "a tie of three near copies" 1 duplicates --format json tie
json_check "… the centre compared, said" "r['groups'][0]['keep'] == 'tie/c0.sgf' and r['groups'][0]['why'] == 'a tie between copies whose moves differ, equal in their legality, in the number that agree, in how close the other copies are to each, in taking turns, in giving a result or not, in the number of comments, the length of their text, the number of marks, of variations, of facts, and in length; the first read is kept'"
run "a tie of two near copies" 1 duplicates --format json tie/c0.sgf tie/c1.sgf
json_check "… the centre not compared, not said" "r['groups'][0]['why'] == 'a tie between copies whose moves differ, equal in their legality, in the number that agree, in taking turns, in having moves inserted among the other\'s, in giving a result or not, in the number of comments, the length of their text, the number of marks, of variations, of facts, and in length; the first read is kept'"
# Passes after the last move count for neither copy of a line in the
# centre either: a copy that writes two (its handicap as black moves with
# white passes between, its players, date and result left out) was kept
# over its game as the copy nearer a near copy that writes one (the
# truth test's --aside --wide seed 37: 0737 kept over 0735, the game).
python3 "$TOP_SRCDIR/tests/duplicates_truth.py" gen --games 300 --seed 37 --aside --wide t37 > /dev/null
mkdir passes-centre
mv t37/0735-handicap-original.sgf t37/0736-handicap-date-form+comments+move-changed+stones-dropped+passes.jgf \
   t37/0737-handicap-renamed+handicap-as-moves+stripped+passes.jgf passes-centre/
run "a game, its copy ended by two passes, a near copy ended by one" 1 duplicates --format json passes-centre
json_check "… the game kept, not the copy of its line without its facts" "r['groups'][0]['keep'].endswith('/0735-handicap-original.sgf') and 'its moves are those the other copies are closest to' not in r['groups'][0]['why']"
# Copies that dropped a handicap's stones are the game's beginning for
# the keep, as cut copies are: three of them were "the moves most copies
# agree on (3 of 4 games)" and one was kept over the game with its stones
# (the truth test's --wide seed 4: 0411 kept over 0409); alone with one,
# the game was kept already.
python3 "$TOP_SRCDIR/tests/duplicates_truth.py" gen --games 300 --seed 4 --wide t4 > /dev/null
mkdir stones-dropped
mv t4/0409-handicap-original.sgf t4/0410-handicap-stones-dropped.sgf t4/0411-handicap-comments+stones-dropped.sgf \
   t4/0412-handicap-date-form+variation+stones-dropped.sgf stones-dropped/
run "a handicap game and three copies without its stones" 1 duplicates --format json stones-dropped
json_check "… the game with its stones kept" "r['groups'][0]['keep'].endswith('/0409-handicap-original.sgf') and r['groups'][0]['why'].startswith(\"it has the handicap's stones, which another copy lacks\")"
tap_done
