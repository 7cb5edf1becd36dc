# The one TAP helper of the shell tests, sourced: a count of the checks and
# of the failures, and the words of each line. Finish with `tap_done`.
#   ok NAME              a check that passed
#   not_ok NAME          one that failed; each file of TAP_LOGS (paths,
#                        space-separated, set by the test) that is not
#                        empty follows, its first 40 lines as comments
#   skip WHY             a check that cannot run here (its tool is missing)
#   skip_all WHY         none can: the empty plan, and the test ends
#   check NAME EXPR      ok when the shell expression EXPR is true
#   check_status S NAME  ok when S (a command's $?) is 0
#   holds NAME CMD...    ok when the command CMD succeeds
#                        (each of these three returns 1 when its check
#                        failed: `check ... || show what went wrong`)
#   exits NAME WANT CMD...  runs CMD, its output in $tmp/out and $tmp/err
#                        ($tmp is the test's), ok when it exits WANT (else
#                        their first 20 lines each follow as comments)
#   tap_scratch          $tmp: a directory of the test's own, removed
#                        when the test ends (its EXIT trap)
#   tap_done             the plan; the status is 1 when a check failed
#   each_file DIR [--no-stderr] CMD... -- FILE...
#                        one run of CMD FILE... for many files (a process
#                        each is ASan's start-up each, in CI), its output
#                        split by file: DIR/NAME (NAME: FILE, each / as %)
#                        holds the lines of stdout, then of stderr (none
#                        with --no-stderr), that begin with `FILE:` (a
#                        concise report's, what --convert says), or FILE's
#                        diagnostics (each object whole) of a JSON report;
#                        DIR/.run the other lines (the summary) and
#                        "exit N", the run's status, which it returns
#   sanitized [KIND]     tests/sanitized.sh's: whether $JGFLINT was built
#                        with a sanitizer
#   $HOOKED              the test program, tests/jgflint-hooks (make check
#                        builds it from jgflint's objects and never installs
#                        it): the only one that reads the test suite's
#                        switches (JGFLINT_TEST_BREAK_RECORD, ...;
#                        CONTRIBUTING.md, "Test hooks"); empty when there is
#                        none (run outside make check): a check that needs a
#                        switch skips then
HOOKED=${JGFLINT_HOOKS:-}
if [ -z "$HOOKED" ] && [ -n "${JGFLINT:-}" ]; then
  HOOKED=$(dirname "$JGFLINT")/tests/jgflint-hooks
fi
[ -x "$HOOKED" ] || HOOKED=
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
skip_all() { echo "1..0 # SKIP $1"; exit 0; }
check() { if eval "$2"; then ok "$1"; else not_ok "$1"; return 1; fi; }
check_status() { if [ "$1" = 0 ]; then ok "$2"; else not_ok "$2"; return 1; fi; }
holds() { tap_name=$1; shift; if "$@"; then ok "$tap_name"; else not_ok "$tap_name"; return 1; fi; }
exits() {
  tap_name=$1 tap_want=$2; shift 2
  "$@" > "$tmp/out" 2> "$tmp/err"
  tap_got=$?
  if [ "$tap_got" -eq "$tap_want" ]; then ok "$tap_name"; else
    not_ok "$tap_name: exit $tap_got, want $tap_want"
    sed 's/^/# stdout: /' "$tmp/out" | head -20; sed 's/^/# stderr: /' "$tmp/err" | head -20
  fi
}
tap_scratch() { tmp=$(mktemp -d) || exit 1; trap 'rm -rf "$tmp"' EXIT; }
tap_done() { echo "1..$n"; [ "$failed" -eq 0 ]; }
each_file() {
  tap_dir=$1 tap_err=$1/.stderr; shift
  [ "$1" = --no-stderr ] && { tap_err=/dev/null; shift; }
  mkdir -p "$tap_dir" || return 2
  tap_n=0
  for tap_a in "$@"; do tap_n=$((tap_n + 1)); [ "$tap_a" = -- ] && break; done
  # the command, then the files: "$@" as it was, without its --
  tap_i=0
  for tap_a in "$@"; do
    tap_i=$((tap_i + 1))
    if [ $tap_i -eq 1 ]; then set --; fi
    [ $tap_i -eq "$tap_n" ] || set -- "$@" "$tap_a"
  done
  "$@" > "$tap_dir/.stdout" 2> "$tap_err"
  tap_s=$?
  shift $((tap_n - 1))
  printf '%s\n' "$@" | awk -v dir="$tap_dir" '
    function put(line, file) { print line >> file; close(file) }
    FILENAME == "-" { name = $0; gsub("/", "%", name); files[$0] = dir "/" name
                      printf "" > files[$0]; close(files[$0]); next }
    FNR == 1 { json = $0 == "{" && FILENAME !~ /stderr$/ }
    # a JSON report: each object of "diagnostics" to the file of its "path"
    json && /^    \{$/ { obj = $0; path = ""; inobj = 1; next }
    json && inobj && /^    \},?$/ {
      inobj = 0; gsub(/\\"/, "\"", path); gsub(/\\\\/, "\\", path)
      put(obj "\n    }", path in files ? files[path] : dir "/.run"); next
    }
    json && inobj {
      if ($0 ~ /^      "path": ".*",$/) path = substr($0, 16, length($0) - 17)
      obj = obj "\n" $0; next
    }
    { i = index($0, ":"); f = i > 1 ? substr($0, 1, i - 1) : ""
      put($0, f in files ? files[f] : dir "/.run") }
  ' - "$tap_dir/.stdout" "$tap_err"
  echo "exit $tap_s" >> "$tap_dir/.run"
  rm -f "$tap_dir/.stdout" "$tap_dir/.stderr"
  return $tap_s
}
. "$TOP_SRCDIR/tests/sanitized.sh"
