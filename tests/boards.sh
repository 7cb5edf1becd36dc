#!/bin/sh
# The board under each finding about a position in --format text, in golden
# files reviewed by eye (testdata/boards/expected/NAME.out; `--update`
# rewrites them): every failing fixture of the go rules, boards of 5, 9, 13,
# 19 and 30×20 lines (a window around the points on the larger ones, x and y
# on the edges beyond 25 columns), --no-board, colours; findings dropped by
# a baseline or --max-findings before they are reported leave each other
# finding its own line and board. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR" || exit 1
update=no
[ "${1:-}" = --update ] && update=yes
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"

# run NAME ARGS...: jgflint ARGS, its standard output and exit status
# against testdata/boards/expected/NAME.out.
run() {
  name=$1; shift
  env -u FORCE_COLOR -u NO_COLOR -u COLUMNS "$JGFLINT" --no-config "$@" > "$tmp/out" 2> /dev/null
  echo "exit: $?" >> "$tmp/out"
  expected=testdata/boards/expected/$name.out
  if [ $update = yes ]; then
    mkdir -p testdata/boards/expected && cp "$tmp/out" "$expected"
    ok "$name (updated)"
  elif cmp -s "$tmp/out" "$expected"; then
    ok "$name"
  else
    not_ok "$name"
    diff -u "$expected" "$tmp/out" | sed 's/^/# /'
  fi
}

go=
for rule in occupied-point suicide ko-retake superko setup-no-effect setup-no-liberties \
            same-color-twice turn-mismatch handicap-mismatch; do
  go="$go $(ls testdata/rules/$rule/fail*.jgf | LC_ALL=C sort | tr '\n' ' ')"
done
# shellcheck disable=SC2086
run go-rules --format text $go
run boards --format text testdata/boards/*.jgf
run no-board --format text --no-board testdata/boards/*.jgf
run color --format text --color always testdata/boards/small-5.jgf

# A baseline that drops the first of two findings: the second keeps its own
# line and board (on main the text format quoted the dropped one's line).
cp testdata/boards/corner-19.jgf "$tmp/corner.jgf"
"$JGFLINT" --no-config --write-baseline "$tmp/all.json" "$tmp/corner.jgf" > /dev/null 2>&1
python3 - "$tmp/all.json" "$tmp/first.json" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))
b["findings"] = [f for f in b["findings"] if f["rule"] == "same-color-twice"]
json.dump(b, open(sys.argv[2], "w"))
PY
(cd "$tmp" && "$JGFLINT" --no-config --format text --baseline first.json corner.jgf) > "$tmp/base" 2> /dev/null
if grep -q 'occupied-point' "$tmp/base" && ! grep -q 'same-color-twice' "$tmp/base" &&
   grep -q '^9 |     { "move": { "color": "black", "x": 15, "y": 3 } }$' "$tmp/base" &&
   grep -q 'move 4, black, on the black stone of move 1$' "$tmp/base"; then
  ok "a finding a baseline drops leaves the next its own line and board"
else
  not_ok "a finding a baseline drops leaves the next its own line and board"
  sed 's/^/# /' "$tmp/base"
fi
# --max-findings 1: the one kept and the count of the rest, each with its own line.
"$JGFLINT" --no-config --format text --max-findings 1 testdata/rules/setup-no-effect/fail.jgf > "$tmp/max" 2> /dev/null
if [ "$(grep -c '^  = the position after /tree/0:$' "$tmp/max")" = 1 ] &&
   grep -q 'more setup-no-effect findings\{0,1\} in this file' "$tmp/max"; then
  ok "--max-findings: a board for the finding kept, none for the count of the rest"
else
  not_ok "--max-findings: a board for the finding kept, none for the count of the rest"
  sed 's/^/# /' "$tmp/max"
fi
# A pass the finding is about has no point to mark: the html report's
# caption names it as the text format's does (issue 37).
"$JGFLINT" --no-config --format html testdata/rules/same-color-twice/fail-pass.jgf > "$tmp/pass.html" 2> /dev/null
if grep -q '<figcaption>the position after move 3, white, passes, at /tree/3' "$tmp/pass.html"; then
  ok "html: the caption of a board under a pass names it"
else
  not_ok "html: the caption of a board under a pass names it"
  grep -o '<figcaption>[^<]*' "$tmp/pass.html" | sed 's/^/# /'
fi
# One drawer: the library's jgf_finding_board (what every front end but
# the terminal asks for) is the text format's board, line for line, for
# every finding of the go rules' fixtures and testdata/boards (issue 38).
tool=$(dirname "$JGFLINT")/tests/unit/api_tool
if [ ! -x "$tool" ]; then
  skip "tests/unit/api_tool is not built"
elif python3 - "$JGFLINT" "$tool" $go testdata/boards/*.jgf > "$tmp/same" <<'PY'; then
import re, subprocess, sys
jgflint, tool, files = sys.argv[1], sys.argv[2], sys.argv[3:]
bad = boards = 0
for path in files:
    text = subprocess.run([jgflint, "--no-config", "--format", "text", "--color", "never", path],
                          capture_output=True, text=True).stdout.splitlines()
    want, block = [], None
    for line in text:
        if re.match(r" *= the position", line):
            block = [re.sub(r"^ *= ", "", line)]
            want.append(block)
        elif block is not None and re.match(r" *\| ", line):
            block.append(re.sub(r"^ *\| ", "", line))
        else:
            block = None
    out = subprocess.run([tool, "finding-boards", path], stdin=open(path, "rb"),
                         capture_output=True, text=True).stdout.splitlines()
    got = []
    for line in out:   # a finding's message and [rule], then its board
        if not line.startswith(" ") and re.search(r" \[[a-z-]+\]$", line):
            got.append([])
        else:
            got[-1].append(line)
    boards += len(want)
    if want != got:
        bad += 1
        print("# %s: the library's boards differ from --format text's" % path)
        for w, g in zip(want, got):
            if w != g:
                print("# text:    %r\n# library: %r" % (w, g))
                break
print("# %d boards compared" % boards)
sys.exit(1 if bad or boards < 30 else 0)
PY
  ok "jgf_finding_board draws --format text's board for every finding ($(tail -1 "$tmp/same" | sed 's/^# //'))"
else
  not_ok "jgf_finding_board draws --format text's board for every finding"
  sed 's/^/# /' "$tmp/same"
fi
# One drawer for the html report too: each board's caption and legend are
# the text board's, and its squares and circles are the text board's [ ]
# and ( ) marks, point for point (issue 38; before, the html named each
# point in words of its own and marked a point twice).
# shellcheck disable=SC2086
if python3 - "$JGFLINT" $go testdata/boards/*.jgf > "$tmp/html-same" <<'PY'; then
import html, re, subprocess, sys
jgflint, files = sys.argv[1], sys.argv[2:]
bad = boards = 0
for path in files:
    text = subprocess.run([jgflint, "--no-config", "--format", "text", "--color", "never", path],
                          capture_output=True, text=True).stdout.splitlines()
    want, block = [], None
    for line in text:
        if re.match(r" *= the position", line):
            block = {"caption": re.sub(r"^ *= (.*):$", r"\1", line), "legend": "", "marks": set()}
            want.append(block)
        elif block is not None and re.match(r" *\| ", line):
            row = re.sub(r"^ *\| ", "", line)
            m = re.match(r" *(\d+) (.*) \1$", row)
            if m:   # a row: its marks, by column
                cells = m.group(2)
                block["marks"] |= {(k // 3, m.group(1), c) for k, c in enumerate(cells) if c in "[("}
                block.setdefault("rows", []).append(m.group(1))
            elif not re.match(r" *[A-Z0-9 ]+$", row):
                block["legend"] = row.strip()
        else:
            block = None
    page = subprocess.run([jgflint, "--no-config", "--format", "html", path],
                          capture_output=True, text=True).stdout
    got = []
    for fig in re.findall(r"<figure>(.*?)</figure>", page):
        cap = html.unescape(re.search(r"<figcaption>(.*?)</figcaption>", fig).group(1)).split("<br>")
        squares = len(re.findall(r"<rect class=m ", fig))
        circles = len(re.findall(r"<circle class=m ", fig))
        got.append((cap[0], cap[1] if len(cap) > 1 else "", squares, circles))
    boards += len(want)
    if len(want) != len(got):
        bad += 1
        print("# %s: %d text boards, %d html boards" % (path, len(want), len(got)))
        continue
    for w, g in zip(want, got):
        marks = [c for _, _, c in w["marks"]]
        expect = (w["caption"], w["legend"], marks.count("["), marks.count("("))
        if expect != g:
            bad += 1
            print("# %s:\n# text: %r\n# html: %r" % (path, expect, g))
print("# %d boards compared" % boards)
sys.exit(1 if bad or boards < 30 else 0)
PY
  ok "html: each board's caption, legend and marks are the text board's ($(tail -1 "$tmp/html-same" | sed 's/^# //'))"
else
  not_ok "html: each board's caption, legend and marks are the text board's"
  sed 's/^/# /' "$tmp/html-same"
fi
tap_done
