#!/bin/sh
# Faults while writing a user's file (issue 36): a full disk under a report
# written in place, signals during --convert --output, a FIFO nobody reads.
# Each full file system is a small tmpfs mounted, in a mount namespace of
# its own, over a fresh directory (never over /tmp, where the build may
# live); SKIP where unshare -m is not permitted. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR" || exit 1
. "$TOP_SRCDIR/tests/tap.sh"
tap_scratch
can_mount=no
# Many findings, one record a line, for --stream.
for _ in $(seq 300); do tr -d '\n' < testdata/formats/findings.jgf; echo; done > "$tmp/lines.jsonl"
unshare -m true 2> /dev/null && can_mount=yes

# A report in place (a second hard link keeps it from being renamed over)
# on a full disk: the old report stays whole, exit 2, and the message says
# it was not changed. full MODE: MODE "file" (a report of --format json=)
# or "stream" (--stream -o).
full() {
  mode=$1
  if [ $can_mount = no ]; then
    ok "$mode: a report in place on a full disk # SKIP unshare -m is not permitted here"
    return
  fi
  dir="$tmp/full-$mode"
  mkdir "$dir"
  # shellcheck disable=SC2016
  unshare -m sh -c '
    dir=$1 mode=$2; shift 2
    mount -t tmpfs -o size=64k tmpfs "$dir" || exit 99
    printf "{\"old\": \"report\"}\n" > "$dir/report"
    ln "$dir/report" "$dir/link"
    cp "$dir/report" "$dir/../old-$mode"
    dd if=/dev/zero of="$dir/filler" bs=4096 2> /dev/null
    if [ "$mode" = file ]; then
      "$@" --no-config --format "json=$dir/report" testdata/rules/*/*.jgf
    else
      "$@" --no-config --stream -o "$dir/report" < "$dir/../lines.jsonl"
    fi > /dev/null 2> "$dir/../err-$mode"
    echo $? > "$dir/../status-$mode"
    cmp -s "$dir/report" "$dir/../old-$mode" && echo same > "$dir/../same-$mode"
    exit 0' sh "$dir" "$mode" "$JGFLINT"
  status=$(cat "$tmp/status-$mode" 2> /dev/null)
  if [ "$status" = 2 ] && [ -f "$tmp/same-$mode" ] &&
     grep -q "disk is full; it was not changed" "$tmp/err-$mode"; then
    ok "$mode: a report in place on a full disk: kept whole, exit 2, said"
  else
    not_ok "$mode: a report in place on a full disk: kept whole, exit 2, said (status $status)"
    sed 's/^/# /' "$tmp/err-$mode"
  fi
}
full file
full stream

# SIGINT and SIGTERM during --convert --output of a collection of 2,000
# games, at 20 moments while records are written: every record left is
# whole (none empty or cut off, so that a run after it has nothing to
# refuse) and no temporary file is left. (Python starts jgflint with SIGINT
# at its default: a background job of sh ignores it.)
n=$((n + 1))
if out=$(python3 - "$JGFLINT" "$tmp" <<'PY'
import json, os, random, signal, subprocess, sys, time
jgflint, tmp = sys.argv[1], sys.argv[2]
coll = os.path.join(tmp, "many.sgf")
with open(coll, "w") as f:
    for i in range(2000):
        f.write("(;GM[1]FF[4]SZ[19]PB[b%d];B[aa];W[bb];B[cc];W[dd])\n" % i)
# The signals fall across one whole run's time, measured here: on a fast
# machine fixed delays came after the end (4 of 20 stopped mid-run).
out = os.path.join(tmp, "whole")
os.mkdir(out)
t0 = time.monotonic()
subprocess.run([jgflint, "--convert", "--output", out, coll],
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
whole = time.monotonic() - t0
bad = stopped = 0
for i in range(20):
    out = os.path.join(tmp, "conv%d" % i)
    os.mkdir(out)
    sig = signal.SIGINT if i % 2 else signal.SIGTERM
    p = subprocess.Popen([jgflint, "--convert", "--output", out, coll],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(whole * (0.02 + 0.04 * i))
    p.send_signal(sig)
    if p.wait(timeout=60) == -sig:
        stopped += 1
    names = os.listdir(out)
    temps = [n for n in names if n.startswith(".jgflint-")]
    broken = []
    for n in names:
        if n.endswith(".jgf"):
            try:
                with open(os.path.join(out, n)) as f:
                    json.load(f)
            except ValueError:
                broken.append(n)
    if temps or broken:
        bad += 1
        print("# round %d (%s): %d records, %d empty or cut off, %d temporary" %
              (i, sig.name, len(names), len(broken), len(temps)))
print("%d stopped mid-run" % stopped)
sys.exit(1 if bad or stopped < 5 else 0)
PY
); then
  echo "ok $n - SIGINT/SIGTERM during --convert --output, 20 times ($out): no record empty or cut off, no temporary file left"
else
  failed=$((failed + 1))
  echo "not ok $n - SIGINT/SIGTERM during --convert --output, 20 times: a record empty or cut off, or a temporary file left"
  echo "$out"
fi

# A report or baseline named as a FIFO that nobody reads: refused at once
# (exit 2, said), never a run blocked for ever; one that is read gets it.
mkfifo "$tmp/fifo"
fifo() {
  what=$1; shift
  timeout 10 "$JGFLINT" --no-config "$@" > /dev/null 2> "$tmp/err"
  status=$?
  if [ $status -eq 2 ] && grep -q "FIFO (named pipe) that nobody reads: nothing was written" "$tmp/err"; then
    ok "$what to a FIFO nobody reads: refused, said (exit 2)"
  else
    not_ok "$what to a FIFO nobody reads: refused, said (exit $status)"
    sed 's/^/# /' "$tmp/err"
  fi
}
fifo "--format json=" --format "json=$tmp/fifo" testdata/formats/go.jgf
fifo "--stream -o" --stream -o "$tmp/fifo" < "$tmp/lines.jsonl"
fifo "--write-baseline" --write-baseline "$tmp/fifo" testdata/formats/go.jgf
# (the shell holds it open to read first: no race with a reader starting)
exec 3<> "$tmp/fifo"
timeout 10 "$JGFLINT" --no-config --write-baseline "$tmp/fifo" testdata/formats/go.jgf > /dev/null 2>&1
status=$?
timeout 1 cat <&3 > "$tmp/read"
exec 3<&-
if [ $status -eq 0 ] && grep -q jgflint-baseline "$tmp/read"; then
  ok "--write-baseline to a FIFO that is read: written (exit 0)"
else
  not_ok "--write-baseline to a FIFO that is read: written (exit $status)"
fi

echo "1..$n"
[ $failed -eq 0 ]
