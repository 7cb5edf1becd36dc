#!/bin/sh
# SGFC's numbered messages against jgflint: every example of docs/sgfc.md
# gives the findings (line:col, rule id) and exit status its row names
# (tests/sgfc_table.py).
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
command -v python3 > /dev/null 2>&1 || { echo "1..0 # SKIP python3 not found"; exit 0; }
exec python3 "$TOP_SRCDIR/tests/sgfc_table.py" "$JGFLINT" "$TOP_SRCDIR/docs/sgfc.md"
