#!/bin/bash
# jgflint --convert --to sgf of JGF records beside @sabaki/sgf's stringify
# of the same games, side by side in one run: issue 52's goal is jgflint
# below stringify.
#
# Usage: bench/sabaki.sh [--jgflint PATH] [--count N] [--runs N] [--dir DIR]
#   --jgflint P   the binary measured (default: $JGFLINT, else ./jgflint)
#   --count N     records (default 500), bench/gen-collection.py's
#   --runs N      each measured N times, in turn (default 5)
#   --dir DIR     keep the records there and reuse them (same count)
#
# The records are gen-collection.py's (about 33 KB of JGF each: 270 moves,
# comments, markup, variations). jgflint: `--convert -q --jobs 1 --to sgf
# --output W DIR` (read each record, check it as its report needs, write
# it as SGF, a file a record), CPU seconds (user + system, GNU time) of
# the whole process. @sabaki/sgf (SABAKI_SGF_DIR, default
# ~/.cache/jgflint/sgf-test, where .ci/run installs @sabaki/sgf@3): the
# SGF jgflint writes of the records, parsed first into its game trees (not
# timed), then stringified, a file each written as jgflint writes them
# ("stringify + write") or not written ("stringify alone"), CPU seconds of
# that alone in a node process of its own (bench/sabaki-stringify.cjs),
# five passes over the records in it: the first pass ("cold", its JIT
# compiling, as a program that writes the records once) and the best
# ("warm", as an editor that has written many). jgflint and the two node
# processes run in turn, N times each after one of each not counted; the
# output gives each one's best and median and jgflint's time over each of
# the others, pair by pair (their median, the lowest and highest), and
# best to best. A benchmark: it fails only when a program does (exit 2).
set -uo pipefail
export LC_ALL=C
jgflint=${JGFLINT:-./jgflint} count=500 runs=5 passes=5 dir=
while (($#)); do
	case $1 in
	--jgflint) jgflint=${2:?}; shift 2 ;;
	--count) count=${2:?}; shift 2 ;;
	--runs) runs=${2:?}; shift 2 ;;
	--dir) dir=${2:?}; shift 2 ;;
	-h | --help) sed -n '6,10s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "sabaki.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
bench=$(cd "$(dirname "$0")" && pwd)
sabaki=${SABAKI_SGF_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jgflint/sgf-test}
[ -x /usr/bin/time ] || { echo "sabaki.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
command -v node > /dev/null || { echo "sabaki.sh: needs node" >&2; exit 2; }
[ -f "$sabaki/node_modules/@sabaki/sgf/package.json" ] || {
	echo "sabaki.sh: no @sabaki/sgf in $sabaki (npm install --prefix $sabaki @sabaki/sgf@3)" >&2
	exit 2
}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
if [ -z "$dir" ]; then
	dir=$tmp/records
fi
if [ "$(find "$dir" -name '*.jgf' 2> /dev/null | wc -l)" -ne "$count" ]; then
	rm -rf "$dir"
	mkdir -p "$dir"
	python3 "$bench/gen-collection.py" "$dir" --count "$count" --jobs 2 > /dev/null || exit 2
fi

# jgflint_cpu: CPU seconds of --to sgf of the records, or nothing when it failed.
jgflint_cpu() {
	rm -rf "$tmp/w"
	/usr/bin/time -o "$tmp/time" -f '%U %S' "$jgflint" --convert -q --jobs 1 --to sgf \
		--output "$tmp/w" "$dir" > /dev/null 2>&1
	local status=$?
	if [ $status -gt 1 ]; then
		echo "sabaki.sh: $jgflint --to sgf failed (exit $status)" >&2
		return
	fi
	tail -1 "$tmp/time" | awk '{ printf "%.4f\n", $1 + $2 }'
}

# sabaki_cpu OUT: CPU seconds of stringify (and writing into OUT, unless -).
sabaki_cpu() {
	local out=$1
	[ "$out" = - ] || { rm -rf "$out"; mkdir "$out"; }
	node "$bench/sabaki-stringify.cjs" "$sabaki" "$out" "$passes" "$tmp"/sgf/*.sgf |
		awk '{ print $1, $2 }'
}

median() {
	sort -g | awk '{ v[NR] = $1 } END { if (NR) print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# The same games as @sabaki/sgf's trees: the SGF jgflint writes of them.
"$jgflint" --convert -q --jobs 1 --to sgf --output "$tmp/sgf" "$dir" > /dev/null 2>&1
n=$(find "$tmp/sgf" -name '*.sgf' | wc -l)
[ "$n" -eq "$count" ] || { echo "sabaki.sh: $n of $count records written as SGF" >&2; exit 2; }
: > "$tmp/runs"
for ((i = 0; i <= runs; i++)); do   # the first of each warms up, not counted
	j=$(jgflint_cpu) s=$(sabaki_cpu "$tmp/s") t=$(sabaki_cpu -)
	[ -n "$j" ] && [ -n "$s" ] && [ -n "$t" ] || exit 2
	t=${t#* }   # stringify alone: warm
	((i)) && echo "$j $s $t" >> "$tmp/runs"
done
mb=$(du -sm "$dir" | awk '{ print $1 }')
version=$(node -p "require('$sabaki/node_modules/@sabaki/sgf/package.json').version")
echo "$count records ($mb MB of JGF), $runs runs in turn, CPU seconds; @sabaki/sgf $version," \
	"node $(node --version)"
col() { awk -v k="$1" '{ print $k }' "$tmp/runs"; }
awk '$1 < 0.1 { low = 1 } END { exit !low }' "$tmp/runs" &&
	echo "sabaki.sh: jgflint took under 0.1 s (GNU time counts hundredths): use more records" >&2
best() { sort -g | head -1; }
names=("jgflint --to sgf" "stringify + write, cold" "stringify + write, warm"
       "stringify alone, warm")
for k in 1 2 3 4; do
	printf '%-32s best %7.3f s  median %7.3f s\n' "${names[k - 1]}" "$(col $k | best)" \
		"$(col $k | median)"
done
for k in 2 3 4; do
	awk -v k=$k '{ printf "%.4f\n", $1 / ($k > 0.0001 ? $k : 0.0001) }' "$tmp/runs" > "$tmp/ratios"
	printf 'ratio jgflint / %s: %.2f (%.2f-%.2f) pair by pair, %.2f best to best\n' \
		"${names[k - 1]}" "$(median < "$tmp/ratios")" "$(sort -g "$tmp/ratios" | head -1)" \
		"$(sort -g "$tmp/ratios" | tail -1)" \
		"$(awk -v a="$(col 1 | best)" -v b="$(col $k | best)" 'BEGIN { print a / b }')"
done
