#!/bin/bash
# --diff against the lint of the same files, side by side (issue 74's goal:
# --diff at most 1.5x the lint): instructions under callgrind, one job, and
# the peak resident size (GNU time), on three sets: clean records of
# gen-collection.py (no fix), the same records each after a byte order mark
# (one safe fix a file, its diff a hunk of one line), and one long game
# converted from long-game.awk's SGF with a byte order mark. A benchmark,
# not a test: no number makes it fail.
#
# Usage: bench/diff.sh [--jgflint BIN] [--count N] [--moves N]
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=${JGFLINT:-./jgflint} count=100 moves=3000
while (($#)); do
	case $1 in
	--jgflint) bin=${2:?}; shift 2 ;;
	--count) count=${2:?}; shift 2 ;;
	--moves) moves=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,9s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "diff.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
command -v valgrind > /dev/null || { echo "diff.sh: needs valgrind" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "diff.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 "$here/gen-collection.py" --count "$count" "$dir/clean" > /dev/null
mkdir "$dir/bom"
for f in "$dir"/clean/*.jgf; do
	{ printf '\357\273\277'; cat "$f"; } > "$dir/bom/${f##*/}"
done
awk -v n="$moves" -v format=sgf -f "$here/long-game.awk" > "$dir/long.sgf"
"$bin" --convert "$dir/long.sgf" --output "$dir/conv" > /dev/null 2>&1 || true
{ printf '\357\273\277'; cat "$dir/conv/long.jgf"; } > "$dir/long.jgf"

# (jgflint exits 1 on findings: not a failure here)
. "$here/lib.sh"   # ir
peak() { { /usr/bin/time -f '%M' "$@" 2>&1 > /dev/null || true; } | tail -1; }

printf '%-8s %14s %14s %7s %10s %10s %7s\n' set "lint Ir" "--diff Ir" ratio "lint KB" "--diff KB" ratio
for set in clean bom long; do
	case $set in long) files=("$dir/long.jgf") ;; *) files=("$dir/$set"/*.jgf) ;; esac
	args=(--no-config --jobs 1 --format concise)
	li=$(ir "$bin" "${args[@]}" "${files[@]}") di=$(ir "$bin" "${args[@]}" --diff "${files[@]}")
	lp=$(peak "$bin" "${args[@]}" "${files[@]}") dp=$(peak "$bin" "${args[@]}" --diff "${files[@]}")
	printf '%-8s %14s %14s %7.2f %10s %10s %7.2f\n' "$set" "$li" "$di" \
		"$(awk -v a="$li" -v b="$di" 'BEGIN { print b / a }')" "$lp" "$dp" \
		"$(awk -v a="$lp" -v b="$dp" 'BEGIN { print b / a }')"
done
