#!/bin/sh
# Builds static json-c and PCRE2 (8-bit) for one of the toolchains jgflint
# is built with besides the system's, from Debian's source packages of the
# installed libjson-c-dev and libpcre2-dev (else the newest fetchable),
# into PREFIX (PREFIX/lib, PREFIX/include, PREFIX/lib/pkgconfig):
#   musl   musl-gcc, -O2 -fstack-protector-strong, PCRE2 with JIT as
#          Debian's: for the static program (build-aux/static.sh)
#   wasm   Debian's emscripten, WASM_DEPS_CFLAGS (default -Oz), no JIT, no
#          threads: for the page and the npm package (web/wasm.sh)
# Idempotent: a second run with the same sources, compiler and flags only
# says so. The sources are fetched, patched and cached by
# build-aux/deb-source.sh in DEB_SOURCES (default PREFIX/.work): nothing is
# fetched when it already holds them.
#
# Usage: build-aux/deps.sh musl|wasm PREFIX
# Environment:
#   DEPS_JOBS          parallel compile jobs (default 2)
#   WASM_DEPS_CFLAGS   wasm's optimisation flags (default -Oz)
#   DEB_SOURCES        the cache of source packages (deb-source.sh)
#   DEB_SOURCES_LIST   a sources.list (deb-src lines) instead of the derived one
#   NODE_PATH          emscripten's JS optimiser runs on Node and needs
#                      acorn: defaults to Debian's /usr/share/nodejs
set -eu

die() { echo "deps.sh: $*" >&2; exit 2; }
[ $# -eq 2 ] || die "usage: deps.sh musl|wasm PREFIX"
toolchain=$1
case $2 in /*) prefix=$2 ;; *) prefix=$(pwd)/$2 ;; esac
jobs=${DEPS_JOBS:-2}
work=$prefix/.work

# What differs between the toolchains: the compiler, its flags, how cmake
# is run, and what PCRE2 and json-c can have there.
case $toolchain in
musl)
  need="musl-gcc cmake" hint="musl-tools cmake"
  cflags="-O2 -fstack-protector-strong" buildtype=Release
  cmake_run() { CC=musl-gcc cmake "$@"; }
  jsonc_extra="" pcre2_extra="-DPCRE2_SUPPORT_JIT=ON -DPCRE2_SUPPORT_UNICODE=ON" stamp_note=
  compiler="musl $(dpkg-query -W -f '${Version}' musl-dev 2> /dev/null || echo unknown)"
  stampfile=$prefix/.static-deps.stamp
  ;;
wasm)
  need="emcc emcmake emar cmake apt-get apt-cache dpkg-source" hint="emscripten cmake dpkg-dev"
  cflags=${WASM_DEPS_CFLAGS:--Oz} buildtype=MinSizeRel
  cmake_run() { emcmake cmake "$@"; }
  # No Unicode: the patterns match bytes (src/base/regex.c), and its
  # tables were 114 KB of the site's budget (issue 74).
  jsonc_extra="-DENABLE_THREADING=OFF"
  pcre2_extra="-DPCRE2_SUPPORT_JIT=OFF -DPCRE2_STATIC_PIC=OFF -DPCRE2_SUPPORT_UNICODE=OFF"
  stamp_note="; PCRE2 without Unicode"
  compiler=$(emcc --version 2> /dev/null | sed -n 1p)
  stampfile=$prefix/.wasm-deps.stamp
  if [ -z "${NODE_PATH:-}" ]; then
    for d in /usr/share/nodejs /usr/lib/nodejs; do
      [ -d "$d/acorn" ] && { NODE_PATH=$d; break; }
    done
    [ -n "${NODE_PATH:-}" ] || die "Debian's Node modules folder (acorn) not found: apt-get install node-acorn"
  fi
  export NODE_PATH
  ;;
*) die "unknown toolchain $toolchain (musl or wasm)" ;;
esac
for tool in $need; do
  command -v "$tool" > /dev/null 2>&1 || die "$tool not found (apt-get install $hint)"
done

start=$(date +%s)
mkdir -p "$work"
sources=${DEB_SOURCES:-$work}
# fetch SRCPKG DEVPKG: sets $version and $srcdir (the unpacked, patched tree).
fetch() {
  line=$(sh "$(dirname "$0")/deb-source.sh" "$sources" "$1" "$2") || die "no source of $1"
  version=$(printf '%s' "$line" | cut -f1) srcdir=$(printf '%s' "$line" | cut -f2)
}
fetch json-c libjson-c-dev
jsonc_version=$version jsonc_src=$srcdir
fetch pcre2 libpcre2-dev
pcre2_version=$version pcre2_src=$srcdir

stamp="json-c $jsonc_version; pcre2 $pcre2_version; $compiler; $cflags$stamp_note"
if [ -f "$prefix/lib/libjson-c.a" ] && [ -f "$prefix/lib/libpcre2-8.a" ] &&
   [ "$(cat "$stampfile" 2> /dev/null)" = "$stamp" ]; then
  echo "deps.sh: $toolchain: up to date in $prefix ($stamp)" >&2
  exit 0
fi

build() {
  name=$1 src=$2; shift 2
  b=$work/build/$name
  rm -rf "$b"
  echo "deps.sh: building $name ($(cat "$src/.unpacked")) for $toolchain with $cflags" >&2
  cmake_run -S "$src" -B "$b" -DCMAKE_BUILD_TYPE=$buildtype \
    "-DCMAKE_C_FLAGS_$(echo $buildtype | tr a-z A-Z)=$cflags -DNDEBUG" \
    "-DCMAKE_INSTALL_PREFIX=$prefix" -DCMAKE_INSTALL_LIBDIR=lib -DBUILD_SHARED_LIBS=OFF \
    "$@" > "$b.log" 2>&1 ||
    { tail -40 "$b.log" >&2; die "configuring $name failed (log: $b.log)"; }
  cmake --build "$b" -j "$jobs" >> "$b.log" 2>&1 ||
    { tail -40 "$b.log" >&2; die "building $name failed (log: $b.log)"; }
  cmake --install "$b" >> "$b.log" 2>&1 ||
    { tail -40 "$b.log" >&2; die "installing $name failed (log: $b.log)"; }
}
rm -f "$stampfile"
mkdir -p "$work/build"
# shellcheck disable=SC2086 # the extra options are words
build json-c "$jsonc_src" -DBUILD_STATIC_LIBS=ON -DBUILD_TESTING=OFF -DBUILD_APPS=OFF \
  -DDISABLE_WERROR=ON -DDISABLE_EXTRA_LIBS=ON $jsonc_extra
# shellcheck disable=SC2086
build pcre2 "$pcre2_src" -DPCRE2_BUILD_PCRE2_8=ON -DPCRE2_BUILD_PCRE2_16=OFF \
  -DPCRE2_BUILD_PCRE2_32=OFF \
  -DPCRE2_BUILD_PCRE2GREP=OFF -DPCRE2_BUILD_TESTS=OFF -DPCRE2_SUPPORT_LIBBZ2=OFF \
  -DPCRE2_SUPPORT_LIBZ=OFF -DPCRE2_SUPPORT_LIBEDIT=OFF -DPCRE2_SUPPORT_LIBREADLINE=OFF \
  $pcre2_extra
for lib in libjson-c.a libpcre2-8.a; do
  [ -f "$prefix/lib/$lib" ] || die "$prefix/lib/$lib was not installed"
done
echo "$stamp" > "$stampfile"
echo "deps.sh: $toolchain: built in $(($(date +%s) - start)) s into $prefix:" >&2
for lib in libjson-c.a libpcre2-8.a; do
  printf '  %-14s %8d bytes\n' "$lib" "$(wc -c < "$prefix/lib/$lib")" >&2
done
