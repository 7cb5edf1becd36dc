#!/bin/sh
# Assembles the playground's static site: the page's own files (web/),
# the WebAssembly module web/wasm.sh built (jgflint-wasm.js, .wasm) and,
# given RULES, the rule pages (build-aux/rule-docs.sh --html) in rules/,
# into DIST (default web/dist). Serve it with `python3 -m http.server -d
# DIST`, or from any subfolder of a static host (its links are relative).
#
# Usage: web/build.sh WASMDIR [DIST [RULES]]
# Fails when DIST is over the budget of 1.5 MB (before compression), or
# when less than 5% of it is free (issue 74: room for the next change).
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
# The JavaScript goes without its comments and blanks (web/strip.cjs: 140 KB
# of source, 92 KB shipped; dropping only the lines that were a comment
# left 102 KB, and each comment after code), read by acorn, which
# emscripten's optimiser needs too.
if [ -z "${NODE_PATH:-}" ]; then
  for d in /usr/share/nodejs /usr/lib/nodejs "$(dirname "$(command -v emcc 2> /dev/null || echo .)")/node_modules"; do
    [ -d "$d/acorn" ] && { NODE_PATH=$d; break; }
  done
fi
export NODE_PATH
node -e "require('acorn')" 2> /dev/null || die "acorn not found (NODE_PATH; Debian: node-acorn, as emcc needs it)"
set --
for f in boot.js app.js page.js doc.js records.js findings.js fixes.js boardpane.js status.js settings.js api.js \
  worker.js tasks.js session.js board.js tree.js editor.js textmap.js share.js; do
  set -- "$@" "$here/$f"
done
node "$here/strip.cjs" "$dist.tmp" "$@" || die "cannot strip the JavaScript"
# A style sheet without its comments (2 KB of the page's), indentation and
# empty lines, the blanks around { } ; , > and after a property's colon,
# and each rule's last ; (2 KB more); a quoted string as it is.
min_css() {
  perl -0pe 's{/\*.*?\*/\n?}{}gs; s/^[ \t]+//gm; s/^\n//gm;
    s#("[^"\n]*")|\s*([{};,>])\s*|:[ \t]+#defined $1 ? $1 : defined $2 ? $2 : ":"#ge;
    s#("[^"\n]*")|;\}#defined $1 ? $1 : "}"#ge' "$1" > "$2"
}
for f in index.html style.css example.jgf; do
  case $f in
    *.css) min_css "$here/$f" "$dist.tmp/$f" ;;
    *) cp "$here/$f" "$dist.tmp/$f" ;;
  esac
done
cp "$wasm/jgflint-wasm.js" "$wasm/jgflint-wasm.wasm" "$dist.tmp/"
if [ -n "$rules" ]; then
  cp -R "$rules" "$dist.tmp/rules"
  node "$here/share-links.cjs" "$dist.tmp"/rules/*.html || die "cannot compress the rule pages' links"
  # Their style sheet as the page's (the pages are written without the tags
  # and line ends HTML lets them leave out: build-aux/rule-docs.sh).
  min_css "$rules/style.css" "$dist.tmp/rules/style.css"
fi
rm -rf "$dist"
mv "$dist.tmp" "$dist"

total=$(find "$dist" -type f -exec cat {} + | wc -c)
free=$((budget - total))
echo "build.sh: $dist: $(find "$dist" -type f | wc -l) files, $total bytes (budget $budget, $free free)"
[ "$total" -le "$budget" ] || die "$dist is $total bytes, over the budget of $budget"
[ $((free * 20)) -ge "$budget" ] ||
  die "$dist is $total bytes: $free of the budget of $budget free, less than 5% ($((budget - (budget + 19) / 20)) bytes at most)"
