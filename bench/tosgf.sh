#!/bin/bash
# --convert --to sgf of JGF records beside their check, side by side (issue
# 74's goal: --to sgf at most 1.5x the check of the same records):
# instructions under callgrind, one job, of Seki 4.3's records (the shared
# samples' seki-4.3, --copies of each: each has fixes, its version a
# string and its players an object, so --to sgf fixes it first) and of
# gen-collection.py's clean records (nothing to fix). A benchmark, not a
# test: no number makes it fail.
#
# Usage: bench/tosgf.sh [--jgflint BIN] [--copies N] [--count N] [--samples DIR]
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=${JGFLINT:-./jgflint} copies=50 count=50 samples=$here/../../shared/samples
while (($#)); do
	case $1 in
	--jgflint) bin=${2:?}; shift 2 ;;
	--copies) copies=${2:?}; shift 2 ;;
	--count) count=${2:?}; shift 2 ;;
	--samples) samples=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,10s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "tosgf.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
command -v valgrind > /dev/null || { echo "tosgf.sh: needs valgrind" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/seki"
if [[ -d $samples/seki-4.3 ]]; then
	for ((i = 1; i <= copies; i++)); do
		for f in "$samples"/seki-4.3/*.jgf; do cp "$f" "$dir/seki/$i-${f##*/}"; done
	done
	chmod -R u+w "$dir/seki"
fi
python3 "$here/gen-collection.py" --count "$count" "$dir/clean" > /dev/null

. "$here/lib.sh"   # ir (jgflint exits 1 on findings: not a failure there)

printf '%-6s %6s %14s %14s %7s\n' set files "check Ir" "--to sgf Ir" ratio
for set in seki clean; do
	files=$(find "$dir/$set" -type f | wc -l)
	[[ $files -gt 0 ]] || { echo "$set: no records (no $samples/seki-4.3)"; continue; }
	args=(--no-config --jobs 1 -q --format concise)
	ci=$(ir "$bin" "${args[@]}" "$dir/$set")
	rm -rf "$dir/out"
	ti=$(ir "$bin" "${args[@]}" --convert --to sgf --output "$dir/out" "$dir/$set")
	printf '%-6s %6s %14s %14s %7.2f\n' "$set" "$files" "$ci" "$ti" \
		"$(awk -v a="$ci" -v b="$ti" 'BEGIN { print b / a }')"
done
