#!/bin/bash
# jgflint duplicates over a collection, side by side with the lint of the
# same games: the records as JGF files, and the same games as one SGF
# collection (read as --convert reads it).
#
# Usage: bench/duplicates.sh [--count N] [--jgflint PATH]
#   --count N      games (default 1000; the issue's goal is 100,000)
#   --jgflint P    binary to measure (default: $JGFLINT, else ./jgflint)
#
# The games are bench/gen-collection.py's records (about 300 moves, with
# variations and comments), written as SGF by bench/jgf2sgf.py. Each side
# runs 3 times; the best wall time is reported, with its CPU time, and the
# peak memory of one run of each. A benchmark, not a test.
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
count=1000
jgflint=${JGFLINT:-./jgflint}
while (($#)); do
	case $1 in
	--count) count=${2:?}; shift 2 ;;
	--jgflint) jgflint=${2:?}; shift 2 ;;
	*) sed -n '6,8s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
	esac
done
jgflint=$(cd "$(dirname "$jgflint")" && pwd)/$(basename "$jgflint")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/jgflint-bench-dup.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
python3 "$here/gen-collection.py" --count "$count" --seed 1 "$tmp/jgf" >/dev/null
python3 "$here/jgf2sgf.py" "$tmp"/jgf/*.jgf >"$tmp/collection.sgf"

best() { # best of 3 runs of "$@": "wall cpu" seconds (cpu = user + system)
	local b= c= out w u sy
	TIMEFORMAT='%R %U %S'
	for _ in 1 2 3; do
		out=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || true
		read -r w u sy <<<"$out"
		if [[ -z $b ]] || (($(echo "$w < $b" | bc -l))); then b=$w c=$(echo "$u + $sy" | bc -l); fi
	done
	echo "$b $c"
}
peak() { # peak resident memory of one run of "$@", in MB
	/usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.0f", $1 / 1024 }'
}
read -r lint lint_cpu <<<"$(best "$jgflint" --jobs 1 --format concise "$tmp"/jgf)"
read -r dj dj_cpu <<<"$(best "$jgflint" duplicates "$tmp"/jgf)"
read -r ds ds_cpu <<<"$(best "$jgflint" duplicates "$tmp/collection.sgf")"
printf '%d games\n' "$count"
printf 'jgflint --jobs 1 (lint the JGF records):     %7.2f s wall, %7.2f s CPU, %6.0f games/s\n' \
	"$lint" "$lint_cpu" "$(echo "$count / $lint" | bc -l)"
printf 'jgflint duplicates (the JGF records):        %7.2f s wall, %7.2f s CPU, %6.0f games/s, %s MB\n' \
	"$dj" "$dj_cpu" "$(echo "$count / $dj" | bc -l)" "$(peak "$jgflint" duplicates "$tmp"/jgf)"
printf 'jgflint duplicates (one SGF collection):     %7.2f s wall, %7.2f s CPU, %6.0f games/s, %s MB\n' \
	"$ds" "$ds_cpu" "$(echo "$count / $ds" | bc -l)" "$(peak "$jgflint" duplicates "$tmp/collection.sgf")"
printf 'ratio duplicates (JGF)/lint: %.2f\n' "$(echo "$dj / $lint" | bc -l)"
printf 'ratio duplicates (SGF)/lint: %.2f\n' "$(echo "$ds / $lint" | bc -l)"
