#!/bin/sh
# Issue 74: what a check of SGF in place asks of the kernel for each file
# of a run, beside SGFC's two stat calls a file (bench/README.md). strace
# counts the calls of a run of 41 files less those of a run of one; the
# run's own (the libraries, the configuration) are the same in both.
. "${TOP_SRCDIR:?}/tests/tap.sh"
command -v strace > /dev/null 2>&1 || skip_all "strace is not installed"
tap_scratch
mkdir "$tmp/one" "$tmp/many"
game='(;GM[1]FF[4]SZ[19]PB[Black]PW[White];B[pd];W[dp];B[pq];W[dd])'
echo "$game" > "$tmp/one/g0.sgf"
for i in $(seq 0 40); do echo "$game" > "$tmp/many/g$i.sgf"; done
# calls SET CALLS: the calls named in CALLS (strace -e trace=) of a check of SET
calls() {
  (cd "$tmp/$1" && strace -f -qq -e trace="$2" -o ../trace-$1 "$JGFLINT" --no-config --jobs 1 --format concise \
    g*.sgf > /dev/null 2>&1)
  grep -c . "$tmp/trace-$1"
}
# A file's stat calls: the fstat of its descriptor, which its stamp (for
# --fix's writer) takes too, and the command line's look at what it is (a
# directory?), which says who it is too (the same file named twice?). It
# was 5: the stamp took a second fstat, and an lstat to learn whether the
# path is a symlink, which an open with O_NOFOLLOW says without a call;
# drop_duplicates took a second stat of each file named.
stats='newfstatat,statx,stat,lstat,fstat,fstatat64,stat64,lstat64,fstat64'
one=$(calls one "$stats")
many=$(calls many "$stats")
per=$(( (many - one) / 40 ))
# (at least 1: the fstat; 0 would say strace traced nothing)
check "a file of a check takes at most 2 stat calls, as SGFC ($per)" "[ $per -ge 1 ] && [ $per -le 2 ]" ||
  sed 's/^/# /' "$tmp/trace-many" | tail -n 12
tap_done
