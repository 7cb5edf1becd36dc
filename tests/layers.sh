#!/bin/sh
# The layers of src/ (tests/layers.py): includes point down a layer, name
# their folder, and close no cycle; first, that the check itself refuses a
# tree that breaks each of these. TAP.
# Environment: TOP_SRCDIR (the source tree).
set -u
: "${TOP_SRCDIR:?}"
py=/usr/bin/python3
[ -x $py ] || py=python3
if ! command -v $py > /dev/null 2>&1; then
  echo "1..0 # SKIP needs python3"
  exit 0
fi
n=0 failed=0
for args in --self-test "$TOP_SRCDIR"; do
  out=$($py "$TOP_SRCDIR/tests/layers.py" "$args")
  status=$?
  seen=$n
  while IFS= read -r line; do
    case $line in
      "ok "*) n=$((n + 1)); echo "ok $n - ${line#ok * - }" ;;
      "not ok "*) n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - ${line#not ok * - }" ;;
    esac
  done <<TAP
$out
TAP
  if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ] || [ "$n" -eq "$seen" ]; then
    n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - layers.py $args exited $status"
  fi
done
echo "1..$n"
[ "$failed" -eq 0 ]
