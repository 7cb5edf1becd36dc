#!/bin/sh
# What the reporters show: fixable marks that agree with what --fix does,
# the fixes json and SARIF carry (applied as a consumer would), the GitLab
# Code Quality report, record text escaped in every format, carets in
# display columns, point names, and the messages about encodings. TAP.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
JGFLINT_ARGS=--no-config
. "$TOP_SRCDIR/tests/cli_tap.sh"
py=/usr/bin/python3
[ -x $py ] || py=python3
# tap OUTPUT: counts the ok / not ok lines of a Python checker's output.
tap() {
  while IFS= read -r line; do
    case $line in
      "ok "*) ok "${line#ok * - }" ;;
      "not ok "*) n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - ${line#not ok * - }" ;;
      "#"*) echo "$line" ;;
    esac
  done
}

if ! $py -c 'import jsonschema' 2> /dev/null; then
  echo "1..0 # SKIP needs python3 and python3-jsonschema"
  exit 0
fi

# --- json, SARIF and rdjson carry the fix itself: applied to the file, as a
# consumer would, it gives what --fix writes (non-ASCII text, CRLF and lone
# CR line ends, a byte order mark, astral characters, a minified record).
$py "$TOP_SRCDIR/tests/output_fixes.py" "$JGFLINT" "$TOP_SRCDIR/tests/schemas/sarif-2.1.0-rtm.5.json" \
  "$src"/output/*.jgf "$src/fix/bom-crlf.in.jgf" "$src/fix/values.in.jgf" "$src/examples/findings.jgf" > py.out 2>&1
tap < py.out

# --- Text from a record, a file name or a configuration never reaches the
# terminal or a log raw, in any format: C0 and C1 controls, ESC, bidi
# overrides and isolates, zero-width and other invisible characters, line
# and paragraph separators, the tag characters that hide ASCII text, and
# bytes that are not UTF-8 are all shown escaped.
cat > "$tmp/raw.py" <<'PY'
import sys
bad = [c for c in range(0x20)] + list(range(0x7F, 0xA0)) + [0xAD, 0x34F, 0x61C, 0x115F, 0x1160,
       0x17B4, 0x180E, 0x3164, 0xFEFF, 0xFFA0, 0xFFF9, 0xE0001, 0xE0041, 0xE007F] + \
      list(range(0x200B, 0x2010)) + list(range(0x2028, 0x202F)) + list(range(0x2060, 0x2070))
allowed = {0x0A}
text = open(sys.argv[1], "rb").read()
found = sorted({"U+%04X" % ord(c) for c in text.decode("utf-8", "replace")
                if ord(c) in bad and ord(c) not in allowed} |
               ({"a byte that is not UTF-8"} if b"\xef\xbf\xbd" not in text and
                "\ufffd" in text.decode("utf-8", "replace") else set()))
if found:
    print("# raw: " + " ".join(found))
sys.exit(1 if found else 0)
PY
# no_raw NAME: neither out nor err holds a raw invisible character.
no_raw() {
  if $py "$tmp/raw.py" "$tmp/out" && $py "$tmp/raw.py" "$tmp/err"; then ok "$1"; else not_ok "$1"; fi
}
mkdir hostile
# A name with ESC, a bidi override, a zero-width space, a C1 CSI and a tag
# character; a key and a value with the same and more.
hname=$(printf 'h\033[2J\342\200\256\342\200\213x\302\233\363\240\201\201.jgf')
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "game": {"result": "B+R\342\200\213\342\201\246\342\200\250\302\205\363\240\201\201\343\205\244\342\201\240\302\255"}, "k\342\200\256e\\u001by\342\201\250\357\273\277": 1}\n' > "hostile/$hname"
for fmt in text concise json sarif github gitlab; do
  run "a hostile record and name, --format $fmt" 1 --format $fmt hostile
  no_raw "… $fmt: nothing raw reaches the output"
done
run "the text format" 1 --format text hostile
has "… shows a tag character as its escape (a surrogate pair, as in JSON)" out 'B+R\\u200b\\u2066\\u2028\\u0085\\udb40\\udc41'
has "… names the file escaped" out '^hostile/h\\u001b\[2J\\u202e\\u200bx\\u009b\\udb40\\udc41\.jgf:'
run "--format github" 1 --format github hostile
has "… escapes the file name of an annotation" out '^::error file=hostile/h\\u001b\[2J\\u202e\\u200bx\\u009b\\udb40\\udc41\.jgf,'
run "--format json" 1 --format json hostile
$py -c 'import json,sys; d=json.load(open(sys.argv[1])); assert any(x["pointer"] == "/k\u202ee\u001by\u2068\ufeff" for x in d["diagnostics"])' "$tmp/out" &&
  ok "… while its JSON still holds the exact pointer" || not_ok "… while its JSON still holds the exact pointer"
# Bytes that are not UTF-8, in a name and in the text the text format quotes.
bname=$(printf 'b\302\233\233.jgf')
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "game": {"name": "x\233[2J"}}\n' > "$bname"
run "a name and a line with bytes that are not UTF-8" 1 --format text "$bname"
no_raw "… nothing raw reaches the output"
has "… shown as \\xNN" out '\\x9B\[2J'
# Ill-formed UTF-8 that a lenient decoder reads as a character: an overlong
# form (C1 A4, C0 80), an encoded surrogate (ED A0 80) and a code point
# beyond U+10FFFF (F4 90 80 80): each byte shown as \xNN, never raw, and
# C0 80 not as the \u0000 the file does not hold.
printf '{"game": {"name": "a\301\244b\355\240\200c\364\220\200\200d\300\200e"}}\n' > overlong.jgf
run "ill-formed UTF-8 in the quoted line" 1 --format text overlong.jgf
no_raw "… nothing raw reaches the output"
has "… each byte shown as \\xNN" out '^1 | {"game": {"name": "a\\xC1\\xA4b\\xED\\xA0\\x80c\\xF4\\x90\\x80\\x80d\\xC0\\x80e"}}$'
hasnt "… and no \\u0000" out '\\u0000'
has "… the caret under the first bad byte" out '^  |                     \^$'
# Messages about files: a directory without records, a FIFO, --convert.
dname=$(printf 'd\033[2J\342\200\256')
mkdir "$dname"
run "a directory without records" 2 "$dname"
no_raw "… its name is shown escaped"
mkdir fifo && mkfifo "fifo/$hname"
run "a FIFO in a walk" 2 fifo
no_raw "… its name is shown escaped"
printf '(;FF[4]GM[1]SZ[19]PB[x];B[p\342\200\256d]W[z\033z])' > "$(printf 's\342\200\256\033[2J.sgf')"
"$JGFLINT" --convert --output - "$(printf 's\342\200\256\033[2J.sgf')" > /dev/null 2> "$tmp/err"; : > "$tmp/out"
no_raw "--convert: its notes show names and values escaped"
"$JGFLINT" --convert --output - "$(printf 's\342\200\256\033[2J.sgf')" > "$tmp/out" 2> "$tmp/err"
no_raw "… and the record it writes holds them as JSON escapes"
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "k\342\200\256e\363\240\201\201y": 1, "game": {"name": "a\342\200\256b"}}\n' > stream.in
"$JGFLINT" --no-config --stream --id-field game.name < stream.in > "$tmp/out" 2> "$tmp/err"
has "--stream: the id and pointer of a hostile record" out '"id":"a\\u202eb"'
no_raw "… are escaped"
mkdir cfg
printf '{"k\342\200\256\\u001b\363\240\201\201": 1, "select": ["rank-\342\200\213format"]}\n' > cfg/.jgflint.json
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n' > cfg/a.jgf
"$JGFLINT" cfg/a.jgf > "$tmp/out" 2> "$tmp/err"
has "a configuration's unknown key and value are reported" out 'k\\u202e\\u001b\\udb40\\udc41'
no_raw "… escaped"

# --- GitLab Code Quality: an array of {description, check_name,
# fingerprint, severity, location: {path, lines: {begin}}}; fingerprints
# unique (identical findings too) and stable however the path is spelt.
mkdir gl
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}, {"setup": [{"type": "black", "coords": [{"x": 1, "y": 1}, {"x": 1, "y": 1}, {"x": 1, "y": 1}]}]}], "players": [{"color": "black", "rank": "3 kyu"}]}\n' > gl/same.jgf
cp gl/same.jgf gl/copy.jgf
cp "$src/json/bom.jgf" "$src/examples/findings.jgf" gl/
run "--format gitlab" 1 --format gitlab gl
cat > "$tmp/gitlab.py" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
assert isinstance(doc, list) and doc, "a non-empty array"
for i in doc:
    assert set(i) == {"description", "check_name", "fingerprint", "severity", "location"}, i
    assert i["severity"] in ("info", "minor", "major", "critical", "blocker"), i
    assert isinstance(i["description"], str) and i["description"] and isinstance(i["check_name"], str)
    loc = i["location"]
    assert not loc["path"].startswith(("/", "./")) and loc["path"].startswith("gl/"), loc
    assert isinstance(loc["lines"]["begin"], int) and loc["lines"]["begin"] >= 1, loc
fps = [i["fingerprint"] for i in doc]
assert len(set(fps)) == len(fps), "fingerprints are unique"
same = [i for i in doc if i["location"]["path"] == "gl/same.jgf" and i["check_name"] == "duplicate-point"]
assert len(same) >= 2, "identical findings are reported apart"
print(" ".join(sorted(fps)))
PY
$py "$tmp/gitlab.py" "$tmp/out" > "$tmp/fps1" 2> "$tmp/err" && ok "… has GitLab's shape, with unique fingerprints" ||
  not_ok "… has GitLab's shape, with unique fingerprints"
"$JGFLINT" --no-config --format gitlab ./gl > "$tmp/out" 2> "$tmp/err"
$py "$tmp/gitlab.py" "$tmp/out" > "$tmp/fps2" 2>> "$tmp/err" && cmp -s "$tmp/fps1" "$tmp/fps2" &&
  ok "… the same fingerprints for ./gl" || not_ok "… the same fingerprints for ./gl"
"$JGFLINT" --no-config --format gitlab "$PWD/gl" > "$tmp/out" 2> "$tmp/err"
$py "$tmp/gitlab.py" "$tmp/out" > "$tmp/fps2" 2>> "$tmp/err" && cmp -s "$tmp/fps1" "$tmp/fps2" &&
  ok "… and for \$PWD/gl" || not_ok "… and for \$PWD/gl"
"$JGFLINT" --no-config --format sarif ./gl > "$tmp/out" 2> "$tmp/err"
$py -c 'import json,sys; print(" ".join(sorted(r["partialFingerprints"]["jgflint/v2"] for r in json.load(open(sys.argv[1]))["runs"][0]["results"])))' "$tmp/out" > "$tmp/fps2" &&
  cmp -s "$tmp/fps1" "$tmp/fps2" && ok "… which SARIF's partialFingerprints are" || not_ok "… which SARIF's partialFingerprints are"
mkdir gl-bytes && printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}], "x": 1}\n' > "$(printf 'gl-bytes/n\233.jgf')"
run "--format gitlab, a name that is not UTF-8" 0 --format gitlab gl-bytes
$py -c 'import json,sys; d=json.loads(open(sys.argv[1], "rb").read().decode("utf-8")); assert d[0]["location"]["path"] == "gl-bytes/n\\x9B.jgf", d' "$tmp/out" &&
  ok "… is valid UTF-8 JSON, the name written as the json format writes it" || not_ok "… is valid UTF-8 JSON, the name written as the json format writes it"
mkdir gl-empty && printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}]}\n' > gl-empty/ok.jgf
run "a run without findings" 0 --format gitlab gl-empty
$py -c 'import json,sys; assert json.load(open(sys.argv[1])) == []' "$tmp/out" && ok "… writes []" || not_ok "… writes []"

# --- SARIF: the invocation's exit status, rule help.
run "SARIF of a run with a file that cannot be read" 2 --format sarif gl/missing.jgf gl/bom.jgf
$py -c '
import json,sys
run = json.load(open(sys.argv[1]))["runs"][0]
inv = run["invocations"][0]
assert inv["exitCode"] == 2 and inv["executionSuccessful"] is False, inv
assert all(r["help"]["text"] and r["helpUri"] for r in run["tool"]["driver"]["rules"])
' "$tmp/out" && ok "… records exit code 2, not successful; every rule has help" || not_ok "… records exit code 2, not successful; every rule has help"
run "SARIF with --exit-zero" 0 --format sarif --exit-zero gl/same.jgf
grep -q '"exitCode": 0' "$tmp/out" && ok "… records exit code 0" || not_ok "… records exit code 0"

# --- The text format fitted to the terminal (COLUMNS, else the terminal's
# width): a source line wider than it is cut around the caret, so no row of
# a finding's excerpt wraps, and the caret stays under its character.
$py -c '
import json
names = " ".join(["名人戦"] * 30)
print(json.dumps({"record": {"format": "JGF", "version": 2}, "game": {"type": "go", "name": names,
      "result": "B+Resign", "date": "2023-02-29"}, "tree": [{}], "x": 1}, ensure_ascii=False))' > wide.jgf
cat > "$tmp/fits.py" <<'PY'
import sys, unicodedata
cols = int(sys.argv[2])
def width(s):
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
bad, carets = [], 0
for i, l in enumerate(lines):
    if " | " in l[:8] or l.rstrip().endswith(" |"):
        if width(l) >= cols:
            bad.append("%d columns: %s" % (width(l), l))
        if "^" in l and i > 0:
            above, at = lines[i - 1], width(l[:l.index("^")])
            col = 0
            for c in above:
                if col == at:
                    carets += c == "\"" or c == "x"
                    break
                col += width(c)
print("\n".join(bad[:3]))
sys.exit(1 if bad or carets != int(sys.argv[3]) else 0)
PY
for c in 40 60 100; do
  COLUMNS=$c "$JGFLINT" --format text wide.jgf > "$tmp/out" 2> "$tmp/err"
  $py "$tmp/fits.py" "$tmp/out" $c 3 && ok "COLUMNS=$c: every excerpt row fits, each caret under its value" ||
    not_ok "COLUMNS=$c: every excerpt row fits, each caret under its value"
done
COLUMNS=40 "$JGFLINT" --format text wide.jgf > "$tmp/out" 2> "$tmp/err"
grep -q '^1 | …' "$tmp/out" && grep -q '…$' "$tmp/out" && ok "… cut on both sides, with …" || not_ok "… cut on both sides, with …"
COLUMNS=200 "$JGFLINT" --format text "$src/examples/findings.jgf" > "$tmp/out" 2> "$tmp/err"
"$JGFLINT" --format text "$src/examples/findings.jgf" > "$tmp/out2" 2> "$tmp/err"
cmp -s "$tmp/out" "$tmp/out2" && ok "… a line that fits is shown whole" || not_ok "… a line that fits is shown whole"

# --- Carets in display columns: wide (CJK, emoji, fullwidth, astral
# ideographs) take two, combining marks and joining jamo none, East Asian
# ambiguous one; a tab is expanded; a long line shows a window. The widths
# come from wcwidth when Python has it, else from unicodedata.
cat > "$tmp/caret.py" <<'PY'
import sys, unicodedata
try:
    from wcwidth import wcwidth
except ImportError:
    def wcwidth(c):
        cp = ord(c)
        if unicodedata.category(c) in ("Mn", "Me") or 0x1160 <= cp <= 0x11FF:
            return 0
        return 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1
def width(s):
    return sum(max(wcwidth(c), 0) for c in s)
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
token, bad, seen = sys.argv[2], 0, 0
for src, caret in zip(lines, lines[1:]):
    if " | " not in src or token not in src or "^" not in caret:
        continue
    seen += 1
    shown = src.split(" | ", 1)[1]
    under = caret.split(" | ", 1)[1]
    before, at = shown[:shown.index(token)], under[:under.index("^")]
    # Tabs are expanded in both rows (see below); were one echoed, the
    # runs between them are compared.
    a, b = before.split("\t"), at.split("\t")
    tilde = len(under) - under.index("^")
    if len(a) != len(b) or any(width(x) != width(y) for x, y in zip(a, b)) or tilde != width(token):
        bad += 1
        print("# " + src + "\n# " + caret)
print("# %d carets checked" % seen)
sys.exit(1 if bad or not seen else 0)
PY
mkdir carets
for text in '本因坊秀策' 'é́ñ' 'が゙' '🚀✅🎉' 'Ａｂ' '𠀋𠀌' '가각' '±℃§' 'ﾊﾝｶｸ'; do
  printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}],\n"players": [{"color": "black", "name": "%s", "rank": "3 kyu"}]}\n' "$text" > "carets/$text.jgf"
  run "a caret after \"$text\"" 0 --format text "carets/$text.jgf"
  if $py "$tmp/caret.py" "$tmp/out" '"3 kyu"' > "$tmp/err"; then ok "… is under the token"; else not_ok "… is under the token"; fi
done
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}],\n\t"players": [{"color": "black",\t"name": "秀\\t策",\t"rank": "3 kyu"}]}\n' > carets/tabs.jgf
run "a caret on a line with tabs" 0 --format text carets/tabs.jgf
if $py "$tmp/caret.py" "$tmp/out" '"3 kyu"' > "$tmp/err"; then ok "… is under the token"; else not_ok "… is under the token"; fi
# Tabs are expanded to the next multiple of 8 columns, as a terminal shows
# them, in the source and caret rows: a row with tabs fits the terminal too.
if ! grep -q "$(printf '\t')" "$tmp/out" && grep -q '^2 |         "players": \[{"color": "black",  "name"' "$tmp/out"; then
  ok "… tabs expanded to the next multiple of 8 columns"
else
  not_ok "… tabs expanded to the next multiple of 8 columns"; sed 's/^/# /' "$tmp/out"
fi
printf '{"record": {"format": "JGF", "version": 2}, "tree": [{}],\n\t\t\t\t"players": [{"color": "black",\t\t"name": "x",\t\t\t"rank": "3 kyu"}]}\n' > carets/tabs2.jgf
for c in 40 60 80; do
  COLUMNS=$c "$JGFLINT" --format text carets/tabs2.jgf > "$tmp/out" 2> "$tmp/err"
  if $py "$tmp/fits.py" "$tmp/out" $c 1 && ! grep -q "$(printf '\t')" "$tmp/out" &&
     $py "$tmp/caret.py" "$tmp/out" '"3 kyu"' > "$tmp/err"; then
    ok "COLUMNS=$c, a line of tabs: every row fits, the caret under its value"
  else
    not_ok "COLUMNS=$c, a line of tabs: every row fits, the caret under its value"; sed 's/^/# /' "$tmp/out"
  fi
done
# A minified record: one long line, the finding far along it, wide text before.
$py -c '
import json
moves = [{"move": {"color": "black" if i % 2 == 0 else "white", "x": i % 19, "y": i // 19}} for i in range(60)]
print(json.dumps({"record": {"format": "JGF", "version": 2}, "game": {"name": "本因坊秀策 🚀" * 20},
                  "players": [{"color": "black", "name": "秀策" * 30, "rank": "3 kyu"}], "tree": [{}] + moves},
                 ensure_ascii=False, separators=(",", ":")))' > carets/minified.jgf
run "a long single-line record" 0 --format text carets/minified.jgf
has "… shows a window, cut on both sides" out '^1 | …\(.*\)…$'
if $py "$tmp/caret.py" "$tmp/out" '"3 kyu"' > "$tmp/err"; then ok "… with the caret under the token"; else not_ok "… with the caret under the token"; fi

# --- Points as players read them: columns without I, rows from the bottom.
for board in '"size": 19/D16/J19' '"size": 9/D6/J9' '"size": 13/D10/J13' '"size": 25/D22/J25' \
             '"width": 19, "height": 9/D6/J9' '"width": 9, "height": 19/D16/J19'; do
  b=${board%%/*} rest=${board#*/}
  printf '{"record": {"format": "JGF", "version": 2}, "board": {%s}, "tree": [{}, {"move": {"color": "black", "x": 3, "y": 3}}, {"move": {"color": "white", "x": 3, "y": 3}}, {"setup": [{"type": "black", "coords": [{"x": 8, "y": 0}, {"x": 8, "y": 0}]}]}]}\n' "$b" > p.jgf
  run "a board with $b" 1 --format text p.jgf
  has "… (3, 3) is ${rest%/*}" out "= at /tree/2/move, (3, 3) is ${rest%/*}\$"
  has "… (8, 0) is ${rest#*/}" out "= at /tree/3/setup/0/coords/1, (8, 0) is ${rest#*/}\$"
done

# --- Messages about encodings: UTF-16 and UTF-32, with a byte order mark
# or without, are named (with the iconv command that converts them);
# json-bom is a warning that does not say JSON.parse rejects every file.
rec='{"record": {"format": "JGF", "version": 2}, "tree": [{}]}'
for e in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
  printf '%s\n' "$rec" | iconv -t $e > "nomark-$e.jgf"
  run "$e without a byte order mark" 1 --format concise "nomark-$e.jgf"
  has "… is named ${e%??}, with the iconv that converts it" out \
    "^nomark-$e.jgf:1:1: error: the file is ${e%??} (.*without a byte order mark.*iconv -f $e -t UTF-8 \[json-encoding\]$"
done
printf '\377\376' > bom-UTF-16LE.jgf; printf '%s\n' "$rec" | iconv -t UTF-16LE >> bom-UTF-16LE.jgf
printf '\376\377' > bom-UTF-16BE.jgf; printf '%s\n' "$rec" | iconv -t UTF-16BE >> bom-UTF-16BE.jgf
printf '\377\376\000\000' > bom-UTF-32LE.jgf; printf '%s\n' "$rec" | iconv -t UTF-32LE >> bom-UTF-32LE.jgf
printf '\000\000\376\377' > bom-UTF-32BE.jgf; printf '%s\n' "$rec" | iconv -t UTF-32BE >> bom-UTF-32BE.jgf
for e in UTF-16LE UTF-16BE UTF-32LE UTF-32BE; do
  run "$e with a byte order mark" 1 --format concise "bom-$e.jgf"
  has "… is named ${e%??}" out "^bom-$e.jgf:1:1: error: the file is ${e%??} (.*byte order mark.*iconv -f ${e%??} -t UTF-8 \[json-encoding\]$"
  iconv -f "${e%??}" -t UTF-8 "bom-$e.jgf" > converted.jgf
  run "… and the iconv it names gives a clean record" 0 converted.jgf
done
printf '\357\273\277%s\n' "$rec" > bom8.jgf
run "json-bom" 0 --format concise bom8.jgf
has "… is a warning" out '^bom8.jgf:1:1: warning: '
hasnt "… that does not say JSON.parse rejects the file" out 'JSON.parse rejects the file'

# --- --help lists the formats together, and the note on exact options
# does not split the option list.
run "--help" 0 --help
has "… names every format among those of --format" out '(GitLab Code Quality), junit (JUnit XML test reports),$'
grep -A1 -- '-h, --help' "$tmp/out" | grep -q -- '-V, --version' && ok "… -V follows -h in the option list" ||
  not_ok "… -V follows -h in the option list"

# --- The fixable marks agree with what --fix does, over every record of
# testdata/ and of the shared samples (JGF_SAMPLES, else ../shared/samples
# beside the source tree) when present. A sanitizer build (ten times
# slower a run) checks every fifth record.
samples=${JGF_SAMPLES:-$TOP_SRCDIR/../shared/samples}
[ -d "$samples" ] || samples=
find "$src" $samples -name '*.jgf' | LC_ALL=C sort > marks.list
if sanitized; then
  awk 'NR % 5 == 1' marks.list > marks.some && mv marks.some marks.list
fi
tr '\n' '\0' < marks.list | xargs -0 $py "$TOP_SRCDIR/tests/output_marks.py" "$JGFLINT" > py.out 2>&1
tap < py.out

tap_done
