#!/bin/bash
# --fix of two jgflint binaries side by side (issue 70's goal: --fix of SGF
# no slower than before the one fix loop, b4d85a6; the guard's readings
# paid only where a round applied edits): instructions under callgrind
# (one job; deterministic on a loaded machine) and the best wall time of
# --runs, alternating, as ratios of the baseline's, on four sets:
#   many    REVIEW.md R27's many2.sgf: one lower-case `b` (a fix applied)
#           and --nodes `;` before values without a property, each refused
#   real    every SGF of testdata/ and of the shared samples (--samples,
#           else ../shared/samples beside the source tree, when present)
#   jgf     --count generated JGF records, each with one value to fix (a
#           player's colour "Black")
#   clean   the same records unbroken: --fix with nothing to fix
#   offer   the jgf set checked, no --fix: a check offers a fix only as
#           --fix would write it, judged (lint/fixjgf.c strings_keep)
#   search  --count JGF records checked, no --fix, each with 16 players
#           whose colours' fixes ("Black") make two players one colour:
#           the offer refused, searched, each subset judged (engine.h's
#           engine_again, its rules' lists built once a run)
#   latin   one SGF collection of 3 x --count games in ISO-8859-1 without
#           CA (names and comments in French, German, Spanish), each with
#           KM[6,5] and a C given twice: its set detected (issue 71: once a
#           file, handed to each round's and the guard's readings)
#   lcheck  the latin set checked, no --fix (the check's offer)
# Each run fixes a fresh copy (the files are copied before every run).
# Then how a plain check's guard grows (issue 74: no cost of an input's
# square), the instructions of each binary at a size n and at 10 n as a
# ratio (about 10: linear; 100: the square), on two shapes:
#   merged  one node of n = 25 --growth `C[xB[aa]`: a `]` lost in each
#           value, each its own fix into the one C they merge (R146)
#   refused n = --growth games `(;GM[1]C[a]C[xB[aa];B[aa])`, each C's merge refused
#           by the reading of the game only (R150: each probe read all)
# A benchmark, not a test: no number makes it fail.
#
# Usage: bench/fix.sh --baseline OLD --candidate NEW [--runs R] [--nodes N]
#                     [--count N] [--samples DIR]
#                     [--sets "many real jgf clean offer search latin lcheck" ("": none)]
#                     [--growth N (0: none; 40)]
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(dirname "$here")
old= new= runs=3 nodes=300 count=50 samples=$top/../shared/samples
sets="many real jgf clean offer search latin lcheck" growth=40
while (($#)); do
	case $1 in
	--baseline) old=${2:?}; shift 2 ;;
	--candidate) new=${2:?}; shift 2 ;;
	--runs) runs=${2:?}; shift 2 ;;
	--nodes) nodes=${2:?}; shift 2 ;;
	--count) count=${2:?}; shift 2 ;;
	--samples) samples=${2:?}; shift 2 ;;
	--sets) sets=${2?}; shift 2 ;;
	--growth) growth=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,38s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "fix.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
[[ -x $old && -x $new ]] || { echo "fix.sh: give --baseline and --candidate binaries" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "fix.sh: needs valgrind" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

mkdir "$dir/many" "$dir/real" "$dir/jgf" "$dir/clean" "$dir/search" "$dir/latin"
python3 -c "import sys; n = int(sys.argv[1]); print('(;GM[1]FF[4]SZ[19];b[pd]' +
  ''.join(';C[hi%d];[aa][bb];B[cc];W[dd]' % i for i in range(n)) + ')')" "$nodes" > "$dir/many/many2.sgf"
n=0   # each file by a number of its own (names repeat across folders)
while IFS= read -r -d '' f; do
	cp "$f" "$dir/real/$((n += 1))-${f##*/}"
done < <(find "$top/testdata" $([[ -d $samples ]] && printf '%s' "$samples") -name '*.sgf' -print0)
python3 "$here/gen-collection.py" --count "$count" "$dir/clean" > /dev/null
for f in "$dir"/clean/*.jgf; do
	sed '0,/"color": "black"/s//"color": "Black"/' "$f" > "$dir/jgf/${f##*/}"
done
python3 -c "
import json, sys
for k in range(int(sys.argv[2])):
    moves = [{'move': {'color': ('black', 'white')[i % 2], 'x': (i + k) % 9, 'y': 2 * i % 9}}
             for i in range(12)]
    players = [{'color': c, 'name': n} for c, n in (('black', 'A'), ('white', 'B'))]
    players += [{'color': ('Black', 'White')[i % 2], 'name': 'P%d' % i} for i in range(16)]
    open('%s/s%03d.jgf' % (sys.argv[1], k), 'w').write(json.dumps(
        {'record': {'format': 'JGF', 'version': 2}, 'game': {'type': 'go'},
         'players': players, 'board': {'size': 9}, 'tree': [{}] + moves}))
" "$dir/search" "$count"
python3 -c "
import random, sys
rng = random.Random(5)
names = ['Frédéric Donzet', 'Rémi Campagnie', 'Jürgen Müller', 'José García', 'Åke Svensson',
         'Søren Jensen', 'Hélène Ørsted', 'Björn Grönlund', 'Zoë Kühn', 'Niccolò Sgarbi']
said = ['très bon coup', 'schöner Zug', 'La partie était équilibrée.', 'Noir a joué trop lentement.',
        'Weiß hätte hier schneiden müssen.', 'Después de esto, blanco está mejor.']
games = []
for g in range(3 * int(sys.argv[2])):
    t = '(;GM[1]FF[4]SZ[19]PB[%s]PW[%s]KM[6,5]RE[B+R]C[%s]C[%s]' % (
        rng.choice(names), rng.choice(names), rng.choice(said), rng.choice(said))
    for m in range(60):
        t += ';%s[%s%s]' % ('BW'[m % 2], chr(97 + rng.randrange(19)), chr(97 + rng.randrange(19)))
        t += 'C[%s]' % rng.choice(said) if m % 15 == 3 else ''
    games.append(t + ')\\n')
open(sys.argv[1] + '/latin.sgf', 'wb').write(''.join(games).encode('latin-1'))
" "$dir/latin" "$count"

# A fresh copy of set, fixed by one --fix (jgflint exits 1 on findings:
# no failure); the copy is made before the run is timed. The offer set is
# the jgf set's, checked without --fix; so is the search set.
from() { case $1 in offer) echo jgf ;; lcheck) echo latin ;; *) echo "$1" ;; esac; }
fresh() {
	rm -rf "$dir/work" && cp -r "$dir/$(from "$1")" "$dir/work"
	case $1 in offer | search | lcheck) mode= ;; *) mode=$1 ;; esac
}
fix() { # [COMMAND ARGS... before BIN] BIN
	"$@" --no-config --jobs 1 --format concise -q ${mode:+--fix} --extensions .sgf,.jgf \
		"$dir/work"
}
wall() { # BIN SET: seconds of one run
	fresh "$2"
	local t0=$EPOCHREALTIME
	fix "$1" > /dev/null 2>&1 || true
	awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }'
}
. "$here/lib.sh"   # ir
fix_ir() { # BIN SET: instructions of one run
	fresh "$2"
	fix ir "$1"
}

printf '%-6s %6s %16s %16s %7s %9s %9s %7s\n' set files "baseline Ir" "candidate Ir" ratio \
	"base s" "cand s" ratio
for set in $sets; do
	files=$(find "$dir/$(from "$set")" -type f | wc -l)
	oi=$(fix_ir "$old" "$set") ni=$(fix_ir "$new" "$set")
	ob= nb=
	for ((r = 0; r < runs; r++)); do
		o=$(wall "$old" "$set") n=$(wall "$new" "$set")
		ob=$(awk -v a="${ob:-$o}" -v b="$o" 'BEGIN { print (b < a ? b : a) }')
		nb=$(awk -v a="${nb:-$n}" -v b="$n" 'BEGIN { print (b < a ? b : a) }')
	done
	printf '%-6s %6s %16s %16s %7.2f %9s %9s %7.2f\n' "$set" "$files" "$oi" "$ni" \
		"$(awk -v a="$oi" -v b="$ni" 'BEGIN { print b / a }')" "$ob" "$nb" \
		"$(awk -v a="$ob" -v b="$nb" 'BEGIN { print b / a }')"
done

# The growth: one shape's file of n, checked (no --fix).
shape() { # SHAPE N FILE
	python3 -c "import sys; n = int(sys.argv[2]); open(sys.argv[3], 'w').write(
  '(;GM[1]FF[4]SZ[19];B[aa]' + 'C[xB[aa]' * n + ')' if sys.argv[1] == 'merged' else
  '(;GM[1]C[a]C[xB[aa];B[aa])' * n)" "$@"
}
if ((growth)); then
	printf '\n%-8s %8s %16s %16s %7s %16s %16s %7s\n' shape n "baseline Ir" "at 10 n" ratio \
		"candidate Ir" "at 10 n" ratio
	mkdir "$dir/growth"
	for s in merged refused; do
		n=$growth; [[ $s == merged ]] && n=$((25 * growth))
		shape "$s" "$n" "$dir/growth/a.sgf"
		shape "$s" $((n * 10)) "$dir/growth/b.sgf"
		row=()
		for bin in "$old" "$new"; do
			a=$(ir "$bin" --no-config -q "$dir/growth/a.sgf")
			b=$(ir "$bin" --no-config -q "$dir/growth/b.sgf")
			row+=("$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", b / a }')")
		done
		printf '%-8s %8s %16s %16s %7s %16s %16s %7s\n' "$s" "$n" "${row[@]}"
	done
fi
