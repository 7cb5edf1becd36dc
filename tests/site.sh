#!/bin/sh
# The site of `make release` (jgflint-site-VERSION.tar.gz: the playground
# and a page per rule) as a static host serves it: unpacked into a
# subfolder of a web server's root (python3 -m http.server), every page,
# script, style sheet and module it names is fetched from there (HTTP 200)
# and every link is relative; it holds rules/RULE.html for each rule of
# --list-rules, with --explain's summary. Its entries are ordered and
# dated as make dist's. And the static program of the same release, which
# has no rule pages beside it, links to this site (JGFLINT_SITE_URL, make
# release's SITE_URL): --explain's Page, --list-rules --format json's urls
# and SARIF's helpUri each name SITE_URL/rules/RULE.html, a page the site
# holds; without a SITE_URL it links none. TAP output.
# Environment: JGFLINT_RELEASE_DIR (skips without it), JGFLINT_SITE_URL,
#   JGFLINT, TOP_SRCDIR.
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
rel=${JGFLINT_RELEASE_DIR:-}
[ -n "$rel" ] || { echo "1..0 # SKIP no JGFLINT_RELEASE_DIR (make release, then make release-check)"; exit 0; }
version=$("$JGFLINT" --version | sed -n 's/^jgflint //p')
site=$rel/jgflint-site-$version.tar.gz
[ -f "$site" ] || { echo "1..0 # SKIP no $site"; exit 0; }
py=/usr/bin/python3
[ -x $py ] || py=python3
exec $py - "$site" "$JGFLINT" "$version" "$rel/jgflint-$version-x86_64-linux" "${JGFLINT_SITE_URL:-}" "$TOP_SRCDIR" <<'PY'
import html.parser, http.server, json, os, re, subprocess, sys, tarfile, tempfile, threading
import urllib.error, urllib.parse, urllib.request

site, jgflint, version, static, site_url, top = sys.argv[1:]
n = failed = 0

def result(good, name, detail=""):
    global n, failed
    n += 1
    failed += not good
    print("%s %d - %s" % ("ok" if good else "not ok", n, name))
    if not good and detail:
        for line in str(detail).splitlines()[:12]:
            print("# " + line)

folder = "jgflint-site-%s" % version
tmp = tempfile.mkdtemp()
with tarfile.open(site) as t:
    members = t.getmembers()
    names = [m.name for m in members]
    bad = [m.name for m in members if not (m.name == folder or m.name.startswith(folder + "/"))
           or m.uid or m.gid or m.mtime != members[0].mtime or (m.mode & 0o022)]
    result(not bad and names == sorted(names) and members[0].mtime > 0,
           "%s: %d entries under %s/, sorted, owned by 0:0, one date" % (os.path.basename(site), len(names), folder),
           "\n".join(bad[:10]) or "not sorted")
    # The web server's root holds the site in a subfolder of a subfolder.
    root = os.path.join(tmp, "www")
    sub = os.path.join(root, "projects", "go")
    os.makedirs(sub)
    t.extractall(sub)
base_dir = os.path.join(sub, folder)

rules = json.loads(subprocess.run([jgflint, "--list-rules", "--format", "json"], capture_output=True, text=True).stdout)
ids = [r["id"] for r in rules]
missing = [i for i in ids if not os.path.isfile(os.path.join(base_dir, "rules", i + ".html"))]
first_lines = []
for i in ids:
    if i in missing:
        continue
    want = subprocess.run([jgflint, "--explain", i], capture_output=True, text=True).stdout.split("\n")[2]
    page = open(os.path.join(base_dir, "rules", i + ".html"), encoding="utf-8").read()
    if html.escape(want, quote=False) not in page and want not in page:
        first_lines.append(i)
result(not missing and not first_lines and os.path.isfile(os.path.join(base_dir, "index.html")),
       "the playground (index.html) and the %d rules' pages, each with --explain's summary" % len(ids),
       "missing: %s; other text: %s" % (missing, first_lines))

# --- Served from /projects/go/jgflint-site-VERSION/.
class Quiet(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *a, **k):
        super().__init__(*a, directory=root, **k)
    def log_message(self, *a):
        pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
threading.Thread(target=server.serve_forever, daemon=True).start()
start = "http://127.0.0.1:%d/projects/go/%s/" % (server.server_address[1], folder)

class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []
    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ("href", "src") and v is not None:
                self.links.append(v)

JS_REFS = [r"""\bimport\s[^'"]*?from\s*['"]([^'"]+)['"]""", r"""\bimport\s*['"]([^'"]+)['"]""",
           r"""new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url"""]
seen, queue, broken, absolute, fetched = set(), [start, start + "rules/index.html"], [], [], 0
while queue:
    url = queue.pop()
    if url in seen:
        continue
    seen.add(url)
    try:
        with urllib.request.urlopen(url, timeout=20) as r:
            body = r.read()
            kind = r.headers.get_content_type()
        fetched += 1
    except urllib.error.URLError as e:
        broken.append("%s (%s)" % (url[len(start):], e))
        continue
    refs = []
    if kind == "text/html" or url.endswith("/"):
        p = Links()
        p.feed(body.decode("utf-8", "replace"))
        refs = p.links
    elif url.endswith(".js"):
        text = body.decode("utf-8", "replace")
        refs = [m for pat in JS_REFS for m in re.findall(pat, text)]
    for ref in refs:
        if ref.startswith(("#", "mailto:", "data:", "?")):
            continue
        scheme = urllib.parse.urlsplit(ref).scheme
        if scheme in ("http", "https") and not ref.startswith(start):
            continue   # another site (a specification, the repository)
        if scheme or ref.startswith("/"):
            absolute.append("%s in %s" % (ref, url[len(start):]))
            continue
        target = urllib.parse.urljoin(url, ref).split("#")[0].split("?")[0]
        if target.startswith(start):
            queue.append(target)
        else:
            absolute.append("%s in %s (outside the site)" % (ref, url[len(start):]))
server.shutdown()
result(not broken and fetched > len(ids),
       "served from a subfolder (/projects/go/%s/): the %d pages, scripts, modules and files its pages and scripts name each load" % (folder, fetched),
       "\n".join(broken))
result(not absolute, "every link of the site is relative and inside it", "\n".join(absolute[:10]))

# --- The static program of the release links to this site.
if not os.path.isfile(static):
    print("ok %d - # SKIP no %s" % (n + 1, static))
    n += 1
elif not site_url:
    # No site address given (make release without SITE_URL): no link at
    # all, rather than one to a placeholder address or a folder it lacks.
    os.chmod(static, 0o755)
    explained = subprocess.run([static, "--explain", "ko-retake"], capture_output=True, text=True).stdout
    listed = json.loads(subprocess.run([static, "--list-rules", "--format", "json"], capture_output=True,
                                       text=True).stdout)
    sarif = json.loads(subprocess.run([static, "--no-config", "--format", "sarif", "testdata/rules"], cwd=top,
                       capture_output=True, text=True).stdout)
    uris = [r["helpUri"] for run in sarif["runs"] for r in run["tool"]["driver"].get("rules", []) if "helpUri" in r]
    urls = [r["url"] for r in listed if r.get("url") is not None]
    result("\nPage\n" not in explained and "Passes" in explained and len(listed) == len(ids) and not urls and not uris,
           "no SITE_URL: the static program links no page (--explain without its Page, --list-rules json's url null, no helpUri)",
           "\n".join((urls + uris)[:5]) or explained[-200:])
else:
    os.chmod(static, 0o755)
    want = ["%s/rules/%s.html" % (site_url, i) for i in ids]
    explained = [re.findall(r"\nPage\n  (\S+)\n", subprocess.run([static, "--explain", i], capture_output=True,
                 text=True).stdout) for i in ids]
    explained = [e[0] if e else "" for e in explained]
    listed = [r.get("url", "") for r in json.loads(subprocess.run([static, "--list-rules", "--format", "json"],
              capture_output=True, text=True).stdout)]
    sarif = json.loads(subprocess.run([static, "--no-config", "--format", "sarif", "testdata/rules"], cwd=top,
                       capture_output=True, text=True).stdout)
    help_uris = {r["id"]: r.get("helpUri", "") for run in sarif["runs"] for r in run["tool"]["driver"].get("rules", [])}
    bad = [u for u in explained + listed if u not in want]
    bad += ["%s: %s" % (k, v) for k, v in help_uris.items() if v != "%s/rules/%s.html" % (site_url, k)]
    exists = all(os.path.isfile(os.path.join(base_dir, u[len(site_url) + 1:])) for u in want)
    result(not bad and explained == want and listed == want and len(help_uris) > 10 and exists,
           "the static program links to the site: --explain, --list-rules json (%d each) and SARIF's helpUri (%d) name %s/rules/RULE.html, each a page of the site"
           % (len(ids), len(help_uris), site_url), "\n".join(bad[:10]))
print("1..%d" % n)
sys.exit(1 if failed else 0)
PY
