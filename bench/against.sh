#!/bin/bash
# jgflint duplicates --against one game, on an index of 100,000 games of a
# dense collection and on one of 1,000 of the same kind, side by side: the
# look-up reads the games the one game can be grouped with (by the index's
# opening hash and fingerprints), not the index whole, so its time does not
# grow with the index (issue 49's goal: under 50 ms on 100,000 games).
#
# Usage: bench/against.sh [--games N] [--small N] [--runs R] [--jgflint PATH]
#   --games N      games of the large index (default 100000)
#   --small N      games of the small one (default 1000)
#   --runs R       runs of each look-up, the best and the median kept (default 7)
#   --jgflint P    binary to measure (default: $JGFLINT, else ./jgflint)
#
# The collections (bench/gen-games.c with DISTINCT 500: 500 games, each
# written again and again under the 8 symmetries, half of the copies with
# a move changed, inserted or deleted, or cut short; 1,000 games a file)
# are indexed once each (the time and size said); then, against each
# index, R runs of two look-ups: a game of none of them (a game of
# another seed) and a copy of one of the 500 (its family: about N/500
# copies, which the report groups: a family grows with a dense collection,
# so its grouping does too). CPU time (user + system, by getrusage) is the
# figure: the wall time of a shared machine is mostly waiting. A
# benchmark, not a test: it fails only when a program does (exit 2).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
games=100000 small=1000 runs=7
jgflint=${JGFLINT:-./jgflint}
while (($#)); do
	case $1 in
	--games) games=${2:?}; shift 2 ;;
	--small) small=${2:?}; shift 2 ;;
	--runs) runs=${2:?}; shift 2 ;;
	--jgflint) jgflint=${2:?}; shift 2 ;;
	*) sed -n '8,12s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
	esac
done
[ -x /usr/bin/time ] || { echo "against.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
jgflint=$(cd "$(dirname "$jgflint")" && pwd)/$(basename "$jgflint")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/jgflint-bench-against.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"${CC:-cc}" -O2 -o "$tmp/gen-games" "$here/gen-games.c"

timed() { # timed OUT CMD...: "wall cpu peak_kb" of one run into OUT
	local status=0
	/usr/bin/time -o "$tmp/time" -f '%e %U %S %M' "$@" >/dev/null 2>"$tmp/err" || status=$?
	if ((status > 1)); then
		echo "against.sh: $* failed (exit $status):" >&2
		cat "$tmp/err" >&2
		exit 2
	fi
	tail -1 "$tmp/time" | awk '{ printf "%s %.3f %s\n", $1, $2 + $3, $4 }'
}
index() { # index N DIR: the collection made and indexed; its line said
	mkdir "$2"
	"$tmp/gen-games" "$1" 1000 1 "$2" 500
	read -r w c p < <(timed "$jgflint" duplicates --exit-zero --index "$2.db" "$2")
	# (the index's goal: at most 1 KB a game, issue 72)
	printf '%7d games indexed: %7.1f s wall, %7.1f s CPU, %6.0f MB peak, index %5.0f MB, %5.0f B a game\n' \
		"$1" "$w" "$c" "$(echo "$p / 1024" | bc -l)" \
		"$(echo "$(stat -c %s "$2.db") / 1048576" | bc -l)" "$(echo "$(stat -c %s "$2.db") / $1" | bc -l)"
}
against() { # against DB GAME: "best median" CPU seconds of R look-ups (getrusage's
	# microseconds: GNU time's hundredths are too coarse)
	python3 - "$runs" "$jgflint" duplicates --exit-zero --against "$1" "$2" <<'EOF_PY'
import resource, subprocess, sys
runs, cmd, cpu = int(sys.argv[1]), sys.argv[2:], []
for _ in range(runs):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    if subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode > 1:
        sys.exit("against.sh: %s failed" % " ".join(cmd))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
cpu.sort()
print("%.4f %.4f" % (cpu[0], cpu[(len(cpu) - 1) // 2]))
EOF_PY
}

index "$games" "$tmp/large"
index "$small" "$tmp/small"
# A game of none of them: another seed's first game; a copy: the large
# collection's game 600 (a copy of one of the 500, which both hold)
"$tmp/gen-games" 1 1 7 "$tmp"
mv "$tmp/00000.sgf" "$tmp/none.sgf"
awk -v RS='\\)\n' 'NR == 601 { print $0 ")"; exit }' "$tmp"/large/00000.sgf > "$tmp/copy.sgf"
for game in none copy; do
	read -r lb lm <<<"$(against "$tmp/large.db" "$tmp/$game.sgf")"
	read -r sb sm <<<"$(against "$tmp/small.db" "$tmp/$game.sgf")"
	"$jgflint" duplicates --exit-zero --against "$tmp/large.db" "$tmp/$game.sgf" 2>&1 >/dev/null | tail -1
	printf -- '--against, a game %-9s %d games: %6.1f ms CPU (best %5.1f); %d games: %6.1f ms (best %5.1f); ratio %.2f\n' \
		"$([ $game = none ] && echo 'of none:' || echo 'copied:')" "$games" \
		"$(echo "$lm * 1000" | bc -l)" "$(echo "$lb * 1000" | bc -l)" "$small" \
		"$(echo "$sm * 1000" | bc -l)" "$(echo "$sb * 1000" | bc -l)" "$(echo "$lm / $sm" | bc -l)"
done
