#!/bin/sh
# A kind of fix op added is said everywhere ops are read, or the build
# fails (tests/warnings.sh's -Werror): every switch over the kinds names
# each kind, with no default (-Wswitch). Above all core/fixop.c's
# fix_op_writes, the one statement of what an op writes, which both the
# JGF guard's names (lint/fixjgf.c's named_by) and its blame's (named_at)
# are read from: a kind missing there would name nothing for either. Planted: core/fixop.h with one kind
# more; each file with a `case FIX_` must then fail to compile, naming it,
# and compile without it. TAP output.
# Environment: TOP_SRCDIR; CC (default cc).
set -u
: "${TOP_SRCDIR:?}"
. "$TOP_SRCDIR/tests/tap.sh"
cc=${CC:-cc}
command -v "$cc" > /dev/null || skip_all "no C compiler ($cc)"
if ! command -v pkg-config > /dev/null || ! pkg-config --exists json-c libpcre2-8; then
  skip_all "no pkg-config for json-c and libpcre2-8"
fi
tap_scratch
cd "$TOP_SRCDIR" || exit 1
mkdir -p "$tmp/inc/core"
sed 's/^enum fix_op_kind {$/&\n\tFIX_PLANTED,/' src/core/fixop.h > "$tmp/inc/core/fixop.h"
check "the kind planted in a copy of core/fixop.h" 'grep -q FIX_PLANTED "$tmp/inc/core/fixop.h"'
# shellcheck disable=SC2046
set -- $(pkg-config --cflags json-c libpcre2-8)
syntax() {
  "$cc" -std=c11 -fsyntax-only -Werror -Wswitch -D_XOPEN_SOURCE=700 -DPACKAGE_VERSION='"0"' \
    -DRULE_DOCS_URL='""' "$@"
}
files=$(grep -l 'case FIX_' src/*/*.c rules/*.c)
check "fix_op_writes is among them" 'grep -q "^struct fix_op_writes fix_op_writes" src/core/fixop.c &&
  echo "$files" | grep -qx src/core/fixop.c'
TAP_LOGS=$tmp/log
for f in $files; do
  syntax -Isrc "$@" "$f" > "$tmp/log" 2>&1
  check "$f compiles as it is" '[ ! -s "$tmp/log" ]' || continue
  syntax -I"$tmp/inc" -Isrc "$@" "$f" > "$tmp/log" 2>&1
  check "$f fails with a kind it does not name" 'grep -q "FIX_PLANTED" "$tmp/log"'
done
tap_done
