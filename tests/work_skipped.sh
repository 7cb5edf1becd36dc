#!/bin/sh
# Work no report needs is not done: a rule that --ignore (or --select, or a
# configuration) leaves out does not run, rather than running and its
# findings being dropped (issue 52), while the go rules left running still
# get the replay's events. Instructions under callgrind (the same on every
# machine): a record of 3,000 unknown keys costs far less to check with
# --ignore unknown-key (the key's did-you-mean is unknown-key's work), and
# --to sgf of a clean record checks it once. TAP
# output; the counts SKIP without valgrind.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
. "$TOP_SRCDIR/tests/tap.sh"
tap_scratch

# --- The go rules that run see the replay's events; one left out does not.
go=$TOP_SRCDIR/testdata/formats/go.jgf
rules() { "$JGFLINT" --no-config --format concise "$@" "$go" 2> /dev/null |
  sed -n 's/.*\[\([a-z-]*\)\]$/\1/p' | sort | tr '\n' ' '; }
check "every go rule: ko-retake and occupied-point" '[ "$(rules)" = "ko-retake occupied-point " ]'
check "--ignore occupied-point: ko-retake alone, the replay still runs" \
  '[ "$(rules --ignore occupied-point)" = "ko-retake " ]'
check "--select occupied-point: occupied-point alone" \
  '[ "$(rules --select occupied-point)" = "occupied-point " ]'
printf '{"ignore": ["ko-retake"]}\n' > "$tmp/.jgflint.json"
cp "$go" "$tmp/go.jgf"
got=$(cd "$tmp" && "$JGFLINT" --format concise go.jgf 2> /dev/null |
  sed -n 's/.*\[\([a-z-]*\)\]$/\1/p' | tr '\n' ' ')
check "a configuration's ignore: occupied-point alone" '[ "$got" = "occupied-point " ]'

# --- A rule left out costs nothing.
if ! command -v valgrind > /dev/null 2>&1; then
  skip "valgrind is not installed: the instructions of a rule left out"
  tap_done
  exit
fi
awk 'BEGIN { printf "{\"record\": {\"version\": 2}, \"tree\": [{}]"
  for (i = 0; i < 3000; i++) printf ", \"recrd%d\": %d", i, i
  print "}" }' > "$tmp/keys.jgf"
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$JGFLINT" --no-config \
  --format concise "$@" "$tmp/keys.jgf" 2>&1 > /dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
all=$(ir) ignored=$(ir --ignore unknown-key) selected=$(ir --select record-version)
check "--ignore unknown-key: at most half the instructions ($ignored of $all)" \
  '[ -n "$all" ] && [ -n "$ignored" ] && [ $((ignored * 2)) -le "$all" ]'
check "--select record-version: at most half the instructions ($selected of $all)" \
  '[ -n "$selected" ] && [ $((selected * 2)) -le "$all" ]'

# --- --to sgf of a JGF record with nothing to fix is written from the
# check its report needs (issue 52): not checked a second time to be fixed.
# Above a run that reads nothing, the check of testdata/examples/clean.jgf
# is about 3.0 M instructions; --to sgf cost 3.3 times that (two checks,
# the record loaded again, written), now 2.3 (one check, written).
clean=$TOP_SRCDIR/testdata/examples/clean.jgf
run_ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$JGFLINT" --no-config "$@" \
  2>&1 > /dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
none=$(run_ir --format concise /dev/null) checked=$(run_ir --format concise "$clean")
written=$(run_ir --convert --to sgf --output - "$clean")
check "--to sgf of a clean record: at most 2.8 times its check ($written, $checked, $none at rest)" \
  '[ -n "$none" ] && [ -n "$checked" ] && [ -n "$written" ] &&
   [ $(((written - none) * 10)) -le $(((checked - none) * 28)) ]'
tap_done
