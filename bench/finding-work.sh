#!/bin/bash
# Work that only a finding needs is done only when there is a finding: on
# clean records (bench/gen-collection.py's, legal games, no finding), count
# under callgrind the calls that make a finding's text (printf's family, the
# replay's point names, the findings themselves) and the instructions of one
# job against a json-c parse of the same bytes (parse-floor.c). Call counts
# are the same on every machine, so this one fails (exit 1) when text is
# made per node on a record without findings.
#
# Usage: bench/finding-work.sh [--candidate BIN] [--baseline BIN]
#                              [--count N] [--dir CACHE_DIR]
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/lib.sh"   # ir
count=100 cache='' new=${JGFLINT:-./jgflint} old=''
while (($#)); do
	case $1 in
	--candidate) new=${2:?}; shift 2 ;;
	--baseline) old=${2:?}; shift 2 ;;
	--count) count=${2:?}; shift 2 ;;
	--dir) cache=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,11s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "finding-work.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
command -v valgrind > /dev/null || { echo "finding-work.sh: needs valgrind (callgrind)" >&2; exit 2; }
[[ -x $new ]] || { echo "finding-work.sh: no candidate binary: $new" >&2; exit 2; }

dir=${cache:-$(mktemp -d)}
[[ -n $cache ]] || trap 'rm -rf "$dir"' EXIT
if [[ ! -f $dir/.count-$count ]]; then
	rm -rf "$dir/records" && mkdir -p "$dir/records"
	python3 "$here/gen-collection.py" --count "$count" "$dir/records" > /dev/null
	touch "$dir/.count-$count"
fi
mapfile -t files < <(find "$dir/records" -name '*.jgf' | sort)
read -r mjc_cflags < <(pkg-config --cflags json-c) || true
read -r mjc_libs < <(pkg-config --libs json-c) || true
# shellcheck disable=SC2086 # pkg-config's words
"${CC:-cc}" -O2 $mjc_cflags "$here/parse-floor.c" $mjc_libs -o "$dir/parse-floor"

nodes=$(python3 - "${files[@]}" << 'EOF'
import json, sys
def count(seq):
    n = 0
    for node in seq if isinstance(seq, list) else []:
        n += 1
        if isinstance(node, dict):
            for v in node.get("variations", []) or []:
                n += count(v)
    return n
print(sum(count(json.load(open(f, encoding="utf-8")).get("tree", [])) for f in sys.argv[1:]))
EOF
)

# Calls of each function a callgrind profile names, summed over callers.
calls() { # PROFILE
	awk '
	function name(s,   id) {
		if (match(s, /^\([0-9]+\)/)) {
			id = substr(s, 2, RLENGTH - 2)
			if (length(s) > RLENGTH) names[id] = substr(s, RLENGTH + 2)
			return names[id]
		}
		return s
	}
	/^fn=/ { name(substr($0, 4)) }
	/^cfn=/ { callee = name(substr($0, 5)) }
	/^calls=/ { split(substr($0, 7), a, " "); n[callee] += a[1] }
	END { for (f in n) print n[f], f }' "$1"
}

# One binary: instructions and the calls a finding needs, over every file.
measure() { # LABEL BIN
	local label=$1 bin=$2 out=$dir/callgrind.$1 ir
	ir=$(IR_OUT=$out ir "$bin" --no-config --jobs 1 --format concise "${files[@]}")
	calls "$out" | awk -v label="$label" -v ir="$ir" -v floor="$floor" -v nodes="$nodes" \
		-v records="${#files[@]}" '
	# Every printf of glibc formats through one of these.
	$2 == "__vfprintf_internal" || $2 == "__printf_buffer" { text += $1 }
	$2 == "point_name" { points += $1 }
	$2 ~ /^diag_(new|vat|vptr|at|ptr|file)$/ { findings += $1 }
	$2 == "malloc" { mallocs += $1 }
	END {
		printf "%-10s %14d %7.3f %12.4f %12d %9d %12.2f\n", label, ir, ir / floor,
			text / nodes, points, findings, mallocs / nodes
		if (text / nodes > 0.05 || points || findings) exit 1
	}'
}

floor=$(ir "$dir/parse-floor" "${files[@]}")
echo "${#files[@]} clean records, $nodes nodes; a json-c parse of them: $floor instructions"
printf '%-10s %14s %7s %12s %12s %9s %12s\n' binary instructions "/floor" "text/node" \
	"point names" findings "mallocs/node"
status=0
[[ -z $old ]] || measure baseline "$old" || true
measure candidate "$new" || status=1
if ((status)); then
	echo "finding-work.sh: the candidate makes a finding's text on records without findings" >&2
fi
exit $status
