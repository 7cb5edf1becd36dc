#!/bin/sh
# --convert reports its findings through the one pipeline (issue 39): every
# --format, --select/--ignore/--severity, configuration files, baselines,
# --statistics, --max-warnings and the exit statuses, as a check in place
# (lint mode) does, while it still writes the records and says on its own
# lines what it wrote. Each report of --convert is the same as the check
# in place's, byte for byte. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"

# Repairs (line 2: an unexpected `%`, line 3: `w` in lower case), a rank
# read from words (line 1), a colour twice (line 2), a move on an occupied
# point (line 3: an error).
printf '(;GM[1]FF[4]SZ[19]BR[3 dan]\n;B[dd]%%;B[pp]\n;w[dd])\n' > game.sgf
# A game with warnings only.
printf '(;GM[1]FF[4]SZ[19]\n;B[dd]%%;W[pp])\n' > warn.sgf

# conv NAME STATUS ARGS...: jgflint --convert --force --output records ARGS.
conv() {
  name=$1 want=$2; shift 2
  run "$name" "$want" --convert --force --output records "$@"
}

# --- The default report: the findings at their line:col, with ids.
conv "--convert of an SGF with repairs and an error: exit 1" 1 --no-config game.sgf
has "… the record written" out '^game.sgf: wrote records/game.jgf (SGF game 1 of 1)$'
[ -f records/game.jgf ] && ok "… it is there" || not_ok "… it is there"
has "… sgf-stray-text at 2:7" out '^game.sgf:2:7: warning: unexpected `%`: ignored; --fix leaves it \[sgf-stray-text\]$'
has "… sgf-lowercase-property at 3:2" out '^game.sgf:3:2: warning: .*\[sgf-lowercase-property\]$'
has "… occupied-point at 3:2" out '^game.sgf:3:2: error: .*\[occupied-point\]$'
has "… the summary of what was written" out '^1 file read, 1 game: 1 record written, 1 from a source game with errors$'
# A game that is not Go is not written: counted so, not as a record
# written from a game with errors (it said "2 records written, 1 from a
# source game with errors, 1 not written" of two clean games and a chess one).
printf '(;FF[4]GM[1]PB[a];B[aa])(;FF[4]GM[2]PB[chess];B[bb])(;FF[4]GM[1]PB[c];B[cc])' > mixed.sgf
conv "--convert of two Go games and one not Go: exit 1" 1 --no-config mixed.sgf
has "… the summary: 2 written, 1 not" out '^1 file read, 3 games: 2 records written, 1 not written; 1 file failed$'
conv "--convert of an SGF with warnings only: exit 0" 0 --no-config warn.sgf
has "… written" out '^warn.sgf: wrote records/warn.jgf'

# --- Every --format: --convert's report is the check in place's, byte for
# byte; what was written is said on standard error.
for f in text concise json sarif github gitlab junit checkstyle rdjson html; do
  run "--format $f, in place: exit 1" 1 --no-config --format "$f" --color never game.sgf
  mv out place.out
  conv "--format $f, --convert: exit 1" 1 --no-config --format "$f" --color never game.sgf
  if cmp -s place.out out; then ok "… the same report"
  else not_ok "… the same report"; diff place.out out | head -20 | sed 's/^/# /'; fi
  has "… what it wrote, on standard error" err '^game.sgf: wrote records/game.jgf (SGF game 1 of 1)$'
  hasnt "… and not in the report" out 'wrote records'
done
has "html: its board" out '<svg'
# Two reports at once, one to a file (-o names the report's file).
conv "--format json=r.json --format concise" 1 --no-config --format json=r.json --format concise game.sgf
has "… concise on standard output" out '^game.sgf:3:2: error: .*\[occupied-point\]$'
has "… json in its file" r.json '"rule": "occupied-point"'
conv "-o FILE: the report in FILE" 1 --no-config --format concise -o report.txt game.sgf
has "… occupied-point in it" report.txt '^game.sgf:3:2: error: .*\[occupied-point\]$'
hasnt "… no finding on standard output" out 'occupied-point'
# The records to standard output: the report goes to standard error.
run "--convert --output -: the record on standard output" 1 --no-config --convert --output - game.sgf
has "… the record" out '"tree"'
has "… the findings on standard error" err '^game.sgf:3:2: error: .*\[occupied-point\]$'

# --- The readers' ids of every family: --select, --ignore, baselines, in
# place and with --convert.
copy "$src/rules/gib-off-board/fail-example.gib" off.gib
copy "$src/rules/ngf-off-board/fail-example.ngf" off.ngf
copy "$src/rules/ugf-unreadable-line/fail-example.ugf" line.ugf
copy "$src/rules/charset-mismatch/fail-example.sgf" mismatch.sgf
set -- "game.sgf:2:7 sgf-stray-text" "off.gib:11:1 gib-off-board" "off.ngf:13:1 ngf-off-board" \
       "line.ugf:12:1 ugf-unreadable-line" "mismatch.sgf charset-mismatch"
for each; do
  at=${each% *} id=${each#* } file=${at%%:*}
  for mode in place convert; do
    if [ $mode = convert ]; then m="--convert --force --output records"; else m=; fi
    # shellcheck disable=SC2086
    run "$mode, $file: $id" 0 --no-config $m --format concise --exit-zero "$file"
    has "… at $at" out "^$at: warning: .*\[$id\]\$"
    # shellcheck disable=SC2086
    run "$mode, $file: --select $id" 0 --no-config $m --format concise --exit-zero --select "$id" "$file"
    has "… it" out "\[$id\]\$"
    lines "… alone" out 1
    # shellcheck disable=SC2086
    run "$mode, $file: --ignore $id" 0 --no-config $m --format concise --exit-zero --ignore "$id" "$file"
    hasnt "… not it" out "\[$id\]"
    # shellcheck disable=SC2086
    run "$mode, $file: --severity error leaves out its warning" 0 --no-config $m --format concise --severity error --select "$id" "$file"
    lines "… nothing shown" out 0
    # shellcheck disable=SC2086
    run "$mode, $file: --write-baseline" 0 --no-config $m --format concise --write-baseline "base-$mode.json" "$file"
    has "… records it" "base-$mode.json" "\"$id\""
    # shellcheck disable=SC2086
    run "$mode, $file: --baseline: nothing new (exit 0)" 0 --no-config $m --format concise --max-warnings 0 --baseline "base-$mode.json" "$file"
    lines "… nothing shown" out 0
  done
done
cmp -s base-place.json base-convert.json && ok "the baselines of --convert and of the check in place are one" \
  || not_ok "the baselines of --convert and of the check in place are one"
run "a baseline written in place holds for --convert" 0 --no-config --convert --force --output records --format concise --baseline base-place.json mismatch.sgf
lines "… nothing shown" out 0

# --- Configuration files, --statistics, --max-warnings, --exit-zero.
printf '{ "severity": { "occupied-point": "warning" }, "ignore": ["sgf-rank-read"] }\n' > .jgflint.json
conv "a configuration's severity: no error left (exit 0)" 0 --format concise game.sgf
has "… occupied-point a warning" out '^game.sgf:3:2: warning: .*\[occupied-point\]$'
hasnt "… sgf-rank-read ignored" out 'sgf-rank-read'
conv "--max-warnings 1 fails the run on its warnings (exit 1)" 1 --format concise --max-warnings 1 game.sgf
has "… and says why" err 'warnings'
rm .jgflint.json
conv "--statistics" 1 --no-config --statistics game.sgf
has "… counts sgf-lowercase-property" out '^ *1 *sgf-lowercase-property'
has "… and occupied-point" out '^ *1 *occupied-point'
conv "--exit-zero: exit 0 with an error" 0 --no-config --exit-zero --format concise game.sgf
conv "--ignore occupied-point: exit 0" 0 --no-config --ignore occupied-point --format concise game.sgf
conv "--max-warnings 0 on warnings only: exit 1" 1 --no-config --max-warnings 0 --format concise warn.sgf
rm -rf records
conv "--select with an id that is no rule: exit 2" 2 --no-config --select sgf-no-such-rule game.sgf
[ ! -e records ] && ok "… and nothing converted" || not_ok "… and nothing converted"
# The exit status 2 of --convert's own trouble stays: an existing record.
run "--convert warn.sgf: exit 0" 0 --no-config --convert --format concise warn.sgf
run "… again, without --force: exit 2" 2 --no-config --convert --format concise warn.sgf
has "… said" err 'warn.jgf exists: not overwritten'
# -q: the errors and what went wrong, as a check's -q.
run "-q --convert" 1 --no-config --convert -q --force --format concise game.sgf
has "… the error" out '^game.sgf:3:2: error: .*\[occupied-point\]$'
hasnt "… no warning" out 'warning:'
hasnt "… nothing of what was written" out 'wrote'
tap_done
