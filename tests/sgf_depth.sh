#!/bin/sh
# Variations nested 2,000 deep with three findings at every level (R47's
# file, on one line of 26 KB: 6,000 findings), checked with --format
# concise (issue 74: 10,000 deep at most twice SGFC's instructions): what
# each finding costs to place and order. Callgrind's count of one
# function's instructions (the same on every machine), under a bound that
# the program before failed. TAP output; SKIPs without valgrind or in a
# sanitizer's build.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
. "$TOP_SRCDIR/tests/tap.sh"
tap_scratch

awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"; for (i = 0; i < 2000; i++) printf "(;B[aa]b[bb]"
             for (i = 0; i <= 2000; i++) printf ")"; print "" }' > "$tmp/deep.sgf"
# within FN BOUND WHAT: FN's instructions in the check of deep.sgf under BOUND
within() {
  ir=$( (cd "$tmp" && valgrind --tool=callgrind --toggle-collect="$1" --callgrind-out-file=/dev/null \
    "$JGFLINT" --no-config --format concise deep.sgf 2>&1 > /dev/null) |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  [ -n "$ir" ] && [ "$ir" -lt "$2" ]
  check_status $? "2,000 nested variations: $3 (${ir:-none})"
}
# The findings in order, the reader's and then the converter's, each in
# the order of the text: two runs merged, not qsort's n log n
# comparisons (diag_list_sort 2.38 M; 1.15 M).
if sanitized; then
  skip_all "a sanitizer's build (valgrind)"
elif ! command -v valgrind > /dev/null || ! nm "$JGFLINT" 2> /dev/null | grep -qi ' t diag_list_sort$'; then
  skip_all "no valgrind, or no diag_list_sort in the program"
fi
within diag_list_sort 1600000 "6,000 findings in two runs in order merged, under 1.6 M instructions"
# A finding's column found on from the last one's byte on its line (from
# the line's start or the marks, ~500 instructions each: locator_offset
# 4.22 M; 1.70 M), and its line, the last position's, not looked up again
# (locator_linecol 6.28 M; 3.79 M).
within locator_offset 2500000 "the findings' bytes found from the last one's on the line, under 2.5 M instructions"
within locator_linecol 4800000 "the findings' lines and columns on the last one's line, under 4.8 M instructions"
# A finding's words of printable ASCII kept as they are, not grown into
# escape_invisible's buffer (diag_new 4.34 M; 3.51 M; the notes' words
# taken, not copied: diag_at_given 2.23 M).
within diag_at_given 2600000 "6,000 findings' words kept as they are, under 2.6 M instructions"
# A line the table holds already, and the next, are not read for again
# (lines_past: locator_has_line 0.70 M; 0.17 M; locator_line_bounds 0.81
# M; 0.39 M).
within locator_has_line 400000 "the findings' lines known from the table, under 0.4 M instructions"
within locator_line_bounds 600000 "the findings' lines' bounds read from the table, under 0.6 M instructions"
# A reader's note's words become its finding's, not copied into it and
# freed with the notes (xstrndup 1.30 M, sgf_notes_free 1.16 M; 0.002 M,
# 0.42 M).
within xstrndup 200000 "6,000 findings' words taken from the notes, not copied, under 0.2 M instructions"
within sgf_notes_free 700000 "the notes freed without the words their findings took, under 0.7 M instructions"
# A reader's note's fix becomes its finding's edit, not copied into it
# and freed with the notes (xstrdup 0.88 M, sgf_notes_free 0.42 M; 0.44 M,
# 0.21 M).
within xstrdup 600000 "6,000 findings' fixes taken from the notes, not copied, under 0.6 M instructions"
within sgf_notes_free 300000 "the notes freed without the fixes their findings took, under 0.3 M instructions"
# A finding's words found printable ASCII with three operations a word
# of eight bytes, not seven (diag_message 1.35 M; 1.04 M).
within diag_message 1200000 "6,000 findings' words found printable a word at a time, under 1.2 M instructions"
# A node's one kept property (the second move, b[bb]) held in the parts
# themselves, not a block of its own (node_parts 3.13 M; 2.97 M).
within node_parts 3050000 "the nodes' kept properties held in place, under 3.05 M instructions"
tap_done
