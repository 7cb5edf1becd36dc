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
# Then issue 74's depth sets, each checked in place under callgrind and GNU
# time: `(` nested 1,000 and 10,000 deep with no node between them, at the
# start of a game, after its root node, around one node and left open (the
# 10,000 at most 15x the instructions of the 1,000, and under 100 MB); and
# variations nested 5,000, 10,000 and 20,000 deep on one line with three
# findings at every level (bench/sgfc.sh's findings shape: twice the depth,
# at most 2.2x the instructions, the findings located linearly). Exits 1
# when one of these is not met either. (Nested variations beside SGFC's
# instructions: bench/sgfc.sh's nested set.)
#
# Usage: bench/sgf-check.sh [--jgflint BIN] [--games N] [--runs R] [--dir D] [--no-depth]
set -euo pipefail
export LC_ALL=C

bin=${JGFLINT:-./jgflint} games=2000 runs=3 cache= depth=1
while (($#)); do
	case $1 in
	--jgflint) bin=${2:?}; shift 2 ;;
	--games) games=${2:?}; shift 2 ;;
	--runs) runs=${2:?}; shift 2 ;;
	--dir) cache=${2:?}; shift 2 ;;
	--no-depth) depth=0; shift ;;
	-h | --help) sed -n '2,21s/^# \{0,1\}//p' "$0"; exit 0 ;;
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
((depth)) || exit $status

# The depth sets: SHAPE-N.sgf in $dir/depth.
mkdir -p "$dir/depth"
for n in 1000 10000; do
	awk -v n="$n" -v d="$dir/depth" 'BEGIN {
		o = ""; c = ""
		for (i = 0; i < n; i++) { o = o "("; c = c ")" }
		print o ";FF[4]GM[1]SZ[19];B[aa]" c > (d "/parens-first-" n ".sgf")
		print "(;FF[4]GM[1]SZ[19]" o c ")" > (d "/parens-empty-" n ".sgf")
		print "(;FF[4]GM[1]SZ[19]" o ";B[aa]" c ")" > (d "/parens-node-" n ".sgf")
		print "(;FF[4]GM[1]SZ[19]" o > (d "/parens-open-" n ".sgf") }'
done
for n in 5000 10000 20000; do
	awk -v n="$n" 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"
		for (i = 0; i < n; i++) printf "(;B[aa]b[bb]"
		for (i = 0; i <= n; i++) printf ")"; print "" }' > "$dir/depth/findings-$n.sgf"
done
# Instructions and peak KB of checking each.
declare -A dir_ir dir_kb
for f in "$dir"/depth/*.sgf; do
	k=$(basename "$f" .sgf)
	dir_ir[$k]=$(ir "$bin" --no-config --jobs 1 --format concise "$f")
	/usr/bin/time -o "$dir/time" -f '%M' "$bin" --no-config --jobs 1 --format concise "$f" \
		> /dev/null 2>&1 || true
	dir_kb[$k]=$(tail -n 1 "$dir/time")
done
echo "depth: each file checked in place"
printf '%-22s %15s %10s\n' file instructions "peak KB"
for k in $(printf '%s\n' "${!dir_ir[@]}" | sort -V); do
	printf '%-22s %15s %10s\n' "$k" "${dir_ir[$k]}" "${dir_kb[$k]}"
done
# goal WHAT RATIO MAX: says whether RATIO is at most MAX.
goal() {
	local verdict=met
	awk -v r="$2" -v m="$3" 'BEGIN { exit !(r <= m) }' || { verdict="NOT met"; status=1; }
	printf 'goal: %s: %s (at most %s), %s\n' "$1" "$2" "$3" "$verdict"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
for shape in first empty node open; do
	goal "parens-$shape, 10,000 deep over 1,000 deep, instructions" \
		"$(ratio "${dir_ir[parens-$shape-10000]}" "${dir_ir[parens-$shape-1000]}")" 15
	goal "parens-$shape, 10,000 deep, peak MB" \
		"$(awk -v k="${dir_kb[parens-$shape-10000]}" 'BEGIN { printf "%.1f", k / 1024 }')" 100
done
goal "findings, 10,000 deep over 5,000, instructions" \
	"$(ratio "${dir_ir[findings-10000]}" "${dir_ir[findings-5000]}")" 2.2
goal "findings, 20,000 deep over 10,000, instructions" \
	"$(ratio "${dir_ir[findings-20000]}" "${dir_ir[findings-10000]}")" 2.2
exit $status
