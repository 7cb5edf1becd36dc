#!/bin/sh
# The README's recipes, as written: its example output is the program's
# real output; its pre-commit snippet works with the real pre-commit tool on
# a clone of this repository tagged as the snippet's `rev` (v and the
# version being built); a baselined hook lets a fully baselined file
# through; the GitHub Actions snippet uses this repository's action of that
# version and the GitLab CI snippet its static program, and the jgflint
# commands they run write the reports they upload (tests/snippets.sh checks
# their versions and options). TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
py=/usr/bin/python3
[ -x $py ] || py=python3
if ! $py -c 'import yaml' 2> /dev/null; then
  echo "1..0 # SKIP needs python3-yaml"
  exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
readme=$TOP_SRCDIR/README.md
. "$TOP_SRCDIR/tests/tap.sh"
TAP_LOGS="$tmp/log"
unset GITHUB_ACTIONS

# block HEADING: the first fenced block after the README heading HEADING.
block() {
  awk -v h="$1" '$0 == h { f = 1; next } f && /^```/ { if (inb) exit; inb = 1; next } inb { print }' "$readme"
}

# --- The example output at the top, not abridged.
awk '/^```$/ && !s { s = 1; next } s == 1 && /^```/ { exit } s == 1 { print }' "$readme" > "$tmp/want"
cmd=$(head -1 "$tmp/want" | sed -n 's/^\$ //p')
: > "$tmp/log"
if [ -n "$cmd" ]; then
  (cd "$TOP_SRCDIR" && PATH="$(dirname "$JGFLINT"):$PATH" sh -c "$cmd" > "$tmp/got" 2>&1)
  { echo "\$ $cmd"; cat "$tmp/got"; } > "$tmp/got2"
  diff "$tmp/want" "$tmp/got2" > "$tmp/log"
  [ ! -s "$tmp/log" ] && ok "the README's example output is the real output, in full" ||
    not_ok "the README's example output is the real output, in full"
else
  not_ok "the README opens with an example command"
fi
rm -f "$tmp/log"

# hook_blocks WHO FILE: in a git work tree with pre-commit installed, a
# commit of FILE with a syntax error is blocked, and one without goes through.
hook_blocks() {
  printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}],}\n' > "$2"
  git add "$2"
  if ! git commit -qm bad > "$tmp/log" 2>&1 && grep -q "$2:1:.*trailing comma" "$tmp/log"
  then ok "$1 blocks a bad $2"; else not_ok "$1 blocks a bad $2"; fi
  printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n' > "$2"
  git add "$2"
  if git commit -qm good > "$tmp/log" 2>&1; then ok "… and lets a good one through"
  else not_ok "… and lets a good one through"; fi
}

# --- GitHub Actions: this repository's action, of the version being built.
version=$("$JGFLINT" --version | sed -n 's/^jgflint //p')
block "### GitHub Actions" > "$tmp/gha.yml"
$py - "$tmp/gha.yml" "$version" > "$tmp/log" 2>&1 <<'PY' && ok "the GitHub Actions snippet uses the action of v$version and uploads its SARIF report" || not_ok "the GitHub Actions snippet uses the action of v$version and uploads its SARIF report"
import sys, yaml
w = yaml.safe_load(open(sys.argv[1]))
assert w["permissions"]["security-events"] == "write", "permissions: security-events: write"
steps = [s for job in w["jobs"].values() for s in job["steps"]]
uses = [s.get("uses", "") for s in steps]
assert uses[0].startswith("actions/checkout@"), "checks out the repository first"
action = [s for s in steps if s.get("uses", "").split("@")[0].endswith("/jgflint")]
assert len(action) == 1 and action[0]["uses"].endswith("@v" + sys.argv[2]), action
up = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")][0]
assert up.get("if") == "always()", "uploads even when findings fail the step"
assert "sarif=" + up["with"]["sarif_file"] in action[0]["with"]["format"].split(), "uploads the file jgflint writes"
# The command the action runs (action.yml: each format word a --format, args, paths).
w = action[0]["with"]
cmd = ["jgflint"] + [a for f in w.get("format", "").split() for a in ("--format", f)]
cmd += w.get("args", "").split() + ["--"] + w.get("paths", ".").split()
print(" ".join(cmd), file=open(sys.argv[1] + ".cmd", "w"))
PY
# --- GitLab CI: the static program of the version being built.
block "### GitLab CI" > "$tmp/gitlab.yml"
$py - "$tmp/gitlab.yml" "$version" > "$tmp/log" 2>&1 <<'PY' && ok "the GitLab snippet installs the static program of $version and uploads the Code Quality report" || not_ok "the GitLab snippet installs the static program of $version and uploads the Code Quality report"
import re, sys, yaml
job = list(yaml.safe_load(open(sys.argv[1])).values())[0]
script = job["script"]
text = "\n".join(script)
assert text.index("apt-get update") < text.index("apt-get install"), "apt-get update first"
prog = "jgflint-%s-x86_64-linux" % sys.argv[2]
assert any(re.search(r"curl .*/releases/download/v%s/%s$" % (sys.argv[2], prog), l) for l in script), "downloads " + prog
assert any(l.startswith("sha256sum -c") for l in script), "checks its SHA-256"
assert text.index("sha256sum -c") < text.index("install -m 755 " + prog), "checked before it is installed"
report = job["artifacts"]["reports"]["codequality"]
assert job["artifacts"]["when"] == "always"
cmd = [l for l in script if l.startswith("jgflint ")]
assert len(cmd) == 1 and "--format gitlab=" + report in cmd[0], "uploads the file jgflint writes"
print(cmd[0], file=open(sys.argv[1] + ".cmd", "w"))
PY
# Their jgflint commands, run on a scratch collection, write those reports.
mkdir -p "$tmp/ci/games"
cp "$TOP_SRCDIR/testdata/examples/findings.jgf" "$TOP_SRCDIR/testdata/json/bom.jgf" "$tmp/ci/games/"
for f in gha gitlab; do
  (cd "$tmp/ci" && PATH="$(dirname "$JGFLINT"):$PATH" sh "$tmp/$f.yml.cmd" > /dev/null 2>&1)
done
$py - "$tmp/ci" > "$tmp/log" 2>&1 <<'PY' && ok "… and their jgflint commands write the reports (SARIF, Code Quality)" || not_ok "… and their jgflint commands write the reports (SARIF, Code Quality)"
import json, os, sys
d = sys.argv[1]
sarif = json.load(open(os.path.join(d, "jgflint.sarif")))
assert sarif["runs"][0]["results"]
cq = json.load(open(os.path.join(d, "gl-code-quality-report.json")))
assert cq and all(i["location"]["path"].startswith("games/") for i in cq)
PY

# --- pre-commit, as written, with a real tag.
if ! command -v pre-commit > /dev/null 2>&1 || ! command -v git > /dev/null 2>&1; then
  n=$((n + 1)); echo "ok $n - # SKIP needs pre-commit and git"
  echo "1..$n"; [ $failed -eq 0 ]; exit
fi
export PRE_COMMIT_HOME="$tmp/cache" HOME="$tmp/home"
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
mkdir -p "$tmp/bin" "$HOME"
ln -s "$JGFLINT" "$tmp/bin/jgflint"
PATH="$tmp/bin:$PATH"
block "### pre-commit" > "$tmp/snippet.yml"
rev=$(sed -n 's/^ *rev: *\([^ #]*\).*/\1/p' "$tmp/snippet.yml")
: > "$tmp/log"
[ "$rev" = "v$version" ] && ok "the snippet's rev is the tag of this version ($rev)" ||
  { echo "# rev $rev" > "$tmp/log"; not_ok "the snippet's rev is the tag of this version (v$version)"; }
# The hooks repository: a clone of this one with the tag made at the commit
# checked out (it is made when the release is); or, when the sources are no
# git clone of their own (a release tarball, even one unpacked inside a
# clone, as make distcheck does), a scratch one with the hooks, tagged.
top=$(git -C "$TOP_SRCDIR" rev-parse --show-toplevel 2> /dev/null)
if [ -n "$top" ] && [ "$top" = "$(cd "$TOP_SRCDIR" && pwd -P)" ]; then
  git clone -q --no-checkout "$TOP_SRCDIR" "$tmp/hooks" &&
    git -C "$tmp/hooks" tag -f "$rev" "$(git -C "$TOP_SRCDIR" rev-parse HEAD)" > /dev/null &&
    ok "… a clone of this repository, tagged $rev at its commit" ||
    not_ok "… a clone of this repository, tagged $rev at its commit"
else
  git init -q "$tmp/hooks" && cp "$TOP_SRCDIR/.pre-commit-hooks.yaml" "$tmp/hooks/" &&
    git -C "$tmp/hooks" add . && git -C "$tmp/hooks" commit -qm hooks && git -C "$tmp/hooks" tag "$rev"
  n=$((n + 1)); echo "ok $n # SKIP $TOP_SRCDIR is not a git clone: the hooks in a scratch repository, tagged $rev"
fi
# The snippet with only its repository URL pointed at the scratch one.
rm -rf "$tmp/coll" && git init -q "$tmp/coll" && cd "$tmp/coll" || exit 1
sed "s|^\( *- repo: *\)[^ ]*|\1$tmp/hooks|" "$tmp/snippet.yml" > .pre-commit-config.yaml
git add .pre-commit-config.yaml && git commit -qm config && pre-commit install > /dev/null
hook_blocks "the README's pre-commit snippet, as written," bad.jgf

# The local hook (no repository to fetch): as written, it blocks a bad record
# (GAME.JGF: any case) and is the published jgflint hook.
block "#### pre-commit with local hooks" > "$tmp/local.yml"
$py - "$tmp/local.yml" "$TOP_SRCDIR/.pre-commit-hooks.yaml" > "$tmp/log" 2>&1 <<'PY' &&
import sys, yaml
local = yaml.safe_load(open(sys.argv[1]))["repos"][0]
published = {h["id"]: h for h in yaml.safe_load(open(sys.argv[2]))}
assert local["repo"] == "local", local
for hook in local["hooks"]:
    want = published[hook["id"]]
    for key in ("entry", "language", "files"):
        assert hook[key] == want[key], (hook["id"], key, hook[key], want[key])
PY
  ok "the local pre-commit snippet declares the published hooks" ||
  not_ok "the local pre-commit snippet declares the published hooks"
cd "$tmp" && rm -rf coll3 && git init -q coll3 && cd coll3 || exit 1
cp "$tmp/local.yml" .pre-commit-config.yaml
git add .pre-commit-config.yaml && git commit -qm config && pre-commit install > /dev/null
hook_blocks "the README's local pre-commit snippet, as written," GAME.JGF
rm -f "$tmp/log"

# A hook with a baseline and --max-warnings 0 (the README's args): a commit
# of one fully baselined file goes through, though the baseline holds
# entries of other files.
cd "$tmp" && rm -rf coll2 && git init -q coll2 && cd coll2 || exit 1
mkdir -p games/a games/b
cat "$TOP_SRCDIR/testdata/json/bom.jgf" > games/a/1.jgf   # writable even when the sources are not
cat "$TOP_SRCDIR/testdata/examples/findings.jgf" > games/b/2.jgf
"$JGFLINT" --write-baseline base.json games > /dev/null 2>&1
printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: jgflint\n        args: [--baseline, base.json, --max-warnings, "0"]\n' \
  "$tmp/hooks" "$rev" > .pre-commit-config.yaml
git add .pre-commit-config.yaml base.json games/b && git commit -qm start --no-verify && pre-commit install > /dev/null
printf ' ' >> games/a/1.jgf
git add games/a/1.jgf
git commit -qm one > "$tmp/log" 2>&1 && ok "a baselined hook commits one fully baselined file" ||
  not_ok "a baselined hook commits one fully baselined file"
rm -f "$tmp/log"

echo "1..$n"
[ $failed -eq 0 ]
