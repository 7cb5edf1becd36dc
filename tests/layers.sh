#!/bin/sh
# The layers of src/ (tests/layers.py): the sources (includes point down a
# layer, in quotes, naming their folder, closing no cycle; no local
# declarations; files in their layer's folder; rules name their emitters;
# readers word their findings in their tables; named paths exist; the
# board includes only base/ and libc; files of at most 1,000 lines and
# functions of at most 100, in any brace style; the environment read in
# cli/ alone; one table of SGF's properties; one loop writing a number's
# digits (base/digits.h); no words at a call of diag_*
# in any folder, nor through a "%s" entry; foreign-format's words made in
# one place; but the listed exceptions), the scripts TESTS names executable,
# and the objects built
# (nm: every symbol an object uses is defined in its layer or below; no
# call circle between the files of a folder); first, that each check
# refuses a tree planted with each fault. TAP.
# Environment: TOP_SRCDIR (the source tree), TOP_BUILDDIR (the build tree:
# its objects; by default where $JGFLINT is).
set -u
: "${TOP_SRCDIR:?}"
if [ -z "${TOP_BUILDDIR:-}" ] && [ -n "${JGFLINT:-}" ]; then
  TOP_BUILDDIR=$(dirname "$JGFLINT")
fi
: "${TOP_BUILDDIR:?}"
py=/usr/bin/python3
[ -x $py ] || py=python3
if ! command -v $py > /dev/null 2>&1; then
  echo "1..0 # SKIP needs python3"
  exit 0
fi
. "$TOP_SRCDIR/tests/tap.sh"
# Runs layers.py with the arguments given, numbering its TAP lines on.
run() {
  out=$($py "$TOP_SRCDIR/tests/layers.py" "$@")
  status=$?
  seen=$n
  while IFS= read -r line; do
    case $line in
      "ok "*"# SKIP"*) skip "${line#*# SKIP }" ;;
      "ok "*) ok "${line#ok * - }" ;;
      "not ok "*) not_ok "${line#not ok * - }" ;;
    esac
  done <<TAP
$out
TAP
  if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ] || [ "$n" -eq "$seen" ]; then
    not_ok "layers.py $* exited $status"
  fi
}
run --self-test
run "$TOP_SRCDIR"
run --objects "$TOP_SRCDIR" "$TOP_BUILDDIR"
# make check runs each script TESTS names as a program: one whose file lost
# its execute bit (an editor writing it anew) fails there, "Permission
# denied", though `bash tests/X.sh` runs it.
unrunnable=
for t in $(sed -n 's/^TESTS *+*= *//p' "$TOP_SRCDIR/Makefile.am"); do
  case $t in tests/*) [ -x "$TOP_SRCDIR/$t" ] || unrunnable="$unrunnable $t" ;; esac
done
[ -z "$unrunnable" ] && ok "every script TESTS names is executable" ||
  not_ok "scripts TESTS names without their execute bit (chmod +x, git add):$unrunnable"
# A source or header Makefile.am does not name is not in the tarball: the
# tree builds, its `make dist` does not (REVIEW.md R196: src/base/digits.h,
# which eight files include, found by distcheck in CI only).
unlisted=
for f in $(cd "$TOP_SRCDIR" && find src -name '*.[ch]' | sort); do
  grep -qF "$f" "$TOP_SRCDIR/Makefile.am" || unlisted="$unlisted $f"
done
[ -z "$unlisted" ] && ok "every source and header under src/ is named in Makefile.am" ||
  not_ok "files under src/ Makefile.am does not name (not in the tarball):$unlisted"
tap_done
