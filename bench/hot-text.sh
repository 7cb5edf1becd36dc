#!/bin/bash
# Writes build-aux/hot-text.ld: the functions a check of SGF in place and a
# lint of JGF run, placed together before the rest of the program's code
# (issue 52's peak memory: each page of code a run faults in maps its
# 64 KB neighbours, and a check of the SGF set touched 583 of its 626 KB).
# The functions are those callgrind sees run over testdata/'s SGF files
# and ../shared/samples/sgf's (bench/sgfc.sh's real set), hottest first,
# then those a lint of testdata/'s JGF records adds. The build compiles
# with -ffunction-sections (configure.ac) and links the program with this
# script when the linker takes it; a function renamed or gone since is
# only not placed (no error), and one new to the check is left outside:
# tests/layout.sh fails then, and the list is written again, from a build
# of the tree: bench/hot-text.sh [--jgflint BIN].
set -euo pipefail
export LC_ALL=C

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(dirname "$here")
bin=$top/jgflint
while (($#)); do
	case $1 in
	--jgflint) bin=${2:?}; shift 2 ;;
	-h | --help) sed -n '2,12s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "hot-text.sh: unknown argument: $1" >&2; exit 2 ;;
	esac
done
[[ -x $bin ]] || { echo "hot-text.sh: no binary: $bin" >&2; exit 2; }
command -v valgrind > /dev/null || { echo "hot-text.sh: needs valgrind" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mapfile -t sgf < <(find "$top/testdata" -name '*.sgf' -type f | sort)
if [[ -d $top/../shared/samples/sgf ]]; then
	mapfile -t -O "${#sgf[@]}" sgf < <(find "$top/../shared/samples/sgf" -name '*.sgf' -type f | sort)
fi
mapfile -t jgf < <(find "$top/testdata" -name '*.jgf' -type f | sort)

# build-aux/hot-functions.sh: the program's functions a check of the
# files runs, the most instructions first (tests/layout.sh reads the same).
"$top/build-aux/hot-functions.sh" "$bin" "${sgf[@]}" > "$tmp/sgf"
"$top/build-aux/hot-functions.sh" "$bin" "${jgf[@]}" > "$tmp/jgf"

out=$top/build-aux/hot-text.ld
{
	echo "/* Written by bench/hot-text.sh (issue 52): the functions a check of SGF"
	echo " * in place runs ($(wc -l < "$tmp/sgf") of them), then those a lint of JGF adds, before the"
	echo " * rest of the program's code. With -ffunction-sections each function is"
	echo " * a section .text.NAME (.text.unlikely.NAME: the part of it GCC deems"
	echo " * cold, or all of it when only cold paths call it; .text.startup.NAME,"
	echo " * main); one that matches none is left where it was. */"
	echo "SECTIONS"
	echo "{"
	echo "  .text.jgflint_hot :"
	echo "  {"
	awk '!seen[$0]++' "$tmp/sgf" "$tmp/jgf" |
		sed 's/.*/    *(.text.\0 .text.unlikely.\0 .text.startup.\0)/'
	echo "  }"
	echo "}"
	echo "INSERT BEFORE .text;"
} > "$out"
echo "hot-text.sh: wrote $out ($(grep -c '^    \*' "$out") functions)"
