#!/bin/sh
# Issue 52's peak memory: the functions a check of SGF runs are laid out
# together before the rest of the program's code (build-aux/hot-text.ld,
# written by bench/hot-text.sh; configure.ac links with it when the linker
# takes it), and its relative relocations packed where the C library
# applies them. A build whose configure found neither (LAYOUT_LDFLAGS, from
# make check) skips; an ELF program built without them fails.
. "${TOP_SRCDIR:?}/tests/tap.sh"
command -v readelf > /dev/null && command -v nm > /dev/null || skip_all "no readelf or nm"
readelf -h "$JGFLINT" > /dev/null 2>&1 || skip_all "the program is not ELF"
tap_scratch
script=$TOP_SRCDIR/build-aux/hot-text.ld
readelf -SW "$JGFLINT" > "$tmp/sections"

# An address of the section NAME's start and end, in hexadecimal.
range() { sed -n "s/^ *\[ *[0-9]*\] $1 *PROGBITS *\([0-9a-f]*\) [0-9a-f]* \([0-9a-f]*\) .*/\1 \2/p" "$tmp/sections"; }
hot=$(range '\.text\.jgflint_hot')
case ${LAYOUT_LDFLAGS-hot-text.ld} in
  *hot-text.ld*) laid_out=yes ;;
  *) laid_out=no; skip "configure found no linker that takes build-aux/hot-text.ld" ;;
esac
if [ $laid_out = yes ]; then
  check "the program has the section of the code a check runs" '[ -n "$hot" ]'
  text=$(range '\.text')
  set -- $hot $text
  if [ $# -eq 4 ]; then
    check "it comes before the rest of the code" \
      "[ $((0x$1 + 0x$2)) -le $((0x$3)) ]"
    # The functions of the list the program has, each placed in it (a
    # static function's name may be two files'; each is placed)
    sed -n 's/^ *\*(\.text\.\([^ ]*\) .*)$/\1/p' "$script" | sort > "$tmp/entries"
    sort -u "$tmp/entries" > "$tmp/listed"
    # Each function once: a rebase over another room's list keeps both
    # places of a function each moved (REVIEW.md R186), and the link takes
    # the first, an order bench/hot-text.sh did not write.
    twice=$(uniq -d "$tmp/entries" | paste -sd ' ' -)
    check "no function is listed twice (${twice:-none})" "[ -z '$twice' ]" ||
      echo "# bench/hot-text.sh writes build-aux/hot-text.ld again"
    nm "$JGFLINT" | awk -v lo=$((0x$1)) -v hi=$((0x$1 + 0x$2)) '
      $2 ~ /^[tT]$/ { a = 0; for (i = 1; i <= length($1); i++) a = a * 16 + index("0123456789abcdef", substr($1, i, 1)) - 1
                      print $3, (a >= lo && a < hi) ? "in" : "out" }' | sort > "$tmp/placed"
    join "$tmp/listed" "$tmp/placed" > "$tmp/both"
    listed=$(wc -l < "$tmp/listed")
    found=$(cut -d' ' -f1 "$tmp/both" | sort -u | wc -l)
    outside=$(grep -c ' out$' "$tmp/both" || true)
    check "the reading of SGF and the engine in it (sgf_stream_next, engine_run)" \
      "[ \$(grep -c -E '^(sgf_stream_next|engine_run) in\$' '$tmp/both') -eq 2 ]"
    check "every listed function the program has is in it ($outside outside)" "[ $outside -eq 0 ]"
    # a function renamed or gone is only not placed: past a tenth of the
    # list, bench/hot-text.sh writes it again
    check "the list is current: $found of its $listed functions are the program's" \
      "[ $((found * 10)) -ge $((listed * 9)) ]" ||
      echo "# bench/hot-text.sh writes build-aux/hot-text.ld again"
    # Every function of the program a check of the SGF files bench/hot-text.sh
    # reads (testdata/'s, and ../shared's samples where they are) and a
    # lint of testdata/'s JGF records runs is in the list: the list fell
    # behind three times, each time the new functions' 64 KB windows of
    # the rest of the code resident (the real set's text 492 -> 572-624 KB
    # at stop 96). One outside: bench/hot-text.sh writes it again.
    if sanitized; then
      skip "a sanitizer's build: the functions a check runs (valgrind)"
    elif command -v valgrind > /dev/null && command -v callgrind_annotate > /dev/null; then
      find "$TOP_SRCDIR/testdata" -name '*.sgf' -type f | sort > "$tmp/sgf"
      [ -d "$TOP_SRCDIR/../shared/samples/sgf" ] &&
        find "$TOP_SRCDIR/../shared/samples/sgf" -name '*.sgf' -type f | sort >> "$tmp/sgf"
      find "$TOP_SRCDIR/testdata" -name '*.jgf' -type f | sort > "$tmp/jgf"
      for kind in sgf jgf; do
        tr '\n' '\0' < "$tmp/$kind" | xargs -0 sh "$TOP_SRCDIR/build-aux/hot-functions.sh" "$JGFLINT" |
          sort -u > "$tmp/ran-$kind"
        join "$tmp/ran-$kind" "$tmp/placed" | grep ' out$' > "$tmp/cold-$kind" || true
      done
      # callgrind saw the program run: its reading of SGF and JGF
      check "callgrind sees the check run (sgf_stream_next, jgf_finding)" \
        "grep -qx sgf_stream_next '$tmp/ran-sgf' && grep -qx jgf_finding '$tmp/ran-jgf'"
      check "a check of $(wc -l < "$tmp/sgf") SGF files runs no function outside the list ($(wc -l < "$tmp/cold-sgf"))" \
        "[ -s '$tmp/sgf' ] && [ ! -s '$tmp/cold-sgf' ]" ||
        { sed 's/^/# outside: /' "$tmp/cold-sgf"; echo "# bench/hot-text.sh writes build-aux/hot-text.ld again"; }
      check "a lint of $(wc -l < "$tmp/jgf") JGF records runs none ($(wc -l < "$tmp/cold-jgf"))" \
        "[ -s '$tmp/jgf' ] && [ ! -s '$tmp/cold-jgf' ]" ||
        { sed 's/^/# outside: /' "$tmp/cold-jgf"; echo "# bench/hot-text.sh writes build-aux/hot-text.ld again"; }
    else
      skip "no valgrind: the functions a check runs"
      skip "no valgrind: the functions a lint runs"
    fi
  fi
fi

case ${LAYOUT_LDFLAGS-unset} in
  *pack-relative-relocs*)
    check "relative relocations packed (DT_RELR)" \
      "readelf -dW '$JGFLINT' | grep -q '(RELR)'"
    check "few relocations left unpacked" \
      "[ \$(readelf -rW '$JGFLINT' | grep -c R_X86_64_RELATIVE) -lt 100 ]" ;;
  *) skip "no -z pack-relative-relocs (configure: the program would not run with DT_RELR)" ;;
esac
tap_done
