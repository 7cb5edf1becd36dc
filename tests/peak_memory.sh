#!/bin/sh
# Issue 52: what a check of SGF in place holds at its peak. A game of one
# long line is not held whole beside its record's text: the converter
# frees the line's nodes behind it (convert_record_freeing), their blocks
# going back to the system. 100,000 moves in one line: 202 bytes a move
# over a record of one move when the tree, the record's text and its
# position map were all held at once, 136 since, 120 with a node of 112
# bytes where it was 128 (GNU time's peak). Issue 74: nor is it read whole
# first: past its first 2,048 nodes, the line is read as it is converted
# (sgf_stream's pause_from): 108-110 bytes a move, 10-13 since.
. "${TOP_SRCDIR:?}/tests/tap.sh"
[ -x /usr/bin/time ] || skip_all "needs GNU time (/usr/bin/time)"
tap_scratch
moves=100000
echo '(;GM[1]FF[4]SZ[19];B[])' > "$tmp/one.sgf"
awk -v n=$moves 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"; for (i = 0; i < n; i++) printf ";%s[]", i % 2 ? "W" : "B"; print ")" }' > "$tmp/line.sgf"
# peak FILE: the check's peak resident KB
peak() {
  /usr/bin/time -o "$tmp/time" -f %M "$JGFLINT" --no-config --jobs 1 --format concise "$1" > "$tmp/out" 2>&1
  tail -n 1 "$tmp/time"
}
one=$(peak "$tmp/one.sgf")
line=$(peak "$tmp/line.sgf")
check "the line is checked" "grep -q '1 file checked: 0 errors' '$tmp/out'"
per=$(( (line - one) * 1024 / moves ))
if sanitized asan; then
  skip "a move's bytes at the peak: not measured under AddressSanitizer (its own memory)"
else
  check "a move of a long line costs at most 32 bytes at the peak (it costs $per)" "[ $per -le 32 ]"
fi

# --fix of SGF where it is holds the games' digests its guard compares
# (src/convert/sgfsame.c, issue 70): 400 games of 300 moves, a safe fix
# each (DT in words), fixed at most 5 times the check's peak. It was 7.7
# times (32 bytes a node, property and value, in two digests, and a sorted
# copy of the places with qsort's own beside it), 4.0 with 20 bytes each
# in the text's order.
awk 'BEGIN { for (g = 0; g < 400; g++) {
  printf "(;GM[1]FF[4]SZ[19]DT[25 November 2000]RE[W+Resign]PB[Black %d]\n", g
  for (i = 0; i < 300; i++) printf ";%s[%c%c]\n", i % 2 ? "W" : "B", 97 + (i * 7 + g) % 19, 97 + int(i / 19) % 19
  print ")" } }' > "$tmp/games.sgf"
cp "$tmp/games.sgf" "$tmp/fixed.sgf"
checked=$(peak "$tmp/games.sgf")
/usr/bin/time -o "$tmp/time" -f %M "$JGFLINT" --no-config --jobs 1 --fix --format concise "$tmp/fixed.sgf" > "$tmp/out" 2>&1
fixed=$(tail -n 1 "$tmp/time")
check "the games are fixed" "grep -q 'fixed 400 problems in 1 file' '$tmp/out'"
if sanitized asan; then
  skip "--fix's peak: not measured under AddressSanitizer (its own memory)"
else
  check "--fix of 400 games holds at most 5 times the check's peak ($fixed KB over $checked KB)" \
    "[ $fixed -le $((checked * 5)) ]"
fi

# A run of files in turn gives back the free pages its checks leave inside
# the heap every 64 files, not only once the heap has grown 256 KB: a game
# of 1,500 commented moves then 70 small files left 200 KB of free pages
# resident. Read when the run waits on a FIFO, its last file (no timing):
# the heap's resident KB then, over a run of one small file.
heap_at_fifo() {
  rm -f "$tmp/fifo.sgf"
  mkfifo "$tmp/fifo.sgf" || return 1
  "$JGFLINT" --no-config --jobs 1 --format concise "$@" "$tmp/fifo.sgf" > /dev/null 2>&1 &
  pid=$!
  exec 3> "$tmp/fifo.sgf"   # returns once the run opens it: the files before are checked
  awk '/ \[heap\]$/ { on = 1; next } /^[0-9a-f]+-/ { on = 0 } on && /^Rss:/ { kb += $2 } END { print kb + 0 }' \
    "/proc/$pid/smaps"
  echo '(;GM[1])' >&3
  exec 3>&-
  wait $pid
}
if [ -r /proc/self/smaps ] && grep -q '\[heap\]' /proc/self/smaps && mkfifo "$tmp/probe" 2> /dev/null; then
  awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"; for (i = 0; i < 1500; i++) printf ";%s[%c%c]C[c%d]", i % 2 ? "W" : "B", 97 + i % 19, 97 + int(i / 19) % 19, i; print ")" }' > "$tmp/big.sgf"
  set --
  for i in $(seq 70); do echo '(;GM[1]FF[4]SZ[19];B[aa])' > "$tmp/s$i.sgf"; set -- "$@" "$tmp/s$i.sgf"; done
  base=$(heap_at_fifo "$tmp/s1.sgf")
  after=$(heap_at_fifo "$tmp/big.sgf" "$@")
  check "70 files after a large game leave at most 100 KB of its free heap resident ($((after - base)))" \
    "[ $((after - base)) -le 100 ]"
else
  skip "no /proc/PID/smaps with a heap, or no FIFO"
fi

# What a run holds for each file it is given: its name (the command
# line's), and the walk that found it and its configuration kept as runs
# of files that share them (issue 74), where each was an array of 8 bytes
# a file (25 bytes a file then, 16 since, with the list of names grown by
# doubling). Read when the run waits on its first file, a FIFO, before
# any check: the anonymous memory but the stack (which holds the names).
anon_at_first() {
  rm -f "$tmp/first.sgf"
  mkfifo "$tmp/first.sgf" || return 1
  (cd "$tmp/names" && exec "$JGFLINT" --no-config --jobs 1 --format concise ../first.sgf "$@" > /dev/null 2>&1) &
  pid=$!
  exec 3> "$tmp/first.sgf"
  awk '/^[0-9a-f]+-/ { on = ($6 == "" || $6 == "[heap]") } on && /^Rss:/ { kb += $2 } END { print kb + 0 }' \
    "/proc/$pid/smaps"
  echo '(;GM[1])' >&3
  exec 3>&-
  wait $pid
}
if sanitized; then
  skip "a file's bytes: not measured under a sanitizer (its own memory)"
elif [ -r /proc/self/smaps ] && mkfifo "$tmp/probe2" 2> /dev/null; then
  mkdir "$tmp/names"
  one=$(anon_at_first n1.sgf)
  many=$(anon_at_first $(seq -f 'n%g.sgf' 20000))
  per=$(( (many - one) * 1024 / 20000 ))
  check "20,000 files named hold at most 20 bytes each beside their names ($per)" "[ $per -le 20 ]"
else
  skip "no /proc/PID/smaps, or no FIFO"
fi
tap_done
