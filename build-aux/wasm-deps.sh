#!/bin/sh
# Builds static json-c and PCRE2 (8-bit, no JIT) for wasm32 with Debian's
# emscripten, from the Debian source packages, into PREFIX (PREFIX/lib,
# PREFIX/include, PREFIX/lib/pkgconfig). Idempotent: a second run with the
# same sources, compiler and flags only says so.
#
# Usage: build-aux/wasm-deps.sh PREFIX
#
# The sources come from `apt-get source --download-only` through a private
# apt configuration (deb-src entries derived from the system's Debian deb
# entries, lists under PREFIX/.work/apt): the system's apt configuration is
# neither read for deb-src nor changed. The version of the installed
# libjson-c-dev / libpcre2-dev is preferred (the native build links it),
# else the newest version whose source can be fetched. dpkg-source applies
# Debian's patches. Nothing is fetched when PREFIX/.work already holds them.
#
# Environment:
#   WASM_DEPS_CFLAGS   optimisation flags (default -Oz)
#   WASM_DEPS_JOBS     parallel compile jobs (default 2)
#   WASM_DEPS_SOURCES  a sources.list (one-line format, deb-src lines) to use
#                      instead of the derived one
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

# -- sources -----------------------------------------------------------------
apt_dir=$work/apt
set -- -o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null \
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" \
  -o "Dir::State::status=/var/lib/dpkg/status" -o APT::Sandbox::User=root -q
apt_opts="$*"

# deb-src lines for the system's Debian deb entries (one-line .list and
# deb822 .sources files).
derive_sources() {
  {
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
      [ -f "$f" ] && sed -n 's/^[[:space:]]*deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]*\)\{0,1\}/deb-src /p' "$f"
    done
    for f in /etc/apt/sources.list.d/*.sources; do
      [ -f "$f" ] || continue
      awk '
        function flush() {
          if (types ~ /(^| )deb( |$)/ && enabled != "no")
            for (u = 1; u <= nu; u++) for (s = 1; s <= ns; s++)
              print "deb-src " uri[u] " " suite[s] " " comps
          types = ""; nu = 0; ns = 0; comps = ""; enabled = ""
        }
        /^[[:space:]]*$/ { flush(); next }
        /^#/ { next }
        tolower($1) == "types:" { types = ""; for (i = 2; i <= NF; i++) types = types " " $i; types = types " " }
        tolower($1) == "uris:" { for (i = 2; i <= NF; i++) uri[++nu] = $i }
        tolower($1) == "suites:" { for (i = 2; i <= NF; i++) suite[++ns] = $i }
        tolower($1) == "components:" { comps = ""; for (i = 2; i <= NF; i++) comps = comps " " $i }
        tolower($1) == "enabled:" { enabled = tolower($2) }
        END { flush() }' "$f"
    done
  } | grep -E '^deb-src [a-z]+://[^ ]*debian' | sort -u
}

mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
if [ -n "${WASM_DEPS_SOURCES:-}" ]; then
  cp "$WASM_DEPS_SOURCES" "$apt_dir/sources.list.new"
else
  derive_sources > "$apt_dir/sources.list.new"
fi
[ -s "$apt_dir/sources.list.new" ] || die "no Debian deb entry in /etc/apt to derive deb-src from (set WASM_DEPS_SOURCES)"
if ! cmp -s "$apt_dir/sources.list.new" "$apt_dir/sources.list" 2> /dev/null; then
  mv "$apt_dir/sources.list.new" "$apt_dir/sources.list"
  rm -f "$apt_dir/updated"
else
  rm -f "$apt_dir/sources.list.new"
fi

apt_updated=no
apt_update() {
  [ $apt_updated = yes ] && return 0
  # shellcheck disable=SC2086
  apt-get $apt_opts update > "$apt_dir/update.log" 2>&1 ||
    { cat "$apt_dir/update.log" >&2; die "apt-get update (deb-src) failed"; }
  apt_updated=yes
  touch "$apt_dir/updated"
}

# fetch SRCPKG DEVPKG: sets $version and $srcdir (the unpacked, patched tree).
fetch() {
  pkg=$1 dev=$2
  # Already unpacked: the preferred version if present, else any.
  installed=$(dpkg-query -W -f '${Version}' "$dev" 2> /dev/null || :)
  for d in "$work/src/$pkg"/*/.unpacked; do
    [ -f "$d" ] || continue
    v=$(cat "$d")
    version=$v srcdir=$(dirname "$d")
    [ "$v" = "$installed" ] && break
  done
  [ -n "${srcdir:-}" ] && return 0
  apt_update
  # shellcheck disable=SC2086
  versions=$(apt-cache $apt_opts showsrc "$pkg" | sed -n 's/^Version: //p' |
    sort -u | sort -r -V)
  [ -n "$versions" ] || die "no source package $pkg in $(tr '\n' ' ' < "$apt_dir/sources.list")"
  for v in $installed $versions; do
    dl=$work/src/$pkg/dl-$v
    rm -rf "$dl" && mkdir -p "$dl"
    # shellcheck disable=SC2086
    if (cd "$dl" && apt-get $apt_opts source --download-only "$pkg=$v") > "$dl.log" 2>&1; then
      upstream=${v#*:}
      dir=$work/src/$pkg/$pkg-$upstream
      rm -rf "$dir"
      dpkg-source -x "$dl"/*.dsc "$dir" > "$dl.log" 2>&1 ||
        { cat "$dl.log" >&2; die "dpkg-source -x $pkg $v failed"; }
      echo "$v" > "$dir/.unpacked"
      version=$v srcdir=$dir
      [ "$v" = "$installed" ] ||
        echo "wasm-deps.sh: note: $pkg $installed (as $dev) has no fetchable source; using $v" >&2
      return 0
    fi
    rm -rf "$dl"
  done
  die "could not fetch the source of $pkg (tried: $installed $versions)"
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
