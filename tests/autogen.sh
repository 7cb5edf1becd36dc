#!/bin/sh
# autogen.sh checks autoreconf's work: when libtool's files (m4/libtool.m4,
# build-aux/ltmain.sh) are missing after it, it says so and runs it once
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
[ $1 -gt 0 ] && [ \$(wc -l < "$tmp/calls") -ge $1 ] && : > m4/libtool.m4 && : > build-aux/ltmain.sh
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
fake 0; st=$?
check "autoreconf never installs them: exit non-zero, naming libtool" \
  '[ $st != 0 ] && [ "$(wc -l < "$tmp/calls")" = 2 ] && grep -q "is libtool installed" "$tmp/err"'
tap_done
