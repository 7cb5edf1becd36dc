#!/bin/bash
# jgflint duplicates over a collection, side by side with the lint of the
# same games: issue 41's goal is 100,000 games in well under a minute, in
# memory bounded by the number of games, not their size.
#
# Usage: bench/duplicates.sh [--games N] [--count N] [--dense SIZES] [--runs R]
#                            [--truth SEEDS] [--jgflint PATH]
#   --games N      SGF games (default 100000; 0: none), bench/gen-games.c's
#   --count N      JGF records (default 1000; 0: none), gen-collection.py's
#   --dense SIZES  a dense collection at each size (default "10000 25000 50000
#                  100000"; "": none), each size's CPU against the first's
#   --runs R       runs of each, the best kept (default 3)
#   --truth SEEDS  precision and recall on tests/duplicates_truth.py's ground
#                  truth (--aside --wide, 300 games) of each seed (default
#                  "1 2 3 4 5"; "": none)
#   --jgflint P    binary to measure (default: $JGFLINT, else ./jgflint)
#
# The SGF games (bench/gen-games.c, compiled with $CC, else cc) are legal
# random games of 120 to 280 moves, 100 files of N/100 games, one game in
# 100 a turned copy of an earlier one and one in 200 a truncated one: the
# lint of them (--extensions .sgf: each checked in place, as the record it
# reads as) finds nothing. The JGF records (bench/gen-collection.py, about
# 60 a second to make) are about 300 moves with variations and comments,
# also read as one SGF collection (bench/jgf2sgf.py). For each: the best
# wall time of R runs with its CPU time, the peak memory (GNU time), and
# for the SGF games the memory a game costs: the peak over N games less
# that over their first tenth, over the games between. The dense
# collection (issue 49's: bench/gen-games.c with DISTINCT 500, 500 games
# each written again and again under the symmetries, half the copies with
# a move changed, inserted or deleted or cut short; 1,000 games a file) is
# measured at each size, its lint beside it (one run): the peak memory
# a game (the peak over the size, whole), the time a game, whose
# growth from size to size says whether it is linear (the best of R runs:
# one run's CPU time at 10,000 games moved by 5% on the shared machine,
# and the ratio of 100,000's to it with it), and the ratio of
# its CPU time to the lint's. A benchmark, not a
# test: it fails only when a program does (exit 2).
set -euo pipefail
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
games=100000 count=1000 runs=3 dense="10000 25000 50000 100000" truth="1 2 3 4 5"
jgflint=${JGFLINT:-./jgflint}
while (($#)); do
	case $1 in
	--games) games=${2:?}; shift 2 ;;
	--count) count=${2:?}; shift 2 ;;
	--dense) dense=${2?}; shift 2 ;;
	--runs) runs=${2:?}; shift 2 ;;
	--truth) truth=${2?}; shift 2 ;;
	--jgflint) jgflint=${2:?}; shift 2 ;;
	*) sed -n '6,16s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
	esac
done
[ -x /usr/bin/time ] || { echo "duplicates.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
jgflint=$(cd "$(dirname "$jgflint")" && pwd)/$(basename "$jgflint")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/jgflint-bench-dup.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

best() { # best of $runs runs of "$@": "wall cpu peak" (seconds; cpu = user + system;
	# the peak resident memory in KB, the most of any run), by GNU time
	local b= c= p=0 w u sy m status
	for ((r = 0; r < runs; r++)); do
		status=0
		/usr/bin/time -o "$tmp/time" -f '%e %U %S %M' "$@" >/dev/null 2>"$tmp/err" || status=$?
		if ((status > 1)); then
			echo "duplicates.sh: $* failed (exit $status):" >&2
			cat "$tmp/err" >&2
			exit 2
		fi
		read -r w u sy m < <(tail -1 "$tmp/time")   # after "Command exited with ..."
		if [[ -z $b ]] || (($(echo "$w < $b" | bc -l))); then b=$w c=$(echo "$u + $sy" | bc -l); fi
		((m > p)) && p=$m
	done
	echo "$b $c $p"
}
row() { # row LABEL WALL CPU N [PEAK_KB]
	printf '%-46s %7.2f s wall, %7.2f s CPU, %7.0f games/s CPU' "$1" "$2" "$3" \
		"$(echo "$4 / $3" | bc -l)"
	if (($# > 4)); then printf ', %6.1f MB peak' "$(echo "$5 / 1024" | bc -l)"; fi
	echo
}

if ((games > 0)); then
	per_file=$(((games + 99) / 100))
	"${CC:-cc}" -O2 -o "$tmp/gen-games" "$here/gen-games.c"
	mkdir "$tmp/sgf" "$tmp/tenth"
	"$tmp/gen-games" "$games" "$per_file" 1 "$tmp/sgf"
	cp "$tmp"/sgf/0000[0-9].sgf "$tmp/tenth/"   # a directory walk follows no symbolic link
	tenth=$(cat "$tmp"/tenth/*.sgf | grep -c '^(;' || true)
	read -r lint lint_cpu lint_peak <<<"$(best "$jgflint" --jobs 1 --format concise --extensions .sgf "$tmp/sgf")"
	read -r _ _ tenth_peak <<<"$(best "$jgflint" duplicates "$tmp/tenth")"
	read -r dup dup_cpu dup_peak <<<"$(best "$jgflint" duplicates "$tmp/sgf")"
	tail -1 "$tmp/err"   # its summary
	printf '%d SGF games (%.0f MB)\n' "$games" "$(du -sk "$tmp/sgf" | awk '{ print $1 / 1024 }')"
	row "jgflint --jobs 1 --extensions .sgf (lint):" "$lint" "$lint_cpu" "$games" "$lint_peak"
	row "jgflint duplicates:" "$dup" "$dup_cpu" "$games" "$dup_peak"
	printf 'ratio duplicates/lint (CPU): %.2f\n' "$(echo "$dup_cpu / $lint_cpu" | bc -l)"
	printf 'memory a game: %.0f bytes (%d games: %.1f MB, %d games: %.1f MB)\n' \
		"$(echo "($dup_peak - $tenth_peak) * 1024 / ($games - $tenth)" | bc -l)" \
		"$tenth" "$(echo "$tenth_peak / 1024" | bc -l)" "$games" "$(echo "$dup_peak / 1024" | bc -l)"
fi

if ((count > 0)); then
	python3 "$here/gen-collection.py" --count "$count" --seed 1 "$tmp/jgf" >/dev/null
	python3 "$here/jgf2sgf.py" "$tmp"/jgf/*.jgf >"$tmp/collection.sgf"
	read -r lint lint_cpu _ <<<"$(best "$jgflint" --jobs 1 --format concise "$tmp/jgf")"
	read -r dj dj_cpu dj_peak <<<"$(best "$jgflint" duplicates "$tmp/jgf")"
	read -r ds ds_cpu ds_peak <<<"$(best "$jgflint" duplicates "$tmp/collection.sgf")"
	printf '%d JGF records\n' "$count"
	row "jgflint --jobs 1 (lint the JGF records):" "$lint" "$lint_cpu" "$count"
	row "jgflint duplicates (the JGF records):" "$dj" "$dj_cpu" "$count" "$dj_peak"
	row "jgflint duplicates (one SGF collection):" "$ds" "$ds_cpu" "$count" "$ds_peak"
	printf 'ratio duplicates (JGF)/lint (CPU): %.2f\n' "$(echo "$dj_cpu / $lint_cpu" | bc -l)"
	printf 'ratio duplicates (SGF)/lint (CPU): %.2f\n' "$(echo "$ds_cpu / $lint_cpu" | bc -l)"
fi

if [[ -n $dense ]]; then
	"${CC:-cc}" -O2 -o "$tmp/gen-games" "$here/gen-games.c"
	saved=$runs
	echo "dense collection (500 games, each again and again under the symmetries and edits):"
	printf '%8s %10s %10s %8s %10s %10s %12s %12s\n' games "dup CPU s" "lint CPU s" "dup/lint" \
		"dup MB" "lint MB" "dup B/game" "dup us/game"
	ratios=
	for n in $dense; do
		rm -rf "$tmp/dense"
		mkdir "$tmp/dense"
		"$tmp/gen-games" "$n" 1000 1 "$tmp/dense" 500
		runs=$saved
		read -r _ dc dp <<<"$(best "$jgflint" duplicates "$tmp/dense")"
		runs=1
		read -r _ lc lp <<<"$(best "$jgflint" --jobs 1 --format concise --extensions .sgf "$tmp/dense")"
		printf '%8d %10.2f %10.2f %8.2f %10.1f %10.1f %12.0f %12.1f\n' "$n" "$dc" "$lc" \
			"$(echo "$dc / $lc" | bc -l)" \
			"$(echo "$dp / 1024" | bc -l)" "$(echo "$lp / 1024" | bc -l)" \
			"$(echo "$dp * 1024 / $n" | bc -l)" "$(echo "$dc * 1000000 / $n" | bc -l)"
		[[ -n ${first_n:-} ]] || first_n=$n first_c=$dc
		ratios+="$(printf ' %d: %.2fx for %.1fx the games;' "$n" \
			"$(echo "$dc / $first_c" | bc -l)" "$(echo "$n / $first_n" | bc -l)")"
	done
	# (issue 72's goal: 100,000 games at most 10.5x the CPU of 10,000)
	echo "dup CPU against the first size's:${ratios%;}"
	runs=$saved
fi

# What a keeper deletes by: the pairs of files grouped against the truth's
# (precision: no pair of two games; recall: every copy found), and the
# groups that hold two games or keep a cut copy, a seed a line.
if [[ -n $truth ]]; then
	echo "ground truth (tests/duplicates_truth.py --aside --wide, 300 games a seed):"
	for seed in $truth; do
		rm -rf "$tmp/truth"
		python3 "$here/../tests/duplicates_truth.py" gen --games 300 --seed "$seed" --aside --wide \
			"$tmp/truth" > /dev/null
		status=0
		"$jgflint" duplicates --format json "$tmp/truth" > "$tmp/truth.json" 2> /dev/null || status=$?
		if ((status > 1)); then
			echo "duplicates.sh: duplicates over the ground truth failed (exit $status)" >&2
			exit 2
		fi
		printf 'seed %s: ' "$seed"
		python3 "$here/../tests/duplicates_truth.py" score "$tmp/truth" "$tmp/truth.json" --quiet \
			--classes > "$tmp/score" || true
		sed '/^by class/,$d' "$tmp/score" | tr '\n' ' '
		echo
		sed '1,/^by class/d' "$tmp/score" >> "$tmp/classes"
	done
	# Each class of copy over every seed (each seed one run over its whole
	# set): recall, the copies said to be a fragment of their game and
	# others, those missed, found (recall with the copies no finder can
	# place said so: duplicates_truth.py's undecidable, bench/README.md),
	# and precision.
	echo "by class, seeds $truth together:"
	python3 - "$tmp/classes" <<'EOF_PY'
import re, sys
tot = {}
for line in open(sys.argv[1]):
    m = re.match(r"\s+(\S+)\s+(\d+)\s+grouped\s+(\d+).*fragment\s+(\d+)\s+missed\s+(\d+)"
                 r"\s+found\s+(\d+).*precision\s+([\d.]+)", line)
    if m:
        t = tot.setdefault(m.group(1), [0, 0, 0, 0, 0, 1.0])
        for k in range(5):
            t[k] += int(m.group(k + 2))
        t[5] = min(t[5], float(m.group(7)))
for c, (n, g, f, missed, found, p) in sorted(tot.items()):
    print("  %-24s %5d copies: recall %.4f, %3d in a fragment, %3d missed; found %.4f;"
          " precision %.4f" % (c, n, g / n, f, missed, found / n, p))
EOF_PY
fi
