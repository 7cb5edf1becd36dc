#!/bin/sh
# jgflint duplicates: what a group claims is true (issues 47 and 49). A near
# copy's move inserted after the kept copy's last is reported without
# reading past either key (valgrind, when installed, watches the reads).
. "${TOP_SRCDIR:?}/tests/cli_tap.sh"
if ! command -v python3 > /dev/null; then echo "1..0 # SKIP python3 missing"; exit 0; fi
json_get() { python3 -c "import json,sys; r=json.load(open('$tmp/out')); print($1)"; }
check() {
  if [ "$(json_get "bool($2)" 2> "$tmp/py")" = True ]; then ok "$1"
  else not_ok "$1: not ($2)"; sed 's/^/# /' "$tmp/py"; fi
}
gen() { python3 "$TOP_SRCDIR/tests/duplicates_gen.py" game "$@"; }
d=$src/duplicates

# Issue 47: a heap-buffer-overflow read in the alignment's steps (a move
# inserted after the kept copy's last move, the kept copy read one past
# its end).
run "inserted after the last move" 1 duplicates --max-differ 4 --format json \
  "$d/inserted-after-last-1.sgf" "$d/inserted-after-last-2.sgf"
check "inserted after the last move: the pass inserted, listed" "[(x['edit'], x['move']) for x in r['groups'][0]['games'][1]['differences']][-1] == ('inserted', 28)"
if command -v valgrind > /dev/null; then
  valgrind -q --error-exitcode=99 "$JGFLINT" duplicates --max-differ 4 "$d/inserted-after-last-1.sgf" \
    "$d/inserted-after-last-2.sgf" > /dev/null 2> vg.err
  [ $? = 1 ] && ok "inserted after the last move: no read past a key (valgrind)" ||
    { not_ok "inserted after the last move: no read past a key (valgrind)"; sed 's/^/# /' vg.err | head -20; }
else
  skip "inserted after the last move: no read past a key: valgrind missing"
fi
tap_done
