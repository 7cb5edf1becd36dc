#!/bin/bash
# What writing SGF from JGF costs (jgflint --convert --to sgf) beside what
# reading the same games from SGF into JGF costs (jgflint --convert), side
# by side on the same games: issue 40's goal is a ratio of at most 1.
#
# Usage: bench/sgfwrite.sh [--jgflint PATH] [--moves N] [--games N]
#                          [--nodes N] [--runs N] [--no-callgrind]
#   --jgflint P     the binary measured (default: $JGFLINT, else ./jgflint)
#   --moves N       the long game's moves (default 200000)
#   --games N       the collection's games (default 5000)
#   --nodes N       the Kogo stand-in's nodes (default 35000)
#   --runs N        read and write measured N times each, in turn (default 5)
#   --no-callgrind  time and peak memory only
#
# Shapes: one long game (bench/long-game.awk), a collection of N games of
# 60 moves in one SGF file, and the stand-in for Kogo's Joseki Dictionary
# (bench/kogo-standin.awk: a deep tree of variations, comments, labels).
# For each, "read" is `--convert --output R IN.sgf` (SGF to JGF, one record
# a game) and "write" is `--convert --to sgf --output W R` (those records
# back to SGF, one file a game). The two run in turn, read write read
# write ..., N times each (after one of each not counted), so that a pair
# meets the same machine: each is timed (CPU seconds, user + system, which
# the machine's other work disturbs less than the wall time) and its peak
# resident memory measured under GNU time, and write/read is taken pair by
# pair. The output gives the medians of each and of the pairs' ratios (the
# lowest and highest ratio beside it), then the instructions callgrind
# counts for one of each (the same on every machine; the long game and the
# collection at a tenth of their size there, callgrind being slow). A
# benchmark: it fails only when a conversion does (exit status 2).
set -uo pipefail
export LC_ALL=C
jgflint=${JGFLINT:-./jgflint} moves=200000 games=5000 nodes=35000 runs=5 callgrind=yes
while (($#)); do
	case $1 in
	--jgflint) jgflint=${2:?}; shift 2 ;;
	--moves) moves=${2:?}; shift 2 ;;
	--games) games=${2:?}; shift 2 ;;
	--nodes) nodes=${2:?}; shift 2 ;;
	--runs) runs=${2:?}; shift 2 ;;
	--no-callgrind) callgrind=no; shift ;;
	-h | --help) sed -n '6,13s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "sgfwrite.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
bench=$(cd "$(dirname "$0")" && pwd)
[ -x /usr/bin/time ] || { echo "sgfwrite.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
if [ $callgrind = yes ] && ! command -v valgrind > /dev/null; then
	echo "sgfwrite.sh: no valgrind: wall time and memory only" >&2
	callgrind=no
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0

collection() {   # collection N FILE: N games of 60 moves, one after another
	awk -v n="$1" 'BEGIN {
		c = "abcdefghijklmnopqrs"
		for (g = 0; g < n; g++) {
			printf "(;FF[4]GM[1]SZ[19]PB[Black %d]PW[White %d]BR[3k]WR[2d]RE[B+R]KM[6.5]DT[2024-03-01]", g, g
			for (i = 0; i < 60; i++)
				printf ";%s[%s%s]", i % 2 ? "W" : "B", substr(c, (i * 7 + g) % 19 + 1, 1), substr(c, (i * 3 + g) % 19 + 1, 1)
			print ")" } }' > "$2"
}

# measure OUT ARGS...: runs jgflint ARGS into OUT (made fresh); prints
# "cpu-seconds peak-kB", or nothing when it failed.
measure() {
	local out=$1
	shift
	rm -rf "$out"
	/usr/bin/time -o "$tmp/time" -f '%U %S %M' "$jgflint" "$@" > /dev/null 2>&1
	local status=$?
	if [ $status -gt 1 ]; then
		echo "sgfwrite.sh: $jgflint $* failed (exit $status)" >&2
		failed=$((failed + 1))
		return
	fi
	awk '{ printf "%.2f %d\n", $1 + $2, $3 }' < <(tail -1 "$tmp/time")
}

# instructions ARGS...: what callgrind counts for jgflint ARGS.
. "$bench/lib.sh"   # ir
instructions() { ir "$jgflint" "$@"; }

# median: the median of the numbers on standard input, one a line.
median() {
	sort -g | awk '{ v[NR] = $1 } END { if (NR) print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# shape LABEL FILE SMALL: read and write FILE in turn (SMALL: the file
# callgrind counts).
shape() {
	local label=$1 file=$2 small=$3 r w ri=- wi=- i
	: > "$tmp/pairs"
	for ((i = 0; i <= runs; i++)); do   # the first pair warms up, not counted
		r=$(measure "$tmp/r" --convert -q --jobs 1 --output "$tmp/r" "$file")
		w=$(measure "$tmp/w" --convert -q --jobs 1 --to sgf --output "$tmp/w" "$tmp/r")
		[ -n "$r" ] && [ -n "$w" ] || return
		((i)) && echo "$r $w" >> "$tmp/pairs"
	done
	if [ $callgrind = yes ]; then
		rm -rf "$tmp/cr" "$tmp/cw"
		ri=$(instructions --convert -q --jobs 1 --output "$tmp/cr" "$small")
		wi=$(instructions --convert -q --jobs 1 --to sgf --output "$tmp/cw" "$tmp/cr")
	fi
	local ngames rs rk ws wk tr mr
	ngames=$(find "$tmp/w" -name '*.sgf' | wc -l)
	rs=$(awk '{ print $1 }' "$tmp/pairs" | median)
	rk=$(awk '{ print $2 }' "$tmp/pairs" | median)
	ws=$(awk '{ print $3 }' "$tmp/pairs" | median)
	wk=$(awk '{ print $4 }' "$tmp/pairs" | median)
	awk '{ printf "%.4f %.4f\n", $3 / ($1 > 0.01 ? $1 : 0.01), $4 / $2 }' "$tmp/pairs" > "$tmp/ratios"
	tr=$(awk '{ print $1 }' "$tmp/ratios" | median)
	mr=$(awk '{ print $2 }' "$tmp/ratios" | median)
	awk -v l="$label" -v g="$ngames" -v rs="$rs" -v rk="$rk" -v ws="$ws" -v wk="$wk" \
	    -v tr="$tr" -v mr="$mr" -v ri="$ri" -v wi="$wi" -v n="$runs" -v pairs="$tmp/ratios" 'BEGIN {
		tmin = mmin = 1e9; tmax = mmax = 0
		while ((getline line < pairs) > 0) {
			split(line, f, " ")
			if (f[1] < tmin) tmin = f[1]; if (f[1] > tmax) tmax = f[1]
			if (f[2] < mmin) mmin = f[2]; if (f[2] > mmax) mmax = f[2]
		}
		printf "%-22s %6d games  read  %6.2f s %6.0f MB (median of %d)", l, g, rs, rk / 1024, n
		printf "\n%-36s write %6.2f s %6.0f MB", "", ws, wk / 1024
		printf "\n%-36s write/read, pair by pair: time %.2f (%.2f-%.2f), memory %.2f (%.2f-%.2f)", "", tr, tmin, tmax, mr, mmin, mmax
		if (ri != "-" && ri > 0)
			printf "\n%-36s instructions: read %.1f M, write %.1f M, write/read %.2f", "", ri / 1e6, wi / 1e6, wi / ri
		printf "\n" }'
}

awk -v n="$moves" -v format=sgf -f "$bench/long-game.awk" > "$tmp/long.sgf"
awk -v n=$((moves / 10)) -v format=sgf -f "$bench/long-game.awk" > "$tmp/long-small.sgf"
collection "$games" "$tmp/games.sgf"
collection $((games / 10)) "$tmp/games-small.sgf"
awk -v nodes="$nodes" -f "$bench/kogo-standin.awk" > "$tmp/kogo.sgf"
echo "jgflint: $jgflint (one job; CPU seconds and peak resident memory, medians of $runs runs in turn; instructions)"
shape "long game, $moves moves" "$tmp/long.sgf" "$tmp/long-small.sgf"
shape "collection" "$tmp/games.sgf" "$tmp/games-small.sgf"
shape "Kogo stand-in" "$tmp/kogo.sgf" "$tmp/kogo.sgf"
[ $failed -eq 0 ] || exit 2
