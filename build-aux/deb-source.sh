#!/bin/sh
# Fetches and unpacks a Debian source package into a cache, for the builds
# that compile json-c and PCRE2 themselves: the page's WebAssembly
# (build-aux/deps.sh wasm) and the static program (build-aux/deps.sh musl).
# Prints "VERSION<TAB>DIRECTORY" of the unpacked, patched tree.
#
# Usage: build-aux/deb-source.sh CACHE SRCPKG DEVPKG
#
# The sources come from `apt-get source --download-only` through a private
# apt configuration (deb-src entries derived from the system's Debian deb
# entries, lists under CACHE/apt): the system's apt configuration is
# neither read for deb-src nor changed. The version of the installed DEVPKG
# is preferred (the native build links it), else the newest version whose
# source can be fetched. dpkg-source applies Debian's patches. Nothing is
# fetched when CACHE/src already holds the package.
#
# Environment:
#   DEB_SOURCES_LIST  a sources.list (one-line format, deb-src lines) to use
#                     instead of the derived one
set -eu

die() { echo "deb-source.sh: $*" >&2; exit 2; }
[ $# -eq 3 ] || die "usage: deb-source.sh CACHE SRCPKG DEVPKG"
case $1 in /*) work=$1 ;; *) work=$(pwd)/$1 ;; esac
srcpkg=$2 devpkg=$3
for tool in apt-get apt-cache dpkg-source; do
  command -v "$tool" > /dev/null 2>&1 || die "$tool not found (apt-get install dpkg-dev)"
done
mkdir -p "$work"

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
if [ -n "${DEB_SOURCES_LIST:-}" ]; then
  cp "$DEB_SOURCES_LIST" "$apt_dir/sources.list.new"
else
  derive_sources > "$apt_dir/sources.list.new"
fi
[ -s "$apt_dir/sources.list.new" ] || die "no Debian deb entry in /etc/apt to derive deb-src from (set DEB_SOURCES_LIST)"
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
        echo "deb-source.sh: note: $pkg $installed (as $dev) has no fetchable source; using $v" >&2
      return 0
    fi
    rm -rf "$dl"
  done
  die "could not fetch the source of $pkg (tried: $installed $versions)"
}

version='' srcdir=''
fetch "$srcpkg" "$devpkg"
printf '%s\t%s\n' "$version" "$srcdir"
