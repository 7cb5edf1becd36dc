#!/bin/sh
# build-aux/ci-log.sh, what .ci/run prints of a test-suite.log: the totals,
# each failed test, and under each failed check the comment lines its test
# wrote after it, past the FAIL: line tap-driver.sh writes between them
# (the last CI run printed no comment of tests/dist.sh's failed check for
# that line), and not a passed check's or a TODO's. TAP output.
# Environment: TOP_SRCDIR (the source tree).
set -u
: "${TOP_SRCDIR:?}"
. "$TOP_SRCDIR/tests/tap.sh"
tap_scratch
cat > "$tmp/test-suite.log" <<'LOG'
=======================================
   jgflint 0.2.0: ./test-suite.log
=======================================

# TOTAL: 9
# PASS:  5
# SKIP:  1
# XFAIL: 1
# FAIL:  1
# XPASS: 0
# ERROR: 1

.. contents:: :depth: 2

ERROR: tests/dist
=================

ok 1 - make dist in two clones
PASS: tests/dist.sh 1 - make dist in two clones
# a passed check's comment
not ok 2 - the same bytes twice
FAIL: tests/dist.sh 2 - the same bytes twice
# Binary files a and b differ
# one autogen: libtoolize: copying file
not ok 3 - known # TODO later
# a TODO's comment
1..3
ERROR: tests/dist.sh - exited with status 1
LOG
sh "$TOP_SRCDIR/build-aux/ci-log.sh" "$tmp/test-suite.log" > "$tmp/out"
check "the totals last: 6 passed (PASS, XFAIL), 2 failed (FAIL, ERROR)" '[ "$(tail -1 "$tmp/out")" = "6 2" ]'
check "the failed test named" 'grep -qxF "FAIL: tests/dist.sh 2 - the same bytes twice" "$tmp/out" &&
  grep -qxF "ERROR: tests/dist.sh - exited with status 1" "$tmp/out"'
check "the failed check's comments under it, past tap-driver's FAIL: line" \
  'grep -A2 -xF "  not ok 2 - the same bytes twice" "$tmp/out" | tail -2 | tr -d "\n" |
   grep -qxF "    # Binary files a and b differ    # one autogen: libtoolize: copying file"'
check "not a passed check's comment, nor a TODO and its comment" \
  '! grep -qF "passed check" "$tmp/out" && ! grep -qF "TODO" "$tmp/out"'
sed -i 's/^# FAIL:  1/# FAIL:  0/; s/^# ERROR: 1/# ERROR: 0/' "$tmp/test-suite.log"
sh "$TOP_SRCDIR/build-aux/ci-log.sh" "$tmp/test-suite.log" > "$tmp/out"
check "none failed: the totals alone" '[ "$(cat "$tmp/out")" = "6 0" ]'
# build-aux/fuzz-log.sh, what .ci/run prints of a failed libFuzzer run: the
# harness's reason and the stack, not the progress lines (a tail of the log
# was all progress and stack: the last CI run's --to sgf failure said no
# reason), and the input that failed, small ones in base64.
{
  for k in $(seq 1 80); do echo "#$k	NEW    cov: 6888 ft: 30589 corp: 1704/5590Kb exec/s: 66 rss: 367Mb"; done
  echo "INFO: Seed: 1234"
  echo "--to sgf read back gives another game"
  echo "--- first read:"
  echo "(;GM[1];B[aa])"
  for k in $(seq 0 30); do echo "    #$k 0x55 in frame$k"; done
  echo "SUMMARY: libFuzzer: deadly signal"
  echo "stat::number_of_executed_units: 1931"
} > "$tmp/fuzz.log"
mkdir "$tmp/art"
printf '(;GM[1]\000;B[aa])' > "$tmp/art/crash-1"
head -c 70000 /dev/zero > "$tmp/art/slow-unit-2"
sh "$TOP_SRCDIR/build-aux/fuzz-log.sh" "$tmp/fuzz.log" "$tmp/art" > "$tmp/out"
check "a failed fuzz run: the harness's reason, the read and the stack's every frame" \
  'grep -qxF -- "--to sgf read back gives another game" "$tmp/out" && grep -qxF "(;GM[1];B[aa])" "$tmp/out" &&
   grep -qF "#0 0x55 in frame0" "$tmp/out" && grep -qF "#30 0x55 in frame30" "$tmp/out" && grep -qF "deadly signal" "$tmp/out"'
check "a failed fuzz run: not libFuzzer's progress lines" '! grep -qE "^#[0-9]+	NEW|^INFO:|^stat::" "$tmp/out"'
check "a failed fuzz run: the input that failed, in base64 that decodes to its bytes" \
  'sed -n "/^the input, crash-1 (15 bytes)/,/^the input/p" "$tmp/out" | sed "1d;/^the input/d" | base64 -d | cmp -s - "$tmp/art/crash-1"'
check "a failed fuzz run: an input too large to print is named" 'grep -qxF "the input, slow-unit-2 (70000 bytes): too large to print" "$tmp/out"'
tap_done
