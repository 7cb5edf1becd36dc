#!/bin/sh
# What the reporters show: fixable marks that agree with what --fix does,
# the fixes json and SARIF carry (applied as a consumer would), the GitLab
# Code Quality report, record text escaped in every format, carets in
# display columns, point names, and the messages about encodings. TAP.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
src=$TOP_SRCDIR/testdata
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
n=0 failed=0
unset GITHUB_ACTIONS NO_COLOR FORCE_COLOR
py=/usr/bin/python3
[ -x $py ] || py=python3

ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() {
  n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"
  sed 's/^/# stdout: /' "$tmp/out" | head -20; sed 's/^/# stderr: /' "$tmp/err" | head -10
}
# run NAME STATUS ARGS...: jgflint --no-config ARGS, exit status.
run() {
  name=$1 want=$2; shift 2
  "$JGFLINT" --no-config "$@" > "$tmp/out" 2> "$tmp/err"
  got=$?
  if [ "$got" -eq "$want" ]; then ok "$name"; else not_ok "$name: exit $got, want $want"; fi
}
has() { if grep -q -- "$3" "$tmp/$2"; then ok "$1"; else not_ok "$1: no /$3/ in $2"; fi; }
hasnt() { if grep -q -- "$3" "$tmp/$2"; then not_ok "$1: /$3/ in $2"; else ok "$1"; fi; }
# tap OUTPUT: counts the ok / not ok lines of a Python checker's output.
tap() {
  while IFS= read -r line; do
    case $line in
      "ok "*) ok "${line#ok * - }" ;;
      "not ok "*) n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - ${line#not ok * - }" ;;
      "#"*) echo "$line" ;;
    esac
  done
}

if ! $py -c 'import jsonschema' 2> /dev/null; then
  echo "1..0 # SKIP needs python3 and python3-jsonschema"
  exit 0
fi

# --- json and SARIF carry the fix itself: applied to the file, as a
# consumer would, it gives what --fix writes (non-ASCII text, CRLF and lone
# CR line ends, a byte order mark, astral characters, a minified record).
$py "$TOP_SRCDIR/tests/output_fixes.py" "$JGFLINT" "$TOP_SRCDIR/tests/schemas/sarif-2.1.0-rtm.5.json" \
  "$src"/output/*.jgf "$src/fix/bom-crlf.in.jgf" "$src/fix/values.in.jgf" "$src/examples/findings.jgf" > py.out 2>&1
tap < py.out

echo "1..$n"
[ "$failed" -eq 0 ]
