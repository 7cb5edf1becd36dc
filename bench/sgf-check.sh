#!/bin/bash
# Checking SGF where it is costs at most what converting it costs (issue
# 39): one collection (bench/convert-scale.sh's shape: short games, one
# after another) and a directory of the same games a file each, checked in
# place (`jgflint FILE.sgf`, `jgflint --extensions .sgf DIR`) and converted
# (`jgflint --convert -q --output OUT`), side by side in one run: the
# instructions of each under callgrind (the same on every machine), the
# best CPU time of --runs runs taking turns, and the peak memory. Exits 1
# when the check costs more instructions than the conversion.
#
# Usage: bench/sgf-check.sh [--jgflint BIN] [--games N] [--runs R] [--dir D]
set -euo pipefail
export LC_ALL=C

bin=${JGFLINT:-./jgflint} games=2000 runs=3 cache=
while (($#)); do
	case $1 in
	--jgflint) bin=${2:?}; shift 2 ;;
	--games) games=${2:?}; shift 2 ;;
	--runs) runs=${2:?}; shift 2 ;;
	--dir) cache=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,12s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "sgf-check.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
[[ -x $bin ]] || { echo "sgf-check.sh: no binary: $bin" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "sgf-check.sh: needs valgrind (callgrind)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "sgf-check.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }

dir=${cache:-$(mktemp -d)}
[[ -n $cache ]] || trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir"
# N games of 60 moves (as convert-scale.sh's collection), each on points of
# its own: no finding, so the reports are the same few lines.
awk -v n="$games" 'BEGIN {
	c = "abcdefghijklmnopqrs"
	for (g = 0; g < n; g++) {
		printf "(;FF[4]GM[1]SZ[19]CA[UTF-8]PB[Black %d]PW[White %d]RE[B+R]", g, g
		for (i = 0; i < 60; i++)
			printf ";%s[%s%s]", i % 2 ? "W" : "B", substr(c, (i + g) % 19 + 1, 1), substr(c, int(i / 19) * 4 + g % 4 + 1, 1)
		print ")" } }' > "$dir/games.sgf"
rm -rf "$dir/each" && mkdir "$dir/each"
awk -v d="$dir/each" '{ print > (d "/game-" NR ".sgf") }' "$dir/games.sgf"

# The command of a mode, in args (its output directory made empty).
args=()
command_of() { # MODE
	rm -rf "$dir/out"
	case $1 in
	check_file) args=(--format concise "$dir/games.sgf") ;;
	convert_file) args=(--convert -q --output "$dir/out" "$dir/games.sgf") ;;
	check_dir) args=(--format concise --extensions .sgf "$dir/each") ;;
	convert_dir) args=(--convert -q --output "$dir/out" "$dir/each") ;;
	esac
}
modes=(check_file convert_file check_dir convert_dir)

# Instructions, CPU seconds (best of runs) and peak KB of each mode.
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"   # ir
declare -A ir cpu peak
for mode in "${modes[@]}"; do
	command_of "$mode"
	ir[$mode]=$(ir "$bin" --no-config --jobs 1 "${args[@]}")
done
for ((r = 0; r < runs; r++)); do
	for mode in "${modes[@]}"; do
		command_of "$mode"
		/usr/bin/time -o "$dir/time" -f '%U %S %M' "$bin" --no-config --jobs 1 "${args[@]}" \
			> /dev/null 2>&1 || true
		read -r u s kb < <(tail -n 1 "$dir/time")
		t=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
		[[ -z ${cpu[$mode]:-} ]] || t=$(awk -v a="${cpu[$mode]}" -v b="$t" 'BEGIN { print (b < a ? b : a) }')
		cpu[$mode]=$t peak[$mode]=$kb
	done
done

size=$(stat -c %s "$dir/games.sgf")
echo "$games games of 60 moves: one collection of $size bytes, and a directory of a file each"
printf '%-14s %15s %10s %10s\n' what instructions "CPU s" "peak KB"
for mode in "${modes[@]}"; do
	printf '%-14s %15s %10s %10s\n' "$mode" "${ir[$mode]}" "${cpu[$mode]}" "${peak[$mode]}"
done
status=0
for kind in file dir; do
	c=${ir[check_$kind]} v=${ir[convert_$kind]}
	verdict=met
	((c <= v)) || { verdict="NOT met"; status=1; }
	printf 'goal: checking the %s costs at most converting it: %.3f of its instructions, %s\n' \
		"$kind" "$(awk -v a="$c" -v b="$v" 'BEGIN { print a / b }')" "$verdict"
done
exit $status
