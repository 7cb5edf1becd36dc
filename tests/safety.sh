#!/bin/sh
# The safety of --fix and of every output against the real world (issue 10):
# closed standard descriptors, files changed while being fixed, failed writes
# on standard output, the same file named twice, outputs that are inputs,
# hard links, modes, owners and extended attributes, signals, --diff
# headers patch(1) reads, and the messages of FIFOs, read-only and full
# file systems. TAP output. Cases that need root (mounts, chown) or a
# file system feature (extended attributes) are skipped cleanly without.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
# JGFLINT_TEST_PAUSE_BEFORE_RENAME (see src/cli/write.c) stops a fix at its
# worst moment so that a race is reproduced every time.
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
fixdir=$TOP_SRCDIR/testdata/fix
in=$fixdir/bom.in.jgf     # one safe fix: the byte order mark
out=$fixdir/bom.out.jgf
tmp=$(mktemp -d) || exit 1
mounted=
trap 'for m in $mounted; do umount "$m" 2> /dev/null; done; chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
# The checks that need JGFLINT_TEST_PAUSE_BEFORE_RENAME run the test
# program ($HOOKED, CONTRIBUTING.md) and skip without it: `unhooked N`
# (true then) makes the next N checks skips.
hooks=no
[ -n "$HOOKED" ] && hooks=yes
skips=0
unhooked() { [ $hooks = yes ] && return 1; skips=$1 status=skipped; return 0; }
# check_hooked STATUS NAME: check_status, or a skip for each of the N checks
# after `unhooked N` without the test program.
check_hooked() {
  if [ "$skips" -gt 0 ]; then skips=$((skips - 1)); skip "$2: needs the test program (tests/jgflint-hooks)"
  elif [ "$1" = 0 ]; then ok "$2"; else not_ok "$2"; fi
}
copy() { cp "$1" "$2" && chmod u+w "$2"; }
# Shows a file on failure.
show() { sed 's/^/# /' "$1"; }
temps() { find "$1" -name '.jgflint-*' | wc -l | tr -d ' '; }
is_root() { [ "$(id -u)" = 0 ]; }

# Waits (at most 10 s) for the paused fix to create the marker.
wait_marker() {
  i=0
  while [ ! -e "$1" ] && [ $i -lt 1000 ]; do sleep 0.01; i=$((i + 1)); done
  [ -e "$1" ]
}

# 1. Closed standard descriptors: with stdout or stderr closed, a temporary
# file must not get descriptor 1 or 2, or report lines land in records.
# (This record keeps findings after its fixes, so reports go to both.)
cin=$fixdir/combination.in.jgf cout=$fixdir/combination.out.jgf
for fd in 1 2; do
  d=$tmp/closed$fd
  mkdir "$d"
  i=0
  while [ $i -lt 60 ]; do copy "$cin" "$d/r$i.jgf"; i=$((i + 1)); done
  if [ $fd = 1 ]; then
    "$JGFLINT" --fix --jobs 2 --format concise "$d" >&- 2> /dev/null
  else
    "$JGFLINT" --fix --jobs 2 --format concise "$d" 2>&- > /dev/null
  fi
  status=$?
  bad=0
  for f in "$d"/*.jgf; do cmp -s "$f" "$cout" || bad=$((bad + 1)); done
  # With standard output closed the report is lost: exit 2 (issue 24).
  if [ $fd = 1 ]; then [ $status = 2 ]; else [ $status -lt 2 ]; fi && [ $bad = 0 ]
  check_hooked $? "descriptor $fd closed, --jobs 2: all 60 records fixed exactly, none has report text (exit $status, $bad bad)"
done
"$JGFLINT" --format json - <&- > "$tmp/closed0.json" 2> /dev/null
[ $? = 2 ] && grep -q '"message": "cannot read standard input: Bad file descriptor"' "$tmp/closed0.json"
check_hooked $? "descriptor 0 closed: standard input cannot be read (exit 2), not read as empty"

# 2. Lost updates: the file changes between reading and renaming.
# race NAME ACTION: runs --fix on $tmp/race/NAME.jgf, paused before the
# rename, and does ACTION (a shell command run in $tmp/race) meanwhile.
race() {
  unhooked 1 && return
  m=$tmp/race/marker
  rm -f "$m"
  JGFLINT_TEST_PAUSE_BEFORE_RENAME=$m "$HOOKED" --fix "$tmp/race/$1.jgf" > /dev/null 2> "$tmp/race/err" &
  pid=$!
  if wait_marker "$m"; then (cd "$tmp/race" && eval "$2"); fi
  rm -f "$m"
  wait $pid
  status=$?
}
mkdir "$tmp/race"
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "meta": {"mine": 1}}\n' > "$tmp/user"

copy "$in" "$tmp/race/mv.jgf"
race mv 'cp ../user new && mv new mv.jgf'
[ $status = 2 ] && cmp -s "$tmp/race/mv.jgf" "$tmp/user" && grep -q 'mv.jgf: changed while being fixed; not written' "$tmp/race/err"
check_hooked $? "a file replaced (mv) during --fix keeps the user's version, exit 2 with a message (exit $status)"

copy "$in" "$tmp/race/append.jgf"
race append 'echo " " >> append.jgf'
{ cat "$in"; echo " "; } > "$tmp/appended"
[ $status = 2 ] && cmp -s "$tmp/race/append.jgf" "$tmp/appended" && grep -q 'changed while being fixed' "$tmp/race/err"
check_hooked $? "lines appended during --fix are kept, exit 2 (exit $status)"

copy "$in" "$tmp/race/deleted.jgf"
race deleted 'rm deleted.jgf'
[ $status = 2 ] && [ ! -e "$tmp/race/deleted.jgf" ] && grep -q 'changed while being fixed' "$tmp/race/err"
check_hooked $? "a file deleted during --fix is not re-created, exit 2 (exit $status)"

copy "$in" "$tmp/race/t1.jgf" && copy "$in" "$tmp/race/t2.jgf" && ln -s t1.jgf "$tmp/race/link.jgf"
race link 'ln -sfn t2.jgf link.jgf'
[ $status = 2 ] && cmp -s "$tmp/race/t1.jgf" "$in" && cmp -s "$tmp/race/t2.jgf" "$in" && [ "$(readlink "$tmp/race/link.jgf")" = t2.jgf ]
check_hooked $? "a symlink re-pointed during --fix: neither target is written, exit 2 (exit $status)"

# Same inode, same size, same mtime, other bytes: only the contents tell.
copy "$in" "$tmp/race/same.jgf"
sed 's/JGF/jgf/' "$in" > "$tmp/same-size"
race same 'touch -r same.jgf ../stamp && cat ../same-size > same.jgf && touch -r ../stamp same.jgf'
[ $status = 2 ] && cmp -s "$tmp/race/same.jgf" "$tmp/same-size" && [ "$(temps "$tmp/race")" = 0 ]
check_hooked $? "a same-size rewrite with the old mtime during --fix is kept, exit 2, no temporary file left (exit $status)"

# The same race without the hook, in a bounded loop: the user's edit (a
# record with nothing to fix) must survive every time, whichever comes first.
lost=0 i=0
while [ $i -lt 30 ]; do
  copy "$in" "$tmp/race/loop.jgf"
  "$JGFLINT" --fix "$tmp/race/loop.jgf" > /dev/null 2>&1 &
  pid=$!
  cp "$tmp/user" "$tmp/race/loop.new" && mv "$tmp/race/loop.new" "$tmp/race/loop.jgf"
  wait $pid
  cmp -s "$tmp/race/loop.jgf" "$tmp/user" || lost=$((lost + 1))
  i=$((i + 1))
done
[ $lost = 0 ]
check_hooked $? "a user's mv raced against --fix 30 times: never lost ($lost lost)"

# 3. Write errors on standard output.
if [ -w /dev/full ]; then
  "$JGFLINT" --fix - < "$in" > /dev/full 2> "$tmp/err"
  status=$?
  [ $status = 2 ] && grep -q 'cannot write standard output' "$tmp/err" &&
    ! grep -q 'fixed 1 problem' "$tmp/err" && grep -q 'fixed 0 problems in 0 files' "$tmp/err"
  check_hooked $? "--fix - > /dev/full: exit 2, said, nothing reported as fixed (exit $status)"
  [ $status = 2 ] || show "$tmp/err"
  "$JGFLINT" --format json "$in" > /dev/full 2> "$tmp/err"
  status=$?
  [ $status = 2 ] && grep -q 'cannot write standard output' "$tmp/err"
  check_hooked $? "--format json > /dev/full: exit 2 with a message (exit $status)"
  "$JGFLINT" --diff "$in" > /dev/full 2> "$tmp/err"
  status=$?
  [ $status = 2 ] && grep -q 'cannot write standard output' "$tmp/err"
  check_hooked $? "--diff > /dev/full: exit 2 with a message (exit $status)"
  "$JGFLINT" --list-rules > /dev/full 2> "$tmp/err"
  [ $? = 2 ] && grep -q 'cannot write standard output' "$tmp/err"
  check_hooked $? "--list-rules > /dev/full: exit 2 with a message"
else
  for i in 1 2 3 4; do skip "no writable /dev/full"; done
fi

# 4. The same file under several names is checked and fixed once.
mkdir -p "$tmp/twice/sub"
copy "$in" "$tmp/twice/a.jgf" && copy "$in" "$tmp/twice/sub/b.jgf" && ln -s a.jgf "$tmp/twice/l.jgf"
(cd "$tmp/twice" && "$JGFLINT" --verbose --fix a.jgf a.jgf ./a.jgf l.jgf > /dev/null 2> err)
grep -c ': fixed 1 problem' "$tmp/twice/err" | grep -qx 1 && grep -q '^1 file checked' "$tmp/twice/err" &&
  cmp -s "$tmp/twice/a.jgf" "$out"
check_hooked $? "a.jgf a.jgf ./a.jgf and a symlink to it: checked and fixed once"
"$JGFLINT" "$tmp/twice" "$tmp/twice/sub" "$tmp/twice/sub/b.jgf" > /dev/null 2> "$tmp/err"
grep -q '^2 files checked' "$tmp/err"
check_hooked $? "overlapping directories: each file checked once ($(tail -1 "$tmp/err"))"

# 5. An output that is also an input is refused before anything is written.
mkdir "$tmp/outin"
copy "$in" "$tmp/outin/a.jgf" && copy "$in" "$tmp/outin/b.jgf" && ln -s b.jgf "$tmp/outin/l"
"$JGFLINT" --format json="$tmp/outin/b.jgf" "$tmp/outin" > /dev/null 2> "$tmp/err"
status=$?
[ $status = 2 ] && cmp -s "$tmp/outin/b.jgf" "$in" && grep -q 'also an input' "$tmp/err"
check_hooked $? "--format json=dir/b.jgf dir: usage error, b.jgf untouched (exit $status)"
"$JGFLINT" --fix --format sarif="$tmp/outin/l" --format concise="$tmp/outin/new.txt" "$tmp/outin/b.jgf" > /dev/null 2>&1
status=$?
[ $status = 2 ] && cmp -s "$tmp/outin/b.jgf" "$in" && [ ! -e "$tmp/outin/new.txt" ]
check_hooked $? "an output through a symlink to an input: refused before any output or fix (exit $status)"
"$JGFLINT" --write-baseline "$tmp/outin/a.jgf" "$tmp/outin/a.jgf" > /dev/null 2>&1
status=$?
[ $status = 2 ] && cmp -s "$tmp/outin/a.jgf" "$in"
check_hooked $? "--write-baseline onto an input: refused (exit $status)"
"$JGFLINT" --format json="$tmp/outin/a.jgf" - < "$tmp/outin/a.jgf" > /dev/null 2>&1
status=$?
[ $status = 2 ] && cmp -s "$tmp/outin/a.jgf" "$in"
check_hooked $? "an output onto the file standard input reads: refused (exit $status)"

# 6. Hard links.
mkdir "$tmp/hard"
copy "$in" "$tmp/hard/a.jgf" && ln "$tmp/hard/a.jgf" "$tmp/hard/b.jgf"
"$JGFLINT" --fix "$tmp/hard/a.jgf" > /dev/null 2> "$tmp/err"
status=$?
[ $status = 2 ] && cmp -s "$tmp/hard/a.jgf" "$in" && [ "$(stat -c %h "$tmp/hard/a.jgf")" = 2 ] && grep -q 'hard link' "$tmp/err"
check_hooked $? "a file with two hard links is not fixed without --fix-hard-links, exit 2 (exit $status)"
ino=$(stat -c %i "$tmp/hard/a.jgf")
"$JGFLINT" --fix --fix-hard-links "$tmp/hard/a.jgf" > /dev/null 2>&1
status=$?
[ $status = 0 ] && cmp -s "$tmp/hard/a.jgf" "$out" && cmp -s "$tmp/hard/b.jgf" "$out" &&
  [ "$(stat -c %i:%h "$tmp/hard/a.jgf")" = "$ino:2" ] && [ "$(temps "$tmp/hard")" = 0 ]
check_hooked $? "--fix-hard-links writes into the same inode: both names fixed, no backup left (exit $status)"
copy "$in" "$tmp/hard/c.jgf" && ln "$tmp/hard/c.jgf" "$tmp/hard/d.jgf"
m=$tmp/hard/marker
if ! unhooked 1; then
  JGFLINT_TEST_PAUSE_BEFORE_RENAME=$m "$HOOKED" --fix --fix-hard-links "$tmp/hard/c.jgf" > /dev/null 2> "$tmp/err" &
  pid=$!
  wait_marker "$m" && echo ' ' >> "$tmp/hard/d.jgf"
  rm -f "$m"; wait $pid; status=$?
fi
[ $status = 2 ] && grep -q 'changed while being fixed' "$tmp/err" && [ "$(temps "$tmp/hard")" = 0 ]
check_hooked $? "--fix-hard-links: a change through the other name during the fix is kept (exit $status)"

# 7. Mode, owner, extended attributes.
# (Plain mode bits: tests/fix.sh.)
mkdir "$tmp/meta"
if is_root; then
  copy "$in" "$tmp/meta/s.jgf" && chown 1234:5678 "$tmp/meta/s.jgf" && chmod 6754 "$tmp/meta/s.jgf"
  "$JGFLINT" --fix "$tmp/meta/s.jgf" > /dev/null 2>&1
  [ "$(stat -c %a:%u:%g "$tmp/meta/s.jgf")" = 6754:1234:5678 ] && cmp -s "$tmp/meta/s.jgf" "$out"
  check_hooked $? "setuid, setgid, owner and group are kept (got $(stat -c %a:%u:%g "$tmp/meta/s.jgf"))"
else
  skip "owner, group and setuid: not root"
fi
py=$(command -v python3 || true)
copy "$in" "$tmp/meta/x.jgf"
if [ -n "$py" ] && $py -c 'import os,sys; os.setxattr(sys.argv[1], "user.jgf", b"kept")' "$tmp/meta/x.jgf" 2> /dev/null; then
  "$JGFLINT" --fix "$tmp/meta/x.jgf" > /dev/null 2>&1
  [ "$($py -c 'import os,sys; sys.stdout.write(os.getxattr(sys.argv[1], "user.jgf").decode())' "$tmp/meta/x.jgf")" = kept ] &&
    cmp -s "$tmp/meta/x.jgf" "$out"
  check_hooked $? "a user extended attribute is kept"
else
  skip "user extended attributes not supported here"
fi
# An access ACL (user 1234: rw), written as the kernel's xattr, so no acl
# package is needed: version 2, then (tag, perm, id) entries.
acl='import os,struct,sys
e=[(1,6,0xffffffff),(2,6,1234),(4,4,0xffffffff),(0x10,6,0xffffffff),(0x20,4,0xffffffff)]
v=struct.pack("<I",2)+b"".join(struct.pack("<HHI",*x) for x in e)
if sys.argv[2]=="set": os.setxattr(sys.argv[1],"system.posix_acl_access",v)
else: sys.exit(os.getxattr(sys.argv[1],"system.posix_acl_access")!=v)'
copy "$in" "$tmp/meta/acl.jgf"
if [ -n "$py" ] && $py -c "$acl" "$tmp/meta/acl.jgf" set 2> /dev/null; then
  mode=$(stat -c %a "$tmp/meta/acl.jgf")
  "$JGFLINT" --fix "$tmp/meta/acl.jgf" > /dev/null 2>&1
  $py -c "$acl" "$tmp/meta/acl.jgf" get && [ "$(stat -c %a "$tmp/meta/acl.jgf")" = "$mode" ] &&
    cmp -s "$tmp/meta/acl.jgf" "$out"
  check_hooked $? "an access ACL is kept"
else
  skip "POSIX ACLs not supported here"
fi

# 8. Signals: an interrupted fix removes its temporary file.
mkdir "$tmp/sig"
# ThreadSanitizer defers a signal to its next safe point, which may be after
# the write: the signal cases are checked in the other builds.
tsan=
sanitized tsan && tsan=1
for sig in 15:TERM 2:INT 1:HUP; do
  num=${sig%:*} sig=${sig#*:}
  copy "$in" "$tmp/sig/s.jgf"   # as an interrupted fix leaves it
  if [ -n "$tsan" ]; then
    skip "SIG$sig during --fix: not checked under ThreadSanitizer (it defers signals)"
    continue
  fi
  if [ $hooks = no ]; then skip "SIG$sig during --fix: needs the test program (tests/jgflint-hooks)"; continue; fi
  m=$tmp/sig-marker
  rm -f "$m"
  # Background jobs of a shell ignore SIGINT, and a run under nohup SIGHUP:
  # env gives each its default back.
  JGFLINT_TEST_PAUSE_BEFORE_RENAME=$m env --default-signal=INT,HUP,TERM "$HOOKED" --fix "$tmp/sig/s.jgf" > /dev/null 2>&1 &
  pid=$!
  left=
  wait_marker "$m" && left=$(temps "$tmp/sig") && kill -"$sig" $pid
  wait $pid; status=$?
  rm -f "$m"
  want=$((128 + num))
  [ "$left" = 1 ] && [ $status = $want ] && [ "$(temps "$tmp/sig")" = 0 ] && cmp -s "$tmp/sig/s.jgf" "$in"
  check_hooked $? "SIG$sig during --fix: the temporary file is removed, the original intact, exit $want (exit $status)"
done
copy "$in" "$tmp/sig/k.jgf"
rm -f "$m"
if ! unhooked 2; then
  JGFLINT_TEST_PAUSE_BEFORE_RENAME=$m "$HOOKED" --fix "$tmp/sig/k.jgf" > /dev/null 2>&1 &
  pid=$!
  wait_marker "$m" && kill -KILL $pid
  wait $pid 2> /dev/null
  rm -f "$m"
fi
[ "$(temps "$tmp/sig")" = 1 ] && cmp -s "$tmp/sig/k.jgf" "$in"
check_hooked $? "SIGKILL during --fix leaves one .jgflint-* file and the original intact"
"$JGFLINT" --format concise "$tmp/sig" > "$tmp/report" 2> "$tmp/err"
status=$?
# shellcheck disable=SC2016
grep -q 'sig/\.jgflint-[^:]*: a temporary file left by an interrupted `jgflint --fix`' "$tmp/err" &&
  ! grep -q '\.jgflint-' "$tmp/report" && grep -q '^2 files checked' "$tmp/err" && [ $status = 0 ]
check_hooked $? "the next run over the directory reports the leftover, and does not lint it (exit $status)"

# A later run that writes in that directory removes what killed runs left
# (their PID no longer exists), and only that: a live process's file stays
# (a PID alive keeps its files, whatever the process now is: a reused PID
# delays the removal, never removes a live run's file), so does one whose
# lock a live process holds (a run in another PID namespace), a backup of
# --fix-hard-links, and a link of that name. pid_max is no PID.
dead=$(cat /proc/sys/kernel/pid_max 2> /dev/null || echo 4194304)
mkdir "$tmp/stale" "$tmp/stale/reports"
copy "$in" "$tmp/stale/a.jgf"
for f in ".jgflint-$dead-7" ".jgflint-$$-7" ".jgflint-backup-$dead-7" ".jgflint-$dead-8"; do
  echo partial > "$tmp/stale/$f"
done
ln -s a.jgf "$tmp/stale/.jgflint-$dead-9"
held=
if command -v flock > /dev/null; then
  echo partial > "$tmp/stale/.jgflint-$dead-10"
  flock "$tmp/stale/.jgflint-$dead-10" sleep 30 &
  held=$!
  sleep 0.3
fi
"$JGFLINT" "$tmp/stale/a.jgf" > /dev/null 2>&1
[ -e "$tmp/stale/.jgflint-$dead-7" ]
check_hooked $? "a run that writes nothing leaves the leftovers alone"
"$JGFLINT" --fix "$tmp/stale/a.jgf" > /dev/null 2>&1
status=$?
left=$(cd "$tmp/stale" && ls -A | LC_ALL=C sort | tr '\n' ' ')
want=".jgflint-$$-7 .jgflint-$dead-9 .jgflint-backup-$dead-7 a.jgf reports"
[ -n "$held" ] && want="$want .jgflint-$dead-10"
want=$(printf '%s\n' $want | LC_ALL=C sort | tr '\n' ' ')
[ $status = 0 ] && [ "$left" = "$want" ] && cmp -s "$tmp/stale/a.jgf" "$out"
check_hooked $? "--fix removes the temporary files of processes gone, no other (left: $left)"
[ -n "$held" ] && kill $held 2> /dev/null && wait $held 2> /dev/null
echo partial > "$tmp/stale/reports/.jgflint-$dead-1"
"$JGFLINT" --format json="$tmp/stale/reports/r.json" "$tmp/stale/a.jgf" > /dev/null 2>&1
[ "$(cd "$tmp/stale/reports" && ls -A)" = r.json ]
check_hooked $? "... and so does a report written in a directory"
rm -f "$tmp"/stale/.jgflint-*

# 9. --diff headers patch(1) reads, whatever the name.
mkdir "$tmp/diff"
copy "$in" "$tmp/diff/my game.jgf"
(cd "$tmp/diff" && "$JGFLINT" --diff "my game.jgf" > d 2> /dev/null)
grep -q "^--- my game.jgf	" "$tmp/diff/d" && (cd "$tmp/diff" && patch -s -p0 < d > /dev/null 2>&1) &&
  cmp -s "$tmp/diff/my game.jgf" "$out"
check_hooked $? "--diff names end with a tab: patch -p0 fixes 'my game.jgf'"

# 10. Messages: FIFO, read-only file system.
if mkfifo "$tmp/p.jgf" 2> /dev/null; then
  # Not even opened (tests/fix.sh: with no writer it would wait for ever).
  limit=; command -v timeout > /dev/null && limit="timeout 10"
  $limit "$JGFLINT" --fix "$tmp/p.jgf" > "$tmp/err" 2>&1
  status=$?
  [ $status = 2 ] && grep -q 'p.jgf: error: cannot fix the file: it is a FIFO (named pipe)' "$tmp/err" && [ -p "$tmp/p.jgf" ]
  check_hooked $? "--fix on a FIFO says it is a FIFO (exit $status)"
else
  skip "mkfifo not available"
fi
mkdir "$tmp/ro"
if is_root && mount -t tmpfs -o size=64k tmpfs "$tmp/ro" 2> /dev/null; then
  mounted="$mounted $tmp/ro"
  copy "$in" "$tmp/ro/a.jgf"
  mount -o remount,ro "$tmp/ro"
  "$JGFLINT" --fix "$tmp/ro/a.jgf" > /dev/null 2> "$tmp/err"
  status=$?
  [ $status = 2 ] && grep -q 'Read-only file system' "$tmp/err" && ! grep -q 'Permission denied' "$tmp/err"
  check_hooked $? "a read-only file system is named as such (exit $status)"
  umount "$tmp/ro"
else
  skip "read-only file system: cannot mount a tmpfs here (not root)"
fi
# (A full disk: tests/fix.sh, which checks the message too.)

echo "1..$n"
[ $failed -eq 0 ]
