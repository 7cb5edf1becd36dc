#!/bin/sh
# --convert over iconv's quirks (src/base/charset.c's decoding loop):
# glibc's CP949 (EUC-KR) steps over some sequences it refuses (A2 E8)
# before it says so, where iconv usually stops at them; its CP1255 holds a
# letter back for a point, which a reset without output dropped. The byte after
# such a sequence was lost, and one at the very end of the input made the
# loop run off its end ("out of memory", exit 2, for a 26-byte file). The
# static program (musl) decodes the same from tables of glibc's decoders
# (tests/static.sh compares them). TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
TAP_LOGS="$tmp/err"

# A2 E8 then x in a player's name, and a name after it.
printf '(;FF[4]CA[EUC-KR]GM[1]SZ[19]PB[\242\350x]PW[\261\350];B[dd])' > "$tmp/mid.sgf"
"$JGFLINT" --convert - --encoding EUC-KR < "$tmp/mid.sgf" > "$tmp/out" 2> "$tmp/err"
status=$?
grep -q '"name": "\(\\ufffd\|'"$(printf '\357\277\275')"'\)x"' "$tmp/out" &&
  ok "a refused A2 E8 is one U+FFFD, and the x after it is kept (exit $status)" ||
  not_ok "a refused A2 E8 is one U+FFFD, and the x after it is kept (exit $status): $(grep '"name"' "$tmp/out" | head -1)"
grep -q "\"name\": \"$(printf '\352\271\200')\"" "$tmp/out" && ok "… and the next name decodes (김)" ||
  not_ok "… and the next name decodes (김)"

# A2 E8 as the last two bytes of the file (C[ is not closed).
printf '(;FF[4]CA[EUC-KR]C[\242\350' > "$tmp/end.sgf"
for how in "CA" "--encoding EUC-KR"; do
  if [ "$how" = CA ]; then set --; else set -- --encoding EUC-KR; fi
  "$JGFLINT" --convert - "$@" < "$tmp/end.sgf" > "$tmp/out" 2> "$tmp/err"
  status=$?
  if [ "$status" -le 1 ] && ! grep -q 'out of memory' "$tmp/err" && grep -q '"comments"' "$tmp/out"; then
    ok "A2 E8 at the end of the input ($how): converted, exit $status"
  else
    not_ok "A2 E8 at the end of the input ($how): converted, exit $status"
  fi
done
# glibc's CP1255 holds a Hebrew letter back to join it to a point after it
# (בּ, U+FB31): the reset after a bad byte dropped it (שלום then 0xFF read
# as שלו and U+FFFD); it is written out before the U+FFFD. And a letter
# and its point are joined as glibc joins them, in every build.
printf '(;FF[4]CA[windows-1255]GM[1]SZ[19]PB[\371\354\345\355\377x]PW[\341\314\345];B[dd])' > "$tmp/he.sgf"
"$JGFLINT" --convert - < "$tmp/he.sgf" > "$tmp/out" 2> "$tmp/err"
status=$?
grep -q "\"name\": \"$(printf '\327\251\327\234\327\225\327\235\357\277\275')x\"" "$tmp/out" &&
  ok "CP1255: the letter before a bad byte is kept (exit $status)" ||
  not_ok "CP1255: the letter before a bad byte is kept (exit $status): $(grep '"name"' "$tmp/out" | head -1)"
grep -q "\"name\": \"$(printf '\357\254\261\327\225')\"" "$tmp/out" && ok "… and bet with its dagesh is U+FB31" ||
  not_ok "… and bet with its dagesh is U+FB31: $(grep '"name"' "$tmp/out" | tail -1)"
echo "1..$n"
[ "$failed" -eq 0 ]
