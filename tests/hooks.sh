#!/bin/sh
# Test hooks (issue 47): the test suite's switches, JGFLINT_TEST_BREAK_RECORD,
# JGFLINT_TEST_NO_LHASA, JGFLINT_TEST_PAUSE_BEFORE_RENAME and
# JGFLINT_STREAM_MIN, are the program's in a build with test hooks
# (configure --enable-test-hooks, the default in a tree built from git),
# and nobody else's: the library (the page, npm and the editor server call
# it) ignores them in every build, and a program built without them (from
# a tarball: make distcheck runs this test so, and the release is built
# so) ignores them too. --version says which build it is. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree),
# TEST_HOOKS (configure's yes or no, when make check runs it).
. "$TOP_SRCDIR/tests/cli_tap.sh"
hooks=no
"$JGFLINT" --version | grep -q '^test hooks: on' && hooks=yes
case ${TEST_HOOKS:-} in
  "") skip "--version and configure agree: run outside make check" ;;
  "$hooks") ok "--version says test hooks $hooks, as configure built it" ;;
  *) not_ok "--version says test hooks $hooks, configure built it with $TEST_HOOKS" ;;
esac
printf '(;GM[1]FF[4]CA[UTF-8]SZ[9];B[ee];W[cc])\n' > game.sgf

# --- The program: the switch breaks each record it converts (a converter
# bug its check must catch) in a build with hooks, and nothing without.
run "plain: converted (exit 0)" 0 --no-config --convert --output - game.sgf
cp out plain.out
if [ $hooks = yes ]; then
  JGFLINT_TEST_BREAK_RECORD=1 run "JGFLINT_TEST_BREAK_RECORD: the record broken, not written (exit 2)" 2 \
    --no-config --convert --output - game.sgf
  has "… a converter bug, said" err "converter bug"
else
  for v in JGFLINT_TEST_BREAK_RECORD=1 JGFLINT_TEST_NO_LHASA=1 JGFLINT_STREAM_MIN=0 \
           JGFLINT_TEST_PAUSE_BEFORE_RENAME="$tmp/marker"; do
    env "$v" "$JGFLINT" --no-config --convert --output - game.sgf > got.out 2> /dev/null
    status=$?
    [ $status = 0 ] && cmp -s got.out plain.out && [ ! -e "$tmp/marker" ] &&
      ok "no test hooks: the program ignores ${v%%=*}" ||
      not_ok "no test hooks: the program ignores ${v%%=*} (exit $status)"
  done
fi

# --- The library (tests/unit/api_tool, as tests/api.sh drives it): the
# same report and the same records whatever the environment says.
tool=$(dirname "$JGFLINT")/tests/unit/api_tool
if [ -x "$tool" ]; then
  "$tool" report json game.sgf < game.sgf > lib-plain.json 2> /dev/null
  mkdir plain && (cd plain && "$tool" convert game.sgf . < ../game.sgf > ../lib-plain.msg 2>&1)
  for v in JGFLINT_TEST_BREAK_RECORD=1 JGFLINT_TEST_NO_LHASA=1 JGFLINT_STREAM_MIN=0; do
    env "$v" "$tool" report json game.sgf < game.sgf > lib.json 2> /dev/null
    rm -rf conv && mkdir conv &&
      (cd conv && env "$v" "$tool" convert game.sgf . < ../game.sgf > ../lib.msg 2>&1)
    cmp -s lib.json lib-plain.json && cmp -s lib.msg lib-plain.msg &&
      diff -r conv plain > /dev/null &&
      ok "the library ignores ${v%%=*}: the same report and record" ||
      not_ok "the library ignores ${v%%=*}: the same report and record"
  done
else
  skip "no $tool"
fi
tap_done
