#!/bin/sh
# `jgflint server` (issue 21) through its protocol: tests/lsp.py drives it
# over pipes as an LSP client and prints TAP. Environment: JGFLINT (the
# binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
if ! command -v python3 > /dev/null 2>&1; then
  echo "1..0 # SKIP python3 is not installed"
  exit 0
fi
exec python3 "$TOP_SRCDIR/tests/lsp.py"
