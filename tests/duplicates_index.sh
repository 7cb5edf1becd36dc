#!/bin/sh
# jgflint duplicates --index FILE and --against FILE: the SQLite index.
# Made, then updated: a file unchanged is not read again, one changed is
# read again, one gone is dropped; --against checks new games without
# changing the index; a run stopped by a signal leaves the index as it
# was; a file that is not an index (text, another SQLite database, a
# damaged one, a newer schema) is refused and left byte for byte as it
# was; the schema as the man page says, queried with sqlite3. Built
# without SQLite (configure --without-sqlite3), --index says how to build
# with it and the rest works.
. "${TOP_SRCDIR:?}/tests/cli_tap.sh"
if ! command -v python3 > /dev/null; then echo "1..0 # SKIP python3 missing"; exit 0; fi
gen() { python3 "$TOP_SRCDIR/tests/duplicates_gen.py" game "$@"; }
. "$TOP_SRCDIR/tests/json_check.sh"
# sql DB QUERY: the first column of each row, with Python's sqlite3 (as a
# keeper's tool would open the index: it also rolls back what a stopped
# run left).
sql() { python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); [print(r[0]) for r in c.execute(sys.argv[2])]" "$@"; }

mkdir a b c
gen 1 > a/one.sgf
gen 2 > a/two.sgf
gen 3 > a/three.sgf
gen 1 --sym 5 --black "Someone" > a/one-turned.sgf

"$JGFLINT" duplicates --index probe.db a > /dev/null 2> probe.err
if grep -q 'built without SQLite' probe.err; then
  run "without SQLite: --index is trouble" 2 duplicates --index x.db a
  has "without SQLite: says how to build with it" err 'apt-get install libsqlite3-dev.*configure'
  run "without SQLite: --against too" 2 duplicates --against x.db a
  [ ! -e x.db ] && ok "without SQLite: no file made" || not_ok "without SQLite: no file made"
  run "without SQLite: the rest works" 1 duplicates --format json a
  json_check "without SQLite: the turned copy found" "len(r['groups']) == 1 and r['games'] == 4"
  tap_done
  exit
fi
rm -f probe.db

# SQLite is loaded when an index is opened (src/dup/sqlitelib.c): a check
# and duplicates without an index never map it, nor the libm it needs
# (640 KB of a check's resident memory, issue 52). LD_DEBUG is glibc's.
if LD_DEBUG=libs "$JGFLINT" --version 2>&1 | grep -q 'find library='; then
  LD_DEBUG=libs "$JGFLINT" a/one.sgf > /dev/null 2> ld.log
  grep -q 'find library=libsqlite3' ld.log && not_ok "a check does not load SQLite" || ok "a check does not load SQLite"
  LD_DEBUG=libs "$JGFLINT" duplicates a > /dev/null 2> ld.log
  grep -q 'find library=libsqlite3' ld.log && not_ok "duplicates without an index does not load SQLite" ||
    ok "duplicates without an index does not load SQLite"
  LD_DEBUG=libs "$JGFLINT" duplicates --index ld.db a > /dev/null 2> ld.log
  grep -q 'find library=libsqlite3' ld.log && ok "--index loads SQLite" || not_ok "--index loads SQLite"
  rm -f ld.db
else
  skip "what loads SQLite: no LD_DEBUG (not glibc)"
fi
# A libsqlite3 that cannot be loaded: --index is trouble, says what to
# install, and makes no file.
mkdir broken-lib && : > broken-lib/libsqlite3.so.0
LD_LIBRARY_PATH=$PWD/broken-lib "$JGFLINT" duplicates --index y.db a > "$tmp/out" 2> "$tmp/err"
[ $? -eq 2 ] && ok "SQLite not loadable: exit 2" || not_ok "SQLite not loadable: exit 2"
has "SQLite not loadable: says why and what to install" err 'cannot load SQLite, which --index.*file too short; install it (on Debian or Ubuntu: apt-get install libsqlite3-0)'
[ ! -e y.db ] && ok "SQLite not loadable: no file made" || not_ok "SQLite not loadable: no file made"

run "--index: a new index" 1 duplicates --index x.db --format json a
json_check "4 files added, the turned copy found" "r['index']['added'] == 4 and r['index']['files'] == 4 and r['index']['games'] == 4 and len(r['groups']) == 1 and r['groups'][0]['games'][1]['orientation'] != 'as it is'"
has "summary: the index" err '^index x.db: 4 files added, 0 changed, 0 removed, 0 unchanged'
json_check "paths as given" "sorted(m['path'] for m in r['groups'][0]['games']) == ['a/one-turned.sgf', 'a/one.sgf']"

# The schema, as keepers query it (man page).
[ "$(sql x.db 'PRAGMA user_version')" = 16 ] && ok "PRAGMA user_version 16" || not_ok "PRAGMA user_version 16"
[ "$(sql x.db 'PRAGMA application_id')" = 1246185028 ] && ok "PRAGMA application_id: jgflint's" ||
  not_ok "PRAGMA application_id: jgflint's"
[ "$(sql x.db "SELECT count(*) FROM games g JOIN files f ON g.file = f.id WHERE f.path LIKE '%/a/one.sgf' AND g.black = 'Black 1' AND g.moves = 120 AND g.result = 'B+R' AND g.date = '2020-01-01' AND typeof(g.key) = 'blob' AND length(g.key) = 16 AND length(g.dyer) = 12 AND typeof(g.sgfinfo) = 'blob' AND length(g.sgfinfo) = 16 AND length(f.md5) = 32 AND f.size > 0 AND f.mtime_ns > 0")" = 1 ] &&
  ok "a game's facts and keys, its file's path, size, time and hash" || not_ok "a game's facts and keys, its file's path, size, time and hash"
[ "$(sql x.db 'SELECT count(*) FROM (SELECT key FROM games GROUP BY key HAVING count(*) > 1)')" = 1 ] &&
  ok "identical games share a key" || not_ok "identical games share a key"
if command -v sqlite3 > /dev/null; then
  got=$(sqlite3 x.db 'PRAGMA user_version; SELECT count(*) FROM files; SELECT black FROM games ORDER BY black LIMIT 1;' | tr '\n' ' ')
  [ "$got" = "16 4 Black 1 " ] && ok "sqlite3 reads it" || not_ok "sqlite3 reads it: $got"
else
  skip "sqlite3 reads it: no sqlite3"
fi
"$JGFLINT" duplicates --keys --format json a > keys.json 2> /dev/null
if python3 -c "
import json, sqlite3, sys
want = {(k['path'].split('/')[-1], k['key'], k['dyer'], k['sgfinfo']) for k in json.load(sys.stdin)['keys']}
c = sqlite3.connect('x.db')
got = {(p.split('/')[-1], k, d, s) for p, k, d, s in c.execute('SELECT f.path, lower(hex(g.key)), g.dyer, lower(hex(g.sgfinfo)) FROM games g JOIN files f ON g.file = f.id')}
sys.exit(want != got)" < keys.json; then
  ok "its keys are --keys's"
else
  not_ok "its keys are --keys's"
fi

run "again: nothing read again" 1 duplicates --index x.db --format json a
json_check "4 unchanged" "r['index']['unchanged'] == 4 and r['index']['added'] == 0 and len(r['groups']) == 1"
# Not read again: a file whose size and time are as indexed is taken from
# the index (its new content is not seen), as make and rsync judge.
cp -p a/two.sgf two.keep
gen 2 --change 60 > two.new
[ "$(wc -c < two.new)" = "$(wc -c < a/two.sgf)" ] && ok "same size" || not_ok "same size"
cat two.new > a/two.sgf
touch -r two.keep a/two.sgf
run "same size and time: not read" 1 duplicates --index x.db --format json a
json_check "4 unchanged" "r['index']['unchanged'] == 4"
[ "$(sql x.db "SELECT md5 FROM files WHERE path LIKE '%/two.sgf'")" = "$(md5sum < two.keep | cut -c1-32)" ] &&
  ok "the hash as indexed" || not_ok "the hash as indexed"

# Changed: read again; touched (the same content): not changed; removed.
gen 2 --change 60 > a/two.sgf
touch -d '2001-01-01' a/three.sgf
rm a/one-turned.sgf
run "changed, touched, removed" 0 duplicates --index x.db --format json a
json_check "1 changed, 1 removed, 2 unchanged" "r['index']['changed'] == 1 and r['index']['removed'] == 1 and r['index']['unchanged'] == 2 and r['index']['files'] == 3 and r['index']['changedFiles'] == ['a/two.sgf'] and r['index']['removedFiles'] == ['a/one-turned.sgf'] and r['groups'] == []"
has "changed: said" err '^a/two.sgf: changed since it was indexed'
has "removed: said" err '^a/one-turned.sgf: gone since it was indexed'
[ "$(sql x.db "SELECT md5 FROM files WHERE path LIKE '%/two.sgf'")" = "$(md5sum < a/two.sgf | cut -c1-32)" ] &&
  ok "the new hash" || not_ok "the new hash"
[ "$(sql x.db "SELECT mtime_ns / 1000000000 FROM files WHERE path LIKE '%/three.sgf'")" = "$(date -d '2001-01-01' +%s)" ] &&
  ok "touched: its time updated" || not_ok "touched: its time updated"

# More material in another folder: added, the first folder's files kept.
gen 4 > b/four.sgf
gen 2 --change 60 --sym 3 > b/two-again.sgf
run "another folder" 1 duplicates --index x.db --format json b
json_check "2 added, 5 files, the copy of the changed game" "r['index']['added'] == 2 and r['index']['files'] == 5 and r['index']['removed'] == 0 and len(r['groups']) == 1 and sorted(m['path'] for m in r['groups'][0]['games']) == ['a/two.sgf', 'b/two-again.sgf']"

# --against: new games against the index, which is not changed.
cp x.db x.before
gen 4 --truncate 80 --sym 6 > c/four-cut.sgf
gen 9 > c/nine.sgf
gen 3 --change 50 > c/three-near.sgf
run "--against" 1 duplicates --against x.db --format json c
json_check "the groups with a new game only" "len(r['groups']) == 2 and all(any(not m.get('indexed') for m in g['games']) for g in r['groups'])"
json_check "the prefix and the near copy, against indexed games" "sorted((m['path'], m['relation']) for g in r['groups'] for m in g['games']) == [('a/three.sgf', 'kept'), ('b/four.sgf', 'kept'), ('c/four-cut.sgf', 'prefix'), ('c/three-near.sgf', 'near')]"
json_check "indexed games marked" "[m.get('indexed') for g in r['groups'] for m in g['games'] if m['path'].startswith(('a/', 'b/'))] == [True, True]"
json_check "the index's games counted" "r['index']['games'] == 5 and r['games'] == 8"
has "summary: against" err '^3 games read from 3 files, against 5 games in x.db: 2 duplicates in 2 groups'
cmp -s x.db x.before && ok "--against: the index unchanged" || not_ok "--against: the index unchanged"
run "--against, text" 1 duplicates --against x.db c
has "text: indexed games marked" out '^  b/four.sgf (in the index): kept'
# A file given that is in the index stands for itself, once.
run "--against an indexed file" 0 duplicates --against x.db --format json b/four.sgf
json_check "not its own duplicate" "r['groups'] == [] and r['games'] == 5"
run "--against, nothing new" 0 duplicates --against x.db --format json c/nine.sgf
cmp -s x.db x.before && ok "still unchanged" || not_ok "still unchanged"

# --against looks the games up (issue 49): the games of the index that
# share an opening or a fingerprint with a game read, and so on, not the
# index read whole; it finds what a whole read finds (JGFLINT_TEST_AGAINST_WHOLE,
# the test program's, reads it whole), in every format, with and without
# near copies.
mkdir look
gen 3 --change 10 --sym 2 > look/three-early.sgf     # near, its opening changed
gen 4 --insert 70 > look/four-insert.sgf
gen 2 --change 60 --truncate 90 > look/two-cut.sgf   # a truncated copy, a move changed
gen 1 --sym 7 > look/one-copy.sgf
cp c/four-cut.sgf c/three-near.sgf look/
for args in "--format json" "--format json --max-differ 0" "--format json --max-differ 5" "--format json --keys" "" "--format html"; do
  if [ -z "$HOOKED" ]; then
    skip "--against $args: a whole read needs the test program (tests/jgflint-hooks)"; continue
  fi
  "$JGFLINT" duplicates --against x.db $args look > look.out 2> look.err; echo $? > look.status
  JGFLINT_TEST_AGAINST_WHOLE=1 "$HOOKED" duplicates --against x.db $args look > whole.out 2> whole.err; echo $? > whole.status
  cmp -s look.out whole.out && cmp -s look.err whole.err && cmp -s look.status whole.status &&
    ok "--against $args: looked up, what a whole read finds" ||
    { not_ok "--against $args: looked up, what a whole read finds"; diff look.out whole.out | head -20 | sed 's/^/# /'; }
done
"$JGFLINT" duplicates --against x.db --format json look > "$tmp/out" 2> /dev/null
json_check "--against looked up: the near copy whose opening differs, the inserted move, the truncated copies" "sorted((m['path'].split('/')[-1], m['relation']) for g in r['groups'] for m in g['games'] if not m.get('indexed')) == [('four-cut.sgf', 'prefix'), ('four-insert.sgf', 'near'), ('one-copy.sgf', 'identical'), ('three-early.sgf', 'near'), ('three-near.sgf', 'near'), ('two-cut.sgf', 'prefix')] and len(r['groups']) == 4"
json_check "--against looked up: the index's games counted" "r['games'] == 11 and r['index']['games'] == 5"
"$JGFLINT" duplicates --against x.db --format json look/three-early.sgf > "$tmp/out" 2> /dev/null
json_check "--against looked up by its fingerprints alone: a near copy whose opening differs" "[(m['path'], m['relation']) for g in r['groups'] for m in g['games']] == [('a/three.sgf', 'kept'), ('look/three-early.sgf', 'near')]"
# Each statement of the look-up searches by an index (EXPLAIN QUERY PLAN):
# none scans the games, their fingerprints or the files.
if [ -z "$HOOKED" ]; then
  skip "--against: its look-ups search by an index: needs the test program (tests/jgflint-hooks)"
  skip "--against: no look-up scans a table: needs the test program"
else
  JGFLINT_TEST_QUERY_PLAN=1 "$HOOKED" duplicates --against x.db look > /dev/null 2> plan.err
  grep -q '^query plan: SEARCH prints USING PRIMARY KEY' plan.err && grep -q '^query plan: SEARCH games USING COVERING INDEX games_open' plan.err &&
    ok "--against: its look-ups search by an index" || { not_ok "--against: its look-ups search by an index"; sed 's/^/# /' plan.err; }
  if grep -E '^query plan: SCAN (games|prints|files|g|p|f)( |$)' plan.err > scans; then
    not_ok "--against: no look-up scans a table"; sed 's/^/# /' scans
  else
    ok "--against: no look-up scans a table"
  fi
fi

# An index of schema version 1 (before --against looked games up, and
# before the terms: tests/duplicates_terms.sh): refused by --against, its
# games' terms unknown; brought up to version 16 by --index, its games
# made again from its files, read again.
cp x.db v1.db
python3 - <<'EOF_PY'
import sqlite3
c = sqlite3.connect("v1.db")
for sql in ("DROP INDEX games_open", "DROP INDEX games_kept", "DROP TABLE prints",
            "ALTER TABLE games DROP COLUMN open", "ALTER TABLE games DROP COLUMN relation",
            "ALTER TABLE games DROP COLUMN kept", "ALTER TABLE games DROP COLUMN why",
            "ALTER TABLE games DROP COLUMN to_move", "ALTER TABLE games DROP COLUMN komi",
            "ALTER TABLE games DROP COLUMN handicap", "ALTER TABLE games DROP COLUMN rules",
            "ALTER TABLE games DROP COLUMN variations", "ALTER TABLE games DROP COLUMN illegal",
            "ALTER TABLE games DROP COLUMN tree", "ALTER TABLE games DROP COLUMN tree_swapped",
            "ALTER TABLE games DROP COLUMN comment_hash", "ALTER TABLE games DROP COLUMN comment_bytes",
            "ALTER TABLE games DROP COLUMN comment_items", "ALTER TABLE games DROP COLUMN round",
            "PRAGMA user_version = 1"):
    c.execute(sql)
c.commit()
EOF_PY
"$JGFLINT" duplicates --against x.db --format json look > v2.out 2> /dev/null
run "version 1: --against refuses it" 2 duplicates --against v1.db --format json look
has "version 1: --against says why" err 'schema version 1, older than this jgflint.s (16): its games lack their komi, handicap, rules, variations, illegal moves and comments compared'
run "version 1: --index brings it up to version 16" 1 duplicates --index v1.db --format json a b
[ "$(sql v1.db 'PRAGMA user_version')" = 16 ] && [ "$(sql v1.db 'SELECT count(*) FROM files WHERE size < 0')" = 0 ] && [ "$(sql v1.db 'SELECT count(*) FROM prints')" = "$(sql x.db 'SELECT count(*) FROM prints')" ] &&
  [ "$(sql v1.db 'SELECT count(*) FROM games WHERE open = 0')" = 0 ] && ok "version 1: its games' hashes made" || not_ok "version 1: its games' hashes made"
run "version 1, brought up: --against looks up" 1 duplicates --against v1.db --format json look
json_check "version 1, brought up: --against finds the same" "{k: v for k, v in r.items() if k != 'index'} == {k: v for k, v in json.load(open('v2.out')).items() if k != 'index'}"

# Version 10 kept key and sgfinfo as 32 hex digits and the normal form in
# 16 bits an element (1,300 bytes a game of a dense collection's index;
# version 11 keeps the MD5s as 16 bytes, a move in 9 bits of a 19x19
# board). An index of version 10 (made here from one of version 11: its
# normal form read as the man page says, which must give a/one.sgf's
# moves, and written as version 10 wrote it) is refused by --against and
# --indexes, never read in the other form, and --index makes its games
# again from their files.
cat > v10.py <<'EOF_PY'
import re, sqlite3, sys
def count(b, at):   # 7 bits a byte, low first
    n = shift = 0
    while True:
        c = b[at]
        at += 1
        n |= (c & 0x7F) << shift
        shift += 7
        if not c & 0x80:
            return n, at
def elements(b):   # width, height, the number of setup stones, the stones, the line
    w, h = b[0], b[1]
    nsetup, at = count(b, 2)
    nline, at = count(b, at)
    bits = "".join(format(c, "08b") for c in b[at:])
    pos = 0
    def get(n):
        nonlocal pos
        pos += n
        return int(bits[pos - n:pos], 2)
    pb = (w * h + 1).bit_length()
    def element(tag, v):
        return tag << 13 | (0x1FFF if v == w * h else v // w * 52 + v % w)
    setup = [element(2 + get(1), get(pb)) for _ in range(nsetup)]
    line, expected = [], 0
    for _ in range(nline):
        v, tag = get(pb), expected
        if v == w * h + 1:
            tag, v = get(3), get(pb)
        line.append(element(tag, v))
        if tag <= 1:
            expected = 1 - tag
    assert len(bits) - pos < 8 and "1" not in bits[pos:], "the fill"
    return [w, h, nsetup] + setup + line
c = sqlite3.connect(sys.argv[1])
normal = c.execute("SELECT g.normal FROM games g JOIN files f ON f.id = g.file WHERE f.path LIKE ?",
                   ("%/" + sys.argv[2],)).fetchone()[0]
moves = [(0 if col == "B" else 1) << 13 | (ord(p[1]) - 97) * 52 + ord(p[0]) - 97
         for col, p in re.findall(r";([BW])\[([a-s]{2})\]", open(sys.argv[2]).read())]
if elements(normal) != [19, 19, 0] + moves:
    sys.exit("v10.py: the normal form is not the man page's: %r" % elements(normal)[:8])
for gid, key, sgfinfo, normal in c.execute("SELECT id, key, sgfinfo, normal FROM games").fetchall():
    old = b"".join(e.to_bytes(2, "big") for e in elements(normal))
    c.execute("UPDATE games SET key = ?, sgfinfo = ?, normal = ? WHERE id = ?",
              (key.hex(), sgfinfo.hex() if sgfinfo else None, old, gid))
c.execute("PRAGMA user_version = 10")
c.commit()
EOF_PY
cp x.db v10.db
python3 v10.py v10.db a/one.sgf && ok "version 11: the normal form the man page says" || not_ok "version 11: the normal form the man page says"
run "version 10: --against refuses it" 2 duplicates --against v10.db --format json look
has "version 10: --against says why" err 'schema version 10, older than this jgflint.s (16): its games lack their keys and moves in version 11.s smaller form, which only reading their files again gives'
lines "version 10: --against, no report" out 0
run "version 10: --indexes refuses it" 2 duplicates --indexes v10.db
run "version 10: --index brings it up to version 16" 1 duplicates --index v10.db --format json a b
[ "$(sql v10.db 'PRAGMA user_version')" = 16 ] && [ "$(sql v10.db "SELECT count(*) FROM games WHERE typeof(key) <> 'blob' OR length(key) <> 16 OR length(normal) >= 2 * (moves + 3)")" = 0 ] &&
  [ "$(sql v10.db 'SELECT count(*) FROM prints')" = "$(sql x.db 'SELECT count(*) FROM prints')" ] &&
  ok "version 10: its games made again in version 11's form" || not_ok "version 10: its games made again in version 11's form"
run "version 10, brought up: --against looks up" 1 duplicates --against v10.db --format json look
json_check "version 10, brought up: --against finds the same" "{k: v for k, v in r.items() if k != 'index'} == {k: v for k, v in json.load(open('v2.out')).items() if k != 'index'}"

# The groups in the index (issue 49), and the man page's example of the
# files a keeper can delete, run as it is written there.
mkdir keep
gen 41 > keep/a-orig.sgf
gen 41 --sym 3 > keep/b-copy.sgf
gen 41 --truncate 70 > keep/c-cut.sgf
gen 41 --change 30 > keep/d-near.sgf
gen 42 > keep/e-other.sgf
{ gen 41 --sym 5; gen 43; } > keep/f-mixed.sgf
run "groups: indexed" 1 duplicates --index keep.db --format json keep
cat > groups.py <<'EOF_PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
rows = c.execute("SELECT f.path, g.game, g.relation, (SELECT kf.path FROM games k JOIN files kf "
                 "ON kf.id = k.file WHERE k.id = g.kept), g.why IS NOT NULL, (SELECT k.why FROM "
                 "games k WHERE k.id = g.kept) IS NOT NULL FROM games g JOIN "
                 "files f ON f.id = g.file ORDER BY f.path, g.game")
print(" ".join("%s:%d:%s:%s:%d:%d" % (p.split("/")[-1], n, r, k.split("/")[-1] if k else None, w, kw)
               for p, n, r, k, w, kw in rows))
EOF_PY
got=$(python3 groups.py keep.db)
# why on the kept copy's row alone (each copy's row held it too: 180
# bytes a game of a dense collection's index), found through kept
[ "$got" = "a-orig.sgf:1:kept:a-orig.sgf:1:1 b-copy.sgf:1:identical:a-orig.sgf:0:1 c-cut.sgf:1:prefix:a-orig.sgf:0:1 d-near.sgf:1:near:a-orig.sgf:0:1 e-other.sgf:1:None:None:0:0 f-mixed.sgf:1:identical:a-orig.sgf:0:1 f-mixed.sgf:2:None:None:0:0" ] &&
  ok "groups: each game's relation, its kept copy, why" || not_ok "groups: each game's relation, its kept copy, why: $got"
[ "$(sql keep.db "SELECT why FROM games WHERE relation = 'kept'")" = "$(json_get "r['groups'][0]['why']")" ] &&
  ok "groups: why, the report's" || not_ok "groups: why, the report's"
if command -v sqlite3 > /dev/null; then
  example=$(sed -n '/^\.\\" The example tests\/duplicates_index.sh runs/,/^\.fi/p' "$TOP_SRCDIR/man/jgflint.1" | grep -v '^\.' | sed 's/games\.db/keep.db/')
  got=$(sh -c "$example" 2>&1 | sed 's|.*/||' | tr '\n' ' ')
  [ -n "$example" ] && [ "$got" = "b-copy.sgf c-cut.sgf " ] && ok "groups: the man page's example lists the files to delete" ||
    not_ok "groups: the man page's example lists the files to delete: '$got' ($example)"
else
  skip "groups: the man page's example: no sqlite3"
fi
gen 41 --sym 3 --black Other > keep/b-copy.sgf
run "groups: again, the last run's" 1 duplicates --index keep.db --format json keep
[ "$(sql keep.db "SELECT count(*) FROM games WHERE relation IS NOT NULL")" = 5 ] && ok "groups: replaced, not added to" || not_ok "groups: replaced, not added to"

# Positions through the index: their side to play kept (games.to_move), so
# that the index groups problems as a run over the files does.
"$JGFLINT" duplicates --format json "$TOP_SRCDIR/testdata/duplicates/problems" > problems.plain 2> /dev/null
"$JGFLINT" duplicates --index problems.db "$TOP_SRCDIR/testdata/duplicates/problems" > /dev/null 2>&1
run "positions: read back from the index" 1 duplicates --index problems.db --format json "$TOP_SRCDIR/testdata/duplicates/problems"
json_check "positions: grouped as the files are, their side to play kept" "r['index']['unchanged'] > 0 and {k: v for k, v in r.items() if k != 'index'} == json.load(open('problems.plain'))"
# Paths as the run was given them, with --index as without (a build apart
# from its sources, make distcheck's, gives ../../src/...: --index named
# them by the absolute path it keeps); a file the index holds and the run
# was not given keeps its path as shown from here.
mkdir -p given/src given/run/sub
cp "$TOP_SRCDIR"/testdata/duplicates/problems/* given/src/
(cd given/run/sub && "$JGFLINT" duplicates --format json ../../src > plain.json 2> /dev/null
 "$JGFLINT" duplicates --index x.db --format json ../../src > first.json 2> /dev/null
 "$JGFLINT" duplicates --index x.db --format json ../../src > again.json 2> /dev/null
 "$JGFLINT" duplicates --index x.db --format json ../../src/solution.sgf > one.json 2> /dev/null)
for f in first again; do
  if python3 -c "
import json, sys
a, b = (json.load(open('given/run/sub/%s.json' % f)) for f in ('plain', sys.argv[1]))
b.pop('index')
paths = [m['path'] for g in a['groups'] for m in g['games']]
sys.exit(not (a == b and paths and all(p.startswith('../../src/') for p in paths)))" "$f"; then
    ok "--index ($f run): paths as given, the run without it's report"
  else
    not_ok "--index ($f run): paths as given, the run without it's report"
  fi
done
if python3 -c "
import json, os
r = json.load(open('given/run/sub/one.json'))
paths = {m['path'] for g in r['groups'] for m in g['games']}
import sys
sys.exit(not ('../../src/solution.sgf' in paths and any(p == os.path.realpath('given/src/bare.sgf') for p in paths)))"; then
  ok "--index: a file given as given, one only indexed by its path"
else
  not_ok "--index: a file given as given, one only indexed by its path"
fi

# --indexes: shards indexed apart (as on machines of their own), searched
# together from their indexes alone; none changed.
mkdir shard1 shard2
gen 11 > shard1/eleven.sgf
gen 12 > shard1/twelve.sgf
gen 11 --sym 6 --black "Another" > shard2/eleven-turned.sgf
gen 12 --change 30 > shard2/twelve-near.sgf
gen 13 > shard2/thirteen.sgf
"$JGFLINT" duplicates --index s1.db shard1 > /dev/null 2>&1
"$JGFLINT" duplicates --index s2.db shard2 > /dev/null 2>&1
cp s1.db s1.before
cp s2.db s2.before
mv shard1 shard1.gone   # what the other machine has is not read
run "--indexes" 1 duplicates --indexes --format json s1.db s2.db
json_check "across shards: the turned copy and the near copy" "sorted(('/'.join(m['path'].split('/')[-2:]), m['relation']) for g in r['groups'] for m in g['games']) == [('shard1/eleven.sgf', 'kept'), ('shard1/twelve.sgf', 'kept'), ('shard2/eleven-turned.sgf', 'identical'), ('shard2/twelve-near.sgf', 'near')] and r['games'] == 5"
has "--indexes: the summary" err '^5 games of 5 files in 2 indexes: 2 duplicates in 2 groups$'
cmp -s s1.db s1.before && cmp -s s2.db s2.before && ok "--indexes: the indexes unchanged" || not_ok "--indexes: the indexes unchanged"
run "--indexes, one shard" 0 duplicates --indexes s2.db
has "--indexes, one shard: no duplicates within it" err '^3 games of 3 files in 1 index: no duplicates$'
run "--indexes, a file that is no index" 2 duplicates --indexes --format json s1.db a/one.sgf s2.db
has "--indexes: says which" err 'a/one.sgf is not an SQLite database'
json_check "--indexes: the others still searched" "len(r['groups']) == 2"
run "--indexes with --index" 2 duplicates --indexes --index s1.db s2.db
mv shard1.gone shard1
# The same index twice (by its name, another name, a symbolic link) is
# taken once; shards that overlap (a copy of an index, a file indexed in
# two) have each file taken once, from the first index, with a warning:
# no game is its own duplicate.
for twice in "s2.db s2.db" "./s2.db s2.db" "s2.db link.db"; do
  [ -e link.db ] || ln -s s2.db link.db
  run "--indexes $twice: no self-groups" 0 duplicates --indexes --format json $twice
  json_check "--indexes $twice: nothing found" "r['groups'] == [] and r['games'] == 3"
  has "--indexes $twice: says it is taken once" err "^jgflint duplicates: ${twice#* } is the index ${twice% *} again: taken once$"
  has "--indexes $twice: one index counted" err '^3 games of 3 files in 1 index: no duplicates$'
done
cp s2.db copy.db
run "--indexes, a copy of an index" 0 duplicates --indexes --format json s2.db copy.db
json_check "a copy: nothing found" "r['groups'] == [] and r['games'] == 3"
has "a copy: the overlap said, once" err '^jgflint duplicates: the indexes overlap: 3 files are in more than one, each taken once, from the first index that has it$'
[ "$(grep -c overlap "$tmp/err")" = 1 ] && ok "a copy: warned once" || not_ok "a copy: warned once"
has "a copy: files counted once" err '^3 games of 3 files in 2 indexes: no duplicates$'
"$JGFLINT" duplicates --index s3.db shard1 shard2 > /dev/null 2>&1
run "--indexes, overlapping shards" 1 duplicates --indexes --format json s1.db s3.db
json_check "overlapping shards: the duplicates across them, no game its own" "sorted(('/'.join(m['path'].split('/')[-2:]), m['relation']) for g in r['groups'] for m in g['games']) == [('shard1/eleven.sgf', 'kept'), ('shard1/twelve.sgf', 'kept'), ('shard2/eleven-turned.sgf', 'identical'), ('shard2/twelve-near.sgf', 'near')] and r['games'] == 5"
has "overlapping shards: the overlap said" err 'the indexes overlap: 2 files are in more than one'
has "overlapping shards: the summary" err '^5 games of 5 files in 2 indexes: 2 duplicates in 2 groups$'

# Stopped by a signal in the middle of its transaction (it waits for its
# last input, standard input, through a FIFO): the index as it was.
mkfifo fifo
gen 5 > c/five.sgf
for sig in TERM KILL; do
  "$JGFLINT" duplicates --index x.db c - < fifo > /dev/null 2>&1 &
  pid=$!
  exec 3> fifo
  w=0
  while [ ! -e x.db-journal ] && [ $w -lt 100 ]; do sleep 0.1; w=$((w + 1)); done
  [ -e x.db-journal ] && ok "$sig: stopped in its transaction" || not_ok "$sig: stopped in its transaction"
  kill -s "$sig" "$pid"
  wait "$pid" 2> /dev/null
  exec 3>&-
  [ "$(sql x.db 'SELECT count(*) FROM files')" = 5 ] && [ "$(sql x.db 'SELECT count(*) FROM games')" = 5 ] &&
    [ "$(sql x.db 'PRAGMA integrity_check')" = ok ] && ok "$sig: the index as it was" ||
    not_ok "$sig: the index as it was"
done
cp x.db x.before
run "then complete" 1 duplicates --index x.db --format json c
json_check "4 added" "r['index']['added'] == 4 and r['index']['files'] == 9"
# The first run stopped: an empty index file, which the next run fills.
"$JGFLINT" duplicates --index new.db a - < fifo > /dev/null 2>&1 &
pid=$!
exec 3> fifo
w=0
while [ ! -e new.db-journal ] && [ $w -lt 100 ]; do sleep 0.1; w=$((w + 1)); done
kill -s KILL "$pid"
wait "$pid" 2> /dev/null
exec 3>&-
[ "$(sql new.db "SELECT count(*) FROM sqlite_master")" = 0 ] && ok "a first run stopped: nothing in it" ||
  not_ok "a first run stopped: nothing in it"
run "a first run stopped: the next makes it" 1 duplicates --index new.db --format json a b
json_check "5 files" "r['index']['files'] == 5"

# Standard input is read, not indexed.
run "standard input: not indexed" 1 duplicates --index new.db --format json - < b/two-again.sgf
json_check "standard input: read" "r['index']['files'] == 5 and r['games'] == 6"

# Not an index: refused, left byte for byte.
refused() {   # NAME FILE REGEX
  cp "$2" refused.before
  run "$1: trouble" 2 duplicates --index "$2" a
  has "$1: says why" err "$3"
  cmp -s "$2" refused.before && [ ! -e "$2-journal" ] && ok "$1: left as it was" || not_ok "$1: left as it was"
  run "$1: --against too" 2 duplicates --against "$2" a
}
refused "a game" a/one.sgf 'a/one.sgf is not an SQLite database, so not a jgflint index: it is left as it is'
printf 'SQLite format 3' > short.db
refused "a short file" short.db 'not an SQLite database'
python3 -c "import sqlite3; c=sqlite3.connect('other.db'); c.execute('CREATE TABLE t (x)'); c.execute('INSERT INTO t VALUES (1)'); c.commit()"
refused "another program's database" other.db 'other.db is an SQLite database but not a jgflint index (application_id 0, 1 schema objects)'
cp x.db damaged.db
python3 -c "import pathlib; p = pathlib.Path('damaged.db'); b = bytearray(p.read_bytes()); b[100:3100] = b'\xff' * 3000; p.write_bytes(bytes(b))"
refused "a damaged index" damaged.db 'damaged.db is not a usable SQLite database'
cp x.db newer.db
python3 -c "import sqlite3; c=sqlite3.connect('newer.db'); c.execute('PRAGMA user_version = 17'); c.commit()"
refused "a newer schema" newer.db 'schema version 17, newer than this jgflint'"'"'s (16)'
run "--against: no such index" 2 duplicates --against none.db a
has "--against: no such index: says so" err 'none.db: No such file or directory'
[ ! -e none.db ] && ok "--against: nothing made" || not_ok "--against: nothing made"
mkdir dir.db
run "a directory" 2 duplicates --index dir.db a
has "a directory: says so" err 'dir.db is not a regular file'
run "--index and --against" 2 duplicates --index x.db --against x.db a
# An index in a directory that does not exist: SQLite cannot open it, and
# nothing was made to take away (REVIEW.md R159: the close asked stat of
# the path of a file it had not made, a null one: UBSan's runtime error)
run "--index in a directory that does not exist" 2 duplicates --index no-such-dir/x.db a
has "… says so" err 'no-such-dir/x.db: cannot open it'
hasnt "… no runtime error" err 'runtime error'
[ ! -e no-such-dir ] && ok "… nothing made" || not_ok "… nothing made"

# Issue 47: nothing lost in the index.
coll() { python3 "$TOP_SRCDIR/tests/duplicates_gen.py" collection "$@"; }
counts() { echo "$(sql "$1" 'SELECT count(*) FROM files') $(sql "$1" 'SELECT count(*) FROM games')"; }
coll fault/small 0 200 50
coll fault/big 100000 8000 100
# A full disk in the middle of an update (the index on a 1 MB tmpfs, in a
# mount namespace of its own; 8,000 games more than it holds): SQLite ends
# the transaction after SQLITE_FULL, and nothing after it may run (each
# statement would then be committed alone).
# The index's files and games (and SQLite's integrity check), read inside
# the namespace where the small file system is mounted.
cat > full_counts.py <<'EOF_PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
row = [c.execute(q).fetchone()[0] for q in ("SELECT count(*) FROM files", "SELECT count(*) FROM games")]
if sys.argv[2:] == ["integrity"]:
    row.append(c.execute("PRAGMA integrity_check").fetchone()[0])
print(*row)
EOF_PY
if unshare -m true 2> /dev/null; then
  unshare -m sh -c '
    mkdir -p full && mount -t tmpfs -o size=1m tmpfs full || exit 99
    "$0" duplicates --index full/x.db fault/small > /dev/null 2>&1
    python3 full_counts.py full/x.db > full.before
    "$0" duplicates --index full/x.db fault/big > full.out 2> full.err
    echo $? > full.status
    python3 full_counts.py full/x.db integrity > full.after
    "$0" duplicates --index full/x.db fault/small > /dev/null 2> full.again
    echo $? > full.again.status
  ' "$JGFLINT"
  [ "$(cat full.before)" = "4 200" ] && ok "full disk: the first index made" || not_ok "full disk: the first index made: $(cat full.before)"
  [ "$(cat full.status)" = 2 ] && ok "full disk: exit 2" || not_ok "full disk: exit 2 (got $(cat full.status))"
  [ "$(cat full.after)" = "4 200 ok" ] && ok "full disk: the index as it was, nothing of the update committed" ||
    not_ok "full disk: the index as it was: $(cat full.after) (4 200 ok)"
  grep -q 'database or disk is full (the index is left as it was)' full.err && ok "full disk: said" ||
    { not_ok "full disk: said"; sed 's/^/# /' full.err; }
  grep -q 'not updated (left as it was): 80 files read, duplicates not searched' full.err &&
    ! grep -q 'files added' full.err && ok "full disk: the summary says nothing was added" ||
    { not_ok "full disk: the summary says nothing was added"; sed 's/^/# /' full.err; }
  [ -s full.out ] && not_ok "full disk: no report of games not searched" || ok "full disk: no report of games not searched"
  [ "$(cat full.again.status)" = 0 ] && grep -q '4 unchanged' full.again && ok "full disk: the next run trusts the index as it was" ||
    not_ok "full disk: the next run trusts the index as it was"
else
  for t in 1 2 3 4 5 6 7; do skip "full disk $t: unshare -m is not permitted here"; done
fi

# Past the file size limit (ulimit -f, 50 blocks of 1 KB): a new index
# that cannot be written is not left behind as an empty file (it was said
# "left as it was"), an index that was there is; both name the limit
# where SQLite says "disk I/O error" (issue 71).
rm -f limit-new.db
(ulimit -f 50; "$JGFLINT" duplicates --index limit-new.db fault/small > limit.out 2> limit.err; echo $? > limit.status)
[ "$(cat limit.status)" = 2 ] && ok "ulimit -f, a new index: exit 2" || not_ok "ulimit -f, a new index: exit 2 (got $(cat limit.status))"
[ -e limit-new.db ] || [ -e limit-new.db-journal ] && not_ok "ulimit -f, a new index: none left behind" || ok "ulimit -f, a new index: none left behind"
grep -q 'limit-new.db: cannot .*: disk I/O error (File too large: past the file size limit (ulimit -f)) (no index made: none is left behind)' limit.err &&
  ok "ulimit -f, a new index: the limit named, no index said" ||
  { not_ok "ulimit -f, a new index: the limit named, no index said"; sed 's/^/# /' limit.err; }
# The same through a symbolic link that leads nowhere yet: the file made
# where it leads is removed, and the link, the user's, is kept.
mkdir limit-target
ln -s limit-target/made.db limit-link.db
(ulimit -f 50; "$JGFLINT" duplicates --index limit-link.db fault/small > /dev/null 2>&1)
[ -L limit-link.db ] && [ ! -e limit-target/made.db ] &&
  ok "ulimit -f, a new index through a link: the link kept, no file left where it leads" ||
  not_ok "ulimit -f, a new index through a link: the link kept, no file left where it leads ($(ls -l limit-link.db limit-target 2>&1 | tr '\n' ' '))"
: > limit-empty.db
(ulimit -f 50; "$JGFLINT" duplicates --index limit-empty.db fault/small > /dev/null 2> limit.err)
[ -e limit-empty.db ] && [ ! -s limit-empty.db ] && grep -q '(the index is left as it was)' limit.err &&
  ok "ulimit -f, an empty file given: left as it was" || not_ok "ulimit -f, an empty file given: left as it was"
"$JGFLINT" duplicates --index limit-old.db fault/small > /dev/null 2>&1
mkdir limit-more
coll limit-more 500 2000 100
(ulimit -f 300; "$JGFLINT" duplicates --index limit-old.db limit-more > /dev/null 2> limit.err; echo $? > limit.status)
[ "$(cat limit.status)" = 2 ] && grep -q 'limit-old.db: cannot .*: disk I/O error (File too large: past the file size limit (ulimit -f)) (the index is left as it was)' limit.err &&
  ok "ulimit -f, an index made before: the limit named, left as it was" ||
  { not_ok "ulimit -f, an index made before: the limit named, left as it was"; sed 's/^/# /' limit.err; }
[ "$(counts limit-old.db)" = "4 200" ] && ok "ulimit -f, an index made before: its games as they were" ||
  not_ok "ulimit -f, an index made before: its games as they were: $(counts limit-old.db)"

# A damaged index that SQLite still opens: PRAGMA integrity_check (small: cheap)
# refuses it.
"$JGFLINT" duplicates --index sound.db fault/small > /dev/null 2>&1
cp sound.db rowid.db
python3 - <<'EOF_PY'
import sqlite3
c = sqlite3.connect("rowid.db")
n, ps = c.execute("PRAGMA page_count").fetchone()[0], c.execute("PRAGMA page_size").fetchone()[0]
try:   # the last leaf page of games (dbstat, where SQLite has it), else the last page
    n = c.execute("SELECT max(pageno) FROM dbstat WHERE name = 'games' AND pagetype = 'leaf'").fetchone()[0] or n
except sqlite3.Error:
    pass
c.close()
b = bytearray(open("rowid.db", "rb").read())
off = (n - 1) * ps   # a leaf of games: two cells swapped
b[off + 8:off + 10], b[off + 10:off + 12] = b[off + 10:off + 12], b[off + 8:off + 10]
open("rowid.db", "wb").write(bytes(b))
EOF_PY
# --index and --indexes read it whole, so check it whole first; --against
# reads only the games it looks up (below).
for mode in index indexes; do
  cp rowid.db "rowid-$mode.db"
  if [ $mode = index ]; then set -- --index rowid-$mode.db fault/small; else set -- --indexes rowid-$mode.db; fi
  run "a damaged index (rowids out of order), --$mode: trouble" 2 duplicates "$@"
  has "a damaged index, --$mode: integrity_check says why" err "rowid-$mode.db is a damaged jgflint index (PRAGMA integrity_check: "
  if [ $mode = index ]; then lines "a damaged index, --$mode: no report from it" out 0; fi
  cmp -s rowid.db "rowid-$mode.db" && ok "a damaged index, --$mode: left as it was" || not_ok "a damaged index, --$mode: left as it was"
done
# An index whose files lack some of their games (an update cut short by a
# jgflint before this one, committed in part): refused, not trusted.
cp sound.db cut.db
python3 -c "import sqlite3; c = sqlite3.connect('cut.db'); c.execute('DELETE FROM games WHERE id IN (SELECT id FROM games WHERE file = (SELECT min(id) FROM files) LIMIT 10)'); c.commit()"
run "an update cut short: trouble" 2 duplicates --index cut.db fault/small
has "an update cut short: said" err 'cut.db is a damaged jgflint index (its files and games disagree: 1 file without all of its games (an update cut short))'
run "an update cut short, --indexes: trouble" 2 duplicates --indexes cut.db
# --against checks the files of the games it looks up: a copy of a game of
# the file cut short is refused; a game that looks up none of it is not.
mkdir cut-copy cut-other
gen 20 > cut-copy/twenty.sgf
gen 999 > cut-other/other.sgf
run "an update cut short, --against a copy of its game: trouble" 2 duplicates --against cut.db cut-copy
has "an update cut short, --against: said" err 'cut.db is a damaged jgflint index (its files and games disagree'
lines "an update cut short, --against: no report" out 0
run "an update cut short, --against a game it does not look up" 0 duplicates --against cut.db cut-other

# Four bytes flipped in a page, which PRAGMA quick_check passes and
# integrity_check does not (a row's column no longer its index's entry):
# --against compared with 199 of 200 games, in silence (issue 71). A small
# index is checked whole (integrity_check, cheap); a large one's rows are
# checked as they are read (padded here with free pages past the 1,024 of
# a cheap check). flip.py DB COLUMN [pad]: the games row of game 21 of
# fault/small (its file's 21st, seed 20) damaged in place in its table's
# page: COLUMN game (its number: none of its file's), open (its look-up
# hash), black (a byte no UTF-8 has), normal (a move off the board).
cat > flip.py <<'EOF_PY'
import sqlite3, struct, sys
db, column, pad = sys.argv[1], sys.argv[2], sys.argv[3:] == ["pad"]
c = sqlite3.connect(db)
if pad:   # free pages: a table filled, then dropped (the freelist keeps them)
    c.execute("CREATE TABLE pad (b BLOB)")
    c.execute("INSERT INTO pad VALUES (zeroblob(5000000))")
    c.commit()
    c.execute("DROP TABLE pad")
    c.commit()
gid, file, game, op, black, normal = c.execute(
    "SELECT g.id, g.file, g.game, g.open, g.black, g.normal FROM games g JOIN files f ON f.id = g.file "
    "WHERE f.path LIKE '%/fault/small/%' ORDER BY f.path, g.game LIMIT 1 OFFSET 20").fetchone()
ps = c.execute("PRAGMA page_size").fetchone()[0]
leaves = [r[0] for r in c.execute("SELECT pageno FROM dbstat WHERE name = 'games'")]
if column == "game" and file != 1:
    sys.exit("flip.py: the game's file is not the first (its id no constant)")
c.close()
b = bytearray(open(db, "rb").read())
want = {"open": struct.pack(">q", op), "black": black.encode(), "normal": bytes(normal[-6:]),
        "game": None}[column]
for p in leaves:   # the row's bytes in a page of the games table
    page = b[(p - 1) * ps:p * ps]
    if column == "game":   # the row's cell: its record's first value is game's
        # (id is the rowid, file 1 a constant of its serial type)
        def varint(at):
            v = 0
            for k in range(9):
                v = (v << 7) | (page[at + k] & 0x7F)
                if page[at + k] < 0x80:
                    return v, at + k + 1
            return v, at + 9
        head = 100 if p == 1 else 0
        if page[head] != 13:
            continue   # not a leaf of the table
        for k in range(int.from_bytes(page[head + 3:head + 5], "big")):
            cell = int.from_bytes(page[head + 8 + 2 * k:head + 10 + 2 * k], "big")
            _, at = varint(cell)
            rowid, at = varint(at)
            if rowid != gid:
                continue
            size, body = varint(at)
            b[(p - 1) * ps + at + size] ^= 0x80   # a one-byte integer: negative
            break
        else:
            continue
        break
    at = page.find(want)
    if at >= 0:
        off = (p - 1) * ps + at
        if column == "open":
            for k in range(4):
                b[off + 4 + k] ^= 0xFF
        elif column == "black":
            b[off] = 0xFF
        else:   # the last 16 bits all 1: the last point's 9 bits past any of
            # the board (a 19x19's, 0-361 and the escape 362), or the
            # last byte's fill not 0
            b[off + 4] = b[off + 5] = 0xFF
        break
else:
    sys.exit("flip.py: the row's bytes not found")
open(db, "wb").write(bytes(b))
EOF_PY
mkdir flip-copy
gen 20 --sym 3 > flip-copy/twenty.sgf
cp sound.db flip-sound.db
python3 -c "import sqlite3, sys; c = sqlite3.connect('flip-sound.db'); sys.exit(c.execute('PRAGMA page_count').fetchone()[0] > 1024)" &&
  ok "flip: the small index is under the cheap check's 1,024 pages" || not_ok "flip: the small index is under the cheap check's 1,024 pages"
for column in game open; do
  cp sound.db "flip-$column.db"
  python3 flip.py "flip-$column.db" "$column"
  python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); sys.exit(not (c.execute('PRAGMA quick_check').fetchone()[0] == 'ok' and c.execute('PRAGMA integrity_check').fetchone()[0] != 'ok'))" "flip-$column.db" &&
    ok "flip $column: quick_check passes it, integrity_check does not" || not_ok "flip $column: quick_check passes it, integrity_check does not"
  run "flip $column, --against a copy of its game: trouble" 2 duplicates --against "flip-$column.db" flip-copy
  has "flip $column, --against: integrity_check says why" err "flip-$column.db is a damaged jgflint index (PRAGMA integrity_check: "
  lines "flip $column, --against: no report" out 0
done
for column in game open black normal; do
  cp sound.db "flip-big-$column.db"
  python3 flip.py "flip-big-$column.db" "$column" pad
  run "flip $column of a large index, --against a copy of its game: trouble" 2 duplicates --against "flip-big-$column.db" flip-copy
  has "flip $column of a large index: its row said" err "flip-big-$column.db is a damaged jgflint index (games.id [0-9]* is not a game jgflint wrote: "
  lines "flip $column of a large index, --against: no report" out 0
  run "flip $column of a large index, --against a game it does not look up" 0 duplicates --against "flip-big-$column.db" cut-other
  run "flip $column of a large index, --indexes: trouble" 2 duplicates --indexes "flip-big-$column.db"
done

# NGF copies of twin games whose header names no one (`black 9DP`,
# 2000-01-01; tests/duplicates_facts.sh): indexed without players or
# date, and read so from an index made by a jgflint that kept them as
# names (written back here), which grouped them as one game.
mkdir ngf-twins
gen 7 --moves 30 --black 'Lee Sedol' > ngf-twins/a.sgf
gen 7 --moves 30 --sym 1 --black 'Cho Chikun' | sed 's/DT\[2020-01-01\]/DT[1985-11-02]/' > ngf-twins/b.sgf
gen 7 --moves 30 --sym 2 --ngf 1 > ngf-twins/copy1.ngf
gen 7 --moves 30 --sym 6 --ngf 1 > ngf-twins/copy2.ngf
"$JGFLINT" duplicates --index ngf.db ngf-twins > /dev/null 2>&1
[ "$(sql ngf.db "SELECT count(*) FROM games WHERE black IS NULL AND white IS NULL AND date IS NULL")" = 2 ] &&
  ok "NGF copies naming no one: indexed without players or date" ||
  not_ok "NGF copies naming no one: indexed without players or date"
sql ngf.db "UPDATE games SET black = 'black', white = 'white', date = '2000-01-01' WHERE format = 'NGF'" > /dev/null
run "… an index that kept them as names" 1 duplicates --indexes --format json ngf.db
json_check "… no players nor date: a fragment of both twins, not one game" "r['groups'] == [] and [sorted(m['path'].split('/')[-1] for m in f['games']) for f in r['fragments']] == [['copy1.ngf', 'copy2.ngf']]"

# A copy with a variation off the same main line is kept (tests/
# duplicates.sh): the index holds its variations, so that a run that reads
# it from the index keeps it too; an index of version 3, which held none,
# is refused by --against and brought up to version 16 by --index, its
# files read again.
mkdir vars
gen 27 > vars/a.sgf
gen 27 | python3 -c "
import sys
s = sys.stdin.read().rstrip().rstrip(')')
at = [i for i, c in enumerate(s) if c == ';'][60]
print(s[:at] + '(' + s[at:] + ')(;B[aa];W[ab]))')" > vars/b.sgf
"$JGFLINT" duplicates --index vars.db vars > /dev/null 2>&1
[ "$(sql vars.db "SELECT group_concat(variations, ' ') FROM (SELECT g.variations FROM games g JOIN files f ON g.file = f.id ORDER BY f.path)")" = "0 1" ] &&
  ok "variations: indexed" || not_ok "variations: indexed"
run "variations: from the index" 1 duplicates --index vars.db --format json vars
json_check "… the copy with the variation kept" "r['index']['unchanged'] == 2 and r['groups'][0]['keep'].endswith('/b.sgf') and r['groups'][0]['why'] == 'it has the most variations'"
python3 -c "
import sqlite3; c = sqlite3.connect('vars.db')
c.execute('ALTER TABLE games DROP COLUMN variations'); c.execute('ALTER TABLE games DROP COLUMN illegal'); [c.execute('ALTER TABLE games DROP COLUMN ' + k) for k in ('tree', 'tree_swapped', 'comment_hash', 'comment_bytes', 'comment_items', 'round', 'markup_hash', 'markup_items', 'black_rank', 'white_rank', 'black_twice')]; c.execute('PRAGMA user_version = 3'); c.commit()"
run "variations: version 3, --against refuses it" 2 duplicates --against vars.db vars/a.sgf
has "… says why" err 'schema version 3, older than this jgflint.s (16): its games lack their variations, illegal moves and comments compared'
run "variations: version 3, --index brings it up to version 16" 1 duplicates --index vars.db --format json vars
json_check "… its files read again, the copy with the variation kept" "r['index']['readAgain'] == 2 and r['groups'][0]['keep'].endswith('/b.sgf')"
[ "$(sql vars.db 'PRAGMA user_version')" = 16 ] && [ "$(sql vars.db 'SELECT sum(variations) FROM games')" = 1 ] &&
  ok "… version 16, its variations" || not_ok "… version 16, its variations"
# An index of version 6 hashed comments without the move they stand
# after, and held no comment text's length: refused by --against, its
# files read again by --index.
python3 -c "
import sqlite3; c = sqlite3.connect('vars.db')
c.execute('ALTER TABLE games DROP COLUMN comment_bytes'); c.execute('ALTER TABLE games DROP COLUMN comment_items'); c.execute('ALTER TABLE games DROP COLUMN round'); c.execute('ALTER TABLE games DROP COLUMN markup_hash'); c.execute('ALTER TABLE games DROP COLUMN markup_items'); [c.execute('ALTER TABLE games DROP COLUMN ' + k) for k in ('black_rank', 'white_rank', 'black_twice')]; c.execute('PRAGMA user_version = 6'); c.commit()"
run "comments: version 6, --against refuses it" 2 duplicates --against vars.db vars/a.sgf
has "… says why" err 'schema version 6, older than this jgflint.s (16): its games lack their comments compared by the move they stand after'
run "comments: version 6, --index brings it up to version 16" 1 duplicates --index vars.db --format json vars
json_check "… its files read again" "r['index']['readAgain'] == 2"
[ "$(sql vars.db 'PRAGMA user_version')" = 16 ] && ok "… version 16" || not_ok "… version 16"
# older V WHAT COLUMN...: the index set back to schema version V, the
# columns it had not dropped: --against refuses it, saying its games lack
# WHAT; --index brings it up to this version, its 2 files read again.
older() {
  v=$1 what=$2
  shift 2
  python3 -c "
import sqlite3, sys; c = sqlite3.connect('vars.db')
[c.execute('ALTER TABLE games DROP COLUMN ' + k) for k in sys.argv[2:]]
c.execute('PRAGMA user_version = ' + sys.argv[1]); c.commit()" "$v" "$@"
  run "version $v, --against refuses it" 2 duplicates --against vars.db vars/a.sgf
  has "… says why" err "schema version $v, older than this jgflint.s (16): its games lack their $what"
  run "version $v, --index brings it up to version 16" 1 duplicates --index vars.db --format json vars
  json_check "… its files read again" "r['index']['readAgain'] == 2"
  [ "$(sql vars.db 'PRAGMA user_version')" = 16 ] && ok "… version 16, from $v" || not_ok "… version 16, from $v"
}
# Version 7 held the comments as one sum, not each text (REVIEW.md R30);
# 8 each text alone, in the machine's byte order (R45); 9 no round, which
# tells records without moves apart (R51's u2/: the round then held); 11
# hashed a variation's and a position's comments without the node each
# stands at (cbb5e8b2, R155: its items compare as other comments beside
# this version's); 12 held no markup (R157: a copy with labels compared as
# one without).
older 7 'comments compared one by one' comment_items round markup_hash markup_items black_rank white_rank black_twice
older 8 'comments compared by the move each stands after' round markup_hash markup_items black_rank white_rank black_twice
printf '(;GM[1]FF[4]SZ[19]EV[Cup final]RO[Game 2]DT[2020-10-05]PB[Gu Li]PW[Lee Sedol]RE[W+R])\n' > vars/round.sgf
older 9 'rounds, which tell records without moves apart' round markup_hash markup_items black_rank white_rank black_twice
[ "$(sql vars.db 'SELECT group_concat(round) FROM games')" = 'Game 2' ] && ok "… the round held" || not_ok "… the round held"
rm vars/round.sgf
older 11 'comments of variations and positions compared at their nodes' markup_hash markup_items black_rank white_rank black_twice
older 12 'markup .marks and labels. compared at its nodes' markup_hash markup_items black_rank white_rank black_twice
# 13 read no arrow, line or dimmed point as a mark and hashed a mark's
# type as spelt (REVIEW.md R175: 838141cc and 5e9a3aa1 changed what is
# hashed, not the columns).
older 13 "arrows, lines and dimmed points .AR, LN, DD. among their marks, and marks' types as the check reads them" black_rank white_rank black_twice
# 14 hashed a variation's setup as written (REVIEW.md R174: an AE on an
# empty point was another solution; R179: an AE's point not turned), read no arrow, line or dimmed point
# of a variation, a dimmed rectangle (DD[aa:cc]) as its two corners (R170's
# rest), and hashed a main line's mark with its point (R169: not turned
# with a middle's alignment): what is hashed changed, not the columns.
older 14 "variations' setup read as the position it makes, an emptied point turned with the board, and their comments and marks placed by it; arrows, lines and dimmed points of their variations, and dimmed rectangles' points, among their marks, and their main line's marks by their points .compared through a middle excerpt's alignment." black_rank white_rank black_twice
# 15 held no rank given apart from a player's name (REVIEW.md R181: BR[1d]
# and BR[9p] agreed) nor whether a game plays two black moves in a row
# before white's first (a copy with a move inserted first or its second
# lost was kept for its comments, issue 72).
older 15 "players' ranks given apart from their names .BR, WR. compared, and whether their records play two black moves in a row before white's first .a move inserted or lost, which the copy kept never has." black_rank white_rank black_twice
# ... brought up, an index of 15 gives the same report as one made new, of
# games with ranks apart and copies that play black twice.
mkdir v15
gen 33 --moves 80 | sed 's/PB\[/BR[1d]WR[3k]PB[/' > v15/a.sgf
gen 33 --moves 80 --delete 2 | sed 's/PB\[/BR[9p]PB[/; s/;B\[/;C[Good move.]B[/' > v15/deleted.sgf
gen 33 --moves 80 --insert 1 | sed 's/;W\[/;C[A joseki.]W[/' > v15/inserted.sgf
run "version 16: a new index of ranks apart and black twice" 1 duplicates --index v15.db --format json v15
cp "$tmp/out" v15-fresh.json
[ "$(sql v15.db "SELECT group_concat(ifnull(black_rank, '-') || ifnull(white_rank, '-') || black_twice, ' ') FROM (SELECT g.* FROM games g JOIN files f ON g.file = f.id ORDER BY f.path)")" = "1d3k0 9p-1 --1" ] &&
  ok "version 16: ranks apart and black twice stored" || not_ok "version 16: ranks apart and black twice stored"
json_check "… the copy that takes turns kept, the ranks compared" "r['groups'][0]['keep'].endswith('v15/a.sgf') and r['groups'][0]['why'].startswith('its players take turns') and \"black's rank\" in r['groups'][0]['differ']"
run "… --against it" 1 duplicates --against v15.db --format json v15/a.sgf
cp "$tmp/out" v15-against.json
python3 -c "
import sqlite3; c = sqlite3.connect('v15.db')
[c.execute('ALTER TABLE games DROP COLUMN ' + k) for k in ('black_rank', 'white_rank', 'black_twice')]
c.execute('PRAGMA user_version = 15'); c.commit()"
run "version 15 of ranks and black twice, --against refuses it" 2 duplicates --against v15.db v15/a.sgf
run "… --index brings it up" 1 duplicates --index v15.db --format json v15
json_check "… its files read again, the same report as a new index's" "r['index']['readAgain'] == 3 and {k: v for k, v in r.items() if k != 'index'} == {k: v for k, v in json.load(open('v15-fresh.json')).items() if k != 'index'}"
run "… --against it" 1 duplicates --against v15.db --format json v15/a.sgf
json_check "… the same report as against a new index" "{k: v for k, v in r.items() if k != 'index'} == {k: v for k, v in json.load(open('v15-against.json')).items() if k != 'index'}"
# Each comment's item as the man page says: high byte first, the moves
# before it in the top 16 bits (a variation's: before it branches), sorted; its hash
# the sum comment_hash is (a row whose items are not is refused).
mkdir items
printf '(;GM[1]FF[4]SZ[19]C[root];B[pd];W[dd](;B[pp]C[third];W[dp]C[fourth])(;B[qq]C[a variation]))\n' > items/a.sgf
"$JGFLINT" duplicates --index items.db items > /dev/null 2>&1
[ "$(sql items.db "SELECT group_concat(substr(hex(comment_items), 16 * n + 1, 4), ' ') FROM games, (SELECT 0 AS n UNION SELECT 1 UNION SELECT 2 UNION SELECT 3 UNION SELECT 4 ORDER BY n)")" = "0000 0002 0003 0004 " ] &&
  ok "comment items: places high byte first, sorted" || not_ok "comment items: places high byte first, sorted"
python3 -c "
import sqlite3; c = sqlite3.connect('items.db')
b = bytearray(c.execute('SELECT comment_items FROM games').fetchone()[0]); b[1] ^= 1
c.execute('UPDATE games SET comment_items = ?', (bytes(b),)); c.commit()"
run "comment items not their hash's" 2 duplicates --indexes items.db
has "… the index refused as damaged" err 'damaged'

# A file replaced by a directory: dropped as gone.
mkdir swap
gen 31 > swap/a.sgf
gen 32 > swap/b.sgf
"$JGFLINT" duplicates --index swap.db swap > /dev/null 2>&1
rm swap/a.sgf
mkdir swap/a.sgf
run "a file replaced by a directory" 0 duplicates --index swap.db --format json swap
json_check "a file replaced by a directory: dropped" "r['index']['removed'] == 1 and r['index']['removedFiles'] == ['swap/a.sgf'] and r['index']['files'] == 1"

# A copy that writes the passes that ended the game, without the
# players, and a cut copy with them, against the game indexed: the copy
# with passes was the group's kept copy under --against (a tie between it
# and the game, each the other's beginning, kept the first read) and the
# cut copy was left out of the group (duplicates_truth.py --aside seed 21).
mkdir -p pass/o pass/c
m40=';B[ci];W[ok];B[gi];W[ho];B[ri];W[cn];B[bb];W[qq];B[oh];W[jg];B[ae];W[kj];B[lb];W[hm];B[dg];W[cl];B[ol];W[as];B[ed];W[im];B[eo];W[lm];B[dh];W[ab];B[hk];W[rl];B[al];W[ch];B[ej];W[ge];B[qs];W[ro];B[ds];W[mp];B[eg];W[hd];B[ni];W[pj];B[fo];W[ac]'
echo "(;GM[1]FF[4]SZ[19]PB[Ann Smith]PW[Takemiya Masaki]DT[2006-05-16]RE[B+T]KM[6.5]$m40;B[lc];W[jo];B[nm];W[pc];B[le];W[sk];B[eq];W[ms])" > pass/o/game.sgf
echo "(;GM[1]FF[4]SZ[19]KM[6.5]$m40;B[lc];W[jo];B[nm];W[pc];B[le];W[sk];B[eq];W[ms];B[];W[])" > pass/c/passes.sgf
echo "(;GM[1]FF[4]SZ[19]PB[Ann Smith]PW[Takemiya Masaki]DT[2006-05-16]KM[6.5]$m40)" > pass/c/cut.sgf
"$JGFLINT" duplicates --index pass.db pass/o > /dev/null 2>&1
run "--against: a copy with passes and a cut copy" 1 duplicates --against pass.db --format json pass/c
json_check "… the game kept, both copies in its group" "len(r['groups']) == 1 and r['groups'][0]['keep'] == 'pass/o/game.sgf' and sorted(m['path'] for m in r['groups'][0]['games']) == ['pass/c/cut.sgf', 'pass/c/passes.sgf', 'pass/o/game.sgf']"
run "… the same read whole" 1 duplicates --format json pass/c pass/o
json_check "… the game kept, both copies in its group" "len(r['groups']) == 1 and r['groups'][0]['keep'] == 'pass/o/game.sgf' and len(r['groups'][0]['games']) == 3"

# Another run holds the index: said, after a wait the message names.
python3 - sound.db > holder.out 2>&1 <<'EOF_PY' &
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN IMMEDIATE")
print("held", flush=True)
time.sleep(15)
EOF_PY
holder=$!
w=0
while ! grep -q held holder.out && [ $w -lt 100 ]; do sleep 0.1; w=$((w + 1)); done
start=$(date +%s)
run "held by another run: trouble" 2 duplicates --index sound.db fault/small
took=$(( $(date +%s) - start ))
has "held by another run: said" err 'sound.db is held by another run (another jgflint duplicates --index updating it, or a program writing to it): waited 3 seconds; try again when it has finished'
[ "$took" -le 6 ] && ok "held by another run: a bounded wait ($took s)" || not_ok "held by another run: a bounded wait ($took s)"
kill "$holder" 2> /dev/null
wait "$holder" 2> /dev/null
# The index's size (issue 72: at most 1 KB a game): why on the kept
# copy's row alone (tested above), the prints table searched by hash
# alone, no index of it by game (prints_game: 436 bytes a game of a
# dense collection, a fifth of its index), a game's fingerprints made
# again from its normal form where they are wanted, as an update takes a
# file's games out and --against looks up from a game found; its MD5s as
# 16 bytes and its normal form a move in 9 bits (version 11), and a new
# index written again compactly once made (VACUUM).
python3 "$TOP_SRCDIR/tests/duplicates_gen.py" dense dense 2000 100 500
run "a dense collection indexed" 1 duplicates --index dense.db --format json dense
bytes=$(( $(stat -c %s dense.db) / 2000 ))
[ "$bytes" -le 1024 ] && ok "a dense collection: $bytes bytes a game, at most 1,024 (version 10's form: 1,318)" ||
  not_ok "a dense collection: $bytes bytes a game, at most 1,024 (version 10's form: 1,318)"
[ "$(sql dense.db "SELECT count(*) FROM sqlite_master WHERE name = 'prints_game'")" = 0 ] &&
  ok "... no index of the prints by game" || not_ok "... no index of the prints by game"
# A file gone and one changed: their games' fingerprints taken out, none
# of a game gone left, those left a fresh index's of the same files; the
# same where a keeper gave the index prints_game (as indexes before
# version 11 may have it).
cp dense.db dense-old.db
sql dense-old.db "CREATE INDEX prints_game ON prints(game)" > /dev/null
[ "$(sql dense-old.db "SELECT count(*) FROM sqlite_master WHERE name = 'prints_game'")" = 1 ] &&
  ok "... an index made before: prints_game" || not_ok "... an index made before: prints_game"
mkdir dense-b
mv dense/g001500.sgf dense-b/
python3 "$TOP_SRCDIR/tests/duplicates_gen.py" dense dense-c 500 50 500
mv dense-c/g000000.sgf dense/g000500.sgf
run "a file gone, one changed: updated" 1 duplicates --index dense.db --format json dense
run "... an index with prints_game: updated" 1 duplicates --index dense-old.db --format json dense
run "... a fresh index of the same files" 1 duplicates --index dense-new.db --format json dense
stray="SELECT count(*) FROM prints WHERE game NOT IN (SELECT id FROM games)"
prints="SELECT count(*) FROM prints"
[ "$(sql dense.db "$stray")" = 0 ] && [ "$(sql dense.db "$prints")" = "$(sql dense-new.db "$prints")" ] &&
  ok "... no fingerprint of a game gone, the others all there" ||
  not_ok "... no fingerprint of a game gone, the others all there: $(sql dense.db "$stray") stray, $(sql dense.db "$prints") of $(sql dense-new.db "$prints")"
[ "$(sql dense-old.db "$stray")" = 0 ] && [ "$(sql dense-old.db "$prints")" = "$(sql dense-new.db "$prints")" ] &&
  ok "... with prints_game: the same" ||
  not_ok "... with prints_game: the same: $(sql dense-old.db "$stray") stray, $(sql dense-old.db "$prints") of $(sql dense-new.db "$prints")"
run "--against the updated index: a file of copies" 1 duplicates --against dense.db --format json dense-b
cp "$tmp/out" against-updated.json
run "--against the fresh index: the same file" 1 duplicates --against dense-new.db --format json dense-b
json_check "... the same groups and fragments" "{k: r[k] for k in ('groups', 'fragments')} == {k: v for k, v in json.load(open('against-updated.json')).items() if k in ('groups', 'fragments')}"
# The bound holds for an index grown by updates too: the same 2,000
# games added a file of 500 at a time (each update's B-trees split
# where its rows go, leaving pages part empty: 1,050 bytes a game where
# a new index of them holds 944), then two of the files gone (their
# pages left free: 2,101 bytes a game of those left). An update that
# changed the index and leaves it over 1 KB a game writes it again
# compactly (VACUUM).
python3 "$TOP_SRCDIR/tests/duplicates_gen.py" dense grow-all 2000 100 500
mkdir grow
for f in grow-all/*.sgf; do
  mv "$f" grow/
  "$JGFLINT" duplicates --index grow.db grow > /dev/null 2>&1
done
bytes=$(( $(stat -c %s grow.db) / 2000 ))
[ "$bytes" -le 1024 ] && ok "grown by 4 updates: $bytes bytes a game, at most 1,024" ||
  not_ok "grown by 4 updates: $bytes bytes a game, at most 1,024"
rm grow/g000500.sgf grow/g001500.sgf
run "two of its files gone: updated" 1 duplicates --index grow.db --format json grow
run "... a fresh index of the files left" 1 duplicates --index grow-new.db --format json grow
grown=$(stat -c %s grow.db) fresh=$(stat -c %s grow-new.db)
[ $((grown * 50)) -le $((fresh * 51)) ] && ok "... the index no larger than a fresh one's ($grown bytes, fresh $fresh)" ||
  not_ok "... the index no larger than a fresh one's ($grown bytes, fresh $fresh)"
tap_done
