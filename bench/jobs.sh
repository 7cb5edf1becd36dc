#!/bin/bash
# jgflint --jobs benchmark: wall time and peak memory of --jobs 1 against
# --jobs N on the same files, alternately, in one run.
#
# Usage: bench/jobs.sh [--count N] [--large N] [--large-mb MB] [--jobs N] [--jgflint PATH]
#   --count N      small records (about 33 KB each; default 2000)
#   --large N      large records, checked after one slow one (default 12)
#   --large-mb MB  size of each large record (default 33)
#   --jobs N       the parallel run's --jobs (default 2)
#   --jgflint P    binary to measure (default: $JGFLINT, else ./jgflint)
#
# Two collections: many small records (bench/gen-collection.py), and a slow
# record followed by large ones (each a generated game whose tree holds
# copies of the game as variations, with findings in every copy), the case
# where finished documents used to pile up waiting to be reported in order.
# Each is run 3 times with each --jobs, alternating; the best wall time and
# the highest peak RSS (GNU time's %M) of each are reported, with the
# outputs of the two checked to be byte-identical. Not a test: no number
# makes it fail.
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
count=2000 large=12 large_mb=33 jobs=2 runs=3
jgflint=${JGFLINT:-./jgflint}
usage() { sed -n '4,10s/^# \{0,1\}//p' "$0"; }
while (($#)); do
	case $1 in
	--count) count=${2:?}; shift 2 ;;
	--large) large=${2:?}; shift 2 ;;
	--large-mb) large_mb=${2:?}; shift 2 ;;
	--jobs) jobs=${2:?}; shift 2 ;;
	--jgflint) jgflint=${2:?}; shift 2 ;;
	-h | --help) usage; exit 0 ;;
	*) echo "jobs.sh: unknown argument: $1" >&2; usage >&2; exit 2 ;;
	esac
done
[[ -x /usr/bin/time ]] || { echo "jobs.sh: needs GNU time (/usr/bin/time; Debian package time)" >&2; exit 2; }
[[ -x $jgflint ]] || { echo "jobs.sh: no executable jgflint at '$jgflint'" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/jgflint-jobs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

python3 "$here/gen-collection.py" --count "$count" --seed 1 --jobs 1 "$tmp/small" >/dev/null
mkdir "$tmp/large"
# The large records: copies of one game as variations of its root, each
# copy with an unknown key (a finding located in every copy). The first is
# twice as large, so it finishes last among the first N.
python3 - "$tmp/small/game-00001.jgf" "$tmp/large" "$large" "$large_mb" <<'EOF'
import json, sys
src, out, n, mb = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
game = json.load(open(src, encoding="utf-8"))
one = len(json.dumps(game["tree"], indent=1))
def write(path, target):
    copies = max(1, target // one)
    variation = [dict(node) for node in game["tree"][1:]]
    variation[0] = dict(variation[0], extra=1)
    rec = dict(game, tree=[game["tree"][0], {"variations": [variation] * copies}])
    with open(path, "w", encoding="utf-8") as f:
        json.dump(rec, f, indent=1, ensure_ascii=False)
write(f"{out}/000-slow.jgf", 2 * mb * 1000 * 1000)
for i in range(1, n + 1):
    write(f"{out}/{i:03d}.jgf", mb * 1000 * 1000)
EOF

# measure DIR JOBS: one run; prints "SECONDS KB" and keeps the output.
measure() {
	local rc=0
	/usr/bin/time -f '%e %M' -o "$tmp/time" "$jgflint" --jobs "$2" --format concise "$1" \
		>"$tmp/out.$2" 2>"$tmp/err.$2" || rc=$?
	((rc <= 1)) || { echo "jobs.sh: jgflint exited with status $rc" >&2; cat "$tmp/err.$2" >&2; exit 1; }
	tail -n 1 "$tmp/time"
}

for set in small large; do
	dir=$tmp/$set
	nfiles=$(find "$dir" -name '*.jgf' | wc -l)
	bytes=$(find "$dir" -name '*.jgf' -printf '%s\n' | awk '{ s += $1 } END { print s }')
	largest=$(find "$dir" -name '*.jgf' -printf '%s\n' | sort -n | tail -n 1)
	cat "$dir"/*.jgf >/dev/null # warm the page cache
	b1='' bn='' m1=0 mn=0
	for ((r = 1; r <= runs; r++)); do
		read -r t m < <(measure "$dir" 1)
		b1=$(awk -v a="$b1" -v b="$t" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
		((m > m1)) && m1=$m
		read -r t m < <(measure "$dir" "$jobs")
		bn=$(awk -v a="$bn" -v b="$t" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }')
		((m > mn)) && mn=$m
	done
	same=identical
	cmp -s "$tmp/out.1" "$tmp/out.$jobs" && cmp -s "$tmp/err.1" "$tmp/err.$jobs" || same=DIFFERENT
	echo "$set: $nfiles files, $bytes bytes (largest $largest), best of $runs runs; output $same"
	awk -v j="$jobs" -v b1="$b1" -v bn="$bn" -v m1="$m1" -v mn="$mn" -v big="$largest" 'BEGIN {
		printf "  --jobs 1: %6.2f s  peak %8.1f MB\n", b1, m1 / 1024
		printf "  --jobs %d: %6.2f s  peak %8.1f MB\n", j, bn, mn / 1024
		printf "  speed-up %.2f; peak memory %.2f x the 1-job peak (bound: %d x + the largest file = %.1f MB)\n",
			(bn > 0 ? b1 / bn : 0), (m1 > 0 ? mn / m1 : 0), j, (j * m1 * 1024 + big) / 1048576
	}'
done
