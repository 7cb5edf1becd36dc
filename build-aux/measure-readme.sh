#!/bin/sh
# The README's quick-start figures: how long its two commands take on a
# fresh Debian 12 and what their `make check` says, measured, written into
# the README, and checked against it and against a run.
#   build-aux/measure-readme.sh run     as root (build-aux/root.sh): a
#       copy of a fresh Debian 12 root, a `git clone` of this tree's HEAD in
#       it with nothing beside it, and the README's commands there,
#       `./setup.sh` then `./setup.sh --check`, each timed; writes
#       tests/quickstart/run.txt (the minutes, the tests passed, skipped and
#       failed, each script's skips and their reasons), then the README's
#       paragraph from it. About 20 minutes on 2 cores.
#   build-aux/measure-readme.sh readme  writes the README's paragraph from
#       run.txt (the lines between its `quick-start figures` markers).
#   build-aux/measure-readme.sh check   exit 1 when the README's paragraph
#       is not run.txt's (tests/quickstart.sh).
#   build-aux/measure-readme.sh check-run LOG   exit 1 when LOG, a whole
#       `make check`'s test-suite.log, is not within what varies of
#       run.txt's run (.ci/run, after the quick start's make check): the
#       skips depend on the tools there, so its skips may be fewer, never
#       more than run.txt's + SKIP_SLACK (a tool setup.sh installs that no
#       longer reaches its test); and its passes are those of run.txt
#       within -PASS_BELOW% (tests removed, or skipped whole) and
#       +PASS_ABOVE% (tests added since; a tool the fresh root lacks that
#       runs a script skipped whole there): past either, measure again.
set -eu
cd "$(dirname "$0")/.."
# (RUN_TXT, README: others to read, as tests/quickstart.sh's copies)
run_txt=${RUN_TXT:-tests/quickstart/run.txt}
readme=${README:-README.md}
SKIP_SLACK=10 PASS_BELOW=3 PASS_ABOVE=8

# The counts of a test-suite.log: "PASS SKIP FAIL ERROR".
counts() {
  for k in PASS SKIP FAIL ERROR; do
    sed -n "s/^# $k: *\([0-9]*\)$/\1/p" "$1" | head -1
  done | tr '\n' ' '
}
fig() { sed -n "s/^$1 .*$2=\([0-9.]*\).*/\1/p" "$run_txt"; }
# 12507 -> 12,507
thousands() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }

# The README's paragraph, from run.txt.
paragraph() {
  passed=$(fig tests passed) skipped=$(fig tests skipped)
  reasons=$(sed -n 's/^because //p' "$run_txt" | paste -sd ';' | sed 's/;/; /g')
  fold -s -w 74 <<PARA | sed 's/ *$//'
Timed in such a root (a clone with nothing beside it, on a 2-core machine busy with other builds and tests, which the times depend on most; \`build-aux/measure-readme.sh run\` measures it again, \`tests/quickstart.sh\` checks that the README says what it measured): the first command took $(fig first minutes) minutes; the second $(fig second minutes) minutes, of which \`make check\` is the most ($(thousands "$passed") tests passed; $skipped said SKIP, each naming what the quick start leaves out: $reasons).
PARA
}

write_readme() {
  paragraph > "$readme.para"
  awk -v para="$readme.para" '
    /^<!-- quick-start figures: build-aux\/measure-readme.sh -->$/ {
      print; while ((getline l < para) > 0) print l; skip = 1; next }
    /^<!-- end of the quick-start figures -->$/ { skip = 0 }
    !skip' "$readme" > "$readme.new"
  rm -f "$readme.para"
  mv "$readme.new" "$readme"
}

# (one function, read whole before it runs: the script may change under
# a run of 20 minutes)
main() {
  case ${1:-} in
  run)
    [ "$(id -u)" -eq 0 ] || { echo "measure-readme.sh run: as root (a chroot)" >&2; exit 2; }
    . build-aux/root.sh
    root=$work/root
    cp -a "$base" "$root"
    git clone -q "$(pwd)" "$root/root/jgflint"
    commit=$(git -C "$root/root/jgflint" rev-parse --short HEAD)
    attach "$root"
    t0=$(date +%s)
    enter "$root" sh -c 'cd /root/jgflint && ./setup.sh' > "$work/first.log" 2>&1 ||
      { tail -40 "$work/first.log"; exit 1; }
    t1=$(date +%s)
    # (a test that fails is counted, not fatal: run.txt says how many)
    enter "$root" sh -c 'cd /root/jgflint && ./setup.sh --check' > "$work/second.log" 2>&1 ||
      tail -40 "$work/second.log"
    t2=$(date +%s)
    release
    log=$root/root/jgflint/test-suite.log
    # shellcheck disable=SC2046 # four numbers
    set -- $(counts "$log")
    {
      printf 'first minutes=%s\n' "$(awk "BEGIN { printf \"%.1f\", ($t1 - $t0) / 60 }")"
      printf 'second minutes=%s\n' "$(awk "BEGIN { printf \"%.1f\", ($t2 - $t1) / 60 }")"
      printf 'tests passed=%s skipped=%s failed=%s\n' "$1" "$2" "$(($3 + $4))"
      # Each script's skips (SKIP: tests/x.sh N - what # SKIP why), by reason.
      # (a script that skips whole: SKIP: tests/x.sh - why)
      (cd "$root/root/jgflint" && grep -h '^SKIP: ' tests/*.log tests/unit/*.log 2> /dev/null) |
        sed -e 's/^SKIP: \([^ ]*\) .*# SKIP \(.*\)$/skip \1: \2/' \
            -e 's/^SKIP: \([^ ]*\) - \(.*\)$/skip \1: \2/' | sort -k2 | uniq -c |
        sed 's/^ *\([0-9]*\) skip /skip \1 /'
      printf 'measured debian=%s date=%s commit=%s\n' "$(cat "$base/etc/debian_version")" \
        "$(date -u +%Y-%m-%d)" "$commit"
    } > "$run_txt.new"
    # The reasons, in the README's words, are added by hand below the
    # figures: "because WORDS" lines (kept from the run.txt before).
    if [ -f "$run_txt" ]; then grep '^because ' "$run_txt" >> "$run_txt.new" || true; fi
    mv "$run_txt.new" "$run_txt"
    cat "$run_txt"
    write_readme
    ;;
  readme) write_readme ;;
  check)
    want=$(paragraph)
    got=$(awk '/^<!-- quick-start figures: build-aux\/measure-readme.sh -->$/ { on = 1; next }
               /^<!-- end of the quick-start figures -->$/ { on = 0 } on' "$readme")
    [ "$got" = "$want" ] && exit 0
    printf 'the README says:\n%s\nrun.txt says:\n%s\n' "$got" "$want" >&2
    echo "measure-readme.sh: the README does not say $run_txt's figures: build-aux/measure-readme.sh readme" >&2
    exit 1
    ;;
  check-run)
    log=${2:?"usage: measure-readme.sh check-run TEST-SUITE-LOG"}
    # shellcheck disable=SC2046 # four numbers
    set -- $(counts "$log")
    passed=$1 skipped=$2 want_p=$(fig tests passed) want_s=$(fig tests skipped)
    lo=$((want_p - want_p * PASS_BELOW / 100)) hi=$((want_p + want_p * PASS_ABOVE / 100))
    bad=0
    if [ "$passed" -lt "$lo" ] || [ "$passed" -gt "$hi" ]; then
      echo "measure-readme.sh: $passed tests passed, the README says $want_p (from $lo to $hi): build-aux/measure-readme.sh run" >&2
      bad=1
    fi
    if [ "$skipped" -gt $((want_s + SKIP_SLACK)) ]; then
      echo "measure-readme.sh: $skipped tests said SKIP, the README says $want_s (at most $((want_s + SKIP_SLACK))): build-aux/measure-readme.sh run" >&2
      bad=1
    fi
    [ $bad = 0 ] && echo "measure-readme.sh: $passed passed, $skipped skipped: within the README's $want_p and $want_s"
    exit $bad
    ;;
  *) echo "usage: build-aux/measure-readme.sh run|readme|check|check-run LOG" >&2; exit 2 ;;
  esac
}
main "$@"; exit $?
