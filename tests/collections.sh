#!/bin/sh
# Collections and configuration: directory walks, .jgflint.json discovery
# and precedence, per-path ignores, rule selection and severities, the
# warning policy, --stdin-filename, baselines, and --jobs giving the same
# output as a serial run. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
src=$TOP_SRCDIR/testdata
. "$TOP_SRCDIR/tests/tap.sh"
tap_scratch && cd "$tmp" || exit 1
TAP_LOGS="out err"
# run STATUS NAME ARGS...: jgflint ARGS (concise) with stdout in out, stderr in err.
run() {
  want=$1 name=$2; shift 2
  "$JGFLINT" --format concise "$@" > out 2> err
  got=$?
  if [ $got = "$want" ]; then ok "$name"; else not_ok "$name: exit $got, want $want"; fi
}
# has NAME PATTERN [FILE]: a line of FILE (default out) matches the pattern.
has() { if grep -q -- "$2" "${3:-out}"; then ok "$1"; else not_ok "$1"; fi; }
hasnt() { if grep -q -- "$2" "${3:-out}"; then not_ok "$1"; else ok "$1"; fi; }

# A small collection: a warning and an error in different places.
mkdir -p coll/a/deep coll/b coll/.hidden
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "custom": 1}\n' > coll/a/warn.jgf
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "rules": {"komi": "six and a half"}}\n' > coll/b/err.jgf
cp coll/a/warn.jgf coll/a/deep/warn2.jgf
cp coll/b/err.jgf coll/.hidden/skipped.jgf
cp coll/b/err.jgf coll/b/not-a-record.json
ln -s .. coll/a/deep/loop

run 1 "a directory is walked" coll
[ "$(cut -d: -f1 out | uniq | tr '\n' ' ')" = "coll/a/deep/warn2.jgf coll/a/warn.jgf coll/b/err.jgf " ] &&
  ok "files in a stable order, hidden directories skipped, the symlink loop walked once" ||
  not_ok "files in a stable order, hidden directories skipped, the symlink loop walked once"
has "the summary counts the files" "^3 files checked: 1 error, 2 warnings" err
run 1 "--extensions picks other endings" --extensions .json coll
has "… such as .json" "^coll/b/not-a-record.json:"

# Selection on the command line.
run 0 "--ignore a rule" --ignore wrong-type coll
hasnt "its findings are gone" "wrong-type"
run 1 "--select a category" --select schema coll/b/err.jgf
has "… runs it" "\[wrong-type\]"
run 0 "--select another rule" --select json-bom coll/b/err.jgf
run 1 "--severity makes a warning an error" --severity unknown-key=error coll/a/warn.jgf
has "… and it is reported as one" "error: unknown key"
run 2 "--select of an unknown rule is a usage error" --select no-such-rule coll
run 2 "--severity with a bad level is a usage error" --severity unknown-key=fatal coll

# The warning policy.
run 1 "--warnings-as-errors" --warnings-as-errors coll/a/warn.jgf
run 0 "--max-warnings 2 allows two" --max-warnings 2 coll/a
run 1 "--max-warnings 1 does not" --max-warnings 1 coll/a
has "… and says so" "more than --max-warnings 1" err

# A configuration file, found upward from each file.
printf '{"ignore": ["unknown-key"], "severity": {"wrong-type": "warning"}}\n' > coll/b/.jgflint.json
printf '{"per-path-ignores": {"deep/*.jgf": ["unknown-key"]}}\n' > coll/a/.jgflint.json
run 0 "configurations apply per directory" coll
hasnt "per-path ignores" "deep/warn2.jgf"
has "… only where the glob matches" "^coll/a/warn.jgf:1:.*unknown-key"
has "severity from the configuration" "^coll/b/err.jgf:.*warning: .komi. must be a number"
run 1 "the command line wins over the configuration" --severity wrong-type=error coll/b/err.jgf
has "… for severities" "error: .komi."
run 0 "--config names one configuration for every file" --config coll/b/.jgflint.json coll/a/deep/warn2.jgf
hasnt "… whose settings apply" "unknown-key"
run 0 "--stdin-filename finds the configuration of that path" --stdin-filename coll/a/deep/x.jgf - < coll/a/warn.jgf
hasnt "… with its per-path ignores" "unknown-key"
run 0 "--stdin-filename names standard input" --stdin-filename coll/b/named.jgf - < coll/b/err.jgf
has "… in reports" "^coll/b/named.jgf:"

printf '{\n  "ignore": ["unknown-key", "no-such-rule"],\n  "max-warning": 3,\n  "severity": {"wrong-type": "fatal"}\n}\n' > bad.json
run 2 "problems in a configuration file exit 2" --config bad.json coll/a/warn.jgf
has "an unknown rule, at its place" "^bad.json:2:29: error: no rule or category named \"no-such-rule\""
has "an unknown setting, at its key" "^bad.json:3:3: error: unknown setting .max-warning."
has "a bad severity, at its value" "^bad.json:4:30: error: a severity is"
printf '{"ignore": ["unknown-key"],}\n' > syntax.json
run 2 "a configuration file with a syntax error exits 2" --config syntax.json coll/a/warn.jgf
has "… reported like any JSON" "^syntax.json:1:27: error: trailing comma"
rm coll/a/.jgflint.json coll/b/.jgflint.json

# Baselines.
run 0 "--write-baseline records the findings and exits 0" --write-baseline base.json coll
run 0 "--baseline suppresses them" --baseline base.json coll
[ -s out ] && not_ok "… all of them" || ok "… all of them"
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "rules": {"komi": 6.5}}\n' > coll/b/err.jgf
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "extra": 1}\n' > coll/b/new.jgf
run 0 "new findings are reported, fixed ones shrink the baseline" --baseline base.json coll
has "a new finding" "^coll/b/new.jgf:.*unknown-key"
has "a stale entry, located in the baseline" "^base.json:[0-9]*:[0-9]*: warning: baseline entry for coll/b/err.jgf \[wrong-type\]"
printf 'not json' > notbase.json
run 2 "a file that is not a baseline exits 2" --baseline notbase.json coll

# --jobs: the same output, byte for byte, as one job.
mkdir many
i=0
for f in "$src"/json/*.jgf "$src"/rules/*/*.jgf "$src"/samples/*/*.jgf; do
  i=$((i + 1)); cp "$f" "many/$(printf %03d $i).jgf"
done
"$JGFLINT" --format concise -j 1 many > serial.out 2> serial.err
"$JGFLINT" --format concise -j 4 many > parallel.out 2> parallel.err
if cmp -s serial.out parallel.out && cmp -s serial.err parallel.err && [ -s serial.out ]; then
  ok "-j 4 output is byte-identical to -j 1 ($(wc -l < serial.out) findings)"
else
  not_ok "-j 4 output is byte-identical to -j 1"
fi
"$JGFLINT" --format json -j 3 many > parallel.json 2> /dev/null
"$JGFLINT" --format json -j 1 many > serial.json 2> /dev/null
cmp -s serial.json parallel.json && ok "… for json too" || not_ok "… for json too"
# Every format, and what workers print (diffs, fix reports): a checked
# document is kept only as its report view (findings and quoted lines).
for args in "--format text --color always" "--format sarif" "--format github" \
  "--format concise --statistics" "--format concise --diff" "--format text --quiet"; do
  # shellcheck disable=SC2086
  "$JGFLINT" $args -j 1 many > serial.x 2> serial.e
  # shellcheck disable=SC2086
  "$JGFLINT" $args -j 3 many > parallel.x 2> parallel.e
  cmp -s serial.x parallel.x && cmp -s serial.e parallel.e && [ -s serial.x ] &&
    ok "… for $args too" || not_ok "… for $args too"
done
cp -R many fix1 && cp -R many fix3
"$JGFLINT" --format text --fix -j 1 fix1 > serial.x 2> serial.e
"$JGFLINT" --format text --fix -j 3 fix3 > parallel.x 2> parallel.e
sed 's/fix1/fix3/g' serial.x > serial.y && sed 's/fix1/fix3/g' serial.e > serial.f
cmp -s serial.y parallel.x && cmp -s serial.f parallel.e && diff -r fix1 fix3 > /dev/null &&
  grep -q fixed serial.e && ok "… and --fix writes and reports the same" || not_ok "… and --fix writes and reports the same"

# The samples: the spec's own examples and the records the reference
# implementation (Seki 4.3) writes give no error from the format rules; the
# only errors are the Go replay's, about the moves themselves (a stone played
# twice in the spec's illustration; setup and a suicide in SGF's FF[4] demo).
samples=$src/samples
run 0 "the spec's examples and Seki's records: no errors but the replay's" --ignore go \
  "$samples/spec-example-v2.jgf" "$samples/spec-example-v1.jgf" "$samples/seki-4.3" "$samples/spec-exact"
has "… while they do have warnings" "warning:"
hasnt "… and not one error" ": error:"
run 1 "with the replay" "$samples/spec-example-v2.jgf" "$samples/spec-example-v1.jgf" "$samples/seki-4.3"
[ "$(grep ': error:' out | sed 's/.*\[\(.*\)\]$/\1/' | sort | uniq -c | tr -s ' ' | tr '\n' ,)" = \
  " 4 occupied-point, 1 suicide," ] &&
  ok "… its errors are 4 occupied-point and 1 suicide" ||
  not_ok "… its errors are 4 occupied-point and 1 suicide"
run 0 "the spec-exact records: silent" "$samples/spec-exact"
[ ! -s out ] && ok "… not even a warning" || not_ok "… not even a warning"

echo "1..$n"
[ $failed -eq 0 ]
