#!/bin/bash
# jgflint --convert --to sgf of JGF records beside @sabaki/sgf's stringify
# of the same games, side by side in one run: issue 52's goal is jgflint
# below stringify.
#
# Usage: bench/sabaki.sh [--jgflint PATH] [--count N] [--runs N] [--dir DIR]
#   --jgflint P   the binary measured (default: $JGFLINT, else ./jgflint)
#   --count N     records (default 500), bench/gen-collection.py's
#   --runs N      each measured N times, in turn (default 9)
#   --dir DIR     keep the records there and reuse them (same count)
#
# The records are gen-collection.py's (about 33 KB of JGF each: 270 moves,
# comments, markup, variations). jgflint: `--convert -q --jobs 1 --to sgf
# --output W DIR` (read each record, check it as its report needs, write
# it as SGF, a file a record), CPU seconds (user + system, to the
# microsecond: os.wait4's rusage) of the whole process. @sabaki/sgf
# (SABAKI_SGF_DIR, default ~/.cache/jgflint/sgf-test, where .ci/run
# installs @sabaki/sgf@3): the SGF jgflint writes of the records, parsed
# first into its game trees (not timed), then stringified, a file each
# written ("stringify + write") or not written ("stringify alone"), CPU
# seconds of that alone in a node process of its own
# (bench/sabaki-stringify.cjs), seven passes over the records in it: the
# first ("cold", its JIT compiling, as a program that writes the records
# once) and the median of the other six ("warm", as an editor that has
# written many).
#
# Both sides do the same file work: every timed pass of either makes its
# 500 files new in an empty directory, just after the files of the pass
# before were deleted (not timed). jgflint cannot do otherwise (a record
# is written under a temporary name and linked: a new inode each), and
# making an inode is most of the system's time of writing a file (ext4's
# allocator, which skips the inodes deleted in the last 30 seconds);
# stringify's passes once rewrote the files of the first pass, which made
# no inode, so its warm time left out what jgflint's included.
#
# jgflint and the two node processes run in turn, N times each after one
# of each not counted; the output gives each one's median and best and
# jgflint's time over each of the others median to median (the figure
# that repeats from run to run of the script) and pair by pair (their
# median, the lowest and highest). A benchmark: it fails only when a
# program does (exit 2).
set -uo pipefail
export LC_ALL=C
jgflint=${JGFLINT:-./jgflint} count=500 runs=9 passes=7 dir=
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
command -v python3 > /dev/null || { echo "sabaki.sh: needs python3" >&2; exit 2; }
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
	python3 -c '
import os, sys
quiet = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_WRONLY, 0) for fd in (1, 2)]
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ, file_actions=quiet)
_, status, ru = os.wait4(pid, 0)
print("%.4f %d" % (ru.ru_utime + ru.ru_stime, os.waitstatus_to_exitcode(status)))
' "$(command -v "$jgflint")" --convert -q --jobs 1 --to sgf --output "$tmp/w" "$dir" \
		> "$tmp/time"
	local status
	status=$(awk '{ print $2 }' "$tmp/time")
	if [ -z "$status" ] || [ "$status" -gt 1 ] || [ "$status" -lt 0 ]; then
		echo "sabaki.sh: $jgflint --to sgf failed (exit ${status:-?})" >&2
		return
	fi
	awk '{ print $1 }' "$tmp/time"
}

# sabaki_cpu OUT: CPU seconds of stringify (and writing into OUT, unless -):
# cold, warm (the median of the passes after the first).
sabaki_cpu() {
	node "$bench/sabaki-stringify.cjs" "$sabaki" "$1" "$passes" "$tmp"/sgf/*.sgf |
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
best() { sort -g | head -1; }
names=("jgflint --to sgf" "stringify + write, cold" "stringify + write, warm"
       "stringify alone, warm")
for k in 1 2 3 4; do
	printf '%-32s median %7.3f s  best %7.3f s\n' "${names[k - 1]}" "$(col $k | median)" \
		"$(col $k | best)"
done
for k in 2 3 4; do
	awk -v k=$k '{ printf "%.4f\n", $1 / ($k > 0.0001 ? $k : 0.0001) }' "$tmp/runs" > "$tmp/ratios"
	printf 'ratio jgflint / %s: %.2f median to median, %.2f (%.2f-%.2f) pair by pair\n' \
		"${names[k - 1]}" \
		"$(awk -v a="$(col 1 | median)" -v b="$(col $k | median)" 'BEGIN { print a / b }')" \
		"$(median < "$tmp/ratios")" "$(sort -g "$tmp/ratios" | head -1)" \
		"$(sort -g "$tmp/ratios" | tail -1)"
done
