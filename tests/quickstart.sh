#!/bin/sh
# The README's quick start (issue 31): ./setup.sh as a new user meets it, run
# with stand-ins for apt-get, dpkg, sudo, npm and make (nothing is
# installed, nothing built): an optional tool that cannot be installed
# never keeps the test suite from running; without sudo it says what to
# run as root. The tools the README's commands use are installed with the
# test tools (man-db for `man ./man/jgflint.1`), and make check leaves no
# __pycache__ behind. The README's package counts and sizes are those
# measured on a fresh Debian 12 (build-aux/measure-setup.sh writes
# tests/quickstart/), for setup.sh's package lists as they are now.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"
top=$TOP_SRCDIR
measured=$top/tests/quickstart

# A clone with setup.sh and a configured tree (Makefile), and a PATH of
# stand-ins only: each logs its arguments to calls; dpkg says every package
# is installed unless listed in $missing; no sudo unless given.
sandbox() {
  rm -rf sb && mkdir -p sb/clone sb/bin
  cp "$top/setup.sh" sb/clone/ && : > sb/clone/Makefile
  for t in dirname nproc cat env; do ln -s "$(command -v $t)" sb/bin/$t; done
  cat > sb/bin/dpkg <<EOF
#!/bin/sh
case " \$MISSING " in *" \$2 "*) exit 1 ;; esac
exit 0
EOF
  for t in apt-get make npm id sudo; do
    printf '#!/bin/sh\necho "%s $*" >> %s/sb/calls\n' "$t" "$tmp" > sb/bin/$t
  done
  printf '#!/bin/sh\necho "npm $*" >> %s/sb/calls\nexit 1\n' "$tmp" > sb/bin/npm
  printf '#!/bin/sh\necho "${UID_:-0}"\n' > sb/bin/id
  printf '#!/bin/sh\necho "apt-get $*" >> %s/sb/calls\ncase " $* " in *" install "*" npm"*) exit 100 ;; esac\n' "$tmp" > sb/bin/apt-get
  chmod +x sb/bin/*
  : > sb/calls
}
setup() {
  env -i PATH="$tmp/sb/bin" MISSING="${MISSING:-}" UID_="${UID_:-0}" /bin/sh sb/clone/setup.sh "$@" \
    > "$tmp/out" 2> "$tmp/err"
}

# --- An optional npm install that fails: the suite runs all the same.
sandbox
setup --check
[ $? -eq 0 ] && ok "setup.sh --check, the RDFormat validator's npm install failing: exit 0" ||
  not_ok "setup.sh --check, the RDFormat validator's npm install failing: exit 0"
has "… it tried npm" sb/calls "^npm install .*rdformat-validator"
has "… make check ran all the same" sb/calls "^make -j[0-9]* check$"
has "… and it said the check would skip" err "RDFormat validator could not be installed from npm: tests/reports.sh skips"
sandbox
rm sb/bin/npm
MISSING=npm setup --check
[ $? -eq 0 ] && ok "setup.sh --check, no npm and apt-get failing to install it: exit 0" ||
  not_ok "setup.sh --check, no npm and apt-get failing to install it: exit 0"
has "… apt-get was asked for npm" sb/calls "^apt-get install -y --no-install-recommends  *npm$"
has "… make check ran all the same" sb/calls "^make -j[0-9]* check$"

# --- Not root, and no sudo (a minimal root): what to run as root.
sandbox
rm sb/bin/sudo
MISSING="libjson-c-dev pkg-config" UID_=1000 setup
[ $? -eq 1 ] && ok "setup.sh without sudo, packages missing: exit 1" || not_ok "setup.sh without sudo, packages missing: exit 1"
has "… says what to run as root" err "^  apt-get update && apt-get install -y --no-install-recommends pkg-config libjson-c-dev$"
has "… and then what" err "^then ./setup.sh again$"
hasnt "… runs no apt-get" sb/calls "apt-get"
hasnt "… and builds nothing" sb/calls "^make"
sandbox
rm sb/bin/sudo
UID_=1000 setup
[ $? -eq 0 ] && ok "setup.sh without sudo, nothing missing: builds (exit 0)" || not_ok "setup.sh without sudo, nothing missing: builds (exit 0)"
sandbox
MISSING=patch UID_=1000 setup --check
has "setup.sh with sudo, not root: apt-get through sudo" sb/calls "^sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends  *patch$"

# --- A fresh root (issue 48): a Debian 12 root with git alone has no curl,
# wget, ssh or less (git's Recommends, absent when it came without them):
# a PATH of every program here but those. setup.sh --check installs what
# the tests need of git's Recommends (patch, ca-certificates) and runs
# make check; the test scripts that run a program it does not install
# (tests/action.sh runs curl, through action.yml's steps) skip what needs
# it and fail nothing.
absent="curl wget ssh scp less patch"
rm -rf fresh && mkdir fresh
for d in $(echo "$PATH" | tr : ' '); do
  [ -d "$d" ] || continue
  for f in "$d"/*; do
    b=${f##*/}
    case " $absent " in *" $b "*) continue ;; esac
    [ -x "$f" ] && [ ! -e "fresh/$b" ] && ln -s "$f" "fresh/$b"
  done
done
sandbox
rm sb/bin/dirname sb/bin/nproc sb/bin/cat sb/bin/env
env -i PATH="$tmp/sb/bin:$tmp/fresh" MISSING="patch ca-certificates" /bin/sh sb/clone/setup.sh --check \
  > "$tmp/out" 2> "$tmp/err"
[ $? -eq 0 ] && ok "setup.sh --check in a fresh root's PATH (no $absent): exit 0" ||
  not_ok "setup.sh --check in a fresh root's PATH (no $absent): exit 0"
has "… apt-get was asked for git's Recommends the tests need (patch, ca-certificates)" sb/calls \
  "^apt-get install -y --no-install-recommends  *ca-certificates patch$"
has "… and make check ran" sb/calls "^make -j[0-9]* check$"
absent="curl wget ssh scp less"   # patch is setup.sh's: tests may run it
rm -f fresh/curl fresh/wget fresh/ssh fresh/scp fresh/less
[ -e fresh/patch ] || ln -s "$(command -v patch)" fresh/patch 2> /dev/null
ran=
for t in "$top"/tests/*.sh; do
  case ${t##*/} in quickstart.sh|programs.sh) continue ;; esac
  grep -qE '^[^#]*command -v (curl|wget|ssh|less)\b' "$t" || continue
  ran="$ran ${t##*/}"
  env PATH="$tmp/fresh" JGFLINT="$JGFLINT" TOP_SRCDIR="$top" /bin/sh "$t" > "$tmp/out" 2>&1
  st=$?
  [ $st -eq 0 ] && ! grep -q '^not ok' "$tmp/out" && grep -qi '# SKIP.*no curl' "$tmp/out" &&
    ok "${t##*/} without curl (a fresh root's PATH): it skips what needs curl and fails nothing" ||
    not_ok "${t##*/} without curl (a fresh root's PATH): it skips what needs curl and fails nothing (exit $st)"
done
[ -n "$ran" ] || not_ok "a test script that runs curl: tests/action.sh did"

# --- The tests that read the shared samples (beside a developer's tree,
# not beside a user's clone): .ci/shared-tests chooses them from the
# scripts for .ci/run's run without them, and every test names them as the
# folder beside the tree, never by a path of one machine.
if [ -x "$top/.ci/shared-tests" ]; then
  # (named here without tests/ before them: a script naming one is chosen)
  got=$(cd "$top/tests" && "$top/.ci/shared-tests" $(for t in cli sgfout lsp quickstart; do echo "tests/$t.sh"; done) |
    tr '\n' ' ')
  [ "$got" = "$(printf "tests/%s.sh " sgfout lsp)" ] &&
    ok ".ci/shared-tests: sgfout.sh (names the samples), lsp.sh (runs lsp.py, which does); not cli.sh, not this one" ||
    not_ok ".ci/shared-tests: sgfout.sh (names the samples), lsp.sh (runs lsp.py, which does); not cli.sh, not this one: got $got"
else
  ok ".ci/shared-tests # SKIP no .ci here (a release tarball)"
fi
# (run.txt: what a measured run's tests said, not a test)
(cd "$top" && grep -rnoI --exclude='*.log' --exclude='*.trs' --exclude=run.txt -E '.{0,3}shared[/]samples' tests) |
  grep -v ':[.][.]/shared[/]samples$' > "$tmp/out"
[ ! -s "$tmp/out" ] && ok "the tests name the shared samples only as the folder beside the tree" ||
  { not_ok "the tests name the shared samples only as the folder beside the tree"; sed 's/^/# /' "$tmp/out"; }

# --- The README's commands, with what the two commands install.
eval "$(sed -n 's/^\(build\|tests\)=/\1=/p' "$top/setup.sh")"
# shellcheck disable=SC2154
case " $tests " in
  *" man-db "*) ok "the test tools include man-db, for man ./man/jgflint.1" ;;
  *) not_ok "the test tools include man-db, for man ./man/jgflint.1" ;;
esac
if [ ! -f "$top/.ci/run" ]; then
  ok "… and .ci/run installs it # SKIP no .ci/run here (a release tarball)"
elif grep -q 'install.* man-db' "$top/.ci/run"; then
  ok "… and .ci/run installs it"
else
  not_ok "… and .ci/run installs it"
fi
if command -v man > /dev/null 2>&1; then
  (cd "$top" && MANWIDTH=80 man ./man/jgflint.1 2> "$tmp/err") | grep -q "jgflint --fix" &&
    ok "man ./man/jgflint.1, as the README writes it, shows the page" ||
    not_ok "man ./man/jgflint.1, as the README writes it, shows the page"
else
  ok "man ./man/jgflint.1, as the README writes it, shows the page # SKIP man is not installed"
fi
python3 -c 'import sys; sys.exit(0 if sys.dont_write_bytecode else 1)' &&
  ok "make check's Python writes no __pycache__ (PYTHONDONTWRITEBYTECODE)" ||
  not_ok "make check's Python writes no __pycache__ (PYTHONDONTWRITEBYTECODE)"
if git -C "$top" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
  git -C "$top" check-ignore -q tests/__pycache__/goboard.cpython-311.pyc &&
    ok "… and git ignores tests/__pycache__ should one be made outside it" ||
    not_ok "… and git ignores tests/__pycache__ should one be made outside it"
else
  ok "… and git ignores tests/__pycache__ # SKIP not a git checkout"
fi

# --- The README's figures: measured (tests/quickstart/figures.txt), for
# the package lists setup.sh has now.
fig() { sed -n "s/^$1 .*$2=\"\{0,1\}\([^\" ]*\( [kMG]B\)\{0,1\}\)\"\{0,1\}.*/\1/p" "$measured/figures.txt"; }
mb() { echo "$1" | awk '{ n = $1; if ($2 == "kB") n /= 1000; if ($2 == "GB") n *= 1000; print n }'; }
sum() { awk "BEGIN { printf \"%.0f\", $1 }"; }
readme=$top/README.md
if [ ! -f "$readme" ] || [ ! -f "$measured/figures.txt" ]; then
  ok "the README's figures # SKIP no README.md or no measurements here"
  tap_done; exit
fi
words() { tr '\n' ' ' < "$readme" | tr -s ' '; }
n_build=$(wc -l < "$measured/build.txt")
phrase="$(fig build packages) packages, an $(fig build download) download, $(fig build disk) on disk"
[ "$n_build" -eq "$(fig build packages)" ] && words | grep -qF "$phrase" &&
  ok "README: the first command's figures as measured ($phrase)" ||
  not_ok "README: the first command's figures as measured ($phrase)"
n2=$(($(fig tests packages) + $(fig editors packages) + $(fig npm packages)))
dl2=$(sum "$(mb "$(fig tests download)") + $(mb "$(fig editors download)") + $(mb "$(fig npm download)")")
disk2=$(sum "$(mb "$(fig tests disk)") + $(mb "$(fig editors disk)") + $(mb "$(fig npm disk)")")
phrase="$n2 packages more, $dl2 MB to download, $disk2 MB on disk"
words | grep -qF "$phrase" && ok "README: the second command's figures as measured ($phrase)" ||
  not_ok "README: the second command's figures as measured ($phrase)"
phrase="\`npm\` alone is $(fig npm packages) of them"
words | grep -qF "$phrase" && ok "README: $phrase" || not_ok "README: $phrase"
phrase="$(fig editors packages) packages, $(sum "$(mb "$(fig editors download)")") MB to download and $(sum "$(mb "$(fig editors disk)")") MB on disk for the editors"
words | grep -qF "$phrase" && ok "README: $phrase" || not_ok "README: $phrase"
gb=$(awk "BEGIN { printf \"%.1f\", $(mb "$(fig page disk)") / 1000 }")
phrase="$(fig page packages) packages, $(sum "$(mb "$(fig page download)")") MB to download, $gb GB on disk"
for f in README.md web/README.md; do
  tr '\n' ' ' < "$top/$f" | tr -s ' ' | grep -qF "$phrase" && ok "$f: the page's build tools, $phrase" ||
    not_ok "$f: the page's build tools, $phrase"
done
# Every package setup.sh names is among those measured: a list changed
# without measuring again fails here.
all=$(cat "$measured/build.txt" "$measured/tests.txt" "$measured/editors.txt" "$measured/npm.txt")
absent=
for p in $build $tests npm; do
  echo "$all" | grep -qx "$p" || absent="$absent $p"
done
[ -z "$absent" ] && ok "every package setup.sh names was measured" ||
  not_ok "every package setup.sh names was measured; not:$absent (build-aux/measure-setup.sh)"
# Where apt knows Debian 12's packages, the measured ones exist there.
if command -v apt-cache > /dev/null 2>&1 && grep -q '^12\.' /etc/debian_version 2> /dev/null &&
   apt-cache show build-essential > /dev/null 2>&1; then
  # shellcheck disable=SC2086
  apt-cache show --no-all-versions $all > /dev/null 2>&1 &&
    ok "… and each of them is a package of this Debian 12" ||
    not_ok "… and each of them is a package of this Debian 12"
else
  ok "… and each of them is a package of this Debian 12 # SKIP no Debian 12 package lists here"
fi
# --- The README's timing and test figures (issue 75: they said 10,452
# passed and 47 skipped where a run gave 12,507 and 62): the paragraph is
# the one build-aux/measure-readme.sh writes from what it measured
# (tests/quickstart/run.txt), and a changed figure is caught.
measure=$top/build-aux/measure-readme.sh
if [ -f "$measured/run.txt" ]; then
  sh "$measure" check 2> "$tmp/err" && ok "README: the quick start's times and tests as measured (run.txt)" ||
    { not_ok "README: the quick start's times and tests as measured (run.txt)"; sed 's/^/# /' "$tmp/err"; }
  sed 's/^\(tests passed=\)\([0-9]*\)/\1\21/' "$measured/run.txt" > run.txt
  RUN_TXT=$PWD/run.txt sh "$measure" check 2> /dev/null &&
    not_ok "… a README that does not say run.txt's count of tests is caught" ||
    ok "… a README that does not say run.txt's count of tests is caught"
  # A whole make check's log (JGFLINT_RUN_LOG; .ci/run checks its quick
  # start's so) gives figures within what varies of those measured: its
  # skips depend on its tools (fewer where more are installed, at most
  # SKIP_SLACK more), its passes on the tests added since (PASS_BELOW%,
  # PASS_ABOVE%: build-aux/measure-readme.sh says why these bounds).
  printf '# TOTAL: 1\n# PASS:  %s\n# SKIP:  %s\n# FAIL:  0\n# ERROR: 0\n' \
    "$(sed -n 's/^tests passed=\([0-9]*\).*/\1/p' "$measured/run.txt")" \
    "$(sed -n 's/^tests .*skipped=\([0-9]*\).*/\1/p' "$measured/run.txt")" > same.log
  sh "$measure" check-run "$PWD/same.log" > /dev/null 2>&1 && ok "… a run that gives run.txt's figures is within them" ||
    not_ok "… a run that gives run.txt's figures is within them"
  sed 's/^# PASS: *\([0-9]*\)/# PASS:  \10/' same.log > more.log
  sh "$measure" check-run "$PWD/more.log" > /dev/null 2>&1 && not_ok "… ten times as many passes is not" ||
    ok "… ten times as many passes is not"
  sed 's/^# SKIP: *\([0-9]*\)/# SKIP:  1\1/' same.log > more.log
  sh "$measure" check-run "$PWD/more.log" > /dev/null 2>&1 && not_ok "… nor a hundred skips more" ||
    ok "… nor a hundred skips more"
  if [ -n "${JGFLINT_RUN_LOG:-}" ]; then
    sh "$measure" check-run "$JGFLINT_RUN_LOG" > "$tmp/out" 2>&1 && ok "$JGFLINT_RUN_LOG: $(cat "$tmp/out")" ||
      { not_ok "$JGFLINT_RUN_LOG: within the README's figures"; sed 's/^/# /' "$tmp/out"; }
  else
    ok "a whole run's figures within the README's # SKIP no JGFLINT_RUN_LOG (a make check's test-suite.log) given"
  fi
else
  ok "README: the quick start's times and tests as measured # SKIP no tests/quickstart/run.txt"
fi
tap_done
