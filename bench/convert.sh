#!/bin/bash
# Conversion throughput: `jgflint --convert` of one SGF collection (one
# record written per game) against the linter's files/s over the same games
# as JGF records.
#
# Usage: bench/convert.sh [--count N] [--jgflint PATH]
#   --count N      games (default 1000)
#   --jgflint P    binary to measure (default: $JGFLINT, else ./jgflint)
#
# The games are bench/gen-collection.py's records, written as SGF by
# bench/jgf2sgf.py. Each side runs 3 times; the best wall time is reported.
# A benchmark, not a test. See bench/README.md.
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
tmp=$(mktemp -d "${TMPDIR:-/tmp}/jgflint-bench-convert.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
python3 "$here/gen-collection.py" --count "$count" --seed 1 "$tmp/jgf" >/dev/null
python3 "$here/jgf2sgf.py" "$tmp"/jgf/*.jgf >"$tmp/collection.sgf"
sgf_mb=$(du -m "$tmp/collection.sgf" | cut -f1)

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
convert_once() { rm -rf "$tmp/out"; mkdir "$tmp/out"; "$jgflint" --convert --output "$tmp/out" "$tmp/collection.sgf"; }
read -r lint lint_cpu <<<"$(best "$jgflint" --jobs 1 --format concise "$tmp"/jgf)"
read -r conv conv_cpu <<<"$(best convert_once)"
n=$(ls "$tmp/out" | wc -l)
printf '%d games (SGF collection: %s MB); records written: %d\n' "$count" "$sgf_mb" "$n"
printf 'jgflint --jobs 1 (lint the JGF records): %.2f s wall, %.2f s CPU, %.0f files/s\n' \
	"$lint" "$lint_cpu" "$(echo "$count / $lint" | bc -l)"
printf 'jgflint --convert (read, map, lint, write): %.2f s wall, %.2f s CPU, %.0f games/s\n' \
	"$conv" "$conv_cpu" "$(echo "$count / $conv" | bc -l)"
printf 'conversion / lint: %.2f wall, %.2f CPU\n' "$(echo "$conv / $lint" | bc -l)" \
	"$(echo "$conv_cpu / $lint_cpu" | bc -l)"
