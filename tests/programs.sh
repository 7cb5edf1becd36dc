#!/bin/sh
# Every program the test scripts run is installed by the quick start's
# ./setup.sh --check on a fresh Debian 12 (the base system and the packages
# measured in tests/quickstart/), or the script skips without it: issue 37,
# where tests/action.sh ran curl (through action.yml's steps), nothing
# installed it, and ./setup.sh --check failed. tests/programs.py does the
# scan; here it runs on every tests/*.sh, and on two scratch scripts, to show
# it finds a program that is not installed and accepts one that is skipped.
# TAP output. Environment: TOP_SRCDIR.
set -u
: "${TOP_SRCDIR:?}"
py=/usr/bin/python3
[ -x $py ] || py=python3
if ! command -v dpkg-query > /dev/null; then echo "1..0 # SKIP not a Debian system (no dpkg-query)"; exit 0; fi
if ! $py -c 'import yaml' 2> /dev/null; then echo "1..0 # SKIP needs python3-yaml"; exit 0; fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
TAP_LOGS="$tmp/out"

$py "$TOP_SRCDIR/tests/programs.py" "$TOP_SRCDIR" > "$tmp/out" 2>&1
status=$?
[ $status -eq 0 ] && [ ! -s "$tmp/out" ] &&
  ok "every program the tests run is installed by ./setup.sh --check, or its test skips without it" ||
  not_ok "every program the tests run is installed by ./setup.sh --check, or its test skips without it (exit $status)"

# A program that is in no package setup.sh installs (these are installed by
# .ci/run only), run unguarded, then guarded.
prog=
for p in shellcheck valgrind debootstrap; do command -v $p > /dev/null && { prog=$p; break; }; done
if [ -n "$prog" ]; then
  printf '#!/bin/sh\nx=$(%s --version)\necho "$x"\n' "$prog" > "$tmp/unguarded.sh"
  printf '#!/bin/sh\ncommand -v %s > /dev/null || { echo "1..0 # SKIP"; exit 0; }\n%s --version\n' "$prog" "$prog" > "$tmp/guarded.sh"
  $py "$TOP_SRCDIR/tests/programs.py" "$TOP_SRCDIR" "$tmp/unguarded.sh" > "$tmp/out" 2>&1
  [ $? -eq 1 ] && grep -q "^unguarded.sh: $prog ($prog)$" "$tmp/out" &&
    ok "the scan finds a program setup.sh does not install ($prog)" ||
    not_ok "the scan finds a program setup.sh does not install ($prog)"
  $py "$TOP_SRCDIR/tests/programs.py" "$TOP_SRCDIR" "$tmp/guarded.sh" > "$tmp/out" 2>&1
  [ $? -eq 0 ] && ok "... and accepts it where the script skips without it" ||
    not_ok "... and accepts it where the script skips without it"
else
  n=$((n + 1)); echo "ok $n # SKIP none of shellcheck, valgrind, debootstrap here to test the scan with"
fi
# Quotes and parentheses inside a $( ) inside double quotes (an SQL query
# with count(*) and a quoted word): the words after them are not commands
# (tests/duplicates_index.sh's `open` was read as xdg-utils' program).
cat > "$tmp/nested.sh" <<'SH'
#!/bin/sh
[ "$(sql x.db "SELECT count(*) FROM t WHERE a = 'b'")" = 1 ] && ok "x" || not_ok "y"
check "z" "{k: v for k, v in json.load(open('v2.out')).items()}"
SH
$py "$TOP_SRCDIR/tests/programs.py" "$TOP_SRCDIR" "$tmp/nested.sh" > "$tmp/out" 2>&1; st=$?
check "quotes and parentheses inside \$( ) inside double quotes: no command read from them" '[ $st -eq 0 ] && ! [ -s "$tmp/out" ]'
echo "1..$n"
[ "$failed" -eq 0 ]
