#!/bin/sh
# Compiles libjgflint (the library sources of SRCDIR: its layers' folders
# and rules/, not the command line nor the editor server) to WebAssembly
# with emscripten, against the static json-c and PCRE2 that
# build-aux/wasm-deps.sh built into DEPS, and writes
# OUTDIR/jgflint-wasm.js and OUTDIR/jgflint-wasm.wasm (the page's module:
# createJgflintModule(), exporting every function of jgflint.h).
#
# Usage: web/wasm.sh DEPS OUTDIR [SRCDIR]
#   SRCDIR defaults to the tree this script is in.
# Environment: WASM_CFLAGS (default -Oz), WASM_JOBS (default 2),
#   RULE_DOCS_URL (the rule pages' base, as ./configure --with-rule-docs-url),
#   NODE_PATH (default /usr/share/nodejs: emscripten's optimiser needs acorn).
# Objects are kept in OUTDIR/obj and rebuilt when their source is newer.
set -eu

die() { echo "wasm.sh: $*" >&2; exit 2; }
[ $# -ge 2 ] || die "usage: web/wasm.sh DEPS OUTDIR [SRCDIR]"
abs() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
deps=$(abs "$1")
out=$(abs "$2")
src=$(abs "${3:-$(dirname "$0")/..}")
src=$(cd "$src" && pwd)
cflags=${WASM_CFLAGS:--Oz}
jobs=${WASM_JOBS:-2}
docs_url=${RULE_DOCS_URL:-file:///usr/local/share/doc/jgflint/rules}
if [ -z "${NODE_PATH:-}" ]; then
  for d in /usr/share/nodejs /usr/lib/nodejs; do [ -d "$d/acorn" ] && { NODE_PATH=$d; break; }; done
fi
export NODE_PATH
command -v emcc > /dev/null || die "emcc not found (apt-get install emscripten)"
if ! [ -f "$deps/lib/libjson-c.a" ] || ! [ -f "$deps/lib/libpcre2-8.a" ]; then
  die "no json-c/PCRE2 for wasm in $deps: run build-aux/wasm-deps.sh $deps"
fi

header=$src/src/lib/jgflint.h
[ -f "$header" ] || die "no $header"
version=$(sed -n 's/^AC_INIT(\[jgflint\], \[\([^]]*\)\].*/\1/p' "$src/configure.ac")
[ -n "$version" ] || die "no version in $src/configure.ac"

mkdir -p "$out/obj"
incs="-I$src/src"
cat > "$out/obj/defs.h" <<EOF
/* Written by web/wasm.sh: what configure defines for the native build. */
#define PACKAGE "jgflint"
#define PACKAGE_NAME "jgflint"
#define PACKAGE_TARNAME "jgflint"
#define PACKAGE_VERSION "$version"
#define PACKAGE_STRING "jgflint $version"
#define VERSION "$version"
#define RULE_DOCS_URL "$docs_url"
EOF

# The rule registry, as the Makefile generates it.
rules=
for r in "$src"/rules/*.c; do
  case $r in */registry.c) ;; *) rules="$rules rules/${r##*/}" ;; esac
done
# shellcheck disable=SC2086
sh "$src/build-aux/gen-registry.sh" "$src" $rules > "$out/obj/registry.c.tmp"
if cmp -s "$out/obj/registry.c.tmp" "$out/obj/registry.c" 2> /dev/null; then
  rm "$out/obj/registry.c.tmp"
else
  mv "$out/obj/registry.c.tmp" "$out/obj/registry.c"
fi

# Library sources: the folders of the library's layers (CONTRIBUTING.md),
# and the rules; not the front ends (cli/, server/: the page cannot run the
# editor server). They go into an archive, so that what the exported
# functions do not reach is left out.
{
  for layer in base core read engine lint output convert config lib; do
    find "$src/src/$layer" -maxdepth 1 -name '*.c'
  done | sort
  for r in $rules; do echo "$src/$r"; done
  echo "$out/obj/registry.c"
} > "$out/obj/sources"

# The native build's warnings (configure.ac's WARN_CFLAGS).
export WASM_CC_FLAGS="-std=c11 $cflags -D_XOPEN_SOURCE=700 -DJGFLINT_BUILDING=1 -include $out/obj/defs.h $incs -I$deps/include -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2"
# Recompile what changed (objects depend on every header: simple and safe).
newest_h=$(find "$src/src" "$src/rules" -name '*.h' -newer "$out/obj/stamp" 2> /dev/null | head -1 || :)
if ! [ -f "$out/obj/stamp" ] || [ -n "$newest_h" ] ||
   [ "$(cat "$out/obj/stamp")" != "$WASM_CC_FLAGS $version $docs_url" ]; then
  rm -f "$out/obj"/*.o
fi
# An object whose source is no longer a library source (a file moved, or
# the server's of an older build) leaves the archive.
sed "s|^$src/||; s|/|_|g; s|\.c$|.o|" "$out/obj/sources" > "$out/obj/objects"
for o in "$out"/obj/*.o; do
  [ -f "$o" ] && ! grep -qxF "${o##*/}" "$out/obj/objects" && rm -f "$o" "$out/obj/libjgflint.a"
done
echo "$WASM_CC_FLAGS $version $docs_url" > "$out/obj/stamp"
# shellcheck disable=SC2016
tr '\n' '\0' < "$out/obj/sources" | xargs -0 -n 1 -P "$jobs" sh -c '
  f=$2 o=$0/$(echo "$2" | sed "s|^$1/||; s|/|_|g; s|\.c$|.o|")
  [ -f "$o" ] && [ -z "$(find "$f" -newer "$o")" ] && exit 0
  echo "  EMCC     ${f#$1/}" >&2
  # shellcheck disable=SC2086
  emcc $WASM_CC_FLAGS -c "$f" -o "$o"' "$out/obj" "$src"
if ! [ -f "$out/obj/libjgflint.a" ] ||
   [ -n "$(find "$out/obj" -name '*.o' -newer "$out/obj/libjgflint.a" | head -1)" ]; then
  rm -f "$out/obj/libjgflint.a"
  emar rcs "$out/obj/libjgflint.a" "$out"/obj/*.o
elif [ -f "$out/jgflint-wasm.wasm" ] && [ -f "$out/jgflint-wasm.js" ] &&
     [ -z "$(find "$out/obj/libjgflint.a" "$0" -newer "$out/jgflint-wasm.wasm")" ]; then
  echo "wasm.sh: $out/jgflint-wasm.wasm is up to date" >&2
  exit 0
fi

# Every function of the header, and the allocator for the glue.
exports=$(sed -n 's/^JGF_API[^(]*[ *]\(jgf_[a-z0-9_]*\)(.*/_\1/p' "$header" | sort -u | tr '\n' ',')
exports="${exports}_malloc,_free"
echo "  EMLD     jgflint-wasm.js ($(echo "$exports" | tr ',' '\n' | wc -l) exports)" >&2
# The exported functions are undefined in the link's own objects: force them
# out of the archive with -u.
undef=$(echo "$exports" | tr ',' '\n' | sed -n 's/^_\(jgf_.*\)/-Wl,-u,\1/p' | tr '\n' ' ')
# shellcheck disable=SC2086
emcc $cflags -o "$out/jgflint-wasm.js" $undef "$out/obj/libjgflint.a" \
  "$deps/lib/libjson-c.a" "$deps/lib/libpcre2-8.a" --no-entry \
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createJgflintModule -sENVIRONMENT=web,worker \
  -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB -sFILESYSTEM=0 \
  "-sEXPORTED_FUNCTIONS=$exports" -sEXPORTED_RUNTIME_METHODS=UTF8ToString \
  -sERROR_ON_UNDEFINED_SYMBOLS=1 -sINCOMING_MODULE_JS_API=wasmBinary,locateFile,print,printErr
for f in "$out/jgflint-wasm.js" "$out/jgflint-wasm.wasm"; do
  printf '  %-40s %8d bytes\n' "$f" "$(wc -c < "$f")" >&2
done
