#!/bin/sh
# The version being built, everywhere it is written: `jgflint --version`
# (configure.ac's AC_INIT) is the reference, and jgflint.h's version macros,
# the library's jgf_version(), the man page's title line, the CHANGELOG's
# top section and debian/changelog must name it; debian/'s symbols file and
# soname are the library's. TAP output.
# Environment: JGFLINT (the binary, in the build directory), TOP_SRCDIR.
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
# same NAME GOT: GOT is the version being built.
same() { if [ "$2" = "$version" ]; then ok "$1 ($2)"; else not_ok "$1: '$2', not $version"; fi; }

version=$("$JGFLINT" --version | sed -n 's/^jgflint \([0-9][0-9.]*\)$/\1/p')
case $version in
  [0-9]*.[0-9]*.[0-9]*) ok "jgflint --version names a version ($version)" ;;
  *) not_ok "jgflint --version names a version: $("$JGFLINT" --version)"; echo "1..$n"; exit 1 ;;
esac
major=${version%%.*} rest=${version#*.}
minor=${rest%%.*} patch=${rest#*.}

# --- jgflint.h: the macros, as a program compiled against it sees them.
h=$TOP_SRCDIR/src/lib/jgflint.h
cat > "$tmp/v.c" <<'EOF'
#include <stdio.h>
#include "jgflint.h"
int main(void)
{
	printf("%s %d %d %d %d\n", JGF_VERSION, JGF_VERSION_MAJOR, JGF_VERSION_MINOR,
	       JGF_VERSION_PATCH, JGF_VERSION_NUMBER);
	return 0;
}
EOF
if ${CC:-cc} -I"$TOP_SRCDIR/src/lib" "$tmp/v.c" -o "$tmp/v" 2> "$tmp/err"; then
  same "jgflint.h's JGF_VERSION" "$("$tmp/v" | cut -d' ' -f1)"
  want="$major $minor $patch $((major * 10000 + minor * 100 + patch))"
  got=$("$tmp/v" | cut -d' ' -f2-)
  [ "$got" = "$want" ] && ok "… and JGF_VERSION_MAJOR, _MINOR, _PATCH, _NUMBER ($got)" ||
    not_ok "… and JGF_VERSION_MAJOR, _MINOR, _PATCH, _NUMBER: $got, want $want"
else
  sed 's/^/# /' "$tmp/err"; not_ok "a program including jgflint.h compiles"
fi
# The library's own: libjgflint.so in the build directory, where built.
so=$(dirname "$JGFLINT")/.libs/libjgflint.so
if [ -f "$so" ] && ! nm -D "$so" | grep -q '__asan\|__tsan'; then
  printf '#include <stdio.h>\n#include "jgflint.h"\nint main(void) { puts(jgf_version()); return 0; }\n' > "$tmp/lv.c"
  if ${CC:-cc} -I"$TOP_SRCDIR/src/lib" "$tmp/lv.c" "$so" -Wl,-rpath,"$(dirname "$so")" -o "$tmp/lv" 2> "$tmp/err"; then
    same "the library's jgf_version()" "$("$tmp/lv")"
  else
    sed 's/^/# /' "$tmp/err"; not_ok "a program links with libjgflint.so"
  fi
else
  skip "no plain shared library in the build directory"
fi

# --- The man page's title line: .TH JGFLINT 1 DATE "jgflint VERSION".
same "the man page's title line" \
  "$(sed -n '1,/^\.TH/s/^\.TH JGFLINT 1 "[^"]*" "jgflint \([^"]*\)".*/\1/p' "$TOP_SRCDIR/man/jgflint.1")"

# --- The CHANGELOG's top section is this version's.
same "the CHANGELOG's top section" \
  "$(sed -n 's/^## \([^ ]*\).*/\1/p' "$TOP_SRCDIR/CHANGELOG.md" | head -1)"

# --- debian/: the changelog's top entry is this version's (VERSION-N), and
# the symbols file lists exactly the functions jgflint.h declares (a
# function added to the header needs its line there, with the version that
# adds it; dh_makeshlibs -c4 fails the package build otherwise).
d=$TOP_SRCDIR/debian
if [ -f "$d/changelog" ]; then
  got=$(sed -n '1s/^jgflint (\([^)-]*\)-[^)]*).*/\1/p' "$d/changelog")
  same "debian/changelog's top entry" "$got"
  grep -o 'jgf_[a-z0-9_]*(' "$TOP_SRCDIR/src/lib/jgflint.h" | tr -d '(' | sort -u > "$tmp/declared"
  sed -n 's/^ \(jgf_[a-z0-9_]*\)@Base .*/\1/p' "$d/libjgflint0.symbols" | sort > "$tmp/symbols"
  if cmp -s "$tmp/declared" "$tmp/symbols"; then
    ok "debian/libjgflint0.symbols lists the $(wc -l < "$tmp/declared") functions of jgflint.h"
  else
    not_ok "debian/libjgflint0.symbols lists the functions of jgflint.h (< header only, > symbols only)"
    diff "$tmp/declared" "$tmp/symbols" | grep '^[<>]' | sed 's/^/# /'
  fi
  # The soname the build made is the one the package and symbols file name.
  so=$(dirname "$JGFLINT")/.libs/libjgflint.so
  if [ -f "$so" ]; then
    soname=$(readelf -d "$so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
    [ "$soname" = libjgflint.so.0 ] && grep -q '^libjgflint.so.0 libjgflint0 ' "$d/libjgflint0.symbols" &&
      grep -q '^Package: libjgflint0$' "$d/control" &&
      ok "the soname ($soname) is the package's (libjgflint0)" ||
      not_ok "the soname ($soname) is the package's (libjgflint0)"
  fi
else
  skip "no debian/ (a release tarball)"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
