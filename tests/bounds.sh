#!/bin/sh
# Resource bounds: the memory budget (json-too-large, --max-memory, ulimit),
# out of memory, device files, the findings cap, directory walks (special
# files, deep trees, .gitignore, --exclude) and file names that are not
# UTF-8. TAP output. Timings of large shapes are in bench/stress.sh, not here.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR" || exit 1
tmp=$(mktemp -d) || exit 1
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
TAP_LOGS="$tmp/out $tmp/err"   # a failed check shows what was printed

# moves N FILE: a record of N moves (about 40 bytes and two objects each).
moves() {
  awk -v n="$1" 'BEGIN {
    printf "{\"record\": {\"format\": \"JGF\", \"version\": 2}, \"tree\": [{}"
    for (i = 0; i < n; i++)
      printf ", {\"move\": {\"color\": \"%s\", \"x\": %d, \"y\": %d}}", i % 2 ? "white" : "black", i % 19, int(i / 19) % 19
    print "]}"
  }' > "$2"
}

# --- memory budget ---------------------------------------------------------
moves 100000 "$tmp/moves.jgf"
exits "--max-memory 1M refuses a 4 MB record of moves" 1 "$JGFLINT" --max-memory 1M "$tmp/moves.jgf"
holds "... with one json-too-large finding and nothing else" \
  grep -q '^[^:]*moves.jgf: error: reading this 4 MB file as a document would take about [0-9]* MB of memory, more than the 1 MB budget (--max-memory); it was not checked \[json-too-large\]$' "$tmp/out"
holds "... only that finding" test "$(wc -l < "$tmp/out")" -eq 1
exits "--max-memory 1G checks it" 1 "$JGFLINT" --max-memory 1G "$tmp/moves.jgf"
holds "... without json-too-large" sh -c "! grep -q json-too-large '$tmp/out'"
exits "a 2 KB record of 40 moves is within a 128 KB budget" 0 \
  "$JGFLINT" --max-memory 128K testdata/rules/json-too-large/moves-within-budget.jgf
holds "... silent" test ! -s "$tmp/out"
exits "... and not within a 64 KB one" 1 \
  "$JGFLINT" --max-memory 64K testdata/rules/json-too-large/moves-within-budget.jgf
holds "... 2 KB, about 82 KB, 64 KB budget" grep -q 'reading this 2 KB file as a document would take about 82 KB of memory, more than the 64 KB budget' "$tmp/out"
exits "--max-memory takes a size" 2 "$JGFLINT" --max-memory 12Q "$tmp/moves.jgf"
holds "... and says so" grep -q "^jgflint: --max-memory takes a size" "$tmp/err"
exits "--max-memory 0 is not a size" 2 "$JGFLINT" --max-memory 0 "$tmp/moves.jgf"
exits "--explain json-too-large" 0 "$JGFLINT" --explain json-too-large
holds "... names --max-memory" grep -q -- "--max-memory SIZE sets it" "$tmp/out"

# Under a limit of the address space, the default budget follows the limit:
# a 12 MB record of moves (about 270 MB as a DOM) is refused, not an abort
# inside json-c; with the budget raised above the limit, allocations fail and
# jgflint says "out of memory" with status 2. Sanitizer builds reserve
# terabytes of address space and cannot run under ulimit -v.
moves 300000 "$tmp/big.jgf"
if (ulimit -v 400000 && "$JGFLINT" --version) > /dev/null 2>&1; then
  exits "ulimit -v 400000: a 12 MB record is refused by the default budget" 1 \
    sh -c "ulimit -v 400000 && exec \"\$0\" \"\$1\"" "$JGFLINT" "$tmp/big.jgf"
  holds "... with json-too-large" grep -q 'more than the [0-9]* MB budget (--max-memory); it was not checked \[json-too-large\]$' "$tmp/out"
  exits "ulimit -v 200000 with --max-memory 100G: out of memory is status 2, not an abort" 2 \
    sh -c "ulimit -v 200000 && exec \"\$0\" --max-memory 100G \"\$1\"" "$JGFLINT" "$tmp/big.jgf"
  holds "... and says so" grep -q '^jgflint: out of memory$' "$tmp/err"
  exits "ulimit -v 300000: /dev/zero is refused after one read" 1 \
    sh -c "ulimit -v 300000 && exec \"\$0\" /dev/zero" "$JGFLINT"
  holds "... at its first byte" grep -q '^/dev/zero:1:1: error: expected a value, found a NUL byte; nothing else in the record was checked \[json-syntax\]$' "$tmp/out"
  exits "ulimit -v 300000: /dev/urandom is refused after one read" 1 \
    sh -c "ulimit -v 300000 && exec \"\$0\" /dev/urandom" "$JGFLINT"
  holds "... at its first bytes" grep -q '^/dev/urandom:[0-9]*:[0-9]*: error: ' "$tmp/out"
else
  for t in default-budget out-of-memory dev-zero dev-urandom; do
    skip "ulimit -v: $t: this build cannot run under ulimit -v (sanitizers)"
  done
fi

# A finding at every level of variations nested 5,000 deep (three a level):
# each finding's place in the tree ("game 1, node 0, variation 1, ...") is
# an entry of a trie its level shares, its words made when shown; held as
# words as long as the depth, they took 826 MB (R47), now about 10 MB.
awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"; for (i = 0; i < 5000; i++) printf "(;B[aa]b[bb]"
  for (i = 0; i <= 5000; i++) printf ")"; print "" }' > "$tmp/nest.sgf"
if (ulimit -v 200000 && "$JGFLINT" --version) > /dev/null 2>&1; then
  exits "ulimit -v 200000: a finding at every level of 5,000 nested variations" 0 \
    sh -c "ulimit -v 200000 && exec \"\$0\" --no-config \"\$1\"" "$JGFLINT" "$tmp/nest.sgf"
  holds "... all 15,000 found" grep -q '^1 file checked: 0 errors, 15000 warnings, 0 infos$' "$tmp/err"
else
  skip "ulimit -v: nested findings: this build cannot run under ulimit -v (sanitizers)"
fi

# Out of memory anywhere is status 2 and "out of memory", never an abort:
# json-c's constructors return NULL and its adders assert on a NULL
# container (status 134 from --convert - of a long game under ulimit -v
# 80000 and 120000). Swept across limits, so that memory runs out at many
# different allocations of the reader, the converter, the lint and the
# writer; each run ends 0, 1 or 2, and 2 says why.
awk 'BEGIN { srand(1); printf "(;GM[1]FF[4]SZ[19]"
  for (i = 0; i < 200000; i++)
    printf ";%s[%c%c]", i % 2 ? "W" : "B", 97 + int(rand() * 19), 97 + int(rand() * 19)
  print ")" }' > "$tmp/long.sgf"
if (ulimit -v 400000 && "$JGFLINT" --version) > /dev/null 2>&1; then
  for what in convert lint fix; do
    bad=
    for limit in $(seq 60000 6000 220000); do
      case $what in
        convert) cmd='exec "$0" --convert - < "$1"' ;;
        lint) cmd='exec "$0" --max-memory 100G "$1"' ;;
        fix) cmd='cp "$1" "$1.$2" && exec "$0" --fix --max-memory 100G "$1.$2"' ;;
      esac
      sh -c "ulimit -v $limit && $cmd" "$JGFLINT" "$tmp/$( [ $what = convert ] && echo long.sgf || echo moves.jgf)" "$limit" \
        > "$tmp/out" 2> "$tmp/err"
      st=$?
      case $st in
        0|1) ;;
        2) grep -q 'out of memory\|budget' "$tmp/err" || bad="$bad $limit:2-without-a-reason" ;;
        *) bad="$bad $limit:$st" ;;
      esac
      rm -f "$tmp/moves.jgf.$limit"
    done
    if [ -z "$bad" ]; then
      ok "ulimit -v 60000 to 220000: $what ends 0, 1 or 2 (out of memory), never an abort"
    else
      not_ok "ulimit -v: $what ended badly at:$bad"
      tail -c 600 "$tmp/err" | sed 's/^/# stderr: /'
    fi
  done
else
  skip "ulimit -v sweep: this build cannot run under ulimit -v (sanitizers)"
fi

# A machine with 2 GiB (ulimit -v 2 GiB: a budget of 1 GiB): the budget
# refuses before memory runs out, whatever runs at once. Four 30 MB records
# (about 310 MB each as a DOM) checked with -j 4 share the budget (three
# at a time), and with --fix -j 2 each holds two copies while it is fixed:
# without the sharing, both ran out of memory (exit 2) where they now pass.
# A record the budget holds once but not twice is checked, not fixed.
pretty() {   # pretty N FILE: N moves, pretty-printed, one fixable finding
  awk -v n="$1" 'BEGIN {
    printf "{\n  \"record\": {\n    \"format\": \"JGF\",\n    \"version\": \"2.0.0\"\n  },\n  \"tree\": [\n    {}"
    for (i = 0; i < n; i++) {
      printf ",\n    {\n      \"move\": {\n        \"color\": \"%s\",\n        \"x\": %d,\n        \"y\": %d\n      }", i % 2 ? "white" : "black", i % 19, int(i / 19) % 19
      if (i % 20 == 0) printf ",\n      \"comments\": [\n        \"A comment on move %d.\"\n      ]", i
      printf "\n    }"
    }
    printf "\n  ]\n}\n"
  }' > "$2"
}
if (ulimit -v 2097152 && "$JGFLINT" --version) > /dev/null 2>&1; then
  pretty 300000 "$tmp/p1.jgf"
  for i in 2 3 4; do cp "$tmp/p1.jgf" "$tmp/p$i.jgf"; done
  exits "ulimit -v 2 GiB: four 30 MB records with -j 4" 1 \
    sh -c "ulimit -v 2097152 && exec \"\$0\" -j 4 \"\$1\" \"\$2\" \"\$3\" \"\$4\"" "$JGFLINT" \
    "$tmp/p1.jgf" "$tmp/p2.jgf" "$tmp/p3.jgf" "$tmp/p4.jgf"
  holds "... all four checked (not out of memory)" grep -q '^4 files checked: 4 errors, 4 warnings, 0 infos$' "$tmp/err"
  exits "ulimit -v 2 GiB: two of them with --fix -j 2" 1 \
    sh -c "ulimit -v 2097152 && exec \"\$0\" --fix -j 2 \"\$1\" \"\$2\"" "$JGFLINT" "$tmp/p1.jgf" "$tmp/p2.jgf"
  holds "... both fixed (not out of memory)" \
    grep -q '^2 files checked: 2 errors, 0 warnings, 0 infos; fixed 2 problems in 2 files$' "$tmp/err"
  rm -f "$tmp"/p[1234].jgf
else
  for t in jobs fix; do
    skip "ulimit -v 2 GiB: $t: this build cannot run under ulimit -v (sanitizers)"; skip "... $t: sanitizers"
  done
fi
pretty 30000 "$tmp/p.jgf"
exits "--max-memory 40M: a 3 MB record (about 31 MB as a DOM) with --fix" 1 \
  "$JGFLINT" --max-memory 40M --fix "$tmp/p.jgf"
holds "... is checked, and not fixed, with a note" \
  grep -q "^jgflint: note: $tmp/p.jgf: not fixed: fixing it would take about [0-9]* MB of memory (the document and its fixed version at once), more than the 40 MB budget (--max-memory)$" "$tmp/err"
holds "... nothing offered as fixable" sh -c "! grep -q '\[\*\]' '$tmp/out'"
holds "... the file is as it was" grep -q '"version": "2.0.0"' "$tmp/p.jgf"
exits "--max-memory 80M fixes it" 1 "$JGFLINT" --max-memory 80M --fix "$tmp/p.jgf"
holds "... fixed" grep -q '"version": 2$' "$tmp/p.jgf"

# --- --convert: bounded output and memory (issues 24, 27) ------------------
# 2,000 nested variations (each level a move and a sibling), 32 KB of SGF:
# indented, each level indented all that follows it (264 MB); now the
# indentation stops growing after a few levels, and variations deeper than
# 50 levels are written on one line: the record grows with the game, at
# most 10 times its source.
awk -v n=2000 'BEGIN {
  c = "abcdefghijklmnopqrs"; printf "(;FF[4]GM[1]SZ[19]"
  for (i = 0; i < n; i++)
    printf "(;%s[%s%s]", i % 2 ? "W" : "B", substr(c, i % 19 + 1, 1), substr(c, int(i / 19) % 19 + 1, 1)
  for (i = n - 1; i >= 0; i--)
    printf "(;%s[%s%s]))", i % 2 ? "W" : "B", substr(c, (i + 7) % 19 + 1, 1), substr(c, (int(i / 19) + 3) % 19 + 1, 1)
  print ")" }' > "$tmp/nested.sgf"
mkdir "$tmp/nested"
exits "--convert: 2,000 nested variations (32 KB of SGF)" 1 \
  "$JGFLINT" --convert --output "$tmp/nested" "$tmp/nested.sgf"
holds "... a record of at most 10 times the input" \
  test "$(wc -c < "$tmp/nested/nested.jgf")" -le $((10 * $(wc -c < "$tmp/nested.sgf")))
holds "... the deepest variations on one line, and said" grep -q "^$tmp/nested/nested.jgf: note: its variations nest 1999 levels deep: those deeper than 50 are written on one line$" "$tmp/out"
holds "... no line indented more than 14 spaces" sh -c "! grep -q '^ \{15\}' '$tmp/nested/nested.jgf'"
exits "... which jgflint checks (the game's own errors)" 1 "$JGFLINT" "$tmp/nested/nested.jgf"
holds "... and nothing outside go" sh -c "! grep -v '\\[\\(occupied-point\\|suicide\\|same-color-twice\\)\\]$' '$tmp/out' | grep -q ."
# Converted records that fit (issue 27): a long game is written a move a
# line (it took 7 lines and 95 bytes a move, 16 times its source), and a
# finding in it is located exactly by a lint of what was written.
awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"
  for (i = 0; i < 10000; i++) printf ";%s[%c%c]", i % 2 ? "W" : "B", 97 + i % 19, 97 + int(i / 19) % 19
  print ";B[aa])" }' > "$tmp/long.sgf"
mkdir "$tmp/long"
exits "--convert: a game of 10,001 moves" 1 "$JGFLINT" --convert --output "$tmp/long" "$tmp/long.sgf"
holds "... a record of at most 10 times its source" \
  test "$(wc -c < "$tmp/long/long.jgf")" -le $((10 * $(wc -c < "$tmp/long.sgf")))
holds "... a move a line" test "$(wc -l < "$tmp/long/long.jgf")" -le 10040
# (its 361st move, at T1 (18, 18), fills the board: suicide)
holds "... its finding at the SGF's line:col" sh -c \
  "grep -q '^$tmp/long.sgf:1:2180: error: move 361 (black at T1 (ss)) is suicide' '$tmp/out' && cut -c2180-2184 '$tmp/long.sgf' | grep -qx 'B\[ss\]'"
exits "... which a lint of the record finds" 1 "$JGFLINT" --format concise "$tmp/long/long.jgf"
line=$(sed -n 's/^[^:]*:\([0-9]*\):\([0-9]*\): error: move 361 .*\[suicide\]$/\1 \2/p' "$tmp/out")
holds "... at the line and column of that move in the record" sh -c \
  "set -- $line; sed -n \"\$1p\" '$tmp/long/long.jgf' | cut -c\"\$2\"- | grep -q '^{ \"color\": \"black\", \"x\": 18, \"y\": 18 }'"
# A stand-in for Kogo's Joseki Dictionary (1.2 MB of SGF, 30 levels of
# variations deep, comments, labels and marks) made a 54 MB record, its
# indentation growing with the depth: now a few times its size, indented
# 14 spaces at most.
awk -v nodes=35000 -f bench/kogo-standin.awk > "$tmp/kogo.sgf"
mkdir "$tmp/kogo"
exits "--convert: a stand-in for Kogo's Joseki Dictionary" 1 "$JGFLINT" --convert -q --output "$tmp/kogo" "$tmp/kogo.sgf"
holds "... a record of at most 10 times its source" \
  test "$(wc -c < "$tmp/kogo/kogo.jgf")" -le $((10 * $(wc -c < "$tmp/kogo.sgf")))
holds "... no line indented more than 14 spaces" sh -c "! grep -q '^ \{15\}' '$tmp/kogo/kogo.jgf'"
rm -f "$tmp/kogo.sgf"
# The budget refuses a game before memory runs out: a game of 1,000,000
# moves (6 MB of SGF, 10 MB of NGF) under ulimit -v 300000 ran out of
# memory (exit 2, "out of memory"): now it is not converted, and said why.
awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"
  for (i = 0; i < 1000000; i++) printf ";%s[%c%c]", i % 2 ? "W" : "B", 97 + i % 19, 97 + int(i / 19) % 19
  print ")" }' > "$tmp/huge.sgf"
awk 'BEGIN { printf "Rated game\n19\nW 1k\nB 1k\nwww.wbaduk.com\n0\n0\n7\n20170316 [09:37]\n5\nB+R\n1000000\n"
  for (i = 0; i < 1000000; i++) printf "PM%c%c%s%c%c%c%c\n", 65 + int(i / 26) % 26, 65 + i % 26, i % 2 ? "W" : "B",
    66 + i % 19, 66 + int(i / 19) % 19, 66 + int(i / 19) % 19, 66 + i % 19 }' > "$tmp/huge.ngf"
mkdir "$tmp/huge"
exits "--max-memory 64M: a game of 1,000,000 moves is refused" 2 \
  "$JGFLINT" --convert --max-memory 64M --output "$tmp/huge" "$tmp/huge.sgf"
holds "... and said, with the budget" grep -q "^$tmp/huge/huge.jgf: error: not written: converting and checking this game would take more than the 64 MB memory budget (--max-memory): it has more than 223696 nodes, and each takes about 300 bytes$" "$tmp/out"
holds "... nothing written" test ! -e "$tmp/huge/huge.jgf"
if (ulimit -v 300000 && "$JGFLINT" --version) > /dev/null 2>&1; then
  for f in huge.sgf huge.ngf; do
    exits "ulimit -v 300000: --convert of $f (1,000,000 moves) is refused, not out of memory" 2 \
      sh -c "ulimit -v 300000 && exec \"\$0\" --convert --output \"\$1\" \"\$2\"" "$JGFLINT" "$tmp/huge" "$tmp/$f"
    holds "... by the budget, said" grep -q "error: not written: converting and checking this game would take more than the [0-9]* MB memory budget (--max-memory)" "$tmp/out"
    holds "... not out of memory" sh -c "! grep -q 'out of memory' '$tmp/err'"
  done
else
  for f in huge.sgf huge.ngf; do
    skip "ulimit -v 300000: $f: this build cannot run under ulimit -v (sanitizers)"
    skip "... by the budget: sanitizers"; skip "... not out of memory: sanitizers"
  done
fi
rm -f "$tmp/huge.sgf" "$tmp/huge.ngf"
# A record the linter would refuse is never written: a game of a few nodes
# (within the budget's count of them) with a comment of 20 KB.
mkdir "$tmp/refused"
awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]C["; for (i = 0; i < 2000; i++) printf "long words"; print "];B[aa])" }' > "$tmp/refused.sgf"
exits "--convert --max-memory 8K: a record jgflint could not check" 2 \
  "$JGFLINT" --convert --max-memory 8K --output "$tmp/refused" "$tmp/refused.sgf"
holds "... is not written" test ! -e "$tmp/refused/refused.jgf"
holds "... and said" grep -q "^$tmp/refused/refused.jgf: error: not written: jgflint could not check the record: reading this [0-9]* KB file as a document would take about [0-9]* KB of memory, more than the 8 KB budget (--max-memory); it was not checked \\[json-too-large\\]$" "$tmp/out"
# The "in time" checks below catch work that grows as the square of the
# input (minutes, hours); a sanitizer build runs several times slower and
# CI runs it beside the plain make check, so it is given four times as long.
in_time=60
if sanitized; then in_time=240; fi
# A UGF header of 80,000 variables (each kept under meta.ugf): read key by
# key, it took 37 s; bench/convert-scale.sh measures it as a ratio.
{ printf '[Header]\r\nVer=UGF3,200\r\nSize=19\r\n'
  awk 'BEGIN { for (i = 0; i < 80000; i++) printf "Key%d=value %d\r\n", i, i }'
  printf '[Data]\r\nQP,B1,1,0\r\nDP,W1,2,0\r\n'; } > "$tmp/keys.ugf"
mkdir "$tmp/keys"
exits "--convert: a UGF header of 80,000 variables" 0 \
  timeout "$in_time" "$JGFLINT" --convert --output "$tmp/keys" "$tmp/keys.ugf"
holds "... every one kept" test "$(grep -c '"Key[0-9]*": "value [0-9]*"' "$tmp/keys/keys.jgf")" -eq 80000
# 400,000 findings on one line: each was placed by walking its line from
# column 1 (about 6 min); placed in order along the line, the line is walked once.
awk 'BEGIN { printf "(;GM[1]SZ[19];B[pd]"; for (i = 0; i < 400000; i++) printf ";"; print ")" }' > "$tmp/bare.sgf"
exits "400,000 bare nodes on one line: 400,000 findings placed in time" 0 \
  timeout "$in_time" "$JGFLINT" --max-findings 0 --format concise "$tmp/bare.sgf"
holds "... the first at 1:20, marked: --fix takes it out" grep -q "^$tmp/bare.sgf:1:20: info: \[\*\] a node without properties" "$tmp/out"
holds "... the last at 1:400019, not marked: alone at the end of its line" sh -c "grep -v fixable '$tmp/out' | tail -n 1 | grep -q '^$tmp/bare.sgf:1:400019: info: a node without properties'"
holds "... 400,000 of them" test "$(grep -c '^/.*sgf-empty-node' "$tmp/out")" -eq 400000
rm -f "$tmp/bare.sgf"
# The same after a value whose `]` was lost (C's, read to its line's end):
# each empty node's fix was asked whether it takes out the `]` another
# reader closes that value with by a scan from the value (a325bd3: 35 s
# for 100,000, 140 s for these); the value's first `]` is found once.
{ printf '(;GM[1]FF[4]SZ[19]C[x\n'; awk 'BEGIN { for (i = 0; i < 200000; i++) printf ";"; print ")" }'; } > "$tmp/guessed.sgf"
exits "200,000 bare nodes after a value whose ] was lost: placed in time" 0 \
  timeout "$in_time" "$JGFLINT" --max-findings 0 --format concise "$tmp/guessed.sgf"
holds "... 200,000 of them" test "$(grep -c '^/.*sgf-empty-node' "$tmp/out")" -eq 200000
rm -f "$tmp/guessed.sgf"
# The same after an empty text's fix (C[], a node the fix empties): each
# `;` was asked whether its run ends where one of its nodes must stay by a
# walk back to the run's start and on to its end (fb81b8c: 100,000 in 20 s,
# these over 3 min); a walk stops at the last `;` asked and takes its answers.
{ printf '(;GM[1]FF[4]SZ[19];B[aa];C[]'; awk 'BEGIN { for (i = 0; i < 300000; i++) printf ";"; print ")" }'; } > "$tmp/emptied.sgf"
exits "300,000 bare nodes after an empty text: placed in time" 0 \
  timeout "$in_time" "$JGFLINT" --max-findings 0 --format concise "$tmp/emptied.sgf"
holds "... the first marked: --fix takes it out" grep -q "^$tmp/emptied.sgf:1:29: info: \[\*\] a node without properties" "$tmp/out"
holds "... 300,000 of them, all marked but the last" \
  test "$(grep -c '^/.*\[\*\] a node without properties' "$tmp/out") $(grep -c '^/.*sgf-empty-node' "$tmp/out")" = "299999 300000"
rm -f "$tmp/emptied.sgf"
# Values whose `]` was lost before one far `]` (;W[x LF, 80,000 times, then
# `]`): the reader went to that `]`, counting the lines to it, before it
# cut each value and read it again from its start (over 60 s; 20,000 of
# them 1.1 s); it goes there only for a value read to it (perf, issue 74).
{ printf '(;GM[1]FF[4]SZ[19]'; awk 'BEGIN { for (i = 0; i < 80000; i++) print ";W[x"; print "])" }'; } > "$tmp/far.sgf"
exits "80,000 values cut before one far ]: read in time" 0 \
  timeout "$in_time" "$JGFLINT" --max-findings 0 --format concise "$tmp/far.sgf"
holds "... each cut, the ] stray at the end" grep -q "^$tmp/far.sgf:80001:1: warning: unexpected \`]\`" "$tmp/out"
rm -f "$tmp/far.sgf"
# Nodes of stray values after a value whose `]` was lost (M[ee LF ][ff]):
# each `;` was asked whether its values join that value by a walk from
# its first `]` over every node before (R29's test; 50,000 in 8 s); the
# walk goes on from where the last one got to.
{ printf '(;GM[1]FF[4]SZ[19];M[ee\n][ff]'; awk 'BEGIN { for (i = 0; i < 200000; i++) printf ";[aa]"; print ")" }'; } > "$tmp/joins.sgf"
exits "200,000 nodes of stray values after a value whose ] was lost: placed in time" 0 \
  timeout "$in_time" "$JGFLINT" --max-findings 0 --format concise "$tmp/joins.sgf"
holds "... 200,000 empty nodes, none marked: their values would join M's" \
  test "$(grep -c '^/.*sgf-empty-node' "$tmp/out") $(grep -c '\[\*\]' "$tmp/out")" = "200000 0"
# --fix of the same: every empty-node fix is refused, and each refusal's
# note was placed by a scan of every finding (REVIEW.md R76: 20,000 in
# 19 s, 40,000 over 2 min); a refusal's finding is looked up among its
# alike, sorted once.
{ printf '(;GM[1]FF[4]SZ[19];M[ee\n][ff]'; awk 'BEGIN { for (i = 0; i < 100000; i++) printf ";[aa]"; print ")" }'; } > "$tmp/joins.sgf"
exits "--fix of 100,000 such nodes: every fix refused, said in time" 0 \
  timeout "$in_time" "$JGFLINT" --no-config --fix --format concise "$tmp/joins.sgf"
holds "... each refusal placed at its own ;" test "$(grep -c ':2:[0-9]*: the sgf-empty-node fix was not applied' "$tmp/err") $(grep -c ':2:500001: the sgf-empty-node fix was not applied' "$tmp/err")" = "100000 1"
rm -f "$tmp/joins.sgf"
# Nodes of a comment given twice, the second in lower case, both holding
# `[` and `\]` (REVIEW.md R110, `;B[pd]C[B[pd\] is the move]c[B[pd\] is
# the move]`): the rename is written, the merge the guard refuses. A fix
# whose window held a neighbour's fix, or a bracket or backslash, was
# judged by reading the whole text, once a halving of the search (1,600
# nodes: a check 11 s, --fix 20 s), and each refusal was moved past every
# edit of its round (sgf_round_still); judged in its own nodes, each
# refusal moved by a search, 10,000 in time.
awk 'BEGIN { print "(;GM[1]FF[4]SZ[19]PB[Lee]"; for (i = 0; i < 10000; i++) print ";B[pd]C[B[pd\\] is the move]c[B[pd\\] is the move]"; print ")" }' > "$tmp/r110.sgf"
exits "a check of 10,000 nodes each of a merge the guard refuses: in time" 1 \
  timeout "$in_time" "$JGFLINT" --no-config --max-findings 0 --format concise "$tmp/r110.sgf"
holds "... each rename offered, no merge" \
  test "$(grep -c '\[\*\] property `c` in lower case' "$tmp/out") $(grep -c '\[\*\] property `C` given again' "$tmp/out")" = "10000 0"
exits "--fix of the same: in time" 1 \
  timeout "$in_time" "$JGFLINT" --no-config --fix --format concise "$tmp/r110.sgf"
holds "... each rename written, each merge said not applied" \
  test "$(grep -c '^;B\[pd\]C\[B\[pd\\\] is the move\]C\[B\[pd\\\] is the move\]$' "$tmp/r110.sgf") $(grep -c 'the sgf-duplicate-property fix was not applied: it would change the game: game 1, node [0-9]*, C would read otherwise$' "$tmp/err")" = "10000 10000"
rm -f "$tmp/r110.sgf"
# A game of N variations (;C[hi i];;B[aa](;B[cc])(;W[dd])C[]), every 7th
# comment (hi i) (bench/refusals.sh's and tests/fix_search.sh's s.sgf):
# each empty node's `;` applied and each empty text after a node's
# variations (read as one more variation) refused by the guard. Their
# nodes' windows hold a parenthesis, and each was judged by reading the
# whole text, about twice a fix (5,000 variations: a check about 200 s);
# judged in its variation, 5,000 in time.
awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19];b[pd]"; for (i = 0; i < 5000; i++) printf (i % 7 == 3 ? "(;C[(hi%d)];;B[aa](;B[cc])(;W[dd])C[])" : "(;C[hi%d];;B[aa](;B[cc])(;W[dd])C[])"), i; print ")" }' > "$tmp/vars.sgf"
exits "a check of 5,000 variations each of an empty node and an empty text the guard refuses: in time" 0 \
  timeout "$in_time" "$JGFLINT" --no-config --max-findings 0 --format concise "$tmp/vars.sgf"
holds "... the b and each empty node offered, no empty text" \
  test "$(grep -c '\[\*\] a node without properties' "$tmp/out") $(grep -c '\[\*\] an empty C' "$tmp/out") $(grep -c '\[\*\] 5001 fixable with' "$tmp/out")" = "5000 0 1"
sed 's/;;/;/g; s/b\[pd\]/B[pd]/' "$tmp/vars.sgf" > "$tmp/vars.fixed"
exits "--fix of the same: in time" 0 \
  timeout "$in_time" "$JGFLINT" --no-config --fix --format concise "$tmp/vars.sgf"
holds "... the b and each empty node written, each empty text said not applied" \
  sh -c "cmp -s '$tmp/vars.sgf' '$tmp/vars.fixed' && test \"\$(grep -c 'the sgf-empty-text fix was not applied: it would change the game: game 1, node [0-9]*, W would read otherwise\$' '$tmp/err')\" = 5000"
rm -f "$tmp/vars.sgf" "$tmp/vars.fixed"
# A property of many values an edit spans, beside one given again
# (REVIEW.md R134, R133): the guard named the property once for each of
# its value places, each name walking all its values (80,000: a check
# 63 s), and looked for each value the edit spans from its id's first
# value after the round (20,000: 3.7 s); its places named once, its values
# found in one sorted walk, 160,000 in time.
awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]PB[a]XX"; for (i = 0; i < 160000; i++) printf "[v%06d]", i; print "PB[b];B[pd])" }' > "$tmp/many.sgf"
exits "a check of 160,000 values between the places of PB given again: in time" 0 \
  timeout "$in_time" "$JGFLINT" --no-config --max-findings 0 --format concise "$tmp/many.sgf"
holds "... PB's repair offered" grep -q '^1 fixable with `--fix --unsafe-fixes`$' "$tmp/out"
awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]AB[aa]C"; for (i = 0; i < 160000; i++) printf "[v%06d]", i; print "AB[bb]C[z];B[pd])" }' > "$tmp/many.sgf"
exits "--fix of a merge of AB spanning C of 160,000 values given again: in time" 0 \
  timeout "$in_time" "$JGFLINT" --no-config --fix --format concise "$tmp/many.sgf"
holds "... AB merged, every value of C kept, its last joined with C[z]" \
  sh -c "grep -q '^(;GM\\[1\\]FF\\[4\\]SZ\\[19\\]AB\\[aa\\]\\[bb\\]C\\[v000000\\]' '$tmp/many.sgf' && test \"\$(grep -o '\\[v[0-9]*' '$tmp/many.sgf' | wc -l)\" = 160000 && grep -q '^z\\];B\\[pd\\])\$' '$tmp/many.sgf'"
rm -f "$tmp/many.sgf"
# Values whose `]` was lost with no `]` after them, along one line (B[d):
# each value's reading, and each finding's span, looked on to the line's
# end (sgf_read_value, sgfplace.c's value_end: 8,000 values 3.4 G
# instructions, four times 2,000's); what one look found is kept for the
# next (sgf_far).
awk 'BEGIN { printf "(;GM[1]FF[4]SZ[19]"; for (i = 0; i < 100000; i++) printf ";B[d"; print ")" }' > "$tmp/lost.sgf"
exits "100,000 values whose ] was lost on one line, no ] after: read in time" 0 \
  timeout "$in_time" "$JGFLINT" --max-findings 0 --format concise "$tmp/lost.sgf"
holds "... each cut before the next ;" test "$(grep -c '^/.*sgf-unclosed-value' "$tmp/out")" -eq 100000
rm -f "$tmp/lost.sgf"
# A collection is converted a game at a time: 1,000 games of 300 moves
# (1.9 MB) took 110 times its size, all their trees at once.
awk 'BEGIN {
  c = "abcdefghijklmnopqrs"
  for (g = 0; g < 1000; g++) {
    printf "(;FF[4]GM[1]SZ[19]PB[Black %d]PW[White %d]RE[B+R]", g, g
    for (i = 0; i < 300; i++)
      printf ";%s[%s%s]", i % 2 ? "W" : "B", substr(c, (i * 7 + g) % 19 + 1, 1), substr(c, (i * 3 + g) % 19 + 1, 1)
    print ")" } }' > "$tmp/games.sgf"
mkdir "$tmp/games"
if (ulimit -v 150000 && "$JGFLINT" --version) > /dev/null 2>&1; then
  exits "ulimit -v 150000: --convert of a 1.9 MB collection of 1,000 games" 1 \
    sh -c "ulimit -v 150000 && exec \"\$0\" --convert -q --output \"\$1\" \"\$2\"" "$JGFLINT" \
    "$tmp/games" "$tmp/games.sgf"
  holds "... every record written" test "$(ls "$tmp/games" | wc -l)" -eq 1000
else
  skip "ulimit -v: a collection a game at a time: this build cannot run under ulimit -v (sanitizers)"
  skip "... every record written: sanitizers"
fi
exits "a NUL byte after the document is still reported where it is" 1 \
  sh -c "printf '{}\n\0\0\0' | \"\$0\" -" "$JGFLINT"
holds "... at 2:1" grep -q '^<stdin>:2:1: error: ' "$tmp/out"

# --- findings cap -----------------------------------------------------------
# dupes N FILE: one object with N duplicate keys on one line.
dupes() {
  awk -v n="$1" 'BEGIN { printf "{\"k\": 0"; for (i = 0; i < n; i++) printf ", \"k\": 0"; print "}" }' > "$2"
}
dupes 1500 "$tmp/dupes.jgf"
exits "1,500 duplicate keys: capped at 1,000 by default" 1 "$JGFLINT" --select json "$tmp/dupes.jgf"
holds "... 1,000 findings and one summary" test "$(grep -c '\[json-duplicate-key\]$' "$tmp/out")" -eq 1001
holds "... the summary counts the rest, at the first one dropped" \
  grep -q '^[^:]*dupes.jgf:1:8010: error: and 500 more json-duplicate-key findings in this file, not shown: only the first 1,000 of each rule are (--max-findings; 0 shows all) \[json-duplicate-key\]$' "$tmp/out"
holds "... and the summary line counts every finding" grep -q '^1 file checked: 1500 errors' "$tmp/err"
exits "--max-findings 0 shows every finding" 1 "$JGFLINT" --select json --max-findings 0 "$tmp/dupes.jgf"
holds "... 1,500" test "$(grep -c '\[json-duplicate-key\]$' "$tmp/out")" -eq 1500
exits "--max-findings 10 --format json" 1 "$JGFLINT" --select json --max-findings 10 --format json "$tmp/dupes.jgf"
holds "... 11 diagnostics" test "$(grep -c '"rule": "json-duplicate-key"' "$tmp/out")" -eq 11
holds "... the last says 1,490 more" grep -q '"message": "and 1,490 more json-duplicate-key findings' "$tmp/out"
exits "--max-findings 10 --format sarif" 1 "$JGFLINT" --select json --max-findings 10 --format sarif "$tmp/dupes.jgf"
holds "... 11 results" test "$(grep -c '"ruleId": "json-duplicate-key"' "$tmp/out")" -eq 11
exits "--statistics counts every finding, not the shown ones" 1 "$JGFLINT" --select json --statistics "$tmp/dupes.jgf"
holds "... 1500" grep -q '^  1500  json-duplicate-key ' "$tmp/out"
exits "--max-findings takes a number" 2 "$JGFLINT" --max-findings many "$tmp/dupes.jgf"

# --- directory walks ---------------------------------------------------------
# files OUT: the files a run reported on (each fixture holds an error), sorted.
files() { sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: .*/\1/p' "$tmp/out" | sort -u | tr '\n' ' '; }
bad='{"record": {"format": "JGF", "version": 2}, "tree": [{}], "game": {"result": "B+Resign"}}'
w=$tmp/walk
mkdir -p "$w/sub/deeper" "$w/ignored" "$w/sub/ignored" "$w/node_modules/pkg" "$w/gen" "$w/sub/gen"
for f in a.jgf top.jgf GAME.JGF Upper.Jgf x.bak.jgf keep.bak.jgf local.jgf skip.tmp.jgf \
         sub/top.jgf sub/local.jgf sub/deeper/d.jgf ignored/i.jgf sub/ignored/i.jgf \
         node_modules/pkg/n.jgf gen/g.jgf sub/gen/g.jgf; do
  printf '%s\n' "$bad" > "$w/$f"
done
printf '# comment\n\nignored/\n*.bak.jgf\n!keep.bak.jgf\n/top.jgf\n' > "$w/.gitignore"
printf 'local.jgf\n' > "$w/sub/.gitignore"
exits "a walk honours .gitignore files on the way down, skips node_modules, takes GAME.JGF" 1 \
  "$JGFLINT" --format concise "$w"
holds "... the files it checked" test "$(files)" = \
  "$w/GAME.JGF $w/Upper.Jgf $w/a.jgf $w/gen/g.jgf $w/keep.bak.jgf $w/local.jgf $w/skip.tmp.jgf $w/sub/deeper/d.jgf $w/sub/gen/g.jgf $w/sub/top.jgf "
exits "--exclude GLOB (a name anywhere, or a path under the walked directory)" 1 \
  "$JGFLINT" --format concise --exclude '*.tmp.jgf' --exclude 'sub/deeper' --exclude gen "$w"
holds "... the files it checked" test "$(files)" = \
  "$w/GAME.JGF $w/Upper.Jgf $w/a.jgf $w/keep.bak.jgf $w/local.jgf $w/sub/top.jgf "
printf '{"exclude": ["sub/deeper", "gen"]}\n' > "$w/.jgflint.json"
exits "\"exclude\" in .jgflint.json, relative to its directory" 1 "$JGFLINT" --format concise "$w"
holds "... the files it checked" test "$(files)" = \
  "$w/GAME.JGF $w/Upper.Jgf $w/a.jgf $w/keep.bak.jgf $w/local.jgf $w/skip.tmp.jgf $w/sub/top.jgf "
# (outside a git work tree, .gitignore files above the walked directory are
# not read: sub/ignored stays)
exits "... and when walking a directory below it" 1 "$JGFLINT" --format concise "$w/sub"
holds "... the files it checked" test "$(files)" = "$w/sub/ignored/i.jgf $w/sub/top.jgf "
rm "$w/.jgflint.json"
mkdir "$w/.git"
exits "in a git work tree, the .gitignore files above the walked directory apply" 1 \
  "$JGFLINT" --format concise "$w/sub"
holds "... the files it checked" test "$(files)" = "$w/sub/deeper/d.jgf $w/sub/gen/g.jgf $w/sub/top.jgf "
printf 'sub/top.jgf\n' >> "$w/.gitignore"
exits "... anchored patterns too, from the top of the work tree" 1 "$JGFLINT" --format concise "$w/sub/"
holds "... the files it checked" test "$(files)" = "$w/sub/deeper/d.jgf $w/sub/gen/g.jgf "
rmdir "$w/.git"
exits "a file named on the command line is checked even if a walk would skip it" 1 \
  "$JGFLINT" --format concise "$w/ignored/i.jgf" "$w/node_modules/pkg/n.jgf"
holds "... both" test "$(files)" = "$w/ignored/i.jgf $w/node_modules/pkg/n.jgf "

s=$tmp/special
mkdir -p "$s"
printf '%s\n' "$bad" > "$s/a.jgf"
ln -s /dev/null "$s/null.jgf"
if mkfifo "$s/pipe.jgf" 2> /dev/null; then
  exits "a FIFO found by a walk is skipped with a note, not read (no hang)" 1 \
    timeout 20 "$JGFLINT" --format concise "$s"
  holds "... the note" grep -q "^jgflint: note: $s/pipe.jgf is a FIFO (named pipe), not a regular file; skipped$" "$tmp/err"
  holds "... a symbolic link (to /dev/null) is not followed by a walk" \
    sh -c "! grep -q null.jgf '$tmp/err'"
  holds "... and the regular file is checked" test "$(files)" = "$s/a.jgf "
  exits "--follow-symlinks: the device behind a symbolic link is skipped with a note" 1 \
    timeout 20 "$JGFLINT" --format concise --follow-symlinks "$s"
  holds "... the note" \
    grep -q "^jgflint: note: $s/null.jgf is a character device, not a regular file; skipped$" "$tmp/err"
  exits "a FIFO named on the command line is read like cat reads it" 1 \
    sh -c "(printf '%s\n' '$bad' > '$s/pipe.jgf' &) ; exec timeout 20 \"\$0\" --format concise '$s/pipe.jgf'" "$JGFLINT"
  holds "... and checked" grep -q "pipe.jgf:1:[0-9]*: error: .*\[result-format\]$" "$tmp/out"
  mkdir -p "$s/cfg" && mkfifo "$s/cfg/.jgflint.json" && printf '%s\n' "$bad" > "$s/cfg/b.jgf"
  exits "a FIFO named .jgflint.json does not block the configuration lookup" 1 \
    timeout 20 "$JGFLINT" --format concise "$s/cfg/b.jgf"
  holds "... it is noted and ignored" grep -q "^jgflint: note: .*/cfg/.jgflint.json is not a regular file; ignored$" "$tmp/err"
else
  skip "FIFOs: mkfifo failed"
fi
if command -v python3 > /dev/null &&
   python3 -c "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$s/sock.jgf" 2> /dev/null; then
  exits "a socket found by a walk is skipped with a note" 1 timeout 20 "$JGFLINT" --format concise "$s"
  holds "... the note" grep -q "^jgflint: note: $s/sock.jgf is a socket, not a regular file; skipped$" "$tmp/err"
else
  skip "a socket found by a walk: python3 cannot create a Unix socket here"
fi

# 300 levels of one-letter directories under a limit of 32 open files: the
# walk holds no descriptor per level.
narrow=$tmp/narrow$(awk 'BEGIN { for (i = 0; i < 300; i++) printf "/a" }')
if mkdir -p "$narrow" && printf '%s\n' "$bad" > "$narrow/bottom.jgf"; then
  exits "300 levels of directories with ulimit -n 32" 1 \
    sh -c "ulimit -n 32 && exec \"\$0\" --format concise \"\$1\"" "$JGFLINT" "$tmp/narrow"
  holds "... reach the file at the bottom" grep -q '/a/a/bottom.jgf:1:[0-9]*: error: ' "$tmp/out"
else
  skip "300 levels of directories: cannot create them here"
fi

# A tree deeper than PATH_MAX (4096 bytes): 20 levels of 250-byte names.
long=$(printf '%0250d' 0)
if (cd "$tmp" && mkdir deep && cd deep && i=0 && while [ $i -lt 20 ]; do
      mkdir "$long" && cd -P "$long" || exit 1; i=$((i + 1)); done &&
    printf '%s\n' "$bad" > bottom.jgf && cd "$tmp/deep" && mkdir shallow &&
    printf '%s\n' "$bad" > shallow/s.jgf) 2> /dev/null; then
  exits "a tree deeper than PATH_MAX is reported, not skipped silently" 2 \
    "$JGFLINT" --format concise "$tmp/deep"
  holds "... with a message" grep -q "the path is longer than PATH_MAX (4096 bytes); the files below it were not checked$" "$tmp/err"
  holds "... and the rest is checked" test "$(files)" = "$tmp/deep/shallow/s.jgf "
else
  skip "a tree deeper than PATH_MAX: cannot create it here"
fi

# --- file names that are not UTF-8 ------------------------------------------
u=$tmp/names
mkdir -p "$u"
latin1=$(printf 'caf\351')
if printf '{"k": 1, "k": 2}\n' > "$u/$latin1.jgf" 2> /dev/null; then
  # valid_json FILE: jgflint's own strict reader finds no JSON or UTF-8 problem.
  valid_json() { "$JGFLINT" --select json-syntax,json-encoding --format concise "$1" > /dev/null 2>&1; }
  exits "a Latin-1 file name: --format json" 1 "$JGFLINT" --format json "$u"
  cp "$tmp/out" "$tmp/report.json"
  holds "... is valid JSON (UTF-8)" valid_json "$tmp/report.json"
  holds "... the name's byte is escaped as \\xE9" grep -q '"path": ".*/caf\\\\xE9.jgf"' "$tmp/report.json"
  exits "... concise: the same escape" 1 "$JGFLINT" --format concise "$u"
  holds "... shown as caf\\xE9.jgf" grep -q '/caf\\xE9.jgf:1:1: ' "$tmp/out"
  exits "... sarif" 1 "$JGFLINT" --format sarif "$u"
  cp "$tmp/out" "$tmp/report.sarif"
  holds "... is valid JSON, the URI percent-encoded" sh -c "grep -q 'caf%E9.jgf' '$tmp/report.sarif'"
  holds "... valid" valid_json "$tmp/report.sarif"
  exits "--write-baseline with that name" 0 "$JGFLINT" --write-baseline "$tmp/base.json" "$u"
  holds "... writes a valid baseline" valid_json "$tmp/base.json"
  exits "--baseline reads it back and matches the file's findings" 0 "$JGFLINT" --baseline "$tmp/base.json" "$u"
  holds "... none left" grep -q '^1 file checked: 0 errors, 0 warnings, 0 infos\($\|;\)' "$tmp/err"
else
  skip "file names that are not UTF-8: the file system refuses them"
fi

# Worker threads get the stack a deep record's walks need whatever the C
# library: musl's threads have 128 KiB (the static program), glibc's the
# stack limit, here made as small (ulimit -s 256). Two records 3,000
# variations deep, JGF and SGF, on two workers: a crash before every worker
# got 8 MiB (thread_attr_worker).
if sanitized; then
  skip "workers' stacks: a sanitizer build's frames are larger (the plain build checks them)"
else
  mkdir "$tmp/deepvar"
  awk -v n=3000 -f "$TOP_SRCDIR/tests/deep_jgf.awk" > "$tmp/deepvar/a.jgf"
  (cd "$tmp/deepvar" && "$JGFLINT" --convert --to sgf a.jgf > /dev/null 2>&1)
  cp "$tmp/deepvar/a.jgf" "$tmp/deepvar/b.jgf"
  (ulimit -s 256 && "$JGFLINT" -j 2 --no-config --format concise --extensions .jgf,.sgf "$tmp/deepvar" > /dev/null 2>&1)
  s=$?
  [ -f "$tmp/deepvar/a.sgf" ] && [ $s -eq 1 ] &&
    ok "records 3,000 variations deep on two workers with a 256 KiB stack limit: checked (exit $s)" ||
    not_ok "records 3,000 variations deep on two workers with a 256 KiB stack limit: exit $s"
fi

tap_done
