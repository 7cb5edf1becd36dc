#!/bin/bash
# jgflint --stream throughput: records (lines) per second and MB/s, per
# core, with --jobs 1 and --jobs 2 on one generated JSON-lines stream.
# Usage: bench/stream.sh [--count N] [--jgflint PATH]   (default 5000 records)
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
count=5000 jgflint=${JGFLINT:-./jgflint}
while (($#)); do
	case $1 in
	--count) count=${2:?}; shift 2 ;;
	--jgflint) jgflint=${2:?}; shift 2 ;;
	*) echo "stream.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/jgflint-stream.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# The benchmark's realistic records, one a line.
python3 "$here/gen-collection.py" --count "$count" --seed 1 "$tmp/c" >/dev/null
python3 -c '
import json, sys, glob
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for p in sorted(glob.glob(sys.argv[1] + "/*.jgf")):
        out.write(json.dumps(json.load(open(p, encoding="utf-8")), ensure_ascii=False) + "\n")
' "$tmp/c" "$tmp/s.jsonl"
bytes=$(wc -c <"$tmp/s.jsonl")
cat "$tmp/s.jsonl" >/dev/null
for j in 1 2; do
	best=
	for r in 1 2 3; do
		t0=$EPOCHREALTIME
		"$jgflint" --stream -j "$j" <"$tmp/s.jsonl" >/dev/null || (($? == 1))
		t=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')
		best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
	done
	awk -v j="$j" -v t="$best" -v n="$count" -v b="$bytes" 'BEGIN {
		printf "--jobs %d: %.2f s, %.0f records/s, %.1f MB/s, %.0f records/s per core\n", j, t, n / t, b / t / 1e6, n / t / j }'
done
