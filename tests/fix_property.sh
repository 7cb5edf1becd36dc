#!/bin/sh
# The property that a fix never makes a record worse (tests/fix_property.py):
# records generated around every fixable finding of testdata/ and the
# shared samples, with the keys beside it in other types, fixed with --fix
# and with --fix --unsafe-fixes. Under a sanitizer every fifth generated
# record (the plain build checks them all).
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
if ! command -v python3 > /dev/null 2>&1; then
  echo "1..0 # SKIP python3 is not installed"
  exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
step=1
. "$TOP_SRCDIR/tests/sanitized.sh"
sanitized && step=5
exec python3 "$TOP_SRCDIR/tests/fix_property.py" "$JGFLINT" "$tmp" --step "$step" \
  "$TOP_SRCDIR/testdata" "$TOP_SRCDIR/../shared/samples"
