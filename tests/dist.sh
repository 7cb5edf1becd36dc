#!/bin/sh
# make dist is reproducible: the same bytes from the same commit. Two
# clones of the commit checked out, made at different times, with different
# umasks, in different directories, each bootstrapped (./autogen.sh),
# configured and `make dist`: the two tarballs are identical, their entries
# owned by 0:0, all dated from the commit, and gzip stores no name or time.
# About a minute. Skips outside the top of a git clone (make distcheck's
# copy) or without autoreconf. TAP output.
# Environment: TOP_SRCDIR (the source tree).
set -u
: "${TOP_SRCDIR:?}"
. "$TOP_SRCDIR/tests/tap.sh"
top=$(git -C "$TOP_SRCDIR" rev-parse --show-toplevel 2> /dev/null) &&
  [ "$(cd "$top" && pwd -P)" = "$(cd "$TOP_SRCDIR" && pwd -P)" ] ||
  { echo "1..0 # SKIP not the top of a git clone (make distcheck's copy)"; exit 0; }
command -v autoreconf > /dev/null || { echo "1..0 # SKIP no autoreconf"; exit 0; }
# The tarball does not depend on how the program was compiled.
if sanitized; then
  echo "1..0 # SKIP a sanitizer build (the plain build checks the tarball)"; exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
commit=$(git -C "$TOP_SRCDIR" rev-parse HEAD)
date=$(git -C "$TOP_SRCDIR" log -1 --format=%ct HEAD)
# The outer make's jobserver and flags are not the clones' business.
unset MAKEFLAGS MFLAGS MAKELEVEL SOURCE_DATE_EPOCH

# tarball DIR UMASK: a clone of the commit in DIR, and its make dist.
tarball() {
  (umask "$2" &&
   git clone -q --no-checkout "$TOP_SRCDIR" "$1" &&
   git -C "$1" checkout -q "$commit" &&
   cd "$1" && ./autogen.sh > autogen.log 2>&1 &&
   mkdir build && cd build && ../configure -q > ../configure.log 2>&1 &&
   nice make -s dist > ../dist.log 2>&1) || { tail -20 "$1"/*.log | sed 's/^/# /' >&2; return 1; }
  ls "$1"/build/*.tar.gz
}
if a=$(tarball "$tmp/one" 022) && sleep 1 && b=$(tarball "$tmp/second/clone" 002); then
  ok "make dist in two clones of $(echo "$commit" | cut -c1-12)"
else
  not_ok "make dist in two clones of $commit"; echo "1..$n"; exit 1
fi
if cmp -s "$a" "$b"; then
  ok "the same bytes twice ($(basename "$a"), $(wc -c < "$a") bytes)"
else
  not_ok "the same bytes twice"
  # What differs: the entries, then the first lines of each file that
  # differs, and what each clone's autoreconf said (a CI run elsewhere
  # leaves only this log).
  cmp "$a" "$b" 2>&1 | sed 's/^/# /'
  for c in one second/clone; do
    echo "# $c: dated $(sh "$tmp/$c/build-aux/dist-date.sh" "$tmp/$c" 2>&1), commit $date"
  done
  tar --numeric-owner --full-time -tvzf "$a" > "$tmp/a.txt"
  tar --numeric-owner --full-time -tvzf "$b" > "$tmp/b.txt"
  diff "$tmp/a.txt" "$tmp/b.txt" | head -20 | sed 's/^/# /'
  mkdir "$tmp/xa" "$tmp/xb" && tar xzf "$a" -C "$tmp/xa" && tar xzf "$b" -C "$tmp/xb" &&
    diff -rq "$tmp/xa" "$tmp/xb" | head -10 | sed 's/^/# /' &&
    diff -ru "$tmp/xa" "$tmp/xb" | head -40 | sed 's/^/# /'
  for c in one second/clone; do
    sed "s|^|# $c autogen: |" "$tmp/$c/autogen.log" | head -15
  done
fi
# Every file of the commit is in the tarball but those of the clone alone:
# CI's script, git's own files and debian/ (packaging is not upstream's
# tarball). A file a test reads and EXTRA_DIST forgets fails only in make
# distcheck, which a plain make check does not run.
git -C "$tmp/one" ls-files | grep -v '^\.ci/\|^\.gitignore$\|^m4/\.gitkeep$\|^debian/' | LC_ALL=C sort > "$tmp/tracked"
tar tzf "$a" | sed -n 's|^[^/]*/||p' | grep -v '^$\|/$' | LC_ALL=C sort > "$tmp/packed"
missing=$(LC_ALL=C comm -23 "$tmp/tracked" "$tmp/packed")
if [ -z "$missing" ]; then
  ok "every file of the commit is in the tarball ($(wc -l < "$tmp/tracked") files; not .ci/, debian/)"
else
  not_ok "every file of the commit is in the tarball: missing $(echo "$missing" | tr '\n' ' ')"
fi
# lintian calls an ELF file in the source "source-is-missing" (an error that
# fails make release): each one the tarball carries is a fixture named in
# debian/source/lintian-overrides, with its reason.
# (the files' first four bytes read by one perl, Debian's essential
# perl-base, not three programs a file: 3,185 files took 48 s)
(cd "$tmp/one" && perl -ne 'chomp; my $b; open(my $h, "<", $_) or next;
    print "$_\n" if read($h, $b, 4) == 4 && $b eq "\x7fELF"' "$tmp/packed") > "$tmp/elf"
unnamed=
while IFS= read -r f; do
  grep -qF "source-is-missing [$f]" "$tmp/one/debian/source/lintian-overrides" 2> /dev/null ||
    unnamed="$unnamed $f"
done < "$tmp/elf"
[ -z "$unnamed" ] && ok "every ELF file in the tarball is a fixture lintian is told of" ||
  not_ok "ELF files lintian would call source-is-missing, not in debian/source/lintian-overrides:$unnamed"
# gzip's header: FLG without FNAME (0x08), MTIME 0.
header=$(od -An -tx1 -N8 "$a" | tr -d ' \n')
case $header in
  1f8b080[0-7]00000000) ok "gzip -n: no name, no time ($header)" ;;
  *) not_ok "gzip -n: no name, no time (header $header)" ;;
esac
tar --numeric-owner --full-time -tvzf "$a" > "$tmp/list" 2> /dev/null
owners=$(awk '{ print $2 }' "$tmp/list" | sort -u | tr '\n' ' ')
[ "$owners" = "0/0 " ] && ok "every entry is owned by 0/0" || not_ok "every entry is owned by 0/0: $owners"
want=$(date -u -d "@$date" '+%Y-%m-%d %H:%M:%S')
dates=$(TZ=UTC tar --numeric-owner --full-time -tvzf "$a" | awk '{ print $4 " " $5 }' | sort -u | tr '\n' ',')
[ "$dates" = "$want," ] && ok "every entry is dated from the commit ($want)" ||
  not_ok "every entry is dated from the commit ($want): $dates"
if awk '{ print $1 }' "$tmp/list" | grep -q '^.....w\|^........w'; then
  not_ok "no entry is writable by group or others"
else
  ok "no entry is writable by group or others"
fi
echo "1..$n"
[ "$failed" -eq 0 ]
