#!/bin/sh
# Test hooks (issues 47, 73): the test suite's switches,
# JGFLINT_TEST_BREAK_RECORD, JGFLINT_TEST_NO_LHASA,
# JGFLINT_TEST_PAUSE_BEFORE_RENAME and JGFLINT_STREAM_MIN (a check's), and
# JGFLINT_TEST_QUERY_PLAN and JGFLINT_TEST_AGAINST_WHOLE (jgflint
# duplicates'), are the test program's alone (tests/jgflint-hooks, which
# make check builds from jgflint's objects and src/cli/hooks.c, and never
# installs): jgflint, in every build, ignores them and says nothing of
# them in --version; the library (the page, npm and the editor server
# call it) ignores them too. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree),
# JGFLINT_HOOKS (the test program, when make check runs it).
. "$TOP_SRCDIR/tests/cli_tap.sh"
"$JGFLINT" --version > version.out
[ "$(wc -l < version.out)" = 1 ] && grep -q '^jgflint [0-9]' version.out &&
  ok "jgflint --version is one line, its version" ||
  not_ok "jgflint --version is one line, its version: $(cat version.out)"
printf '(;GM[1]FF[4]CA[UTF-8]SZ[9];B[ee];W[cc])\n' > game.sgf

# --- jgflint: the same output whatever the switches say.
run "plain: converted (exit 0)" 0 --no-config --convert --output - game.sgf
cp out plain.out
for v in JGFLINT_TEST_BREAK_RECORD=1 JGFLINT_TEST_NO_LHASA=1 JGFLINT_STREAM_MIN=0 \
         JGFLINT_TEST_PAUSE_BEFORE_RENAME="$tmp/marker"; do
  env "$v" "$JGFLINT" --no-config --convert --output - game.sgf > got.out 2> /dev/null
  status=$?
  [ $status = 0 ] && cmp -s got.out plain.out && [ ! -e "$tmp/marker" ] &&
    ok "jgflint ignores ${v%%=*}" ||
    not_ok "jgflint ignores ${v%%=*} (exit $status)"
done
"$JGFLINT" duplicates game.sgf > dup-plain.out 2> dup-plain.err
env JGFLINT_TEST_QUERY_PLAN=1 JGFLINT_TEST_AGAINST_WHOLE=1 "$JGFLINT" duplicates game.sgf \
  > dup.out 2> dup.err
cmp -s dup.out dup-plain.out && cmp -s dup.err dup-plain.err &&
  ok "jgflint duplicates ignores JGFLINT_TEST_QUERY_PLAN and JGFLINT_TEST_AGAINST_WHOLE" ||
  not_ok "jgflint duplicates ignores JGFLINT_TEST_QUERY_PLAN and JGFLINT_TEST_AGAINST_WHOLE"
if strings "$JGFLINT" | grep -q 'JGFLINT_TEST_\|JGFLINT_STREAM_MIN'; then
  not_ok "jgflint holds no switch's name (it reads none)"
else
  ok "jgflint holds no switch's name (it reads none)"
fi

# --- The test program: --version says so, and the switch breaks each
# record it converts (a converter bug its check must catch).
if [ -n "$HOOKED" ]; then
  "$HOOKED" --version > hooked.out
  head -1 hooked.out | cmp -s - version.out && sed -n 2p hooked.out | grep -q '^test hooks: on' &&
    ok "the test program's --version: jgflint's, then test hooks: on" ||
    not_ok "the test program's --version: jgflint's, then test hooks: on"
  JGFLINT=$HOOKED JGFLINT_TEST_BREAK_RECORD=1 run "the test program: JGFLINT_TEST_BREAK_RECORD breaks the record, not written (exit 2)" 2 \
    --no-config --convert --output - game.sgf
  has "… a converter bug, said" err "converter bug"
else
  for i in 1 2 3; do skip "the test program (tests/jgflint-hooks): make check builds it"; done
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
