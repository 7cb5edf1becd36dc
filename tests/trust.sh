#!/bin/sh
# Output a pipeline can trust (issue 24): every output is UTF-8 whatever
# the input (a stray byte is described as the bytes it is), a standard
# descriptor that is closed is an error, --fix reaches its fixed point in
# one run, and --stream --fix writes the record --fix - writes. Over the
# fixtures of testdata/ and the fuzz corpus (tests/fuzz/corpus/). TAP.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"

py=$(command -v python3 || true)
corpus=$tmp/corpus
mkdir "$corpus"
# Every record of testdata/ and the fuzz corpus, under names of their own.
{ find "$src" -name '*.jgf' | sort; find "$TOP_SRCDIR/tests/fuzz/corpus" -type f | sort; } > "$tmp/list"
i=0
while IFS= read -r f; do i=$((i + 1)); cat "$f" > "$corpus/$i.jgf"; done < "$tmp/list"
nfiles=$i

# 1. Every output decodes as UTF-8.
# The bytes after a string that are not UTF-8 are shown as the bytes they
# are: never raw (Python could not decode the line), never as a character
# they are not (E0 80 80 is no U+0000, E2 82 no U+20BD).
for case in 'c0af:\300\257:the bytes `\\xC0\\xAF` (not UTF-8)' \
            'e08080:\340\200\200:the bytes `\\xE0\\x80\\x80` (not UTF-8)' \
            'e282:\342\202:the bytes `\\xE2\\x82` (not UTF-8)' \
            'ff:\377:the byte `\\xFF` (not UTF-8)'; do
  name=${case%%:*} rest=${case#*:}; bytes=${rest%%:*} want=${rest#*:}
  # shellcheck disable=SC2059
  printf "{\"a\":\"x\"$bytes}\n" > "$tmp/$name.jsonl"
  "$JGFLINT" --stream < "$tmp/$name.jsonl" > "$tmp/out" 2> "$tmp/err"
  if [ -n "$py" ] && $py -c 'import sys; sys.stdin.buffer.read().decode("utf-8")' < "$tmp/out" &&
     grep -qF "found $want right after the closing quote" "$tmp/out"; then
    ok "--stream, $name after a string: valid UTF-8, \"found $want\""
  else
    not_ok "--stream, $name after a string: valid UTF-8, \"found $want\""
  fi
done
printf '{"a":"x"\303\251}\n' | "$JGFLINT" --stream > "$tmp/out" 2> "$tmp/err"
has "U+00E9 after a string is still named as the character: found \`é\` (U+00E9)" out \
  'found `é` (U+00E9) right after'
# The same in the text format's quoted source line: an encoded surrogate
# is shown as its bytes.
printf '{"record": {"format": "JGF", "version": 2}, "game": {"name": "a\355\240\200b"}, "tree": [{}]}\n' > sur.jgf
run "an encoded surrogate, text format" 1 --format text sur.jgf
has "... the quoted line shows its bytes" out '"name": "a\\xED\\xA0\\x80b"'

utf8() { $py -c 'import sys
for p in sys.argv[1:]:
    try: open(p, "rb").read().decode("utf-8")
    except UnicodeDecodeError as e: print("# %s: %s" % (p, e)); sys.exit(1)' "$@"; }
if [ -n "$py" ]; then
  for fmt in json sarif gitlab concise text github; do
    "$JGFLINT" --no-config --max-findings 0 --format "$fmt" "$corpus" > "$tmp/$fmt.out" 2> "$tmp/$fmt.err"
    if utf8 "$tmp/$fmt.out" "$tmp/$fmt.err"; then
      ok "--format $fmt over $nfiles records: standard output and error are UTF-8"
    else
      not_ok "--format $fmt over $nfiles records: standard output and error are UTF-8"
    fi
  done
  for f in "$corpus"/*.jgf; do cat "$f"; echo; done | "$JGFLINT" --no-config --stream > "$tmp/stream.out" 2> "$tmp/stream.err"
  if utf8 "$tmp/stream.out" "$tmp/stream.err"; then
    ok "--stream over $nfiles records (each line of each): every line is UTF-8"
  else
    not_ok "--stream over $nfiles records (each line of each): every line is UTF-8"
  fi
else
  for i in 1 2 3 4 5 6 7; do ok "# SKIP no python3"; done
fi

# 2. A standard descriptor that is closed: a run that must read or write
# it and cannot fails (exit 2), as with /dev/full, and says so once (issue
# 47: --convert --output - and --stream said it twice).
record=$TOP_SRCDIR/testdata/fix/bom.in.jgf
sgf=$tmp/game.sgf
printf '(;FF[4]GM[1]SZ[9];B[cc];W[gg])\n' > "$sgf"
closed() {   # closed NAME STDIN-FILE|- ARGS...: stdout closed ($to: >/dev/full)
  name=$1 in=$2; shift 2
  if [ "$in" = - ]; then in=/dev/null; fi
  if [ "${to:-}" = full ]; then "$JGFLINT" "$@" < "$in" > /dev/full 2> "$tmp/err"
  else "$JGFLINT" "$@" < "$in" >&- 2> "$tmp/err"; fi
  got=$?
  said=$(grep -c 'cannot write .*standard output' "$tmp/err")
  if [ $got = 2 ] && [ "$said" = 1 ]; then ok "$name: exit 2, said once"; else
    not_ok "$name: exit $got, want 2 and a message once ($said)"; sed 's/^/# /' "$tmp/err"; fi
}
for to in closed full; do
  if [ $to = full ] && ! [ -w /dev/full ]; then
    for i in 1 2 3 4 5 6 7 8 9 10 11; do skip "no writable /dev/full"; done; continue
  fi
  closed "--version ($to)" - --version
  closed "--fix - ($to)" "$record" --fix -
  closed "--stream ($to)" "$record" --stream
  closed "--stream --fix ($to)" "$record" --stream --fix
  closed "--stream --convert ($to)" "$sgf" --stream --convert
  closed "--convert - ($to)" "$sgf" --convert -
  closed "--convert --to sgf --output - ($to)" - --convert --to sgf --output - "$sgf"
  closed "--convert --output - ($to)" - --convert --output - "$sgf"
  closed "a check with findings ($to)" - --no-config "$TOP_SRCDIR/testdata/rules/foreign-format/json-graph.jgf"
  closed "--format json ($to)" - --no-config --format json "$record"
  closed "--list-rules ($to)" - --list-rules
done
unset to
closed_in() {   # closed_in NAME ARGS...: stdin closed
  name=$1; shift
  "$JGFLINT" "$@" <&- > "$tmp/out" 2> "$tmp/err"
  got=$?
  if [ $got = 2 ] && grep -q 'cannot read standard input' "$tmp/err" "$tmp/out"; then ok "$name: exit 2, said"; else
    not_ok "$name: exit $got, want 2 and a message"; sed 's/^/# /' "$tmp/err"; fi
}
closed_in "--fix - <&-" --fix -
closed_in "--stream <&-" --stream
closed_in "--convert - <&-" --convert -
closed_in "- <&- (checking standard input)" -

# 3. --fix reaches its fixed point in one run. The reproducer: a node
# with a misspelt `commdnts` and a move beside `variations`: renaming it
# alone would put `comments` beside `variations` (a variations-node
# error), so it is left out of the round that moves the move (and it) to
# a node of its own (a round another fix makes worse is tried fix by fix:
# here renaming the root's `mvoe`); it is tried again once the text has
# changed.
cat > fp.jgf <<'EOF'
{"record": {"format": "JGF", "version": 2}, "tree": [{"mvoe": {"color": "black", "x": 2, "y": 2}}, {"variations": [[{"move": {"color": "white", "x": 5, "y": 5}}], [{"move": {"color": "white", "x": 6, "y": 6}}]], "commdnts": ["c"], "move": {"color": "black", "x": 8, "y": 2}}]}
EOF
cat > fp.want <<'EOF'
{"record": {"format": "JGF", "version": 2}, "tree": [{"mvoe": {"color": "black", "x": 2, "y": 2}}, {"comments": ["c"], "move": {"color": "black", "x": 8, "y": 2}}, {"variations": [[{"move": {"color": "white", "x": 5, "y": 5}}], [{"move": {"color": "white", "x": 6, "y": 6}}]]}]}
EOF
run "--fix --unsafe-fixes: commdnts and a move beside variations" 0 --no-config --fix --unsafe-fixes fp.jgf
if cmp -s fp.jgf fp.want; then ok "... fixed in one run: the move before the variations, commdnts renamed"; else
  not_ok "... fixed in one run: the move before the variations, commdnts renamed"; diff fp.want fp.jgf | sed 's/^/# /'; fi
has "... the root's mvoe is left out, and said" err 'fp.jgf:1:55: the unknown-key fix was not applied: it would add a root-node error'
hasnt "... no other fix is said to be left out" err 'variations-node error'
# Over every record: a second run changes nothing.
for unsafe in "" --unsafe-fixes; do
  rm -rf once twice && cp -R "$corpus" once
  # shellcheck disable=SC2086
  "$JGFLINT" --no-config --fix $unsafe once > /dev/null 2>&1
  cp -R once twice
  # shellcheck disable=SC2086
  "$JGFLINT" --no-config --fix $unsafe twice > /dev/null 2>&1
  if diff -rq once twice > "$tmp/diff"; then ok "--fix $unsafe over $nfiles records: a second run changes nothing"; else
    not_ok "--fix $unsafe over $nfiles records: a second run changes $(wc -l < "$tmp/diff")"; sed 's/^/# /' "$tmp/diff"; fi
done

# 4. --stream --fix writes, for each line, the record --fix writes for it
# (on one line): one pipeline. Each record is made one line first, as
# --stream writes a record (a line break and the blanks after it go).
if [ -n "$py" ]; then
  mkdir lines
  $py -c 'import os, re, sys
src, out, jsonl = sys.argv[1:]
names = sorted(os.listdir(src), key=lambda n: int(n.split(".")[0]))
with open(jsonl, "wb") as j:
    for n in names:
        t = re.sub(rb"[\r\n][\r\n\t ]*", b"", open(os.path.join(src, n), "rb").read())
        if not t.strip(b" \t"):
            continue   # a blank line is no record
        open(os.path.join(out, n), "wb").write(t)
        j.write(t + b"\n")' "$corpus" lines lines.jsonl
  for unsafe in "" --unsafe-fixes; do
    rm -rf fixed && cp -R lines fixed
    # shellcheck disable=SC2086
    "$JGFLINT" --no-config --fix $unsafe fixed > /dev/null 2>&1
    # shellcheck disable=SC2086
    "$JGFLINT" --no-config --stream --fix $unsafe < lines.jsonl > stream.out 2> /dev/null
    if $py -c 'import os, re, sys
fixed, stream = sys.argv[1:]
names = sorted(os.listdir(fixed), key=lambda n: int(n.split(".")[0]))
lines = open(stream, "rb").read().split(b"\n")
differ = [n for n, line in zip(names, lines)
          if re.sub(rb"[\r\n][\r\n\t ]*", b"", open(os.path.join(fixed, n), "rb").read()) != line]
if len(lines) != len(names) + 1:
    differ.append("%d lines for %d records" % (len(lines) - 1, len(names)))
print(" ".join(differ))
sys.exit(1 if differ else 0)' fixed stream.out > "$tmp/diff"
    then ok "--stream --fix $unsafe and --fix give the same record for each of $(ls lines | wc -l) records"; else
      not_ok "--stream --fix $unsafe and --fix differ on: $(cat "$tmp/diff")"; fi
  done
else
  ok "# SKIP no python3"; ok "# SKIP no python3"
fi

tap_done
