# digests.sh: what tests/sgf_reports.sh and tests/sgf_written.sh share:
# outputs kept as SHA-256 digests in a golden file, `--update` to rewrite
# it (only for a change intended and read by eye). Sourced by them, with
# their arguments, after setting expected (the golden file). Gives tmp (a
# directory removed at exit) and update (yes for --update); the script
# writes its digests to $tmp/got, one line each, "DIGEST LABEL": each
# output kept with digest_kept, then digested by digests_summed (one
# sha256sum for them all: two processes an output cost half the test).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}" "${expected:?}"
. "$TOP_SRCDIR/tests/tap.sh"
command -v sha256sum > /dev/null || skip_all "needs sha256sum (coreutils)"
cd "$TOP_SRCDIR" || exit 1
# The same output whatever the terminal and the environment ask.
export COLUMNS=100
unset FORCE_COLOR NO_COLOR GITHUB_ACTIONS JGFLINT_STREAM_MIN JGFLINT_TEST_BREAK_RECORD JGFLINT_TEST_NO_LHASA
update=no
[ "${1:-}" = --update ] && update=yes
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# digest_kept FILE LABEL: FILE's bytes, to be digested under LABEL.
digest_kept() {
  printf '%s\n' "$1" >> "$tmp/kept.files"
  printf '%s\n' "$2" >> "$tmp/kept.labels"
}
# digests_summed: "DIGEST LABEL" of each file kept since the last call, in
# the order kept.
digests_summed() {
  [ -s "$tmp/kept.files" ] || return 0
  xargs -d '\n' sha256sum -- < "$tmp/kept.files" | cut -c1-64 | paste -d ' ' - "$tmp/kept.labels"
  rm -f "$tmp/kept.files" "$tmp/kept.labels"
}

# digests_updated: with --update, $tmp/got becomes the golden file and the
# test ends there.
digests_updated() {
  [ $update = yes ] || return 0
  cp "$tmp/got" "$expected"
  ok "updated $expected ($(wc -l < "$expected") lines)"
  tap_done
  exit 0
}

# digests_compare NAME SELECT NEW: the lines grep SELECT picks of
# $tmp/got and of the golden file: each expected line there now, the same.
# A line now that is not expected (a new input) fails the test when NEW is
# fail, and is only said when it is say.
digests_compare() {
  grep "$2" "$tmp/got" > "$tmp/now" || :
  grep "$2" "$expected" > "$tmp/was" || :
  awk 'NR == FNR { now[substr($0, 66)] = $1; next }
       { l = substr($0, 66); if (!(l in now)) print "# not there now: " l
         else if (now[l] != $1) print "# differs: " l; seen[l] = 1 }
       END { for (l in now) if (!(l in seen)) print "# new (--update adds it, read it first): " l }' \
    "$tmp/now" "$tmp/was" | LC_ALL=C sort > "$tmp/said"
  head -20 "$tmp/said"
  if [ "$3" = fail ] && grep -q '^# new' "$tmp/said"; then
    not_ok "$1: not the digests of $expected"
  elif [ -s "$tmp/was" ] && ! grep -q -e '^# differs' -e '^# not there' "$tmp/said"; then
    ok "$1"
  else
    not_ok "$1: not the digests of $expected"
  fi
}
