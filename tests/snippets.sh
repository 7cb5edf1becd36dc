#!/bin/sh
# The README's snippets (its Install section and the GitHub Actions, GitLab
# CI and pre-commit recipes) name the version being built and nothing that
# version does not have: every version of jgflint they name (a tag, a
# download, a package, the action's @vVERSION, an npm version) is
# `jgflint --version`'s, none pins a commit id, and every option and
# format they pass to jgflint (its command lines, the action's format and
# args, the hooks' args) is one this build accepts. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
py=/usr/bin/python3
[ -x $py ] || py=python3
if ! $py -c 'import yaml' 2> /dev/null; then echo "1..0 # SKIP needs python3-yaml"; exit 0; fi
version=$("$JGFLINT" --version | sed -n 's/^jgflint //p')
exec $py - "$TOP_SRCDIR/README.md" "$JGFLINT" "$version" <<'PY'
import re, subprocess, sys, yaml

readme, jgflint, version = sys.argv[1:]
text = open(readme, encoding="utf-8").read()
n = failed = 0

def result(good, name, detail=""):
    global n, failed
    n += 1
    failed += not good
    print("%s %d - %s%s" % ("ok" if good else "not ok", n, name, "" if good else ": " + detail))

def section(heading):
    """The text from a heading to the next heading of its level or above."""
    level = len(heading.split()[0])
    m = re.search(r"^%s\n(.*?)(?=^#{1,%d} |\Z)" % (re.escape(heading), level), text, re.S | re.M)
    return m.group(1) if m else ""

def blocks(body):
    return re.findall(r"^```[a-z]*\n(.*?)^```", body, re.S | re.M)

sections = ["## Install", "### GitHub Actions", "### GitLab CI", "### pre-commit",
            "#### pre-commit with local hooks"]
snippets = []
for h in sections:
    b = blocks(section(h))
    result(bool(b), "the README's %s section has its snippets (%d)" % (h.lstrip("# "), len(b)))
    snippets += [(h, x) for x in b]

# --- Versions: each place a snippet can name one.
VERSION_PATTERNS = [
    r"jgflint[-_](\d[\w.]*?)(?:-\d+)?(?:_amd64\.deb|-x86_64-linux|\.tar\.gz|\.tgz)",  # files
    r"releases/download/v([^/\s]+)/",            # a release's downloads
    r"/jgflint@v?([^\s#'\"]+)",                  # the action (OWNER/jgflint@vVERSION)
    r"(?<![\w/])jgflint@v?([^\s#'\",\]]+)",      # npm's jgflint@VERSION
    r"^\s*rev:\s*v?([^\s#]+)",                   # pre-commit
]
named = []
for h, b in snippets:
    for pat in VERSION_PATTERNS:
        named += [(h, m) for m in re.findall(pat, b, re.M)]
wrong = sorted({"%s in %s" % (v, h.lstrip("# ")) for h, v in named if v != version})
result(not wrong and bool(named), "the snippets name jgflint %s, %d times, and no other version" % (version, len(named)),
       ", ".join(wrong) or "no version named")
commits = sorted({m for _, b in snippets for m in re.findall(r"\b[0-9a-f]{7,40}\b", b) if re.search(r"[a-f]", m) and re.search(r"\d", m)})
result(not commits, "no snippet pins a commit id", ", ".join(commits))

# --- Options and formats given to jgflint.
help_text = subprocess.run([jgflint, "--help"], capture_output=True, text=True).stdout
options = set(re.findall(r"(--[a-z][a-z-]*|-[a-zA-Z])\b", help_text))
uses = []   # (where, argument words)
for h, b in snippets:
    for line in b.splitlines():
        line = re.sub(r"^\s*-\s+", "", line.split(" #")[0]).strip()
        line = re.sub(r"^npx\s+", "", line)   # npm's: npx jgflint ARGS
        if line.startswith(("jgflint ", "jgflint\t")) or re.match(r"^(sudo )?jgflint$", line):
            uses.append((h, line.split()[1:]))
    try:
        doc = yaml.safe_load(b)
    except yaml.YAMLError:
        continue
    def walk(o):
        if isinstance(o, dict):
            if str(o.get("uses", "")).split("@")[0].endswith("/jgflint") or o.get("uses") == "./":
                w = o.get("with", {}) or {}
                uses.append((h + " (the action)", [a for f in str(w.get("format", "")).split() for a in ("--format", f)]
                             + str(w.get("args", "")).split()))
            if "id" in o and str(o["id"]).startswith("jgflint"):
                uses.append((h + " (hook %s)" % o["id"], [str(a) for a in o.get("args", [])]
                             + str(o.get("entry", "jgflint")).split()[1:]))
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)
    walk(doc)
bad, checked = [], 0
for where, words in uses:
    for i, w in enumerate(words):
        if not w.startswith("-") or w == "--":
            continue
        name = w.split("=")[0]
        checked += 1
        if name not in options:
            bad.append("%s (%s)" % (w, where.lstrip("# ")))
        # A format must be one this version writes: let it parse the option.
        if name in ("--format", "--output-format"):
            value = w.split("=", 1)[1] if "=" in w else (words[i + 1] if i + 1 < len(words) else "")
            fmt = value.split("=")[0]
            r = subprocess.run([jgflint, "--format", fmt, "--exit-zero", "-"], input="{}",
                               capture_output=True, text=True)
            if r.returncode != 0:
                bad.append("--format %s (%s): %s" % (fmt, where.lstrip("# "), r.stderr.strip()[:80]))
result(not bad and checked > 0, "the %d options the snippets give jgflint are this build's (formats too)" % checked,
       ", ".join(bad) or "no option found")
# `your-org` stands for the account the repository is published under, and
# the README says so; every download of a release's file (curl, in a
# snippet) is followed by the note that no release is published yet, as
# the npm and pre-commit snippets are (issue 48).
flat = re.sub(r"\s+", " ", text)
result("your-org" not in text or re.search(r"`your-org` in this README's addresses stands for", flat) is not None,
       "`your-org` is said to stand for the account the repository is published under (%d lines name it)"
       % sum("your-org" in l for l in text.splitlines()), "no such sentence")
blocks = [m for m in re.finditer(r"```[a-z]*\n(.*?)```", text, re.S) if "releases/download" in m.group(1)]
unsaid = [text[:m.start()].count("\n") + 1 for m in blocks
          if "no release is published yet" not in re.sub(r"\s+", " ", text[m.end():m.end() + 900]).lower()]
result(blocks and not unsaid, "each of the %d snippets that download a release's file says that no release "
       "is published yet" % len(blocks), "not after the snippet at line(s) %s" % unsaid)
print("1..%d" % n)
sys.exit(1 if failed else 0)
PY
