#!/bin/sh
# libjgflint as installed: only jgflint.h's functions are exported, and
# `make install DESTDIR=...` gives a library, header and jgflint.pc with
# which examples/lint.c builds (cc $(pkg-config --cflags --libs jgflint)),
# shared and static, and reports what jgflint reports. TAP output.
# Environment: JGFLINT (the binary, in the build directory), TOP_SRCDIR.
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
build=$(cd "$(dirname "$JGFLINT")" && pwd)
so=$build/.libs/libjgflint.so
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
if ! [ -f "$so" ]; then echo "1..0 # SKIP no shared library (--disable-shared)"; exit 0; fi

# The exported symbols are exactly the functions jgflint.h declares
# (names the toolchain or a sanitizer adds start with an underscore).
nm -D --defined-only "$so" | awk '{ print $3 }' | grep -v '^_' | sort > "$tmp/exported"
grep -o 'jgf_[a-z_]*(' "$TOP_SRCDIR/src/lib/jgflint.h" | tr -d '(' | sort -u > "$tmp/declared"
check "nm -D: only the $(wc -l < "$tmp/declared") functions of jgflint.h are exported" \
  'cmp -s "$tmp/exported" "$tmp/declared"' || diff "$tmp/declared" "$tmp/exported" | sed 's/^/# /'

# A sanitizer build's library links only into programs built with that
# sanitizer: the installed copy is checked in plain builds.
if nm -D "$so" | grep -q '__asan\|__tsan'; then
  echo "# a sanitizer build: the installed copy is checked in a plain build"
  echo "1..$n"
  [ "$failed" -eq 0 ]; exit
fi

dest=$tmp/dest
make -s -C "$build" install DESTDIR="$dest" > "$tmp/install.log" 2>&1
check "make install DESTDIR=… succeeds" '[ $? = 0 ]' || sed 's/^/# /' "$tmp/install.log"
libdir=$(sed -n 's/^libdir=//p' "$build/jgflint.pc")
prefix=$(sed -n 's/^prefix=//p' "$build/jgflint.pc")
libdir=$(echo "$libdir" | sed "s|\${exec_prefix}|$prefix|; s|\${prefix}|$prefix|")
check "it installs the shared and static library, jgflint.h and jgflint.pc" \
  '[ -f "$dest$libdir/libjgflint.a" ] && [ -e "$dest$libdir/libjgflint.so" ] && [ -f "$dest$prefix/include/jgflint.h" ] && [ -f "$dest$libdir/pkgconfig/jgflint.pc" ]'
# SARIF's helpUri (by default) names the installed rule pages: configure's
# base (the program in the build directory links the pages beside it).
url=$(printf 'rule-docs-url:\n\t@echo RULE_DOCS_URL=$(RULE_DOCS_URL)\n' |
  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$build" -f Makefile -f - rule-docs-url |
  sed -n 's/^RULE_DOCS_URL=//p')/ko-retake.html
check "the rule pages are installed where the installed program's links point ($url)" \
  'case $url in file://*) [ -s "$dest${url#file://}" ];; *) false;; esac &&
   [ "$(ls "$dest$(dirname "${url#file://}")" | grep -c "\.html$")" -eq "$(( $("$JGFLINT" --list-rules | wc -l) + 1 ))" ]'
# The program installed is jgflint alone, and it reads no test hook (the
# test program, tests/jgflint-hooks, is make check's, never installed).
check "it installs jgflint alone in bin/, whose --version is one line" \
  '[ "$(ls "$dest$prefix/bin")" = jgflint ] && [ "$("$dest$prefix/bin/jgflint" --version | wc -l)" = 1 ]'
check "the soname follows -version-info (libjgflint.so.0)" \
  'objdump -p "$dest$libdir/libjgflint.so" | grep -q "SONAME *libjgflint.so.0$"'

export PKG_CONFIG_PATH="$dest$libdir/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest"
flags=$(pkg-config --cflags --libs jgflint)
# shellcheck disable=SC2086
cc -o "$tmp/lint" "$TOP_SRCDIR/examples/lint.c" $flags > "$tmp/cc.log" 2>&1
check "examples/lint.c builds with cc \$(pkg-config --cflags --libs jgflint) ($flags)" '[ $? = 0 ]' ||
  sed 's/^/# /' "$tmp/cc.log"
cd "$TOP_SRCDIR" || exit 1
f=testdata/examples/findings.jgf
LD_LIBRARY_PATH="$dest$libdir" "$tmp/lint" $f > "$tmp/got"
status=$?
# The library has no [*] fixable markers nor their count: the findings alone.
"$JGFLINT" --format concise $f 2> /dev/null | sed 's/^\([^ ]*: [a-z]*: \)\[\*\] /\1/' |
  grep -v '^\[\*\] ' > "$tmp/want"
check "… and, on the installed shared library, reports what jgflint reports (exit $status)" \
  '[ $status = 1 ] && [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"'
check "… linked to the installed libjgflint.so" \
  'LD_LIBRARY_PATH="$dest$libdir" ldd "$tmp/lint" | grep -q "$dest$libdir/libjgflint.so"'
# The library links a rule page only where there is one, as the program
# does: installed under DESTDIR, the pages are not where the build's
# file:// base names them (nor beside the program that uses the library),
# so it links none, where it gave that address (issue 37).
cat > "$tmp/url.c" << 'EOF'
#include <jgflint.h>
#include <stdio.h>
int main(void)
{
	long k = jgf_rule_find("ko-retake");
	const char *url = k < 0 ? "?" : jgf_rule_url((size_t)k);
	puts(url ? url : "(none)");
	return 0;
}
EOF
# shellcheck disable=SC2086
cc -o "$tmp/url" "$tmp/url.c" $flags > "$tmp/cc.log" 2>&1 &&
  LD_LIBRARY_PATH="$dest$libdir" "$tmp/url" > "$tmp/url.out"
case $url in
file://*)
  if [ -e "${url#file://}" ]; then want=$url; else want='(none)'; fi ;;
*) want=$url ;;
esac
check "jgf_rule_url links a page only where there is one (the configured $url: $want)" \
  '[ "$(cat "$tmp/url.out")" = "$want" ]' || sed 's/^/# /' "$tmp/cc.log" "$tmp/url.out"
LD_LIBRARY_PATH="$dest$libdir" "$tmp/lint" -r > "$tmp/rules"
"$JGFLINT" --list-rules | awk '{ print $1, $2, $3 }' > "$tmp/want-rules"
check "the catalogue is jgflint --list-rules'" 'cmp -s "$tmp/want-rules" "$tmp/rules"'
# The static library with what jgflint.pc says it needs (json-c and PCRE2;
# liblhasa is loaded by the first UGZ file): a library missing there fails
# to link.
# shellcheck disable=SC2086
cc -o "$tmp/lint-static" "$TOP_SRCDIR/examples/lint.c" $(pkg-config --cflags jgflint) \
  "$dest$libdir/libjgflint.a" $(pkg-config --static --libs-only-l $(pkg-config --print-requires-private jgflint)) \
  -lpthread > "$tmp/cc.log" 2>&1 &&
  "$tmp/lint-static" $f > "$tmp/got-static"
check "… and with the static library" 'cmp -s "$tmp/want" "$tmp/got-static"' || sed 's/^/# /' "$tmp/cc.log"
# Only jgflint.h's names are global in the static library, as in the
# shared one: a program with an xmalloc, a fail and a member of its own
# (names the library's objects define) links against it and keeps its own.
nm -g --defined-only "$dest$libdir/libjgflint.a" 2> /dev/null | awk 'NF == 3 { print $3 }' |
  grep -v '^jgf_' | grep -v '^_' > "$tmp/static-names"
check "nm: only jgflint.h's names are global in libjgflint.a ($(wc -l < "$tmp/static-names") others)" \
  '[ ! -s "$tmp/static-names" ] && nm -g --defined-only "$dest$libdir/libjgflint.a" | grep -q " T jgf_lint$"' ||
  head -5 "$tmp/static-names" | sed 's/^/# /'
cat > "$tmp/own.c" << 'EOF'
#include <jgflint.h>
#include <stdio.h>
#include <stdlib.h>
/* Names of the program's own that the library's objects define too. */
int member = 3;
void *xmalloc(size_t n)
{
	member++;
	return malloc(n);
}
int fail(void)
{
	return member == 4 ? 0 : 1;
}
int main(void)
{
	free(xmalloc(1));
	jgf_result *r = jgf_lint(NULL, "x.jgf", "{}", 2, 0);
	printf("%s %zu\n", jgf_version(), r ? jgf_result_count(r) : 0);
	jgf_result_free(r);
	return fail();
}
EOF
# shellcheck disable=SC2086
cc -o "$tmp/own" "$tmp/own.c" $(pkg-config --cflags jgflint) "$dest$libdir/libjgflint.a" \
  $(pkg-config --static --libs-only-l $(pkg-config --print-requires-private jgflint)) \
  -lpthread > "$tmp/cc.log" 2>&1 && "$tmp/own" > "$tmp/own.out"
check "a program with its own xmalloc, fail and member links against libjgflint.a and runs with them" \
  '[ $? = 0 ] && grep -q "^[0-9][0-9.]* [1-9]" "$tmp/own.out"' || sed 's/^/# /' "$tmp/cc.log" "$tmp/own.out"

echo "1..$n"
[ "$failed" -eq 0 ]
