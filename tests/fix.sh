#!/bin/sh
# Fix tests. For every testdata/fix/NAME.in.jgf:
#  - `jgflint --fix` (plus --unsafe-fixes when NAME contains "unsafe") turns a
#    copy into exactly NAME.out.jgf;
#  - a second run changes nothing (idempotence) and leaves no fixable finding;
#  - `--diff` on the input prints a diff that patch(1) applies to give the output;
#  - `--fix -` writes the same output to standard output;
#  - the JSON value of the output is that of the input with only the
#    intended changes (tests/fix_semantics.py models them independently).
# Then the safety of writing: symlinks, read-only files and directories,
# files with syntax errors, a vanished file. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR/testdata/fix" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
# Copies are writable even from a read-only source tree (make distcheck).
copy() { cp "$1" "$2" && chmod u+w "$2"; }
. "$TOP_SRCDIR/tests/tap.sh"

py=$(command -v python3 || true)
[ -n "$py" ] || echo "# python3 missing: the value comparison is skipped"
for in in *.in.jgf; do
  name=${in%.in.jgf}
  out=$name.out.jgf
  flags=--fix
  case $name in *unsafe*) flags="--fix --unsafe-fixes" ;; esac
  copy "$in" "$tmp/$name.jgf"
  # shellcheck disable=SC2086
  "$JGFLINT" $flags "$tmp/$name.jgf" > "$tmp/report" 2>&1
  cmp -s "$tmp/$name.jgf" "$out"; check_status $? "$name: --fix gives $out"
  [ $? = 0 ] || diff -u "$out" "$tmp/$name.jgf" | sed 's/^/# /'
  cp "$tmp/$name.jgf" "$tmp/$name.once"
  # shellcheck disable=SC2086
  "$JGFLINT" $flags "$tmp/$name.jgf" > "$tmp/report" 2>&1
  cmp -s "$tmp/$name.jgf" "$tmp/$name.once" && grep -q 'fixed 0 problems in 0 files' "$tmp/report"
  check_status $? "$name: a second --fix changes nothing"
  # shellcheck disable=SC2086
  "$JGFLINT" ${flags#--fix} --diff "$in" > "$tmp/diff" 2> /dev/null
  status=$?
  copy "$in" "$tmp/patched.jgf"
  # exit 0: nothing would change; exit 1: the diff gives the output
  if [ "$status" = 0 ]; then cmp -s "$in" "$out"
  else [ "$status" = 1 ] && patch -s "$tmp/patched.jgf" < "$tmp/diff" > /dev/null 2>&1 &&
    cmp -s "$tmp/patched.jgf" "$out"; fi
  check_status $? "$name: --diff shows exactly the change (exit $status)"
  # shellcheck disable=SC2086
  "$JGFLINT" $flags - < "$in" > "$tmp/stdout" 2> /dev/null
  cmp -s "$tmp/stdout" "$out"; check_status $? "$name: --fix - writes the fixed document to stdout"
  if [ -n "$py" ]; then
    unsafe=; case $name in *unsafe*) unsafe=--unsafe ;; esac
    $py "$TOP_SRCDIR/tests/fix_semantics.py" "$in" "$out" $unsafe
    check_status $? "$name: the value changed only as intended"
  fi
done

# Safety of writing.
fixable=bom.in.jgf
copy $fixable "$tmp/target.jgf" && ln -s target.jgf "$tmp/link.jgf"
"$JGFLINT" --fix "$tmp/link.jgf" > /dev/null 2>&1
[ -L "$tmp/link.jgf" ] && cmp -s "$tmp/target.jgf" bom.out.jgf
check_status $? "a symlink is followed: the target is fixed, the link stays"

# Lines that end in a lone CR (old Mac files): the diff's lines end at LF,
# as patch(1) reads them; lines ending in CR alone made a hunk patch could
# not read ("patch unexpectedly ends in middle of line").
tr '\n' '\r' < $fixable > "$tmp/cr.jgf"
cp "$tmp/cr.jgf" "$tmp/cr-fixed.jgf"
"$JGFLINT" --diff "$tmp/cr.jgf" > "$tmp/cr.diff" 2> /dev/null
"$JGFLINT" --fix "$tmp/cr-fixed.jgf" > /dev/null 2>&1
patch -s -o "$tmp/cr-patched.jgf" "$tmp/cr.jgf" < "$tmp/cr.diff" > /dev/null 2>&1 &&
  ! cmp -s "$tmp/cr.jgf" "$tmp/cr-fixed.jgf" && cmp -s "$tmp/cr-patched.jgf" "$tmp/cr-fixed.jgf"
check_status $? "lines ending in a lone CR: --diff through patch gives what --fix wrote"

copy $fixable "$tmp/mode.jgf" && chmod 640 "$tmp/mode.jgf"
"$JGFLINT" --fix "$tmp/mode.jgf" > /dev/null 2>&1
[ "$(stat -c %a "$tmp/mode.jgf")" = 640 ] && cmp -s "$tmp/mode.jgf" bom.out.jgf
check_status $? "the file mode is kept"

copy $fixable "$tmp/ro.jgf" && chmod 444 "$tmp/ro.jgf"
"$JGFLINT" --fix "$tmp/ro.jgf" > /dev/null 2> "$tmp/err"
status=$?
[ $status = 2 ] && cmp -s "$tmp/ro.jgf" $fixable && grep -q 'Permission denied' "$tmp/err"
check_status $? "a read-only file is left alone, with exit 2 (got $status)"

mkdir "$tmp/rodir" && copy $fixable "$tmp/rodir/a.jgf" && chmod 555 "$tmp/rodir"
"$JGFLINT" --fix "$tmp/rodir/a.jgf" > /dev/null 2>&1
status=$?
[ $status = 2 ] && cmp -s "$tmp/rodir/a.jgf" $fixable && [ "$(ls -A "$tmp/rodir")" = a.jgf ]
check_status $? "a file in a read-only directory is left alone, no temporary file remains (exit $status)"
chmod 755 "$tmp/rodir"

printf '\357\273\277{"record": {"format": "JGF", "version": 2}, "tree": [{}], "x": NaN,}' > "$tmp/syntax.jgf"
cp "$tmp/syntax.jgf" "$tmp/syntax.orig"
"$JGFLINT" --fix "$tmp/syntax.jgf" > /dev/null 2>&1
cmp -s "$tmp/syntax.jgf" "$tmp/syntax.orig"
check_status $? "a file with a syntax error beyond the repairable ones is never rewritten (not even its BOM or trailing comma)"

# A FIFO is never rewritten: --fix refuses it before opening it, which with
# no writer would wait for ever (timeout: 124 is a hang), through a link
# too; a device likewise. Without --fix a FIFO is read as any input.
if command -v mkfifo > /dev/null && command -v timeout > /dev/null; then
  mkfifo "$tmp/pipe.jgf" && ln -s pipe.jgf "$tmp/pipe-link.jgf"
  for f in pipe.jgf pipe-link.jgf; do
    timeout 10 "$JGFLINT" --fix "$tmp/$f" > "$tmp/out" 2>&1
    status=$?
    [ $status = 2 ] && grep -q "$f: error: cannot fix the file: it is a FIFO (named pipe), not a regular file; it was not read \[io-error\]" "$tmp/out"
    check_status $? "--fix on a FIFO with no writer ($f): refused before reading it (exit $status)"
  done
  timeout 10 "$JGFLINT" --fix /dev/null > "$tmp/out" 2>&1
  status=$?
  [ $status = 2 ] && grep -q 'it is a character device, not a regular file; it was not read' "$tmp/out"
  check_status $? "--fix on a device: refused before reading it (exit $status)"
  (cat "$fixable" > "$tmp/pipe.jgf" &)
  timeout 10 "$JGFLINT" "$tmp/pipe.jgf" > "$tmp/out" 2>&1
  status=$?
  [ $status = 0 ] && grep -q '1 file checked' "$tmp/out"
  check_status $? "without --fix a FIFO is read as it comes (exit $status)"
  (cat "$fixable" > "$tmp/pipe.jgf" &)
  timeout 10 "$JGFLINT" --diff "$tmp/pipe.jgf" > "$tmp/out" 2>&1
  status=$?
  [ $status = 1 ] && grep -q '^+{' "$tmp/out"
  check_status $? "--diff reads a FIFO and shows the fix (exit $status)"
  rm -f "$tmp/pipe.jgf" "$tmp/pipe-link.jgf"
else
  n=$((n + 1)); echo "ok $n - # SKIP FIFO: no mkfifo or timeout"
fi

"$JGFLINT" --fix "$tmp/vanished.jgf" > /dev/null 2>&1
status=$?
[ $status = 2 ] && [ ! -e "$tmp/vanished.jgf" ]
check_status $? "a missing file is reported (exit 2) and not created"

# A full disk: a small tmpfs (needs root; skipped otherwise) with room for
# the original but not for its fixed copy.
mkdir "$tmp/full"
if mount -t tmpfs -o size=64k tmpfs "$tmp/full" 2> /dev/null; then
  { printf '\357\273\277{"record": {"format": "JGF", "version": 2}, "meta": {"pad": "'
    head -c 40000 /dev/zero | tr '\0' x
    printf '"}, "tree": [{}]}\n'; } > "$tmp/full/big.jgf"
  cp "$tmp/full/big.jgf" "$tmp/big.orig"
  head -c 20000 /dev/zero > "$tmp/full/filler" 2> /dev/null
  "$JGFLINT" --fix "$tmp/full/big.jgf" > /dev/null 2> "$tmp/err"
  status=$?
  [ $status = 2 ] && cmp -s "$tmp/full/big.jgf" "$tmp/big.orig" &&
    [ "$(ls -A "$tmp/full" | sort | tr '\n' ' ')" = "big.jgf filler " ] && grep -q 'No space left on device: the disk is full' "$tmp/err"
  check_status $? "on a full disk the original is untouched, exit 2 (got $status)"
  umount "$tmp/full"
else
  n=$((n + 1)); echo "ok $n - # SKIP full disk: cannot mount a tmpfs here (not root)"
fi

left=$(find "$tmp" -name '.jgflint-*' | wc -l)
[ "$left" = 0 ]; check_status $? "no temporary files are left behind"

echo "1..$n"
[ $failed -eq 0 ]
