#!/bin/sh
# The SGF --to sgf writes stays the same to the byte (issue 52: the
# writer's inside changes, never what it writes). Every input of
# testdata/ that --convert reads (SGF, UGF, GIB, NGF, SGF-in-JSON; JGF
# records), and of ../shared/samples when it is there, is written as SGF
# (`--convert --to sgf --output DIR`, one run a set), as it is and with
# --sgf-pass-tt --sgf-compress; the SHA-256 of each file written with the
# run's messages that name it (its notes) is compared with
# testdata/sgf-written.expected, which `--update` rewrites (only for a
# change of the SGF written intended and read by eye). A file written
# that the expected lines do not name (a new input) is said, and fails
# nothing. The samples' lines are compared only when they are there.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
expected=testdata/sgf-written.expected
. "${TOP_SRCDIR:?}/tests/digests.sh"

# written SET DIR HOW OPTIONS...: the lines of the SGF written of DIR's
# inputs (labelled HOW and SET), each with the messages that name it.
written() {
  set=$1 dir=$2 how=$3; shift 3
  rm -rf "$tmp/out"
  "$JGFLINT" --no-config --convert --jobs 1 --to sgf "$@" --output "$tmp/out" "$dir" \
    < /dev/null 2>&1 | sed "s|$tmp/out/|OUT/|g" > "$tmp/msg"
  (cd "$tmp/out" && find . -type f | LC_ALL=C sort) > "$tmp/written"
  while IFS= read -r f; do
    f=${f#./}
    grep -F -e "OUT/$f:" -e "OUT/$f " "$tmp/msg" >> "$tmp/out/$f"
    digest_kept "$tmp/out/$f" "$how $set/$f"
  done < "$tmp/written"
  digests_summed
}
# all: every set's lines, into $tmp/got.
all() {
  for how in plain compress; do
    opts=
    [ $how = compress ] && opts="--sgf-pass-tt --sgf-compress"
    # shellcheck disable=SC2086
    written testdata testdata $how $opts
    if [ -d ../shared/samples ]; then
      # shellcheck disable=SC2086
      written samples ../shared/samples $how $opts
    fi
  done > "$tmp/got"
}
all

digests_updated
digests_compare "the SGF written of testdata/'s inputs" ' testdata' say
if [ -d ../shared/samples ] && grep -q ' samples/' "$expected"; then
  digests_compare "the SGF written of the shared samples" ' samples' say
elif [ -d ../shared/samples ]; then
  skip "the SGF written of the shared samples: $expected has none (updated without them)"
else
  skip "the SGF written of the shared samples: no ../shared/samples"
fi
tap_done
