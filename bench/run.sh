#!/bin/bash
# jgflint throughput benchmark: jgflint against the json-c parse-only floor.
#
# Usage: bench/run.sh [--count N] [--jgflint PATH] [--dir CACHE_DIR]
#   --count N      records to generate (default 20000)
#   --jgflint P    binary to measure (default: $JGFLINT, else ./jgflint, i.e.
#                  run from the build directory)
#   --dir D        keep the generated collection in D and reuse it on later
#                  runs with the same --count (default: a temp dir, removed)
#
# Both programs get the same files in the same batches; each is run 3 times,
# alternating, and the best wall time of each is reported.  A benchmark, not
# a test: no number makes it fail.  See bench/README.md.
set -euo pipefail
export LC_ALL=C # '.' as the decimal point, in $EPOCHREALTIME too

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
count=20000
jgflint=${JGFLINT:-./jgflint}
cache=
seed=1
runs=3
batch=2000 # files per command line: well under ARG_MAX, few process starts

usage() { sed -n '4,9s/^# \{0,1\}//p' "$0"; }
while (($#)); do
	case $1 in
	--count) count=${2:?}; shift 2 ;;
	--jgflint) jgflint=${2:?}; shift 2 ;;
	--dir) cache=${2:?}; shift 2 ;;
	-h | --help) usage; exit 0 ;;
	*) echo "run.sh: unknown argument: $1" >&2; usage >&2; exit 2 ;;
	esac
done
[[ $count =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: bad --count: $count" >&2; exit 2; }

# Resolve jgflint now: a bare name is looked up in PATH, a relative path is
# taken from the current directory.
if [[ $jgflint != */* ]]; then
	found=$(type -P "$jgflint") || { echo "run.sh: $jgflint not found in PATH" >&2; exit 2; }
	jgflint=$found
fi
[[ -f $jgflint && -x $jgflint ]] || {
	echo "run.sh: no executable jgflint at '$jgflint' (run from the build directory after make, or pass --jgflint)" >&2
	exit 2
}
jgflint=$(cd "$(dirname "$jgflint")" && pwd)/$(basename "$jgflint")

tmp=$(mktemp -d "${TMPDIR:-/tmp}/jgflint-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# The collection: reuse the cache when its stamp matches, else generate.
stamp="count=$count seed=$seed gen=$(cksum <"$here/gen-collection.py")"
if [[ -n $cache ]]; then
	dir=$cache
	if [[ -f $dir/.bench-stamp && $(<"$dir/.bench-stamp") == "$stamp" ]]; then
		echo "reusing the collection in $dir"
	else
		if [[ -f $dir/.bench-stamp ]]; then # our cache, but stale: replace it
			find "$dir" -maxdepth 1 -name 'game-*.jgf' -delete
			rm -f "$dir/.bench-stamp"
		elif [[ -d $dir && -n $(find "$dir" -maxdepth 1 -name '*.jgf' -print -quit) ]]; then
			echo "run.sh: $dir holds .jgf files not made by run.sh; pick another --dir" >&2
			exit 2
		fi
		python3 "$here/gen-collection.py" --count "$count" --seed "$seed" "$dir"
		echo "$stamp" >"$dir/.bench-stamp"
	fi
else
	dir=$tmp/collection
	python3 "$here/gen-collection.py" --count "$count" --seed "$seed" "$dir"
fi

# Compile the floor with the same flags a user would (see parse-floor.c).
jc=$(pkg-config --cflags json-c) && read -ra jc_cflags <<<"$jc"
jc=$(pkg-config --libs json-c) && read -ra jc_libs <<<"$jc"
"${CC:-cc}" -O2 "${jc_cflags[@]}" "$here/parse-floor.c" "${jc_libs[@]}" -o "$tmp/parse-floor"
floor=$tmp/parse-floor

mapfile -d '' files < <(find "$dir" -maxdepth 1 -name '*.jgf' -print0 | sort -z)
nfiles=${#files[@]}
((nfiles > 0)) || { echo "run.sh: no .jgf files in $dir" >&2; exit 1; }
bytes=$(find "$dir" -maxdepth 1 -name '*.jgf' -printf '%s\n' | awk '{ s += $1 } END { print s }')

# Warm the page cache so both programs read from memory.
printf '%s\0' "${files[@]}" | xargs -0 cat >/dev/null

# run_all MAXOK CMD [ARG...]: run CMD ARG... over all files in batches; an
# exit status above MAXOK is a failure.  Prints the wall time in seconds.
run_all() {
	local maxok=$1 cmd=$2 i rc t0 t1
	shift 2
	t0=$EPOCHREALTIME
	for ((i = 0; i < nfiles; i += batch)); do
		rc=0
		if ((maxok > 0)); then
			"$cmd" "$@" "${files[@]:i:batch}" >/dev/null 2>&1 || rc=$?
		else
			"$cmd" "$@" "${files[@]:i:batch}" || rc=$? # the floor's errors stay visible
		fi
		if ((rc == 1 && maxok == 1)); then
			: >"$tmp/lint-found" # the files are valid: worth a note
		elif ((rc > maxok)); then
			echo "run.sh: $cmd exited with status $rc" >&2
			return 1
		fi
	done
	t1=$EPOCHREALTIME
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
}

# min A B: the smaller of two decimal numbers (an empty A counts as none).
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }

best_lint='' best_floor='' best_noreplay=''
for ((r = 1; r <= runs; r++)); do
	# jgflint exits 1 when it reports problems: 0 and 1 are both fine.
	# One job: the floor is single-threaded, so both use one core.
	tl=$(run_all 1 "$jgflint" --jobs 1 --format concise) || exit 1
	best_lint=$(min "$best_lint" "$tl")
	# The same without the Go replay's rules, whose difference is its cost.
	tn=$(run_all 1 "$jgflint" --jobs 1 --format concise --ignore go) || exit 1
	best_noreplay=$(min "$best_noreplay" "$tn")
	# The generated files are valid JSON: any failure of the floor is real.
	tf=$(run_all 0 "$floor") || exit 1
	best_floor=$(min "$best_floor" "$tf")
	echo "run $r/$runs: jgflint ${tl}s, without replay ${tn}s, parse-floor ${tf}s" >&2
done

echo
echo "jgflint:     $jgflint"
echo "collection:  $nfiles files, $bytes bytes, batches of $batch, best of $runs runs"
awk -v n="$nfiles" -v b="$bytes" -v l="$best_lint" -v f="$best_floor" -v r="$best_noreplay" 'BEGIN {
	printf "%-16s %9s %10s %8s\n", "", "seconds", "files/s", "MB/s"
	row("jgflint", l); row("jgflint --ignore go", r); row("parse-floor", f)
	if (f > 0) {
		printf "ratio jgflint/floor: %.2f\n", l / f
		printf "ratio jgflint --ignore go/floor: %.2f\n", r / f
		printf "replay cost (jgflint - jgflint --ignore go)/floor: %.2f\n", (l - r) / f
	} else {
		print "ratio jgflint/floor: n/a (floor time is 0)"
	}
}
function row(name, s) {
	if (s > 0) printf "%-16s %9.3f %10.0f %8.1f\n", name, s, n / s, b / s / 1e6
	else printf "%-16s %9.3f %10s %8s\n", name, s, "-", "-"
}'
if [[ -e $tmp/lint-found ]]; then
	echo "note: jgflint exited 1 (problems found) on files that should all be valid"
fi
