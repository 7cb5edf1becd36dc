#!/bin/sh
# The stream mode in real engines: a Dask scheduler and two worker
# processes on 127.0.0.1 pipe each shard of a JSON-lines collection through
# `jgflint --stream`, and GNU parallel --pipe splits one stream; both give
# what one serial `jgflint --stream` gives (line numbers aside, also those a
# message names for a place on its stream line: each shard
# counts its own). Everything started is stopped, in bounded time. TAP.
# Environment: JGFLINT (the binary).
set -u
: "${JGFLINT:?}"
tmp=$(mktemp -d) || exit 1
pids=
cleanup() {
  for p in $pids; do kill "$p" 2> /dev/null; done
  sleep 1
  for p in $pids; do kill -9 "$p" 2> /dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
cd "$tmp" || exit 1
. "$TOP_SRCDIR/tests/tap.sh"
command -v python3 > /dev/null || { echo "1..0 # SKIP needs python3"; exit 0; }

# 4 shards of 1,000 records with known defects: Seki's version string
# every 7th, an unknown key every 13th, invalid JSON every 101st, blank
# lines every 250th.
python3 - <<'EOF'
for s in range(4):
    with open(f"shard-{s}.jsonl", "w") as f:
        for i in range(1000):
            k = s * 1000 + i
            if k % 250 == 249:
                f.write("\n"); continue
            if k % 101 == 100:
                f.write('{"record": {"format": "JGF", "version": 2}, "tree": [{}\n'); continue
            version = '"2.0.0"' if k % 7 == 0 else "2"
            extra = ', "custom": 1' if k % 13 == 0 else ""
            moves = ", ".join('{"move": {"color": "%s", "x": %d, "y": %d}}' % (("black", "white")[j % 2], (j + k) % 19, j) for j in range(10))
            f.write('{"record": {"format": "JGF", "version": %s}, "game": {"name": "g%d"}, "tree": [{}, %s]%s}\n' % (version, k, moves, extra))
EOF
cat shard-0.jsonl shard-1.jsonl shard-2.jsonl shard-3.jsonl > all.jsonl
"$JGFLINT" --stream --id-field game.name -j 1 < all.jsonl > serial.out
sed -e 's/^{"line":[0-9]*,/{/' -e 's/\(opened at \|starts at \|(first at \)[0-9]*:/\1:/g' serial.out > serial.cmp
check "the serial run: 4,000 lines out, with findings of each kind" \
  '[ "$(wc -l < serial.out)" = 4000 ] && grep -q seki-version-string serial.out && grep -q unknown-key serial.out && grep -q json-syntax serial.out && grep -q "\"blank\":true" serial.out'

# GNU parallel: blocks of whole lines, two jobs, output kept in order.
if command -v parallel > /dev/null; then
  timeout 120 parallel --will-cite --pipe -k --block 64k -j 2 "$JGFLINT" --stream --id-field game.name -j 1 \
    < all.jsonl > parallel.out 2> parallel.err
  sed -e 's/^{"line":[0-9]*,/{/' -e 's/\(opened at \|starts at \|(first at \)[0-9]*:/\1:/g' parallel.out > parallel.cmp
  check "parallel --pipe -k: the serial run's results ($(grep -c . parallel.out) lines)" 'cmp -s serial.cmp parallel.cmp'
else
  skip "GNU parallel is not installed (Debian package parallel)"
fi

# Dask: a scheduler and two single-threaded worker processes.
# Debian's Python (the one its dask-* scripts run on), not another in PATH.
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
if ! command -v dask-scheduler > /dev/null || ! command -v dask-worker > /dev/null ||
   ! $py -c 'import distributed' 2> /dev/null; then
  skip "Dask is not installed (Debian packages python3-dask python3-distributed)"
else
  dask-scheduler --host 127.0.0.1 --port 0 --no-dashboard --scheduler-file sched.json > sched.log 2>&1 &
  pids="$pids $!"
  i=0
  while [ ! -s sched.json ] && [ $i -lt 60 ]; do sleep 0.5; i=$((i + 1)); done
  for w in 1 2; do
    dask-worker --scheduler-file sched.json --nworkers 1 --nthreads 1 --no-dashboard \
      --host 127.0.0.1 --name "w$w" > "worker$w.log" 2>&1 &
    pids="$pids $!"
  done
  JGFLINT=$JGFLINT timeout 180 $py - > dask.out 2> dask.err <<'EOF'
import os, subprocess, sys
from distributed import Client
jgflint = os.environ["JGFLINT"]
def lint(path):
    with open(path, "rb") as f:
        r = subprocess.run([jgflint, "--stream", "--id-field", "game.name", "-j", "1"],
                           stdin=f, capture_output=True)
    if r.returncode > 1:
        raise RuntimeError(r.stderr.decode())
    return r.stdout
with Client(scheduler_file="sched.json", timeout=60) as client:
    client.wait_for_workers(2, timeout=60)
    shards = [os.path.abspath(f"shard-{s}.jsonl") for s in range(4)]
    futures = client.map(lint, shards, pure=False)
    results = client.gather(futures)
    workers = {w for w in client.who_has(futures).values() for w in w}
    for out in results:
        sys.stdout.buffer.write(out)
    print(len(workers), file=sys.stderr)
    client.shutdown()
EOF
  status=$?
  sed -e 's/^{"line":[0-9]*,/{/' -e 's/\(opened at \|starts at \|(first at \)[0-9]*:/\1:/g' dask.out > dask.cmp
  check "Dask, 2 workers: each shard piped through jgflint --stream gives the serial run's results (exit $status)" \
    '[ $status = 0 ] && cmp -s serial.cmp dask.cmp' || sed 's/^/# /' dask.err | tail -5
  # Shut down: the client asked the scheduler; then every process must go.
  i=0
  while [ $i -lt 30 ]; do
    alive=
    for p in $pids; do kill -0 "$p" 2> /dev/null && alive="$alive $p"; done
    [ -z "$alive" ] && break
    sleep 0.5; i=$((i + 1))
  done
  check "the scheduler and workers exit within 15 s of the shutdown" '[ -z "$alive" ]'
fi

echo "1..$n"
[ "$failed" -eq 0 ]
