#!/bin/sh
# The report formats CI tools read, read back by those tools (or what they
# are built on), over every record of testdata/ and names and messages that
# need escaping:
#  - junit: well-formed XML (xmllint), read by junitparser (Debian's
#    python3-junitparser): one suite per file, one failing case per finding
#    with the finding as its failure, one passing case for a clean file;
#  - checkstyle: read by go-checkstyle (Debian's
#    golang-github-haya14busa-go-checkstyle-dev, the structure reviewdog
#    reads), every error the concise format's finding;
#  - rdjson: valid for the RDFormat validator (npm's
#    @umbrelladocs/rdformat-validator, strict, no extra fields; named by
#    RDFORMAT_VALIDATOR, which .ci/run installs), with the json format's
#    findings (positions in bytes: tests/output_fixes.py).
# A tool that is missing makes its tests SKIP. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree),
# RDFORMAT_VALIDATOR (the validator's command, optional).
. "$TOP_SRCDIR/tests/cli_tap.sh"
py=/usr/bin/python3
[ -x $py ] || py=python3

# The records: every fixture, a clean one, one that cannot be read, and a
# name and messages with XML's special characters, invisible characters and
# bytes that are not UTF-8.
mkdir recs
i=0
for f in "$src"/examples/*.jgf "$src"/json/*.jgf "$src"/rules/*/*.jgf "$src"/formats/*.jgf; do
  i=$((i + 1)); cp "$f" "recs/$i.jgf"
done
xname=$(printf 'recs/x <&> "q" \342\200\256 \233.jgf')
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "k<&>\\"\\u0001\\ufffe": 1, "game": {"name": "]]> \\u0000"}}\n' > "$xname"
set -- recs recs/missing.jgf

concise() { "$JGFLINT" --no-config --format concise "$@" 2> /dev/null | grep -v '^\[\*\] ' | sed 's/: \[\*\] /: /'; }
# (XML 1.0 cannot hold U+FFFE: the reports write it escaped.)
concise "$@" | sed 's/\xef\xbf\xbe/\\ufffe/g' > want.txt

# --- JUnit XML.
run "--format junit" 2 --no-config --format junit "$@"
cp "$tmp/out" junit.xml
if command -v xmllint > /dev/null 2>&1; then
  xmllint --noout junit.xml 2> "$tmp/err" && ok "… is well-formed XML (xmllint)" || not_ok "… is well-formed XML (xmllint)"
else
  skip "xmllint (libxml2-utils) is not installed"
fi
if $py -c 'import junitparser' 2> /dev/null; then
  $py - junit.xml want.txt > py.out <<'PY'
import sys
from junitparser import JUnitXml, Failure
xml = JUnitXml.fromfile(sys.argv[1])
want = [l.rstrip("\n") for l in open(sys.argv[2], encoding="utf-8", errors="surrogateescape")]
got, suites, clean, bad = [], 0, 0, []
for suite in xml:
    suites += 1
    cases = list(suite)
    if suite.tests != len(cases) or suite.failures != sum(1 for c in cases if c.result):
        bad.append("%s: tests=%s failures=%s for %d cases" % (suite.name, suite.tests, suite.failures, len(cases)))
    for case in cases:
        if case.classname != suite.name:
            bad.append("a case of %s has classname %s" % (suite.name, case.classname))
        if not case.result:
            clean += 1
            continue
        failure = case.result[0]
        if not isinstance(failure, Failure) or failure.type not in ("error", "warning", "info"):
            bad.append("%s: not a failure of a severity" % case.name)
        got.append(failure.text)
        if failure.message not in failure.text or not case.name.startswith(failure.text.rsplit("[", 1)[1][:-1]):
            bad.append("%s: the message or the name is not the finding's" % case.name)
print(("ok" if got == want else "not ok") + " - junitparser reads one failure per finding, the concise format's finding")
if got != want:
    for g, w in [(g, w) for g, w in zip(got, want) if g != w][:3] + [(len(got), len(want))]:
        print("# got  %r\n# want %r" % (g, w))
print(("ok" if not bad else "not ok") + " - every suite counts its cases and failures, named by its file")
for b in bad[:5]:
    print("# " + b)
print(("ok" if clean >= 1 and suites == 1 + len({l.split(":")[0] for l in want}) + clean - 1 else "not ok") +
      " - a file without findings is a suite with one passing case (%d suites, %d clean)" % (suites, clean))
PY
  while IFS= read -r line; do
    case $line in "ok "*) ok "${line#ok - }" ;; "not ok "*) not_ok "${line#not ok - }" ;; *) echo "$line" ;; esac
  done < py.out
else
  skip "junitparser (python3-junitparser) is not installed"
fi

# --- Checkstyle XML.
run "--format checkstyle" 2 --no-config --format checkstyle "$@"
cp "$tmp/out" checkstyle.xml
if command -v xmllint > /dev/null 2>&1; then
  xmllint --noout checkstyle.xml 2> "$tmp/err" && ok "… is well-formed XML (xmllint)" || not_ok "… is well-formed XML (xmllint)"
fi
gocs=/usr/share/gocode/src/github.com/haya14busa/go-checkstyle
if command -v go > /dev/null 2>&1 && [ -d $gocs ]; then
  if GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE="$tmp/gocache" GOFLAGS= \
       go run "$TOP_SRCDIR/tests/checkstyle_read.go" checkstyle.xml > got.txt 2> "$tmp/err"; then
    # The XML escapes what a log would: compare with the concise format's.
    if cmp -s got.txt want.txt; then ok "go-checkstyle reads every finding, as the concise format writes it"
    else not_ok "go-checkstyle reads every finding, as the concise format writes it"; diff want.txt got.txt | head -10 | sed 's/^/# /'; fi
  else
    not_ok "go-checkstyle reads the report"
  fi
else
  skip "go and go-checkstyle (golang-go, golang-github-haya14busa-go-checkstyle-dev) are not installed"
fi

# --- rdjson. ./setup.sh --check installs the validator in .test-tools/.
if [ -z "${RDFORMAT_VALIDATOR:-}" ] && [ -x "$TOP_SRCDIR/.test-tools/node_modules/.bin/rdformat-validator" ]; then
  RDFORMAT_VALIDATOR=$TOP_SRCDIR/.test-tools/node_modules/.bin/rdformat-validator
fi
run "--format rdjson" 2 --no-config --format rdjson "$@"
cp "$tmp/out" report.rdjson
$py -c '
import json, sys
rd = json.load(open(sys.argv[1]))
js = json.load(open(sys.argv[2]))["diagnostics"]
assert [d["message"] for d in rd["diagnostics"]] == [d["message"] for d in js]
assert [d["code"]["value"] for d in rd["diagnostics"]] == [d["rule"] for d in js]
assert [d["severity"] for d in rd["diagnostics"]] == [d["severity"].upper() for d in js]
' report.rdjson "$(cd "$tmp" && "$JGFLINT" --no-config --format json "$@" > js.json 2> /dev/null; echo "$tmp/js.json")" &&
  ok "… has the json format's findings, messages and severities" || not_ok "… has the json format's findings, messages and severities"
if [ -n "${RDFORMAT_VALIDATOR:-}" ]; then
  # shellcheck disable=SC2086
  if $RDFORMAT_VALIDATOR --strict --no-extra-fields report.rdjson > "$tmp/out" 2>&1; then
    ok "… is valid RDFormat (rdformat-validator --strict --no-extra-fields)"
  else
    not_ok "… is valid RDFormat (rdformat-validator --strict --no-extra-fields)"
  fi
  printf '{"diagnostics": [{"message": "m", "location": {"path": "x"}, "severity": "SEVERE"}]}\n' > bad.rdjson
  # shellcheck disable=SC2086
  if $RDFORMAT_VALIDATOR --strict --no-extra-fields bad.rdjson > "$tmp/out" 2>&1; then
    not_ok "… (the validator refuses a wrong severity)"
  else
    ok "… (the validator refuses a wrong severity)"
  fi
else
  skip "RDFORMAT_VALIDATOR is not set (npm's @umbrelladocs/rdformat-validator; .ci/run installs it)"
fi

tap_done
