#!/bin/bash
# jgflint ugf-memory: the peak resident memory of checking one large UGF
# record (a UGZ member, inflated: issue 71's "a UGZ member of 300 MB peaks
# at 3.8 GB"), as a multiple of its size, for one binary or two side by
# side. The goal is a small multiple (at most 3x): memory bound by the
# record, not by 12x its size.
#
# Usage: bench/ugf-memory.sh [--moves N] [--members LIST] [--jgflint PATH] [--baseline PATH]
#   --moves N       the record's move lines (default 1000000: 15.9 MB)
#   --members LIST  the UGZ archives of many files measured (default "100 1000")
#   --jgflint P     the binary measured (default: $JGFLINT, else ./jgflint)
#   --baseline P    a second binary, measured on the same record right after
#
# Two records: tests/ugz.sh's moves.ugf made longer, a [Header] and one
# [Data] line a move ("DC,B1,1,0"), CR LF; and the same with a comment on
# each of its first tenth of moves in a [Figure] (`.Text,N` and its line),
# which the converter keeps whole under meta too. Each binary checks each with
# --max-memory 100G under GNU time; the output is its peak over the
# program's own (--version's), in MB and as a multiple of the record's
# size. The .ugf is measured, not the .ugz: inflating is 1x of it
# (ugz.c's one buffer of the member), and a 16 MB member takes five
# minutes to compress with tests/lha_lh5.py (the peaks of the two were
# 204,996 and 204,776 KB). Needs python3 and GNU time (/usr/bin/time).
# An archive of many files (tests/ugz_members.py: a record of 30,000
# moves, 439 KB, then files of 30, 300 and 3,000 moves in turn) is
# measured against its largest file, the record, and against the archive:
# only the record is inflated and checked, and the loader reads the
# archive as the record and the headers of the files after it
# (read/lhaload.c's lha_read): 1,000 files, a 4.1 MB archive, 6.1x the
# record; 11.3-12.1x (1.2x the archive) when it read the whole archive
# before inflating the record (stop 97; 100 files 5.5x, the record alone
# 5.4-5.6x). Each archive is measured read from a pipe too (`cat a.ugz |
# jgflint -`), which the same reader reads once, start to end: 5.1-5.5x
# the record, 11.0-11.8x when a pipe's archive was read whole (stop 98).
# Where the peak is (massif, 250,000 moves, stop 94): the moves are read
# as the converter writes them (ugf.c's data_next), and the record's JGF
# text is written as the check reads it, a move's node without blanks
# (41 bytes, 55 as --convert writes it): the peak is that text (2.7x the
# record) and the decoded UGF text (1x), with the position map's places
# held as each differs from the one before (1.5 bytes a node; 12 whole
# before stop 95, 0.8x): 3.7x at 1,000,000 moves (4.4x at stop 94); since
# stop 100 a move alone is written in that text as its mark, 4 bytes
# (read/nodes.h), and the peak is the UGF text and the marks: 1.5x. Before
# stop 94 the text was --convert's (3.5x) and the shown text's lines were
# all indexed for a finding on its first (8 bytes a line, doubled as it
# grew): 5.8x. Past 3.7x, the check must lint the converted record without
# holding its text whole (the walk reads it as the converter writes it).
# The commented record (stop 96, 200,000 moves): 6.4x before, 5.6x since
# the comments waiting for their moves are freed once put, json-c's text of
# the record's head (the [Figure] kept under meta) is not held through the
# check, and a kept [Figure]'s lines are not held as the root's values
# beside their JSON once converted (tests/ugz.sh's comment a move: 13.7x,
# 10.3x); 5.3x at 1,000,000 moves, 3.6x since stop 99, where a check's
# record is made without what it keeps under meta, which no rule of a
# check in place reads (tests/ugz.sh: 9.9x, 5.3x).
# A review ([ReviewNode], tests/ugz.sh's review.ugf, 100,000 nodes and a
# comment each tenth): 4.7x while its tree was made whole as the check
# began (102 bytes a node); 2.1x since it is read as an index of 16 bytes
# a node (ugfreview.c's ugf_review_nodes) and its main line made as converted
# (1.9x at 400,000 nodes). With a variation of 5-20 nodes each 50 nodes:
# 6.1x before, 4.1x (3.8x at 400,000), its variations held until the line
# going on in the first of them is converted.
set -uo pipefail
export LC_ALL=C
moves=1000000 members='100 1000' jgflint=${JGFLINT:-./jgflint} baseline=
while (($#)); do
	case $1 in
	--moves) moves=${2:?}; shift 2 ;;
	--members) members=$2; shift 2 ;;
	--jgflint) jgflint=${2:?}; shift 2 ;;
	--baseline) baseline=${2:?}; shift 2 ;;
	-h | --help) sed -n '8,12s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "ugf-memory.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
[ -x /usr/bin/time ] || { echo "ugf-memory.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
dir=$(mktemp -d) || exit 2
trap 'rm -rf "$dir"' EXIT
python3 -c '
import sys
cols = "ABCDEFGHIJKLMNOPQRS"
n = int(sys.argv[1])
out = ["[Header]", "Ver=UGF3,200", "Size=19", "Hdcp=0,6.50", "[Data]"]
out += ["%s%s,%s1,%d,0" % (cols[i % 19], cols[i // 19 % 19], "BW"[i % 2], i + 1)
        for i in range(n)]
open(sys.argv[2], "w").write("\r\n".join(out) + "\r\n")
out.append("[Figure]")
for i in range(n // 10, 0, -1):
    out += [".Text,%d" % i, "comment number %d" % i]
open(sys.argv[3], "w").write("\r\n".join(out) + "\r\n")' "$moves" "$dir/m.ugf" "$dir/c.ugf" || exit 2
measure() {   # binary, its name, the record[, its largest file, in bytes[, piped]]
	local bytes=${4:-$(wc -c < "$3")} archive
	archive=$(wc -c < "$3")
	/usr/bin/time -o "$dir/base" -f %M "$1" --version > /dev/null 2>&1
	if [ -n "${5:-}" ]; then   # read from a pipe (standard input)
		cat "$3" | /usr/bin/time -o "$dir/peak" -f %M "$1" --no-config --max-memory 100G - \
			> /dev/null 2>&1
	else
		/usr/bin/time -o "$dir/peak" -f %M "$1" --no-config --max-memory 100G "$3" \
			> /dev/null 2>&1
	fi
	local base peak
	base=$(tail -n 1 "$dir/base") peak=$(tail -n 1 "$dir/peak")
	awk -v p="$peak" -v b="$base" -v n="$bytes" -v a="$archive" -v many="${4:+1}" -v who="$2" '
	BEGIN {
		printf "  %-16s %8.1f MB over its own, %5.1fx the %s", who, (p - b) / 1024,
			(p - b) * 1024 / n, many ? "record, its largest file" : "record"
		if (many)
			printf ", %4.2fx the archive", (p - b) * 1024 / a
		printf "\n" }'
}
for r in m c; do
	if [ $r = m ]; then
		printf 'a UGF of %d moves, %.1f MB\n' "$moves" \
			"$(awk -v n="$(wc -c < "$dir/m.ugf")" 'BEGIN { print n / 1048576 }')"
	else
		printf 'the same with a comment on each of its first %d moves ([Figure]), %.1f MB\n' \
			$((moves / 10)) "$(awk -v n="$(wc -c < "$dir/c.ugf")" 'BEGIN { print n / 1048576 }')"
	fi
	measure "$jgflint" jgflint "$dir/$r.ugf"
	[ -n "$baseline" ] && measure "$baseline" baseline "$dir/$r.ugf"
done
# The archives of many files: the record first, the largest of them.
top=$(cd "$(dirname "$0")/.." && pwd)
for n in $members; do
	read -r largest bytes < <(python3 "$top/tests/ugz_members.py" --members "$n" "$dir/a.ugz") ||
		exit 2
	printf 'a UGZ of %d files (the largest %.1f MB, the record), the archive %.1f MB\n' "$n" \
		"$(awk -v n="$largest" 'BEGIN { print n / 1048576 }')" \
		"$(awk -v n="$bytes" 'BEGIN { print n / 1048576 }')"
	if "$jgflint" --no-config "$dir/a.ugz" 2>&1 | grep -q 'built without liblhasa'; then
		echo "  skipped: $jgflint was built without liblhasa"
		continue
	fi
	measure "$jgflint" jgflint "$dir/a.ugz" "$largest"
	[ -n "$baseline" ] && measure "$baseline" baseline "$dir/a.ugz" "$largest"
	measure "$jgflint" "jgflint, piped" "$dir/a.ugz" "$largest" piped
	[ -n "$baseline" ] && measure "$baseline" "baseline, piped" "$dir/a.ugz" "$largest" piped
done
exit 0
