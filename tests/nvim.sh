#!/bin/sh
# `jgflint server` in a real client: Neovim's built-in LSP client (Debian 12
# has 0.7), headless. tests/nvim.lua opens a record with findings (astral
# characters and CRLF lines before them), waits for the diagnostics, applies
# the quick fix of rank-format from the code action menu, then fix-all, and
# writes the buffer; this script checks what Neovim saw and the file
# written. TAP output. Environment: JGFLINT (the binary), TOP_SRCDIR.
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
. "$TOP_SRCDIR/tests/tap.sh"
if ! command -v nvim > /dev/null 2>&1; then
  echo "1..0 # SKIP nvim is not installed (apt-get install neovim)"; exit 0
fi
if ! command -v python3 > /dev/null 2>&1; then
  echo "1..0 # SKIP python3 is not installed"; exit 0
fi
if ! nvim --headless -u NONE -c 'lua if vim.lsp == nil or vim.lsp.start_client == nil then vim.cmd("cq") end' -c 'qa!' > /dev/null 2>&1; then
  echo "1..0 # SKIP this Neovim has no built-in LSP client (0.5 or later)"; exit 0
fi
tmp=$(mktemp -d) || exit 1
TAP_LOGS=$tmp/out   # a failed check shows what Neovim printed
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/games" "$tmp/home"
rec=$tmp/games/game.jgf
# A record with astral characters before findings on their lines and CRLF
# line breaks (Neovim reads it with fileformat=dos: lines without the CR). A
# file mixing CRLF and LF is not used: Neovim keeps its CRs in the lines and
# its apply_text_edits turns the CR LF of an edit's text into LF.
python3 - "$rec" <<'PY'
import sys
text = ('{\r\n'
        '  "record": {"format": "JGF", "version": "2.0.0"},\r\n'
        '  "game": {"name": "\U0001F600 \u00e9t\u00e9 \U0001D11E", "result": "B+Resign"},\r\n'
        '  "players": [{"color": "black", "name": "\U0001F3B2\U00020000", "rank": "3 kyu"}, {"color": "white"}],\r\n'
        '  "tree": [{}, {"move": {"color": "black", "x": 3, "y": 3}, "coments": 1}]\r\n'
        '}\r\n')
open(sys.argv[1], "wb").write(text.encode())
PY
cp "$rec" "$tmp/original.jgf"
"$JGFLINT" --format json "$rec" > "$tmp/cli.json" 2> /dev/null
"$JGFLINT" --fix - < "$rec" > "$tmp/fixed.jgf" 2> /dev/null
# No user configuration, no shada, no swap files.
HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home XDG_DATA_HOME=$tmp/home XDG_STATE_HOME=$tmp/home \
OUT=$tmp/out RECORD=$rec JGFLINT=$JGFLINT \
  timeout 120 nvim --headless -n -i NONE -u NONE --noplugin \
  -c "luafile $TOP_SRCDIR/tests/nvim.lua" > "$tmp/nvim.log" 2>&1
status=$?
check "Neovim ran the script to its end (status $status)" 'grep -q "^written" "$tmp/out"'
check "it received diagnostics from the server" 'grep -q "^diag " "$tmp/out"'
# The diagnostics as Neovim holds them (0-based lines, byte columns) are the
# CLI's findings, converted here from line:column in code points.
python3 - "$tmp/cli.json" "$tmp/original.jgf" "$tmp/out" > "$tmp/cmp" <<'PY'
import json, re, sys
cli = json.load(open(sys.argv[1]))["diagnostics"]
data = open(sys.argv[2], "rb").read()
starts = [0] + [m.end() for m in re.finditer(rb"\r\n|\r|\n", data)]
def byte_col(line, col):
    s = starts[line - 1]
    line_bytes = data[s:starts[line] if line < len(starts) else len(data)]
    return len(line_bytes.decode("utf-8")[:col - 1].encode("utf-8"))
want = sorted((d["rule"], d["line"] - 1, byte_col(d["line"], d["column"]),
               d["endLine"] - 1, byte_col(d["endLine"], d["endColumn"])) for d in cli if d["line"])
got = sorted((f[1], int(f[2]), int(f[3]), int(f[4]), int(f[5]))
             for f in (l.split() for l in open(sys.argv[3]) if l.startswith("diag ")))
print("same" if got == want else "got %s\nwant %s" % (got, want))
PY
check "each diagnostic lands on its value's bytes in the buffer (UTF-16 positions converted by Neovim)" \
  'grep -qx same "$tmp/cmp"' || sed 's/^/# /' "$tmp/cmp"
check "the code action menu at the finding offers its quick fix and fix-all" \
  'grep -q "^menu jgflint (rank-format): replace \"3 kyu\" with \"3k\"$" "$tmp/out" && grep -q "^menu jgflint: fix all (3 safe fixes" "$tmp/out"'
check "Neovim's client and the server use UTF-16 positions" 'grep -q "^encoding utf-16" "$tmp/out"'
check "choosing the rank-format quick fix edits that value in the buffer" \
  'grep -q "^line .*\"rank\": \"3k\"" "$tmp/out"'
check "fix-all was offered and applied" 'grep -q "^applied 1 " "$tmp/out"'
check "the file Neovim wrote is byte for byte what jgflint --fix writes" \
  'cmp -s "$rec" "$tmp/fixed.jgf"' || { od -c "$rec" > "$tmp/a"; od -c "$tmp/fixed.jgf" > "$tmp/b"; diff "$tmp/a" "$tmp/b" | sed 's/^/# /'; }
check "the server exited with status 0 when Neovim stopped it" 'grep -q "^exit 0" "$tmp/out"'

# The README's snippets, as written, in this Neovim (issue 31): the first
# is for 0.7 (Debian 12's) and later, the second for 0.8 and later.
readme=$TOP_SRCDIR/README.md
python3 - "$readme" "$tmp/snippet07.lua" "$tmp/snippet08.lua" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
part = text[text.index("### Neovim"):text.index("### Helix")]
blocks = re.findall(r"```lua\n(.*?)```", part, re.S)
open(sys.argv[2], "w").write(blocks[0])
open(sys.argv[3], "w").write(blocks[1])
PY
mkdir -p "$tmp/bin" "$tmp/snip"
ln -s "$JGFLINT" "$tmp/bin/jgflint"
if nvim --headless -u NONE -c 'lua if vim.fn.has("nvim-0.8") == 1 then vim.cmd("cq") end' -c 'qa!' > /dev/null 2>&1; then
  HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home XDG_DATA_HOME=$tmp/home XDG_STATE_HOME=$tmp/home \
    timeout 60 nvim --headless -n -i NONE -u NONE --noplugin -c "luafile $tmp/snippet08.lua" \
    -c "redir! > $tmp/messages | silent messages | redir END" -c 'qa!' > /dev/null 2>&1
  check "the README's snippet for Neovim 0.8 says so when run on this Neovim (0.7)" \
    'grep -q "needs Neovim 0.8 or later" "$tmp/messages"'
else
  ok "the README's snippet for Neovim 0.8 # SKIP this Neovim is 0.8 or later"
fi
# Which buffers the snippet for 0.8 starts the server for (issue 53: .jgf
# only): run in this Neovim as if it were 0.8, vim.lsp.start and vim.fs
# stood in for, each file of the formats jgflint checks opened.
mkdir "$tmp/attach"
cat > "$tmp/attach.lua" <<EOF
local has = vim.fn.has
vim.fn.has = function(f) if f == "nvim-0.8" then return 1 end return has(f) end
vim.fs = vim.fs or { dirname = function(p) return vim.fn.fnamemodify(p, ":h") end,
                     find = function() return {} end }
local out = assert(io.open("$tmp/attached", "w"))
vim.lsp.start = function(config)
  out:write(vim.fn.fnamemodify(vim.api.nvim_buf_get_name(0), ":t"), " ", table.concat(config.cmd, " "), "\n")
end
vim.cmd("luafile $tmp/snippet08.lua")
for _, f in ipairs({ "a.jgf", "b.sgf", "c.ugf", "d.ugi", "e.gib", "f.ngf", "g.json", "h.txt" }) do
  vim.cmd("edit $tmp/attach/" .. f)
end
out:close()
EOF
HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home XDG_DATA_HOME=$tmp/home XDG_STATE_HOME=$tmp/home \
  timeout 60 nvim --headless -n -i NONE -u NONE --noplugin -c 'filetype on' -c "luafile $tmp/attach.lua" \
  -c 'qa!' > /dev/null 2>&1
check "the README's snippet for Neovim 0.8 starts jgflint server for .jgf, .sgf, .ugf, .ugi, .gib and .ngf, not other files" \
  '[ "$(sort "$tmp/attached" | tr "\n" " ")" = "a.jgf jgflint server b.sgf jgflint server c.ugf jgflint server d.ugi jgflint server e.gib jgflint server f.ngf jgflint server " ]' ||
  sed 's/^/# /' "$tmp/attached"
sgf_src=$TOP_SRCDIR/testdata/convert/collection.sgf
mkdir "$tmp/snip/sgf" "$tmp/snip/go"
cp "$TOP_SRCDIR/testdata/rules/occupied-point/fail-on-a-move.jgf" "$tmp/snip/go/game.jgf"
# A line before the games: an sgf-text-outside finding, checked in place.
{ echo 'Downloaded from a server'; cat "$sgf_src"; } > "$tmp/snip/sgf/game.sgf"
cp "$tmp/original.jgf" "$tmp/snip/record.jgf"
mkdir "$tmp/ref"
cp "$tmp/snip/sgf/game.sgf" "$tmp/ref/game.sgf"
"$JGFLINT" --convert "$tmp/ref/game.sgf" > /dev/null 2>&1
(cd "$tmp/snip" && PATH=$tmp/bin:$PATH HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home \
  XDG_DATA_HOME=$tmp/home XDG_STATE_HOME=$tmp/home OUT=$tmp/out07 SNIPPET=$tmp/snippet07.lua \
  SGF=$tmp/snip/sgf/game.sgf RECORD=$tmp/snip/record.jgf CONFIG=$tmp/snip/.jgflint.json \
  GAME=$tmp/snip/go/game.jgf \
  timeout 120 nvim --headless -n -i NONE -u NONE --noplugin \
  -c "luafile $TOP_SRCDIR/tests/nvim_snippet.lua" > "$tmp/nvim07.log" 2>&1)
check "with the README's first snippet, an SGF gets its diagnostic, checked in place" \
  'grep -q "^sgf .*sgf-text-outside" "$tmp/out07"'
check "… and the menu offers the convert action" 'grep -q "^menu jgflint: convert to JGF" "$tmp/out07"'
same=yes
for f in "$tmp"/ref/*.jgf; do cmp -s "$f" "$tmp/snip/sgf/$(basename "$f")" || same=no; done
check "choosing it writes what jgflint --convert writes ($(cd "$tmp/ref" && echo *.jgf))" \
  'grep -q "^converted true" "$tmp/out07" && [ $same = yes ]' || sed 's/^/# /' "$tmp/out07"
check "… and \"ignore sgf-text-outside\" (no .jgflint.json there), chosen in the menu, writes one beside the SGF that ignores it" \
  'grep -q "^ignored jgflint: ignore sgf-text-outside (a new .jgflint.json beside this file)" "$tmp/out07" &&
   ! grep -q "^ignored .*sgf-text-outside.*sgf-text-outside" "$tmp/out07" &&
   grep -q "\"sgf-text-outside\"" "$tmp/snip/sgf/.jgflint.json"' || sed 's/^/# /' "$tmp/out07"
check "a .jgflint.json written from outside applies at the next change (no file watching)" \
  'grep -q "^before .*rank-format" "$tmp/out07" && grep -q "^after " "$tmp/out07" && ! grep -q "^after .*rank-format" "$tmp/out07"'
# White's move 6 on black's first stone, C7 of the 9x9 board (issue 29).
check "hover on a go finding shows the board in Neovim's float (white's move on black's C7 marked, coordinates on the edges, the legend)" \
  'grep -q "^hover    A  B  C  D  E  F  G  H  J$" "$tmp/out07" && grep -q "^hover 7  \.  \. \[X\]" "$tmp/out07" &&
   grep -q "^hover   \[X\] move 6, white, on the black stone of move 1" "$tmp/out07"' ||
  grep "^hover" "$tmp/out07" | sed 's/^/# /'

# SGF (issue 53): each finding's range is the property or value it names;
# a Shift_JIS game, which Neovim reads as Latin-1 (its 'fileencodings'
# fallback), gets the file's findings, placed on their properties in the
# buffer, and first a diagnostic that says how to open it as cp932.
mkdir "$tmp/sgf"
printf '(;GM[1]FF[4]SZ[9]BR[3x]XY[a\\]b]\n  [c]\n;B[dd];;W[dd]\n;B[zz])\n' > "$tmp/sgf/ranges.sgf"
cp "$TOP_SRCDIR/testdata/convert/sjis-collection.sgf" "$tmp/sgf/sjis.sgf"
for f in ranges sjis; do "$JGFLINT" --format json "$tmp/sgf/$f.sgf" > "$tmp/sgf/$f.json" 2> /dev/null; done
(cd "$tmp/sgf" && HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home XDG_DATA_HOME=$tmp/home \
  XDG_STATE_HOME=$tmp/home OUT=$tmp/outsgf JGFLINT=$JGFLINT \
  SGFS="$tmp/sgf/ranges.sgf $tmp/sgf/sjis.sgf" \
  timeout 120 nvim --headless -n -i NONE -u NONE --noplugin \
  -c "luafile $TOP_SRCDIR/tests/nvim_sgf.lua" > "$tmp/nvimsgf.log" 2>&1)
python3 - "$tmp/sgf" "$tmp/outsgf" > "$tmp/cmpsgf" <<'PY'
import json, re, sys
d, outf = sys.argv[1], sys.argv[2]
lines = open(outf, encoding="utf-8").read().splitlines()
token = re.compile(r"[A-Za-z]+(?:\s*\[(?:\\.|[^\\\]])*\])*|\[(?:\\.|[^\\\]])*\]|.", re.S)
def expect(name, charset, buffer_charset):
    data = open("%s/%s.sgf" % (d, name), "rb").read()
    text = data.decode(charset)
    buf = data.decode(buffer_charset).encode("utf-8")
    starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]
    def place(i):
        # character i of text as (line, byte column) of the buffer's lines
        b = len(text[:i].encode(charset))
        line = max(k for k, s in enumerate(starts) if s <= i)
        lb = len(text[:starts[line]].encode(charset))
        return line, len(data[lb:b].decode(buffer_charset).encode("utf-8"))
    want = []
    for f in json.load(open("%s/%s.json" % (d, name)))["diagnostics"]:
        if not f["line"]:
            want.append((f["rule"], 0, 0, 0, 0))
            continue
        i = starts[f["line"] - 1] + f["column"] - 1
        want.append((f["rule"],) + place(i) + place(token.match(text, i).end()))
    return sorted(want)
ok = True
for name, charset, buffer_charset in (("ranges", "utf-8", "utf-8"), ("sjis", "cp932", "latin-1")):
    got = sorted((l.split()[2],) + tuple(int(x) for x in l.split()[3:7])
                 for l in lines if l.startswith("diag %s.sgf " % name))
    want = expect(name, charset, buffer_charset)
    if got != want or not want:
        ok = False
        print("%s: got %s\nwant %s" % (name, got, want))
print("same" if ok else "differ")
PY
check "SGF in Neovim: each diagnostic spans the property or value it names, a Shift_JIS game's (read as Latin-1) the file's findings on their properties in the buffer" \
  'grep -qx same "$tmp/cmpsgf"' || sed 's/^/# /' "$tmp/cmpsgf" "$tmp/outsgf"
check "… and the Shift_JIS game's first diagnostic says how to open it as cp932" \
  'grep -q "^fenc sjis.sgf latin1$" "$tmp/outsgf" && grep -q "^message sjis.sgf .*:e ++enc=cp932" "$tmp/outsgf" &&
   [ "$(grep -c "^message" "$tmp/outsgf")" = 1 ]' || sed 's/^/# /' "$tmp/outsgf"
echo "1..$n"
[ "$failed" -eq 0 ]
