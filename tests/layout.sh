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
    sed -n 's/^ *\*(\.text\.\([^ ]*\) .*)$/\1/p' "$script" | sort -u > "$tmp/listed"
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
    # The program's functions a check of testdata/'s SGF files runs (the
    # real set's peak is among them) left outside the list: a few new ones
    # at most, else bench/hot-text.sh writes it again. The deep example
    # alone once ran 4 outside while the set ran 108, its resident code
    # 712 KB where 492 with the list written again (callgrind names the
    # object of those placed `???`, which it once took for another's)
    if command -v valgrind > /dev/null && command -v callgrind_annotate > /dev/null; then
      find "$TOP_SRCDIR/testdata" -name '*.sgf' -type f | sort > "$tmp/sgf"
      tr '\n' '\0' < "$tmp/sgf" | xargs -0 valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" \
        "$JGFLINT" --no-config --jobs 1 --format concise > /dev/null 2>&1 || true
      callgrind_annotate --threshold=100 "$tmp/cg" 2> /dev/null |
        sed -n -E "s/.*:([A-Za-z_][A-Za-z_0-9]*)('[0-9]+)? \[(.*\/[^/]*|\?\?\?)\]\$/\1/p" | sort -u |
        join - "$tmp/placed" | grep ' out$' > "$tmp/cold" || true
      check "a check of testdata/'s $(wc -l < "$tmp/sgf") SGF files runs at most 10 functions outside the list ($(wc -l < "$tmp/cold"))" \
        "[ -s '$tmp/sgf' ] && [ \$(wc -l < '$tmp/cold') -le 10 ]" || sed 's/^/# /' "$tmp/cold"
    else
      skip "no valgrind: the functions a check runs"
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
