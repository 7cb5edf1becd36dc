#!/bin/sh
# One count of lines and columns (issue 74, tests/linecol.py): every SGF
# and JGF file of testdata/ (and ../shared/samples/sgf when it is there)
# with LF line ends gets its findings and fixes at the same places with
# CR LF and with lone CR line ends, and each fix's edit is at the line and
# column of its bytes as the test counts them itself.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
command -v python3 > /dev/null 2>&1 || { echo "1..0 # SKIP python3 is not installed"; exit 0; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
set --
[ -d "$TOP_SRCDIR/../shared/samples/sgf" ] && set -- --shared "$TOP_SRCDIR/../shared/samples/sgf"
python3 "$TOP_SRCDIR/tests/linecol.py" "$JGFLINT" "$TOP_SRCDIR" "$tmp" "$@"
