# Sourced by the tests that read a JSON report (tests/duplicates*.sh), after
# tests/tap.sh: the report is in $tmp/out, r in the Python expressions.
#   json_get PYEXPR          prints PYEXPR of the report
#   json_check NAME PYEXPR   ok when PYEXPR is true of the report (else
#                            the expression and Python's complaint)
json_get() { python3 -c "import json,sys; r=json.load(open('$tmp/out')); print($1)"; }
json_check() {
  if [ "$(json_get "bool($2)" 2> "$tmp/py")" = True ]; then ok "$1"
  else not_ok "$1: not ($2)"; sed 's/^/# /' "$tmp/py"; fi
}
