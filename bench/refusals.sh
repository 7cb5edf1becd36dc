#!/bin/bash
# A check and --fix of SGF with many fixes the guard refuses, at N and 2N
# of them (REVIEW.md R39; issue 74: no input whose cost grows with its
# square): s(N).sgf is tests/fix_search.sh's s.sgf grown, one game of a
# lower-case `b` (a fix applied) and N variations
# `(;C[hi i];;B[aa](;B[cc])(;W[dd])C[])`, each an empty node (applied) and
# an empty text after the node's variations (read as one more variation:
# its fix takes that variation out, the guard refuses it), every 7th's
# comment `(hi i)` (a `(` in a window: judged in the whole text). A check's
# offer and --fix search such rounds for the fixes that spoil them (the
# fix loop's search, lint/fixloop.c); before each fix was judged alone in
# the nodes around it, that search read the whole file again ~2N times.
# (Until 4244908 the refused fixes were `;` before values without a
# property, which sgfedit.c now refuses before any round: this measured
# that refusal, not the search.) Prints the instructions (callgrind, one
# job: deterministic on a loaded machine) of each binary given, at N and
# 2N, and the ratio 2N/N. Goal: at most 2.2 (linear: 2.0). On 27e93bf:
# check s50 329 M, s100 1,311 M (3.98: the search grows with the square
# and more; s400's check 23 s), --fix 340 M, 1,340 M (3.94), where the
# old shape gave 1.80 and 1.89. A benchmark, not a test.
#
# Usage: bench/refusals.sh [--nodes N] BINARY...   (N: 100 by default)
set -euo pipefail
export LC_ALL=C

nodes=100
while (($#)); do
	case $1 in
	--nodes) nodes=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,22s/^# \{0,1\}//p' "$0"; exit 0 ;;
	-*) echo "refusals.sh: unknown option: $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
(($#)) || { echo "refusals.sh: give one or more jgflint binaries" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "refusals.sh: needs valgrind" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

for n in "$nodes" $((2 * nodes)); do
	python3 -c "import sys; n = int(sys.argv[1]); print('(;GM[1]FF[4]SZ[19];b[pd]' + ''.join(
	  '(;C[%s];;B[aa](;B[cc])(;W[dd])C[])' % ('(hi%d)' if i % 7 == 3 else 'hi%d') % i
	  for i in range(n)) + ')')" "$n" > "$dir/s$n.sgf"
done

. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"   # ir
run_ir() { # BIN FILE [--fix]: instructions of one run (--fix of a fresh copy)
	cp "$2" "$dir/work.sgf"
	ir "$1" --no-config --jobs 1 --format concise -q ${3:-} "$dir/work.sgf"
}

printf '%-8s %-40s %16s %16s %7s\n' run binary "s$nodes Ir" "s$((2 * nodes)) Ir" ratio
for bin in "$@"; do
	for how in check --fix; do
		flag=
		[[ $how = --fix ]] && flag=--fix
		a=$(run_ir "$bin" "$dir/s$nodes.sgf" $flag) b=$(run_ir "$bin" "$dir/s$((2 * nodes)).sgf" $flag)
		printf '%-8s %-40s %16s %16s %7.2f\n' "$how" "$(printf %s "$bin" | tail -c 40)" "$a" "$b" \
			"$(awk -v a="$a" -v b="$b" 'BEGIN { print b / a }')"
	done
done
