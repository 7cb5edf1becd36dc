#!/bin/sh
# The rule pages (build-aux/rule-docs.sh --html, made by make into
# rule-pages/) and every link to them the program prints: --explain's Page,
# SARIF's helpUri, --list-rules --format json's url, rdjson's url and the
# editor server's codeDescription.href and hover. Each is BASE/RULE.html for
# one BASE, a page that is there: with a web address (configure
# --with-rule-docs-url) that one, and the site (WEB_DIST, else web/dist)
# serves every page under rules/; else the pages beside the program in its
# build directory (rule-pages/), or those make install puts in DOCDIR/rules
# for the installed program, or (a copy with neither) no link at all. Each page's text is the rule's --explain (without its Page), its
# links are relative and lead to files beside it, and each of its examples
# that opens in the playground (a share link, in the site's pages) gets
# the rule's finding when it fails and not when it passes. TAP output.
# Environment: JGFLINT, TOP_SRCDIR, TOP_BUILDDIR (as every test); WEB_DIST.
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
build=${TOP_BUILDDIR:-$(dirname "$JGFLINT")}
command -v python3 > /dev/null 2>&1 || { echo "1..0 # SKIP python3 not found"; exit 0; }
pages=$build/rule-pages
[ -f "$pages/index.html" ] || { echo "1..0 # SKIP no $pages (make builds it)"; exit 0; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
TAP_LOGS="$tmp/log"
ids=$("$JGFLINT" --list-rules | awk '{print $1}')
nrules=$(echo "$ids" | wc -l)

# --- The pages against --explain.
# pages.py DIR JGFLINT [SITE]: each page's <main> as text is --explain
# without its Page section (whitespace aside); every href and src is
# relative and names a file of DIR (the playground's, ../index.html, one of
# SITE); the share links decoded (web/share.js's format) into EXAMPLES/.
cat > "$tmp/pages.py" <<'PY'
import base64, html, json, os, re, subprocess, sys, zlib
from html.parser import HTMLParser
d, jgflint, site, out = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
ids = subprocess.run([jgflint, "--list-rules"], capture_output=True, text=True).stdout.split("\n")
ids = [l.split()[0] for l in ids if l.strip()]
# A page's <main> as text, as a browser shows it (a block's tags part its
# words, an inline element's do not; a paragraph, an item or a cell ends
# where the next begins), but its tables: each a list of rows of cells;
# and without the paragraphs of its examples' links (<p class=open>).
INLINE = {"a", "code", "em", "strong", "span"}
class Page(HTMLParser):
    def __init__(self):
        super().__init__(); self.main = 0; self.skip = 0; self.text = []; self.links = []
        self.tables = []; self.table = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag not in INLINE: self.skip = 0; self.text.append("\n")
        if tag == "main": self.main = 1
        if tag == "p" and a.get("class") == "open": self.skip = 1
        for k in ("href", "src"):
            if k in a: self.links.append(a[k])
        if tag == "table" and self.main: self.table = []; self.tables.append(self.table)
        if tag == "tr" and self.table is not None: self.table.append([])
        if tag in ("td", "th") and self.table: self.table[-1].append("")
    def handle_endtag(self, tag):
        if tag not in INLINE: self.skip = 0; self.text.append("\n")
        if tag == "main": self.main = 0
        if tag == "table": self.table = None
    def handle_data(self, data):
        if self.table is not None:
            if self.table and self.table[-1]: self.table[-1][-1] += data
        elif self.main and not self.skip: self.text.append(data)
# Whitespace aside, and `code` (a <code> in the page's prose).
words = lambda s: " ".join(s.replace("`", "").split())
# An explanation's Markdown tables ("| a | b |" rows, a row of dashes under
# the first), each a list of rows of cells, and its other lines.
row = re.compile(r"^\s*\|.*\|\s*$")
def tables_of(lines):
    tables, rest, prev = [], [], False
    for l in lines:
        if not row.match(l):
            rest.append(l); prev = False; continue
        if not prev: tables.append([])
        prev = True
        cells = re.split(r"(?<!\\)\|", l.strip()[1:-1])
        if not all(re.fullmatch(r"\s*:?-+:?\s*", c) for c in cells):
            tables[-1].append([words(c.replace("\\|", "|")) for c in cells])
    return tables, rest
# An explanation's examples under Fails and Passes: each line that starts
# (in its section) with an SGF game tree's "(;" or a JSON bracket, or is
# indented further (an example that is not JSON: a GIB, NGF or UGF record,
# a shell session), by section.
def examples_of(lines):
    out, sec = [], None
    for l in lines:
        if l and not l.startswith(" "): sec = l; continue
        if sec in ("Fails", "Passes") and re.match(r"^  (\(;|[[{]|  +\S)", l):
            out.append((sec, l.strip()))
    return out
# A page's code blocks under Fails and Passes: each a <pre> whose one child
# is a <code>, as its lines (whitespace at their ends aside), by section.
def code_of(s):
    out = []
    for sec, body in re.findall(r"<h2>(Fails|Passes)</h2>(.*?)(?=<h2>|</main>)", s, re.S):
        for code in re.findall(r"<pre><code>(.*?)</code></pre>", body, re.S):
            out += [(sec, l.strip()) for l in html.unescape(code).split("\n")]
    return out
bad, nlinks, examples, ntables, ncode = [], 0, [], 0, 0
files = sorted(f for f in os.listdir(d) if f.endswith(".html"))
if sorted(files) != sorted([i + ".html" for i in ids] + ["index.html"]):
    bad.append("pages: %s" % files)
for f in files:
    src = open(os.path.join(d, f), encoding="utf-8").read()
    p = Page(); p.feed(src)
    for link in p.links:
        nlinks += 1
        path, _, frag = link.partition("#")
        if re.match(r"^[a-z]+:|^/", link):
            bad.append("%s: %s is not relative" % (f, link)); continue
        if frag.startswith("share=1"):
            examples.append((f[:-5], frag))
        base = site if path.startswith("../") else d
        if not os.path.isfile(os.path.join(base, path[3:] if path.startswith("../") else path)):
            bad.append("%s: %s leads to no file" % (f, link))
    if f == "index.html":
        continue
    want = subprocess.run([jgflint, "--explain", f[:-5]], capture_output=True, text=True).stdout
    want = want[:want.rindex("\nPage\n")].split("\n")
    # Each example a code block (an SGF one was once a paragraph, its
    # lines run together); every <pre> a <pre><code>.
    code = code_of(src)
    lost = [l for l in examples_of(want) if l not in code]
    ncode += len(examples_of(want))
    if lost or not src.count("<pre") == src.count("<pre><code>") == src.count("</code></pre>"):
        bad.append("%s: an example is not a <pre><code> block: %s" % (f, lost[:1] or "a <pre> without its <code>"))
    tables, want = tables_of(want)
    ntables += len(tables)
    if [[[words(c) for c in r] for r in t] for t in p.tables] != tables:
        bad.append("%s: its tables are not --explain's (%d of %d)" % (f, len(p.tables), len(tables)))
    if any(row.match(l) for l in "".join(p.text).split("\n")):
        bad.append("%s: a table's row is left as text" % f)
    # The page's title and list items: "ID (CATEGORY, …)" as a heading
    # and its line, "- " as a list's bullet.
    want[0] = re.sub(r"^(\S+) \((.*)\)$", r"\1 \2", want[0])
    want = "\n".join(re.sub(r"^(\s*)- ", r"\1", l) for l in want)
    if words("".join(p.text)) != words(want):
        bad.append("%s: its text is not --explain's" % f)
os.makedirs(out, exist_ok=True)
for k, (rule, frag) in enumerate(examples):
    method = frag[len("share=1")]
    assert method in "nd"
    b = frag[len("share=1n"):]
    data = base64.urlsafe_b64decode(b + "=" * (-len(b) % 4))
    if method == "d":   # raw DEFLATE, as the site's links are (web/share-links.cjs)
        data = zlib.decompress(data, -15)
    n = int.from_bytes(data[:4], "big")
    header = json.loads(data[4:4 + n])
    name = "%03d-%s" % (k, header["name"])
    open(os.path.join(out, name), "wb").write(data[4 + n:])
    print("example", rule, name)
print("links", nlinks)
print("tables", ntables)
print("code", ncode)
for b in bad: print("bad", b)
PY
python3 "$tmp/pages.py" "$pages" "$JGFLINT" "" "$tmp/none" > "$tmp/installed" 2> "$tmp/log"
check "$nrules pages, each the text of its --explain, and an index ($(sed -n 's/^links //p' "$tmp/installed") links, all relative, to files beside them)" \
  '[ $? -eq 0 ] && ! grep -q "^bad" "$tmp/installed"' || grep '^bad' "$tmp/installed" | head | sed 's/^/# /'
check "the installed pages link no example to a playground (none is installed)" '! grep -q "^example" "$tmp/installed"'
check "the $(sed -n 's/^tables //p' "$tmp/installed") tables of the rules' explanations each a <table> of its page (its header, rows and cells), no row of pipes left as text" \
  '[ "$(sed -n "s/^tables //p" "$tmp/installed")" -gt 0 ] && ! grep -q "^bad.*table" "$tmp/installed"'

# --- Every link the program prints: BASE/RULE.html for every rule.
# links PROG: "RULE URL" for each link PROG prints (--explain, --list-rules
# json, SARIF, rdjson, the editor server's diagnostics and hover).
links() {
  prog=$1
  "$prog" --list-rules --format json > "$tmp/rules.json"
  for id in $ids; do
    echo "$id $("$prog" --explain "$id" | awk 'p { sub(/^ +/, ""); print; exit } /^Page$/ { p = 1 }')"
  done | awk 'NF == 2'
  sed -n 's/^ *"url": "\(.*\)",\{0,1\}$/\1/p' "$tmp/rules.json" | sed 's|.*/\([a-z0-9-]*\)\.html$|\1 &|'
  # SARIF lists the rules of its findings; rdjson names the pages of the findings' rules
  # when they are on the web.
  "$prog" --no-config --format sarif "$TOP_SRCDIR/testdata/formats/findings.jgf" 2> /dev/null |
    sed -n 's/^ *"helpUri": "\(.*\)",\{0,1\}$/\1/p' | sed 's|.*/\([a-z0-9-]*\)\.html$|\1 &|'
  "$prog" --no-config --format rdjson "$TOP_SRCDIR/testdata/formats/findings.jgf" 2> /dev/null |
    python3 -c 'import json, sys
for d in json.load(sys.stdin)["diagnostics"]:
    u = d.get("code", {}).get("url")
    if u: print(d["code"]["value"], u)'
  # The editor server: a document with findings, its diagnostics' links and
  # the hover of the first.
  python3 - "$prog" "$TOP_SRCDIR/testdata/formats/findings.jgf" 2> "$tmp/log" <<'PY'
import json, os, subprocess, sys
p = subprocess.Popen([sys.argv[1], "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def send(m):
    b = json.dumps(m).encode()
    p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(b) + b); p.stdin.flush()
def read():
    n = 0
    while True:
        line = p.stdout.readline()
        if line in (b"\r\n", b""): break
        if line.lower().startswith(b"content-length:"): n = int(line.split(b":")[1])
    return json.loads(p.stdout.read(n))
def answer(i):
    while True:
        m = read()
        if m.get("id") == i and "method" not in m: return m
        if m.get("method") == "textDocument/publishDiagnostics": diags.append(m)
diags = []
uri = "file://" + os.path.abspath(sys.argv[2])
send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {
    "textDocument": {"hover": {"contentFormat": ["plaintext"]}}}, "rootUri": None}})
answer(1)
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
    "uri": uri, "languageId": "json", "version": 1, "text": open(sys.argv[2]).read()}}})
while not diags:
    m = read()
    if m.get("method") == "textDocument/publishDiagnostics": diags.append(m)
ds = diags[-1]["params"]["diagnostics"]
for d in ds:
    if "codeDescription" in d: print(d["code"], d["codeDescription"]["href"])
send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
    "textDocument": {"uri": uri}, "position": ds[0]["range"]["start"]}})
for line in answer(2)["result"]["contents"]["value"].split("\n"):
    if line.startswith("rule page: "): print(ds[0]["code"], line[len("rule page: "):])
send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}); answer(3)
send({"jsonrpc": "2.0", "method": "exit"}); p.wait(10)
PY
}
links "$JGFLINT" > "$tmp/links"
base=$(sed -n 's/^ *"url": "\(.*\)\/[a-z0-9-]*\.html",\{0,1\}$/\1/p' "$tmp/rules.json" | head -1)
server=$(grep -c . "$tmp/links")
bad=$(awk -v base="$base" '$2 != base "/" $1 ".html"' "$tmp/links" | head -3)
check "$server links (--explain, --list-rules json, SARIF, rdjson, the editor server's diagnostics and hover) each name BASE/RULE.html, BASE $base" \
  '[ -n "$base" ] && [ -z "$bad" ] && [ "$(cut -d" " -f1 "$tmp/links" | sort -u | wc -l)" -eq "$nrules" ]' ||
  echo "# $bad"

# The base configure chose (--with-rule-docs-url, else file://DOCDIR/rules).
configured=$(printf 'rule-docs-url:\n\t@echo RULE_DOCS_URL=$(RULE_DOCS_URL)\n' |
  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$build" -f Makefile -f - rule-docs-url |
  sed -n 's/^RULE_DOCS_URL=//p')
case $configured in
  file://*)
    # The program run where it was built links the pages make put beside it
    # (the configured folder is not there until make install).
    check "the program in its build directory links the pages beside it ($base)" \
      '[ "$base" = "file://$(cd "$build" && pwd -P)/rule-pages" ]'
    missing=$(awk '{print $2}' "$tmp/links" | sort -u | while read -r url; do
      [ -f "${url#file://}" ] || echo "$url"; done)
    check "... each a page there ($(echo "$missing" | grep -c .) missing)" '[ -z "$missing" ]' ||
      echo "$missing" | head -3 | sed 's/^/# /'
    # A copy elsewhere, with no pages beside it: the installed ones when
    # they are there, else no link at all (not a page that does not exist).
    mkdir "$tmp/bin" && cp "$JGFLINT" "$tmp/bin/jgflint"
    links "$tmp/bin/jgflint" > "$tmp/copy-links"
    if [ -f "${configured#file://}/index.html" ]; then
      bad=$(awk -v base="$configured" '$2 != base "/" $1 ".html"' "$tmp/copy-links" | head -3)
      check "a copy of the program elsewhere links the installed pages ($configured)" \
        '[ -s "$tmp/copy-links" ] && [ -z "$bad" ]' || echo "# $bad"
    else
      check "a copy of the program elsewhere, nothing installed at $configured: no link (--explain without its Page, --list-rules json's url null, no helpUri, no codeDescription)" \
        '! [ -s "$tmp/copy-links" ] && [ "$(grep -c "\"url\": null" "$tmp/rules.json")" -eq "$nrules" ] &&
         "$tmp/bin/jgflint" --explain ko-retake | grep -q "^Passes$"' || sed 's/^/# /' "$tmp/copy-links" | head -3
    fi
    base=$configured ;;
esac

case $base in
  file://*)
    # make install: every page the installed program links (BASE/RULE.html
    # of the configured base) is installed (as tests/lib.sh, into a DESTDIR
    # of its own), the same as rule-pages/.
    make -s -C "$build" install DESTDIR="$tmp/dest" > "$tmp/log" 2>&1
    missing=$(awk '{print $1}' "$tmp/links" | sort -u | while read -r id; do
      url=$base/$id.html f=$tmp/dest${base#file://}/$id.html
      cmp -s "$f" "$pages/${url##*/}" || echo "$url"
    done)
    check "make install puts each page where the installed program's links point ($(echo "$missing" | grep -c .) missing)" '[ -z "$missing" ]' ||
      echo "$missing" | head -3 | sed 's/^/# /'
    docs=$tmp/dest${base#file://}
    check "... with its index and style sheet, so its links resolve there too" \
      '[ -f "$docs/index.html" ] && [ -f "$docs/style.css" ] && [ "$(ls "$docs" | wc -l)" -eq $((nrules + 2)) ]' ;;
  http://* | https://*)
    site=${WEB_DIST:-$build/web/dist}
    if [ -f "$site/rules/index.html" ]; then
      missing=$(awk '{print $1}' "$tmp/links" | sort -u | while read -r id; do
        [ -f "$site/rules/$id.html" ] || echo "$id"; done)
      check "the site's rules/ (the base URL's pages) has each page the links name" '[ -z "$missing" ]'
    else
      ok "# SKIP no site (make web) to hold the pages at $base"
    fi ;;
  *) not_ok "the base of the links is a file:// or web address ($base)" ;;
esac

# --- The site's pages: the same text, and examples that open in the
# playground as they say (the site: WEB_DIST, else web/dist of the build).
site=${WEB_DIST:-$build/web/dist}
if [ -f "$site/rules/index.html" ] && [ -f "$site/index.html" ]; then
  python3 "$tmp/pages.py" "$site/rules" "$JGFLINT" "$site" "$tmp/ex" > "$tmp/site" 2> "$tmp/log"
  check "the site's $nrules pages: each the text of its --explain, every link relative and to a file of the site" \
    '[ $? -eq 0 ] && ! grep -q "^bad" "$tmp/site"' || grep '^bad' "$tmp/site" | head | sed 's/^/# /'
  total=$(grep -c '^example' "$tmp/site")
  wrong=$(grep '^example' "$tmp/site" | while read -r _ rule name; do
    fires=$(cd "$tmp/ex" && "$JGFLINT" --no-config --format concise "$name" 2> /dev/null | grep -c "\[$rule\]$")
    case $name in
      *-fails*) [ "$fires" -gt 0 ] || echo "$rule:$name" ;;
      *-passes*) [ "$fires" -eq 0 ] || echo "$rule:$name" ;;
      *) echo "$rule:$name" ;;
    esac
  done)
  check "$total examples open in the playground: the failing ones get their rule's finding, the passing ones not" \
    '[ "$total" -gt 100 ] && [ -z "$wrong" ]' || echo "# $wrong" | head -3
else
  ok "# SKIP no site (make web, or WEB_DIST) for the pages with playground links"
  ok "# SKIP no site"
fi

# A rule page that gives coordinates zero-based also gives the point as
# players name it, as the findings do (D16 (3, 3), Q10 (x 15, y 9): the
# column's letter, the row counted from the bottom) (issue 37).
: > "$tmp/log"
for f in "$TOP_SRCDIR"/docs/rules/*.md; do
  tr '\n' ' ' < "$f" | grep -q 'zero-based' || continue
  { tr '\n' ' ' < "$f" | grep -Eq '[A-HJ-Z][0-9]+ \((x )?[0-9]+, (y )?[0-9]+\)' &&
    tr '\n' ' ' < "$f" | grep -Eq 'row [0-9]+ counted from the bottom'; } || echo "${f##*/}" >> "$tmp/log"
done
check "every rule page giving zero-based coordinates names the point as players do (D16 (3, 3), the row from the bottom)" '! [ -s "$tmp/log" ]'

# Each page's footer names the version alone: --version's first line (a
# build with test hooks said so on a second, which the footer once took in:
# "jgflint 0.2.0<newline>hooks:"; the test program alone says so now).
version=$("$JGFLINT" --version | sed -n '1s/^jgflint //p')
bad=$(grep -L "<footer>jgflint $version\( · .*\)\?</footer>" "$pages"/*.html)
check "every rule page's footer is \"jgflint $version\" on one line" '[ -z "$bad" ]'
[ -z "$bad" ] || echo "$bad" | head -3 | sed 's/^/# /'

# Every example of a rule (an SGF one was once a paragraph of the page,
# its lines run together) is code as in the Markdown pages (the installed
# pages here, the site's in its check above).
check "the $(sed -n 's/^code //p' "$tmp/installed") lines of the rules' examples (under Fails and Passes: SGF, JSON, and those indented further) each in a <pre><code> block of its page" \
  '[ "$(sed -n "s/^code //p" "$tmp/installed")" -gt 300 ] && ! grep -q "^bad.*example is not" "$tmp/installed"'

# The editor server's hover decides which lines of a rule's explanation
# are an example as the pages do (src/server/markdown.c beside
# build-aux/rule-docs.sh): for every rule, the code blocks of its hover in
# Markdown (tests/unit/hover_md, which make check builds) are those of its
# Markdown page, as many and each the same lines.
hover=$build/tests/unit/hover_md
if [ -x "$hover" ]; then
  mkdir "$tmp/md" && sh "$TOP_SRCDIR/build-aux/rule-docs.sh" "$JGFLINT" "$tmp/md" 2> "$tmp/log" &&
    "$hover" > "$tmp/hover.md" 2>> "$tmp/log" &&
    python3 - "$tmp/md" "$tmp/hover.md" > "$tmp/hover" 2>> "$tmp/log" <<'PY'
import os, re, sys
md_dir, hover = sys.argv[1], open(sys.argv[2], encoding="utf-8").read()
fence = re.compile(r"^```\w*\n(.*?)^```$", re.M | re.S)
rules = re.split(r"^@@ (\S+)\n", hover, flags=re.M)[1:]
blocks = 0
for rule, md in zip(rules[0::2], rules[1::2]):
    page = open(os.path.join(md_dir, rule + ".md"), encoding="utf-8").read()
    want, got = fence.findall(page), fence.findall(md)
    blocks += len(want)
    if want != got:
        print("bad %s: the page's %d code blocks, the hover's %d; first apart: %r against %r" %
              (rule, len(want), len(got), next((w for w, g in zip(want + [""], got + [""]) if w != g), ""),
               next((g for w, g in zip(want + [""], got + [""]) if w != g), "")))
print("rules %d" % (len(rules) // 2))
print("blocks %d" % blocks)
PY
  check "every rule's hover ($(sed -n 's/^rules //p' "$tmp/hover") rules) shows its examples as its page: the same $(sed -n 's/^blocks //p' "$tmp/hover") code blocks, each the same lines" \
    '[ "$(sed -n "s/^rules //p" "$tmp/hover")" = "$nrules" ] && [ "$(sed -n "s/^blocks //p" "$tmp/hover")" -gt 200 ] && ! grep -q "^bad" "$tmp/hover"'
  grep '^bad' "$tmp/hover" | head -5 | sed 's/^/# /'
else
  skip "every rule's hover shows its examples as its page: no $hover (make check builds it)"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
