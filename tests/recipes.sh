#!/bin/sh
# The README's recipes, as written: its example output is the program's
# real output; its pre-commit snippet works with the real pre-commit tool on
# a clone of this repository at the snippet's `rev`, a commit id of it (no
# release is tagged: a tag that does not exist is what pre-commit fails on),
# which the CI snippets check out too; a baselined hook lets a fully
# baselined file through;
# the GitHub Actions and GitLab CI snippets have what a fresh runner needs,
# and their jgflint commands write the reports they upload. TAP output.
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
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; [ -f "$tmp/log" ] && sed 's/^/# /' "$tmp/log"; }
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

# --- GitHub Actions.
block "### GitHub Actions" > "$tmp/gha.yml"
$py - "$tmp/gha.yml" > "$tmp/log" 2>&1 <<'PY' && ok "the GitHub Actions snippet runs on a fresh runner" || not_ok "the GitHub Actions snippet runs on a fresh runner"
import sys, yaml
w = yaml.safe_load(open(sys.argv[1]))
assert w["permissions"]["security-events"] == "write", "permissions: security-events: write"
steps = [s for job in w["jobs"].values() for s in job["steps"]]
uses = [s.get("uses", "") for s in steps]
assert any(u.startswith("actions/checkout@") for u in uses), "checks out the repository"
script = "\n".join(s.get("run", "") for s in steps)
assert script.index("apt-get update") < script.index("apt-get install"), "apt-get update first"
assert "make install" in script
up = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")][0]
assert up.get("if") == "always()", "uploads even when findings fail the step"
assert "--format sarif=" + up["with"]["sarif_file"] in script, "uploads the file jgflint writes"
PY
# --- GitLab CI.
block "### GitLab CI" > "$tmp/gitlab.yml"
$py - "$tmp/gitlab.yml" > "$tmp/log" 2>&1 <<'PY' && ok "the GitLab snippet installs jgflint and uploads the Code Quality report" || not_ok "the GitLab snippet installs jgflint and uploads the Code Quality report"
import sys, yaml
job = list(yaml.safe_load(open(sys.argv[1])).values())[0]
script = "\n".join(job["script"])
assert script.index("apt-get update") < script.index("apt-get install"), "apt-get update first"
assert "make install" in script, "installs jgflint"
report = job["artifacts"]["reports"]["codequality"]
assert job["artifacts"]["when"] == "always"
assert "--format gitlab=" + report in script, "uploads the file jgflint writes"
PY
# Their jgflint commands, run on a scratch collection, write those reports.
mkdir -p "$tmp/ci/games"
cp "$TOP_SRCDIR/testdata/examples/findings.jgf" "$TOP_SRCDIR/testdata/json/bom.jgf" "$tmp/ci/games/"
for f in gha gitlab; do
  grep -o 'jgflint --format.*' "$tmp/$f.yml" | head -1 > "$tmp/$f.cmd"
  (cd "$tmp/ci" && PATH="$(dirname "$JGFLINT"):$PATH" sh "$tmp/$f.cmd" > /dev/null 2>&1)
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
echo "$rev" | grep -qx '[0-9a-f]\{40\}' && ok "the snippet's rev is a commit id ($rev)" ||
  { echo "# rev $rev" > "$tmp/log"; not_ok "the snippet's rev is a commit id"; }
grep -q "ref: $rev " "$tmp/gha.yml" && grep -q "checkout $rev " "$tmp/gitlab.yml" &&
  ok "… the one the CI snippets check out" || not_ok "… the one the CI snippets check out"
# The hooks repository: a clone of this one, where rev is a commit; or,
# when the sources are no git clone of their own (a release tarball, even
# one unpacked inside a clone, as make distcheck does), a scratch one with
# the hooks at a commit that rev then names.
top=$(git -C "$TOP_SRCDIR" rev-parse --show-toplevel 2> /dev/null)
if [ -n "$top" ] && [ "$top" = "$(cd "$TOP_SRCDIR" && pwd -P)" ] &&
   git -C "$TOP_SRCDIR" rev-parse -q --verify "$rev^{commit}" > /dev/null 2>&1; then
  git clone -q "$TOP_SRCDIR" "$tmp/hooks" && ok "… a commit of this repository (its hooks cloned from it)" ||
    not_ok "… a commit of this repository (its hooks cloned from it)"
else
  git init -q "$tmp/hooks" && cp "$TOP_SRCDIR/.pre-commit-hooks.yaml" "$tmp/hooks/" &&
    git -C "$tmp/hooks" add . && git -C "$tmp/hooks" commit -qm hooks
  n=$((n + 1)); echo "ok $n # SKIP $TOP_SRCDIR holds no commit $rev (not a git clone): the hooks at a scratch commit"
  rev=$(git -C "$tmp/hooks" rev-parse HEAD)
  sed -i "s|^\( *rev: *\)[0-9a-f]*|\1$rev|" "$tmp/snippet.yml"
fi
# The snippet with only its repository URL pointed at the scratch one.
rm -rf "$tmp/coll" && git init -q "$tmp/coll" && cd "$tmp/coll" || exit 1
sed "s|^\( *- repo: *\)[^ ]*|\1$tmp/hooks|" "$tmp/snippet.yml" > .pre-commit-config.yaml
git add .pre-commit-config.yaml && git commit -qm config && pre-commit install > /dev/null
hook_blocks "the README's pre-commit snippet, as written," bad.jgf

# The local hook (no release to fetch): as written, it blocks a bad record
# (GAME.JGF: any case) and is the published jgflint hook.
block "#### pre-commit without a published release" > "$tmp/local.yml"
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
