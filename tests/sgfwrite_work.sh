#!/bin/sh
# Issue 52: --to sgf of JGF records costs little more than their check.
# Instructions under callgrind (the same on every machine) over 20 of
# bench/gen-collection.py's records (33 KB of JGF, 270 moves each, with
# comments, markup and variations), above a run that reads nothing: the
# writer (the check its report needs, then the SGF written) cost 1.26
# times the records' check, where a node of a move alone went through
# every row of the table, each looking at a member it does not have, and
# a node's labels zeroed a board's worth of slots; 1.19 since, then 1.2188
# here and 1.2202 on the outside CI (stop 89: a ratio at its limit fails
# on a machine whose libc picks other string functions), 1.183 since the
# writer's table rows are found once a process, a move's bytes added
# without buf_add's call, and the walk's pointer made only when a note or
# a kept node asks for it: at most 1.21 now. SKIPs without valgrind or
# python3.
. "${TOP_SRCDIR:?}/tests/tap.sh"
command -v valgrind > /dev/null || skip_all "needs valgrind"
command -v python3 > /dev/null || skip_all "needs python3 (bench/gen-collection.py)"
tap_scratch
python3 "$TOP_SRCDIR/bench/gen-collection.py" "$tmp/recs" --count 20 > /dev/null ||
  skip_all "bench/gen-collection.py failed"
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$JGFLINT" --no-config "$@" \
  2>&1 > /dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
none=$(ir -q /dev/null)
checked=$(ir -q --jobs 1 "$tmp/recs")
written=$(ir --convert -q --jobs 1 --to sgf --output "$tmp/w" "$tmp/recs")
check "the records are written" "[ \$(ls '$tmp/w' | wc -l) -eq 20 ]"
check "--to sgf: at most 1.21 times the check ($written, $checked, $none at rest)" \
  '[ -n "$none" ] && [ -n "$checked" ] && [ -n "$written" ] &&
   [ $(((written - none) * 100)) -le $(((checked - none) * 121)) ]'
tap_done
