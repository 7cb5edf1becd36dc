#!/bin/sh
# The npm package (make npm: npm-pack/jgflint-VERSION.tgz), installed as its
# users install it: `npm install ./jgflint-VERSION.tgz`, offline, in an
# empty directory of a root that holds Node (node, npm, a shell) and
# nothing of the build (a chroot; without root, a directory of its own
# and a note that it is not isolated). Then, in that root with the native
# program copied in beside it, tests/npm_check.mjs: the library (import
# and require) and `npx jgflint` give what the native program gives, byte
# for byte, on testdata/ and the shared samples. Outside it: npm pack
# gives the same bytes again, the types (index.d.ts, index.d.cts) pass
# `tsc` (strict, ES module, CommonJS and bundler resolution) and reject a
# wrong call, and the README's pre-commit hook with `language: node` runs
# the package's jgflint with the real pre-commit, installed by npm from
# the tarball, offline. TAP output.
# Environment: JGFLINT, TOP_SRCDIR, TOP_BUILDDIR (as every test);
#   NPM_TARBALL   the package (default: make release's
#                 JGFLINT_RELEASE_DIR/jgflint-VERSION.tgz under make
#                 release-check, else make npm's npm-pack/jgflint-VERSION.tgz
#                 of the build directory); skips without one
#   TYPESCRIPT_DIR where node_modules/typescript is (default
#                 ${XDG_CACHE_HOME:-$HOME/.cache}/jgflint/npm-test-tools;
#                 `npm install --prefix DIR typescript@5` puts it there)
#   JGF_SAMPLES   the shared samples (default TOP_SRCDIR/../shared/samples)
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
build=${TOP_BUILDDIR:-$(dirname "$JGFLINT")}
version=$("$JGFLINT" --version | sed -n 's/^jgflint //p')
if [ -n "${JGFLINT_RELEASE_DIR:-}" ]; then
  tarball=${NPM_TARBALL:-$JGFLINT_RELEASE_DIR/jgflint-$version.tgz}
else
  tarball=${NPM_TARBALL:-$build/npm-pack/jgflint-$version.tgz}
fi
. "$TOP_SRCDIR/tests/tap.sh"
[ -f "$tarball" ] || skip_all "no $tarball (make npm, or NPM_TARBALL=FILE)"
# The package does not change with the native build's sanitizer.
sanitized && skip_all "a sanitizer build (the package does not change with it)"
command -v node > /dev/null 2>&1 && command -v npm > /dev/null 2>&1 || skip_all "node and npm not found (apt-get install nodejs npm)"
samples=${JGF_SAMPLES:-$TOP_SRCDIR/../shared/samples}
tools=${TYPESCRIPT_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jgflint/npm-test-tools}
tarball=$(cd "$(dirname "$tarball")" && pwd)/${tarball##*/}

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
TAP_LOGS=$tmp/log   # a failed check shows it
: > "$tmp/log"
# npm as a user has it, nothing of this machine's configuration, never the network.
export npm_config_userconfig="$tmp/npmrc" npm_config_cache="$tmp/npm-cache" npm_config_offline=true \
  npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
: > "$tmp/npmrc"

# --- The tarball: reproducible, and what it holds.
echo "# $tarball: $(wc -c < "$tarball") bytes"
pkgdir=$(dirname "$tarball")/package
if [ -f "$pkgdir/package.json" ]; then
  mkdir "$tmp/repack"
  (cd "$tmp/repack" && npm pack --silent "$pkgdir" > /dev/null 2> "$tmp/log")
  check "npm pack of the same files gives the same bytes" 'cmp -s "$tarball" "$tmp/repack/${tarball##*/}"'
fi
tar -xzf "$tarball" -C "$tmp" && mv "$tmp/package" "$tmp/unpacked"
nrules=$("$JGFLINT" --list-rules | wc -l)
check "it holds the entries, the types, the two modules, the program and the $nrules rule pages" \
  'for f in package.json index.js index.node.js index.cjs index.d.ts index.d.cts bin/jgflint.cjs lib/api.js lib/api.cjs \
      lib/jgflint-wasm.js lib/jgflint-wasm.wasm lib/jgflint-node.cjs lib/jgflint-node.wasm rules/index.html; do
     [ -f "$tmp/unpacked/$f" ] || { echo "no $f" > "$tmp/log"; false; } || break; done &&
   [ "$(ls "$tmp/unpacked/rules" | wc -l)" -eq $((nrules + 2)) ]'
grep -rlF -e "$build" -e "$TOP_SRCDIR" "$tmp/unpacked" > "$tmp/log" 2>&1
check "no file of it names the build or source tree" '! [ -s "$tmp/log" ]'
: > "$tmp/log"

# --- A root with Node alone: node, npm and npx, a shell and env.
root=$tmp/root
mkdir -p "$root/work" "$root/tmp" "$root/dev" "$root/etc" "$root/home" "$root/usr/lib"
chmod 1777 "$root/tmp"
# copy_in FILE...: each, and the shared libraries it loads, at their paths.
copy_in() {
  for f; do
    for g in "$f" $(ldd "$f" 2> /dev/null | grep -o '/[^ ]*'); do
      [ -e "$root$g" ] && continue
      mkdir -p "$root$(dirname "$g")" && cp -L "$g" "$root$g"
    done
  done
}
node=$(command -v node)
npmdir=$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)
copy_in "$node" /bin/sh /usr/bin/env
[ "$node" = /usr/bin/node ] || ln -s "$node" "$root/usr/bin/node"
mkdir -p "$root/usr/lib/node_modules"
cp -R "$npmdir" "$root/usr/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/bin/npx"
echo 'root:x:0:0:root:/home:/bin/sh' > "$root/etc/passwd"
cp "$tarball" "$root/work/"
if [ "$(id -u)" -eq 0 ] && chroot "$root" /bin/sh -c : 2> /dev/null; then
  for d in null zero random urandom; do cp -a "/dev/$d" "$root/dev/"; done
  isolated=yes
  in_root() {
    chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/home LANG=C.UTF-8 \
      npm_config_offline=true npm_config_audit=false npm_config_fund=false \
      npm_config_update_notifier=false "$@"
  }
  base=
else
  isolated="no (not root: a directory of its own, with this machine's node)"
  in_root() {
    env -i PATH="$(dirname "$node"):/usr/bin:/bin" HOME="$root/home" LANG=C.UTF-8 \
      npm_config_offline=true npm_config_audit=false npm_config_fund=false \
      npm_config_update_notifier=false "$@"
  }
  base=$root
fi
echo "# the root: $(du -sh "$root" | cut -f1), isolated: $isolated"
# The README's npm lines (its Install section), as written but for the
# package: the tarball for jgflint@VERSION, not yet published. Their last
# line lints a folder, games/, given a record with a trailing comma.
awk '/^## Install/ { on = 1; next } on && /^## / { exit } on && /^\*\*npm\*\*/ { npm = 1 }
     npm && /^```sh$/ { body = 1; next } body && /^```$/ { exit } body' "$TOP_SRCDIR/README.md" > "$tmp/readme-npm"
mkdir "$root/work/games"
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}],}\n' > "$root/work/games/bad.jgf"
sed "s|jgflint@$version|./${tarball##*/}|" "$tmp/readme-npm" > "$tmp/install.sh"
sed -n 1p "$tmp/install.sh" > "$root/work/install.sh" && sed 1d "$tmp/install.sh" > "$root/work/run.sh"
check "the README's npm lines: npm install jgflint@$version, then npx jgflint games/ ($(wc -l < "$tmp/readme-npm") lines)" \
  'grep -qx "npm install jgflint@$version" "$tmp/readme-npm" && grep -q "^npx jgflint games/" "$tmp/readme-npm"'
in_root sh -c "cd $base/work && sh -e install.sh" > "$tmp/log" 2>&1
check "… npm install ./${tarball##*/} there, offline, in an empty directory with Node alone" \
  '[ -f "$root/work/node_modules/jgflint/package.json" ] && ! grep -qi "warn\|err" "$tmp/log"' || cat "$tmp/log"
got=$(in_root sh -c "cd $base/work && sh run.sh; echo \"exit \$?\"" 2>&1)
check "… npx jgflint games/: the trailing comma, exit 1" \
  'echo "$got" | grep -q "^games/bad.jgf:1:.*trailing comma" && echo "$got" | tail -1 | grep -qx "exit 1"' || echo "$got" | sed 's/^/# /'
got=$(in_root sh -c "cd $base/work && npx jgflint --version" 2> "$tmp/log")
check "npx jgflint --version there: $got" '[ "$got" = "jgflint $version" ]'
cat > "$root/work/use.mjs" <<'EOF'
import { lint, fix, convert, explain } from 'jgflint';
const bad = '{"record": {"format": "JGF", "version": 2}, "tree": [{}],}\n';
const out = {
  rules: lint(bad, 'bad.jgf').diagnostics.map((d) => d.rule),
  fixed: fix(bad, 'bad.jgf').text,
  converted: convert('(;FF[4]SZ[9];B[cc])', 'g.sgf').map((r) => r.name),
  explained: explain('ko-retake').split('\n')[0],
};
console.log(JSON.stringify(out));
EOF
sed 's/^import \(.*\) from .jgflint.;$/const \1 = require("jgflint");/' "$root/work/use.mjs" > "$root/work/use.cjs"
want='{"rules":["json-syntax"],"fixed":"{\"record\": {\"format\": \"JGF\", \"version\": 2}, \"tree\": [{}]}\n","converted":["g.jgf"],"explained":"ko-retake (go, error)"}'
got=$(in_root sh -c "cd $base/work && node use.mjs" 2> "$tmp/log")
check "import { lint, fix, convert, explain } from \"jgflint\" there ($got)" '[ "$got" = "$want" ]'
got=$(in_root sh -c "cd $base/work && node use.cjs" 2> "$tmp/log")
check "… and require(\"jgflint\")" '[ "$got" = "$want" ]'

# --- Against the native program, copied into the root with the rule pages
# beside it, which it links as in its build directory, and with glibc's
# character set modules (iconv loads them at run time).
copy_in "$JGFLINT"
pages=$(dirname "$JGFLINT")/rule-pages
[ -e "$root$pages" ] || cp -R "$pages" "$root$pages"
for d in /usr/lib/*/gconv /usr/lib64/gconv /usr/lib/gconv; do
  [ -d "$d" ] && ! [ -e "$root$d" ] && mkdir -p "$root$(dirname "$d")" && cp -R "$d" "$root$d"
done
mkdir -p "$root/work/data"
cp -R "$TOP_SRCDIR/testdata" "$root/work/data/testdata"
[ -d "$samples" ] && cp -R "$samples" "$root/work/data/samples" || mkdir "$root/work/data/samples"
chmod -R u+w "$root/work/data"
cp "$TOP_SRCDIR/tests/npm_check.mjs" "$root/work/check.mjs"
native_base=$("$JGFLINT" --list-rules --format json | sed -n 's/^ *"url": "\(.*\)\/[a-z0-9-]*\.html",\{0,1\}$/\1/p' | head -1)
npm_base=$(in_root sh -c "cd $base/work && node -e 'console.log(require(\"jgflint\").rules()[0].url.replace(/\\/[^/]*\$/, \"\"))'")
in_root sh -c "cd $base/work && JGFLINT=$JGFLINT DATA=$base/work/data NATIVE_BASE='$native_base' NPM_BASE='$npm_base' node check.mjs" \
  > "$tmp/check" 2>&1
[ -s "$tmp/check" ] || echo "not ok the checks ran (exit $?)" > "$tmp/check"
while IFS= read -r line; do
  case $line in
    "ok "*) ok "${line#ok }" ;;
    "not ok "*) n=$((n + 1)); failed=$((failed + 1)); printf 'not ok %d - %s\n' $n "${line#not ok }" ;;
    *) printf '# %s\n' "$line" ;;
  esac
done < "$tmp/check"
: > "$tmp/log"

# --- The terminal's width: npx jgflint's standard output on a terminal of
# 200 and of 80 columns (a pseudo-terminal, python3's pty), as the native
# program's on the same terminal; a source line of 230 characters is
# windowed to fit, so the two widths differ (before, the WebAssembly never
# knew the width and windowed every line as for 80 columns).
if command -v python3 > /dev/null 2>&1; then
  cat > "$tmp/on_tty.py" <<'PY'
import fcntl, os, struct, subprocess, sys, termios
cols, cmd = int(sys.argv[1]), sys.argv[2:]
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, cols, 0, 0))
mode = termios.tcgetattr(slave)
mode[1] &= ~termios.ONLCR   # the program's bytes as written: no CR added
termios.tcsetattr(slave, termios.TCSANOW, mode)
env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "NO_COLOR", "FORCE_COLOR")}
p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.DEVNULL, env=env)
os.close(slave)
out = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
p.wait()
sys.stdout.buffer.write(out)
PY
  python3 -c 'print("{\"record\": {\"format\": \"JGF\", \"version\": 2}, \"game\": {\"name\": \"" + "x" * 150 + "\", \"bogus\": 1}, \"tree\": [{}]}")' \
    > "$root/work/data/long.jgf"
  for cols in 200 80; do
    (cd "$root/work/data" && python3 "$tmp/on_tty.py" $cols env -i PATH=/usr/bin:/bin HOME="$tmp" LANG=C.UTF-8 \
       "$JGFLINT" --no-config long.jgf) > "$tmp/native-$cols"
    # As in_root does, on the pseudo-terminal.
    if [ "$isolated" = yes ]; then
      set -- chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/home LANG=C.UTF-8
    else
      set -- env -i PATH="$(dirname "$node"):/usr/bin:/bin" HOME="$root/home" LANG=C.UTF-8
    fi
    python3 "$tmp/on_tty.py" $cols "$@" npm_config_offline=true npm_config_update_notifier=false \
      sh -c "cd $base/work/data && npx jgflint --no-config long.jgf" > "$tmp/npx-$cols"
  done
  check "npx jgflint on a terminal of 200 and of 80 columns: the native program's output on each ($(wc -c < "$tmp/native-200") and $(wc -c < "$tmp/native-80") bytes, not the same)" \
    'cmp -s "$tmp/npx-200" "$tmp/native-200" && cmp -s "$tmp/npx-80" "$tmp/native-80" &&
     ! cmp -s "$tmp/native-200" "$tmp/native-80"' ||
    { diff "$tmp/native-200" "$tmp/npx-200" | head -6 | cut -c1-160 | sed 's/^/# /'; }
else
  ok "# SKIP no python3 for a pseudo-terminal"
fi

# --- The types, with tsc.
tsc=$tools/node_modules/typescript/bin/tsc
if [ -f "$tsc" ]; then
  ts=$tmp/ts
  mkdir -p "$ts/node_modules"
  ln -s "$root/work/node_modules/jgflint" "$ts/node_modules/jgflint"
  cat > "$ts/esm.mts" <<'EOF'
import jgflint, { lint, fix, convert, convertReport, explain, rules, SettingsError, version } from 'jgflint';
import type { Diagnostic, Report, FixResult, ConvertedRecord, ConvertOptions } from 'jgflint';
const report: Report = lint('{}', 'a.jgf', { ignore: ['rank-format'] });
const first: Diagnostic | undefined = report.diagnostics[0];
const where: string = first ? `${first.path}:${first.line ?? 0}: ${first.severity} [${first.rule}]` : version;
const fixed: FixResult = fix(new Uint8Array([123, 125]), 'a.jgf', { unsafe: true });
const bytes: Uint8Array = fixed.bytes;
const records: ConvertedRecord[] = convert('(;FF[4])', 'g.sgf');
const toSgf: ConvertOptions = { to: 'sgf' };
const sgf: ConvertedRecord[] = convert('{"record": {"format": "JGF", "version": 2}, "tree": [{}]}', 'g.jgf', toSgf);
const status: number = convertReport('(;FF[4])').status;
const text: string | null = explain('ko-retake');
const ids: string[] = rules().map((r) => r.id);
try { jgflint.lint('{}'); } catch (e) { if (e instanceof SettingsError) console.log(e.problems?.summary.errors); }
console.log(where, bytes.length, records.length, sgf.length, status, text, ids.length);
EOF
  cat > "$ts/cjs.cts" <<'EOF'
import jgflint = require('jgflint');
const n: number = jgflint.lint('{}', 'a.jgf').summary.errors;
const t: string = jgflint.fix('{}').text;
console.log(n, t);
EOF
  cat > "$ts/wrong.mts" <<'EOF'
import { lint, fix, convert } from 'jgflint';
const n: number = lint('{}').diagnostics;
fix('{}', 'a.jgf', { unsafe: 'yes' });
lint(42);
convert('(;FF[4])', 'g.sgf', { to: 'xml' });
EOF
  cat > "$ts/bundler.ts" <<'EOF'
import { lint } from 'jgflint';
export const errors: number = lint('{}').summary.errors;
EOF
  # tsconfig NAME MODULE RESOLUTION FILE...: strict, the package's own
  # types checked too (no skipLibCheck), no @types.
  tsconfig() {
    name=$1 module=$2 resolution=$3; shift 3
    files=$(printf '"%s", ' "$@")
    cat > "$ts/$name.json" <<EOF
{ "compilerOptions": { "strict": true, "noEmit": true, "skipLibCheck": false, "types": [],
    "lib": ["es2022", "dom"], "target": "es2022", "module": "$module", "moduleResolution": "$resolution" },
  "files": [${files%, }] }
EOF
  }
  tsconfig node nodenext nodenext esm.mts cjs.cts
  tsconfig bundler esnext bundler bundler.ts
  tsconfig wrong nodenext nodenext wrong.mts
  (cd "$ts" && node "$tsc" -p node.json) > "$tmp/log" 2>&1
  check "tsc --strict (module nodenext): an ES module and a CommonJS program using the types" '[ $? -eq 0 ]'
  (cd "$ts" && node "$tsc" -p bundler.json) > "$tmp/log" 2>&1
  check "tsc --strict (moduleResolution bundler)" '[ $? -eq 0 ]'
  (cd "$ts" && node "$tsc" -p wrong.json) > "$tmp/log" 2>&1
  check "tsc rejects a wrong use: a report for a number, an option of the wrong type, a number for the text, a target convert does not write ($(grep -c 'error TS' "$tmp/log") errors)" \
    '[ "$(grep -c "error TS" "$tmp/log")" -eq 4 ]'
  : > "$tmp/log"
else
  ok "# SKIP no TypeScript in $tools (npm install --prefix $tools typescript@5)"
fi

# --- pre-commit: the README's node hook (a local hook), its dependency the
# tarball, installed by pre-commit with npm, offline.
if command -v pre-commit > /dev/null 2>&1 && command -v git > /dev/null 2>&1 &&
   python3 -c 'import yaml' 2> /dev/null; then
  repo=$tmp/hooked
  mkdir -p "$repo"
  python3 - "$TOP_SRCDIR/README.md" "$tarball" "$version" > "$repo/.pre-commit-config.yaml" 2> "$tmp/log" <<'PY'
import re, sys, yaml
text = open(sys.argv[1], encoding="utf-8").read()
for block in re.findall(r"^```yaml\n(.*?)^```", text, re.S | re.M):
    doc = yaml.safe_load(block)
    hooks = [h for r in doc.get("repos", []) for h in r.get("hooks", [])] if isinstance(doc, dict) else []
    node = [h for h in hooks if h.get("language") == "node"]
    if node:
        deps = node[0]["additional_dependencies"]
        assert deps == ["jgflint@" + sys.argv[3]], deps
        node[0]["additional_dependencies"] = [sys.argv[2]]
        print(yaml.safe_dump(doc, sort_keys=False))
        break
else:
    sys.exit("no pre-commit hook with language: node in the README")
PY
  check "the README has a pre-commit hook with language: node and additional_dependencies: [jgflint@$version]" '[ $? -eq 0 ]'
  (
    cd "$repo" && git init -q && git config user.email t@example.org && git config user.name t &&
    printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}],}\n' > bad.jgf &&
    printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n' > good.jgf &&
    git add . && PRE_COMMIT_HOME=$tmp/pre-commit-home PATH=$(dirname "$node"):/usr/bin:/bin pre-commit run --all-files
  ) > "$tmp/log" 2>&1
  status=$?
  (cd "$repo" && "$JGFLINT" --force-exclude bad.jgf good.jgf) > "$tmp/native" 2>&1
  check "pre-commit run: the hook, installed by npm from the tarball offline, blocks bad.jgf (exit $status) with the native program's findings" \
    '[ $status -eq 1 ] && grep -qF "$(head -1 "$tmp/native")" "$tmp/log" &&
     ls "$tmp"/pre-commit-home/repo*/node_env-*/lib/node_modules/jgflint/package.json > /dev/null 2>&1'
  (cd "$repo" && git rm -q --cached bad.jgf && rm bad.jgf &&
   PRE_COMMIT_HOME=$tmp/pre-commit-home PATH=$(dirname "$node"):/usr/bin:/bin pre-commit run --all-files) > "$tmp/log" 2>&1
  check "… and passes good.jgf alone" '[ $? -eq 0 ]'
  : > "$tmp/log"
else
  ok "# SKIP no pre-commit, git or python3-yaml"
fi

tap_done
