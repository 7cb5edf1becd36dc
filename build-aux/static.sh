#!/bin/sh
# The static program of a release: jgflint for x86-64 Linux as one file
# that needs no shared library, built from the source tarball with musl
# (musl-gcc) against json-c and PCRE2 built from Debian's sources
# (build-aux/deps.sh musl, cached in DEPS). Its East Asian character sets
# (and Windows-1251 and KOI8-R, which detection offers: tables in
# src/base/charset_tables.c) are decoded from tables of glibc's decoders
# (build-aux/charset-tables.c, checked against glibc by
# build-aux/charset-tables-check.c before they are used), the rest by
# musl's iconv, which is built in: nothing is loaded at run time.
# It is built without SQLite (configure --without-sqlite3, whatever the build
# machine has): `jgflint duplicates --index` says how to build with it, the
# rest of jgflint duplicates works. And without liblhasa (--without-lhasa):
# a UGZ file (LHA-compressed UGF) gets one finding that says how to build a
# jgflint that reads it; unpacked, its UGF is read as any.
# Usage: build-aux/static.sh TARBALL OUTFILE WORKDIR DEPS
# Environment: RULE_DOCS_URL, the base of the rule pages: a web address is
# given to the static program (one file has no pages installed beside it);
# else it links none.
# Needs musl-tools, cmake, dpkg-dev (deb-source.sh), a C compiler with glibc.
set -eu
die() { echo "static.sh: $*" >&2; exit 2; }
[ $# -eq 4 ] || die "usage: static.sh TARBALL OUTFILE WORKDIR DEPS"
abs() { case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac; }
tarball=$(abs "$1") outfile=$(abs "$2") work=$(abs "$3") deps=$(abs "$4")
here=$(cd "$(dirname "$0")" && pwd)
jobs=${STATIC_JOBS:-$(nproc)}
start=$(date +%s)
sh "$here/deps.sh" musl "$deps"

rm -rf "$work"
mkdir -p "$work/build"
name=$(basename "$tarball" .tar.gz)
tar -xzf "$tarball" -C "$work"
src=$work/$name

# glibc's decoders as tables, checked against glibc here: the program
# ships them, and its build runs no tests.
sh "$src/build-aux/charset-tables.sh" --check "$src" "$work" || die "no tables of glibc's decoders"

case ${RULE_DOCS_URL:-} in
  http://* | https://*) set -- "--with-rule-docs-url=$RULE_DOCS_URL" ;;
  *) set -- --without-rule-docs-url ;;
esac
echo "static.sh: configure${1:+ $1} --without-sqlite3 --without-lhasa and make with musl-gcc (log: $work/build.log)" >&2
(cd "$work/build" &&
 PKG_CONFIG_LIBDIR=$deps/lib/pkgconfig PKG_CONFIG_PATH= \
   "$src/configure" -q CC=musl-gcc --disable-shared --enable-static --without-sqlite3 --without-lhasa "$@" &&
 make -j"$jobs" -s jgflint CFLAGS="-O2 -fstack-protector-strong" \
   CPPFLAGS="-DJGFLINT_CHARSET_TABLES -I$work" \
   LDFLAGS=-all-static) > "$work/build.log" 2>&1 ||
  { tail -40 "$work/build.log" >&2; die "the build failed (log: $work/build.log)"; }
prog=$work/build/jgflint
strip "$prog"
# One file: no interpreter, no shared library.
if readelf -l "$prog" | grep -q INTERP || readelf -d "$prog" 2> /dev/null | grep -q NEEDED; then
  die "$prog is not static"
fi
! grep -q -- '-DHAVE_SQLITE3=1' "$work/build/Makefile" || die "$prog was built with SQLite"
echo "static.sh: built without SQLite: jgflint duplicates --index says how to build with it" >&2
! grep -q -- '-DHAVE_LHASA=1' "$work/build/Makefile" || die "$prog was built with liblhasa"
echo "static.sh: built without liblhasa: a UGZ file's finding says how to build with it" >&2
mkdir -p "$(dirname "$outfile")"
cp "$prog" "$outfile"
echo "static.sh: $(basename "$outfile"), $(wc -c < "$outfile") bytes, in $(($(date +%s) - start)) s" >&2
