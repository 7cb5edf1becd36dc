#!/bin/bash
# Checks of records with many findings of one kind, at N and 10N of them
# (issue 74: no input whose cost grows with its square), each the ratio of
# instructions (callgrind, one job: deterministic on a loaded machine) at
# 10N to N; linear is 10, less where the start dominates. Goal: at most 11.
# - syntax: p(N).jgf, JSON in the JavaScript style (read/repair.c), one
#   object of N members `kI: [1, 2,]`, an unquoted key and a trailing comma
#   each: 2N findings, each with its own fix (lint/lint.c's attach_repair).
#   On 4037f41: p500 22.0 M, p5000 588.9 M (26.8: each problem's finding
#   looked for in all the findings before it, the repair run three times);
#   after, 16.0 M and 118.7 M (7.4), p50000 1,171 M (9.9 over p5000);
#   with the run's reading past the defect shared, 15.0 M and 110.6 M.
# - colours: c(N).jgf, 2N passes whose colours are SGF's letters ("b",
#   "w"): two findings whose fixes rewrite 2N strings in place, which a
#   check's offer judges (lint/fixjgf.c's used_in_place). On 50296d5:
#   N=500 58.6 M, N=5000 3,037.0 M (51.8: each fix's values compared with
#   every earlier fix's, at each probe of the search); after, 35.5 M and
#   363.7 M (10.2).
# - colours --fix --diff: the same records fixed, each round's edits
#   placed (lint/edit.c's fix_apply_some). On 442c38d: N=500 46.8 M,
#   N=5000 1,115.4 M (23.8: each edit compared with every one taken
#   before it); after, 39.7 M and 391.3 M (9.9).
# - guard --fix --diff: m(N).jgf, N moves each with a markup point written
#   as an array ([3, 4]): N fixes, each naming its node, which the guard
#   (lint/jgfsame.c) allows to change. On 6ffe39d: N=500 105.2 M,
#   N=5000 6,232.6 M (59.3: each changed node looked for in every named
#   pointer); after, the named pointers a set: 49.2 M and 481.0 M (9.8).
# - recovered: r(N).jgf, m(N) with every key unquoted: the rest of the
#   record checked past the syntax (lint/lint.c's lint_recovered), N
#   wrong-type findings taken beside some 7N json-syntax ones (read/load.c's
#   document_take_findings). On 6ffe39d, N=1000 and N=10000: 174.0 M,
#   8,196.7 M (47.1: each finding taken looked for in all the check's);
#   after, 104.1 M and 1,022.7 M (9.8).
# - points: d(N).jgf, one markup entry listing N points twice each (of
#   the 361 a board has, in turn): N duplicate-point findings whose fixes
#   remove an element of one array, which a check's offer places
#   (lint/edit.c's remove_edit). On ce65bf9, N=300 and N=3000: 53.8 M,
#   4,255.4 M (79.1: each removal asked the locator for all the array's
#   elements); after, the elements kept while a round's edits are made:
#   17.3 M and 251.1 M (14.5).
# - refused: k(N/10).jgf, N/10 nodes whose `coments` is a string: N/10
#   renames to `comments`, each adding a wrong-type error, so a check's
#   offer and --fix refuse them all. On 976afb1, N/10=30 and 300: 75.0 M,
#   7,659.1 M (102: the search halved down to each fix, a check of the
#   whole record a probe); each refused fix blamed on the error in what its
#   edit wrote (lint/fixjgf.c's blame_added): 3.1 M and 26.6 M (8.6),
#   3,000 264.6 M (9.9 over 300).
# A benchmark, not a test.
#
# Usage: bench/repairs.sh [--problems N] BINARY...   (N: 500 by default)
set -euo pipefail
export LC_ALL=C

members=500
while (($#)); do
	case $1 in
	--problems) members=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,50s/^# \{0,1\}//p' "$0"; exit 0 ;;
	-*) echo "repairs.sh: unknown option: $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
(($#)) || { echo "repairs.sh: give one or more jgflint binaries" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "repairs.sh: needs valgrind" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

for n in "$members" $((10 * members)); do
	python3 -c "import sys; n = int(sys.argv[1]); print('{\"jgf\": 2, \"x\": {' +
	  ', '.join('k%d: [1, 2,]' % i for i in range(n)) + '}}')" "$n" > "$dir/p$n.jgf"
	python3 -c "import json, sys; n = int(sys.argv[1]); print(json.dumps({'record': {'format': 'JGF',
	  'version': 2}, 'game': {'type': 'go', 'result': 'B+R'}, 'board': {'size': 19}, 'tree': [{}] +
	  [{'move': {'color': 'bw'[i % 2], 'pass': True}} for i in range(n)]}, indent=1))" \
	  $((2 * n)) > "$dir/c$n.jgf"
	python3 -c "import json, sys; n = int(sys.argv[1]); print(json.dumps({'record': {'format': 'JGF',
	  'version': 2}, 'game': {'type': 'go'}, 'board': {'width': 9, 'height': 9}, 'tree': [{}] +
	  [{'move': {'color': 'bw'[i % 2], 'pass': True}, 'markup': [{'type': 'triangle',
	  'coords': [[i % 9, i // 9 % 9]]}]} for i in range(n)]}, indent=1))" "$n" > "$dir/m$n.jgf"
	sed 's/"\([A-Za-z_]*\)":/\1:/g' "$dir/m$n.jgf" > "$dir/r$n.jgf"
	python3 -c "import json, sys; n = int(sys.argv[1]); p = [{'x': i % 19, 'y': i // 19} for i in range(361)]; print(
	  json.dumps({'record': {'format': 'JGF', 'version': 2}, 'game': {'type': 'go'}, 'board': {'width': 19,
	  'height': 19}, 'tree': [{'markup': [{'type': 'triangle', 'coords': [p[k % 361] for k in range(n)
	  for _ in (0, 1)]}]}]}, indent=1))" "$n" > "$dir/d$n.jgf"
	python3 -c "import json, sys; n = int(sys.argv[1]); print(json.dumps({'record': {'format': 'JGF',
	  'version': 2}, 'game': {'type': 'go'}, 'board': {'size': 19}, 'tree': [{}] + [{'move': {'color':
	  ['black', 'white'][i % 2], 'pass': True}, 'coments': 'text %d' % i} for i in range(n)]}, indent=1))" \
	  $((n / 10)) > "$dir/k$n.jgf"
done

. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"   # ir

printf '%-8s %-40s %14s %14s %7s\n' shape binary "N=$members Ir" "N=$((10 * members)) Ir" ratio
for bin in "$@"; do
	for shape in p c fix m r d k; do
		file=$shape flag=
		[ $shape = fix ] && file=c flag="--fix --diff"
		[ $shape = m ] && flag="--fix --diff"
		# shellcheck disable=SC2086
		a=$(ir "$bin" --no-config --jobs 1 --format concise -q $flag "$dir/$file$members.jgf")
		# shellcheck disable=SC2086
		b=$(ir "$bin" --no-config --jobs 1 --format concise -q $flag "$dir/$file$((10 * members)).jgf")
		printf '%-8s %-40s %14s %14s %7.2f\n' \
			"$(case $shape in p) echo syntax ;; c) echo colours ;; m) echo guard ;; r) echo recovered ;; d) echo points ;; k) echo refused ;; *) echo fix ;; esac)" \
			"$(printf %s "$bin" | tail -c 40)" "$a" "$b" \
			"$(awk -v a="$a" -v b="$b" 'BEGIN { print b / a }')"
	done
done
