#!/bin/sh
# jgflint duplicates: the terms a game was played under (komi, handicap,
# rules), compared as values. Copies of the same moves under other terms
# are grouped, but never called identical: the group and the copy are
# "same-moves", the group says which terms differ, and the advice on the
# copy to keep says they disagree (a near copy stays near, its komi named
# too). Komi and handicap are numbers (6.5 is 6.50, a JGF record's 6.5 an
# SGF's KM[6.50]), rules words whatever their case and the blanks around
# them. The same without an index, with --index and with --against; an
# index of the schema before (version 2, no terms) is refused by --against
# and brought up to version 16 by --index, its files read again.
. "${TOP_SRCDIR:?}/tests/cli_tap.sh"
if ! command -v python3 > /dev/null; then echo "1..0 # SKIP python3 missing"; exit 0; fi
gen() { python3 "$TOP_SRCDIR/tests/duplicates_gen.py" game "$@"; }
. "$TOP_SRCDIR/tests/json_check.sh"
sql() { python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); [print(r[0]) for r in c.execute(sys.argv[2])]" "$@"; }

# Pairs of copies: the second differs in its terms (fire) or only in how
# it writes them (silent).
mkdir fire silent
gen 1 --root 'KM[6.5]' > fire/komi-a.sgf
gen 1 --root 'KM[0.5]' --sym 3 > fire/komi-b.sgf
gen 2 --root 'HA[2]KM[0.5]' > fire/handicap-a.sgf
gen 2 --root 'HA[3]KM[0.5]' > fire/handicap-b.sgf
gen 3 --root 'RU[Japanese]' > fire/rules-a.sgf
gen 3 --root 'RU[Chinese]' > fire/rules-b.sgf
gen 4 --root 'KM[6.5]' > fire/cut-a.sgf
gen 4 --root 'KM[7.5]' --truncate 90 > fire/cut-b.sgf
gen 11 --root 'KM[6.5]RU[Japanese]' > silent/komi-a.sgf
gen 11 --root 'KM[6.50]RU[ JAPANESE ]' --sym 5 > silent/komi-b.sgf
gen 12 --root 'HA[0]KM[7]' > silent/ha0-a.sgf
gen 12 --root 'KM[7.0]' > silent/ha0-b.sgf

# fire: one group a pair, each with its terms differing, none identical.
cat > fire.py <<'EOF_PY'
import json, sys
r = json.load(open(sys.argv[1]))
want = {"komi": ("same-moves", "komi"), "handicap": ("same-moves", "handicap"),
        "rules": ("same-moves", "rules"), "cut": ("prefix", "komi")}
# (a truncated copy's moves differ too: the group is a prefix's)
differ = {k: [v[1]] + (["moves"] if v[0] == "prefix" else []) for k, v in want.items()}
got = {}
for g in r["groups"]:
    names = sorted(m["path"].split("/")[-1] for m in g["games"])
    pair = names[0].split("-")[0]
    rel = sorted(m["relation"] for m in g["games"])
    ok = (names == [pair + "-a.sgf", pair + "-b.sgf"] and rel == ["kept", "same-moves"]
          and g["differ"] == differ[pair] and "identical" not in json.dumps(g)
          and g["why"].endswith("; but the copies disagree on %s: find out which is true "
                                "before deleting any" % want[pair][1]))
    got[pair] = (g["class"], ok)
print(got == {k: (v[0], True) for k, v in want.items()} or got)
EOF_PY
silent_py="len(r['groups']) == 2 and all(g['class'] == 'identical' and g['differ'] == [] and 'disagree' not in g['why'] for g in r['groups']) and [g['agree'] for g in r['groups']] == [['black', 'white', 'date', 'result', 'komi', 'moves'], ['black', 'white', 'date', 'result', 'komi', 'rules', 'moves']]"

run "fire" 1 duplicates --format json fire
check_fire() { [ "$(python3 fire.py "$tmp/out")" = True ] && ok "$1" || not_ok "$1: $(python3 fire.py "$tmp/out")"; }
check_fire "komi, handicap, rules, a truncated copy's komi: grouped, never identical, the terms that differ named"
json_check "fire: each copy's terms" "sorted((m['path'].split('/')[-1], m.get('komi'), m.get('handicap'), m.get('rules')) for g in r['groups'] for m in g['games']) == [('cut-a.sgf', 6.5, None, None), ('cut-b.sgf', 7.5, None, None), ('handicap-a.sgf', 0.5, 2, None), ('handicap-b.sgf', 0.5, 3, None), ('komi-a.sgf', 6.5, None, None), ('komi-b.sgf', 0.5, None, None), ('rules-a.sgf', None, None, 'Japanese'), ('rules-b.sgf', None, None, 'Chinese')]"
run "fire, text" 1 duplicates fire/komi-a.sgf fire/komi-b.sgf
has "text: the class" out '^same-moves: 2 games, 120 moves$'
has "text: the copy" out '^  fire/komi-b.sgf: same-moves (turned 180 degrees).*; komi 0.5; SGF$'
has "text: the terms that differ" out '^  agree: black, white, date, result, moves; differ: komi$'
has "text: the advice" out 'the first read is kept; but the copies disagree on komi: find out which is true before deleting any$'
hasnt "text: never identical" out 'identical'
run "fire, html" 1 duplicates --format html fire/komi-a.sgf fire/komi-b.sgf
has "html: the terms that differ" out 'differ: komi'
hasnt "html: never identical" out 'identical'
run "silent" 1 duplicates --format json silent
json_check "KM[6.5] and KM[6.50], RU[Japanese] and RU[ JAPANESE ], HA[0] and none, KM[7] and KM[7.0]: identical" "$silent_py"
json_check "silent: komi as a number" "sorted(m['komi'] for g in r['groups'] for m in g['games']) == [6.5, 6.5, 7, 7]"

# A near copy (a move changed) of another komi: near, as its moves are,
# the komi named among what differs and in the advice.
mkdir near
gen 5 --root 'KM[6.5]' > near/a.sgf
gen 5 --root 'KM[5.5]' --change 60 > near/b.sgf
run "near, another komi" 1 duplicates --format json near
json_check "near, another komi: near, differ: komi and moves, the advice says so" "[(g['class'], g['differ'], [m['relation'] for m in g['games']], g['why'].endswith('disagree on komi: find out which is true before deleting any')) for g in r['groups']] == [('near', ['komi', 'moves'], ['kept', 'near'], True)]"
# A JGF record and an SGF copy: rules.komi 6.5 (a number) is KM[6.50].
mkdir jgf
"$JGFLINT" --convert --output jgf silent/komi-a.sgf > /dev/null 2>&1
run "JGF and SGF" 1 duplicates --format json jgf/komi-a.jgf silent/komi-b.sgf
json_check "JGF and SGF: identical, komi and rules agree" "[(g['class'], g['differ'], 'komi' in g['agree'] and 'rules' in g['agree']) for g in r['groups']] == [('identical', [], True)]"

# The same through an index: made by --index, and --against it.
run "fire, --index" 1 duplicates --index fire.db --format json fire
check_fire "fire, --index: the same"
[ "$(sql fire.db "SELECT group_concat(t, ' ') FROM (SELECT coalesce(komi, '-') || '/' || coalesce(handicap, '-') || '/' || coalesce(rules, '-') AS t FROM games ORDER BY t)")" = "-/-/Chinese -/-/Japanese 0.5/-/- 0.5/2/- 0.5/3/- 6.5/-/- 6.5/-/- 7.5/-/-" ] &&
  ok "fire, --index: the terms stored" || not_ok "fire, --index: the terms stored: $(sql fire.db 'SELECT komi, handicap, rules FROM games')"
[ "$(sql fire.db "SELECT count(*) FROM games WHERE relation = 'same-moves'")" = 4 ] &&
  [ "$(sql fire.db "SELECT count(*) FROM games WHERE relation = 'identical'")" = 0 ] &&
  ok "fire, --index: the relation stored" || not_ok "fire, --index: the relation stored"
run "fire, again: from the index" 1 duplicates --index fire.db --format json fire
check_fire "fire, again: the same"
run "silent, --index" 1 duplicates --index silent.db --format json silent
json_check "silent, --index: identical" "$silent_py"
mkdir fire-a silent-a
mv fire/*-a.sgf fire-a/
mv silent/*-a.sgf silent-a/
run "fire, --index of one copy each" 0 duplicates --index fire-a.db fire-a
run "fire, --against" 1 duplicates --against fire-a.db --format json fire
json_check "fire, --against: the indexed copies kept, the terms that differ named" "sorted((g['class'], g['differ'], [m['relation'] for m in g['games']], [bool(m.get('indexed')) for m in g['games']]) for g in r['groups']) == [('prefix', ['komi', 'moves'], ['kept', 'same-moves'], [True, False])] + [('same-moves', [t], ['kept', 'same-moves'], [True, False]) for t in ('handicap', 'komi', 'rules')]"
run "silent, --index of one copy each" 0 duplicates --index silent-a.db silent-a
run "silent, --against" 1 duplicates --against silent-a.db --format json silent
json_check "silent, --against: identical" "len(r['groups']) == 2 and all(g['class'] == 'identical' and g['differ'] == [] for g in r['groups'])"

# An index of schema version 2 (no terms): --against refuses it, and
# leaves it as it is; --index brings it up to version 16, reading its files
# again, those not among its PATHs too.
cp fire.db v2.db
python3 - <<'EOF_PY'
import sqlite3
c = sqlite3.connect("v2.db")
for sql in ("ALTER TABLE games DROP COLUMN komi", "ALTER TABLE games DROP COLUMN handicap",
            "ALTER TABLE games DROP COLUMN rules", "ALTER TABLE games DROP COLUMN variations",
            "ALTER TABLE games DROP COLUMN illegal", "ALTER TABLE games DROP COLUMN tree",
            "ALTER TABLE games DROP COLUMN tree_swapped", "ALTER TABLE games DROP COLUMN comment_hash",
            "ALTER TABLE games DROP COLUMN comment_bytes", "ALTER TABLE games DROP COLUMN comment_items",
            "ALTER TABLE games DROP COLUMN round",
            "PRAGMA user_version = 2"):
    c.execute(sql)
c.commit()
EOF_PY
mv fire-a/* fire/
cp v2.db v2-before.db
run "version 2, --against: refused" 2 duplicates --against v2.db fire/komi-a.sgf
has "version 2, --against: says why and what to do" err 'v2.db is a jgflint index of schema version 2, older than this jgflint.s (16): its games lack their komi, handicap, rules, variations, illegal moves and comments compared.*duplicates --index v2.db brings it up to date'
cmp -s v2.db v2-before.db && ok "version 2, --against: left as it is" || not_ok "version 2, --against: left as it is"
run "version 2, --indexes: refused" 2 duplicates --indexes v2.db
run "version 2, --index" 1 duplicates --index v2.db --format json fire/komi-a.sgf
check_fire "version 2, --index: every file read again, the same groups"
json_check "version 2, --index: the files read again counted" "r['index']['readAgain'] == 8 and r['index']['added'] == 0 and r['index']['changed'] == 0"
has "version 2, --index: said" err 'index v2.db: 0 files added, 0 changed, 0 removed, 0 unchanged (not read again), 8 read again (the index brought up to schema version 16); 8 games in 8 files'
[ "$(sql v2.db 'PRAGMA user_version')" = 16 ] && [ "$(sql v2.db 'SELECT count(*) FROM games WHERE komi IS NOT NULL')" = 6 ] &&
  [ "$(sql v2.db 'SELECT count(*) FROM files WHERE size < 0')" = 0 ] &&
  ok "version 2, --index: version 16, its games' terms" || not_ok "version 2, --index: version 16, its games' terms"
run "version 2, brought up: --against" 1 duplicates --against v2.db --format json fire/komi-b.sgf
json_check "version 2, brought up: --against finds the komi that differs" "[(g['class'], g['differ']) for g in r['groups']] == [('same-moves', ['komi'])]"
run "version 2, brought up: again" 1 duplicates --index v2.db --format json fire
json_check "version 2, brought up: nothing read again" "r['index']['unchanged'] == 8 and 'readAgain' not in r['index']"
# A file to read again that is gone is dropped as any gone file is; one
# that cannot be read is dropped too (its games' terms unknown).
cp fire.db v2b.db
python3 - <<'EOF_PY'
import sqlite3
c = sqlite3.connect("v2b.db")
for sql in ("ALTER TABLE games DROP COLUMN komi", "ALTER TABLE games DROP COLUMN handicap",
            "ALTER TABLE games DROP COLUMN rules", "ALTER TABLE games DROP COLUMN variations",
            "ALTER TABLE games DROP COLUMN illegal", "ALTER TABLE games DROP COLUMN tree",
            "ALTER TABLE games DROP COLUMN tree_swapped", "ALTER TABLE games DROP COLUMN comment_hash",
            "ALTER TABLE games DROP COLUMN comment_bytes", "ALTER TABLE games DROP COLUMN comment_items",
            "ALTER TABLE games DROP COLUMN round",
            "PRAGMA user_version = 2"):
    c.execute(sql)
c.commit()
EOF_PY
mkdir gone && mv fire/rules-b.sgf gone/
if [ "$(id -u)" != 0 ]; then chmod 000 fire/rules-a.sgf; fi
"$JGFLINT" duplicates --index v2b.db --format json fire/komi-a.sgf > "$tmp/out" 2> "$tmp/err"
json_check "version 2, a file to read again gone: dropped" "r['index']['removed'] == 1 and r['index']['removedFiles'] == ['fire/rules-b.sgf']"
if [ "$(id -u)" = 0 ]; then
  skip "version 2, a file to read again that cannot be read: run as root"
else
  [ "$(sql v2b.db "SELECT count(*) FROM files WHERE path LIKE '%/rules-a.sgf'")" = 0 ] &&
    ok "version 2, a file to read again that cannot be read: dropped" ||
    not_ok "version 2, a file to read again that cannot be read: dropped"
  chmod 644 fire/rules-a.sgf
fi

# A copy without the handicap's stones (and HA): white's moves the same,
# on a board without them, as collections make copies (issue 72: Kombilo
# finds them). The game's moves all the same: grouped, same-moves, its
# handicap the difference, the copy with the stones kept whatever the
# order read; the same with a move of the copy changed (near), and found
# by --against in an index of the game.
mkdir hcap hcap2 hcap-o hcap-c
hgame() { # hgame SEED ROOT [CHANGE]: 120 moves, white first
  python3 - "$@" <<'EOF_PY'
import random, sys
L = "abcdefghijklmnopqrs"
rnd = random.Random(int(sys.argv[1]))
pts = [(x, y) for x in range(19) for y in range(19) if (x, y) not in ((3, 3), (15, 3), (3, 15), (15, 15))]
rnd.shuffle(pts)
mv = pts[:121]
if len(sys.argv) > 3:
    mv[int(sys.argv[3])] = mv[120]
print("(;GM[1]FF[4]SZ[19]PB[Lee Sedol]PW[Gu Li]DT[2010-10-05]RE[W+R]KM[0.5]%s\n%s)" % (sys.argv[2], "".join(";%s[%s%s]" % ("WB"[i % 2], L[x], L[y]) for i, (x, y) in enumerate(mv[:120]))))
EOF_PY
}
hgame 7 'HA[4]AB[dd][pd][dp][pp]' > hcap/a-stones.sgf
hgame 7 '' > hcap/b-none.sgf
hgame 7 '' 60 > hcap/c-changed.sgf
hgame 8 'HA[2]AB[dp][pd]' > hcap2/b-stones.sgf
hgame 8 '' > hcap2/a-none.sgf
hcap_py="len(r['groups']) == 1 and r['groups'][0]['differ'][:1] == ['handicap'] and 'identical' not in [m['relation'] for m in r['groups'][0]['games']] and r['groups'][0]['keep'].endswith('-stones.sgf') and \"it has the handicap's stones, which another copy lacks\" in r['groups'][0]['why']"
run "handicap's stones dropped: the copies" 1 duplicates --format json hcap
json_check "… one group, the handicap differs, the copy with the stones kept" "$hcap_py and len(r['groups'][0]['games']) == 3 and sorted(m['relation'] for m in r['groups'][0]['games']) == ['kept', 'near', 'same-moves']"
json_check "… the near copy's boards: the kept copy's with its stones, the copy's without" "[(m['boards']['kept']['rows'][y][x], m['boards']['this']['rows'][y][x]) for m in r['groups'][0]['games'] if m['relation'] == 'near' for x, y in ((3, 3), (15, 3), (3, 15), (15, 15))] == [('X', '.')] * 4"
run "handicap's stones dropped: the copy read first" 1 duplicates --format json hcap2
json_check "… the copy with the stones kept all the same" "$hcap_py"
cp hcap/a-stones.sgf hcap-o/
cp hcap/b-none.sgf hcap-c/
"$JGFLINT" duplicates --index hcap.db hcap-o > /dev/null 2>&1
run "handicap's stones dropped, --against the game indexed" 1 duplicates --against hcap.db --format json hcap-c
json_check "… found, the indexed game kept" "len(r['groups']) == 1 and r['groups'][0]['keep'] == 'hcap-o/a-stones.sgf'"
# ... and with --max-differ 0 (no fingerprints looked up): the game by the
# opening its moves have without the stones, either way round (the index
# holds it for a game with stones: prints at pos -1)
run "… --max-differ 0" 1 duplicates --max-differ 0 --against hcap.db --format json hcap-c
json_check "… found, the indexed game kept" "len(r['groups']) == 1 and r['groups'][0]['keep'] == 'hcap-o/a-stones.sgf' and len(r['groups'][0]['games']) == 2"
mkdir hcap-b
cp hcap/b-none.sgf hcap-b/
"$JGFLINT" duplicates --index hcap-b.db hcap-b > /dev/null 2>&1
run "… the copy without them indexed, --against the game, --max-differ 0" 1 duplicates --max-differ 0 --against hcap-b.db --format json hcap-o
json_check "… found, the game with the stones kept" "len(r['groups']) == 1 and r['groups'][0]['keep'] == 'hcap-o/a-stones.sgf' and len(r['groups'][0]['games']) == 2"
# ... and an even game of other moves is not its copy; the same moves
# under 2 stones and under 3 are two games (tests/duplicates_truth.py's
# kind:handicap), and a copy without stones can be either: a fragment of
# both, neither group joined.
hgame 9 '' > hcap-c/other.sgf
run "handicap's stones dropped: another game beside them" 1 duplicates --format json hcap/a-stones.sgf hcap/b-none.sgf hcap-c/other.sgf
json_check "… not grouped" "len(r['groups']) == 1 and len(r['groups'][0]['games']) == 2"
mkdir hcap3
hgame 10 'HA[2]AB[dp][pd]' > hcap3/two.sgf
hgame 10 'HA[3]AB[dp][pd][pp]' > hcap3/three.sgf
hgame 10 '' > hcap3/bare.sgf
run "the same moves under 2 stones and 3, and a copy without stones" 1 duplicates --format json hcap3
json_check "… two games, the copy a fragment of both" "r['groups'] == [] and [[m['path'] for m in f['games']] for f in r['fragments']] == [['hcap3/bare.sgf']] and sorted(p['path'] for p in r['fragments'][0]['prefixOf']) == ['hcap3/three.sgf', 'hcap3/two.sgf']"
# ... and a copy of each without its stones, each naming its own game's
# players and date: the two copies are one line (the same moves), which
# begins both games, and each copy's facts name its game: each joins its
# game's group, none is a fragment (the copies together named two games,
# so the line was a fragment of both: duplicates_truth.py --aside --wide
# seed 2, 0058 and 0062)
mkdir hcap4
other='s/PB\[Lee Sedol\]PW\[Gu Li\]DT\[2010-10-05\]/PB[Cho Chikun]PW[Go Seigen]DT[1985-11-02]/'
hgame 10 'HA[2]AB[dp][pd]' > hcap4/two.sgf
hgame 10 'HA[3]AB[dp][pd][pp]' | sed "$other" > hcap4/three.sgf
hgame 10 '' > hcap4/two-bare.sgf
hgame 10 '' | sed "$other" > hcap4/three-bare.sgf
run "the same moves under 2 stones and 3, a copy of each without its stones naming its game" 1 duplicates --format json hcap4
json_check "… each copy with its game, no fragment" "sorted(sorted(m['path'] for m in g['games']) for g in r['groups']) == [['hcap4/three-bare.sgf', 'hcap4/three.sgf'], ['hcap4/two-bare.sgf', 'hcap4/two.sgf']] and r['fragments'] == []"
hgame 10 '' | sed 's/PB\[Lee Sedol\]PW\[Gu Li\]DT\[2010-10-05\]//' > hcap4/bare.sgf
run "… and a copy without stones, players or date" 1 duplicates --format json hcap4
json_check "… still a fragment of both, alone" "[[m['path'] for m in f['games']] for f in r['fragments']] == [['hcap4/bare.sgf']] and len(r['groups']) == 2"
# A copy without stones, players or date that is only near the line (a
# move changed), beside the copy of the 2-stone game naming its game (that
# game ended by a pass, which the 3-stone game's line and the copy have
# not): one edit from the 3-stone game's line, two from the other's and
# its copy's, it is the 3-stone game's, the nearest, not of the group its
# near copy's facts name (duplicates_truth.py --wide seed 17: 0667 in
# 0664's group, another game's file to delete; then joined to that copy
# as near, a fragment of both, till the join was put off); and cut to
# 40 moves, beside that copy with a move changed near its end (--aside
# seed 22: 0466, in 0461's group through 0462).
mkdir hcap5 hcap6
strip='s/PB\[[^]]*\]PW\[[^]]*\]DT\[[^]]*\]//'
hgame 10 'HA[2]AB[dp][pd]' | sed 's/)$/;W[])/' > hcap5/two.sgf
hgame 10 'HA[3]AB[dp][pd][pp]' | sed "$other" > hcap5/three.sgf
hgame 10 '' | sed 's/)$/;W[])/' > hcap5/two-bare.sgf
hgame 10 '' 60 | sed "$strip" > hcap5/bare-changed.sgf
run "the same moves under 2 stones and 3, a copy without stones naming one, and one near it without facts" 1 duplicates --format json hcap5
json_check "… each with its nearest game, the one naming its game grouped with it" "sorted(sorted(m['path'] for m in g['games']) for g in r['groups']) == [['hcap5/bare-changed.sgf', 'hcap5/three.sgf'], ['hcap5/two-bare.sgf', 'hcap5/two.sgf']] and r['fragments'] == []"
cp hcap5/two.sgf hcap5/three.sgf hcap6/
hgame 10 '' 110 > hcap6/two-bare-changed.sgf
hgame 10 '' | sed "$strip" | python3 -c "import re,sys; t=sys.stdin.read(); n=t.index(';W'); m=re.findall(r';[BW]\[..\]', t[n:]); sys.stdout.write(t[:n].replace('\n','') + ''.join(m[:40]) + ')\n')" > hcap6/cut.sgf
run "… a cut copy without stones or facts, beside a near copy naming one game" 1 duplicates --format json hcap6
json_check "… a fragment of both, not in the group" "[sorted(m['path'] for m in g['games']) for g in r['groups']] == [['hcap6/two-bare-changed.sgf', 'hcap6/two.sgf']] and all(m['path'] != 'hcap6/cut.sgf' for g in r['groups'] for m in g['games'])"
# But a copy without facts that is the one game's line under stones,
# ended by a pass as that game is, and near the other's (ended without
# one), is the game it is the line of (the closest), not a fragment
# (duplicates_truth.py --wide seed 12: 0603 with 0601).
mkdir hcap7
hgame 10 'HA[2]AB[dp][pd]' | sed 's/)$/;W[])/' > hcap7/two.sgf
hgame 10 'HA[3]AB[dp][pd][pp]' | sed "$other" > hcap7/three.sgf
hgame 10 '' | sed "$strip; s/)\$/;W[])/" > hcap7/bare.sgf
run "… a copy without facts, the one's line, a pass from the other's" 1 duplicates --format json hcap7
json_check "… grouped with the game it is the line of" "[sorted(m['path'] for m in g['games']) for g in r['groups']] == [['hcap7/bare.sgf', 'hcap7/two.sgf']] and r['fragments'] == []"

# The stones dropped are the same game, not a near copy: found with
# --max-differ 0 too (it took --max-differ > 0: the copy was found only
# through the fingerprints near copies are looked for by), the copy with
# a move changed not (beyond 0 edits), and the copy of moves under 2
# stones and 3 a fragment of both all the same.
run "handicap's stones dropped, --max-differ 0" 1 duplicates --max-differ 0 --format json hcap
json_check "… the copy without them grouped, the one with a move changed not" "$hcap_py and sorted(m['path'].split('/')[-1] for m in r['groups'][0]['games']) == ['a-stones.sgf', 'b-none.sgf'] and sorted(m['relation'] for m in r['groups'][0]['games']) == ['kept', 'same-moves']"
run "… the copy read first" 1 duplicates --max-differ 0 --format json hcap2
json_check "… the copy with the stones kept" "$hcap_py"
run "… under 2 stones and 3" 1 duplicates --max-differ 0 --format json hcap3
json_check "… a fragment of both" "r['groups'] == [] and [[m['path'] for m in f['games']] for f in r['fragments']] == [['hcap3/bare.sgf']] and len(r['fragments'][0]['prefixOf']) == 2"
# Its copies without stones are alike whatever game each copies: not a
# group among themselves (duplicates_truth.py's stones-dropped copies of
# the 2-stone and the 3-stone game, one stripped, were grouped as near
# copies: another game's file to delete).
hgame 10 '' | sed 's/PB\[[^]]*\]PW\[[^]]*\]DT\[[^]]*\]//' > hcap3/bare-stripped.sgf
run "… and a copy without stones nor players" 1 duplicates --format json hcap3
json_check "… both in the fragment, no group" "r['groups'] == [] and [sorted(m['path'] for m in f['games']) for f in r['fragments']] == [['hcap3/bare-stripped.sgf', 'hcap3/bare.sgf']] and len(r['fragments'][0]['prefixOf']) == 2"
# A handicap's stones are black with white's move first: two black stones
# set up before black's first move are no handicap, and the same moves
# without them another game (they were linked as its copy).
mkdir hcap-black
hgame 7 'AB[dp][pd]' | sed 's/;W\[/;X[/g; s/;B\[/;W[/g; s/;X\[/;B[/g' > hcap-black/stones.sgf
hgame 7 '' | sed 's/;W\[/;X[/g; s/;B\[/;W[/g; s/;X\[/;B[/g' > hcap-black/none.sgf
run "two black stones set up, black first, and the moves without them" 0 duplicates --format json hcap-black
json_check "… no handicap: not grouped" "r['groups'] == [] and r['fragments'] == []"
# Two black moves in a row are read as a handicap's stones (played as
# moves): a copy with a move inserted before the first, or its second
# move deleted, sets up as stones what its game plays as its first black
# moves. Such a copy is its game's near copy, an edit away, compared
# with its stones played as the game's first black moves: grouped with
# the game, turned or cut short too, and the game kept. The copy with
# the first move inserted was kept ("it has the handicap's stones") and,
# cut short, not found; the one without the second move, whose every move
# is 3 places from the game's (past --max-differ 2), not found.
mkdir played
for s in 21 22 23 24; do gen $s > played/g$s.sgf; done
gen 21 --insert 1 > played/g21-ins.sgf
gen 22 --insert 1 --sym 5 --truncate 90 > played/g22-ins-cut.sgf
gen 23 --delete 2 --sym 3 > played/g23-del.sgf
gen 24 --delete 2 --truncate 90 > played/g24-del-cut.sgf
played_py="sorted((g['keep'], sorted(m['path'] for m in g['games'])) for g in r['groups']) == [('played/g%d.sgf' % s, ['played/g%d%s.sgf' % (s, c), 'played/g%d.sgf' % s]) for s, c in ((21, '-ins'), (22, '-ins-cut'), (23, '-del'), (24, '-del-cut'))] and not r['fragments']"
run "a first move inserted, the second deleted: two black moves read as stones" 1 duplicates --format json played
json_check "… each copy with its game, the game kept" "$played_py"
run "… --max-differ 1" 1 duplicates --max-differ 1 --format json played
json_check "… each copy with its game, the game kept" "$played_py"
run "… as text" 1 duplicates played/g23.sgf played/g23-del.sgf
has "… the copy's difference is the move it lacks" out 'near.* 1 move differs: move 2 deleted: W C8;'
# --max-differ 0 is no near copies: each copy above is an edit from its
# game (its first black moves read as stones), so none is found, cut or
# whole, nor said to begin its game.
run "… --max-differ 0: each copy an edit from its game" 0 duplicates --max-differ 0 --format json played
json_check "… no group, no fragment" "r['groups'] == [] and r['fragments'] == []"
tap_done
