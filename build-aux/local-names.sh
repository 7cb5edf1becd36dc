#!/bin/sh
# The installed static library keeps global only the names of jgflint.h
# (jgf_*), as the shared library exports only them (-fvisibility=hidden):
# its objects are linked into one (ld -r) and every other name it defines
# is made local to it (objcopy), so that a program with an xmalloc, a fail
# or a member of its own links against libjgflint.a (issue 73). The
# program's own build links the library's objects as they are.
# Usage: build-aux/local-names.sh ARCHIVE; LD, OBJCOPY, AR and RANLIB from
# the environment (configure's), nothing done when ARCHIVE is absent
# (--disable-static).
set -eu
archive=$1
[ -f "$archive" ] || exit 0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086
${LD:-ld} -r -o "$tmp/libjgflint.o" --whole-archive "$archive"
${OBJCOPY:-objcopy} --wildcard --keep-global-symbol='jgf_*' "$tmp/libjgflint.o"
${AR:-ar} rc "$tmp/libjgflint.a" "$tmp/libjgflint.o"
${RANLIB:-ranlib} "$tmp/libjgflint.a"
cat "$tmp/libjgflint.a" > "$archive"
