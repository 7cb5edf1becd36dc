# Sourced by the TAP scripts that drive the jgflint command (cli2.sh,
# walks.sh, options.sh, output.sh): a scratch working directory and the
# helpers they share, over tests/tap.sh's. Set JGFLINT_ARGS before sourcing for arguments every
# `run` passes first (output.sh: --no-config). Finish with `tap_done`.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
src=$TOP_SRCDIR/testdata
. "$TOP_SRCDIR/tests/tap.sh"
tap_scratch && cd "$tmp" || exit 1
unset GITHUB_ACTIONS NO_COLOR FORCE_COLOR COLUMNS
: > "$tmp/out"; : > "$tmp/err"
# A failed check shows what jgflint printed.
TAP_LOGS="$tmp/out $tmp/err"
# run NAME STATUS ARGS...: jgflint ARGS (in the current directory), its
# stdout in $tmp/out and stderr in $tmp/err; ok when it exits STATUS.
run() {
  name=$1 want=$2; shift 2
  # shellcheck disable=SC2086
  "$JGFLINT" ${JGFLINT_ARGS:-} "$@" > "$tmp/out" 2> "$tmp/err"
  got=$?
  if [ "$got" -eq "$want" ]; then ok "$name"; else not_ok "$name: exit $got, want $want"; fi
}
# has NAME FILE REGEX / hasnt NAME FILE REGEX: FILE is out or err.
has() { if grep -q -- "$3" "$tmp/$2"; then ok "$1"; else not_ok "$1: no /$3/ in $2"; fi; }
hasnt() { if grep -q -- "$3" "$tmp/$2"; then not_ok "$1: /$3/ in $2"; else ok "$1"; fi; }
# lines NAME FILE N: FILE (out or err) has N lines.
lines() { got=$(wc -l < "$tmp/$2"); if [ "$got" -eq "$3" ]; then ok "$1"; else not_ok "$1: $got lines in $2, want $3"; fi; }
# copy FROM TO: a writable copy (under make distcheck the sources are read-only).
copy() { cat "$1" > "$2"; }
# table_options NAME: the options src/cli/cmdline.c's table gives the
# subcommand NAME (DUPLICATES, SERVER), long and short, one a line, sorted.
table_options() {
  { sed -n "s/^\t{ \"\([a-zA-Z-]*\)\", .*$1.*/--\1/p" "$TOP_SRCDIR/src/cli/cmdline.c"
    sed -n "s/^#define $1_SHORT_OPTIONS \"\(.*\)\"/\1/p" "$TOP_SRCDIR/src/cli/cmdline.c" | tr -d ':' | sed 's/./-&\n/g' | grep .
  } | sort
}
