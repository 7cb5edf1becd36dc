#!/bin/sh
# Faults while writing a user's file (issue 36): a full disk under a report
# written in place, under --fix of an SGF file and under --convert of GIB,
# UGF and SGF, signals during --convert --output and --fix of SGF files,
# --fix of SGF files with standard output or error closed, a hard link made
# or the file replaced (mv) during --fix, a record made, replaced or its
# directory made read-only during --convert, a FIFO nobody reads.
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
# refuse) and no temporary file is left. Each moment is certain, not
# timed: round i lets 5 i records by, then signals while a record's write
# waits (tests/signal_rounds.py, the signal tests' one helper).
if [ -z "$HOOKED" ]; then
  skip "SIGINT/SIGTERM during --convert --output: needs the test program (tests/jgflint-hooks)"
else
  awk 'BEGIN { for (i = 0; i < 2000; i++) printf "(;GM[1]FF[4]SZ[19]PB[b%d];B[aa];W[bb];B[cc];W[dd])\n", i }' \
    > "$tmp/many.sgf"
  if out=$(python3 tests/signal_rounds.py "$HOOKED" "$tmp/conv" 20 5 -- \
             --no-config --convert --output {} "$tmp/many.sgf"); then
    ok "SIGINT/SIGTERM during --convert --output, 20 times ($out): no record empty or cut off, no temporary file left"
  else
    not_ok "SIGINT/SIGTERM during --convert --output, 20 times: a record empty or cut off, or a temporary file left"
    echo "$out" | sed '/^#/!s/^/# /'
  fi
fi

# --fix of an SGF file in place on a full disk: the file stays as it was,
# exit 2, said (issue 50: SGF repaired in place has --fix's safety).
n=$((n + 1))
if [ $can_mount = no ]; then
  echo "ok $n # SKIP --fix of SGF on a full disk: unshare -m is not permitted here"
else
  mkdir "$tmp/full-sgf"
  printf '(;FF[4]GM[1]SZ[19]C[%s]\n;B[aa]\n;W[bb]\n' "$(head -c 20000 /dev/zero | tr '\0' x)" > "$tmp/game.sgf"
  # shellcheck disable=SC2016
  unshare -m sh -c '
    dir=$1; shift
    mount -t tmpfs -o size=64k tmpfs "$dir" || exit 99
    cp "$dir/../game.sgf" "$dir/game.sgf"
    dd if=/dev/zero of="$dir/filler" bs=4096 2> /dev/null
    "$@" --no-config --fix "$dir/game.sgf" > /dev/null 2> "$dir/../err-sgf"
    echo $? > "$dir/../status-sgf"
    cmp -s "$dir/game.sgf" "$dir/../game.sgf" && echo same > "$dir/../same-sgf"
    ls -a "$dir" | grep -c "^\.jgflint-" > "$dir/../temps-sgf"
    exit 0' sh "$tmp/full-sgf" "$JGFLINT"
  status=$(cat "$tmp/status-sgf" 2> /dev/null)
  if [ "$status" = 2 ] && [ -f "$tmp/same-sgf" ] && [ "$(cat "$tmp/temps-sgf")" = 0 ] &&
     grep -q "disk is full; it was not changed" "$tmp/err-sgf"; then
    echo "ok $n - --fix of an SGF file on a full disk: kept as it was, no temporary file, exit 2, said"
  else
    failed=$((failed + 1))
    echo "not ok $n - --fix of an SGF file on a full disk: kept as it was, no temporary file, exit 2, said (status $status)"
    sed 's/^/# /' "$tmp/err-sgf"
  fi
fi

# --fix of 60 SGF files, --jobs 2, with standard output or error closed: a
# temporary file must not get descriptor 1 or 2, or report lines land in
# the records (tests/safety.sh has JGF's). Standard input is closed too, so
# that each file read takes descriptor 0 and the closed one is the lowest
# free when a temporary file is made: without write_init's guard nearly
# every file is refused, not by chance. The record keeps a finding after
# its two fixes, so both get words. Without standard output the report is
# lost: exit 2; without standard error, the finding's 1.
printf '(;FF[4]GM[1]SZ[19]KM[6,5]C[see]\n;B[aa];;W[bb];B[aa])\n' > "$tmp/closed.sgf"
printf '(;FF[4]GM[1]SZ[19]KM[6.5]C[see]\n;B[aa];W[bb];B[aa])\n' > "$tmp/closed.want"
closed() {
  fd=$1 want=$2
  d=$tmp/closed$fd
  mkdir "$d"
  for i in $(seq 60); do cp "$tmp/closed.sgf" "$d/g$i.sgf"; done
  if [ "$fd" = 1 ]; then
    "$JGFLINT" --no-config --fix --jobs 2 --format concise "$d"/*.sgf <&- >&- 2> /dev/null
  else
    "$JGFLINT" --no-config --fix --jobs 2 --format concise "$d"/*.sgf <&- 2>&- > /dev/null
  fi
  status=$?
  bad=0
  for f in "$d"/*.sgf; do cmp -s "$f" "$tmp/closed.want" || bad=$((bad + 1)); done
  if [ $status = "$want" ] && [ $bad = 0 ]; then
    ok "--fix of SGF, descriptor $fd closed: all 60 files fixed exactly, exit $want"
  else
    not_ok "--fix of SGF, descriptor $fd closed: all 60 files fixed exactly, exit $want (exit $status, $bad not)"
    for f in "$d"/*.sgf; do cmp -s "$f" "$tmp/closed.want" || { sed 's/^/# /' "$f"; break; }; done
  fi
}
closed 1 2
closed 2 1

# --fix in place and --convert --output past the file size limit (ulimit
# -f, 8 blocks of 512 or 1,024 bytes): each file as it was, no record or
# temporary file left, exit 2, said. SIGXFSZ's default ended the run in
# silence and left the temporary file behind.
size_limit() {
  what=$1; shift
  dir="$tmp/xfsz-$what"
  mkdir "$dir"
  printf '{"record": {"format": "JGF", "version": 2, "generator": "%s"},\n "game": {"type": "go", "result": "B+Resign"}, "tree": [{}]}\n' \
    "$(head -c 20000 /dev/zero | tr '\0' x)" > "$dir/game.jgf"
  printf '(;FF[4]GM[1]SZ[19]C[%s]\n;B[aa]\n;;W[bb])\n' "$(head -c 20000 /dev/zero | tr '\0' x)" > "$dir/game.sgf"
  cp "$dir/game.jgf" "$dir/game.jgf.was"
  cp "$dir/game.sgf" "$dir/game.sgf.was"
  (cd "$dir" && ulimit -f 8 && "$JGFLINT" --no-config "$@" > err 2>&1)
  status=$?
  if [ $status = 2 ] && cmp -s "$dir/game.jgf" "$dir/game.jgf.was" &&
     cmp -s "$dir/game.sgf" "$dir/game.sgf.was" &&
     [ "$(ls -a "$dir" "$dir/out" 2> /dev/null | grep -c '^\.jgflint-\|^game.jgf$')" = 1 ] &&
     grep -q "File too large" "$dir/err"; then
    ok "$what past the file size limit: kept as it was, nothing half written, exit 2, said"
  else
    not_ok "$what past the file size limit: kept as it was, nothing half written, exit 2, said (status $status)"
    ls -a "$dir" "$dir/out" 2> /dev/null | sed 's/^/# /'
    sed 's/^/# /' "$dir/err" 2> /dev/null
  fi
}
size_limit "--fix of JGF" --fix game.jgf
size_limit "--fix of SGF" --fix game.sgf
size_limit "--convert --output" --convert game.sgf --output out

# duplicates whose spool of keys the size limit cuts short: exit 2, said,
# no group made of the keys not written (they read back as zeros, a board
# of no size: a division by zero, SIGFPE, status 136).
dir="$tmp/xfsz-dup"
mkdir "$dir"
python3 -c "
import random; random.seed(3); p=[(x,y) for x in range(19) for y in range(19)]; random.shuffle(p)
g='(;GM[1]FF[4]SZ[19]KM[6.5]PB[Alice]PW[Bob]'+''.join(';%s[%s%s]'%('BW'[i%2],chr(97+x),chr(97+y)) for i,(x,y) in enumerate(p[:120]))+')'
for i in range(20): open('$dir/g%d.sgf'%i,'w').write(g)"
(cd "$dir" && ulimit -f 1 && "$JGFLINT" duplicates . > out 2> err)
status=$?
if [ $status = 2 ] && grep -q "File too large" "$dir/err"; then
  ok "duplicates past the file size limit: exit 2, said"
else
  not_ok "duplicates past the file size limit: exit 2, said (status $status)"
  sed 's/^/# /' "$dir/err" 2> /dev/null
fi

# SIGINT and SIGTERM during --fix of 300 SGF files in place, at 10
# moments of the run (once its 10th, 35th, ... 235th file is fixed): each
# file is either as it was or as --fix writes it whole, and no temporary
# file is left (issue 50).
n=$((n + 1))
if out=$(python3 - "$JGFLINT" "$tmp" <<'PY'
import os, shutil, signal, subprocess, sys, time
jgflint, tmp = sys.argv[1], sys.argv[2]
def games(d):
    os.mkdir(d)
    for i in range(300):
        with open(os.path.join(d, "g%03d.sgf" % i), "w") as f:
            f.write("(;GM[1]FF[4]SZ[19]PB[b%d]C[%s]\n;B[aa];W[bb];B[cc]\n" % (i, "y" * 2000))
    return sorted(os.path.join(d, n) for n in os.listdir(d))
before = games(os.path.join(tmp, "sgf-before"))
fixed = games(os.path.join(tmp, "sgf-fixed"))
subprocess.run([jgflint, "--no-config", "--fix"] + fixed, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
want_before = open(before[0]).read()
want_fixed = open(fixed[0]).read()
if want_fixed == want_before:
    print("# --fix changed nothing: the test has no fix to interrupt")
    sys.exit(1)
bad = stopped = mixed = 0
for r in range(10):
    d = os.path.join(tmp, "sgf-run%d" % r)
    files = games(d)
    sig = signal.SIGINT if r % 2 else signal.SIGTERM
    p = subprocess.Popen([jgflint, "--no-config", "--fix"] + files,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # The signal once file 10 + 25 r is fixed (the files are fixed in
    # about the order given): in the run, whatever the machine's speed.
    watch = files[10 + 25 * r]
    deadline = time.monotonic() + 30
    while p.poll() is None and time.monotonic() < deadline:
        with open(watch) as f:
            if f.read() != want_before.replace("b0]", "b%d]" % (10 + 25 * r)):
                break
        time.sleep(0.0005)
    p.send_signal(sig)
    if p.wait(timeout=60) == -sig:
        stopped += 1
    names = os.listdir(d)
    temps = [n for n in names if n.startswith(".jgflint-")]
    torn, nfixed = [], 0
    for i, f in enumerate(files):
        text = open(f).read()
        nfixed += text == want_fixed.replace("b0]", "b%d]" % i)
        if text not in (want_before.replace("b0]", "b%d]" % i), want_fixed.replace("b0]", "b%d]" % i)):
            torn.append(os.path.basename(f))
    mixed += 0 < nfixed < len(files)
    if temps or torn:
        bad += 1
        print("# round %d (%s): %d files neither as they were nor fixed, %d temporary" %
              (r, sig.name, len(torn), len(temps)))
    shutil.rmtree(d)
print("%d stopped mid-run, %d with some files fixed and some not" % (stopped, mixed))
sys.exit(1 if bad or stopped < 8 or mixed < 8 else 0)
PY
); then
  echo "ok $n - SIGINT/SIGTERM during --fix of 300 SGF files, 10 times ($out): each as it was or fixed whole, no temporary file left"
else
  failed=$((failed + 1))
  echo "not ok $n - SIGINT/SIGTERM during --fix of 300 SGF files, 10 times: a file torn, or a temporary file left"
  echo "$out" | sed '/^#/!s/^/# /'
fi

# The world changing under --fix while it writes (paused before the
# rename, JGFLINT_TEST_PAUSE_BEFORE_RENAME): what the user made meanwhile is
# kept, nothing is written, exit 2, said. JGF and SGF (fixed in its bytes),
# the one writer.
# during WHAT FILE ACTION KEPT WORDS [MORE]: --fix of game.EXT, a copy of
# FILE.EXT in a directory of its own ($dir, where `was` keeps its contents),
# and ACTION (a shell command run in $dir) once the fix is paused; ok when
# the fix paused (a check the pause never reached fails), exited 2, left
# game.EXT as KEPT and no temporary file, said WORDS, and MORE (a shell
# condition run in $dir) holds. Without the test program ($HOOKED) a skip.
during() {
  what=$1 file=$2 action=$3 kept=$4 words=$5 more=${6:-true}
  if [ -z "$HOOKED" ]; then skip "$what (no test program)"; return; fi
  dir=$(mktemp -d "$tmp/during-XXXXXX")
  game=$dir/game.${file##*.}
  cp "$file" "$game"
  cp "$file" "$dir/was"
  m=$dir/marker
  JGFLINT_TEST_PAUSE_BEFORE_RENAME=$m "$HOOKED" --no-config --fix "$game" > /dev/null 2> "$dir/err" &
  pid=$!
  i=0
  while [ ! -e "$m" ] && [ $i -lt 1000 ]; do sleep 0.01; i=$((i + 1)); done
  paused=no
  [ -e "$m" ] && paused=yes && (cd "$dir" && eval "$action")
  rm -f "$m"
  wait $pid
  status=$?
  if [ $paused = yes ] && [ $status = 2 ] && cmp -s "$game" "$dir/$kept" &&
     [ "$(ls -a "$dir" | grep -c '^\.jgflint-')" = 0 ] && grep -q "$words" "$dir/err" &&
     (cd "$dir" && eval "$more"); then
    ok "$what: not written, the user's kept, exit 2, said"
  else
    not_ok "$what: not written, the user's kept, exit 2, said (paused $paused, status $status)"
    sed 's/^/# /' "$dir/err"
  fi
}
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{"move": {"color": "Black", "x": 0, "y": 0}}]}\n' > "$tmp/relink.jgf"
printf '(;FF[4]GM[1]SZ[19]KM[6,5];B[aa];;W[bb])\n' > "$tmp/relink.sgf"
# A hard link made meanwhile: a rename would leave the new name with the
# old contents, split from the file; as for a file linked before the run,
# both names alike.
# shellcheck disable=SC2016
linked='cmp -s other was && [ "$(stat -c %h other)" = 2 ]'
during "JGF: a hard link made during --fix" "$tmp/relink.jgf" 'ln game.jgf other' was 'hard link' "$linked"
during "SGF: a hard link made during --fix" "$tmp/relink.sgf" 'ln game.sgf other' was 'hard link' "$linked"
# The file replaced (mv) meanwhile: the user's version stays (tests/safety.sh
# has JGF's).
during "SGF: replaced (mv) during --fix" "$tmp/relink.sgf" \
  'printf "(;GM[1]C[mine])\n" > mine && cp mine new && mv new game.sgf' mine \
  'game.sgf: changed while being fixed; not written'

# --convert of GIB, UGF and SGF to JGF, the world changing while a record
# is written (paused before it is put in place): a record made at its name
# meanwhile, or one --force replaces replaced or rewritten meanwhile, is the
# user's, kept (the run replaces the file it found, not another); the
# directory made read-only meanwhile is written in no more. Each: exit 2,
# said, the input as it was, no temporary file left.
# convert_during WHAT INPUT FLAG ACTION KEPT WORDS: --convert (FLAG: --force,
# an old record at game.jgf first; or -) of a copy of INPUT as game.EXT in a
# directory of its own, and ACTION run there once the write pauses (`mine`
# holds the user's record); ok when it paused, exited 2, left game.jgf as
# KEPT (a file there; `none`: no game.jgf) and game.EXT as it was, no
# temporary file, and said WORDS.
convert_during() {
  what=$1 file=$2 flag=$3 action=$4 kept=$5 words=$6
  if [ -z "$HOOKED" ]; then skip "$what (no test program)"; return; fi
  dir=$(mktemp -d "$tmp/convert-XXXXXX")
  game=$dir/game.${file##*.}
  cp "$file" "$game"
  cp "$file" "$dir/input"
  printf '{"mine": true}\n' > "$dir/mine"
  [ "$flag" = --force ] && printf '{"old": true}\n' > "$dir/game.jgf"
  [ "$flag" = --force ] || flag=
  m=$dir/marker
  # shellcheck disable=SC2086 # FLAG, or nothing
  JGFLINT_TEST_PAUSE_BEFORE_RENAME=$m "$HOOKED" --no-config --convert $flag "$game" > "$dir/out" 2>&1 &
  pid=$!
  i=0
  while [ ! -e "$m" ] && [ $i -lt 1000 ]; do sleep 0.01; i=$((i + 1)); done
  paused=no
  [ -e "$m" ] && paused=yes && (cd "$dir" && eval "$action")
  rm -f "$m"
  wait $pid
  status=$?
  if [ "$kept" = none ]; then [ ! -e "$dir/game.jgf" ]; else cmp -s "$dir/game.jgf" "$dir/$kept"; fi
  record=$?
  if [ $paused = yes ] && [ $status = 2 ] && [ $record = 0 ] && cmp -s "$game" "$dir/input" &&
     [ -z "$(find "$dir" -maxdepth 1 -name '.jgflint-*')" ] && grep -q "$words" "$dir/out"; then
    ok "$what: the user's kept, exit 2, said, the input as it was"
  else
    not_ok "$what: the user's kept, exit 2, said, the input as it was (paused $paused, status $status)"
    find "$dir" | sed 's/^/# /'
    grep -v 'info:\|warning:\|note:' "$dir/out" | sed 's/^/# /'
  fi
}
convert_during "--convert of GIB: a record made at its name meanwhile" \
  testdata/convert/tygem-current.gib - 'cp mine game.jgf' mine 'game.jgf exists: not overwritten'
convert_during "--convert --force of UGF: the record it replaces replaced (mv) meanwhile" \
  testdata/convert/amateur.ugf --force 'cp mine new && mv new game.jgf' mine \
  'game.jgf changed while being replaced: not replaced'
convert_during "--convert --force of SGF: the record it replaces rewritten meanwhile" \
  "$tmp/relink.sgf" --force 'cat mine > game.jgf' mine 'game.jgf changed while being replaced'
convert_during "--convert of UGF: its directory made read-only meanwhile" \
  testdata/convert/amateur.ugf - 'chmod a-w .' none 'game.jgf: Permission denied'
convert_during "--convert --force of GIB: its directory made read-only meanwhile" \
  testdata/convert/tygem-current.gib --force 'chmod a-w .; cp game.jgf old' old \
  'game.jgf: Permission denied'
chmod -R u+w "$tmp"   # (the read-only directories removed with the rest)

# SIGTERM and SIGINT during --convert of a directory of GIB and UGF files
# (records beside them), at 6 moments, each while a record is written (the
# pause as above, round i letting 7 i by): every record left whole, no
# temporary file, the inputs as they were.
if [ -z "$HOOKED" ]; then
  skip "SIGINT/SIGTERM during --convert of GIB and UGF: needs the test program (tests/jgflint-hooks)"
elif out=$(python3 tests/signal_rounds.py "$HOOKED" "$tmp/gib" 6 7 \
             --copies 4 testdata/convert/*.gib testdata/convert/*.ugf -- --no-config --convert {}); then
  ok "SIGINT/SIGTERM during --convert of GIB and UGF, 6 times ($out): no record empty or cut off, no temporary file, the inputs as they were"
else
  not_ok "SIGINT/SIGTERM during --convert of GIB and UGF, 6 times: a record empty or cut off, a temporary file, or an input changed"
  echo "$out" | sed '/^#/!s/^/# /'
fi

# --convert --output of GIB, UGF and SGF onto a full disk: each record there
# whole (JSON), none cut off, no temporary file, exit 2, said, the inputs as
# they were.
n=$((n + 1))
if [ $can_mount = no ]; then
  echo "ok $n # SKIP --convert onto a full disk: unshare -m is not permitted here"
else
  mkdir "$tmp/full-convert" "$tmp/convert-in"
  cp testdata/convert/*.gib testdata/convert/*.ugf "$tmp/relink.sgf" "$tmp/convert-in/"
  cp -r "$tmp/convert-in" "$tmp/convert-was"
  # shellcheck disable=SC2016
  unshare -m sh -c '
    dir=$1; shift
    mount -t tmpfs -o size=64k tmpfs "$dir" || exit 99
    dd if=/dev/zero of="$dir/filler" bs=4096 count=13 2> /dev/null
    "$@" --no-config --convert --output "$dir/out" "$dir"/../convert-in/* > "$dir/../out-convert" 2>&1
    echo $? > "$dir/../status-convert"
    ls -a "$dir/out" | grep -c "^\.jgflint-" > "$dir/../temps-convert"
    ls "$dir/out" | grep -c "\.jgf$" > "$dir/../records-convert"
    for f in "$dir"/out/*.jgf; do
      python3 -c "import json, sys; json.load(open(sys.argv[1]))" "$f" 2> /dev/null || echo "$f"
    done > "$dir/../broken-convert"
    exit 0' sh "$tmp/full-convert" "$JGFLINT"
  status=$(cat "$tmp/status-convert" 2> /dev/null)
  records=$(cat "$tmp/records-convert" 2> /dev/null)
  if [ "$status" = 2 ] && [ "$(cat "$tmp/temps-convert")" = 0 ] && [ ! -s "$tmp/broken-convert" ] &&
     [ "${records:-0}" -ge 1 ] && diff -r "$tmp/convert-in" "$tmp/convert-was" > /dev/null &&
     grep -q "disk is full" "$tmp/out-convert"; then
    echo "ok $n - --convert --output of GIB, UGF and SGF onto a full disk: $records records, each whole, no temporary file, exit 2, said, the inputs as they were"
  else
    failed=$((failed + 1))
    echo "not ok $n - --convert --output of GIB, UGF and SGF onto a full disk: each record whole, no temporary file, exit 2, said, the inputs as they were (status $status, $records records)"
    sed 's/^/# /' "$tmp/broken-convert"
    grep -v 'info:\|warning:\|note:' "$tmp/out-convert" | sed 's/^/# /'
  fi
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
