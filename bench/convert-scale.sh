#!/bin/bash
# How --convert's time and memory grow with hostile inputs, as ratios: each
# shape at n, 2n, 4n and 8n, where a linear cost doubles from one to the
# next (ratio 2) and a quadratic one quadruples (4).
#
# Usage: bench/convert-scale.sh [--jgflint PATH] [--baseline PATH]
#   --jgflint P    the binary measured (default: $JGFLINT, else ./jgflint)
#   --baseline P   a second binary, measured on the same inputs after it
#
# Shapes: a UGF header of 10,000 to 80,000 variables (each kept under
# meta.ugf); an SGF game of 1,000 to 8,000 nested variations (each level a
# move with a sibling); an SGF game of 1,000 to 8,000 `(` before its
# second node, `)` as many (a `(` with no node after it opens no level:
# linear, issue 71); an SGF collection of 2,500 to 20,000 games (its
# peak memory as a multiple of its size: the games are read one at a time);
# one long game of 125,000 to 1,000,000 moves in SGF and NGF; a stand-in
# for Kogo's Joseki Dictionary (bench/kogo-standin.awk: 1.2 MB of SGF, a
# deep tree of variations with comments, labels and marks).
# The output is the wall time, the peak memory (GNU time) and the size of
# what was written, with each step's ratio to the one before; then issue
# 27's goals as ratios: at most 300 bytes of memory a move for one game, a
# record at most 10 times its source, at most 24 times the source's size
# in memory for the dictionary. A benchmark: it fails only when a
# conversion does (exit status 2).
set -uo pipefail
export LC_ALL=C
jgflint=${JGFLINT:-./jgflint} baseline= last=
while (($#)); do
	case $1 in
	--jgflint) jgflint=${2:?}; shift 2 ;;
	--baseline) baseline=${2:?}; shift 2 ;;
	-h | --help) sed -n '6,8s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "convert-scale.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
[ -x /usr/bin/time ] || { echo "convert-scale.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0

ugf() {   # ugf N FILE: a UGF header of N variables and two moves
	{ printf '[Header]\r\nVer=UGF3,200\r\nSize=19\r\n'
	  awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "Key%d=value %d\r\n", i, i }'
	  printf '[Data]\r\nQP,B1,1,0\r\nDP,W1,2,0\r\n'; } > "$2"
}
nested() {   # nested N FILE: N levels of variations, each a move and a sibling
	awk -v n="$1" 'BEGIN {
		c = "abcdefghijklmnopqrs"; printf "(;FF[4]GM[1]SZ[19]"
		for (i = 0; i < n; i++)
			printf "(;%s[%s%s]", i % 2 ? "W" : "B", substr(c, i % 19 + 1, 1), substr(c, int(i / 19) % 19 + 1, 1)
		for (i = n - 1; i >= 0; i--)
			printf "(;%s[%s%s]))", i % 2 ? "W" : "B", substr(c, (i + 7) % 19 + 1, 1), substr(c, (int(i / 19) + 3) % 19 + 1, 1)
		print ")" }' > "$2"
}
opened() {   # opened N FILE: N `(` before a node, N `)` after it
	awk -v n="$1" 'BEGIN { printf "(;FF[4]GM[1]SZ[19]"
		for (i = 0; i < n; i++) printf "("
		printf ";B[aa]"
		for (i = 0; i <= n; i++) printf ")"
		print "" }' > "$2"
}
collection() {   # collection N FILE: N short games of 60 moves, one after another
	awk -v n="$1" 'BEGIN {
		c = "abcdefghijklmnopqrs"
		for (g = 0; g < n; g++) {
			printf "(;FF[4]GM[1]SZ[19]PB[Black %d]PW[White %d]RE[B+R]", g, g
			for (i = 0; i < 60; i++)
				printf ";%s[%s%s]", i % 2 ? "W" : "B", substr(c, (i * 7 + g) % 19 + 1, 1), substr(c, (i * 3 + g) % 19 + 1, 1)
			print ")" } }' > "$2"
}

# run LABEL BIN FILE: converts FILE into a fresh directory; prints seconds,
# peak MB and MB written, and the ratios to the previous step.
prev=
run() {
	local label=$1 bin=$2 file=$3 out=$tmp/out
	rm -rf "$out" && mkdir "$out"
	/usr/bin/time -o "$tmp/time" -f '%e %M' "$bin" --convert -q --output "$out" "$file" > /dev/null 2>&1
	local status=$?
	if [ $status -gt 1 ]; then
		printf '  %-24s failed (exit %d)\n' "$label" $status
		failed=$((failed + 1)) prev=
		return
	fi
	local secs kb bytes
	read -r secs kb < <(tail -1 "$tmp/time")
	bytes=$(du -sb "$out" | cut -f1)
	local in
	in=$(stat -c %s "$file")
	if [ -n "$prev" ]; then
		read -r ps pk pb <<< "$prev"
		awk -v l="$label" -v s="$secs" -v k="$kb" -v b="$bytes" -v i="$in" -v ps="$ps" -v pk="$pk" -v pb="$pb" \
			'BEGIN { printf "  %-24s %7.2f s (x%.1f) %7.0f MB (x%.1f, %.1f times the input) %8.1f MB written (x%.1f)\n",
				l, s, s / (ps > 0.01 ? ps : 0.01), k / 1024, k / pk, k * 1024 / i, b / 1e6, b / pb }'
	else
		awk -v l="$label" -v s="$secs" -v k="$kb" -v b="$bytes" -v i="$in" \
			'BEGIN { printf "  %-24s %7.2f s        %7.0f MB       (%.1f times the input) %8.1f MB written\n",
				l, s, k / 1024, k * 1024 / i, b / 1e6 }'
	fi
	prev="$secs $kb $bytes"
	last="$kb $bytes $in"
}

# goal LABEL MOVES: issue 27's ratios for the run just made (last): memory a
# move (MOVES > 0), or memory and record as multiples of the source.
goal() {
	[ -n "$last" ] || return
	read -r kb bytes in <<< "$last"
	if [ "$2" -gt 0 ]; then
		awk -v l="$1" -v k="$kb" -v b="$bytes" -v i="$in" -v m="$2" 'BEGIN {
			printf "  %-24s %5.0f bytes of memory a move (goal 300: %s), record %.1f times its source (goal 10: %s)\n",
				l, k * 1024 / m, k * 1024 / m <= 300 ? "met" : "missed", b / i, b / i <= 10 ? "met" : "missed" }'
	else
		awk -v l="$1" -v k="$kb" -v b="$bytes" -v i="$in" 'BEGIN {
			printf "  %-24s memory %.1f times its source (goal 24: %s), record %.1f times (goal 10: %s)\n",
				l, k * 1024 / i, k * 1024 / i <= 24 ? "met" : "missed", b / i, b / i <= 10 ? "met" : "missed" }'
	fi
}

for n in 10000 20000 40000 80000; do ugf $n "$tmp/keys-$n.ugf"; done
for n in 1000 2000 4000 8000; do nested $n "$tmp/nested-$n.sgf"; done
for n in 1000 2000 4000 8000; do opened $n "$tmp/opened-$n.sgf"; done
for n in 2500 5000 10000 20000; do collection $n "$tmp/games-$n.sgf"; done
for n in 125000 250000 500000 1000000; do
	for f in sgf ngf; do awk -v n=$n -v format=$f -f "$(dirname "$0")/long-game.awk" > "$tmp/long-$n.$f"; done
done
awk -v nodes=35000 -f "$(dirname "$0")/kogo-standin.awk" > "$tmp/kogo.sgf"
for which in candidate baseline; do
	bin=$jgflint
	[ $which = baseline ] && bin=$baseline
	[ -n "$bin" ] || continue
	echo "$which: $bin"
	prev=
	for n in 10000 20000 40000 80000; do run "UGF, $n keys" "$bin" "$tmp/keys-$n.ugf"; done
	prev=
	for n in 1000 2000 4000 8000; do run "SGF, $n nested" "$bin" "$tmp/nested-$n.sgf"; done
	prev=
	for n in 1000 2000 4000 8000; do run "SGF, $n ( opened" "$bin" "$tmp/opened-$n.sgf"; done
	prev=
	for n in 2500 5000 10000 20000; do run "SGF, $n games" "$bin" "$tmp/games-$n.sgf"; done
	prev=
	for n in 125000 250000 500000 1000000; do run "SGF, $n moves" "$bin" "$tmp/long-$n.sgf"; done
	goal "SGF, 1000000 moves" 1000000
	prev=
	for n in 125000 250000 500000 1000000; do run "NGF, $n moves" "$bin" "$tmp/long-$n.ngf"; done
	goal "NGF, 1000000 moves" 1000000
	prev= last=
	run "Kogo stand-in" "$bin" "$tmp/kogo.sgf"
	goal "Kogo stand-in" 0
	prev= last=
	run "SGF, 2000 nested" "$bin" "$tmp/nested-2000.sgf"
	goal "SGF, 2000 nested" 0
done
[ $failed -eq 0 ]
