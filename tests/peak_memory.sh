#!/bin/sh
# Issue 52: what a check of SGF in place holds at its peak. A game of one
# long line is not held whole beside its record's text: the converter
# frees the line's nodes behind it (convert_record_freeing), their blocks
# going back to the system. 100,000 moves in one line: 202 bytes a move
# over a record of one move when the tree, the record's text and its
# position map were all held at once, 136 since, 120 with a node of 112
# bytes where it was 128 (GNU time's peak).
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
check "a move of a long line costs at most 128 bytes at the peak (it costs $per)" "[ $per -le 128 ]"
tap_done
