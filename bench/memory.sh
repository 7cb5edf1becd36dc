#!/bin/bash
# jgflint memory: the peak resident memory of checking one large record, as
# a multiple of its size, for one binary or two side by side.
#
# Usage: bench/memory.sh [--size MB] [--jgflint PATH] [--baseline PATH]
#                        [--dir CACHE_DIR]
#   --size MB       the record's size (default 500)
#   --jgflint P     the binary measured (default: $JGFLINT, else ./jgflint)
#   --baseline P    a second binary, measured on the same record right after
#   --dir D         keep the record (and the games it is made of) in D and
#                   reuse it on later runs of the same size
#
# The record is the games bench/gen-collection.py writes (about 300 moves,
# comments, markup and variations each), one after another as the
# variations of one root, pretty-printed as the generator prints: a
# collection kept as one record. Each binary checks it once with
# --max-memory 100G (the budget does not refuse it) and once with --fix
# (nothing to fix: the fix loop's first round), under GNU time; the output
# is the peak in MB and as a multiple of the record's size. Then --fix of
# SGF where it is (issue 70): bench/web.sh's 1.2 MB collection of a game
# with findings (bench/findings-sgf.py: two safe fixes a game), checked
# once and fixed once; the line gives --fix's peak over the check's. Needs
# python3 and GNU time (/usr/bin/time).
set -uo pipefail
export LC_ALL=C
size=500 jgflint=${JGFLINT:-./jgflint} baseline= dir=
while (($#)); do
	case $1 in
	--size) size=${2:?}; shift 2 ;;
	--jgflint) jgflint=${2:?}; shift 2 ;;
	--baseline) baseline=${2:?}; shift 2 ;;
	--dir) dir=${2:?}; shift 2 ;;
	-h | --help) sed -n '5,11s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "memory.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
bench=$(cd "$(dirname "$0")" && pwd)
[ -x /usr/bin/time ] || { echo "memory.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
if [ -z "$dir" ]; then
	dir=$(mktemp -d) || exit 2
	trap 'rm -rf "$dir"' EXIT
fi
mkdir -p "$dir/games"
record=$dir/record-$size.jgf
if [ ! -s "$record" ]; then
	[ -n "$(ls "$dir/games")" ] || python3 "$bench/gen-collection.py" --count 200 "$dir/games" > /dev/null ||
		{ echo "memory.sh: generating the games failed" >&2; exit 2; }
	python3 - "$dir/games" "$size" "$record" <<'EOF' || { echo "memory.sh: building the record failed" >&2; exit 2; }
import json, os, sys
src, mb, out = sys.argv[1], float(sys.argv[2]), sys.argv[3]
games = [json.load(open(os.path.join(src, n), encoding="utf-8")) for n in sorted(os.listdir(src))]
head = dict(games[0])
head["tree"] = None
pre, post = json.dumps(head, indent=2, ensure_ascii=False).split('"tree": null')
with open(out, "w", encoding="utf-8") as f:
    f.write(pre + '"tree": [\n    {},\n    {\n      "variations": [\n')
    size, i = len(pre.encode()), 0
    while size < mb * 1e6:
        tree = json.dumps(games[i % len(games)]["tree"][1:], indent=2, ensure_ascii=False)
        chunk = (",\n" if i else "") + "\n".join("        " + l for l in tree.split("\n"))
        f.write(chunk)
        size += len(chunk.encode())
        i += 1
    f.write("\n      ]\n    }\n  ]" + post + "\n")
EOF
fi
bytes=$(stat -c %s "$record")
printf 'record: %s MB (%d games as variations)\n\n' "$((bytes / 1000000))" \
	"$(grep -c '^        \[$' "$record")"
printf '%-10s %-8s %10s %8s\n' binary mode "peak MB" "x size"
measure() {   # measure LABEL BINARY MODE FILE ARGS...
	local label=$1 bin=$2 mode=$3 file=$4; shift 4
	/usr/bin/time -o "$dir/time" -f %M "$bin" --max-memory 100G "$@" "$file" > /dev/null 2>&1
	local status=$?
	if [ $status -gt 1 ]; then
		printf '%-10s %-8s %10s\n' "$label" "$mode" "failed (exit $status)"
		return
	fi
	awk -v l="$label" -v m="$mode" -v kb="$(tail -1 "$dir/time")" -v b="$bytes" \
		'BEGIN { printf "%-10s %-8s %10.0f %8.2f\n", l, m, kb * 1024 / 1e6, kb * 1024 / b }'
}
for which in candidate baseline; do
	bin=$jgflint
	[ $which = baseline ] && bin=$baseline
	[ -n "$bin" ] || continue
	measure "$which" "$bin" lint "$record" --format concise
	cp "$record" "$dir/fix.jgf"
	measure "$which" "$bin" --fix "$dir/fix.jgf" --fix --format concise
done

# --fix of SGF: its peak over the check's, each binary side by side.
sgf=$dir/findings-1m.sgf
if [ ! -s "$sgf" ]; then
	python3 "$bench/gen-collection.py" --count 1 "$dir/one" > /dev/null &&
		"$jgflint" --convert --to sgf "$dir/one/game-00001.jgf" > /dev/null 2>&1 &&
		python3 "$bench/findings-sgf.py" "$dir/one/game-00001.sgf" "$sgf:1200000" ||
		{ echo "memory.sh: generating the SGF collection failed" >&2; exit 2; }
fi
printf '\nSGF collection: %s bytes (%d games), --fix where it is\n\n' "$(stat -c %s "$sgf")" \
	"$(grep -c 'GM\[1\]' "$sgf")"
printf '%-10s %10s %10s %10s\n' binary "check MB" "--fix MB" "x check"
peak_kb() {   # peak_kb BINARY ARGS...: the run's peak resident KB
	/usr/bin/time -o "$dir/time" -f %M "$@" > /dev/null 2>&1
	tail -1 "$dir/time"
}
for which in candidate baseline; do
	bin=$jgflint
	[ $which = baseline ] && bin=$baseline
	[ -n "$bin" ] || continue
	check=$(peak_kb "$bin" --no-config --jobs 1 --format concise "$sgf")
	cp "$sgf" "$dir/fix.sgf"
	fix=$(peak_kb "$bin" --no-config --jobs 1 --fix --format concise "$dir/fix.sgf")
	awk -v l="$which" -v c="$check" -v f="$fix" \
		'BEGIN { printf "%-10s %10.1f %10.1f %10.2f\n", l, c * 1024 / 1e6, f * 1024 / 1e6, f / c }'
done
rm -f "$dir/fix.jgf" "$dir/fix.sgf" "$dir/time"
