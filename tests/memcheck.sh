#!/bin/sh
# valgrind memcheck over the records of testdata/, the fuzz corpus and the
# shared samples: lint (text, json and sarif reports), --fix,
# --fix --unsafe-fixes, --stream --fix and --convert, each run one process
# over all its inputs. Any error memcheck reports (a read of memory never
# written, an invalid read or write, a leak that is definitely lost) fails.
# Not part of make check (valgrind multiplies the time by 20 to 50, and
# the sanitizer builds cannot run under it): .ci/run runs it over the
# plain build, in about 40 s.
#
# No suppression of jgflint's frames. PCRE2's JIT code reads words past a
# subject (in the allocation) and valgrind cannot unwind through it (the
# stack is two `???` frames, which no suppression could tell from ours),
# so its compiler is replaced, for these runs only, by one that declines
# (tests/memcheck_nojit.c, preloaded): PCRE2 then interprets the patterns
# as it does where JIT is not available, which valgrind follows.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree); CC.
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
samples=$TOP_SRCDIR/../shared/samples
. "$TOP_SRCDIR/tests/tap.sh"

if ! command -v valgrind > /dev/null 2>&1; then
  echo "1..0 # SKIP valgrind is not installed"
  exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
if ! ${CC:-cc} -shared -fPIC -o "$tmp/nojit.so" "$TOP_SRCDIR/tests/memcheck_nojit.c" 2> "$tmp/cc.err"; then
  echo "1..0 # SKIP cannot build the preloaded PCRE2 JIT stub: $(head -1 "$tmp/cc.err")"
  exit 0
fi

# The records: each .jgf of testdata/ and the samples, and the fuzz corpus
# (its inputs are records too, whatever their name).
mkdir "$tmp/in" "$tmp/conv" "$tmp/out"
{ find "$TOP_SRCDIR/testdata" "$samples" -name '*.jgf' 2> /dev/null | sort
  find "$TOP_SRCDIR/tests/fuzz/corpus" -type f 2> /dev/null | sort; } |
  { i=0; while IFS= read -r f; do i=$((i + 1)); cat "$f" > "$tmp/in/$i.jgf"; done; }
find "$TOP_SRCDIR/testdata/convert" "$samples/sgf" "$samples/ugf" "$samples/gib" "$samples/ngf" \
     "$samples/sgfgrove" -type f 2> /dev/null | sort |
  { i=0; while IFS= read -r f; do i=$((i + 1)); cat "$f" > "$tmp/conv/$i.${f##*.}"; done; }
records=$(ls "$tmp/in" | wc -l) sources=$(ls "$tmp/conv" | wc -l)
echo "# $records records, $sources sources to convert"

# memcheck NAME ARGS...: jgflint ARGS under memcheck (standard input from
# $tmp/stdin when it exists); ok when it reports nothing.
memcheck() {
  name=$1; shift
  [ -f "$tmp/stdin" ] || : > "$tmp/stdin"
  LD_PRELOAD=$tmp/nojit.so valgrind -q --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite --num-callers=30 --log-file="$tmp/vg.log" \
    --suppressions="$TOP_SRCDIR/tests/memcheck.supp" \
    "$JGFLINT" "$@" < "$tmp/stdin" > /dev/null 2> "$tmp/err"
  status=$?
  if [ "$status" != 99 ] && [ ! -s "$tmp/vg.log" ] && [ "$status" -le 2 ]; then
    ok "$name (exit $status)"
  else
    not_ok "$name: exit $status, $(grep -c '^==[0-9]*== [A-Z]' "$tmp/vg.log") reports"
    head -60 "$tmp/vg.log" | sed 's/^/# /'
  fi
  rm -f "$tmp/stdin"
}

cd "$tmp/in" || exit 1
memcheck "lint $records records" --no-config -j 1 ./*.jgf
memcheck "lint, json and sarif reports" --no-config -j 1 --format json="$tmp/out/r.json" \
  --format sarif="$tmp/out/r.sarif" ./*.jgf
cp -R "$tmp/in" "$tmp/fix"
memcheck "--fix" --no-config -j 1 --fix "$tmp"/fix/*.jgf
cp -R "$tmp/in" "$tmp/unsafe"
memcheck "--fix --unsafe-fixes" --no-config -j 1 --fix --unsafe-fixes "$tmp"/unsafe/*.jgf
for f in ./*.jgf; do tr -d '\n\r' < "$f"; echo; done > "$tmp/stdin"
memcheck "--stream --fix --unsafe-fixes" --no-config --stream --fix --unsafe-fixes
memcheck "--convert $sources sources" --no-config -j 1 --convert --output "$tmp/out/conv" "$tmp"/conv/*
# A fix refused in an SGF collection whose other games are in a set of
# units, spelt as iconv_of maps it and as it returns it: the refusal's
# note names the set after the games are freed (REVIEW.md R82).
printf '%s\n' '(;GM[1]FF[4]CA[UTF-8]SZ[19];B[pd]C[hi;W[dd])' '(;GM[1]FF[4]CA[UTF16LE]SZ[19];B[pd])' \
  '(;GM[1]FF[4]CA[UTF-16LE]SZ[19];B[pd])' > "$tmp/units.sgf"
memcheck "--fix --unsafe-fixes of SGF, games in a set of units" --no-config --fix --unsafe-fixes \
  "$tmp/units.sgf"

echo "1..$n"
[ "$failed" -eq 0 ]
