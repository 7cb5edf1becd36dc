#!/bin/sh
# The position at every node of every record of testdata/ (the go rules'
# fixtures among them: ko, superko, suicide, captures, handicap and setup,
# cut-offs) and of the shared samples, as the library gives it
# (jgf_position_read, jgf_result_position and jgf_positions_at, through
# tests/unit/api_tool), against tests/position_check.py's replay, which
# shares no code with the library's; and the points of each finding about
# a position in `jgflint --format json` against the position at its node.
# TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
tool=$(dirname "$JGFLINT")/tests/unit/api_tool
if ! [ -x "$tool" ]; then echo "1..0 # SKIP no $tool"; exit 0; fi
command -v python3 > /dev/null 2>&1 || { echo "1..0 # SKIP python3 not found"; exit 0; }
cd "$TOP_SRCDIR" || exit 1
# Under a sanitizer every third file: the plain build checks them all.
step=1
. "$TOP_SRCDIR/tests/sanitized.sh"
sanitized && step=3
# testdata/ holds 2,396 positions, with the shared samples 3,347; a tarball
# unpacked elsewhere (make distcheck) has no ../shared beside it. Every
# third file holds 1,068 and 870 (the samples shift which files are taken).
least=2000
[ -d "$TOP_SRCDIR/../shared/samples" ] && least=3000
[ $step -eq 3 ] && least=$((least / 4))
find testdata "$TOP_SRCDIR/../shared/samples" -name '*.jgf' -print 2> /dev/null | LC_ALL=C sort |
  awk -v s=$step 'NR % s == 0' | tr '\n' '\0' |
  xargs -0 python3 "$TOP_SRCDIR/tests/position_check.py" --min $least --jgflint "$JGFLINT" "$tool"
