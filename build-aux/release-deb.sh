#!/bin/sh
# The Debian packages of a release: jgflint, libjgflint0 and libjgflint-dev
# built by `dpkg-buildpackage -us -uc` from the source tarball (as the
# upstream jgflint_VERSION.orig.tar.gz) with SRCDIR/debian, then checked by
# lintian (no error, no warning), and the three .deb copied into OUTDIR.
# Usage: build-aux/release-deb.sh TARBALL SRCDIR OUTDIR WORKDIR
# The tests are not run again (DEB_BUILD_OPTIONS=nocheck): make release
# takes the tarball from make distcheck, which ran them on it; set
# DEB_BUILD_OPTIONS to run them. Needs dpkg-dev, debhelper, lintian and the
# build dependencies of debian/control.
set -eu
die() { echo "release-deb.sh: $*" >&2; exit 2; }
[ $# -eq 4 ] || die "usage: release-deb.sh TARBALL SRCDIR OUTDIR WORKDIR"
tarball=$1 srcdir=$2 out=$3 work=$4
for tool in dpkg-buildpackage dpkg-parsechangelog dh lintian; do
  command -v $tool > /dev/null 2>&1 ||
    die "$tool not found (apt-get install --no-install-recommends dpkg-dev debhelper lintian)"
done
name=$(basename "$tarball" .tar.gz)
version=${name#jgflint-}
deb_version=$(dpkg-parsechangelog -l "$srcdir/debian/changelog" -S Version)
[ "${deb_version%-*}" = "$version" ] ||
  die "debian/changelog is at $deb_version, the tarball is $version: add a changelog entry (dch -v $version-1)"
start=$(date +%s)
rm -rf "$work"
mkdir -p "$work" "$out"
cp "$tarball" "$work/jgflint_$version.orig.tar.gz"
tar -xzf "$tarball" -C "$work"
cp -R "$srcdir/debian" "$work/$name/debian"
echo "release-deb.sh: dpkg-buildpackage -us -uc (log: $work/build.log)" >&2
(cd "$work/$name" &&
 DEB_BUILD_OPTIONS=${DEB_BUILD_OPTIONS:-"nocheck noautodbgsym parallel=$(nproc)"} \
   dpkg-buildpackage -us -uc) > "$work/build.log" 2>&1 ||
  { tail -40 "$work/build.log" >&2; die "dpkg-buildpackage failed (log: $work/build.log)"; }
changes=$work/jgflint_${deb_version}_$(dpkg --print-architecture).changes
echo "release-deb.sh: lintian $(basename "$changes")" >&2
lintian --fail-on error,warning "$changes" > "$work/lintian.log" 2>&1 ||
  { cat "$work/lintian.log" >&2; die "lintian found errors or warnings"; }
[ ! -s "$work/lintian.log" ] || sed 's/^/lintian: /' "$work/lintian.log" >&2
for p in jgflint libjgflint0 libjgflint-dev; do
  deb=$work/${p}_${deb_version}_$(dpkg --print-architecture).deb
  [ -f "$deb" ] || die "no $deb"
  cp "$deb" "$out/"
done
echo "release-deb.sh: built and checked in $(($(date +%s) - start)) s" >&2
