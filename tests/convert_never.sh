#!/bin/sh
# Nothing written that jgflint would refuse (issue 27): a CA value is read
# without the quotes or iconv suffixes around the name (CA['UTF-8],
# CA[UTF-8//IGNORE], CA["utf-8"], CA[`UTF8`]; charset-guessed says so and
# its fix writes the name) and --encoding likewise, so
# that bytes that are not UTF-8 become U+FFFD with a note at their place,
# as with CA[UTF-8], even those glibc's iconv lets through under a name
# it takes for UTF-8 (F4 90 80 80, beyond U+10FFFF; a five-byte F8 …); and
# a record the converter's own check finds broken is never written
# (JGFLINT_TEST_BREAK_RECORD, a test hook of src/convert/conversion.c,
# breaks one). TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"

valid() { python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$1" 2> /dev/null; }
have_py=; command -v python3 > /dev/null && have_py=1

# game CA BYTES: an SGF game whose black player's name holds BYTES.
game() { printf '(;GM[1]FF[4]CA[%s]SZ[19]PB[井山裕太 a%bb]PW[張栩];B[dd])' "$1" "$2"; }
i=0
for ca in "UTF-8" "'UTF-8" "UTF-8//IGNORE" '"utf-8"' 'utf-8//TRANSLIT' '`UTF8`' "'UTF-8'"; do
  for bytes in '\370\210' '\364\220\200\200' '\355\240\200'; do
    i=$((i + 1))
    game "$ca" "$bytes" > "g$i.sgf"
    run "CA[$ca], the bytes $bytes: converted" 0 --convert "g$i.sgf"
    if [ "$ca" = UTF-8 ]; then has "... read as UTF-8" out "note: read as UTF-8 (CA\\[$ca\\])"
    else has "... read as UTF-8, the name said to be written clean" out "CA\\[$ca\\] is .*: read as UTF-8; the fix writes CA\\[[uU][tT][fF]-*8\\] \\[charset-guessed\\]"; fi
    col=$((32 + ${#ca}))   # (;GM[1]FF[4]CA[ + CA + ]SZ[19]PB[井山裕太 a
    has "... each byte a U+FFFD, with its note where it is ($col)" out "g$i.sgf:1:$col: warning: bytes that are not valid UTF-8: read as U+FFFD"
    hasnt "... no converter bug" out 'converter bug'
    if [ -n "$have_py" ]; then
      if valid "g$i.jgf" && grep -q '"name": "井山裕太 a\(�\)*b"' "g$i.jgf"; then ok "... the record is UTF-8, the name kept"
      else not_ok "... the record is UTF-8, the name kept"; fi
    fi
  done
done
# glibc's iconv also takes ISO-10646/UTF8/ for UTF-8, and lets F4 90 80 80 through.
game 'ISO-10646/UTF8/' '\364\220\200\200' > alias.sgf
run "CA[ISO-10646/UTF8/], the bytes F4 90 80 80: converted" 0 --convert alias.sgf
has "... the bytes read as UTF-8 would read them" out 'alias.sgf:1:47: warning: bytes that are not valid UTF-8: read as U+FFFD'
hasnt "... no converter bug" out 'converter bug'
printf '(;GM[1]FF[4]SZ[19]PB[a\364\220\200\200b];B[dd])' > enc.sgf
run "--encoding 'UTF-8//IGNORE': converted" 0 --convert --encoding 'UTF-8//IGNORE' enc.sgf
has "... read as UTF-8" out "note: read as UTF-8 (--encoding UTF-8//IGNORE)"
hasnt "... no converter bug" out 'converter bug'
# A record the check finds broken: not written, exit 2, whatever --force.
game UTF-8 x > broken.sgf
if [ -z "$HOOKED" ]; then
  for i in 1 2 3 4 5 6 7 8; do skip "a broken record (JGFLINT_TEST_BREAK_RECORD): needs the test program (tests/jgflint-hooks)"; done
  tap_done; exit
fi
JGFLINT=$HOOKED JGFLINT_TEST_BREAK_RECORD=1 run "a broken record: exit 2" 2 --convert broken.sgf
has "... said" out '^broken.jgf:1:3: error: not written: converter bug: the record it made has this finding: invalid UTF-8'
has "... and counted" out 'records written.*1 not written'
if [ ! -e broken.jgf ]; then ok "... not written"; else not_ok "... not written"; fi
echo '{"old": true}' > broken.jgf
JGFLINT=$HOOKED JGFLINT_TEST_BREAK_RECORD=1 run "--force over an old record: exit 2" 2 --convert --force broken.sgf
if [ "$(cat broken.jgf)" = '{"old": true}' ]; then ok "... the old record stays"; else not_ok "... the old record stays"; fi
JGFLINT=$HOOKED JGFLINT_TEST_BREAK_RECORD=1 run "--output -: exit 2" 2 --convert --output - broken.sgf
if [ ! -s "$tmp/out" ]; then ok "... nothing on standard output"; else not_ok "... nothing on standard output"; fi
tap_done
