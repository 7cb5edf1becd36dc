#!/bin/sh
# --convert at the scale of an archive: the closing summary; -q (only
# problems); --output DIR made when its parent exists; new records made
# durable with one sync at the end (strace counts the calls) while a
# replaced record keeps its atomic, fsynced write; symbolic links at output
# names never written through; a full disk (a small tmpfs, when root);
# SGF-in-JSON taken by content with --extensions; the peak memory of one
# long game, of a collection and of a deep tree of variations. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"
conv=$src/convert
mkdir in
copy "$conv/collection.sgf" in/collection.sgf     # 3 games
copy "$conv/occupied.sgf" in/occupied.sgf         # a source game with an error
copy "$conv/no-ca-utf8.sgf" in/plain.sgf
copy "$conv/even.ngf" in/even.ngf
copy "$conv/utf8.gib" in/utf8.gib

# The summary.
run "a directory converts (exit 1: a source game has errors)" 1 --convert in --output records
has "--output DIR is made when its parent exists, and it says so" out "^jgflint: created the --output directory records$"
if grep -qx "5 files read, 7 games: 7 records written, 1 from a source game with errors" out; then
  ok "the closing summary counts files, games, records and source errors"
else not_ok "the closing summary counts files, games, records and source errors"; fi
[ -f records/collection-3.jgf ] && [ -f records/even.jgf ] && [ -f records/utf8.jgf ] &&
  ok "… and the records are there, GIB and NGF among them" || not_ok "… and the records are there, GIB and NGF among them"

# -q: only problems.
run "-q on inputs without problems: exit 0" 0 --convert -q in/plain.sgf in/even.ngf --output quiet
lines "… prints nothing at all" out 0
lines "… nor on standard error" err 0
run "-q with a source game with errors: exit 1" 1 --convert -q in/occupied.sgf in/plain.sgf --output quiet2
has "… prints its finding" out "occupied.sgf:3:2: error: move 2 (white at E5 (ee)) is on an occupied point"
hasnt "… no notes" out ": note: "
hasnt "… no wrote lines" out ": wrote "
has "… and the summary, since something failed" out "^2 files read, 2 games: 2 records written, 1 from a source game with errors$"
lines "… and nothing else" out 2
# What is not written is said by a warning or an error, never only a note:
# -q names it (issue 31).
printf '(;GM[2]FF[4]SZ[8];B[aa])' > chess.sgf
run "-q with a game that is not Go: exit 1" 1 --convert -q chess.sgf --output quiet3
has "… says which game and why, as an error" out "^chess.sgf:1:3: error: GM\[2\] is not Go (GM\[1\]): this game is not read \\[sgf-not-go\\]$"
lines "… and the summary" out 2
: > empty.sgf
printf ' \n\n' > blank.sgf
run "--convert of an empty .sgf: exit 2" 2 --convert empty.sgf blank.sgf --output quiet4
has "… says it is empty" out "^empty.sgf:1:1: error: this file is named .sgf but holds no game tree \`(;\`: it is empty; nothing in it is read \[sgf-no-game-tree\]$"
has "… or holds only white space" out "^blank.sgf:1:1: error: this file is named .sgf but holds no game tree \`(;\`: it holds only white space; nothing in it is read \[sgf-no-game-tree\]$"
run "-q with a record that exists: exit 2" 2 --convert -q in/plain.sgf --output quiet
has "… the problem is printed" out "plain.jgf exists: not overwritten (give --force to replace it)"
has "… with the summary" out "^1 file read, 1 game: 0 records written, 1 not written; 1 file failed$"

# --output: a parent that does not exist, a file in the way.
run "--output whose parent does not exist: exit 2" 2 --convert in/plain.sgf --output no/such/dir
has "… and says why" err "^jgflint: --output no/such/dir: its parent directory does not exist"
[ ! -e no ] && ok "… and makes nothing" || not_ok "… and makes nothing"
: > afile
run "--output that is a file: exit 2" 2 --convert in/plain.sgf --output afile

# Durability: one sync at the end for new files; fsync for a replacement.
if command -v strace > /dev/null 2>&1; then
  rm -rf dur && mkdir dur
  strace -f -qq -e trace=fsync,fdatasync,syncfs,sync -o trace "$JGFLINT" --convert in --output dur > /dev/null 2>&1
  fsyncs=$(grep -c 'fsync(\|fdatasync(' trace) syncs=$(grep -c 'syncfs(' trace)
  if [ "$fsyncs" -eq 0 ] && [ "$syncs" -eq 1 ]; then ok "7 new records: no fsync, one syncfs at the end"
  else not_ok "7 new records: no fsync, one syncfs at the end: $fsyncs fsyncs, $syncs syncfs"; sed 's/^/# /' trace; fi
  ino=$(stat -c %i dur/plain.jgf)
  strace -f -qq -e trace=fsync,fdatasync,syncfs,sync,rename,renameat,renameat2 -o trace \
    "$JGFLINT" --convert --force in/plain.sgf --output dur > /dev/null 2>&1
  fsyncs=$(grep -c 'fsync(' trace) syncs=$(grep -c 'syncfs(' trace) renames=$(grep -c 'rename' trace)
  if [ "$fsyncs" -eq 2 ] && [ "$syncs" -eq 0 ] && [ "$renames" -ge 1 ]; then
    ok "a replaced record: written atomically (a rename), its file and directory fsynced, no syncfs"
  else not_ok "a replaced record: $fsyncs fsyncs, $syncs syncfs, $renames renames"; sed 's/^/# /' trace; fi
  [ "$(stat -c %i dur/plain.jgf)" != "$ino" ] && ok "… a new inode took the name" ||
    not_ok "… a new inode took the name"
  # The calls a record costs (issue 52): --to sgf of one record and of
  # four, the difference a third. Each record's name was stat'ed six
  # times, its input six and its directory twice (19 calls); the memory
  # budget (sysinfo, getrlimit) was read twice a record.
  mkdir -p calls/one calls/four
  for i in 1 2 3 4; do copy "$src/examples/clean.jgf" calls/four/r$i.jgf; done
  copy "$src/examples/clean.jgf" calls/one/r1.jgf
  for d in one four; do
    strace -f -qq -e trace=newfstatat,statx,stat,lstat,fstat,sysinfo,prlimit64,getrlimit \
      -o calls/trace-$d "$JGFLINT" --convert -q --to sgf --output calls/out-$d calls/$d > /dev/null 2>&1
    eval "stats_$d=\$(grep -c stat calls/trace-$d) limits_$d=\$(grep -c 'sysinfo\|rlimit' calls/trace-$d)"
  done
  per=$(( (stats_four - stats_one) / 3 ))
  if [ -f calls/out-four/r4.sgf ] && [ "$per" -le 10 ] && [ "$limits_four" -eq "$limits_one" ]; then
    ok "--to sgf: at most 10 stat calls a record ($per), the memory budget read once a run"
  else not_ok "--to sgf: $per stat calls a record, $limits_one and $limits_four budget calls"
    sed 's/^/# /' calls/trace-four; fi
else
  echo "ok $((n + 1)) # SKIP strace is not installed"; n=$((n + 1))
  echo "ok $((n + 1)) # SKIP strace is not installed"; n=$((n + 1))
fi

# Symbolic links at output names are never written through.
mkdir links && echo 'precious' > target.txt
ln -s ../target.txt links/plain.jgf
ln -s ../nowhere.txt links/even.jgf
for force in "" --force; do
  run "a symbolic link at the output name ${force:-(no --force)}: exit 2" 2 --convert $force in/plain.sgf in/even.ngf --output links
  has "… it says so" out "links/plain.jgf is, or is below, a symbolic link: not written through it"
  has "… a dangling one too" out "links/even.jgf is, or is below, a symbolic link: not written through it"
  [ "$(cat target.txt)" = precious ] && [ ! -e nowhere.txt ] && [ -L links/plain.jgf ] && [ -L links/even.jgf ] &&
    ok "… the target is untouched and the links stay" || not_ok "… the target is untouched and the links stay"
done
mkdir -p walk/sub elsewhere
copy "$conv/no-ca-utf8.sgf" walk/sub/g.sgf
mkdir walkout && ln -s ../elsewhere walkout/sub
run "a symbolic link to a directory below --output: exit 2" 2 --convert walk --output walkout
has "… refused" out "walkout/sub/g.jgf is, or is below, a symbolic link: not written through it"
[ -z "$(ls -A elsewhere)" ] && ok "… nothing was written where it points" || not_ok "… nothing was written where it points"

# A file already there: never replaced without --force, atomically with it.
echo 'keep' > records/plain.jgf
run "an existing record without --force: exit 2" 2 --convert in/plain.sgf --output records
[ "$(cat records/plain.jgf)" = keep ] && ok "… untouched" || not_ok "… untouched"
mkdir records/dir.jgf 2> /dev/null; copy in/plain.sgf in/dir.sgf
run "a directory at the output name, even with --force: exit 2" 2 --convert --force in/dir.sgf --output records
has "… not replaced" out "records/dir.jgf exists and is not a regular file: not replaced"

# A full disk: a small tmpfs (root only).
if [ "$(id -u)" -eq 0 ] && mkdir full && mount -t tmpfs -o size=48k tmpfs full 2> /dev/null; then
  for i in 1 2 3 4 5 6 7 8; do copy "$conv/complex.sgf" "in/big$i.sgf"; done
  run "a full disk: exit 2" 2 --convert in --output full
  has "… it says the disk is full" out "No space left on device: the disk is full"
  has "… and the summary counts what was not written" out "records written.*not written; .* failed"
  bad=0
  for f in $(find full -name '*.jgf'); do
    python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$f" 2> /dev/null || bad=$((bad + 1))
  done
  [ "$bad" -eq 0 ] && ok "… no partial record is left: every record there is whole" ||
    not_ok "… $bad partial records left"
  umount full
else
  echo "ok $((n + 1)) # SKIP a full disk needs root to mount a tmpfs"; n=$((n + 1))
fi

# A signal while a new record is written removes it (the test-only hook
# JGFLINT_TEST_PAUSE_BEFORE_RENAME stops the write once the contents are
# in, under a temporary name); the records written before it stay.
mkdir sig
m=$tmp/marker
if [ -z "$HOOKED" ]; then
  skip "SIGTERM while a new record is written: needs the test program (tests/jgflint-hooks)"
else
JGFLINT_TEST_PAUSE_BEFORE_RENAME=$m env --default-signal=INT "$HOOKED" --convert in/plain.sgf --output sig > /dev/null 2>&1 &
pid=$!
i=0
while [ ! -e "$m" ] && [ $i -lt 300 ]; do sleep 0.01; i=$((i + 1)); done
[ -n "$(ls -A sig)" ] && [ ! -e sig/plain.jgf ] && seen=yes || seen=no
kill -TERM $pid
wait $pid; status=$?
rm -f "$m"
[ "$seen" = yes ] && [ $status = 143 ] && [ -z "$(ls -A sig)" ] &&
  ok "SIGTERM while a new record is written: it is removed, exit 143" ||
  not_ok "SIGTERM while a new record is written: it is removed, exit 143 (seen $seen, exit $status)"
fi

# SGF-in-JSON in files named otherwise, by content, with --extensions.
mkdir json
copy "$conv/sgfgrove-utf8bom.json" json/grove.json
copy "$src/examples/clean.jgf" json/record.json
copy "$conv/no-ca-utf8.sgf" json/plain.sgf
run "--convert DIR --extensions .json: exit 0" 0 --convert json --extensions .json
[ -f json/grove.jgf ] && [ -f json/plain.jgf ] && [ ! -e json/record.jgf ] &&
  ok "… the SGF-in-JSON file is converted, the JGF record is not" ||
  not_ok "… the SGF-in-JSON file is converted, the JGF record is not"
has "… and the summary says it was skipped" out "^2 files read, 2 games: 2 records written; 1 file skipped (not a format --convert reads)$"
run "without --extensions, .json files are not walked" 0 --convert json --force
has "… (only .sgf was)" out "^1 file read, 1 game: 1 record written$"

# --max-memory (issue 36): the budget counts what converting a game costs
# now (about 300 bytes a move, its record checked as it streams), not
# 1,100 a node and the record as a DOM, which refused this game under 400 MB
# though it peaks near 100 MB; a game beyond the budget is still refused.
awk -v n=400000 -v format=sgf -f "$TOP_SRCDIR/bench/long-game.awk" > budget.sgf
run "a game of 400,000 moves fits --max-memory 400M: converted (exit 1: occupied points)" 1 \
  --convert -q --max-memory 400M --output budget budget.sgf
[ -s budget/budget.jgf ] && ok "… its record is written" || not_ok "… its record is written"
hasnt "… and not refused" out "memory budget"
run "the same game under --max-memory 64M: refused (exit 2)" 2 \
  --convert -q --max-memory 64M --output budget64 budget.sgf
has "… and the budget says why" out "budget64/budget.jgf: error: not written: converting and checking this game would take more than the 64 MB memory budget (--max-memory): it has more than 223696 nodes, and each takes about 300 bytes$"
rm -rf budget.sgf budget budget64

# Memory (issue 27's goals): one long game converted peaks at most at 300
# bytes a move (a game is held whole while it is converted: its nodes, the
# record and the map of positions; 419 and 426 before its nodes held a move
# in one allocation), and the stand-in for Kogo's dictionary, a deep tree of
# variations, at most at 24 times its size. Not under a sanitizer, whose
# shadow memory is counted too.
if ! [ -x /usr/bin/time ]; then
  skip "memory: needs GNU time (/usr/bin/time)"
elif sanitized; then
  skip "memory: not measured under a sanitizer"
else
  for format in sgf ngf; do
    awk -v n=1000000 -v format=$format -f "$TOP_SRCDIR/bench/long-game.awk" > long.$format
    /usr/bin/time -o t -f %M "$JGFLINT" --convert -q --output mem long.$format > out 2> err
    status=$? kb=$(tail -n 1 t)
    if [ $status = 1 ] && [ -s mem/long.jgf ] && [ $((kb * 1024 / 1000000)) -le 300 ]; then
      ok "one $format game of 1,000,000 moves peaks at $((kb * 1024 / 1000000)) bytes a move (at most 300)"
    else
      not_ok "one $format game of 1,000,000 moves peaks at $((kb * 1024 / 1000000)) bytes a move (at most 300; exit $status)"
    fi
    rm -f long.$format mem/long.jgf
  done
  # A collection is held once while its games are converted (issue 36):
  # UTF-8 bytes are the text as they are, not copied into a decoded text
  # beside them (2.2 times the source before). Its peak, over that of
  # converting its first game alone, at most 1.25 times its size.
  awk -v n=40 'BEGIN {
    c = "abcdefghijklmnopqrs"
    for (g = 0; g < n; g++) {
      printf "(;FF[4]GM[1]SZ[19]CA[UTF-8]PB[Black %d]PW[White %d]RE[B+R]", g, g
      for (i = 0; i < 200; i++) {
        printf ";%s[%s%s]C[", i % 2 ? "W" : "B", substr(c, i % 19 + 1, 1), substr(c, int(i / 19) + 1, 1)
        for (k = 0; k < 40; k++) printf "comment %d on move %d of game %d; ", k, i, g
        printf "]"
      }
      print ")" } }' > coll.sgf
  head -n 1 coll.sgf > first.sgf
  /usr/bin/time -o t -f %M "$JGFLINT" --convert -q --output one first.sgf > out 2> err
  one=$(tail -n 1 t)
  /usr/bin/time -o t -f %M "$JGFLINT" --convert -q --output coll coll.sgf > out 2> err
  status=$? kb=$(tail -n 1 t) size=$(wc -c < coll.sgf)
  times=$(awk -v k="$kb" -v o="$one" -v s="$size" 'BEGIN { printf "%.2f", (k - o) * 1024 / s }')
  if [ $status = 0 ] && [ -s coll/coll-40.jgf ] && [ $(((kb - one) * 1024 * 4)) -le $((5 * size)) ]; then
    ok "a 10.9 MB collection peaks at $times times its size over its first game's peak (at most 1.25)"
  else
    not_ok "a 10.9 MB collection peaks at $times times its size over its first game's peak (at most 1.25; exit $status)"
  fi
  rm -rf coll.sgf first.sgf coll one
  awk -v nodes=35000 -f "$TOP_SRCDIR/bench/kogo-standin.awk" > kogo.sgf
  /usr/bin/time -o t -f %M "$JGFLINT" --convert -q --output mem kogo.sgf > out 2> err
  status=$? kb=$(tail -n 1 t) size=$(wc -c < kogo.sgf)
  times=$(awk -v k="$kb" -v s="$size" 'BEGIN { printf "%.1f", k * 1024 / s }')
  if [ $status -le 1 ] && [ -s mem/kogo.jgf ] && [ $((kb * 1024)) -le $((24 * size)) ]; then
    ok "the stand-in for Kogo's dictionary peaks at $times times its size (at most 24)"
  else
    not_ok "the stand-in for Kogo's dictionary peaks at $times times its size (at most 24; exit $status)"
  fi
fi
tap_done
