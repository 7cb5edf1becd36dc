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
same() {
  label=$1 dir=$2 writes=no; shift 2
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
  if cmp -s "$tmp/2G" "$tmp/0"; then
    ok "$label"
  else
    diff -u "$tmp/2G" "$tmp/0" | head -20 > "$tmp/out"
    : > "$tmp/err"
    not_ok "$label: the streamed check differs (- DOM, + streamed)"
  fi
}

find "$TOP_SRCDIR/testdata" "$TOP_SRCDIR/../shared/samples" -type f 2> /dev/null | LC_ALL=C sort > "$tmp/files"
while IFS= read -r f; do
  dir=${f%/*} name=${f##*/} shown=${f#"$TOP_SRCDIR"/}
  case $name in
  *.jgf | *.json)
    same "$shown: lint" "$dir" "$name"
    same "$shown: lint, json" "$dir" --format json "$name"
    same "$shown: the diff of --fix --unsafe-fixes" "$dir" --diff - --unsafe-fixes "$name" ;;
  *.sgf | *.ngf | *.gib | *.ugf | *.ugi)
    same "$shown: --convert" "$dir" --convert --format json --output "$out" "$name" ;;
  esac
done < "$tmp/files"

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
