#!/bin/bash
# jgflint stress shapes: pathological inputs that must stay linear in time
# and bounded in memory. Each shape is generated, run once, and checked
# against a bound on wall time (and, where it matters, on memory through
# ulimit -v); the script exits 1 if any bound is exceeded.
#
# Usage: bench/stress.sh [--jgflint PATH] [--scale F]
#   --jgflint P   binary to measure (default: $JGFLINT, else ./jgflint)
#   --scale F     multiply every time bound by F (slow or loaded machines,
#                 sanitizer builds; default 1)
#
# The bounds are about 4 times what a 2-core development machine measures
# (see bench/README.md); quadratic paths take minutes, not seconds.
set -uo pipefail
export LC_ALL=C
jgflint=${JGFLINT:-./jgflint}
scale=1
while (($#)); do
	case $1 in
	--jgflint) jgflint=${2:?}; shift 2 ;;
	--scale) scale=${2:?}; shift 2 ;;
	-h | --help) sed -n '7,10s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "stress.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
[[ $jgflint == */* ]] || jgflint=$(type -P "$jgflint") || { echo "stress.sh: jgflint not found" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
failed=0

# shape NAME BOUND-SECONDS VMEM-KB COMMAND...: runs COMMAND (output
# discarded) under ulimit -v VMEM-KB (0: none) and a timeout of twice the
# bound; reports its wall time and whether it stayed within the bound.
shape() {
	local name=$1 bound=$2 vmem=$3; shift 3
	bound=$(awk -v b="$bound" -v s="$scale" 'BEGIN { print b * s }')
	local start=$EPOCHREALTIME status
	(
		[ "$vmem" -eq 0 ] || ulimit -v "$vmem"
		exec timeout "$(awk -v b="$bound" 'BEGIN { print int(2 * b) + 1 }')" "$@"
	) > /dev/null 2> "$tmp/err"
	status=$?
	local secs
	secs=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
	if [ $status -gt 1 ] || awk -v s="$secs" -v b="$bound" 'BEGIN { exit !(s > b) }'; then
		failed=$((failed + 1))
		printf 'FAIL  %6.2f s (bound %s s, exit %d)  %s\n' "$secs" "$bound" "$status" "$name"
		head -3 "$tmp/err"
	else
		printf 'ok    %6.2f s (bound %s s)  %s\n' "$secs" "$bound" "$name"
	fi
}

n=1000000
awk -v n=$n 'BEGIN { printf "{\"k\": 0"; for (i = 0; i < n; i++) printf ", \"k\": 0"; print "}" }' > "$tmp/dup.jgf"
awk -v n=$n 'BEGIN { printf "{\"record\": {\"format\": \"JGF\", \"version\": 2"
	for (i = 0; i < n; i++) printf ", \"u%d\": 0", i; print "}, \"tree\": [{}]}" }' > "$tmp/unknown.jgf"
awk -v n=$n 'BEGIN { printf "{\"record\": {\"format\": \"JGF\", \"version\": 2"
	for (i = 0; i < n; i++) printf ",\n\"u%d\": 0", i; print "}, \"tree\": [{}]}" }' > "$tmp/unknown-lines.jgf"

shape "1 M duplicate keys on one line, text format, every finding" 20 0 \
	"$jgflint" --max-findings 0 --format text "$tmp/dup.jgf"
shape "1 M unknown keys in one object, every finding" 40 0 \
	"$jgflint" --max-findings 0 "$tmp/unknown.jgf"
shape "1 M unknown keys, one per line, text format, every finding" 40 0 \
	"$jgflint" --max-findings 0 --format text "$tmp/unknown-lines.jgf"
shape "1 M duplicate keys, SARIF, default cap, under ulimit -v 1.5 GB" 20 1500000 \
	"$jgflint" --format sarif "$tmp/dup.jgf"
shape "1 M duplicate keys, json, every finding, under ulimit -v 1.5 GB" 60 1500000 \
	"$jgflint" --max-findings 0 --format json "$tmp/dup.jgf"
shape "1 M duplicate keys, SARIF, every finding, under ulimit -v 1.5 GB" 90 1500000 \
	"$jgflint" --max-findings 0 --format sarif "$tmp/dup.jgf"
shape "/dev/zero" 1 300000 "$jgflint" /dev/zero
shape "/dev/urandom" 1 300000 "$jgflint" /dev/urandom

echo
[ $failed -eq 0 ] && echo "every shape within its bound" || echo "$failed shape(s) beyond their bound"
[ $failed -eq 0 ]
