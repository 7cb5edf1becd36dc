#!/bin/sh
# No warning in any build (issue 37: `make web`, which emcc compiles with
# clang, warned at src/base/buf.c:115,119, -Wformat-nonliteral: a va_list
# format passed on without the function's format attribute). The build's
# flags are GCC's; this compiles every source file of the program and the
# library (and the rules) with clang and the same warning flags (-Wformat=2, which has
# -Wformat-nonliteral), -Werror, syntax only. TAP output.
# Environment: TOP_SRCDIR; CLANG (default clang).
set -u
: "${TOP_SRCDIR:?}"
clang=${CLANG:-clang}
if ! command -v "$clang" > /dev/null; then echo "1..0 # SKIP no clang"; exit 0; fi
if ! command -v pkg-config > /dev/null || ! pkg-config --exists json-c libpcre2-8; then
  echo "1..0 # SKIP no pkg-config for json-c and libpcre2-8"; exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$TOP_SRCDIR" || exit 1
# shellcheck disable=SC2046
set -- $(pkg-config --cflags json-c libpcre2-8)
: > "$tmp/log"
count=0
for f in src/*/*.c rules/*.c; do
  # absent.c stands in for the server where it is not built.
  [ "$f" = src/server/absent.c ] && continue
  count=$((count + 1))
  nice "$clang" -std=c11 -fsyntax-only -Werror -Wall -Wextra -Wshadow -Wstrict-prototypes \
    -Wmissing-prototypes -Wformat=2 -Isrc -D_XOPEN_SOURCE=700 -DPACKAGE_VERSION='"0"' \
    -DRULE_DOCS_URL='""' "$@" "$f" >> "$tmp/log" 2>&1
done
. "$TOP_SRCDIR/tests/tap.sh"
TAP_LOGS=$tmp/log   # a failure shows the warnings
check "clang -Wall -Wextra -Wformat=2: no warning in the $count source files" '[ ! -s "$tmp/log" ]'
tap_done
