#!/bin/sh
# The program's functions a check of FILES runs, the most instructions
# first, one a line, as callgrind sees them run: bench/hot-text.sh writes
# build-aux/hot-text.ld from them, tests/layout.sh fails when one lies
# outside the section that list makes. A part GCC split off a function
# (NAME.cold, in .text.unlikely.NAME) is named by its function; a clone
# (NAME.isra.0, NAME.part.0) keeps its own name, as its section does.
# callgrind names the object of the functions the list already placed
# `???` (the program's section of its own): taken as the program's.
# Usage: hot-functions.sh PROGRAM FILE...   (needs valgrind)
set -eu
LC_ALL=C; export LC_ALL
bin=$1
shift
cg=$(mktemp) || exit 2
trap 'rm -f "$cg"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$cg" \
	"$bin" --no-config --jobs 1 --format concise "$@" > /dev/null 2>&1 || true
callgrind_annotate --threshold=100 "$cg" 2> /dev/null |
	sed -n -E "s/.*:([A-Za-z_][A-Za-z_0-9.]*)('[0-9]+)? \[(.*\/$(basename "$bin")|\?\?\?)\]\$/\1/p" |
	sed 's/\.cold$//' | awk '!seen[$0]++'
