#!/bin/sh
# Assembles the playground's static site: the page's own files (web/),
# the WebAssembly module web/wasm.sh built (jgflint-wasm.js, .wasm) and,
# given RULES, the rule pages (build-aux/rule-docs.sh --html) in rules/,
# into DIST (default web/dist). Serve it with `python3 -m http.server -d
# DIST`, or from any subfolder of a static host (its links are relative).
#
# Usage: web/build.sh WASMDIR [DIST [RULES]]
# Fails when DIST is over the budget of 1.5 MB (before compression).
set -eu

die() { echo "build.sh: $*" >&2; exit 2; }
[ $# -ge 1 ] || die "usage: web/build.sh WASMDIR [DIST [RULES]]"
here=$(cd "$(dirname "$0")" && pwd)
wasm=$1
dist=${2:-$here/dist}
rules=${3:-}
[ -z "$rules" ] || [ -f "$rules/index.html" ] || die "no rule pages in $rules (build-aux/rule-docs.sh --html)"
budget=${WEB_BUDGET_BYTES:-1572864}
for f in jgflint-wasm.js jgflint-wasm.wasm; do
  [ -f "$wasm/$f" ] || die "$wasm/$f not found (web/wasm.sh DEPS $wasm builds it)"
done

rm -rf "$dist.tmp"
mkdir -p "$dist.tmp"
for f in index.html style.css boot.js app.js page.js doc.js records.js findings.js fixes.js boardpane.js status.js settings.js api.js worker.js tasks.js session.js board.js tree.js editor.js textmap.js share.js example.jgf; do
  case $f in
    # A line that is a comment alone goes (30 KB of the budget), a line's
    # indentation (8 KB) and an empty line: no template literal of the
    # page's spans lines, so none holds one. The style sheet's comments
    # (2 KB) and empty lines too.
    *.js) sed -e '/^[[:space:]]*\/\//d' -e '/^[[:space:]]*$/d' -e 's/^[[:space:]]*//' "$here/$f" > "$dist.tmp/$f" ;;
    *.css) perl -0pe 's{/\*.*?\*/\n?}{}gs; s/^[ \t]+//gm; s/^\n//gm' "$here/$f" > "$dist.tmp/$f" ;;
    *) cp "$here/$f" "$dist.tmp/$f" ;;
  esac
done
cp "$wasm/jgflint-wasm.js" "$wasm/jgflint-wasm.wasm" "$dist.tmp/"
[ -z "$rules" ] || cp -R "$rules" "$dist.tmp/rules"
rm -rf "$dist"
mv "$dist.tmp" "$dist"

total=$(find "$dist" -type f -exec cat {} + | wc -c)
echo "build.sh: $dist: $(find "$dist" -type f | wc -l) files, $total bytes (budget $budget)"
[ "$total" -le "$budget" ] || die "$dist is $total bytes, over the budget of $budget"
