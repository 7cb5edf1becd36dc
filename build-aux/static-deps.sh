#!/bin/sh
# Builds static json-c and PCRE2 (8-bit, with JIT as Debian's) with musl
# (musl-gcc) for the static program, from Debian's source packages of the
# installed libjson-c-dev and libpcre2-dev (build-aux/deb-source.sh, cached
# in DEB_SOURCES), into PREFIX (PREFIX/lib, PREFIX/include,
# PREFIX/lib/pkgconfig). Idempotent: a second run with the same sources and
# compiler only says so.
#
# Usage: build-aux/static-deps.sh PREFIX
# Environment: DEB_SOURCES (default PREFIX/.work), STATIC_DEPS_JOBS (default 2).
set -eu

die() { echo "static-deps.sh: $*" >&2; exit 2; }
[ $# -eq 1 ] || die "usage: static-deps.sh PREFIX"
case $1 in /*) prefix=$1 ;; *) prefix=$(pwd)/$1 ;; esac
jobs=${STATIC_DEPS_JOBS:-2}
work=$prefix/.work
for tool in musl-gcc cmake; do
  command -v "$tool" > /dev/null 2>&1 || die "$tool not found (apt-get install musl-tools cmake)"
done
start=$(date +%s)
mkdir -p "$work"
sources=${DEB_SOURCES:-$work}
fetch() {
  line=$(sh "$(dirname "$0")/deb-source.sh" "$sources" "$1" "$2") || die "no source of $1"
  version=$(printf '%s' "$line" | cut -f1) srcdir=$(printf '%s' "$line" | cut -f2)
}
fetch json-c libjson-c-dev
jsonc_version=$version jsonc_src=$srcdir
fetch pcre2 libpcre2-dev
pcre2_version=$version pcre2_src=$srcdir

musl=$(dpkg-query -W -f '${Version}' musl-dev 2> /dev/null || echo unknown)
cflags="-O2 -fstack-protector-strong"
stamp="json-c $jsonc_version; pcre2 $pcre2_version; musl $musl; $cflags"
if [ -f "$prefix/lib/libjson-c.a" ] && [ -f "$prefix/lib/libpcre2-8.a" ] &&
   [ "$(cat "$prefix/.static-deps.stamp" 2> /dev/null)" = "$stamp" ]; then
  echo "static-deps.sh: up to date in $prefix ($stamp)" >&2
  exit 0
fi

build() {
  name=$1 src=$2; shift 2
  b=$work/build/$name
  rm -rf "$b"
  echo "static-deps.sh: building $name ($(cat "$src/.unpacked")) with musl-gcc" >&2
  CC=musl-gcc cmake -S "$src" -B "$b" -DCMAKE_BUILD_TYPE=Release \
    "-DCMAKE_C_FLAGS_RELEASE=$cflags -DNDEBUG" "-DCMAKE_INSTALL_PREFIX=$prefix" \
    -DCMAKE_INSTALL_LIBDIR=lib -DBUILD_SHARED_LIBS=OFF "$@" > "$b.log" 2>&1 ||
    { tail -40 "$b.log" >&2; die "configuring $name failed (log: $b.log)"; }
  cmake --build "$b" -j "$jobs" >> "$b.log" 2>&1 ||
    { tail -40 "$b.log" >&2; die "building $name failed (log: $b.log)"; }
  cmake --install "$b" >> "$b.log" 2>&1 ||
    { tail -40 "$b.log" >&2; die "installing $name failed (log: $b.log)"; }
}
rm -f "$prefix/.static-deps.stamp"
mkdir -p "$work/build"
build json-c "$jsonc_src" -DBUILD_STATIC_LIBS=ON -DBUILD_TESTING=OFF -DBUILD_APPS=OFF \
  -DDISABLE_WERROR=ON -DDISABLE_EXTRA_LIBS=ON
build pcre2 "$pcre2_src" -DPCRE2_BUILD_PCRE2_8=ON -DPCRE2_BUILD_PCRE2_16=OFF \
  -DPCRE2_BUILD_PCRE2_32=OFF -DPCRE2_SUPPORT_JIT=ON -DPCRE2_SUPPORT_UNICODE=ON \
  -DPCRE2_BUILD_PCRE2GREP=OFF -DPCRE2_BUILD_TESTS=OFF -DPCRE2_SUPPORT_LIBBZ2=OFF \
  -DPCRE2_SUPPORT_LIBZ=OFF -DPCRE2_SUPPORT_LIBEDIT=OFF -DPCRE2_SUPPORT_LIBREADLINE=OFF
for lib in libjson-c.a libpcre2-8.a; do
  [ -f "$prefix/lib/$lib" ] || die "$prefix/lib/$lib was not installed"
done
echo "$stamp" > "$prefix/.static-deps.stamp"
echo "static-deps.sh: built in $(($(date +%s) - start)) s into $prefix" >&2
