#!/usr/bin/env python3
"""Signals while --convert writes records (issue 36), the rounds
tests/faults.sh runs: one helper for each of its signal tests.

Round i (of ROUNDS) runs JGFLINT ARGS... (each `{}` of ARGS the round's own
directory, PREFIX then i, made empty) with JGFLINT_TEST_PAUSE_BEFORE_RENAME
set, so that each record's write stops once its contents are in under a
temporary name until the marker (PREFIX-pause) is removed; STEP * i
records are let by, then SIGTERM (even rounds) or SIGINT (odd ones) is sent
while a write waits. Each moment is certain, not timed (signals timed as
fractions of a whole run's time came after its end under load). After each
round the round's directory must hold no temporary file (`.jgflint-*`) and
every record there (`*.jgf`) must read as JSON (none empty or cut off, so
that a run after it has nothing to refuse); with --copies K FILE..., each
FILE is copied K times into the round's directory first (as k-NAME) and
every copy must be as it was after the round (the inputs unchanged).

Usage: signal_rounds.py JGFLINT PREFIX ROUNDS STEP [--copies K FILE...] -- ARGS...
Prints `# round ...` for each bad round and how many rounds stopped while
a record was written; exit 1 when a round was bad or a signal did not come
while a write waited (every round's must). JGFLINT must be the test
program (tests/jgflint-hooks), which knows the pause."""
import json
import os
import shutil
import signal
import subprocess
import sys
import time


def paused(p, marker):
    """Whether a write of p waits at the marker (False: p ended, or 60 s)."""
    deadline = time.monotonic() + 60
    while not os.path.exists(marker):
        if p.poll() is not None or time.monotonic() > deadline:
            return False
        time.sleep(0.001)
    return True


def bad_records(d):
    """The temporary files left in d, and its records that are no JSON."""
    names = os.listdir(d)
    temps = [n for n in names if n.startswith(".jgflint-")]
    broken = []
    for n in names:
        if n.endswith(".jgf"):
            try:
                with open(os.path.join(d, n), encoding="utf-8") as f:
                    json.load(f)
            except ValueError:
                broken.append(n)
    return temps, broken


def one_round(jgflint, prefix, i, step, copies, sources, args):
    """Round i: whether it stopped while a write waited, and what was bad
    (None: nothing)."""
    d = prefix + str(i)
    marker = prefix + "-pause"
    os.mkdir(d)
    inputs = {}
    for k in range(copies):
        for s in sources:
            name = "%d-%s" % (k, os.path.basename(s))
            shutil.copy(s, os.path.join(d, name))
            with open(s, "rb") as f:
                inputs[name] = f.read()
    sig = signal.SIGINT if i % 2 else signal.SIGTERM
    # (Python starts jgflint with SIGINT at its default: a background job
    # of sh ignores it.)
    p = subprocess.Popen([jgflint] + [d if a == "{}" else a for a in args],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         env=dict(os.environ, JGFLINT_TEST_PAUSE_BEFORE_RENAME=marker),
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    let_by = step * i
    while let_by and paused(p, marker):
        os.remove(marker)
        let_by -= 1
    at_pause = paused(p, marker)
    p.send_signal(sig)
    if at_pause:
        os.remove(marker)   # (a write the signal waits for goes on)
    stopped = p.wait(timeout=60) == -sig and at_pause
    temps, broken = bad_records(d)
    touched = []
    for name, was in inputs.items():
        with open(os.path.join(d, name), "rb") as f:
            if f.read() != was:
                touched.append(name)
    if temps or broken or touched:
        return stopped, ("# round %d (%s): %d files, %d empty or cut off, %d temporary, "
                         "%d inputs changed" % (i, sig.name, len(os.listdir(d)), len(broken),
                                                len(temps), len(touched)))
    return stopped, None


def main(argv):
    if "--" not in argv or len(argv) < 6:
        sys.stderr.write(__doc__.split("\n\n")[-1] + "\n")
        return 2
    cut = argv.index("--")
    jgflint, prefix, rounds, step = argv[1], argv[2], int(argv[3]), int(argv[4])
    opts, args = argv[5:cut], argv[cut + 1:]
    copies, sources = 0, []
    if opts:
        if opts[0] != "--copies" or len(opts) < 3:
            sys.stderr.write("signal_rounds.py: unknown option: %s\n" % opts[0])
            return 2
        copies, sources = int(opts[1]), opts[2:]
    bad = stopped = 0
    for i in range(rounds):
        at, why = one_round(jgflint, prefix, i, step, copies, sources, args)
        stopped += at
        if why:
            bad += 1
            print(why)
    print("%d stopped while a record was written" % stopped)
    return 1 if bad or stopped < rounds else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
