#!/bin/sh
# Writes DIR/jgflint-charset-tables.inc, glibc's decoders of the East Asian
# character sets as tables (build-aux/charset-tables.c). For the programs
# whose C library is not glibc: the static program (musl,
# build-aux/static.sh) and the npm package's (emscripten, web/wasm.sh); and
# for the program built with glibc (Makefile.am, configure's
# --enable-charset-tables, the default there).
# With --check, also checks that src/base/charset_tables.c decodes with
# them as glibc does (build-aux/charset-tables-check.c, 14 s of CPU; the
# file is removed if not): make check's tests/charset_tables.sh, and the
# static program's release build, which runs no tests. The ordinary builds
# write only: the tables are the same glibc's, and the check is of the code.
# Needs a C compiler with glibc (HOST_CC, default cc).
# Usage: build-aux/charset-tables.sh [--check] SRCDIR DIR
set -eu
check=no
[ "${1:-}" = --check ] && { check=yes; shift; }
[ $# -eq 2 ] || { echo "usage: charset-tables.sh [--check] SRCDIR DIR" >&2; exit 2; }
src=$1 dir=$2
mkdir -p "$dir"
rm -f "$dir/jgflint-charset-tables.inc"
${HOST_CC:-cc} -O2 -o "$dir/charset-tables" "$src/build-aux/charset-tables.c"
"$dir/charset-tables" > "$dir/jgflint-charset-tables.inc.tmp"
mv "$dir/jgflint-charset-tables.inc.tmp" "$dir/jgflint-charset-tables.inc"
[ "$check" = yes ] || exit 0
${HOST_CC:-cc} -O2 -std=c11 -D_XOPEN_SOURCE=700 -DJGFLINT_CHARSET_TABLES \
  -I"$dir" -I"$src/src" -o "$dir/charset-tables-check" "$src/build-aux/charset-tables-check.c" \
  "$src/src/base/charset_tables.c" "$src/src/base/buf.c" "$src/src/base/fail.c" \
  "$src/src/base/once.c" -lpthread
"$dir/charset-tables-check" >&2 || {
  rm -f "$dir/jgflint-charset-tables.inc"
  echo "charset-tables.sh: the tables do not decode as glibc does" >&2
  exit 1
}
