#!/bin/sh
# Issue 52: a run of many records keeps the heap a record's DOM freed for
# the next one (main: malloc's trim threshold) rather than giving it back
# with brk and faulting it in again, record after record (2.5 brk calls a
# record of --to sgf, and as many page faults). 60 of bench's records
# (33 KB of JGF each) cost at most 10 brk calls more than 10 of them.
. "${TOP_SRCDIR:?}/tests/tap.sh"
command -v strace > /dev/null || skip_all "needs strace"
command -v python3 > /dev/null || skip_all "needs python3 (bench/gen-collection.py)"
tap_scratch
python3 "$TOP_SRCDIR/bench/gen-collection.py" "$tmp/all" --count 60 > /dev/null ||
  skip_all "bench/gen-collection.py failed"
mkdir "$tmp/few"
cp $(ls "$tmp"/all/*.jgf | head -10) "$tmp/few/"
# brks DIR: the brk calls of a --to sgf of DIR's records
brks() {
  rm -rf "$tmp/w"
  strace -f -e trace=brk -o "$tmp/trace" "$JGFLINT" --no-config --convert -q --jobs 1 \
    --to sgf --output "$tmp/w" "$1" > "$tmp/out" 2>&1
  grep -c 'brk(' "$tmp/trace"   # (none: strace cannot trace here)
}
few=$(brks "$tmp/few") || skip_all "strace cannot trace here"
all=$(brks "$tmp/all")
check "the records are written" "[ \$(ls '$tmp/w' | wc -l) -eq 60 ]"
check "50 records more cost at most 10 brk calls more ($few for 10, $all for 60)" \
  "[ -n '$all' ] && [ $all -le $((few + 10)) ]"
tap_done
