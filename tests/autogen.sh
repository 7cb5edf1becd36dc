#!/bin/sh
# autogen.sh checks autoreconf's work: when libtool's files (m4/libtool.m4,
# build-aux/ltmain.sh) are missing after it, or aclocal.m4 does not take
# m4/libtool.m4 (autom4te's cache, which autogen.sh now runs without), it
# says so and runs it once
# more; missing again, it fails with the reason. Driven with an autoreconf
# of its own on PATH, in a copy of the script. TAP output.
# Environment: TOP_SRCDIR.
set -u
: "${TOP_SRCDIR:?}"
. "$TOP_SRCDIR/tests/tap.sh"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# fake N: a tree with autogen.sh and an autoreconf that installs libtool's
# files from its Nth call on (0: never).
fake() {
  rm -rf "$tmp/tree" "$tmp/bin" && mkdir -p "$tmp/tree/rules" "$tmp/tree/m4" "$tmp/tree/build-aux" "$tmp/bin" &&
  cp "$TOP_SRCDIR/autogen.sh" "$tmp/tree/" && : > "$tmp/tree/rules/a.c" &&
  cat > "$tmp/bin/autoreconf" <<SH
#!/bin/sh
echo call >> "$tmp/calls"
[ $1 -gt 0 ] && [ \$(wc -l < "$tmp/calls") -ge $1 ] && : > m4/libtool.m4 && : > build-aux/ltmain.sh &&
  echo 'm4_include([m4/libtool.m4])' > aclocal.m4
exit 0
SH
  chmod +x "$tmp/bin/autoreconf"; : > "$tmp/calls"
  PATH="$tmp/bin:$PATH" sh "$tmp/tree/autogen.sh" > "$tmp/out" 2> "$tmp/err"
}
fake 1; st=$?
check "autoreconf installs libtool's files: run once, nothing said" \
  '[ $st = 0 ] && [ "$(wc -l < "$tmp/calls")" = 1 ] && ! [ -s "$tmp/err" ]'
fake 2; st=$?
check "autoreconf leaves out libtool's files once: said, run again, exit 0" \
  '[ $st = 0 ] && [ "$(wc -l < "$tmp/calls")" = 2 ] && grep -q "did not install libtool" "$tmp/err"'
# The files there but aclocal.m4 without m4/'s macros (autom4te's cache
# on a loaded machine: aclocal read the traces from before libtoolize).
fake_stale() {
  rm -rf "$tmp/tree" "$tmp/bin" && mkdir -p "$tmp/tree/rules" "$tmp/tree/m4" "$tmp/tree/build-aux" "$tmp/bin" &&
  cp "$TOP_SRCDIR/autogen.sh" "$tmp/tree/" && : > "$tmp/tree/rules/a.c" &&
  cat > "$tmp/bin/autoreconf" <<SH
#!/bin/sh
echo call >> "$tmp/calls"
: > m4/libtool.m4 && : > build-aux/ltmain.sh && echo '# aclocal.m4 without m4/' > aclocal.m4
[ \$(wc -l < "$tmp/calls") -ge 2 ] && echo 'm4_include([m4/libtool.m4])' > aclocal.m4
exit 0
SH
  chmod +x "$tmp/bin/autoreconf"; : > "$tmp/calls"
  PATH="$tmp/bin:$PATH" sh "$tmp/tree/autogen.sh" > "$tmp/out" 2> "$tmp/err"
}
fake_stale; st=$?
check "aclocal.m4 without m4/libtool.m4 once: said, run again, exit 0" \
  '[ $st = 0 ] && [ "$(wc -l < "$tmp/calls")" = 2 ] && grep -q "did not install libtool" "$tmp/err"'
fake 0; st=$?
check "autoreconf never installs them: exit non-zero, naming libtool" \
  '[ $st != 0 ] && [ "$(wc -l < "$tmp/calls")" = 2 ] && grep -q "is libtool installed" "$tmp/err"'
tap_done
