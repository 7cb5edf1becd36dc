#!/bin/bash
# Two jgflint binaries side by side on the same collection: wall time
# (alternating, best of --runs) and instructions (callgrind, on a sample of
# the files), one job each. For a change that must not cost speed (a
# refactoring): the candidate's time and instructions as ratios of the
# baseline's. A benchmark, not a test: no number makes it fail.
#
# Usage: bench/versus.sh --baseline OLD --candidate NEW [--count N]
#                        [--runs R] [--dir CACHE_DIR] [--sample N]
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
count=5000 runs=5 sample=100 cache= old= new=
while (($#)); do
	case $1 in
	--baseline) old=${2:?}; shift 2 ;;
	--candidate) new=${2:?}; shift 2 ;;
	--count) count=${2:?}; shift 2 ;;
	--runs) runs=${2:?}; shift 2 ;;
	--sample) sample=${2:?}; shift 2 ;;
	--dir) cache=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,9s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "versus.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
[[ -x $old && -x $new ]] || { echo "versus.sh: give --baseline and --candidate binaries" >&2; exit 2; }

dir=${cache:-$(mktemp -d)}
[[ -n $cache ]] || trap 'rm -rf "$dir"' EXIT
if [[ ! -f $dir/.count-$count ]]; then
	rm -rf "$dir/records" && mkdir -p "$dir/records"
	python3 "$here/gen-collection.py" --count "$count" "$dir/records" > /dev/null
	touch "$dir/.count-$count"
fi
mapfile -t files < <(find "$dir/records" -name '*.jgf' | sort)
cat "${files[@]}" > /dev/null   # warm the page cache

# The best wall time of one binary over every file, in batches.
best() { # BIN ARGS...
	local bin=$1 t0 t1 s best=
	shift
	t0=$EPOCHREALTIME
	for ((i = 0; i < ${#files[@]}; i += 2000)); do
		"$bin" --no-config --jobs 1 --format concise "$@" "${files[@]:i:2000}" > /dev/null 2>&1 || [[ $? == 1 ]]
	done
	t1=$EPOCHREALTIME
	echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }'
}

declare -A times
for mode in lint fix-diff; do
	args=()
	[[ $mode == fix-diff ]] && args=(--diff)
	bo= bn=
	for ((r = 0; r < runs; r++)); do
		o=$(best "$old" "${args[@]}") n=$(best "$new" "${args[@]}")
		bo=$(awk -v a="${bo:-$o}" -v b="$o" 'BEGIN { print (b < a ? b : a) }')
		bn=$(awk -v a="${bn:-$n}" -v b="$n" 'BEGIN { print (b < a ? b : a) }')
	done
	times[$mode]="$bo $bn"
done

printf '%-10s %12s %12s %8s\n' mode "baseline s" "candidate s" ratio
for mode in lint fix-diff; do
	read -r bo bn <<< "${times[$mode]}"
	printf '%-10s %12s %12s %8.3f\n' "$mode" "$bo" "$bn" "$(awk -v a="$bo" -v b="$bn" 'BEGIN { print b / a }')"
done

# Instructions do not depend on what else the machine is doing.
if command -v valgrind > /dev/null; then
	some=("${files[@]:0:sample}")
	. "$here/lib.sh"   # ir
	for mode in lint fix-diff; do
		args=()
		[[ $mode == fix-diff ]] && args=(--diff)
		io=$(ir "$old" --no-config --jobs 1 --format concise "${args[@]}" "${some[@]}")
		in=$(ir "$new" --no-config --jobs 1 --format concise "${args[@]}" "${some[@]}")
		printf '%-10s instructions on %d files: baseline %s, candidate %s, ratio %.4f\n' \
			"$mode" "${#some[@]}" "$io" "$in" "$(awk -v a="$io" -v b="$in" 'BEGIN { print b / a }')"
	done
fi
