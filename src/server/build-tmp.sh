#!/bin/sh
# TEMPORARY, delete at merge (Makefile.am will build src/server/*.c into
# jgflint). Builds ./jgflint-lsp in the build directory (default: the
# current one, after ./configure && make): `jgflint-lsp server` runs the
# server, anything else runs ./jgflint. Usage: src/server/build-tmp.sh [BUILDDIR] [CFLAGS...]
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-.}" && pwd); [ $# -gt 0 ] && shift
real=$build/jgflint
[ -f "$build/.libs/libjgflint.a" ] || { echo "build-tmp.sh: no $build/.libs/libjgflint.a (run make first)" >&2; exit 1; }
version=$(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"/\1/p' "$build/config.h" 2>/dev/null || true)
set -x
${CC:-gcc} -std=c11 -g -O2 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2 \
  -D_XOPEN_SOURCE=700 -DPACKAGE_VERSION="\"${version:-0.1.0}\"" \
  -DJGFLINT_REAL="\"$real\"" -pthread "$@" \
  -I"$src/src" -I"$build" $(pkg-config --cflags json-c) \
  "$src"/src/server/server.c "$src"/src/server/transport.c "$src"/src/server/text.c \
  "$src"/src/server/markdown.c "$src"/src/server/shim_tmp.c "$src"/src/server/main_tmp.c \
  "$build/.libs/libjgflint.a" $(pkg-config --libs json-c libpcre2-8) -lpthread \
  -o "$build/jgflint-lsp"
