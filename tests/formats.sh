#!/bin/sh
# Golden tests of every output format (and --statistics, --quiet) on
# testdata/formats/, including a path and messages that need escaping, and
# findings about positions (go.jgf: their nodes and points in json, related
# locations in SARIF). The
# expected outputs are testdata/formats/expected/NAME.out; `--update`
# rewrites them (review the diff by eye). In SARIF, the absolute URI of the
# working directory is replaced by file:///SRCROOT/, and the address of the
# rule pages (configure --with-rule-docs-url) by RULE-DOCS/. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR" || exit 1
update=no
[ "${1:-}" = --update ] && update=yes
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp" "$tmp.rules.sarif" "$tmp.none.sarif"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
cwd_uri="file://$(pwd)/"

# run NAME ARGS...: jgflint ARGS on the fixtures, stdout and exit status.
run() {
  name=$1; shift
  env -u GITHUB_ACTIONS -u FORCE_COLOR -u NO_COLOR -u COLUMNS "$JGFLINT" "$@" \
    testdata/formats/findings.jgf "testdata/formats/odd name, 100%: x.jgf" testdata/formats/go.jgf \
    > "$tmp" 2>&1
  echo "exit: $?" >> "$tmp"
  # helpUri follows where the rule pages are (the build's, configure's
  # --prefix or --with-rule-docs-url); the html report links them only on
  # the web, else names the rule with jgflint --explain, as here.
  sed -i -e "s|$cwd_uri|file:///SRCROOT/|" -e 's|"helpUri": "[^"]*/\([a-z0-9-]*\.html\)"|"helpUri": "RULE-DOCS/\1"|' \
    -e 's|<a\( class=r\)\{0,1\} href="[^"]*/\([a-z0-9-]*\)\.html">\([a-z0-9-]*\)</a>|<span\1 title="jgflint --explain \3">\3</span>|g' "$tmp"
  expected=testdata/formats/expected/$name.out
  if [ $update = yes ]; then
    mkdir -p testdata/formats/expected && cp "$tmp" "$expected"
    ok "$name (updated)"
  elif cmp -s "$tmp" "$expected"; then
    ok "$name"
  else
    not_ok "$name"
    diff -u "$expected" "$tmp" | sed 's/^/# /'
  fi
}

run text --format text
run text-color --format text --color=always
run concise --format concise
run json --format json
run sarif --format sarif
run github --format github
run junit --format junit
run checkstyle --format checkstyle
run rdjson --format rdjson
run html --format html
run statistics --format concise --statistics
run json-statistics --format json --statistics
run quiet --format concise --quiet
run default-not-a-terminal

# SARIF fingerprints stay when lines are added above a finding, even when
# its message quotes a position; two findings at one place still differ.
fingerprints() {
  "$JGFLINT" --format sarif --stdin-filename rec.jgf - 2> /dev/null |
    sed -n 's/.*"jgflint\/v2": "\(.*\)".*/\1/p' | tr '\n' ' '
}
rec='{"record": {"format": "JGF", "version": 2}, "tree": [{}],
 "game": {"result": "B+R", "result": "W+R", "result": "0"}, "board": {"size": 9, "size": 19}}'
before=$(printf '%s\n' "$rec" | fingerprints)
after=$(printf '\n\n%s\n' "$rec" | fingerprints)
if [ -n "$before" ] && [ "$before" = "$after" ] && [ "$(echo $before | wc -w)" = 3 ] &&
   [ "$(printf '%s\n' $before | sort -u | wc -l)" = "$(echo $before | wc -w)" ]; then
  ok "sarif fingerprints survive lines added above (${before% })"
else
  not_ok "sarif fingerprints survive lines added above: '$before' then '$after'"
fi
# SARIF lists the rules the run reported, once each, in the order of their
# first finding, which ruleIndex counts; not the whole catalogue (issue
# 48: 250 KB of a one-file report), and none for a run without findings.
"$JGFLINT" --format sarif "$TOP_SRCDIR/testdata/examples/findings.jgf" 2> /dev/null > "$tmp.rules.sarif"
"$JGFLINT" --format sarif "$TOP_SRCDIR/testdata/examples/clean.jgf" 2> /dev/null > "$tmp.none.sarif"
if python3 - "$tmp.rules.sarif" "$tmp.none.sarif" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
first = []
for res in run["results"]:
    if res["ruleId"] not in first:
        first.append(res["ruleId"])
assert ids == first and len(ids) >= 2, (ids, first)
assert all(ids[res["ruleIndex"]] == res["ruleId"] for res in run["results"])
assert json.load(open(sys.argv[2]))["runs"][0]["tool"]["driver"]["rules"] == []
PY
then ok "sarif: the rules the run reported, in the order of their first finding, and none more"
else not_ok "sarif: the rules the run reported, in the order of their first finding, and none more"; fi
# A full temporary directory (a tmpfs of 32 kB, in a mount namespace of its
# own, mounted on a directory of the test's and named by TMPDIR, never over
# /tmp, where the clone or the build may be) loses the findings a document
# format spools: jgflint says so, exits 2 and writes no report that looks
# whole. Before the spool honoured TMPDIR, it went to /tmp and this passed.
for format in json sarif rdjson gitlab; do
  if ! unshare -m true 2> /dev/null; then
    ok "$format: a full temporary directory # SKIP unshare -m is not permitted here"
    continue
  fi
  full=$(mktemp -d) && small=$(mktemp -d) || exit 1
  # shellcheck disable=SC2016
  unshare -m sh -c 'mount -t tmpfs -o size=32k tmpfs "$1" && TMPDIR=$1 && export TMPDIR && shift &&
    exec "$@"' sh "$small" "$JGFLINT" --no-config --format "$format=$full/report" testdata/rules/*/*.jgf \
    > /dev/null 2> "$tmp"
  status=$?
  if [ $status -eq 2 ] && grep -q "$format report: the findings could not be spooled" "$tmp" &&
     [ -z "$(ls -A "$full")" ]; then
    ok "$format: a full temporary directory: exit 2, said, no report written"
  else
    not_ok "$format: a full temporary directory: exit 2, said, no report written (status $status)"
    sed 's/^/# /' "$tmp"; ls -A "$full" | sed 's/^/# /'
  fi
  rm -rf "$full" "$small"
done
tap_done
