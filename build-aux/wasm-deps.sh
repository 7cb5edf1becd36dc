#!/bin/sh
# Builds static json-c and PCRE2 (8-bit, no JIT) for wasm32 with Debian's
# emscripten, from the Debian source packages, into PREFIX (PREFIX/lib,
# PREFIX/include, PREFIX/lib/pkgconfig). Idempotent: a second run with the
# same sources, compiler and flags only says so.
#
# Usage: build-aux/wasm-deps.sh PREFIX
#
# The sources are Debian's source packages of the installed libjson-c-dev
# and libpcre2-dev (else the newest fetchable), fetched, patched and cached
# by build-aux/deb-source.sh in DEB_SOURCES (default PREFIX/.work): nothing
# is fetched when it already holds them.
#
# Environment:
#   WASM_DEPS_CFLAGS   optimisation flags (default -Oz)
#   WASM_DEPS_JOBS     parallel compile jobs (default 2)
#   DEB_SOURCES        the cache of source packages (deb-source.sh)
#   DEB_SOURCES_LIST   a sources.list (deb-src lines) instead of the derived one
#   NODE_PATH          emscripten's JS optimiser runs on Node and needs
#                      acorn: defaults to Debian's /usr/share/nodejs
set -eu

die() { echo "wasm-deps.sh: $*" >&2; exit 2; }
[ $# -eq 1 ] || die "usage: wasm-deps.sh PREFIX"
case $1 in /*) prefix=$1 ;; *) prefix=$(pwd)/$1 ;; esac
cflags=${WASM_DEPS_CFLAGS:--Oz}
jobs=${WASM_DEPS_JOBS:-2}
work=$prefix/.work

for tool in emcc emcmake emar cmake apt-get apt-cache dpkg-source; do
  command -v "$tool" > /dev/null 2>&1 ||
    die "$tool not found (apt-get install emscripten cmake dpkg-dev)"
done
if [ -z "${NODE_PATH:-}" ]; then
  for d in /usr/share/nodejs /usr/lib/nodejs; do
    [ -d "$d/acorn" ] && { NODE_PATH=$d; break; }
  done
  [ -n "${NODE_PATH:-}" ] || die "Debian's Node modules folder (acorn) not found: apt-get install node-acorn"
fi
export NODE_PATH

start=$(date +%s)
mkdir -p "$work"
emcc_version=$(emcc --version 2> /dev/null | sed -n 1p)

# -- sources: Debian's source packages, fetched and unpacked by
# build-aux/deb-source.sh into DEB_SOURCES (default PREFIX/.work; the
# Makefile shares ~/.cache/jgflint/debian-src with the static program).
sources=${DEB_SOURCES:-$work}
# fetch SRCPKG DEVPKG: sets $version and $srcdir (the unpacked, patched tree).
fetch() {
  line=$(sh "$(dirname "$0")/deb-source.sh" "$sources" "$1" "$2") || die "no source of $1"
  version=$(printf '%s' "$line" | cut -f1) srcdir=$(printf '%s' "$line" | cut -f2)
}

version='' srcdir=''
fetch json-c libjson-c-dev
jsonc_version=$version jsonc_src=$srcdir
version='' srcdir=''
fetch pcre2 libpcre2-dev
pcre2_version=$version pcre2_src=$srcdir

stamp="json-c $jsonc_version; pcre2 $pcre2_version; $emcc_version; $cflags"
if [ -f "$prefix/lib/libjson-c.a" ] && [ -f "$prefix/lib/libpcre2-8.a" ] &&
   [ "$(cat "$prefix/.wasm-deps.stamp" 2> /dev/null)" = "$stamp" ]; then
  echo "wasm-deps.sh: up to date in $prefix ($stamp)"
  exit 0
fi

# -- builds --------------------------------------------------------------------
build() {
  name=$1 src=$2; shift 2
  b=$work/build/$name
  rm -rf "$b"
  echo "wasm-deps.sh: building $name ($(cat "$src/.unpacked")) with emcc $cflags" >&2
  emcmake cmake -S "$src" -B "$b" -DCMAKE_BUILD_TYPE=MinSizeRel \
    "-DCMAKE_C_FLAGS_MINSIZEREL=$cflags -DNDEBUG" "-DCMAKE_INSTALL_PREFIX=$prefix" \
    -DCMAKE_INSTALL_LIBDIR=lib -DBUILD_SHARED_LIBS=OFF "$@" > "$b.log" 2>&1 ||
    { tail -40 "$b.log" >&2; die "configuring $name failed (log: $b.log)"; }
  cmake --build "$b" -j "$jobs" >> "$b.log" 2>&1 ||
    { tail -40 "$b.log" >&2; die "building $name failed (log: $b.log)"; }
  cmake --install "$b" >> "$b.log" 2>&1 ||
    { tail -40 "$b.log" >&2; die "installing $name failed (log: $b.log)"; }
}

rm -f "$prefix/.wasm-deps.stamp"
mkdir -p "$work/build"
build json-c "$jsonc_src" -DBUILD_STATIC_LIBS=ON -DBUILD_TESTING=OFF -DBUILD_APPS=OFF \
  -DDISABLE_WERROR=ON -DDISABLE_EXTRA_LIBS=ON -DENABLE_THREADING=OFF
build pcre2 "$pcre2_src" -DPCRE2_BUILD_PCRE2_8=ON -DPCRE2_BUILD_PCRE2_16=OFF \
  -DPCRE2_BUILD_PCRE2_32=OFF -DPCRE2_SUPPORT_JIT=OFF -DPCRE2_SUPPORT_UNICODE=ON \
  -DPCRE2_BUILD_PCRE2GREP=OFF -DPCRE2_BUILD_TESTS=OFF -DPCRE2_SUPPORT_LIBBZ2=OFF \
  -DPCRE2_SUPPORT_LIBZ=OFF -DPCRE2_SUPPORT_LIBEDIT=OFF -DPCRE2_SUPPORT_LIBREADLINE=OFF \
  -DPCRE2_STATIC_PIC=OFF

for lib in libjson-c.a libpcre2-8.a; do
  [ -f "$prefix/lib/$lib" ] || die "$prefix/lib/$lib was not installed"
done
echo "$stamp" > "$prefix/.wasm-deps.stamp"
end=$(date +%s)
echo "wasm-deps.sh: built in $((end - start)) s into $prefix:"
for lib in libjson-c.a libpcre2-8.a; do
  printf '  %-14s %8d bytes\n' "$lib" "$(wc -c < "$prefix/lib/$lib")"
done
