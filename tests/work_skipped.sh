#!/bin/sh
# Work no report needs is not done: a rule that --ignore (or --select, or a
# configuration) leaves out does not run, rather than running and its
# findings being dropped (issue 52), while the go rules left running still
# get the replay's events. Instructions under callgrind (the same on every
# machine): a record of 3,000 unknown keys costs far less to check with
# --ignore unknown-key (the key's did-you-mean is unknown-key's work), and
# --to sgf of a clean record checks it once; SGF's findings get no place
# in its tree where no report or baseline reads it. TAP
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
# --- SGF checked file after file uses the run's pool of JSON values (issue
# 74): each file made a pool of its own (32 KB cleared) and freed it with
# its values, which the next file made again. 100 files of one game of 30
# moves cost 1.92 times the same games in one file; now 1.21.
awk -v dir="$tmp" 'BEGIN { c = "abcdefghijklmnopqrs"
  for (g = 0; g < 100; g++) {
    f = sprintf("%s/g%03d.sgf", dir, g)
    printf "(;FF[4]GM[1]SZ[19]CA[UTF-8]PB[Black %d]PW[White %d]", g, g > f
    for (i = 0; i < 30; i++)
      printf ";%s[%s%s]", i % 2 ? "W" : "B", substr(c, (i + g) % 19 + 1, 1),
        substr(c, int(i / 19) * 4 + g % 4 + 1, 1) > f
    print ")" > f
    close(f) } }'
cat "$tmp"/g*.sgf > "$tmp/all.sgf"
files=$(run_ir --format concise "$tmp"/g*.sgf) games=$(run_ir --format concise "$tmp/all.sgf")
check "100 SGF files of a game each: at most 1.35 times the games in one file ($files, $games, $none at rest)" \
  '[ -n "$files" ] && [ -n "$games" ] &&
   [ $(((files - none) * 100)) -le $(((games - none) * 135)) ]'
# --- The places of SGF's findings in its game tree ("game 1, node 3, B":
# sgf_places) are made only for what reads them (issue 74): json, SARIF
# and GitLab, and a baseline. R47's file 2,000 deep (6,000 findings):
# 7.7 M instructions of its 77.5 M, with concise as with json.
awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"
  for (i = 0; i < 2000; i++) printf "(;B[aa]b[bb]"
  for (i = 0; i <= 2000; i++) printf ")"; print "" }' > "$tmp/deep.sgf"
places_ir() { valgrind --tool=callgrind --toggle-collect=sgf_places --callgrind-out-file=/dev/null \
  "$JGFLINT" --no-config "$@" "$tmp/deep.sgf" 2>&1 > /dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
if ! nm "$JGFLINT" 2> /dev/null | grep -qi ' t sgf_places$'; then
  for f in concise text json baseline; do skip "no sgf_places in the program: the places made for $f"; done
else
  for f in concise text; do
    got=$(places_ir --format "$f")
    check "--format $f: no places made (sgf_places ${got:-none})" '[ "$got" = 0 ]'
  done
  got=$(places_ir --format json)
  check "--format json: the places made (sgf_places ${got:-none})" '[ -n "$got" ] && [ "$got" -gt 0 ]'
  # (a baseline of deep.sgf holds the words of 2,000 levels a finding)
  head -c 500 "$tmp/deep.sgf" > "$tmp/shallow.sgf"
  got=$(valgrind --tool=callgrind --toggle-collect=sgf_places --callgrind-out-file=/dev/null \
    "$JGFLINT" --no-config --format concise --write-baseline "$tmp/shallow.baseline" "$tmp/shallow.sgf" 2>&1 > /dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  check "--write-baseline: the places made (sgf_places ${got:-none})" '[ -n "$got" ] && [ "$got" -gt 0 ]'
fi
tap_done
