#!/bin/sh
# The options, as a user types them: matched exactly, a did-you-mean for
# every name (options, rules, categories, levels), one stdout format, the
# exit status in every combination, runs that always say why, and --help,
# the man page and both completions naming exactly the options the parser
# accepts. TAP.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"
exec < /dev/null   # no run reads the terminal
# prefixed NAME: every line of stderr starts with jgflint: (or is the --help hint).
prefixed() {
  if grep -v "^jgflint: \|^Try 'jgflint --help'" "$tmp/err" | grep -q .; then not_ok "$1: a line without jgflint: "
  else ok "$1"; fi
}

copy "$src/examples/findings.jgf" a.jgf
copy "$src/examples/clean.jgf" clean.jgf
# A record whose only finding is a warning with a safe fix.
copy "$src/json/bom.jgf" warn.jgf

# --- Exact matching: no prefix of a long option selects it.
for args in "--fi a.jgf" "--fix= a.jgf" "--dif a.jgf" "--unsafe a.jgf" "--form json a.jgf"; do
  copy "$src/examples/findings.jgf" a.jgf
  run "'$args' is a usage error" 2 $args
  cmp -s a.jgf "$src/examples/findings.jgf" && ok "… and writes nothing" || not_ok "… and writes nothing"
  prefixed "… said with one prefix"
done
run "--fi" 2 --fi a.jgf
has "… gets a did-you-mean" err "^jgflint: unknown option '--fi'; did you mean '--fix'?"
run "-fix (one dash)" 2 -fix a.jgf
has "… suggests --fix" err "^jgflint: unknown option '-fix'; did you mean '--fix'?"
run "-diff (one dash)" 2 -diff a.jgf
has "… suggests --diff" err "did you mean '--diff'?"
run "--fxi (two letters swapped)" 2 --fxi a.jgf
has "… gets a did-you-mean" err "^jgflint: unknown option '--fxi'; did you mean '--fix'?"
run "--color nevre (two letters swapped)" 2 --color nevre a.jgf
has "… suggests never" err "did you mean 'never'?"
run "-qv (a cluster of two that cannot both hold)" 2 -qv clean.jgf
has "… says so" err "^jgflint: --quiet reports less and --verbose more; give one of them$"
run "--fix=yes" 2 --fix=yes a.jgf
has "… takes no argument" err "^jgflint: option '--fix' takes no argument"
run "a short option cluster -qj2" 1 -qj2 a.jgf
run "-j2 -q" 1 -j2 -q a.jgf
run "-qj 2" 1 -qj 2 a.jgf
run "--format=json and --format json" 1 --format=json a.jgf
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' out && ok "… is JSON" || not_ok "… is JSON"
run "an option after --" 2 -- --fix
has "… is a path" out "^--fix: error: cannot read the file"
run "--format given no argument at the end" 2 a.jgf --format
has "… says it needs one" err "^jgflint: option '--format' needs an argument"
run "-j given no argument at the end" 2 a.jgf -j
has "… says it needs one" err "^jgflint: option '-j' needs an argument"
run "--explain given no argument" 2 --explain
prefixed "… said with one prefix"
run "--fix given twice" 1 --fix --fix clean.jgf a.jgf
copy "$src/examples/findings.jgf" a.jgf

# --- -o FILE (--output-file, as eslint's and ruff's): the report meant for
# standard output goes to FILE.
run "-o FILE" 1 -o report.txt a.jgf
lines "… writes nothing to standard output" out 0
has "… writes the concise report to FILE" report.txt "^a.jgf:4:16: warning: \[\*\] .*\[seki-version-string\]"
mv report.txt "$tmp/report.txt"; has "… (the file)" report.txt "^a.jgf:9:26: error: "
run "--output-file FILE --format json" 1 --output-file report.json --format json a.jgf
lines "… writes nothing to standard output" out 0
python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["diagnostics"]) == 9' report.json &&
  ok "… writes the JSON report to FILE" || not_ok "… writes the JSON report to FILE"
run "-qo FILE (a cluster)" 1 -qo quiet.txt a.jgf
[ "$(grep -c ': error: ' quiet.txt)" -eq 6 ] && ! grep -q ': warning: ' quiet.txt &&
  ok "… writes the errors to FILE" || not_ok "… writes the errors to FILE"
run "--format sarif=x.sarif -o FILE" 1 --format sarif=x.sarif -o both.txt a.jgf
[ -s x.sarif ] && grep -q "^a.jgf:9:26: error: " both.txt && ok "… writes both" || not_ok "… writes both"
run "--format sarif=x.sarif --format json=y.json -o FILE" 1 --format sarif=x.sarif --format json=y.json -o z.txt a.jgf
[ -s x.sarif ] && [ -s y.json ] && grep -q "^a.jgf:9:26: error: " z.txt && ok "… writes the concise report to FILE too" || not_ok "… writes the concise report to FILE too"
run "-o given twice" 2 -o one.txt -o two.txt a.jgf
has "… says once" err "^jgflint: -o (--output-file) names one file"
run "-o naming an input" 2 -o a.jgf a.jgf
has "… says it is an input" err "this output is also an input"
cmp -s a.jgf "$src/examples/findings.jgf" && ok "… and leaves it alone" || not_ok "… and leaves it alone"
run "-o with --convert: the file of its report" 2 -o x.txt --convert a.jgf
has "… a.jgf is nothing to convert" out "^a.jgf: error: not SGF.*nothing to convert"

# --- Options that would be silently ignored are usage errors.
run "--list-rules --fix" 2 --list-rules --fix
has "… says they do not go together" err "^jgflint: --list-rules does not go with --fix: it lists the rules and checks no file"
run "--list-rules -q" 2 --list-rules -q
has "… names -q" err "^jgflint: --list-rules does not go with --quiet"
run "--explain json-bom --select json" 2 --explain json-bom --select json
has "… says they do not go together" err "^jgflint: --explain does not go with --select"
run "--list-rules PATH" 2 --list-rules a.jgf
has "… says it checks no file" err "^jgflint: --list-rules checks no file; give no PATH"
run "--explain RULE PATH" 2 --explain json-bom a.jgf
run "--explain RULE --format json" 2 --explain json-bom --format json
run "--list-rules --explain RULE" 2 --list-rules --explain json-bom
run "--statistics --format sarif" 2 --statistics --format sarif a.jgf
has "… says sarif lists each finding" err "^jgflint: --statistics counts findings per rule in the text, concise or json format; sarif lists each finding"
lines "… and writes no report" out 0
run "--statistics --format concise --format sarif=stats.sarif" 1 --statistics --format concise --format sarif=stats.sarif a.jgf
has "… counts on standard output" out "^ *3  rank-format\|^ *[0-9]  "
[ -s stats.sarif ] && ok "… and writes the SARIF file" || not_ok "… and writes the SARIF file"

# --- Two formats to standard output.
run "--format json --format concise" 2 --format json --format concise a.jgf
has "… is a usage error" err "^jgflint: two formats to standard output"
run "--format json --output-format json" 2 --format json --output-format json a.jgf
run "--format json --format sarif=-" 2 --format json --format sarif=- a.jgf
has "… (=- is standard output) is a usage error" err "^jgflint: two formats to standard output"
[ ! -e ./- ] && ok "… and writes no file named -" || not_ok "… and writes no file named -"
run "--format sarif=- alone" 1 --format sarif=- a.jgf
python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["version"] == "2.1.0"' out &&
  ok "… writes SARIF to standard output" || not_ok "… writes SARIF to standard output"
[ ! -e ./- ] && ok "… not to a file named -" || not_ok "… not to a file named -"
run "--format json --format sarif=out.sarif" 1 --format json --format sarif=out.sarif a.jgf
[ -s out.sarif ] && ok "… writes the file" || not_ok "… writes the file"
run "--format json=same.out --format sarif=same.out" 2 --format json=same.out --format sarif=same.out a.jgf
has "… is a usage error" err "^jgflint: --format same.out and --format same.out are one file"
: > same.out
run "… also through another name" 2 --format json=same.out --format sarif=./same.out a.jgf
run "--format json=base.out --write-baseline base.out" 2 --format json=base.out --write-baseline base.out a.jgf
has "… is a usage error" err "one file"
"$JGFLINT" --write-baseline keep.json a.jgf > /dev/null 2>&1
cp keep.json keep.orig
run "an output that cannot be written" 2 --format json=ok.json --format sarif=nothere/x.sarif --write-baseline keep.json a.jgf
has "… says so" err "^jgflint: cannot write nothere/x.sarif"
hasnt "… with no summary of nothing" err "files checked"
cmp -s keep.json keep.orig && ok "… leaves the baseline alone" || not_ok "… leaves the baseline alone"
[ ! -s ok.json ] && ok "… and writes no report that looks clean" || not_ok "… and writes no report that looks clean"
echo '{"earlier": "report"}' > earlier.json
run "an output that cannot be written, beside an existing report" 2 --format json=earlier.json --format sarif=nothere/x.sarif a.jgf
grep -q earlier earlier.json && ok "… leaves the earlier report whole" || not_ok "… leaves the earlier report whole"
[ ! -e ok.json ] && ok "… and removes a report file it created" || not_ok "… and removes a report file it created"
GITHUB_ACTIONS=true "$JGFLINT" --format json a.jgf > out 2> err
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' out && ok "GITHUB_ACTIONS with --format json: only JSON on stdout" ||
  not_ok "GITHUB_ACTIONS with --format json: only JSON on stdout"

run "--diff --format json" 2 --diff --format json a.jgf
has "… would mix JSON into the diff" err "^jgflint: --diff writes the diff to standard output; write the report to a file: --format json=PATH"
run "--diff --format sarif=diff.sarif" 1 --diff --format sarif=diff.sarif a.jgf
has "… prints the diff" out '^+++ a.jgf'
python3 -c 'import json,sys; r = json.load(open(sys.argv[1]))["runs"][0]["results"]; assert len(r) == 6, len(r)' diff.sarif &&
  ok "… and reports what would remain to the file" || not_ok "… and reports what would remain to the file"

# --- Did-you-mean for every name a user types.
run "--select jsn" 2 --select jsn a.jgf
has "… a category" err "^jgflint: --select: no rule or category named 'jsn'; did you mean 'json'?"
run "--ignore unknown-ky" 2 --ignore unknown-ky a.jgf
has "… a rule" err "did you mean 'unknown-key'?"
run "--severity formt=error" 2 --severity formt=error a.jgf
has "… a category" err "did you mean 'format'?"
run "--severity format=eror" 2 --severity format=eror a.jgf
has "… a level" err "^jgflint: --severity.*did you mean 'error'?"
run "--severity result-format=warn (eslint's spelling of warning)" 1 --severity result-format=warn a.jgf
has "… reports the rule as a warning" out "^a.jgf:10:15: warning: .*\[result-format\]"
run "--severity format=wrning" 2 --severity format=wrning a.jgf
has "… a level" err "did you mean 'warning'?"
# --severity LEVEL (shellcheck's): only that level and above.
copy "$src/rules/markup-type/fail-near-misses.jgf" infos.jgf
run "--severity warning, a file of infos" 0 --severity warning infos.jgf
lines "… reports none of them" out 0
has "… and counts none" err "^1 file checked: 0 errors, 0 warnings, 0 infos"
run "--severity warn (eslint's spelling)" 0 --severity warn infos.jgf
lines "… reports none of them" out 0
run "--severity info, a file of infos" 0 --severity info infos.jgf
lines "… reports every one" out 11
run "--severity error, a file with warnings and errors" 1 --severity error a.jgf
has "… reports the errors" out "^a.jgf:9:26: error: "
hasnt "… not the warnings" out ": warning: "
has "… counts only them" err "^1 file checked: 6 errors, 0 warnings, 0 infos"
run "--severity warning --max-warnings 0, a file of infos" 0 --severity warning --max-warnings 0 infos.jgf
run "--severity warnings" 2 --severity warnings a.jgf
has "… gets a did-you-mean" err "^jgflint: --severity takes LEVEL .*; did you mean 'warning'?"
run "--severity format" 2 --severity format a.jgf
has "… says the shape" err "RULE=LEVEL"
run "--severity format=error (a category)" 1 --severity format=error --format concise a.jgf
has "… applies to the category's rules" out "error: .*\[seki-version-string\]"
run "--explain unknown-ky" 2 --explain unknown-ky
has "… a rule" err "^jgflint: no rule named 'unknown-ky'; did you mean 'unknown-key'?"
run "--explain tre (near a category)" 2 --explain tre
has "… suggests the category" err "did you mean 'tree'?"
run "--explain json (a category)" 0 --explain json
has "… lists the category's rules" out "^json-bom "
hasnt "… only those" out "^unknown-key "
run "--explain off-bord" 2 --explain off-bord
has "… a rule" err "did you mean 'off-board'?"
run "--select JSON (upper case)" 2 --select JSON a.jgf
has "… suggests json" err "did you mean 'json'?"
run "--explain JSON-BOM" 2 --explain JSON-BOM
has "… suggests json-bom" err "did you mean 'json-bom'?"
run "--FIX" 2 --FIX a.jgf
has "… suggests --fix" err "did you mean '--fix'?"
run "--color alwyas" 2 --color alwyas a.jgf
has "… a value" err "did you mean 'always'?"
run "--format jsn" 2 --format jsn a.jgf
has "… a format" err "did you mean 'json'?"
mkdir cfg
copy "$src/examples/findings.jgf" cfg/a.jgf
printf '{"severity": {"format": "eror"}}\n' > cfg/.jgflint.json
run "a configuration severity level misspelt" 2 --format concise cfg
has "… gets a did-you-mean" out '\.jgflint\.json:.*did you mean "error"?'
printf '{"ignor": ["json"]}\n' > cfg/.jgflint.json
run "a configuration key misspelt" 2 --format concise cfg
has "… gets a did-you-mean" out 'did you mean `ignore`?'
printf '{"per-path-ignores": {"*.jgf": ["of-board"]}}\n' > cfg/.jgflint.json
run "a per-path-ignores rule misspelt" 2 --format concise cfg
has "… gets a did-you-mean" out 'did you mean "off-board"?'
rm cfg/.jgflint.json

# --- An empty argument is a slip (an unset variable), not a request.
for o in --select --config --baseline --write-baseline; do
  run "$o ''" 2 $o '' a.jgf
  has "… says it is empty" err "^jgflint: $o needs .*, not an empty argument"
done
run "--select=" 2 --select= a.jgf

# --- Exit statuses: 0, 1, 2 and --exit-zero.
run "clean: 0" 0 clean.jgf
run "errors: 1" 1 a.jgf
run "warnings only: 0" 0 warn.jgf
run "warnings only, --warnings-as-errors: 1" 1 --warnings-as-errors warn.jgf
run "warnings only, --max-warnings 0: 1" 1 --max-warnings 0 warn.jgf
run "warnings only, --max-warnings 1: 0" 0 --max-warnings 1 warn.jgf
run "errors, --exit-zero: 0" 0 --exit-zero a.jgf
run "--warnings-as-errors --exit-zero: 0" 0 --warnings-as-errors --exit-zero warn.jgf
hasnt "… and does not claim a failure" err "fail the run"
run "a missing file, --exit-zero: still 2" 2 --exit-zero nothere.jgf
run "a usage error, --exit-zero: still 2" 2 --exit-zero --bogus a.jgf
run "a configuration problem, --exit-zero: still 2" 2 --exit-zero --config nothere.json a.jgf
mkdir empty
run "no file, --exit-zero: still 2" 2 --exit-zero empty
run "--diff with changes: 1" 1 --diff a.jgf
run "--diff with nothing to change: 0" 0 --diff clean.jgf
run "--diff --exit-zero with changes: 0 (as ruff)" 0 --diff --exit-zero a.jgf
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "x": 1}\n' > wline.jsonl
printf '{\n' > eline.jsonl
"$JGFLINT" --stream --exit-zero < eline.jsonl > out 2> err
[ $? -eq 0 ] && ok "--stream --exit-zero with errors: 0" || not_ok "--stream --exit-zero with errors: 0"
"$JGFLINT" --stream --warnings-as-errors < wline.jsonl > out 2> err
[ $? -eq 1 ] && ok "--stream --warnings-as-errors with a warning: 1" || not_ok "--stream --warnings-as-errors with a warning: 1"
has "… says why" err "^jgflint: 1 warning, and --warnings-as-errors makes it fail the run"
"$JGFLINT" --stream --max-warnings 0 < wline.jsonl > out 2> err
[ $? -eq 1 ] && ok "--stream --max-warnings 0 with a warning: 1" || not_ok "--stream --max-warnings 0 with a warning: 1"
has "… says why" err "^jgflint: 1 warning, more than --max-warnings 0"
cp warn.jgf w2.jgf
run "--fix that leaves only warnings fixed: 0" 0 --fix --warnings-as-errors w2.jgf
run "--fix that leaves errors: 1" 1 --fix a.jgf
copy "$src/examples/findings.jgf" a.jgf

# --- Say why, always.
run "-q --warnings-as-errors, warnings only" 1 -q --warnings-as-errors warn.jgf
has "… says why" err "^jgflint: 1 warning, and --warnings-as-errors makes it fail the run"
run "-q --max-warnings 0, warnings only" 1 -q --max-warnings 0 warn.jgf
has "… says why" err "^jgflint: 1 warning, more than --max-warnings 0"
has "… and names the warning it counted (-q left it out of the report)" err "^warn.jgf:[0-9]*:[0-9]*: warning: .* \[[a-z-]*\]$"
lines "… and nothing else" err 2
python3 -c 'import json; print(json.dumps({"record": {"format": "JGF", "version": 2}, "tree": [{}], **{"k%d" % i: i for i in range(14)}}))' > warn14.jgf
run "-q --warnings-as-errors, 14 warnings" 1 -q --warnings-as-errors warn14.jgf
has "… names the first 10" err "^warn14.jgf:1:[0-9]*: warning: unknown key \`k9\`"
hasnt "… not the 11th" err "k10"
has "… and counts the rest" err "^jgflint: and 4 more warnings (without -q, the report lists them all)$"
mkdir -p policy/sub && echo '{"max-warnings": 0}' > policy/sub/.jgflint.json
cp warn.jgf policy/w.jgf && cp warn.jgf policy/sub/w.jgf
run "-q, a configuration's max-warnings" 1 -q policy
has "… names the warning of the files it applies to" err "^policy/sub/w.jgf:"
hasnt "… not those of others" err "^policy/w.jgf:"
run "--warnings-as-errors without -q" 1 --warnings-as-errors warn.jgf
has "… says why" err "^jgflint: 1 warning, and --warnings-as-errors makes it fail the run"
run "-q with errors" 1 -q --format concise a.jgf
has "… shows the errors" out ": error: "
hasnt "… not the warnings" out ": warning: "
run "-q --format json --warnings-as-errors" 1 -q --format json --warnings-as-errors warn.jgf
has "… says why on stderr" err "fail the run"
run "-q, a missing file" 2 -q nothere.jgf
has "… says which" out "nothere.jgf: error: cannot read the file"
run "-q, no file" 2 -q empty
has "… says so" err "^jgflint: no file was checked"

mkdir fx
for k in 1 2 3; do copy "$src/examples/findings.jgf" fx/$k.jgf; done
cp -R fx fx0
run "--fix on three files" 1 --fix --format concise fx
grep -c '' err > count; [ "$(cat count)" -eq 1 ] && ok "… one summary line" || not_ok "… one summary line"
has "… that counts the fixes" err "fixed 9 problems in 3 files"
rm -rf fx; cp -R fx0 fx
run "--fix --verbose" 1 --fix --verbose fx
has "… one line per file" err "^fx/2.jgf: fixed 3 problems: "
rm -rf fx; cp -R fx0 fx
run "--fix -q" 1 --fix -q fx
lines "… says nothing on stderr" err 0
has "… but still shows the errors" out ": error: "
rm -rf fx; cp -R fx0 fx
run "--show-fixes without --fix" 1 --show-fixes fx
has "… lists what --fix would fix" err "^fx/1.jgf: --fix would fix 3 problems: "
cmp -s fx/1.jgf fx0/1.jgf && ok "… and writes nothing" || not_ok "… and writes nothing"
run "--show-fixes --unsafe-fixes without --fix" 1 --show-fixes --unsafe-fixes fx
has "… names the command that would fix them" err "^fx/1.jgf: --fix --unsafe-fixes would fix 6 problems: "
run "--show-fixes --fix" 1 --show-fixes --fix fx
has "… lists what was fixed" err "^fx/1.jgf: fixed 3 problems: "
rm -rf fx; cp -R fx0 fx
run "--show-fixes --diff" 1 --show-fixes --diff fx
has "… lists what would be fixed" err "^fx/1.jgf: would fix 3 problems: "
printf '{"record": {"format": "JGF", "version": 2},\n "tree": [{"coments": "text"}]}\n' > abort.jgf
run "a fix left out" 0 --fix --unsafe-fixes abort.jgf
has "… is said with the prefix" err "^jgflint: note: abort.jgf:2:12: the unknown-key fix was not applied"
hasnt "… not as a finding" err "^abort.jgf:"
hasnt "… and the finding is not marked fixable" out '\[\*\]'
run "--show-fixes --unsafe-fixes without --fix, a fix --fix would leave out" 0 --show-fixes --unsafe-fixes abort.jgf
hasnt "… is not listed as one it would apply" err "would fix"
run "--write-baseline" 0 --write-baseline base.json fx
has "… confirms what it wrote" err "^jgflint: wrote base.json: "
lines "… lists no finding" out 0
lines "… and says it in one line" err 1
has "… with the run's summary" err "^jgflint: wrote base.json: [0-9]* findings in 3 files ([0-9]* entries); 3 files checked: "
run "--write-baseline --format json=FILE" 0 --write-baseline base.json --format json=fx-report.json fx
python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["diagnostics"]' fx-report.json &&
  ok "… still writes the report asked for" || not_ok "… still writes the report asked for"
run "--write-baseline to a missing directory" 2 --write-baseline nothere/base.json fx
has "… says why" err "^jgflint: cannot write the baseline nothere/base.json"

# --- --show-settings, --no-config, --list-rules --format json.
mkdir -p proj/sub
copy "$src/examples/findings.jgf" proj/sub/x.jgf
printf '{"ignore": ["unknown-key"], "per-path-ignores": {"sub/*.jgf": ["off-board"]}}\n' > proj/.jgflint.json
run "--show-settings for a file under a configuration" 0 --show-settings proj/sub/x.jgf
python3 - out "$tmp/proj/.jgflint.json" <<'PY' && ok "… shows the configuration and per-path-ignores" || not_ok "… shows the configuration and per-path-ignores"
import json, os, sys
s = json.load(open(sys.argv[1]))
# named as the findings name it: relative to the working directory below it
assert s["configuration"] == "proj/.jgflint.json", s["configuration"]
assert os.path.realpath(s["configuration"]) == os.path.realpath(sys.argv[2])
assert s["rules"]["unknown-key"] == "off" and s["rules"]["off-board"] == "off"
assert s["rules"]["json-bom"] == "warning"
assert s["max-findings"] == 1000 and s["exclude"] == []
PY
run "--show-settings with --exclude and --max-findings" 0 --show-settings --exclude 'old/**' --max-findings 0 proj/sub/x.jgf
python3 -c 'import json,sys; s = json.load(open(sys.argv[1])); assert s["max-findings"] == 0 and s["exclude"] == ["old/**"]' out &&
  ok "… shows them" || not_ok "… shows them"
run "--show-settings --no-config" 0 --show-settings --no-config proj/sub/x.jgf
python3 -c 'import json,sys; s = json.load(open(sys.argv[1])); assert s["configuration"] is None and s["rules"]["off-board"] == "error"' out &&
  ok "… shows no configuration" || not_ok "… shows no configuration"
run "--show-settings of two paths" 2 --show-settings a.jgf clean.jgf
prefixed "… said with one prefix"
run "--no-config --config" 2 --no-config --config proj/.jgflint.json a.jgf

# --- Issue 31: the options people come with, accepted or answered.
run "--show-settings without a PATH: the working directory's" 0 --show-settings
has "… shows them" out '^  "path": "\."'
(cd proj/sub && "$JGFLINT" --show-settings > "$tmp/out" 2> "$tmp/err")
has "… with the configuration that applies there" out '"configuration": ".*proj/.jgflint.json"'
run "-f json (shellcheck's and eslint's -f)" 1 -f json a.jgf
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' out && ok "… is --format json" || not_ok "… is --format json"
run "-fjson" 1 -fjson a.jgf
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' out && ok "… too" || not_ok "… too"
run "-f jsn" 2 -f jsn a.jgf
has "… gets a did-you-mean" err "unknown format 'jsn'; did you mean 'json'?"
run "-format json (one dash)" 2 -format json a.jgf
has "… suggests --format" err "did you mean '--format'?"
for o in "print-config:--show-settings PATH prints the settings" "isolated:--no-config uses no configuration file" \
         "rule:--explain RULE explains a rule"; do
  run "--${o%%:*} (another tool's)" 2 --${o%%:*} a.jgf
  has "… points to ${o#*:}" err "^jgflint: unknown option '--${o%%:*}': ${o#*:}"
done
mkdir -p walked/sub walked/.hidden walked/node_modules
for f in walked/a.jgf walked/sub/b.JGF walked/.hidden/c.jgf walked/node_modules/d.jgf walked/e.json; do cp clean.jgf "$f"; done
echo 'ignored.jgf' > walked/.gitignore && cp clean.jgf walked/ignored.jgf
run "--show-files DIR" 0 --show-files walked
printf 'walked/a.jgf\nwalked/sub/b.JGF\n' > want
cmp -s out want && ok "… lists the files a check reads, in its order" || not_ok "… lists the files a check reads, in its order"
"$JGFLINT" walked > /dev/null 2> "$tmp/err"
has "… the files a check does read" err "^2 files checked"
run "--show-files --extensions .json --exclude sub" 0 --show-files --extensions .json --exclude sub walked a.jgf
printf 'walked/e.json\na.jgf\n' > want
cmp -s out want && ok "… with the walk's options" || not_ok "… with the walk's options"
mkdir nofiles
run "--show-files of a directory with no record" 2 --show-files nofiles
has "… says so" err "^jgflint: no file was checked"
run "--show-files --fix" 2 --show-files --fix walked
has "… says it checks nothing" err "^jgflint: --show-files lists the files a check reads and checks nothing"
run "jgflint check FILE (ruff's habit)" 1 check a.jgf
has "… checks the file" out "^a.jgf:"
hasnt "… and reads no file named check" out "check"
copy clean.jgf check
run "jgflint ./check: a file named check" 0 ./check

# --- Options that cannot both hold.
run "--ignore go --select go" 2 --ignore go --select go a.jgf
has "… says no rule would run" err "^jgflint: --ignore go turns off every rule --select go turns on: no rule would run"
run "--select go,json --ignore go: json still runs" 1 --select go,json --ignore go a.jgf
run "--select occupied-point --ignore all" 2 --select occupied-point --ignore all a.jgf
run "--quiet --verbose" 2 --quiet --verbose --fix a.jgf
has "… says they cannot both hold" err "^jgflint: --quiet reports less and --verbose more; give one of them$"
run "--list-rules --format json" 0 --list-rules --format json
"$JGFLINT" --list-rules | awk '{ print $1 }' > ids
python3 - out ids <<'PY' && ok "… is JSON with every rule and its fields" || not_ok "… is JSON with every rule and its fields"
import json, sys
rules = json.load(open(sys.argv[1]))
ids = open(sys.argv[2]).read().split()
assert [r["id"] for r in rules] == ids
for r in rules:
    assert set(r) >= {"id", "category", "severity", "fix", "summary", "explanation", "url"}, r
    assert r["severity"] in ("error", "warning", "info") and r["fix"] in ("-", "safe", "unsafe", "safe+unsafe")
PY
run "--list-rules --output-format=json" 0 --list-rules --output-format=json
run "--list-rules --format sarif" 2 --list-rules --format sarif
prefixed "… said with one prefix"

# --- --help, the man page and the completions name exactly the parser's options.
sed -n 's/^\t{ "\([a-z-]*\)", .*CHECK.*/--\1/p' "$TOP_SRCDIR/src/cli/cmdline.c" | sort > table
sed -n 's/^#define SHORT_OPTIONS "\(.*\)"/\1/p' "$TOP_SRCDIR/src/cli/cmdline.c" | tr -d ':' | sed 's/./-&\n/g' | grep . >> table
sort -o table table
[ "$(wc -l < table)" -gt 30 ] && ok "the option table is found" || not_ok "the option table is found"
"$JGFLINT" --help | sed -n 's/^  \(-[a-zA-Z], \)\{0,1\}\(--[a-z-]*\).*/\1\2/p' | tr ',' '\n' | tr -d ' ' | grep . | sort -u > help
sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$TOP_SRCDIR/man/jgflint.1" | sed -n '/^\.T[PQ]/{n;p}' | sed 's/\\-/-/g; s/\\f[BIR]//g' |
  grep -o -- '\(^\|[ ,]\)--\{0,1\}[a-zA-Z][a-z-]*' | tr -d ' ,' | sort -u > man
grep -o -- "compgen -W \"--help[^\"]*\"" "$TOP_SRCDIR/completions/jgflint" | sed 's/compgen -W "//; s/"$//' | tr ' ' '\n' | grep . | sort -u > bash
python3 - "$TOP_SRCDIR/completions/_jgflint" > zsh <<'PY'
import re, sys
# _arguments specs: '(EXCLUDED)*--name=[...]' or '(EXCLUDED)'{-x,--name}'[...]'
opts = set()
for line in open(sys.argv[1]):
    m = re.match(r"\s*'(?:\([^)]*\))?\*?'?\{?([^'\[]*?)\}?'?\[", line)
    for o in re.sub(r"[{}']", "", m.group(1)).split(",") if m else []:
        if o.startswith("-"):
            opts.add(o.rstrip("="))
print("\n".join(sorted(opts)))
PY
sort -o zsh zsh
for f in help man bash zsh; do
  if cmp -s table $f; then ok "$f names exactly the parser's options"
  else not_ok "$f names exactly the parser's options"; diff table $f | sed 's/^/# /'; fi
done

# The subcommand words (cmdline.c's table) are those --help, the man page's
# SYNOPSIS and both completions name, and no other (version and help were
# in none: issue 75).
sed -n '/static const char \*const words\[\] = {/,/};/p' "$TOP_SRCDIR/src/cli/cmdline.c" | sed '/};/q' |
  grep -o '"[a-z]*"' | tr -d '"' | sort > words
[ "$(wc -l < words)" -ge 6 ] && ok "the subcommand words are found in cmdline.c" || not_ok "the subcommand words are found in cmdline.c"
"$JGFLINT" --help | sed -n 's/^  or:  jgflint \([a-z]*\).*/\1/p' | sort -u > words.help
sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' "$TOP_SRCDIR/man/jgflint.1" | sed -n 's/^\.B jgflint \([a-z][a-z]*\)$/\1/p' | sort -u > words.man
sed -n 's/.*COMP_CWORD == 1.*//; s/^.*compgen -W "\(check [a-z ]*\)".*/\1/p' "$TOP_SRCDIR/completions/jgflint" | head -1 | tr ' ' '\n' | sort > words.bash
sed -n 's/^ *compadd \(check [a-z ]*\)$/\1/p' "$TOP_SRCDIR/completions/_jgflint" | head -1 | tr ' ' '\n' | sort > words.zsh
for f in help man bash zsh; do
  if cmp -s words words.$f; then ok "$f names exactly the subcommands"
  else not_ok "$f names exactly the subcommands"; diff words words.$f | sed 's/^/# /'; fi
done

# --- bash completion, as bash calls it.
if command -v bash > /dev/null 2>&1; then
  complete_bash() {
    PATH="$(dirname "$JGFLINT"):$PATH" bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _jgflint; echo "${COMPREPLY[*]}"' sh \
      "$TOP_SRCDIR/completions/jgflint" "$@" 2> /dev/null
  }
  [ "$(complete_bash jgflint --output-fo)" = "--output-format" ] && ok "bash completes --output-fo" || not_ok "bash completes --output-fo"
  [ "$(complete_bash jgflint --output-f)" = "--output-format --output-file" ] && ok "bash completes --output-f to both" || not_ok "bash completes --output-f to both"
  [ "$(complete_bash jgflint --format js)" = "json" ] && ok "bash completes --format js" || not_ok "bash completes --format js"
  # bash splits --format=js at the = (COMP_WORDBREAKS).
  [ "$(complete_bash jgflint --format = js)" = "json" ] && ok "bash completes --format=js" || not_ok "bash completes --format=js"
  [ "$(complete_bash jgflint --color = al)" = "always" ] && ok "bash completes --color=al" || not_ok "bash completes --color=al"
  [ "$(complete_bash jgflint --select = json-b)" = "json-bom" ] && ok "bash completes --select=json-b" || not_ok "bash completes --select=json-b"
  [ "$(complete_bash jgflint --select json,tre)" = "json,tree" ] && ok "bash completes a second rule in a list" || not_ok "bash completes a second rule in a list"
  [ "$(complete_bash jgflint --severity json-b)" = "json-bom" ] && ok "bash completes --severity's rule" || not_ok "bash completes --severity's rule"
  [ "$(complete_bash jgflint --severity json-bom = w)" = "warning" ] && ok "bash completes --severity's level" || not_ok "bash completes --severity's level"
  [ "$(complete_bash jgflint --severity json-bom =)" = "error warning info" ] && ok "bash completes --severity's levels" || not_ok "bash completes --severity's levels"
  [ "$(complete_bash jgflint --format =)" = "text concise json sarif github gitlab junit checkstyle rdjson html" ] && ok "bash completes --format=" || not_ok "bash completes --format="
  [ "$(complete_bash jgflint --explain off-b)" = "off-board" ] && ok "bash completes --explain" || not_ok "bash completes --explain"
  [ "$(complete_bash jgflint server --cl)" = "--clientProcessId" ] && ok "bash completes the server's --cl" || not_ok "bash completes the server's --cl"
  [ "$(complete_bash jgflint server --max-memory '')" = "" ] && ok "… and nothing after --max-memory" || not_ok "… and nothing after --max-memory"
  [ "$(complete_bash jgflint versi)" = "version" ] && ok "bash completes the subcommand versi" || not_ok "bash completes the subcommand versi"
  [ "$(complete_bash jgflint help dup)" = "duplicates" ] && ok "bash completes help's subcommand" || not_ok "bash completes help's subcommand"
  [ "$(complete_bash jgflint rule off-b)" = "off-board" ] && ok "bash completes rule's RULE" || not_ok "bash completes rule's RULE"
fi
make -s -C "$(dirname "$JGFLINT")" install-dist_bashcompletionDATA install-dist_zshcompletionDATA \
  DESTDIR="$tmp/inst" > /dev/null 2>&1
find "$tmp/inst" -type f > files
grep -q '/share/bash-completion/completions/jgflint$' files && grep -q '/share/zsh/site-functions/_jgflint$' files &&
  ok "make install DESTDIR= installs both completions" || not_ok "make install DESTDIR= installs both completions"

# --- jgflint server's options, from the same table as check's (issue 49):
# spelt out whole, a did-you-mean, check's said to be check's, a missing
# value said; what editors pass still taken (stdin is empty: the server
# starts, reads the end of its input and exits 1).
run "server --stdio --clientProcessId 123 -v: what editors pass" 1 server --stdio --clientProcessId 123 -v
has "… the server ran" err "^jgflint server: the input ended without shutdown and exit"
hasnt "… 123 is --clientProcessId's, not a PATH" err "PATH"
run "server --clientProcessId=123 --verbose --max-memory=1M" 1 server --clientProcessId=123 --verbose --max-memory=1M
has "… the server ran" err "^jgflint server: the input ended"
run "-v --max-memory 1M server: options before the word are the server's" 1 -v --max-memory 1M server
has "… the server ran" err "^jgflint server: the input ended"
run "server --verbos" 2 server --verbos
has "… gets a did-you-mean" err "^jgflint server: unknown option '--verbos'; did you mean '--verbose'?$"
has "… and the server's --help" err "^Try 'jgflint server --help'.$"
run "server --max-mem 1M: no prefix of a long option selects it" 2 server --max-mem 1M
has "… did you mean --max-memory" err "^jgflint server: unknown option '--max-mem'; did you mean '--max-memory'?$"
run "server --clientProcessIdentifier 1: nor a longer word" 2 server --clientProcessIdentifier 1
has "… unknown" err "^jgflint server: unknown option '--clientProcessIdentifier'"
run "server --fix" 2 server --fix
has "… is check's" err "^jgflint server: --fix is an option of jgflint check, not of server$"
run "--max-differ 1 server" 2 --max-differ 1 server
has "… is duplicates'" err "^jgflint server: --max-differ is an option of jgflint duplicates, not of server$"
run "--stdio a.jgf: the server's option given to check" 2 --stdio a.jgf
has "… is the server's" err "^jgflint: --stdio is an option of jgflint server, not of check$"
run "server --max-memory (no value)" 2 server --max-memory
has "… says it needs one" err "^jgflint server: option '--max-memory' needs an argument$"
run "server --max-memory lots" 2 server --max-memory lots
has "… not a size" err "^jgflint server: --max-memory takes a size (bytes, or with K, M or G), not 'lots'$"
run "server --verbose=yes" 2 server --verbose=yes
has "… takes none" err "^jgflint server: option '--verbose' takes no argument$"
run "server a.jgf" 2 server a.jgf
has "… takes no PATH" err "^jgflint server: takes no PATH, only options ('a.jgf')"
run "server --help" 0 server --help
has "… its usage" out "^Usage: jgflint server "
# Its --help and the man page's list (EDITORS) name exactly the options
# the table gives it.
table_options SERVER > server.table
[ "$(wc -l < server.table)" -ge 7 ] && ok "the server's options are found in the table" || not_ok "the server's options are found in the table"
sed -n 's/^  \(-[a-zA-Z], \)\{0,1\}\(--[a-zA-Z-]*\).*/\1\2/p' "$tmp/out" | tr ',' '\n' | tr -d ' ' | grep . | sort -u > server.help
sed -n '/^\.SH EDITORS/,/^\.SH /p' "$TOP_SRCDIR/man/jgflint.1" | sed -n '/^\.T[PQ]/{n;p}' | sed 's/\\-/-/g; s/\\f[BIR]//g' |
  grep -o -- '\(^\|[ ,"]\)--\{0,1\}[a-zA-Z][a-zA-Z-]*' | tr -d ' ,"' | grep '^-' | sort -u > server.man
grep -o -- 'compgen -W "--max-memory[^"]*"' "$TOP_SRCDIR/completions/jgflint" | sed 's/compgen -W "//; s/"$//' | tr ' ' '\n' | grep . | sort -u > server.bash
grep -o -- 'compadd -- --max-memory.*' "$TOP_SRCDIR/completions/_jgflint" | sed 's/compadd -- //' | tr ' ' '\n' | grep . | sort -u > server.zsh
for f in help man bash zsh; do
  if cmp -s server.table server.$f; then ok "the server's $f names exactly its options"
  else not_ok "the server's $f names exactly its options"; diff server.table server.$f | sed 's/^/# /'; fi
done

# --- The man page's DESCRIPTION on moves off the board, as the replay does
# (issue 48): Seki's pass point (x = y = size) is replayed as a pass, any
# other point off the board ends the line; not "a move off the board is
# replayed as a pass".
man=$TOP_SRCDIR/man/jgflint.1
sed -n '/^\.SH DESCRIPTION/,/^\.SH /p' "$man" | tr '\n' ' ' > desc
if grep -qF "A move at Seki's pass point (x = y = the board's size" desc &&
   grep -qF "any other move off the board ends its line's replay" desc &&
   ! grep -qF "a move off the board is replayed as a pass" desc; then
  ok "the man page's DESCRIPTION: Seki's pass point is replayed as a pass, any other move off the board ends the line"
else
  not_ok "the man page's DESCRIPTION: Seki's pass point is replayed as a pass, any other move off the board ends the line"
fi
printf '{"record":{"format":"JGF","version":2},"board":{"size":9},"tree":[{},{"move":{"color":"black","x":%s,"y":%s}},{"move":{"color":"white","x":3,"y":3}},{"move":{"color":"black","x":3,"y":3}}]}\n' 9 9 > seki-pass.jgf
printf '{"record":{"format":"JGF","version":2},"board":{"size":9},"tree":[{},{"move":{"color":"black","x":%s,"y":%s}},{"move":{"color":"white","x":3,"y":3}},{"move":{"color":"black","x":3,"y":3}}]}\n' 12 3 > off.jgf
run "… (9, 9) on 9×9 is a pass: the line goes on (move 3 on an occupied point)" 1 --no-config --format concise seki-pass.jgf
has "… found" out 'move 3 (black at D6 (3, 3)) is on an occupied point'
run "… (12, 3): the line ends there (off-board only)" 1 --no-config --format concise off.jgf
hasnt "… no move after it replayed" out 'occupied-point'

tap_done
