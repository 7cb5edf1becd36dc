#!/bin/sh
# What a CI run says of an automake test-suite.log: its failed tests, and
# under each failed check the comment lines TAP put after it (the CI log is
# all there is of a run on another machine); then, last, one line
# "PASSED FAILED" (PASS and XFAIL; FAIL, XPASS and ERROR) for the totals.
# Usage: build-aux/ci-log.sh TEST-SUITE.LOG   (.ci/run, tests/cilog.sh)
log=$1
p=$(sed -n 's/^# PASS: *//p; s/^# XFAIL: *//p' "$log" | awk '{s += $1} END {print s + 0}')
f=$(sed -n 's/^# FAIL: *//p; s/^# XPASS: *//p; s/^# ERROR: *//p' "$log" | awk '{s += $1} END {print s + 0}')
if [ "$f" -ne 0 ]; then
  sed -n '/^FAIL:\|^ERROR:\|^XPASS:/p' "$log"
  # tap-driver.sh writes its own result line (FAIL: NAME N - ...) between
  # a check and its comments: passed over, not the comments' end.
  awk '/^not ok/ && !/# TODO/ { print "  " $0; k = 40; next }
       /^(PASS|FAIL|XFAIL|XPASS|SKIP|ERROR): / { next }
       k > 0 && /^#/ { print "    " substr($0, 1, 300); k--; next }
       { k = 0 }' "$log" | head -200
fi
echo "$p $f"
