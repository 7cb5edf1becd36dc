#!/bin/sh
# UGZ (seed 004): a UGF record compressed with LHA -lh5-, two bytes before
# the archive, read through liblhasa. The archives are made here by
# tests/lha_lh5.py (Debian has no LHA compressor but Java's) from the UGF
# files of testdata/convert and the shared samples, with UGZ's two bytes
# and without: --convert writes the same JGF as from the .ugf, a check in
# place finds the same at the same lines; a directory walk and standard
# input take them. Archives cut short (in the data, in the header), with
# a wrong CRC, a damaged header, damaged data, a file that is no UGF, and
# a UGF longer than --max-memory get their one finding with its rule id,
# never a crash (nor for any cut or flipped byte of a run of variants); a
# bomb of 1 GB (tests/ugz_bomb.py) is refused with a bounded peak.
# The library reports and converts them as the program does.
# A build without liblhasa (or JGFLINT_TEST_NO_LHASA=1 in one with it)
# says it is UGZ and how to build with it. TAP output.
. "${TOP_SRCDIR:?}/tests/cli_tap.sh"
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3   # not a slow shim on PATH
if ! command -v "$py" > /dev/null; then echo "1..0 # SKIP python3 missing"; exit 0; fi
lha() { "$py" "$TOP_SRCDIR/tests/lha_lh5.py" "$@"; }
shared=$TOP_SRCDIR/../shared/samples

lha --prefix PP "$src/convert/data-only.ugf" probe.ugz
"$JGFLINT" probe.ugz > probe.out 2>&1
built_without=false
grep -q 'built without liblhasa' probe.out && built_without=true

# --- Without liblhasa: one finding that says what the file is and how to
# build a jgflint that reads it (tested in a build with it through the
# test program's hook).
without() {
  run "$1: a UGZ file is an error (exit 1)" 1 probe.ugz
  has "$1: one foreign-format finding naming UGZ" out \
    '^probe.ugz:1:1: error: this is a UGZ game record (a UGF record compressed with LHA), not JGF, and this jgflint was built without liblhasa.*\[foreign-format\]$'
  has "$1: how to build with it" out 'apt-get install liblhasa-dev), then run ./configure and make again'
  lines "$1: nothing else" out 1
  run "$1: --convert is trouble (exit 2)" 2 --convert probe.ugz
  has "$1: --convert says why" out '^probe.ugz: error: this is a UGZ game record .*built without liblhasa'
  [ ! -e probe.jgf ] && ok "$1: nothing written" || not_ok "$1: nothing written"
}
if $built_without; then
  without "built without liblhasa"
  tap_done
  exit
fi
if [ -n "$HOOKED" ]; then
  JGFLINT=$HOOKED JGFLINT_TEST_NO_LHASA=1 without "without liblhasa (JGFLINT_TEST_NO_LHASA)"
else
  for i in 1 2 3 4 5 6 7; do skip "without liblhasa (JGFLINT_TEST_NO_LHASA): needs the test program (tests/jgflint-hooks)"; done
fi
export JGFLINT_TEST_NO_LHASA=
unset JGFLINT_TEST_NO_LHASA

# liblhasa is loaded when a UGZ file is inflated (convert/ugz.c), not
# linked: a check of other records never maps it (issue 52's peak).
# LD_DEBUG is glibc's.
copy "$src/convert/data-only.ugf" plain.ugf
if LD_DEBUG=libs "$JGFLINT" --version 2>&1 | grep -q 'find library='; then
  LD_DEBUG=libs "$JGFLINT" plain.ugf > /dev/null 2> ld.log
  grep -q 'find library=liblhasa' ld.log && not_ok "a check of a UGF file does not load liblhasa" ||
    ok "a check of a UGF file does not load liblhasa"
  LD_DEBUG=libs "$JGFLINT" probe.ugz > /dev/null 2> ld.log
  grep -q 'find library=liblhasa' ld.log && ok "a UGZ file loads liblhasa" ||
    not_ok "a UGZ file loads liblhasa"
else
  skip "what loads liblhasa: no LD_DEBUG (not glibc)"
  skip "what loads liblhasa: no LD_DEBUG (not glibc)"
fi
# A liblhasa that cannot be loaded: the UGZ file's one finding says why
# and what to install; a UGF file is checked as ever.
mkdir broken-lib && : > broken-lib/liblhasa.so.0
LD_LIBRARY_PATH=$PWD/broken-lib "$JGFLINT" probe.ugz > broken.out 2>&1; s=$?
[ $s -eq 1 ] && grep -q '^probe.ugz: error: this UGZ file was not inflated: liblhasa, which reads it, cannot be loaded (.*file too short); install it (on Debian or Ubuntu: apt-get install liblhasa0); nothing in it was checked \[ugz-unreadable\]$' broken.out &&
  [ "$(grep -c ': error: ' broken.out)" -eq 1 ] &&
  ok "liblhasa not loadable: one ugz-unreadable that says why and what to install (exit 1)" ||
  not_ok "liblhasa not loadable: exit $s, $(head -3 broken.out)"
LD_LIBRARY_PATH=$PWD/broken-lib "$JGFLINT" plain.ugf > broken.out 2>&1; s1=$?
"$JGFLINT" plain.ugf > plain.out 2>&1; s2=$?
[ $s1 -eq $s2 ] && cmp -s broken.out plain.out && ok "liblhasa not loadable: a UGF file checked as ever" ||
  not_ok "liblhasa not loadable: a UGF file checked as ever"

# --- Every UGF file: as UGZ (two bytes, then the archive), as a bare
# LHA archive and as UGZ under LHA's level 3 header, it converts to the
# same record and checks the same: each way one run for them all (the
# UGF files into want/, the archives into got/; the checks of both split
# by file, each_file), then a check of each archive.
ugfs=
for f in "$src"/convert/*.ugf "$shared"/ugf/*; do
  [ -f "$f" ] || continue
  b=$(basename "$f"); stem=${b%.*}
  copy "$f" "$b"
  lha --prefix PP "$f" "$stem.ugz"
  lha --level 0 "$f" "$stem-bare.ugz"
  lha --prefix PP --level 3 "$f" "$stem-3.ugz"   # LHA's level 3 header (stop 100: not UGZ)
  if command -v lhasa > /dev/null; then
    tail -c +3 "$stem.ugz" > "$stem.lzh"
    mkdir -p "x-$stem" && (cd "x-$stem" && lhasa xq "../$stem.lzh" > /dev/null 2>&1)
    cmp -s "x-$stem/$b" "$f" && ok "$b: lhasa extracts the test's archive as it was" ||
      not_ok "$b: lhasa extracts the test's archive as it was"
  else
    skip "$b: lhasa extracts the test's archive as it was: no lhasa"
  fi
  ugfs="$ugfs $f"
done
# (each named once: the shared samples' amateur.ugf is testdata's, copied over it)
names=$(for f in $ugfs; do basename "$f"; done | sort -u)
zs=$(for b in $names; do stem=${b%.*}; echo "$stem.ugz $stem-bare.ugz $stem-3.ugz"; done)
# shellcheck disable=SC2086
"$JGFLINT" --convert --output want $names > /dev/null 2>&1
# shellcheck disable=SC2086
each_file got "$JGFLINT" --convert --output got -- $zs; s=$?
# shellcheck disable=SC2086
each_file checks "$JGFLINT" -- $names $zs
for f in $ugfs; do
  b=$(basename "$f"); stem=${b%.*}
  cp "want/$stem.jgf" "$stem.want"
  for z in "$stem.ugz" "$stem-bare.ugz" "$stem-3.ugz"; do
    [ $s -eq 0 ] && [ -s "got/${z%.ugz}.jgf" ] && cmp -s "got/${z%.ugz}.jgf" "$stem.want" &&
      ok "$z: --convert writes the record $b gives" ||
      not_ok "$z: --convert writes the record $b gives (the run's exit $s: $(head -3 "got/$z"))"
    sed "s|^$z|$b|" "checks/$z" | cmp -s - "checks/$b" &&
      ok "$z: checked in place, the findings of $b" ||
      not_ok "$z: checked in place, the findings of $b: $(head -3 "checks/$z")"
  done
done
rm -rf want got checks
run "amateur.ugz: --convert says it read UGZ" 0 --convert --output - amateur.ugz
has "… UGZ game 1 of 1" err '^amateur.ugz: converted to <stdout> (UGZ game 1 of 1)$'
# Standard input: read whole, NUL bytes and all.
cat amateur.ugz | "$JGFLINT" --convert --output - - > stdin.jgf 2> stdin.err
cmp -s stdin.jgf amateur.want && ok "standard input: the same record" ||
  not_ok "standard input: the same record: $(head -3 stdin.err)"
# A directory: .ugz is one of --convert's endings; lint mode by --extensions.
mkdir -p walk/sub && cp amateur.ugz walk/sub/A.UGZ
run "--convert DIR takes .ugz (any case)" 0 --convert walk
has "… and writes its record" out '^walk/sub/A.UGZ: wrote walk/sub/A.jgf (UGZ game 1 of 1)$'
cmp -s walk/sub/A.jgf amateur.want && ok "… the same record" || not_ok "… the same record"
run "--extensions .ugz checks it in place" 0 --extensions .ugz walk
has "… one file checked" err '^1 file checked: 0 errors'

# --- Damaged archives: one finding each, exit 1 (--convert: 2, nothing
# written), never a crash.
head -c 1000 amateur.ugz > cut.ugz
run "cut short in its data: exit 1" 1 cut.ugz
has "… ugz-unreadable, cut short" out \
  '^cut.ugz: error: this UGZ file is cut short: its LHA archive ends before the compressed data of amateur.ugf does (.* bytes of it, the header says), which inflated to [0-9]* of its 7347 bytes; nothing in it was checked \[ugz-unreadable\]$'
lines "… nothing else" out 1
run "--convert of it: exit 2" 2 --convert cut.ugz
has "… the finding" out 'cut short.*\[ugz-unreadable\]$'
has "… nothing written" out '0 records written; 1 file failed'
[ ! -e cut.jgf ] && ok "… no cut.jgf" || not_ok "… no cut.jgf"
head -c 12 amateur.ugz > head.ugz
run "cut short in its header: exit 1" 1 head.ugz
has "… ugz-unreadable" out '^head.ugz: error: this UGZ file is cut short: it ends inside the header of its LHA archive; nothing in it was checked \[ugz-unreadable\]$'
# The CRC-16 the header records, changed (and the header's checksum made
# right again): the bytes inflate whole, and their CRC is not it.
"$py" - amateur.ugz crc.ugz header.ugz <<'EOF'
import sys
d = bytearray(open(sys.argv[1], "rb").read())
size, name = d[2], d[2 + 21]
crc = 2 + 22 + name
d[crc] ^= 0xFF
d[3] = sum(d[4:4 + size]) & 0xFF
open(sys.argv[2], "wb").write(d)
d[3] ^= 1   # the header's checksum wrong
open(sys.argv[3], "wb").write(d)
EOF
run "a CRC that is not the file's: exit 1" 1 crc.ugz
has "… ugz-unreadable, with both CRCs" out '^crc.ugz: error: this UGZ file.s LHA data is corrupt: amateur.ugf inflates to bytes whose CRC-16 is 6EED, not the 6E12 its header gives; nothing in it was checked \[ugz-unreadable\]$'
run "a header whose checksum is wrong: exit 1" 1 header.ugz
has "… ugz-unreadable" out '^header.ugz: error: this UGZ file.s LHA archive has no header that can be read: it is corrupt; nothing in it was checked \[ugz-unreadable\]$'
"$py" -c '
import sys
d = bytearray(open("amateur.ugz", "rb").read())
d[500] ^= 0x55
open("data.ugz", "wb").write(d)' 
# A header that gives 500 MB for the file: its data inflates to less,
# and nothing near that much is taken.
"$py" -c '
d = bytearray(open("amateur.ugz", "rb").read())
d[13:17] = (500 << 20).to_bytes(4, "little")
d[3] = sum(d[4:4 + d[2]]) & 0xFF
open("long.ugz", "wb").write(d)'
run "a header whose length is longer than its data: exit 1" 1 --max-memory 4G long.ugz
has "… ugz-unreadable, corrupt" out '^long.ugz: error: this UGZ file.s LHA data is corrupt: amateur.ugf inflated to 7347 of the 524288000 bytes its header gives; nothing in it was checked \[ugz-unreadable\]$'
run "damaged data: exit 1" 1 data.ugz
has "… ugz-unreadable, corrupt" out '^data.ugz: error: this UGZ file.s LHA data is corrupt: amateur.ugf inflate.*\[ugz-unreadable\]$'
printf 'not a game record\n' | lha --prefix PP --name notes.txt - other.ugz
run "an archive of a file that is no UGF: exit 1" 1 other.ugz
has "… ugz-unreadable" out '^other.ugz: error: this UGZ file.s LHA archive holds notes.txt, which is not a UGF record (no \[Header\] line first); nothing in it was checked \[ugz-unreadable\]$'
# Over the memory budget, by the length its header gives: refused before
# a byte is inflated.
run "a UGF longer than --max-memory: exit 1" 1 --max-memory 4K amateur.ugz
has "… json-too-large, not inflated" out '^amateur.ugz: error: the UGF record in this UGZ file is 7347 bytes inflated (its LHA header says), and checking it would take about 29388 bytes (the text inflated, decoded and kept: 4 bytes a byte, besides its moves), more than the memory budget of 4096 bytes (--max-memory); it was not inflated, and nothing in it was checked \[json-too-large\]$'
run "… --convert: exit 2" 2 --convert --max-memory 4K --output - amateur.ugz
has "… the same finding" err 'not inflated.*\[json-too-large\]$'
run "within the budget: read" 0 --max-memory 1M amateur.ugz
# A bomb (issue 47: 1 MB inflating to 1 GB of moves was admitted by its
# length and peaked at 5.2 GB): what its text and its moves would cost is
# the budget's, counted before a game is read. 20,000 move lines (300 KB,
# 1.2 MB as the budget counts the text, within 2 MB) would be as many
# nodes of 300 bytes: refused once inflated, no tree built.
"$py" -c '
import sys
cols = "ABCDEFGHIJKLMNOPQRS"
out = ["[Header]", "Ver=UGF3,200", "Size=19", "Hdcp=0,6.50", "[Data]"]
out += ["%s%s,%s1,%d,0" % (cols[i % 19], cols[i // 19 % 19], "BW"[i % 2], i + 1) for i in range(20000)]
open("moves.ugf", "w").write("\r\n".join(out) + "\r\n")'
lha --prefix PP moves.ugf moves.ugz
run "20,000 moves inflated, over a 2 MB budget as moves: exit 1" 1 --max-memory 2M moves.ugz
has "… json-too-large before a game is read, saying why" out '^moves.ugz: error: the UGF record in this UGZ file is [0-9]* bytes inflated (its LHA header says), and checking its first [0-9]* bytes would take about [0-9]* bytes already (4 a byte of text, and 300 a line, each at most one node of the game), more than the memory budget of 2097152 bytes (--max-memory); it was not inflated further, and nothing in it was checked \[json-too-large\]$'
lines "… and nothing else" out 1
if sanitized; then
  skip "… its peak within the budget: a sanitizer build's memory is the sanitizer's (the plain build checks it)"
elif [ -x /usr/bin/time ]; then
  /usr/bin/time -f %M "$JGFLINT" --version > /dev/null 2> base.rss
  /usr/bin/time -f %M "$JGFLINT" --max-memory 2M moves.ugz > /dev/null 2> moves.rss
  base=$(tail -n 1 base.rss) peak=$(tail -n 1 moves.rss)
  [ $((peak - base)) -le 2048 ] && ok "… its peak within the budget ($((peak - base)) KB over the program's own)" ||
    not_ok "… its peak within the budget: $((peak - base)) KB over the program's own, more than 2048"
else
  skip "no /usr/bin/time"
fi
run "within a budget for its moves: read (exit 1: the go rules on its moves)" 1 --max-memory 64M moves.ugz
hasnt "… no json-too-large" out 'json-too-large'
# A real bomb (issue 47): 2.4 MB of LHA inflating to 1,000,000,000 bytes
# of move lines (tests/ugz_bomb.py, made here in about a second). Under a
# budget of 4 GB its length passes (4 bytes a byte: 4e9), so it is inflated,
# and what its lines would cost (300 bytes each, 16 bytes a line) is
# counted as they come: inflating stops once the part inflated costs more
# than the budget (189 MB of it), refused with a message naming the budget.
# The run's peak stays under an eighth of the budget, 512 MB (inflated
# whole before its cost was counted, the text alone took 1 GB; the 5.2 GB
# the issue measured was that text read as a game).
"$py" "$TOP_SRCDIR/tests/ugz_bomb.py" bomb.ugz
run "a bomb of 1 GB (2.4 MB of LHA) under a 4 GB budget: exit 1" 1 --max-memory 4G bomb.ugz
has "… json-too-large naming the budget, not inflated further" out '^bomb.ugz: error: the UGF record in this UGZ file is 999999862 bytes inflated (its LHA header says), and checking its first [0-9]* bytes would take about [0-9]* bytes already .*more than the memory budget of 4294967296 bytes (--max-memory); it was not inflated further, and nothing in it was checked \[json-too-large\]$'
lines "… and nothing else" out 1
run "… --convert: exit 2, nothing written" 2 --convert --max-memory 4G --output bomb-out bomb.ugz
has "… the same finding" out 'not inflated further.*\[json-too-large\]$'
[ ! -e bomb-out/bomb.jgf ] && ok "… nothing written" || not_ok "… nothing written"
if sanitized; then
  skip "… its peak under an eighth of the budget: a sanitizer build's memory is the sanitizer's (the plain build checks it)"
elif [ -x /usr/bin/time ]; then
  /usr/bin/time -f %M "$JGFLINT" --version > /dev/null 2> base.rss
  /usr/bin/time -f %M "$JGFLINT" --max-memory 4G bomb.ugz > /dev/null 2> bomb.rss
  base=$(tail -n 1 base.rss) peak=$(tail -n 1 bomb.rss)
  [ $((peak - base)) -le 524288 ] && ok "… its peak under an eighth of the budget ($((peak - base)) KB over the program's own)" ||
    not_ok "… its peak under an eighth of the budget: $((peak - base)) KB over the program's own, more than 524288"
else
  skip "no /usr/bin/time"
fi
# An archive of a record and files after it (a UGZ file is an archive of
# one): the record is checked as when alone and the files after it are
# said, never inflated, so memory is bound by the record, not the archive
# (issue 71). Both were read in silence before: the record's findings
# alone, exit 0.
printf 'not a game record\n' | lha --name notes.txt - notes.lzh
"$py" -c '
import sys
head, notes, bomb = (open(f, "rb").read() for f in sys.argv[1:4])
assert head[-1:] == notes[-1:] == bomb[-1:] == b"\0" and bomb[:2] == b"PP"
open("more1.ugz", "wb").write(head[:-1] + notes)
open("more2.ugz", "wb").write(head[:-1] + notes[:-1] + bomb[2:])' amateur.ugz notes.lzh bomb.ugz
"$JGFLINT" --no-config --format json amateur.ugz > alone.json 2> /dev/null
run "a record and a file after it: exit 1" 1 --no-config more1.ugz
has "… the file after it said, by name" out '^more1.ugz: error: this UGZ file.s LHA archive holds 1 more file after its UGF record (notes.txt), which a UGZ file does not: only the record was read, and nothing after it was inflated \[ugz-unreadable\]$'
"$JGFLINT" --no-config --format json more1.ugz 2> /dev/null | "$py" -c '
import json, sys
more, alone = json.load(sys.stdin), json.load(open("alone.json"))
def findings(report, rule):
    return [{k: v for k, v in d.items() if k != "path"}
            for d in report["diagnostics"] if d["rule"] != rule]
sys.exit(findings(more, "ugz-unreadable") != findings(alone, None) or
         more["summary"]["errors"] != alone["summary"]["errors"] + 1)' &&
  ok "… and otherwise the record's findings when alone" ||
  not_ok "… and otherwise the record's findings when alone"
run "a record, then a file and the 1 GB bomb: exit 1" 1 --no-config --max-memory 64M more2.ugz
has "… both said, the first by name" out '^more2.ugz: error: this UGZ file.s LHA archive holds 2 more files after its UGF record (notes.txt, the first), which a UGZ file does not: only the record was read, and nothing after it was inflated \[ugz-unreadable\]$'
hasnt "… the bomb not inflated (no json-too-large)" out 'json-too-large'
run "… --convert: the record written" 1 --no-config --convert --max-memory 64M --output more-out more2.ugz
cmp -s more-out/more2.jgf amateur.want && ok "… the record alone's" || not_ok "… the record alone's"
rm -f bomb.ugz more2.ugz
# ... and bytes after the record that are no file liblhasa reads (a header
# it refuses, here for its checksum; bytes past the archive's end byte
# where it reads a header) are said too, alone or after the files it
# reads (stop 100: the record's findings alone, exit 0); a few bytes past
# the end byte, fewer than a header's first 22, are not (liblhasa asks for
# more than there is, as at the end).
"$py" -c '
import sys
head, notes = (open(f, "rb").read() for f in sys.argv[1:3])
bad = bytearray(notes)
bad[1] ^= 1   # its checksum
open("bytes1.ugz", "wb").write(head[:-1] + bytes(bad))
open("bytes2.ugz", "wb").write(head[:-1] + notes[:-1] + bytes(bad))
open("bytes3.ugz", "wb").write(head + b"x" * 40)
open("bytes4.ugz", "wb").write(head + b"x" * 20)
open("pad1.ugz", "wb").write(head + b"\x1a" * 128)   # XMODEM, CP/M
open("pad2.ugz", "wb").write(head + b"\0" * 512)     # a block
open("pad3.ugz", "wb").write(head + b"\x1a" * 128 + b"x")
open("pad4.ugz", "wb").write(head + b"\0" * 512 + b"x")
open("pad5.ugz", "wb").write(head[:-1] + b"\x1a" * 128)   # XMODEM, no end byte
open("pad6.ugz", "wb").write(head[:-1] + b"\x1a" * 128 + b"x")
# a level 0 header of 62 bytes whose checksum is not its own, its last 22
# bytes 0x00, as padding after an end byte ends
zero = bytearray(62)
zero[0], zero[2:7] = 60, b"-lh5-"
open("bytes5.ugz", "wb").write(head[:-1] + bytes(zero))' amateur.ugz notes.lzh
for f in bytes1 bytes3 bytes5; do
  run "$f.ugz: bytes after the record that are no file: exit 1" 1 --no-config $f.ugz
  has "… said" out "^$f.ugz: error: this UGZ file.s LHA archive holds bytes after its UGF record that are no file liblhasa reads (a damaged header, or bytes past the archive.s end), which a UGZ file does not: only the record was read \[ugz-unreadable\]$"
done
run "bytes2.ugz: a file, then bytes that are no file: exit 1" 1 --no-config bytes2.ugz
has "… both said" out '^bytes2.ugz: error: this UGZ file.s LHA archive holds 1 more file after its UGF record (notes.txt), then bytes that are no file liblhasa reads, which a UGZ file does not: only the record was read, and nothing after it was inflated \[ugz-unreadable\]$'
run "bytes4.ugz: 20 bytes past the end byte: exit 0" 0 --no-config bytes4.ugz
hasnt "… not said" out 'ugz-unreadable'
# ... nor padding after the end byte or without one (0x1A or 0x00 alone:
# no file, nothing lost), but padding then a byte of something else is
for f in pad1 pad2 pad5; do
  run "$f.ugz: padding past the end byte or without it: exit 0" 0 --no-config $f.ugz
  hasnt "… not said" out 'ugz-unreadable'
done
for f in pad3 pad4 pad6; do
  run "$f.ugz: padding, then a byte: exit 1" 1 --no-config $f.ugz
  has "… said" out "^$f.ugz: error: this UGZ file.s LHA archive holds bytes after its UGF record that are no file"
done
rm -f bytes[1-5].ugz pad[1-6].ugz
# An archive is read as its record and the headers of the files after it,
# each made a file's with no data (read/lhaload.c's lha_read), from a
# regular file and from a pipe alike (one reader); the library reads the
# bytes it is given whole. The three give the same report whatever
# follows the record: files of LHA's levels 0, 1 (with an extended
# header, or one holding a CRC of the headers), 2 (its CRC right, wrong,
# of two common headers, or OS-9's) and 3 (its CRC right or wrong), the
# archive's end or none, the archive cut anywhere after the record, a bit
# flipped, a file's packed size changed with its header's checksum or CRC
# made right.
printf 'more notes\n' | lha --level 0 --name notes0.txt - notes0.lzh
printf 'notes of level 2\n' | lha --level 2 --name notes2.txt - notes2.lzh
"$py" - amateur.ugz notes.lzh notes0.lzh notes2.lzh "$TOP_SRCDIR/tests" <<'EOF'
import random, sys
sys.path.insert(0, sys.argv[5])
from lha_lh5 import archive, crc16
head, one, zero, two = (open(f, "rb").read() for f in sys.argv[1:5])
three = archive("notes3.txt", b"notes of level 3\n", 3)
nine = archive("notes9.txt", b"notes of OS-9\n", 2, os9=True)
twice = archive("notes22.txt", b"two common headers\n", 2, commons=2)
def extended(part, kind, body):   # level 1: an extended header after it
    h = part[0] + 2
    ext = bytes([kind]) + body + b"\0\0"
    v = bytearray(part[:h])
    v[h - 2:h] = len(ext).to_bytes(2, "little")
    v[7:11] = (int.from_bytes(v[7:11], "little") + len(ext)).to_bytes(4, "little")
    v[1] = sum(v[2:h]) & 0xFF
    return bytes(v) + ext + part[h:]
def headed(part):   # its header's checksum (levels 0, 1) and CRC made right
    v = bytearray(part)
    if v[20] >= 2:   # the CRC in the last common header, each read as 0
        w, off = (2, 24) if v[20] == 2 else (4, 28)
        size = int.from_bytes(v[0:2] if w == 2 else v[24:28], "little")
        size += 2 if w == 2 and v[23] == ord("K") else 0
        at = None
        while int.from_bytes(v[off:off + w], "little"):
            if v[off + w] == 0:
                at = off + w + 1
                v[at:at + 2] = b"\0\0"
            off += int.from_bytes(v[off:off + w], "little")
        v[at:at + 2] = crc16(v[:size]).to_bytes(2, "little")
        return bytes(v)
    h = v[0] + 2
    v[1] = sum(v[2:h]) & 0xFF
    if v[20] == 1 and v[h - 2] == 5 and v[h] == 0:   # a common header first
        v[h + 1:h + 3] = b"\0\0"
        v[h + 1:h + 3] = crc16(v[:h + 5]).to_bytes(2, "little")
    return bytes(v)
n = len(head) - 1
attr = extended(one, 0x40, b"\x20\x00")   # MS-DOS attributes
crcd = headed(extended(one, 0x00, b"\0\0"))   # a common header's CRC, right
parts = (zero, one, attr, crcd, two, three, nine, twice, zero)
whole = head[:-1] + b"".join(p[:-1] for p in parts) + b"\0"
cases = [whole[:c] for c in range(n, len(whole) + 1, 2)] + [whole + b"junk after the end"]
# a common header's CRC of the headers, here wrong: liblhasa reads no file there
cases.append(head[:-1] + extended(one, 0x00, b"\x12\x34"))
cases.append(head[:-1] + two[:27] + bytes([two[27] ^ 1]) + two[28:])
cases.append(head[:-1] + three[:33] + bytes([three[33] ^ 1]) + three[34:-1] + one)
# OS-9's level 2 whose CRC is of the bytes its size gives, not of the two
# more liblhasa reads
short = bytearray(two)
short[23], short[27:29] = ord("K"), b"\0\0"
short[27:29] = crc16(short[:short[0] | short[1] << 8]).to_bytes(2, "little")
cases.append(head[:-1] + bytes(short))
r = random.Random(71)
for k in range(40):
    v = bytearray(whole)
    v[r.randrange(n, len(v))] ^= 1 << r.randrange(8)
    cases.append(bytes(v))
at = n
for part in parts:   # each file after the record: its packed size changed
    for d in (-3, -1, 1, 5, 1 << 30):
        v = bytearray(whole)
        size = int.from_bytes(v[at + 7:at + 11], "little") + d
        v[at + 7:at + 11] = (size % (1 << 32)).to_bytes(4, "little")
        v[at:at + len(part) - 1] = headed(v[at:at + len(part) - 1])
        cases.append(bytes(v))
    at += len(part) - 1
for i, v in enumerate(cases):
    open("after%03d.ugz" % i, "wb").write(v)
EOF
tool=$(dirname "$JGFLINT")/tests/unit/api_tool
# Each archive's report, one run for them all each way (tap.sh's
# each_file: the runs' lines split by file, in a/, p/, j/, the lines of no
# file and the status in .run): a/ read from the files, p/ from pipes (a
# FIFO of the same name each in pipe/, fed by one python3), j/ the JSON
# report of the files, and w/ the library's, one api_tool batch of them all
# (its reports' diagnostics split by file the same way, in l/); then diff -r.
set -- after*.ugz
files=$#
mkdir pipe && (cd pipe && mkfifo "$@")
"$py" -c '
import sys, threading
def feed(f):
    try:
        with open("pipe/" + f, "wb") as out:
            out.write(open(f, "rb").read())
    except BrokenPipeError:   # read no further, as from `cat f |`
        pass
for t in [threading.Thread(target=feed, args=(f,)) for f in sys.argv[1:]]:
    t.start()' "$@" &
feeder=$!
each_file a "$JGFLINT" --no-config -- "$@"
(cd pipe && each_file ../p "$JGFLINT" --no-config -- "$@")
kill "$feeder" 2> /dev/null; wait "$feeder" 2> /dev/null
bad=$(diff -rq a p | sed 's|^Files a/\([^ ]*\) and .*|\1|; s|^Only in [ap]: ||' | tr '\n' ' ')
bad=${bad:+ ${bad% }}
whole=
if [ -x "$tool" ]; then
  each_file j "$JGFLINT" --no-config --format json -- "$@"
  mkdir w && printf '%s\n' "$@" | awk '{ print $0 "\tw/" $0 "\treport\tjson\t" $0 }' > lib.list
  "$tool" batch < lib.list 2> /dev/null
  (cd w && each_file ../l cat -- "$@")
  # the summaries: the program's of them all, the library's one a file, summed
  summed() { sed -n 's/^    "\([a-zA-Z]*\)": \([0-9]*\),\{0,1\}$/\1 \2/p' "$1" | awk '{ n[$1] += $2 } END { for (k in n) print k, n[k] }' | sort; }
  summed j/.run > j/.run.sum; summed l/.run > l/.run.sum
  rm j/.run l/.run
  whole=$(diff -rq j l | sed 's|^Files j/\([^ ]*\) and .*|\1|; s|^Only in [jl]: ||' | tr '\n' ' ')
  whole=${whole:+ ${whole% }}
fi
rm -rf a p j w l pipe lib.list
[ -z "$bad" ] && [ $files -ge 100 ] && ok "files after the record: a file's archive read as a pipe's ($files archives)" ||
  not_ok "files after the record: read otherwise from a file than from a pipe ($files archives):$bad"
if [ -x "$tool" ]; then
  [ -z "$whole" ] && ok "files after the record: a file's archive read as the library's, read whole ($files archives)" ||
    not_ok "files after the record: read otherwise from a file than whole ($files archives):$whole"
else
  skip "files after the record: no $tool (make tests/unit/api_tool)"
fi
rm -f after*.ugz
# The library (tests/unit/api_tool, as tests/api.sh drives it): the
# program's report, and its record.
if [ -x "$tool" ]; then
  for f in amateur.ugz cut.ugz crc.ugz; do
    "$JGFLINT" --no-config --format json "$f" > cli.json 2> /dev/null
    "$tool" report json "$f" < "$f" > lib.json 2> /dev/null
    cmp -s cli.json lib.json && ok "library: jgf_lint's report of $f is the program's" ||
      not_ok "library: jgf_lint's report of $f is the program's"
  done
  mkdir lib && (cd lib && "$tool" convert amateur.ugz . < ../amateur.ugz > ../lib.msg 2>&1)
  cmp -s lib/amateur.jgf amateur.want && ok "library: jgf_convert writes the same record" ||
    not_ok "library: jgf_convert writes the same record: $(head -3 lib.msg)"
else
  skip "library: no $tool (make tests/unit/api_tool)"
fi
# Never a crash: the archive cut at every 61st byte, and 60 bytes flipped,
# each set in one run (each_file): each cut file's own ugz-unreadable
# error, and the run's status 1 (none 2, none a crash); the flipped, 0 or
# 1 (a run that fails is run again a file at a time, to name its files).
bad=
i=10
size=$(wc -c < amateur.ugz)
while [ $i -lt "$size" ]; do
  head -c $i amateur.ugz > "at$i.ugz"
  i=$((i + 61))
done
each_file cuts "$JGFLINT" -- at[0-9]*.ugz; s=$?
for v in at[0-9]*.ugz; do
  grep -q ': error: .*\[ugz-unreadable\]$' "cuts/$v" || bad="$bad cut${v#at}"
done
[ $s -eq 1 ] || bad="$bad cuts:$s"
"$py" - amateur.ugz <<'EOF'
import random, sys
d = open(sys.argv[1], "rb").read()
r = random.Random(42)
for k in range(60):
    v = bytearray(d)
    v[r.randrange(2, len(v))] ^= 1 << r.randrange(8)
    open("flip%d.ugz" % k, "wb").write(v)
EOF
each_file flips "$JGFLINT" -- flip*.ugz; s=$?
if [ $s -gt 1 ]; then
  bad="$bad flips:$s"
  for v in flip*.ugz; do
    "$JGFLINT" "$v" > v.out 2>&1; s=$?
    [ $s -le 1 ] || bad="$bad $v:$s"
  done
fi
rm -rf cuts flips at[0-9]*.ugz
[ -z "$bad" ] && ok "cut at every 61st byte from the 10th (each ugz-unreadable), 60 bits flipped: exit 0 or 1" ||
  not_ok "cut and flipped: not as expected:$bad"
# A UGF of [Data] alone is read as it is converted in a check (its moves
# made nodes as the converter asks, issue 71's memory; the comments of its
# moves, [Figure]'s and [ReviewComment]'s without a review, kept for
# them): its check finds what --convert finds, which reads the record
# whole before it converts it (the same JSON report); every data-only UGF
# here, and one of 5,000 moves with a setup stone, a pass off the board, a
# move off it, a line no move, a lost number, and comments and labels on
# moves out of order, past the last, and the start.
"$py" - long.ugf <<'EOF'
import sys
cols = "ABCDEFGHIJKLMNOPQRS"
out = ["[Header]", "Ver=UGF3,200", "Size=19", "Hdcp=0,6.50", "CoordinateType=IGS", "[Data]",
       "DD,B1,0,0"]
for i in range(5000):
    out.append("%s%s,%s1,%d,0" % (cols[i % 19], cols[i * 7 % 19], "BW"[i % 2], i + 1 + (i > 4000)))
out[100] = "ZZ,W1,94,0"
out[200] = "KK,W1,194,0"
out[300] = "no move"
out += ["[Figure]", ".Text,4001", "late", ".#,3,3,A", ".EndText", ".Text,7", "seventh",
        ".#,1,1,B", ".#,2,2,C", ".Text,0", "start", ".Text,7", "again", ".Text,5000", "last",
        ".Text,5001", "past the end", ".Text,2", ".#,4,4,D",
        "[ReviewComment]", ".Comment,9", "ninth", ".Comment,7", "seventh again"]
open(sys.argv[1], "w").write("\r\n".join(out) + "\r\n")
EOF
# Each file as N-NAME.ugf in lazy/ and whole/, each way one run for them
# all, its JSON report split by file (each_file).
bad= files=0
rm -rf lazy whole && mkdir -p lazy whole
for f in long.ugf "$src"/convert/*.ugf "$src"/rules/ugf-*/*.ugf "$shared"/*.ugf; do
  [ -f "$f" ] && grep -q '^\[Data\]' "$f" && ! grep -q '^\[ReviewNode\]' "$f" || continue
  files=$((files + 1))
  cp "$f" "lazy/$files-${f##*/}"
  cp "$f" "whole/$files-${f##*/}"
done
(cd lazy && set -- *.ugf && each_file ../lazy.r --no-stderr "$JGFLINT" --no-config --format json -- "$@")
(cd whole && set -- *.ugf &&
 each_file ../whole.r --no-stderr "$JGFLINT" --no-config --format json --convert --output . -- "$@")
bad=$(diff -rq lazy.r whole.r | sed 's|^Files lazy.r/\([^ ]*\) and .*|\1|; s|^Only in [^:]*: ||' | tr '\n' ' ')
bad=${bad:+ ${bad% }}
rm -rf lazy whole lazy.r whole.r
[ -z "$bad" ] && [ $files -ge 2 ] && ok "a UGF of [Data] alone read as converted: the findings of --convert, which reads it whole ($files files)" ||
  not_ok "read as converted, not as --convert finds ($files files):$bad"
# peak_within WHAT FILE LIMIT HINT [BYTES [UNIT]]: a check of FILE
# (removed after; read from a pipe when piped is set) peaks at most LIMIT
# tenths of its size (or of BYTES, its record's, or UNIT's) over the
# program's own (GNU time); HINT names what raised it before. A sanitizer
# build's memory is not measured. streamed set: FILE is one line read
# with --stream.
piped= streamed=
peak_within() {
  if sanitized; then
    skip "$1: a sanitizer build's memory is the sanitizer's (the plain build checks it)"
  elif [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M "$JGFLINT" --version > /dev/null 2> base.rss
    if [ -n "$piped" ]; then   # read from a pipe
      cat "$2" | /usr/bin/time -f %M "$JGFLINT" --no-config --max-memory 1G - > /dev/null 2> peak.rss
    elif [ -n "$streamed" ]; then
      /usr/bin/time -f %M "$JGFLINT" --no-config --max-memory 1G --stream < "$2" > /dev/null 2> peak.rss
    else
      /usr/bin/time -f %M "$JGFLINT" --no-config --max-memory 1G "$2" > /dev/null 2> peak.rss
    fi
    base=$(tail -n 1 base.rss) peak=$(tail -n 1 peak.rss) bytes=${5:-$(wc -c < "$2")}
    x10=$(( (peak - base) * 1024 * 10 / bytes ))
    shown="its peak $((x10 / 10)).$((x10 % 10))x the ${6:-record}" most="$(($3 / 10)).$(($3 % 10))x"
    [ $x10 -le "$3" ] && ok "$1: $shown, at most $most" || not_ok "$1: $shown, more than $most ($4)"
  else
    skip "no /usr/bin/time"
  fi
  rm -f "$2"
}
# ... and its nodes are made as the converter asks (the test before
# cannot tell that from a reading whole, which finds the same): a check
# of 200,000 moves (3.1 MB) peaks at 1.6x the record's size over the
# program's own, 3.9x when the record's text holds each move's node
# written out (41 bytes, not its 4-byte mark: read/nodes.h), 4.6x when the
# position map holds each node's place whole (12 bytes, not one), 9x when
# its moves are nodes before it is converted, 6.0x when its record's text
# is written as --convert writes it (a move's node 55 bytes) and the
# text's lines are all indexed for a finding on its first (issue 71).
"$py" -c '
cols = "ABCDEFGHIJKLMNOPQRS"
out = ["[Header]", "Ver=UGF3,200", "Size=19", "Hdcp=0,6.50", "[Data]"]
out += ["%s%s,%s1,%d,0" % (cols[i % 19], cols[i // 19 % 19], "BW"[i % 2], i + 1) for i in range(200000)]
open("big.ugf", "w").write("\r\n".join(out) + "\r\n")'
peak_within "a check of 200,000 moves read as converted" big.ugf 25 \
  "its moves' nodes written out, not as their marks? its moves made nodes before it is converted? its record's text written for a reader? its places held whole?"
# ... and a comment on each of its moves ([Figure], kept whole under meta
# too, a value a line): 100,000 moves (4.7 MB) peak at 2.9-3.0x the
# record, 3.7x when the comments waiting for their moves are copies held
# in one block beside 32 bytes each, not read again from the text as
# each move is made (stop 103), 4.2x when each is a copy of its own beside
# 48 bytes (stop 102), 5.3x when the [Figure] kept is read whole for a
# check, whose record keeps
# nothing under meta (its 200,000 lines as values, 9.6 MB: issue 71, stop
# 102), 9.9x when what the record keeps under meta was made for a check, whose
# rules do not read it (json-c's 62 bytes a [Figure]'s line, held through
# the conversion and the check), 10.3x when a node of a move and a comment
# is written with blanks in a record only checked, 11.7x when the comments
# wait for their moves in an array held to the end, 13.7x when json-c's
# text of the record's head is held with it through the check, and the
# [Figure]'s lines are held as the root's values beside their JSON (issue
# 71).
"$py" -c '
cols = "ABCDEFGHIJKLMNOPQRS"
out = ["[Header]", "Ver=UGF3,200", "Size=19", "Hdcp=0,6.50", "[Data]"]
out += ["%s%s,%s1,%d,0" % (cols[i % 19], cols[i // 19 % 19], "BW"[i % 2], i + 1) for i in range(100000)]
out.append("[Figure]")
for i in range(100000, 0, -1):
    out += [".Text,%d" % i, "comment number %d" % i]
open("figure.ugf", "w").write("\r\n".join(out) + "\r\n")
open("figure.line", "w").write("\r".join(out) + "\n")'
cp figure.ugf figure.jgf
peak_within "a check of 100,000 commented moves" figure.ugf 32 \
  "the comments waiting for their moves copies, not read again from the text? each comment waiting for its move a copy of its own? the [Figure] kept read whole? what is kept under meta made for a check? its nodes written with blanks? its comments held once put? json-c's text of its head kept?"
# ... the same named .jgf (a foreign-format error, its games checked as
# they are) and on a --stream line (its lines ended by CR alone): their
# records are as bare, and the [Figure] is read for them as for the .ugf:
# 2.9-3.0x and 4.4x, 5.0x and 7.4x when those two read it whole (stop 103).
peak_within "a check of 100,000 commented moves in a file named .jgf" figure.jgf 32 \
  "the [Figure] kept read whole where the name is not UGF's?"
streamed=1
peak_within "a check of 100,000 commented moves on a --stream line" figure.line 50 \
  "the [Figure] kept read whole on a --stream line?"
streamed=
# ... and what such a comment holds, read again from the text as its
# move is made: its labels then its text (empty lines and all), two
# comments on one move in turn (two [Figure]s), lines ended by CR alone,
# a label off the board or unreadable said once, at its line, in a check
# and --convert alike; the root's and a lost one's as before.
printf '[Header]\rVer=UGF3,200\rSize=19\rCoordinateType=IGS\r[Data]\rAA,B1,1,0\rBB,W1,2,0\rCC,B1,3,0\r[Figure]\r.Text,3\rthird\r.#,1,1,A\r.#,99,1,B\r\rmore\r.Text,2\r.#bad\r.Text,0\rroot\r.Text,9\rlost\r.Text,2\rsecond\r[Figure]\r.Text,2\r.#,2,2,C\rlast\r' > again.ugf
run "comments read again as their moves are made: a check (exit 0)" 0 --no-config again.ugf
has "... a label off the board said at its line" out '^again.ugf:13:1: warning: ignored: not a label on the board, `.#,X,Y,LABEL` \[ugf-unreadable-line\]$'
has "... an unreadable label said at its line" out '^again.ugf:17:1: warning: ignored: not a label on the board'
has "... a comment on no move said" out '^again.ugf:20:1: warning: ignored: a comment on move 9, which is not in the game \[ugf-lost-comment\]$'
lines "... those three, once each, and nothing else" out 3
run "comments read again as their moves are made: --convert --to sgf (exit 0)" 0 --no-config --convert --to sgf --output - again.ugf
printf '%s\n' '(;FF[4]GM[1]CA[UTF-8]AP[jgflint:VERSION]SZ[19]C[root]' ';B[as]' ';W[br]C[second' '' 'last]LB[br:C]' ';B[cq]C[third' '' 'more]LB[as:A])' > again.want
sed 's/jgflint:[^]]*]/jgflint:VERSION]/' "$tmp/out" > again.got
cmp -s again.got again.want && ok "... each on its move, labels and text whole" ||
  not_ok "... each on its move: $(diff again.want again.got | tr '\n' ' ')"
grep -c 'not a label on the board' "$tmp/err" | grep -qx 2 && ok "... --convert says the two labels once each" ||
  not_ok "... --convert says the two labels $(grep -c 'not a label on the board' "$tmp/err") times"
# ... and a review as real UGF files are ([Data], its [ReviewNode] tree,
# and a [ReviewComment] each tenth node): 100,000 nodes (4.0 MB) peak at
# 2.1x the record, its tree an index of 16 bytes a node whose nodes are
# made as the converter asks; 4.7x when the tree was made whole as the
# check began, 5.7x when its bytes, valid UTF-8, were also decoded into a
# copy held beside them (issue 71).
"$py" -c '
cols = "ABCDEFGHIJKLMNOPQRS"
out = ["[Header]", "Ver=REVIEW1,200", "Size=19", "Hdcp=0,6.50", "CoordinateType=IGS", "[Data]"]
out += ["%s%s,%s1,%d,0" % (cols[i % 19], cols[i // 19 % 19], "BW"[i % 2], i + 1) for i in range(100000)]
out += ["[ReviewNode]", "NODE,1,0,0,0"]
out += ["NODE,%d,%d,%d,%d" % (i + 2, 1 + i % 2, 1 + i % 19, 1 + i // 19 % 19) for i in range(100000)]
out.append("[ReviewComment]")
for i in range(1, 100000, 10):
    out += [".Comment,%d" % (i + 1), "somebody [ 2k?]: a comment on node %d, as long as a real one" % i]
open("review.ugf", "w").write("\r\n".join(out) + "\r\n")'
peak_within "a check of a review of 100,000 nodes" review.ugf 27 \
  "its tree made whole as the check begins, or its bytes copied to be its text?"
# ... and one whose main line has a variation of 5-20 nodes each 50 nodes
# (a nested one in each fourth; 4.9 MB): 4.1x, its variations held (the
# record writes them after the line that goes on in the first) and its
# line freed as converted; 6.1x when the tree was made whole, 6.5x when
# the nodes of variations kept the blocks of the line's from being freed.
"$py" -c '
import random
rnd = random.Random(7)
cols = "ABCDEFGHIJKLMNOPQRS"
out = ["[Header]", "Ver=REVIEW1,200", "Size=19", "Hdcp=0,6.50", "CoordinateType=IGS", "[Data]"]
out += ["%s%s,%s1,%d,0" % (cols[i % 19], cols[i // 19 % 19], "BW"[i % 2], i + 1) for i in range(100000)]
out += ["[ReviewNode]", "NODE,1,0,0,0"]
nid, varids = 100002, []
for i in range(100000):
    out.append("NODE,%d,%d,%d,%d" % (i + 2, 1 + i % 2, 1 + i % 19, 1 + i // 19 % 19))
    if i % 50 == 25:
        out.append("  VARIATION,")
        for j in range(rnd.randint(5, 20)):
            out.append("    NODE,%d,%d,%d,%d" % (nid, 1 + (i + 1 + j) % 2, rnd.randint(1, 19), rnd.randint(1, 19)))
            varids.append(nid)
            nid += 1
            if j == 2 and i % 200 == 25:
                out.append("      VARIATION,")
                for m in range(3):
                    out.append("        NODE,%d,%d,%d,%d" % (nid, 1 + (i + j + m) % 2, rnd.randint(1, 19), rnd.randint(1, 19)))
                    nid += 1
                out.append("      VARIATIONEND,")
        out.append("  VARIATIONEND,")
out.append("[ReviewComment]")
for i in range(1, 100000, 10):
    out += [".Comment,%d" % (i + 1), "somebody [ 2k?]: a comment on node %d, as long as a real one" % i]
for v in varids[::7]:
    out += [".Comment,%d" % v, "a comment on variation node %d" % v, ".#,4,4,A"]
open("branches.ugf", "w").write("\r\n".join(out) + "\r\n")'
peak_within "a check of a review of 100,000 nodes and their variations" branches.ugf 46 \
  "its tree made whole, or the line's blocks kept by its variations' nodes?"
# ... and an archive of 1,000 UGF files (tests/ugz_members.py: the record
# first, 439 KB, the largest; 30, 300 and 3,000 moves after it; 4.1 MB in
# all), of which the record alone is read: it peaks at 3.2x the record
# (5.8x when its moves' nodes were written out in its record's text, not
# as their marks), 11.3-12.1x when the archive was held whole beside its
# record inflated (issue 71: bound by the record, not the archive); read
# from a pipe the same, 3.3x (5.6x), 11.8x when a pipe's archive was read
# whole.
if "$py" "$TOP_SRCDIR/tests/ugz_members.py" --members 1000 many.ugz > many.size; then
  read -r largest archive < many.size
  cp many.ugz many-piped.ugz
  peak_within "a check of an archive of 1,000 files" many.ugz 45 \
    "its moves' nodes written out, not as their marks? the archive read whole, not as its record and the headers after it?" "$largest"
  piped=1
  peak_within "a check of an archive of 1,000 files from a pipe" many-piped.ugz 45 \
    "its moves' nodes written out, not as their marks? a pipe's archive read whole, not as its record and the headers after it?" "$largest"
  piped=
else
  not_ok "tests/ugz_members.py made no archive"
  not_ok "tests/ugz_members.py made no archive"
fi
# ... and an archive of a record of 30 moves and a file of 8 MB after it
# (its data random bytes, never inflated): from a pipe, the later file is
# read past, not held (3e9a33ca: 1.0x the archive), and cut short in its
# data, from a file, its header alone is kept, which liblhasa reads past
# as it reads past the bytes there are (3e9a33ca: 1.1x the archive); each
# peaks at most 0.3x the archive (issue 71, REVIEW.md R184).
"$py" - "$TOP_SRCDIR/tests" <<'EOF2'
import random, sys
sys.path.insert(0, sys.argv[1])
import lha_lh5
cols = "ABCDEFGHIJKLMNOPQRS"
out = ["[Header]", "Ver=UGF3,200", "Size=19", "Hdcp=0,6.50", "[Data]"]
out += ["%s%s,%s1,%d,0" % (cols[i % 19], cols[i // 19 % 19], "BW"[i % 2], i + 1) for i in range(30)]
rec = ("\r\n".join(out) + "\r\n").encode()
junk = random.Random(71).randbytes(8 << 20)
a = b"PP" + lha_lh5.archive("g0001.ugf", rec)[:-1] + lha_lh5.archive_of("g0002.ugf", junk, len(junk), 0)
open("later.ugz", "wb").write(a)
open("later-cut.ugz", "wb").write(a[:len(a) // 2])
# the same later file under a level 2 header (its common header's CRC of
# the header made again once its data is taken out)
a = b"PP" + lha_lh5.archive("g0001.ugf", rec)[:-1] + lha_lh5.archive_of("g0002.ugf", junk, len(junk), 0, 2)
open("later2.ugz", "wb").write(a)
open("later2-cut.ugz", "wb").write(a[:len(a) // 2])
# a level 2 header cut to its first 22 bytes, after the record and alone
two = lha_lh5.archive_of("notes2.txt", b"x", 1, 0, 2)[:22]
open("cut22.ugz", "wb").write(b"PP" + lha_lh5.archive("g0001.ugf", rec)[:-1] + two)
open("cut22-alone.ugz", "wb").write(two)
# the same later file under LHA's level 3 header, OS-9's level 2, a level 2
# of two common headers, a level 2 whose CRC is not its header's and a
# level 1 whose checksum is not
for name, kw in (("later3", {"level": 3}), ("later9", {"level": 2, "os9": True}),
                 ("latertwo", {"level": 2, "commons": 2}), ("laterbad", {"level": 2}),
                 ("latersum", {"level": 1}), ("laterpm", {"level": 1, "method": b"-pm2-"}),
                 ("laterzx", {"level": 2, "method": b"-lzx-"}),
                 ("laterxpm", {"level": 1, "method": b"xpm2x"}), ("laterxsum", {"level": 1, "method": b"xlh5x"}),
                 ("laterzero", {}), ("laterzerox", {}), ("latersub", {})):
    if kw:
        v = bytearray(lha_lh5.archive_of("g0002.ugf", junk, len(junk), 0, **kw))
    else:   # 8 MB of padding (0x00, after the end byte; 0x1A without it), or then a byte
        v = bytearray(b"\x1a" if name == "latersub" else b"\0") * (8 << 20) + b"x" * (name == "laterzerox")
    v[27] ^= name == "laterbad"
    v[1] ^= name in ("latersum", "laterxsum")
    for piped in ("", "-piped"):
        open(name + piped + ".ugz", "wb").write(b"PP" + lha_lh5.archive("g0001.ugf", rec)[:-1] + v)
# the record's header of level 7, which liblhasa refuses at its first 22
# bytes, then the same later file; and that header cut to 23 bytes
v = bytearray(lha_lh5.archive("g0001.ugf", rec))
v[20] = 7
for piped in ("", "-piped"):
    open("recbad" + piped + ".ugz", "wb").write(b"PP" + v[:-1] + lha_lh5.archive_of("g0002.ugf", junk, len(junk), 0))
open("recbad23.ugz", "wb").write(b"PP" + v[:23])
EOF2
piped=1
peak_within "a record and a file of 8 MB after it, from a pipe" later.ugz 3 \
  "the later file held while a pipe is read past it?" "$(wc -c < later.ugz)" archive
piped=
peak_within "a record and a file of 8 MB after it cut short, from a file" later-cut.ugz 3 \
  "the later file's bytes there are held?" "$(wc -c < later-cut.ugz)" archive
# ... and with the later file's header of LHA's level 2 (stop 98: 1.0x
# and 1.0x the archive, a level 2 header read with the rest as it is)
"$JGFLINT" --no-config later2.ugz > later2.out 2>&1
grep -q "1 more file after its UGF record (g0002.ugf)" later2.out &&
  ok "… a later file of level 2 said by name" || not_ok "… a later file of level 2 said by name"
piped=1
peak_within "… the same of level 2, from a pipe" later2.ugz 3 \
  "a level 2 header read with the rest of the archive as it is?" "$(wc -c < later2.ugz)" archive
piped=
peak_within "… the same of level 2 cut short, from a file" later2-cut.ugz 3 \
  "a level 2 header read with the rest of the archive as it is?" "$(wc -c < later2-cut.ugz)" archive
# ... and one cut to the 22 bytes read first is not read past them (its
# OS, byte 23: REVIEW.md R191), from a file and a pipe, under valgrind
if sanitized; then
  skip "a level 2 header of 22 bytes: a sanitizer build is not run under valgrind"
elif ! command -v valgrind > /dev/null; then
  skip "a level 2 header of 22 bytes: no valgrind"
else
  bad=
  for f in cut22.ugz cut22-alone.ugz; do
    valgrind -q --error-exitcode=9 "$JGFLINT" --no-config "$f" > /dev/null 2>&1
    [ $? -ne 9 ] || bad="$bad $f"
    cat "$f" | valgrind -q --error-exitcode=9 "$JGFLINT" --no-config - > /dev/null 2>&1
    [ $? -ne 9 ] || bad="$bad $f(piped)"
  done
  [ -z "$bad" ] && ok "a level 2 header of 22 bytes read no further, from a file and a pipe (valgrind)" ||
    not_ok "a level 2 header of 22 bytes read past its end (valgrind):$bad"
fi
rm -f cut22.ugz cut22-alone.ugz later2.out
# ... and with the later file's header of level 3, OS-9's level 2, two
# common headers (each said by name), a CRC or a checksum not its own
# (liblhasa reads no file there, and nothing after it: the bytes said):
# each read as its headers alone, from a file and from a pipe (stop 100:
# 1.0x the archive, read with the rest as it is); the same of a method
# without dashes, read by liblhasa as any (a file, a checksum not its
# own), 8 MB of padding after the record (0x00s, 0x1As: nothing said) and
# the same then a byte (said), read as what liblhasa refuses and the first
# byte that is not padding (stop 104: 1.0x the archive, the rest read as
# it is where a header had no dashes)
for f in later3 later9 latertwo laterbad latersum laterpm laterzx laterxpm laterxsum laterzero \
  latersub laterzerox; do
  "$JGFLINT" --no-config $f.ugz > $f.out 2>&1
  case $f in
  laterbad | latersum | laterxsum | laterzerox)
    grep -q "holds bytes after its UGF record that are no file liblhasa reads" $f.out &&
    ok "$f.ugz: the bytes after the record said" || not_ok "$f.ugz: the bytes after the record said" ;;
  laterzero | latersub) grep -q "ugz-unreadable" $f.out &&
    not_ok "$f.ugz: padding after the record not said" || ok "$f.ugz: padding after the record not said" ;;
  *) grep -q "1 more file after its UGF record (g0002.ugf)" $f.out &&
    ok "$f.ugz: the later file said by name" || not_ok "$f.ugz: the later file said by name" ;;
  esac
  rm -f $f.out
  piped=1
  peak_within "… $f.ugz, from a pipe" $f-piped.ugz 3 \
    "its header read with the rest of the archive as it is?" "$(wc -c < $f.ugz)" archive
  piped=
  peak_within "… $f.ugz, from a file" $f.ugz 3 \
    "its header read with the rest of the archive as it is?" "$(wc -c < $f.ugz)" archive
done
# ... and with the record's header one liblhasa refuses at its first 22
# bytes (level 7): no header said, the archive not held (60bbccde: 1.0x
# the archive, read whole), only the 24 bytes liblhasa reads first; cut
# to 23 bytes, cut short
run "recbad.ugz: a record's header liblhasa refuses: exit 1" 1 --no-config recbad.ugz
has "… no header said" out '^recbad.ugz: error: this UGZ file.s LHA archive has no header that can be read: it is corrupt; nothing in it was checked \[ugz-unreadable\]$'
run "recbad23.ugz: the same cut to 23 bytes: exit 1" 1 --no-config recbad23.ugz
has "… cut short" out '^recbad23.ugz: error: this UGZ file is cut short: it ends inside the header of its LHA archive; nothing in it was checked \[ugz-unreadable\]$'
piped=1
peak_within "… recbad.ugz, from a pipe" recbad-piped.ugz 3 \
  "the archive after the record's refused header read whole?" "$(wc -c < recbad.ugz)" archive
piped=
peak_within "… recbad.ugz, from a file" recbad.ugz 3 \
  "the archive after the record's refused header read whole?" "$(wc -c < recbad.ugz)" archive
rm -f recbad23.ugz
# A comment's node is found in time (ugf.c's by_id, 60 s here): each
# review node id was looked for in all of them in turn (400,000 review
# nodes and a comment each: 80 s), each move of a [Data] line read whole
# by walking the line from the first (200,000 moves, [Figure] comments
# from the last: 140 s); --convert reads a game whole.
"$py" - <<'EOF'
cols = "ABCDEFGHIJKLMNOPQRS"
head = ["[Header]", "Ver=UGF3,200", "Size=19", "Hdcp=0,6.50", "CoordinateType=IGS"]
out = head + ["[ReviewNode]", "NODE,1,0,0,0"]
out += ["NODE,%d,%d,%d,%d" % (i + 2, 1 + i % 2, 1 + i % 19, 1 + i // 19 % 19) for i in range(400000)]
out.append("[ReviewComment]")
for i in range(400000, 0, -1):
    out += [".Comment,%d" % (i + 1), "c%d" % i]
open("ids.ugf", "w").write("\r\n".join(out) + "\r\n")
out = head + ["[Data]"]
out += ["%s%s,%s1,%d,0" % (cols[i % 19], cols[i // 19 % 19], "BW"[i % 2], i + 1) for i in range(200000)]
out.append("[Figure]")
for i in range(200000, 0, -1):
    out += [".Text,%d" % i, "c%d" % i]
open("line.ugf", "w").write("\r\n".join(out) + "\r\n")
EOF
for f in ids line; do
  rm -rf "$f-out" && mkdir "$f-out"
  timeout 60 "$JGFLINT" --no-config --max-memory 4G --convert --output "$f-out" $f.ugf > $f.err 2>&1
  s=$?
  notes=$(grep -c '"comments"' "$f-out/$f.jgf" 2> /dev/null)
  [ $s -ne 124 ] && [ "$notes" = "$([ $f = ids ] && echo 400000 || echo 200000)" ] &&
    ok "--convert: $f.ugf's comments on their nodes in time (exit $s, $notes)" ||
    not_ok "--convert: $f.ugf's comments on their nodes in time: exit $s, $notes comments"
done
rm -rf ids.ugf line.ugf ids-out line-out
# jgflint duplicates --index keeps a UGZ of several files by its size and
# time, as any other: the file's own size, not the length read (its record
# and the headers after it), so that the next run finds it unchanged and
# does not read it again. Changed in place with its size and time kept, a
# file not read again keeps its games as indexed; one read again is
# "changed" (issue 71: every --index run read such a file again).
mkdir -p dupdir && rm -f dup.db
if "$py" "$TOP_SRCDIR/tests/ugz_members.py" --members 5 --first 100 dupdir/five.ugz > /dev/null; then
  cp -p dupdir/five.ugz five.was
  "$JGFLINT" duplicates --index dup.db dupdir > dup.out 2>&1
fi
if grep -q 'built without SQLite' dup.out 2> /dev/null; then
  skip "duplicates --index: a UGZ of 5 files indexed with its size: built without SQLite"
  skip "duplicates --index: the UGZ of 5 files not read again: built without SQLite"
elif [ -f five.was ]; then
  "$py" -c '
import sqlite3, sys
size = sqlite3.connect("dup.db").execute("SELECT size FROM files").fetchall()
sys.exit(size != [(int(sys.argv[1]),)])' "$(wc -c < dupdir/five.ugz)" &&
    ok "duplicates --index: a UGZ of 5 files indexed with its size" ||
    not_ok "duplicates --index: a UGZ of 5 files indexed with the length read, not its size"
  "$py" -c '
import sys
d = open(sys.argv[1], "rb").read()
open(sys.argv[1], "r+b").write(d.replace(b"g0003.ugf", b"g0003.ugx"))' dupdir/five.ugz
  touch -r five.was dupdir/five.ugz
  "$JGFLINT" duplicates --index dup.db --format json dupdir > dup.json 2> dup.err
  "$py" -c '
import json, sys
i = json.load(open("dup.json"))["index"]
sys.exit(not (i["unchanged"] == 1 and i["changed"] == 0))' &&
    ok "duplicates --index: the UGZ of 5 files not read again on the next run" ||
    not_ok "duplicates --index: the UGZ of 5 files read again on the next run: $(cat dup.err)"
else
  not_ok "tests/ugz_members.py made no archive of 5 files"
  not_ok "tests/ugz_members.py made no archive of 5 files"
fi
rm -rf dupdir dup.db five.was
tap_done
