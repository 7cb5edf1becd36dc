#!/bin/sh
# One defect, one finding (tests/syntax_property.py): records of testdata/
# and the shared samples with one `"`, `,`, `:`, `{`, `}`, `[` or `]`
# removed or added give exactly one json-syntax finding, whose hint names
# what is missing, where a reader would point.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
if ! command -v python3 > /dev/null 2>&1; then
  echo "1..0 # SKIP python3 is not installed"
  exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
exec python3 "$TOP_SRCDIR/tests/syntax_property.py" "$JGFLINT" "$tmp" \
  "$TOP_SRCDIR/testdata" "$TOP_SRCDIR/../shared/samples"
