# The one TAP helper of the shell tests, sourced: a count of the checks and
# of the failures, and the words of each line. Finish with `tap_done`.
#   ok NAME              a check that passed
#   not_ok NAME          one that failed; each file of TAP_LOGS (paths,
#                        space-separated, set by the test) that is not
#                        empty follows, its first 40 lines as comments
#   skip WHY             a check that cannot run here (its tool is missing)
#   check NAME EXPR      ok when the shell expression EXPR is true
#   tap_done             the plan; the status is 1 when a check failed
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() {
  n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"
  for tap_log in ${TAP_LOGS:-}; do
    [ -s "$tap_log" ] && head -40 "$tap_log" | sed 's/^/# /'
  done
  return 0
}
skip() { n=$((n + 1)); echo "ok $n # SKIP $1"; }
check() { if eval "$2"; then ok "$1"; else not_ok "$1"; fi; }
tap_done() { echo "1..$n"; [ "$failed" -eq 0 ]; }
