#!/bin/sh
# The tables of glibc's East Asian decoders (build-aux/charset-tables.c)
# decode with src/base/charset_tables.c as glibc does: written afresh into
# a directory of the test's own and checked by
# build-aux/charset-tables-check.c (every string of one and two bytes,
# random ones of up to 12, to UTF-8 and UTF-32LE). The builds write the
# tables without checking them (Makefile.am); the static program's
# release build checks its own (build-aux/static.sh). About 15 s of CPU.
# Skips without a C compiler or a glibc to compare with. TAP output.
# Environment: TOP_SRCDIR (the source tree).
set -u
: "${TOP_SRCDIR:?}"
. "$TOP_SRCDIR/tests/tap.sh"
cc=${HOST_CC:-cc}
command -v "$cc" > /dev/null || skip_all "no C compiler ($cc)"
ldd --version 2>&1 | grep -qi 'glibc\|gnu libc' || skip_all "not glibc: nothing to compare the tables with"
tap_scratch
if sh "$TOP_SRCDIR/build-aux/charset-tables.sh" --check "$TOP_SRCDIR" "$tmp/tables" 2> "$tmp/err"; then
  ok "charset_tables.c decodes as glibc does: $(grep 'strings' "$tmp/err" | tail -1)"
else
  not_ok "charset_tables.c decodes as glibc does"
  sed 's/^/# /' "$tmp/err" | tail -20
fi
tap_done
