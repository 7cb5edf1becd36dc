#!/bin/sh
# Writes that reach only where they should (issue 24): a walk fixes what
# lies in the tree it walks (a symbolic link is followed only when named or
# with --follow-symlinks), report files are written whole or not at all (a
# full disk and signals leave the previous report), and a report file
# that is standard output counts as standard output. TAP. Cases that need
# root (a small tmpfs) are skipped cleanly without.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"

in=$TOP_SRCDIR/testdata/fix/bom.in.jgf     # one safe fix: the byte order mark
fixed=$TOP_SRCDIR/testdata/fix/bom.out.jgf
sum() { cksum < "$1"; }
temps() { find "$1" -name '.jgflint-*' | wc -l | tr -d ' '; }
mounted=
trap 'for m in $mounted; do umount "$m" 2> /dev/null; done; rm -rf "$tmp"' EXIT
wait_marker() {   # (at most 10 s)
  i=0
  while [ ! -e "$1" ] && [ $i -lt 1000 ]; do sleep 0.01; i=$((i + 1)); done
  [ -e "$1" ]
}
tsan=
sanitized tsan && tsan=1
# JGFLINT_TEST_PAUSE_BEFORE_RENAME is the test program's only ($HOOKED,
# CONTRIBUTING.md): without it, the checks that pause skip.
hooks=no
[ -n "$HOOKED" ] && hooks=yes

# 1. A walk fixes what lies in the tree it walks.
mkdir -p outside arch/sub
copy "$in" outside/precious.jgf
copy "$in" outside/deep.jgf
copy "$in" arch/sub/own.jgf
ln -s ../../outside/precious.jgf arch/sub/game.jgf
ln -s ../outside arch/linked
before=$(sum outside/precious.jgf) deep=$(sum outside/deep.jgf)
run "--fix over a tree with a symlinked record and a symlinked directory" 0 --fix arch
if [ "$(sum outside/precious.jgf)" = "$before" ] && [ "$(sum outside/deep.jgf)" = "$deep" ] &&
   [ -L arch/sub/game.jgf ] && cmp -s arch/sub/own.jgf "$fixed"; then
  ok "... the targets outside the tree are byte for byte as they were; the record in it is fixed"
else
  not_ok "... the targets outside the tree are byte for byte as they were; the record in it is fixed"
fi
has "... one file checked, one fixed" err '^1 file checked: 0 errors, 0 warnings, 0 infos; fixed 1 problem in 1 file$'
run "checking the tree does not follow them either" 0 --format concise arch
has "... one file checked" err '^1 file checked'
run "a symbolic link named on the command line is followed" 0 --fix arch/sub/game.jgf
if cmp -s outside/precious.jgf "$fixed" && [ -L arch/sub/game.jgf ]; then
  ok "... its target is fixed, the link stays"; else not_ok "... its target is fixed, the link stays"; fi
copy "$in" outside/precious.jgf
run "--follow-symlinks: the walk follows both" 0 --fix --follow-symlinks arch
if cmp -s outside/precious.jgf "$fixed" && cmp -s outside/deep.jgf "$fixed"; then
  ok "... and fixes what they lead to"; else not_ok "... and fixes what they lead to"; fi
mkdir links && ln -s ../outside/deep.jgf links/l.jgf
run "a directory of links only: nothing checked" 2 links
has "... says a link was not followed" err 'links has no file ending in .jgf; 1 symbolic link named like one was not followed (--follow-symlinks follows them; --allow-no-files accepts this)$'
run "--follow-symlinks with --convert is refused" 2 --convert --follow-symlinks arch
# A quoted `**` pattern walks too: not through links (two links to `..`
# made it run for ever, and one to outside/ fixed what lies there).
mkdir -p loop/a && copy "$in" loop/a/x.jgf && ln -s .. loop/a/l1 && ln -s .. loop/a/l2
ln -s ../outside loop/out && copy "$in" outside/precious.jgf
before=$(sum outside/precious.jgf)
timeout 20 "$JGFLINT" --fix 'loop/**/*.jgf' > out 2> err
status=$?
if [ $status = 0 ] && cmp -s loop/a/x.jgf "$fixed" && [ "$(sum outside/precious.jgf)" = "$before" ] &&
   grep -q '^1 file checked: 0 errors, 0 warnings, 0 infos; fixed 1 problem in 1 file$' err; then
  ok "--fix 'loop/**/*.jgf' over links to .. and out of the tree: ends, fixes the one record in it"
else
  not_ok "--fix 'loop/**/*.jgf' over links to .. and out of the tree: ends, fixes the one record in it (exit $status)"
fi
# A directory replaced by a link out of the tree after the walk: the
# record read through it is not written. The run pauses on the first
# record's write (a.jgf), while sub/ is swapped for a link to outside/.
mkdir -p swap/sub victim
copy "$in" swap/a.jgf && copy "$in" swap/sub/b.jgf && copy "$in" victim/b.jgf
m=$tmp/marker
if [ $hooks = yes ]; then
  JGFLINT_TEST_PAUSE_BEFORE_RENAME=$m "$HOOKED" --fix --jobs 1 swap > out 2> err &
  pid=$!
  if wait_marker "$m"; then mv swap/sub swap/was && ln -s ../victim swap/sub; fi
  rm -f "$m"
  wait $pid
  status=$?
fi
if [ $hooks = no ]; then
  skip "a directory swapped for a link out of the tree during --fix: needs the test program (tests/jgflint-hooks)"
elif [ $status = 2 ] && cmp -s victim/b.jgf "$in" && cmp -s swap/a.jgf "$fixed" &&
   grep -q 'swap/sub/b.jgf: cannot write the fixed file: a symbolic link on its way now leads out of the directory walked' err; then
  ok "a directory swapped for a link out of the tree during --fix: its record is not written, exit 2"
else
  not_ok "a directory swapped for a link out of the tree during --fix: its record is not written, exit 2 (exit $status)"
fi

# 2. Report files are written whole, then renamed into place.
echo 'the previous report' > prev
copy prev r.json
run "--format json=r.json writes the report" 1 --format json=r.json --format concise "$TOP_SRCDIR/testdata/examples/findings.jgf"
if grep -q '"diagnostics"' r.json && [ "$(temps .)" = 0 ]; then ok "... whole, with no temporary file left"; else
  not_ok "... whole, with no temporary file left"; fi
chmod 640 r.json
ln -s r.json via.json
run "through a symbolic link" 1 --format sarif=via.json "$TOP_SRCDIR/testdata/examples/findings.jgf"
if [ -L via.json ] && grep -q '"version": "2.1.0"' r.json && [ "$(stat -c %a r.json)" = 640 ]; then
  ok "... the target is replaced, the link and the mode stay"; else not_ok "... the target is replaced, the link and the mode stay"; fi
# A report whose path is a link is written through it (issue 31): a hard
# link's other names get it too (in place: a rename would split them), a
# dangling symbolic link leads to a new file (chains and relative ones
# too), the links kept.
rec=$TOP_SRCDIR/testdata/examples/findings.jgf
copy prev h1.json && ln h1.json h2.json
run "a report through a hard link" 1 --format json=h2.json "$rec"
if grep -q '"diagnostics"' h1.json && cmp -s h1.json h2.json && [ "$(stat -c %h h1.json)" = 2 ] &&
   [ "$(temps .)" = 0 ]; then ok "... both names have it, one inode"; else not_ok "... both names have it, one inode"; fi
if [ -z "$tsan" ] && [ $hooks = yes ]; then
  copy prev h1.json
  rm -f "$m"
  JGFLINT_TEST_PAUSE_BEFORE_RENAME=$m "$HOOKED" --format json=h2.json "$rec" > /dev/null 2>&1 &
  pid=$!
  wait_marker "$m" && kill -TERM $pid
  wait $pid 2> /dev/null
  status=$?
  rm -f "$m"
  if [ $status = 143 ] && cmp -s h1.json prev && cmp -s h2.json prev; then
    ok "... SIGTERM before it is complete: both names keep the previous report (exit $status)"
  else
    not_ok "... SIGTERM before it is complete: both names keep the previous report (exit $status)"
  fi
else
  skip "SIGTERM: not checked under ThreadSanitizer (it defers signals), nor without the test program"
fi
mkdir dl && ln -s missing.json dl/a.json && ln -s a.json dl/chain.json && ln -s ../dl/sub/new.json dl/up.json && mkdir dl/sub
run "a report through a dangling symbolic link" 1 --format json=dl/a.json "$rec"
if [ -L dl/a.json ] && [ -f dl/missing.json ] && grep -q '"diagnostics"' dl/missing.json; then
  ok "... creates the file it names, the link stays"; else not_ok "... creates the file it names, the link stays"; fi
rm dl/missing.json
run "... a chain of them" 1 --format json=dl/chain.json "$rec"
if [ -L dl/chain.json ] && [ -L dl/a.json ] && grep -q '"diagnostics"' dl/missing.json; then
  ok "... creates the file at its end"; else not_ok "... creates the file at its end"; fi
run "... one relative, up and down again" 1 --format json=dl/up.json "$rec"
if [ -L dl/up.json ] && grep -q '"diagnostics"' dl/sub/new.json && [ "$(temps dl)" = 0 ]; then
  ok "... creates it where it points"; else not_ok "... creates it where it points"; fi
ln -s nowhere/x.json dl/bad.json
run "... into a directory that does not exist: as > says" 2 --format json=dl/bad.json "$rec"
has "... why" err 'cannot write dl/bad.json: No such file or directory'
# A writable report in a directory that takes no temporary file is
# written in place, as `>` would; its mode and owner stay. (As root,
# whom mode bits do not stop, run as nobody.)
as=
[ "$(id -u)" = 0 ] && command -v setpriv > /dev/null && as="setpriv --reuid=65534 --regid=65534 --clear-groups"
if [ "$(id -u)" != 0 ] || [ -n "$as" ]; then
  mkdir -p rodir/d && chmod 755 "$tmp" rodir && copy prev rodir/d/r.json && chmod 666 rodir/d/r.json
  cp "$rec" rodir/rec.jgf && chmod 644 rodir/rec.jgf && chmod 555 rodir/d
  $as "$JGFLINT" --format json=rodir/d/r.json rodir/rec.jgf > out 2> err
  status=$?
  if [ $status = 1 ] && grep -q '"diagnostics"' rodir/d/r.json && [ "$(stat -c %a rodir/d/r.json)" = 666 ] &&
     [ "$(ls -A rodir/d)" = r.json ]; then
    ok "a writable report in a read-only directory is written in place (exit $status)"
  else
    not_ok "a writable report in a read-only directory is written in place (exit $status: $(cat err))"
  fi
  chmod 444 rodir/d/r.json
  $as "$JGFLINT" --format json=rodir/d/r.json rodir/rec.jgf > out 2> err
  status=$?
  if [ $status = 2 ] && grep -q 'cannot write rodir/d/r.json: Permission denied' err; then
    ok "... one without write permission is not (exit $status)"
  else
    not_ok "... one without write permission is not (exit $status: $(cat err))"
  fi
  chmod 755 rodir/d
  chmod 700 "$tmp"
else
  ok "# SKIP a read-only directory: root without setpriv"; ok "# SKIP root without setpriv"
fi
run "a report to /dev/stderr is written as it is" 1 --format json=/dev/stderr "$TOP_SRCDIR/testdata/examples/findings.jgf"
has "... on standard error" err '"diagnostics"'
# Signals while the report is complete but not yet in place.
for sig in 15:TERM 2:INT 1:HUP 9:KILL; do
  num=${sig%:*} sig=${sig#*:}
  if [ -n "$tsan" ] && [ $sig != KILL ]; then
    ok "# SKIP SIG$sig: not checked under ThreadSanitizer (it defers signals)"; continue
  fi
  if [ $hooks = no ]; then skip "SIG$sig: needs the test program (tests/jgflint-hooks)"; continue; fi
  rm -rf s && mkdir s && copy prev s/r.json
  rm -f "$m"
  JGFLINT_TEST_PAUSE_BEFORE_RENAME=$m env --default-signal=INT,HUP,TERM "$HOOKED" --format json=s/r.json \
    "$TOP_SRCDIR/testdata/examples/findings.jgf" > /dev/null 2>&1 &
  pid=$!
  left=
  wait_marker "$m" && left=$(temps s) && kill -"$sig" $pid
  wait $pid 2> /dev/null
  status=$?
  rm -f "$m"
  want=$((128 + num)) after=0
  [ $sig = KILL ] && after=1
  if [ "$left" = 1 ] && [ $status = $want ] && [ "$(temps s)" = $after ] && cmp -s s/r.json prev; then
    ok "SIG$sig while the report is written: the previous report stays, $after temporary file left (exit $status)"
  else
    not_ok "SIG$sig while the report is written: the previous report stays, $after temporary file left (exit $status, $left then $(temps s))"
  fi
done
# --stream's report (-o FILE) too.
if [ -z "$tsan" ] && [ $hooks = yes ]; then
  rm -rf s && mkdir s && copy prev s/r.jsonl
  rm -f "$m"
  printf '{"a": 1}\n' > line.jsonl
  JGFLINT_TEST_PAUSE_BEFORE_RENAME=$m "$HOOKED" --stream -o s/r.jsonl < line.jsonl > /dev/null 2>&1 &
  pid=$!
  left=
  wait_marker "$m" && left=$(temps s) && kill -TERM $pid
  wait $pid 2> /dev/null
  status=$?
  rm -f "$m"
  if [ "$left" = 1 ] && [ $status = 143 ] && [ "$(temps s)" = 0 ] && cmp -s s/r.jsonl prev; then
    ok "SIGTERM while --stream -o writes its report: the previous one stays (exit $status)"
  else
    not_ok "SIGTERM while --stream -o writes its report: the previous one stays (exit $status, $left then $(temps s))"
  fi
  "$JGFLINT" --stream -o s/r.jsonl < line.jsonl > /dev/null 2>&1
  if grep -q '"line":1' s/r.jsonl && [ "$(temps s)" = 0 ]; then ok "... and without the signal it is replaced whole"; else
    not_ok "... and without the signal it is replaced whole"; fi
else
  skip "--stream -o and SIGTERM: not checked under ThreadSanitizer, nor without the test program"
  skip "ThreadSanitizer, or no test program"
fi
# A full disk.
mkdir full
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=64k tmpfs full 2> /dev/null; then
  mounted="$mounted $tmp/full"
  copy prev full/r.json
  head -c 1000000 /dev/zero > full/filler 2> /dev/null
  awk 'BEGIN { printf "{\"record\": {\"format\": \"JGF\", \"version\": 2"
    for (i = 0; i < 3000; i++) printf ", \"u%d\": 0", i; print "}, \"tree\": [{}]}" }' > many.jgf
  run "a report on a full disk" 2 --format json=full/r.json --format concise many.jgf
  if cmp -s full/r.json prev && [ "$(temps full)" = 0 ]; then
    ok "... keeps the previous report, no temporary file left"; else not_ok "... keeps the previous report, no temporary file left"; fi
  has "... says so" err '^jgflint: cannot write full/r.json: No space left on device: the disk is full; it was not changed$'
  run "a new report on a full disk" 2 --format json=full/new.json many.jgf
  if [ ! -e full/new.json ]; then ok "... is not created empty or cut off"; else not_ok "... is not created empty or cut off"; fi
  umount full && mounted=
else
  for i in 1 2 3 4 5; do ok "# SKIP a full disk: cannot mount a tmpfs here (not root)"; done
fi

# 3. A report file that is standard output is standard output.
rec=$TOP_SRCDIR/testdata/examples/findings.jgf
run "--format json=/dev/stdout --format concise" 2 --format json=/dev/stdout --format concise "$rec"
has "... is two outputs to standard output" err '^jgflint: --format /dev/stdout is standard output, where a report already goes; two outputs there would be mixed: write one of them to a file$'
"$JGFLINT" --format json=redirected --format concise "$rec" > redirected 2> err
if [ $? = 2 ] && grep -q 'redirected is standard output' err; then ok "... so is the file standard output is redirected to"; else
  not_ok "... so is the file standard output is redirected to"; fi
run "--diff --format json=/dev/stdout" 2 --diff --format json=/dev/stdout "$in"
has "... mixes with the diff" err 'where the diff already goes'
run "--fix - --format json=/dev/stdout" 2 --fix --format json=/dev/stdout - < "$in"
has "... mixes with the fixed document" err 'where the fixed document already goes'
run "--format json=/dev/stdout alone is the report on standard output" 1 --format json=/dev/stdout "$rec"
has "... a whole report" out '"diagnostics"'
"$JGFLINT" --format json=/dev/null --format concise "$rec" > /dev/null 2> err
if [ $? = 1 ]; then ok "/dev/null for both is no conflict"; else not_ok "/dev/null for both is no conflict"; fi

tap_done
