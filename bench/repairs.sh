#!/bin/bash
# A check of JSON in the JavaScript style (read/repair.c) with many syntax
# problems, at N and 10N of them (issue 74: no input whose cost grows with
# its square): p(N).jgf is one object of N members `kI: [1, 2,]`, each an
# unquoted key and a trailing comma, 2N problems, each a finding with its
# own fix (lint/lint.c's attach_repair). Prints the instructions (callgrind,
# one job: deterministic on a loaded machine) of each binary given at N
# and 10N and the ratio 10N/N. Goal: at most 11 (linear: 10, less where
# the start dominates). On 4037f41: p500 22.0 M, p5000 588.9 M (26.8:
# each problem's finding looked for in all the findings before it, and
# the repair run three times); after, 16.0 M and 118.7 M (7.4), p50000
# 1,171 M (9.9 over p5000). A benchmark, not a test.
#
# Usage: bench/repairs.sh [--problems N] BINARY...   (N: 500 by default)
set -euo pipefail
export LC_ALL=C

members=500
while (($#)); do
	case $1 in
	--problems) members=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,14s/^# \{0,1\}//p' "$0"; exit 0 ;;
	-*) echo "repairs.sh: unknown option: $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
(($#)) || { echo "repairs.sh: give one or more jgflint binaries" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "repairs.sh: needs valgrind" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

for n in "$members" $((10 * members)); do
	python3 -c "import sys; n = int(sys.argv[1]); print('{\"jgf\": 2, \"x\": {' +
	  ', '.join('k%d: [1, 2,]' % i for i in range(n)) + '}}')" "$n" > "$dir/p$n.jgf"
done

. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"   # ir

printf '%-40s %16s %16s %7s\n' binary "p$members Ir" "p$((10 * members)) Ir" ratio
for bin in "$@"; do
	a=$(ir "$bin" --no-config --jobs 1 --format concise -q "$dir/p$members.jgf")
	b=$(ir "$bin" --no-config --jobs 1 --format concise -q "$dir/p$((10 * members)).jgf")
	printf '%-40s %16s %16s %7.2f\n' "$(printf %s "$bin" | tail -c 40)" "$a" "$b" \
		"$(awk -v a="$a" -v b="$b" 'BEGIN { print b / a }')"
done
