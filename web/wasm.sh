#!/bin/sh
# Compiles libjgflint (the library sources of SRCDIR: its layers' folders
# and rules/, not the command line nor the editor server) to WebAssembly
# with emscripten, against the static json-c and PCRE2 that
# build-aux/deps.sh wasm built into DEPS, and writes
# OUTDIR/jgflint-wasm.js and OUTDIR/jgflint-wasm.wasm (the page's module:
# createJgflintModule(), exporting the functions of jgflint.h web/api.js calls).
#
# Usage: web/wasm.sh DEPS OUTDIR [SRCDIR]
#   SRCDIR defaults to the tree this script is in.
# Environment: WASM_CFLAGS (default -O2: -Oz made lint() 1.6x the native
#   CLI's CPU time on SGF, -O2 1.3x, for 100 KB more; issue 53), WASM_JOBS (default 2),
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
cflags=${WASM_CFLAGS:--O2}
jobs=${WASM_JOBS:-2}
docs_url=${RULE_DOCS_URL:-file:///usr/local/share/doc/jgflint/rules}
if [ -z "${NODE_PATH:-}" ]; then
  for d in /usr/share/nodejs /usr/lib/nodejs; do [ -d "$d/acorn" ] && { NODE_PATH=$d; break; }; done
fi
export NODE_PATH
command -v emcc > /dev/null || die "emcc not found (apt-get install emscripten)"
if ! [ -f "$deps/lib/libjson-c.a" ] || ! [ -f "$deps/lib/libpcre2-8.a" ]; then
  die "no json-c/PCRE2 for wasm in $deps: run build-aux/deps.sh wasm $deps"
fi

header=$src/src/lib/jgflint.h
[ -f "$header" ] || die "no $header"
version=$(sed -n 's/^AC_INIT(\[jgflint\], \[\([^]]*\)\].*/\1/p' "$src/configure.ac")
[ -n "$version" ] || die "no version in $src/configure.ac"

mkdir -p "$out/obj"
incs="-I$src/src -iquote $src/rules"
cat > "$out/obj/defs.h" <<EOF
/* Written by web/wasm.sh: what configure defines for the native build. */
#define PACKAGE "jgflint"
#define PACKAGE_NAME "jgflint"
#define PACKAGE_TARNAME "jgflint"
#define PACKAGE_VERSION "$version"
#define PACKAGE_STRING "jgflint $version"
#define VERSION "$version"
/* The rule pages' base: the host's Module.ruleDocsUrl, else this one
 * (src/base/docs_web.c). */
#define RULE_DOCS_URL_BUILT "$docs_url"
const char *web_rule_docs_url(void);
#define RULE_DOCS_URL web_rule_docs_url()
EOF

# The rules' explanations kept apart and packed into OUTDIR/obj/explanations.c
# (web/explanations.cjs: 124 KB of the page's budget in 40): the rules are
# compiled from copies in OUTDIR/obj/rules whose explanation is 0 (NULL).
node "$src/web/explanations.cjs" "$src" "$out/obj" || die "cannot pack the rules' explanations"

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
  for layer in base core read engine lint output convert config door lib; do
    find "$src/src/$layer" -maxdepth 1 -name '*.c'
  done | sort
  for r in $rules; do echo "$out/obj/$r"; done
  echo "$out/obj/registry.c"
  echo "$out/obj/explanations.c"
} > "$out/obj/sources"

# The native build's warnings (configure.ac's WARN_CFLAGS).
export WASM_CC_FLAGS="-std=c11 $cflags -D_XOPEN_SOURCE=700 -DJGFLINT_BUILDING=1 -include $out/obj/defs.h $incs -I$deps/include -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2"
# Built -Oz, the smallest (the site's budget, build.sh): what the page runs
# once a record or less (reports, settings, the SGF writer, the readers of
# GIB, NGF, UGF and OGS, the charset tables' code, the detection and
# decoding of a record's character set, an SGF game's root properties, the
# library's calls, the sniffing of a record's format, a broken record's
# hints and repair, fixes and their edits, the values of a record's root
# (results, dates, ranks), the rules read once a record or a finding, the
# catalogue, the editor's position, findings, SGF-in-JSON), and what a check
# of SGF runs for each game or finding: its offering of --fix's places in
# the file's bytes (charset.c's walk, sgfdigest, sgfsame, sgfround), the
# decoding, the door, load, pipeline and conversion, a converted game's tree
# and values, a finding's place, line and column. These are 26% of the
# native CLI's instructions on bench/web.sh's 1.2 MB SGF (callgrind, each
# function counted to its source: 604 M of 2,303 M; most of it the
# offering, 17%, and decode.c's, 3%) and 1.8% of a lint of JGF records
# (bench/gen-collection.py's); and the rules a check of SGF does not run
# (a check in place runs the go rules and about_game's alone: these are a
# lint of JGF's, where the page has three times the CLI's time), and
# markup-type's (once a markup entry); and the replay of the go rules
# (replay.c: 10 KB less -Oz, the page 1.35x and 1.31x the CLI's CPU on
# bench/web.sh's 1.2 and 9.9 MB SGF, under issue 74's 1.5x; the whole hot
# set -Os was 1.52x). The rest, where a lint's time goes (the scan, the SGF
# reader, the board, the rules' walk), stays at $cflags.
export WASM_COLD_SOURCES="src/output/* src/config/* src/convert/sgfw* src/convert/gib.c src/convert/ngf.c src/convert/ugf.c src/convert/ugfnode.c src/convert/ugfreview.c src/convert/ugz.c src/convert/ogs.c src/base/charset*.c src/base/detect*.c src/convert/decode.c src/convert/decodeout.c src/convert/decodenote.c src/convert/misread.c src/convert/rootprops.c src/convert/inforepair.c src/base/docs_web.c src/lib/api.c src/lib/conversions.c src/read/sniff.c src/read/hint.c src/read/repair.c src/lint/edit.c src/lint/fix*.c src/core/settings.c src/convert/sgffix.c src/convert/sgfsame.c src/convert/sgfdigest.c src/convert/sgfround.c src/convert/sgfmerge.c src/convert/sgfnote.c src/convert/keep.c src/convert/named.c src/convert/lines.c src/core/english.c src/core/words.c src/core/komi.c src/lib/position.c rules/date_format.c rules/player_color.c rules/duplicate_player_color.c rules/misnamed_file.c rules/ngf_komi.c rules/result_komi.c rules/nggo_dialect.c src/core/values.c src/core/record.c src/core/catalog.c src/convert/sgfrules.c src/convert/nodeat.c src/convert/sgfedit.c src/convert/sgfplace.c src/core/fixop.c src/lint/jgfsame.c rules/seki_pre4_variations.c rules/rank_format.c rules/v1_leftover.c rules/v1_record.c rules/result_format.c rules/record_format.c rules/record_version.c rules/seki_players_object.c rules/seki_version_string.c rules/date_conflict.c rules/board_size.c rules/board_size_conflict.c rules/rules_value.c rules/komi_value.c src/convert/inplace.c src/convert/conversion.c src/convert/convert.c src/door/door.c src/lint/lint.c src/lint/pipeline.c src/read/load.c src/read/lhaload.c src/base/regex.c src/engine/goevent.c src/engine/positions.c src/convert/convtree.c src/convert/sgfvalue.c src/base/locate.c src/core/explanations_web.c src/convert/sgftojson.c src/core/fix.c src/base/similar.c src/base/paths.c src/base/stamp.c src/core/position.c src/read/scannote.c src/core/diag.c src/convert/sgfjson.c src/engine/replay.c rules/foreign_format.c rules/cut_off_point.c rules/duplicate_point.c rules/duplicate_score_point.c rules/label_text.c rules/markup_entry.c rules/off_board.c rules/missing_tree.c rules/unknown_key.c rules/wrong_type.c rules/board_size_large.c rules/cut_off.c rules/color_value.c rules/move_shape.c rules/move_time.c rules/node_after_variations.c rules/root_node.c rules/setup_type.c rules/setup_with_move.c rules/undeclared_color.c rules/variations_node.c rules/variations_shape.c rules/seki_draw_result.c rules/markup_type.c"
# Recompile what changed (objects depend on every header: simple and safe).
newest_h=$(find "$src/src" "$src/rules" -name '*.h' -newer "$out/obj/stamp" 2> /dev/null | head -1 || :)
stamp="$WASM_CC_FLAGS $WASM_COLD_SOURCES $(cksum < "$out/obj/defs.h")"
if ! [ -f "$out/obj/stamp" ] || [ -n "$newest_h" ] || [ "$(cat "$out/obj/stamp")" != "$stamp" ]; then
  rm -f "$out/obj"/*.o "$out/obj"/program/*.o
fi
# An object whose source is no longer a library source (a file moved, or
# the server's of an older build) leaves the archive.
sed "s|^$out/obj/||; s|^$src/||; s|/|_|g; s|\.c$|.o|" "$out/obj/sources" > "$out/obj/objects"
for o in "$out"/obj/*.o; do
  [ -f "$o" ] && ! grep -qxF "${o##*/}" "$out/obj/objects" && rm -f "$o" "$out/obj/libjgflint.a"
done
# Compiles the sources named on standard input (one a line) into DIR
# (objects named after their paths in SRCDIR, or in OUTDIR/obj for those
# written there), those older than their object only. In batches, one emcc
# for up to 24 sources of the same flags, $jobs batches at a time: emcc's
# own start (Python, its checks) cost about 0.8 s of CPU a call, most of a
# file's compile (20 of the library's files: 20 CPU-s one call each, 5.5
# in one call). emcc -c writes NAME.o where it runs: each batch runs in a
# directory of its own and never holds two sources of one name (board.c).
compile() {
  tab=$(printf '\t')
  rm -rf "$1"/.batch*
  while IFS= read -r f; do
    r=${f#"$out/obj/"}
    r=${r#"$src/"}
    o=$1/$(echo "$r" | sed "s|/|_|g; s|\.c$|.o|")
    [ -f "$o" ] && [ -z "$(find "$f" -newer "$o")" ] && continue
    echo "  EMCC     $r" >&2
    z=
    set -f
    # shellcheck disable=SC2254
    for p in $WASM_COLD_SOURCES; do case $r in $p) z=-Oz ;; esac; done
    set +f
    printf '%s\t%s\t%s\n' "$z" "$f" "$o"
  done | LC_ALL=C sort -s -t "$tab" -k1,1 | awk -F '\t' -v dir="$1" '
    function start() { n++; file = dir "/.batch" n; print $1 > file; count = 0; split("", names) }
    { base = $2; sub(/.*\//, "", base)
      if (!n || $1 != flags || count == 24 || base in names) { if (n) close(file); start(); flags = $1 }
      names[base] = 1; count++; print $2 "\t" $3 > file }'
  # shellcheck disable=SC2016
  for b in "$1"/.batch*; do [ -f "$b" ] && printf '%s\0' "$b"; done |
    xargs -0 -r -n 1 -P "$jobs" sh -c '
      b=$0 t=$(printf "\t")
      set --
      { read -r z; while IFS=$t read -r f o; do set -- "$@" "$f"; done; } < "$b"
      mkdir "$b.d"
      # shellcheck disable=SC2086
      (cd "$b.d" && emcc $WASM_CC_FLAGS $z -c "$@") || exit 1
      { read -r z; while IFS=$t read -r f o; do n=${f##*/}; mv "$b.d/${n%.c}.o" "$o" || exit 1; done; } < "$b"
      rm -rf "$b" "$b.d"'
}
# True when FILE is missing or older than the archive, this script, the
# page's JavaScript library or web/api.js (its exports).
stale() { ! [ -f "$1" ] || [ -n "$(find "$out/obj/libjgflint.a" "$0" "$src/web/no-files.js" "$src/web/api.js" -newer "$1")" ]; }
size() { for f; do printf '  %-40s %8d bytes\n' "$f" "$(wc -c < "$f")" >&2; done; }
echo "$stamp" > "$out/obj/stamp"
compile "$out/obj" < "$out/obj/sources"
if ! [ -f "$out/obj/libjgflint.a" ] ||
   [ -n "$(find "$out/obj" -name '*.o' -newer "$out/obj/libjgflint.a" | head -1)" ]; then
  rm -f "$out/obj/libjgflint.a"
  emar rcs "$out/obj/libjgflint.a" "$out"/obj/*.o
fi

# Every function of the header, and the allocator for the glue (the Node
# module's); the page's module exports those of them web/api.js calls, the
# page's and the npm package's only way in: each other export cost its glue
# (11 KB in all) and kept the code only it reaches (12 KB).
header_exports=$(sed -n 's/^JGF_API[^(]*[ *]\(jgf_[a-z0-9_]*\)(.*/_\1/p' "$header" | sort -u)
api_exports=$(grep -o 'M\._jgf_[a-z0-9_]*' "$src/web/api.js" | sed 's/^M\.//' | sort -u)
missing=$(echo "$api_exports" | grep -vxF "$header_exports" || :)
[ -z "$missing" ] || die "web/api.js calls what jgflint.h does not declare: $(echo "$missing" | tr "\n" " ")"
exports="$(echo "$header_exports" | paste -sd , -),_malloc,_free"
page_exports="$(echo "$api_exports" | paste -sd , -),_malloc,_free"
# The exported functions are undefined in the link's own objects: force them
# out of the archive with -u.
undefs() { echo "$1" | tr ',' '\n' | sed -n 's/^_\(jgf_.*\)/-Wl,-u,\1/p' | tr '\n' ' '; }
undef=$(undefs "$exports")
page_undef=$(undefs "$page_exports")

if ! stale "$out/jgflint-wasm.wasm" && [ -f "$out/jgflint-wasm.js" ]; then
  echo "wasm.sh: $out/jgflint-wasm.wasm is up to date" >&2
else
  echo "  EMLD     jgflint-wasm.js ($(echo "$page_exports" | tr ',' '\n' | wc -l) exports)" >&2
  # Without a file system, the calls that would use one fail
  # (web/no-files.js says why). UTF8ToString is the browser's TextDecoder
  # alone (web/api.js needs one too): not the glue's fallback. emmalloc,
  # not dlmalloc: 7.5 KB less, and as fast on a check of SGF (1.59x the
  # CLI's CPU on bench/web.sh's 1.2 MB collection, dlmalloc 1.64x), whose
  # values go through dom.c's pool; linked -Oz the module was 19 KB less but
  # 1.96x (binaryen's passes undo the hot code's -O2).
  # shellcheck disable=SC2086
  emcc $cflags -o "$out/jgflint-wasm.js" $page_undef "$out/obj/libjgflint.a" \
    "$deps/lib/libjson-c.a" "$deps/lib/libpcre2-8.a" --no-entry \
    --js-library "$src/web/no-files.js" \
    -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createJgflintModule -sENVIRONMENT=web,worker \
    -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB -sFILESYSTEM=0 -sMALLOC=emmalloc \
    "-sEXPORTED_FUNCTIONS=$page_exports" -sEXPORTED_RUNTIME_METHODS=UTF8ToString \
    -sERROR_ON_UNDEFINED_SYMBOLS=1 -sTEXTDECODER=2 \
    -sINCOMING_MODULE_JS_API=wasmBinary,locateFile,print,printErr,instantiateWasm
  size "$out/jgflint-wasm.js" "$out/jgflint-wasm.wasm"
fi

# The npm package's module for Node, with WASM_NODE_PROGRAM=1: the program
# (src/cli/main.c and the command line, src/cli/ and src/dup/ (jgflint
# duplicates), over the same archive,
# run by npm/bin/jgflint.cjs) and every function of jgflint.h (for
# import "jgflint" in Node, with noInitialRun), with Node's file system
# (NODERAWFS) and web/node.c's process id, signals and syncs, into
# OUTDIR/jgflint-node.cjs and .wasm. One thread: pthread_create fails, so
# -j's workers and --stream's are this thread; the editor server, which
# needs its thread, is not in it (src/server/absent.c says so).
[ "${WASM_NODE_PROGRAM:-}" = 1 ] || exit 0
mkdir -p "$out/obj/program"
# The test suite's hooks (src/cli/hooks.c) are only tests/jgflint-hooks':
# the program is nohooks.c's, as the native one is.
rm -f "$out/obj/program/src_cli_hooks.o"
{ find "$src/src/cli" "$src/src/dup" -maxdepth 1 -name '*.c' ! -name hooks.c | sort; echo "$src/src/server/absent.c"; echo "$src/web/node.c"; } |
  compile "$out/obj/program"
# Its East Asian character sets are decoded from glibc's own decoders, as
# the static program's are (the page's TextDecoder is ICU's in Node, which
# reads Big5 and CP949 otherwise): charset.c and charset_tables.c again,
# with the tables, linked before the archive's charset.c.
tables=$out/obj/program/tables
if ! [ -f "$tables/jgflint-charset-tables.inc" ] ||
   [ -n "$(find "$src/build-aux/charset-tables.c" "$src/src/base/charset_tables.c" "$src/src/base/charset_tables.h" -newer "$tables/jgflint-charset-tables.inc")" ]; then
  echo "  GEN      jgflint-charset-tables.inc (glibc's decoders)" >&2
  sh "$src/build-aux/charset-tables.sh" "$src" "$tables" > /dev/null
fi
printf '%s\n' "$src/src/base/charset.c" "$src/src/base/charset_tables.c" |
  WASM_CC_FLAGS="$WASM_CC_FLAGS -DJGFLINT_CHARSET_TABLES -I$tables" compile "$out/obj/program"
# Every report format (--format), where the page's module has json and
# concise alone (src/output/report.c): its table again, linked before the
# archive's.
echo "$src/src/output/report.c" | WASM_CC_FLAGS="$WASM_CC_FLAGS -DJGFLINT_ALL_FORMATS" compile "$out/obj/program"
if stale "$out/jgflint-node.wasm" || [ -n "$(find "$out/obj/program" -name '*.o' -newer "$out/jgflint-node.wasm")" ]; then
  echo "  EMLD     jgflint-node.cjs" >&2
  # shellcheck disable=SC2086
  emcc $cflags -o "$out/jgflint-node.cjs" $undef "$out"/obj/program/*.o "$out/obj/libjgflint.a" \
    "$deps/lib/libjson-c.a" "$deps/lib/libpcre2-8.a" \
    -sMODULARIZE=1 -sEXPORT_NAME=createJgflintNode -sENVIRONMENT=node -sNODERAWFS=1 \
    -sEXIT_RUNTIME=1 -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB -sTOTAL_STACK=8MB \
    -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0 \
    "-sEXPORTED_FUNCTIONS=$exports,_main" -sEXPORTED_RUNTIME_METHODS=ENV,FS,UTF8ToString \
    -sERROR_ON_UNDEFINED_SYMBOLS=1
  size "$out/jgflint-node.cjs" "$out/jgflint-node.wasm"
else
  echo "wasm.sh: $out/jgflint-node.wasm is up to date" >&2
fi
