#!/bin/sh
# The html format's page in a real browser: Debian's chromium, headless,
# driven by puppeteer-core (tests/html_driver.cjs), opened from file:// as an
# archive keeper opens a CI job's artifact. A report over the go rules'
# fixtures, the boards' records, the formats' fixtures and a hostile record
# (markup, a script, an image in its values and keys): no request leaves the
# page (the report itself aside), no console error, no script in it; its
# structure checked against the json format of the same run (the totals,
# each rule's count and bar, the files with the most findings, one entry per
# finding with its severity, one board per finding about a position, its
# stones those of the library's position at its node and a mark on each of
# the finding's points, each board's grid defined once). Screenshots (light
# and dark) go to WEB_ARTEFACTS. TAP output.
# Environment: JGFLINT, TOP_SRCDIR; CHROMIUM (default /usr/bin/chromium),
# PUPPETEER_DIR (as tests/web.sh: default ${XDG_CACHE_HOME:-$HOME/.cache}/
# jgflint-web-test), WEB_ARTEFACTS (default ./web-artefacts).
# Also: a full temporary directory makes no report that looks whole (with
# unshare -m; SKIP where it is not permitted). The browser's part SKIPs
# without chromium, node, puppeteer-core or python3.
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
artefacts=${WEB_ARTEFACTS:-$(pwd)/web-artefacts}
mkdir -p "$artefacts" && artefacts=$(cd "$artefacts" && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
cd "$TOP_SRCDIR" || exit 1

# A record whose values, keys, comment and name are markup, quotes, & and
# characters beyond ASCII: the page shows them as text (one escaping
# function, report_put_xml, for all of it). Each line below holds a finding,
# so the page quotes it whole.
hostile="$tmp/hostile <b>\"name\"&'é'<i>.jgf"
cat > "$hostile" <<'JGF'
{ "record": { "format": "JGF", "version": 2 },
  "game": { "name": "<script>document.title='pwned'</script>", "result": "<img src=x onerror=alert(1)>" },
  "board": { "size": 9, "cutOffTop": 2 },
  "<img src=\"http://example.com/x.png\">": 1,
  "名前 \"q\" & 'a' <b>&amp;": 2,
  "tree": [ {}, { "move": { "color": "black", "x": 4, "y": 4 } },
    { "move": { "color": "white", "x": 4, "y": 4 }, "comments": [ "</pre><iframe src=//example.com> & \"é\" '本因坊'" ] } ] }
JGF
# A key after a tab: quoted with the tab as spaces to the next stop of 8, as
# the text format shows it, not as \t.
tabbed="$tmp/tabbed.jgf"
printf '{ "record": { "format": "JGF", "version": 2 },\n\t"bogus": 1, "tree": [ {} ] }\n' > "$tabbed"
set -- testdata/formats/*.jgf testdata/boards/*.jgf testdata/examples/*.jgf \
  testdata/rules/occupied-point/*.jgf testdata/rules/ko-retake/*.jgf testdata/rules/superko/*.jgf \
  testdata/rules/suicide/*.jgf testdata/rules/setup-no-effect/*.jgf \
  testdata/rules/setup-no-liberties/*.jgf testdata/rules/same-color-twice/*.jgf \
  testdata/rules/turn-mismatch/*.jgf testdata/rules/cut-off-point/*.jgf "$hostile" "$tabbed"
# A full temporary directory (a tmpfs of 32 kB, in a mount namespace of its
# own, on a directory of the test's that TMPDIR names: never over /tmp, where
# the clone or the build may be) loses the spooled findings: jgflint says so
# and exits 2, and writes no report that looks whole, nor leaves its
# temporary file.
if unshare -m true 2> /dev/null; then
  mkdir "$tmp/full" "$tmp/small"
  # shellcheck disable=SC2016
  unshare -m sh -c 'mount -t tmpfs -o size=32k tmpfs "$1" && TMPDIR=$1 && export TMPDIR && shift &&
    exec "$@"' sh "$tmp/small" "$JGFLINT" --no-config --format html="$tmp/full/report.html" "$@" \
    > /dev/null 2> "$tmp/err"
  status=$?
  find "$tmp/full" > "$tmp/left"
  TAP_LOGS="$tmp/err $tmp/left" check "a full temporary directory: exit 2, said, no report written (status $status)" \
    '[ $status -eq 2 ] && grep -q "could not be spooled" "$tmp/err" && [ -z "$(ls -A "$tmp/full")" ]'
else
  skip "a full temporary directory: unshare -m is not permitted here"
fi

"$JGFLINT" --no-config --format html="$tmp/report.html" --format json="$tmp/report.json" "$@" \
  > /dev/null 2> "$tmp/err"
status=$?
[ $status -le 1 ] || { TAP_LOGS=$tmp/err not_ok "jgflint wrote the report (status $status)"; tap_done; exit 1; }

# The page as an HTML parser reads it (Python's html.parser, without a
# browser): every line of the hostile record that holds markup is text in a
# <pre>, its name text in a heading, and the only elements are the page's
# own (no script, iframe, img, object, embed or link; no on* attribute).
if command -v python3 > /dev/null 2>&1; then
  python3 - "$tmp/report.html" "$hostile" > "$tmp/parse" 2>&1 <<'PY'
import html.parser, os, sys
report, hostile = sys.argv[1:3]
class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.pres, self.h2s, self.bad = [], [], [], []
    def handle_starttag(self, tag, attrs):
        if tag in ("script", "iframe", "img", "object", "embed", "link") or \
           any(k.startswith("on") for k, _ in attrs):
            self.bad.append((tag, attrs))
        if tag in ("pre", "h2"):
            self.stack.append([tag, ""])
    def handle_endtag(self, tag):
        if self.stack and self.stack[-1][0] == tag:
            t, text = self.stack.pop()
            (self.pres if t == "pre" else self.h2s).append(text)
    def handle_data(self, data):
        for open_tag in self.stack:
            open_tag[1] += data
page = Page()
page.feed(open(report, encoding="utf-8").read())
lines = [l.strip() for l in open(hostile, encoding="utf-8") if "<" in l]
missing = [l for l in lines if not any(l in p for p in page.pres)]
name = "/" + os.path.basename(hostile) + " "
assert not page.bad, page.bad
assert not missing, missing
assert any(name in h for h in page.h2s), (name, page.h2s[-3:])
PY
  TAP_LOGS=$tmp/parse check_status $? "markup, quotes, & and non-ASCII in a record's values, keys, comment and name are text on the page"
else
  skip "markup in a record is text on the page: python3 not found"
fi

browser_skip() { skip "the page in headless Chromium: $1"; tap_done; exit; }
. "$TOP_SRCDIR/tests/browser.sh"
tool=$(dirname "$JGFLINT")/tests/unit/api_tool
[ -x "$tool" ] || browser_skip "no $tool"
# What the page must show, from the json report and the library's positions.
python3 - "$tool" "$tmp/report.json" "$tmp/expected.json" "$hostile" "$JGFLINT" <<'PY'
import json, os, subprocess, sys
tool, report, out, hostile, jgflint = sys.argv[1:6]
# A rule's page is linked when it is on the web (the report is read where
# it is copied to, where no file:// page of this machine is).
listed = json.loads(subprocess.run([jgflint, "--list-rules", "--format", "json"], capture_output=True).stdout)
pages = {r["id"]: r["url"] if (r["url"] or "").startswith(("http://", "https://")) else None for r in listed}
doc = json.load(open(report))
diags = doc["diagnostics"]
rules, files, boards, rule_files = {}, {}, [], {}
for d in diags:
    rules[d["rule"]] = rules.get(d["rule"], 0) + 1
    rule_files.setdefault(d["rule"], [])
    if d["path"] not in rule_files[d["rule"]]:
        rule_files[d["rule"]].append(d["path"])
    f = files.setdefault(d["path"], [0, 0, 0])
    f[["info", "warning", "error"].index(d["severity"])] += 1
by_path = {}
for d in diags:
    by_path.setdefault(d["path"], []).append(d)
for path, ds in by_path.items():
    if not any(d.get("node") for d in ds):
        continue
    got = subprocess.run([tool, "finding-positions", path], stdin=open(path, "rb"), capture_output=True)
    lines = got.stdout.decode().splitlines()
    assert len(lines) == len(ds), (path, len(lines), len(ds))
    for d, line in zip(ds, lines):
        if d.get("node"):
            pos = json.loads(line.split(" ", 1)[1])
            # One mark a point, as the text board marks it.
            on = {(p["x"], p["y"]) for p in d["points"] if 0 <= p["x"] < pos["width"] and 0 <= p["y"] < pos["height"]}
            boards.append({"stones": len(pos["stones"]), "marks": len(on), "size": "%dx%d" % (pos["width"], pos["height"])})
json.dump({"summary": doc["summary"], "severities": [d["severity"] for d in diags],
           "rules": rules, "files": files, "boards": boards, "pages": pages, "ruleFiles": rule_files,
           "hostile": {"name": os.path.basename(hostile),
                       "lines": [l.strip() for l in open(hostile, encoding="utf-8") if "<" in l]}},
          open(out, "w"))
PY
CHROMIUM=$chromium PUPPETEER_DIR=$pdir HTML_REPORT=$tmp/report.html HTML_EXPECTED=$tmp/expected.json \
  TAP_FROM=$n WEB_ARTEFACTS=$artefacts node "$TOP_SRCDIR/tests/html_driver.cjs"
