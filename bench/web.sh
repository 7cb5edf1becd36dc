#!/bin/sh
# The playground page's budgets, measured (a benchmark, not a test: no
# number makes it fail; see bench/README.md):
#   - web/dist's size before compression, every file (rules/ too), against
#     1.5 MB (and gzip -9's);
#   - the time until the page is ready (WebAssembly compiled, window.jgflint
#     usable), median of several fresh loads, against 1 s;
#   - jgflint.lint() in the page against the native CLI on the same record
#     (a generated 33 KB game and an 8 MB one), against 3x; and on SGF
#     collections of 1.2 MB and 9.9 MB made of it, with findings, against
#     1.5x (issue 53), with the parts of a lint() of SGF (the record copied
#     in, the check, the report's text, decoded, parsed: what is the page's
#     own) and the module's memory after;
#   - the page's longest task (its thread held) opening and editing a record
#     with a 10 MB line and pasting a 1 MB one, against the CLI's CPU time on
#     the same record (tests/web.sh checks that their lints are the worker's).
#
# Usage: bench/web.sh [--dist DIR] [--jgflint PATH] [--runs N]
#   --dist DIR      the built site (default web/dist)
#   --jgflint PATH  the native CLI (default $JGFLINT, else ./jgflint)
#   --runs N        repetitions of each timing (default 5)
# Needs what tests/web.sh needs: chromium, node, puppeteer-core (PUPPETEER_DIR,
# default ${XDG_CACHE_HOME:-$HOME/.cache}/jgflint-web-test), python3.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
dist=$top/web/dist
jgflint=${JGFLINT:-./jgflint}
runs=5
while [ $# -gt 0 ]; do
  case $1 in
  --dist) dist=${2:?}; shift 2 ;;
  --jgflint) jgflint=${2:?}; shift 2 ;;
  --runs) runs=${2:?}; shift 2 ;;
  -h | --help) sed -n '2,21s/^# \{0,1\}//p' "$0"; exit 0 ;;
  *) echo "web.sh: unknown argument: $1" >&2; exit 2 ;;
  esac
done
case $jgflint in */*) ;; *) jgflint=$(command -v "$jgflint") || { echo "web.sh: $jgflint not found" >&2; exit 2; } ;; esac
jgflint=$(cd "$(dirname "$jgflint")" && pwd)/$(basename "$jgflint")
[ -x "$jgflint" ] || { echo "web.sh: no jgflint at $jgflint (--jgflint PATH)" >&2; exit 2; }
[ -f "$dist/index.html" ] || { echo "web.sh: no site in $dist (make web)" >&2; exit 2; }
dist=$(cd "$dist" && pwd)
chromium=${CHROMIUM:-/usr/bin/chromium}
pdir=${PUPPETEER_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jgflint-web-test}
[ -x "$chromium" ] || { echo "web.sh: no chromium at $chromium" >&2; exit 2; }
[ -f "$pdir/node_modules/puppeteer-core/package.json" ] ||
  { echo "web.sh: puppeteer-core not in $pdir (npm install --prefix $pdir puppeteer-core@24)" >&2; exit 2; }

echo "== size of $dist (budget 1.5 MB = 1572864 bytes, before compression; as web/build.sh counts it)"
# Each file of the site, a folder (rules/) on one line: its files' sum. Every
# name, as build.sh's find counts them: a dotfile too, a space in a name.
total=0 gz=0
for f in "$dist"/* "$dist"/.[!.]* "$dist"/..?*; do
  [ -e "$f" ] || continue
  b=$(find "$f" -type f -exec cat {} + | wc -c)
  z=$(find "$f" -type f -exec sh -c 'for g; do gzip -9 -c "$g" | wc -c; done' sh {} + |
    awk '{ s += $1 } END { print s + 0 }')
  name=${f##*/}
  [ -d "$f" ] && name="$name/ ($(find "$f" -type f | wc -l) files)"
  printf '  %-22s %9d bytes  %8d gzip -9\n' "$name" "$b" "$z"
  total=$((total + b)) gz=$((gz + z))
done
printf '  %-22s %9d bytes  %8d gzip -9   (%s of the budget, %s free)\n' total "$total" "$gz" \
  "$(awk -v t="$total" 'BEGIN { printf "%.2f", t / 1572864 }')" \
  "$(awk -v t="$total" 'BEGIN { printf "%.1f%%", 100 - t / 1572864 * 100 }')"

tmp=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2> /dev/null; rm -rf "$tmp"' EXIT
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dist" > "$tmp/http.log" 2>&1 &
server=$!

# The records: one generated game (as bench/run.sh's), and an 8 MB one made
# of it (its main line repeated as variations).
python3 "$here/gen-collection.py" --count 1 "$tmp/gen" > /dev/null
cp "$tmp/gen/game-00001.jgf" "$tmp/game.jgf"
python3 - "$tmp/game.jgf" "$tmp/big.jgf" <<'EOF'
import json, sys
rec = json.load(open(sys.argv[1], encoding="utf-8"))
line = rec["tree"][1:]
def make(n):
    rec["tree"] = [rec["tree"][0], {"variations": [line] * n}]
    return json.dumps(rec, indent=1, ensure_ascii=False) + "\n"
one = len(make(2).encode()) - len(make(1).encode())
open(sys.argv[2], "w", encoding="utf-8").write(make(-(-8_200_000 // one)))
EOF

# SGF collections of 1.2 MB and 9.9 MB (issue 53): the generated game as
# --convert --to sgf writes it, with spellings that are findings (a rank
# in kanji, a result and a date in words), again and again.
"$jgflint" --convert --to sgf "$tmp/game.jgf" > /dev/null 2>&1
python3 "$here/findings-sgf.py" "$tmp/game.sgf" "$tmp/games-1m.sgf:1200000" "$tmp/games-10m.sgf:9900000"

CHROMIUM=$chromium PUPPETEER_DIR=$pdir WEB_URL="http://127.0.0.1:$port/" JGFLINT=$jgflint \
  RUNS=$runs RECORDS="$tmp/game.jgf $tmp/big.jgf $tmp/games-1m.sgf $tmp/games-10m.sgf" WEB_TMP=$tmp
export CHROMIUM PUPPETEER_DIR WEB_URL JGFLINT RUNS RECORDS WEB_TMP
node "$here/web_bench.cjs"
