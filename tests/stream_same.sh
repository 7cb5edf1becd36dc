#!/bin/sh
# A streamed check finds what the DOM's does (issue 27): the converter
# checks the record it wrote streamed, its tree's nodes read, checked and
# freed one at a time (load_stream_min), and must report every finding the
# DOM of the record would, with the same rule, place, message and points.
# JGFLINT_STREAM_MIN (a test hook of src/read/load.c, which the test
# program tests/jgflint-hooks reads) streams every
# document (0) or none (2G): each JGF file of testdata/ and the shared
# samples is linted both ways (concise, json with the findings' points,
# and the diff of --fix --unsafe-fixes), each SGF, NGF, GIB, UGF and UGI
# converted both ways (findings, exit status, records written), and so are
# one long game, a deep tree of variations and a Kogo-like dictionary.
# Not compared: --format text, whose point names ("(3, 3) is D16") read
# the DOM of the finding's node, which a streamed check does not keep; a
# document read to be linted is never streamed.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"
[ -n "$HOOKED" ] ||
  skip_all "JGFLINT_STREAM_MIN needs the test program (tests/jgflint-hooks, which make check builds)"

# same LABEL DIR ARGS...: jgflint ARGS in DIR, streamed and not, compared
# (stdout, stderr, exit status, and what --convert --output "$out" wrote).
# $out exists only for a --convert (a check of a record writes nothing: no
# directory made and removed twice for each, half this test's processes).
out=$tmp/written
runs() {
  dir=$1 writes=no; shift
  case " $* " in *" --output $out "*) writes=yes ;; esac
  for how in 2G 0; do
    if [ $writes = yes ]; then rm -rf "$out" && mkdir "$out"; fi
    (cd "$dir" && JGFLINT_STREAM_MIN=$how "$HOOKED" "$@" < /dev/null > "$tmp/$how" 2>&1
     echo "exit $?" >> "$tmp/$how")
    for f in "$out"/*; do
      if [ -f "$f" ]; then echo "== ${f##*/}"; cat "$f"; fi
    done >> "$tmp/$how"
  done
  if [ $writes = yes ]; then rm -rf "$out"; fi
  cmp -s "$tmp/2G" "$tmp/0"
}
same() {
  label=$1; shift
  if runs "$@"; then
    ok "$label"
  else
    diff -u "$tmp/2G" "$tmp/0" | head -20 > "$tmp/out"
    : > "$tmp/err"
    not_ok "$label: the streamed check differs (- DOM, + streamed)"
  fi
}

# same_dir DIR WHAT OPTIONS NAME...: same's check of each file NAME of DIR,
# labelled "PATH: WHAT", all of them in one run each way (a process a file
# each way was most of this test's time); where the two runs differ, each
# file in runs of its own, so that the check that fails names its file.
# OPTIONS is split into words.
same_dir() {
  in=$1 what=$2 options=$3; shift 3
  # shellcheck disable=SC2086
  if [ $# -gt 1 ] && runs "$in" --jobs 1 $options "$@"; then
    for name; do ok "${in#"$TOP_SRCDIR"/}/$name: $what"; done
  else
    # shellcheck disable=SC2086
    for name; do same "${in#"$TOP_SRCDIR"/}/$name: $what" "$in" $options "$name"; done
  fi
}
# records DIR NAME...: the checks of the JGF records NAME of DIR;
# sources DIR NAME...: of the sources converted.
records() {
  in_dir=$1; shift
  same_dir "$in_dir" lint "" "$@"
  same_dir "$in_dir" "lint, json" "--format json" "$@"
  same_dir "$in_dir" "the diff of --fix --unsafe-fixes" "--diff - --unsafe-fixes" "$@"
}
sources() { in_dir=$1; shift; same_dir "$in_dir" --convert "--convert --format json --output $out" "$@"; }
# each_dir: the files of $tmp/files (sorted: a directory's together), a
# directory at a time, its records linted and its sources converted; a
# name with a blank (testdata/formats/'s) alone (same_dir of one name is
# same's).
each_dir() {
  last= jgfs= srcs=
  while :; do
    IFS= read -r path || path=
    here=${path%/*}
    if [ "$here" != "$last" ] && [ -n "$last" ]; then
      # shellcheck disable=SC2086
      [ -z "$jgfs" ] || records "$last" $jgfs
      # shellcheck disable=SC2086
      [ -z "$srcs" ] || sources "$last" $srcs
      jgfs= srcs=
    fi
    [ -n "$path" ] || break
    last=$here base=${path##*/}
    case $base in
    *[[:space:]]*.jgf | *[[:space:]]*.json) records "$here" "$base" ;;
    *[[:space:]]*.sgf | *[[:space:]]*.ngf | *[[:space:]]*.gib | *[[:space:]]*.ugf | *[[:space:]]*.ugi)
      sources "$here" "$base" ;;
    *.jgf | *.json) jgfs="$jgfs $base" ;;
    *.sgf | *.ngf | *.gib | *.ugf | *.ugi) srcs="$srcs $base" ;;
    esac
  done
}
find "$TOP_SRCDIR/testdata" "$TOP_SRCDIR/../shared/samples" -type f 2> /dev/null | LC_ALL=C sort > "$tmp/files"
each_dir < "$tmp/files"

# The shapes a streamed check is for, small (bench/convert-scale.sh has
# them large): one long game, variations nested deep, a dictionary.
# The long game is legal up to its last move (rows of alternating stones,
# capturing, then passes): its replay runs to the end, where a finding is.
awk 'BEGIN { c = "abcdefghijklmnopqrs"; printf "(;GM[1]FF[4]SZ[19]"
  for (i = 0; i < 342; i++) printf ";%s[%s%s]", i % 2 ? "W" : "B", substr(c, i % 19 + 1, 1), substr(c, int(i / 19) + 1, 1)
  for (i = 0; i < 10000; i++) printf ";B[];W[]"
  print ";B[ss];W[ss])" }' > "$tmp/long.sgf"
awk 'BEGIN { c = "abcdefghijklmnopqrs"; printf "(;FF[4]GM[1]SZ[19]"
  for (i = 0; i < 300; i++) printf "(;%s[%s%s]", i % 2 ? "W" : "B", substr(c, i % 19 + 1, 1), substr(c, int(i / 19) % 19 + 1, 1)
  for (i = 299; i >= 0; i--) printf "(;%s[%s%s]))", i % 2 ? "W" : "B", substr(c, (i + 7) % 19 + 1, 1), substr(c, (int(i / 19) + 3) % 19 + 1, 1)
  print ")" }' > "$tmp/nested.sgf"
awk -v nodes=4000 -f "$TOP_SRCDIR/bench/kogo-standin.awk" > "$tmp/kogo.sgf"
for shape in long nested kogo; do
  same "$shape.sgf: --convert" "$tmp" --convert --format json --output "$out" "$shape.sgf"
done
tap_done
